"""Briscola bastardo: the whole deal, the auction, the call and the score (the
rules page "Briscola bastardo")."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    Action,
    Auction,
    Bid,
    Call,
    Card,
    GameState,
    IllegalActionError,
    Outcome,
    Pass,
    Phase,
    Play,
    Rank,
    Rules,
    Suit,
    apply,
    is_legal,
    legal_actions,
    new_game,
    outcome,
    preset,
)
from tests.strategies import Playout, playouts
from tests.strategies import rules as varied_rules

BASTARDO = preset("bastardo")
CHIAMATA = attrs.evolve(BASTARDO, auction=Auction.CHIAMATA)
CAPPOTTO = attrs.evolve(BASTARDO, cappotto_doubles=True)

COINS, CUPS, SWORDS, CLUBS = Suit.COINS, Suit.CUPS, Suit.SWORDS, Suit.CLUBS
ACE, TWO, THREE, FOUR, FIVE = Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE
SIX, SEVEN, JACK, KNIGHT, KING = Rank.SIX, Rank.SEVEN, Rank.JACK, Rank.KNIGHT, Rank.KING

#: The chiamata's ladder (Briscola bastardo, "Choices the library makes"):
#: a rank at 61 points from the strongest down, then "two at N points" from
#: 62 up.
CHIAMATA_RANKS = (ACE, THREE, KING, KNIGHT, JACK, SEVEN, SIX, FIVE, FOUR, TWO)


def c(suit: Suit, rank: Rank) -> Card:
    """Shorthand for a card."""
    return Card(suit, rank)


# A deal worked out by hand. With coins trump, seat 0 leads its seven top
# coins in turn and wins tricks 1-7 (the other coins, five, four and two,
# are lower than its six). Trick 8: seat 0 leads the two of cups, seat 1
# the ace of swords (11), seat 2 the ace of clubs (11), seat 3 the five of
# coins (trump: it takes the trick), seat 4 the three of cups (10). So
# seat 0 takes 88 points and seat 3 takes 32 when every seat plays its
# cards in the order received.
HANDS: tuple[tuple[Card, ...], ...] = (
    (
        c(COINS, ACE),
        c(COINS, THREE),
        c(COINS, KING),
        c(COINS, KNIGHT),
        c(COINS, JACK),
        c(COINS, SEVEN),
        c(COINS, SIX),
        c(CUPS, TWO),
    ),
    (
        c(COINS, FOUR),
        c(CUPS, ACE),
        c(CUPS, FOUR),
        c(CUPS, FIVE),
        c(SWORDS, TWO),
        c(SWORDS, FOUR),
        c(SWORDS, FIVE),
        c(SWORDS, ACE),
    ),
    (
        c(COINS, TWO),
        c(CUPS, SIX),
        c(CUPS, SEVEN),
        c(SWORDS, SIX),
        c(SWORDS, SEVEN),
        c(CLUBS, TWO),
        c(CLUBS, FOUR),
        c(CLUBS, ACE),
    ),
    (
        c(CUPS, JACK),
        c(CUPS, KNIGHT),
        c(CUPS, KING),
        c(SWORDS, JACK),
        c(SWORDS, KNIGHT),
        c(SWORDS, KING),
        c(SWORDS, THREE),
        c(COINS, FIVE),
    ),
    (
        c(CLUBS, THREE),
        c(CLUBS, FIVE),
        c(CLUBS, SIX),
        c(CLUBS, SEVEN),
        c(CLUBS, JACK),
        c(CLUBS, KNIGHT),
        c(CLUBS, KING),
        c(CUPS, THREE),
    ),
)


def deck_for(hands: Sequence[Sequence[Card]], dealer: int = 4) -> list[Card]:
    """The pack order that deals ``hands`` one card at a time from eldest."""
    n = len(hands)
    deck: list[Card] = []
    for round_ in range(len(hands[0])):
        for offset in range(n):
            deck.append(hands[(dealer + 1 + offset) % n][round_])
    return deck


def hand_deal(rules: Rules = BASTARDO) -> GameState:
    """The worked-out deal of :data:`HANDS`, dealt by seat 4."""
    return new_game(rules, deck=deck_for(HANDS))


def run(state: GameState, actions: Sequence[Action]) -> GameState:
    """Apply ``actions`` in turn."""
    for action in actions:
        state = apply(state, action)
    return state


def play_in_order(state: GameState) -> GameState:
    """Play out the tricks, each seat playing its cards in the order
    received."""
    while not state.is_over:
        assert state.phase is Phase.PLAYING
        seat = state.to_move
        assert seat is not None
        state = apply(state, Play(state.hands[seat][0]))
    return state


def contract_and_play(declarer: int, bid: Bid, called: Card, rules: Rules = BASTARDO) -> Outcome:
    """``declarer`` bids ``bid``, every other seat passes, ``called`` is
    called and the cards are played in order; the deal's outcome."""
    state = hand_deal(rules)
    while state.phase is Phase.BIDDING:
        state = apply(state, bid if state.to_move == declarer else Pass())
    assert state.phase is Phase.CALLING and state.to_move == declarer
    state = play_in_order(apply(state, Call(called)))
    result = outcome(state)
    assert result is not None
    return result


# --- the deal ---------------------------------------------------------------


def test_whole_deal_one_card_at_a_time_from_eldest() -> None:
    """Briscola bastardo: all 40 cards one at a time from eldest, 8 each, no
    stock and no trump card; trump is unknown until the call."""
    pack = [c(suit, rank) for rank in Rank for suit in Suit]
    for dealer in range(5):
        state = new_game(BASTARDO, deck=pack, dealer=dealer)
        eldest = (dealer + 1) % 5
        for seat in range(5):
            offset = (seat - eldest) % 5
            assert state.hands[seat] == tuple(pack[offset + 5 * k] for k in range(8))
        assert state.stock == ()
        assert state.trump_card is None
        assert state.trump is None
        assert state.phase is Phase.BIDDING
        assert state.to_move == eldest
        assert state.piles == ((),) * 5
        assert state.contract is not None and state.contract.bid is None


def test_hand_deal_gives_the_planned_hands() -> None:
    """The scenario deck deals the hands it was built for (the helper of every
    scenario below is right)."""
    assert hand_deal().hands == HANDS


# --- the auction ------------------------------------------------------------


def test_auction_starts_with_eldest_and_goes_in_playing_order() -> None:
    """Briscola bastardo: the auction starts with eldest, in playing order."""
    state = new_game(BASTARDO, seed=11, dealer=2)
    seen = []
    for points in range(61, 66):
        seen.append(state.to_move)
        state = apply(state, Bid(points))
    assert seen == [3, 4, 0, 1, 2]
    assert state.to_move == 3


def test_auction_legal_actions_pass_first_then_bids_ascending() -> None:
    """Briscola bastardo, "Choices the library makes": Bid(points) with 61 <=
    points <= 120 above the last bid, or Pass; legal_actions lists Pass first,
    then the bids lowest first."""
    state = hand_deal()
    assert legal_actions(state) == (Pass(),) + tuple(Bid(p) for p in range(61, 121))
    state = apply(state, Bid(100))
    assert legal_actions(state) == (Pass(),) + tuple(Bid(p) for p in range(101, 121))
    state = apply(state, Bid(120))
    assert legal_actions(state) == (Pass(),)


@pytest.mark.parametrize(
    ("before", "bid", "message"),
    [
        ((), Bid(60), "61"),
        ((), Bid(0), "61"),
        ((), Bid(121), "120"),
        ((), Bid(61, ACE), "rank"),
        ((Bid(70),), Bid(70), "above"),
        ((Bid(70),), Bid(65), "above"),
        ((Bid(70), Pass(), Bid(80)), Bid(75), "above"),
    ],
)
def test_bad_bids_are_refused_with_a_reason(
    before: tuple[Action, ...], bid: Bid, message: str
) -> None:
    """Briscola bastardo, "Choices the library makes": a bid below 61, above
    120 or not above the last raise raises IllegalActionError saying why, and
    the state is unchanged."""
    state = run(hand_deal(), before)
    copy = attrs.evolve(state)
    with pytest.raises(IllegalActionError, match=message):
        apply(state, bid)
    assert state == copy
    assert bid not in legal_actions(state)


def test_a_pass_is_final_and_the_seat_is_skipped() -> None:
    """Briscola bastardo, "Choices the library makes": a pass is final: a seat
    that passed is never asked again."""
    state = hand_deal()
    state = run(state, [Pass(), Bid(61), Pass(), Bid(62)])  # seats 0, 1, 2, 3
    assert state.to_move == 4
    state = apply(state, Bid(63))
    assert state.to_move == 1  # seats 0 and 2 are skipped
    state = apply(state, Bid(64))
    assert state.to_move == 3
    state = apply(state, Pass())
    assert state.to_move == 4
    state = apply(state, Pass())
    # Only seat 1 is left, and it holds the highest bid: the auction is over.
    assert state.phase is Phase.CALLING
    assert state.to_move == 1
    assert state.contract is not None
    assert state.contract.declarer == 1 and state.contract.bid == Bid(64)
    assert state.contract.passed == (True, False, True, True, True)


def test_auction_ends_only_when_the_last_seat_has_bid() -> None:
    """Briscola bastardo, "Choices the library makes": the auction ends when
    every seat but one has passed and that seat has bid: four passes before any
    bid leave the fifth seat to bid or pass."""
    state = run(hand_deal(), [Pass()] * 4)
    assert state.phase is Phase.BIDDING
    assert state.to_move == 4
    assert legal_actions(state)[:2] == (Pass(), Bid(61))
    state = apply(state, Bid(61))
    assert state.phase is Phase.CALLING and state.to_move == 4
    assert state.contract is not None and state.contract.declarer == 4


def test_auction_winner_is_the_last_raiser() -> None:
    """Briscola bastardo: the highest bidder becomes the declarer once everyone
    else has passed, even if it bid early."""
    state = run(hand_deal(), [Bid(61), Pass(), Pass(), Pass(), Pass()])
    assert state.phase is Phase.CALLING
    assert state.to_move == 0
    assert state.declarer == 0
    assert state.trump is None  # nothing is trump before the call


def test_all_pass_voids_the_deal() -> None:
    """Briscola bastardo, "Choices the library makes": if all five pass, the
    deal is void: it is over, has no winners and no score, and the cards stay
    in the hands."""
    start = hand_deal()
    state = run(start, [Pass()] * 5)
    assert state.phase is Phase.OVER and state.is_over
    assert state.to_move is None
    assert legal_actions(state) == ()
    assert state.hands == start.hands
    assert state.piles == ((),) * 5
    result = outcome(state)
    assert result is not None
    assert result.winners == ()
    assert result.scores == (0, 0, 0, 0, 0)
    with pytest.raises(IllegalActionError):
        apply(state, Bid(61))
    with pytest.raises(IllegalActionError):
        apply(state, Play(HANDS[0][0]))


# --- the call ---------------------------------------------------------------


def test_any_card_of_the_pack_may_be_called() -> None:
    """Briscola bastardo, "Choices the library makes": the declarer may call
    any card of the pack, in canonical order, and nothing but calls."""
    state = run(hand_deal(), [Bid(61)] + [Pass()] * 4)
    assert legal_actions(state) == tuple(Call(card) for card in BASTARDO.pack)


def test_call_sets_trump_and_partner() -> None:
    """Briscola bastardo: the called card's suit is trump and its holder is the
    declarer's partner; eldest then leads the first trick."""
    state = run(hand_deal(), [Pass(), Bid(70), Pass(), Pass(), Pass()])
    state = apply(state, Call(c(SWORDS, THREE)))
    assert state.trump is SWORDS
    assert state.trump_card is None
    assert state.contract is not None
    assert state.contract.called_card == c(SWORDS, THREE)
    assert state.contract.partner == 3
    assert state.contract.declarer == 1
    assert state.phase is Phase.PLAYING
    assert state.to_move == 0
    assert legal_actions(state) == tuple(Play(card) for card in HANDS[0])


def test_call_own_card_means_alone() -> None:
    """Briscola bastardo: calling a card in one's own hand means playing alone:
    the partner is the declarer."""
    state = run(hand_deal(), [Pass(), Bid(70), Pass(), Pass(), Pass()])
    state = apply(state, Call(c(CUPS, ACE)))
    assert state.contract is not None
    assert state.contract.partner == 1 == state.contract.declarer
    assert state.trump is CUPS


def test_eldest_leads_whoever_deals() -> None:
    """Briscola bastardo: eldest leads the first trick, also in bastardo."""
    state = new_game(BASTARDO, seed=5, dealer=1)
    state = run(state, [Pass(), Bid(61), Pass(), Pass(), Pass()])
    assert state.to_move == 3 == state.declarer
    state = apply(state, legal_actions(state)[0])
    assert state.to_move == 2


def test_eight_tricks_no_drawing() -> None:
    """Briscola bastardo: 8 tricks with no drawing: hands shrink by one card
    per trick and the deal ends after the eighth trick."""
    state = apply(run(hand_deal(), [Bid(61)] + [Pass()] * 4), Call(c(COINS, FOUR)))
    tricks = 0
    while not state.is_over:
        for _ in range(5):
            seat = state.to_move
            assert seat is not None
            state = apply(state, Play(state.hands[seat][0]))
        tricks += 1
        assert state.stock == ()
        assert all(len(hand) == 8 - tricks for hand in state.hands)
    assert tricks == 8
    assert sum(state.tricks_won) == 8
    assert state.tricks_won == (7, 0, 0, 1, 0)


@pytest.mark.parametrize(
    ("phase_actions", "action"),
    [
        ((), Call(c(COINS, ACE))),
        ((), Play(HANDS[0][0])),
        ((Bid(61), Pass(), Pass(), Pass(), Pass()), Bid(62)),
        ((Bid(61), Pass(), Pass(), Pass(), Pass()), Pass()),
        ((Bid(61), Pass(), Pass(), Pass(), Pass()), Play(HANDS[0][0])),
        ((Bid(61), Pass(), Pass(), Pass(), Pass(), Call(c(COINS, ACE))), Bid(62)),
        ((Bid(61), Pass(), Pass(), Pass(), Pass(), Call(c(COINS, ACE))), Pass()),
        ((Bid(61), Pass(), Pass(), Pass(), Pass(), Call(c(COINS, ACE))), Call(c(COINS, TWO))),
    ],
)
def test_actions_outside_their_phase_are_refused(
    phase_actions: tuple[Action, ...], action: Action
) -> None:
    """Briscola bastardo: bids and passes only in the auction, a call only
    after it, cards only after the call; anything else raises
    IllegalActionError."""
    state = run(hand_deal(), phase_actions)
    with pytest.raises(IllegalActionError):
        apply(state, action)


def test_bids_and_calls_are_refused_outside_bastardo() -> None:
    """The auction and the call are bastardo's ("Briscola bastardo"): a game
    without an auction has no bids, passes or calls."""
    state = new_game(preset("italian-5p"), seed=1)
    for action in (Bid(61), Pass(), Call(c(COINS, ACE))):
        with pytest.raises(IllegalActionError):
            apply(state, action)


# --- the score --------------------------------------------------------------


def test_hand_deal_points_split_88_32() -> None:
    """Briscola bastardo: in the worked-out deal, with coins trump, seat 0
    takes 88 points and seat 3 takes the last trick's 32."""
    state = apply(run(hand_deal(), [Bid(61)] + [Pass()] * 4), Call(c(COINS, FOUR)))
    state = play_in_order(state)
    points = [sum(BASTARDO.points_of(card) for card in pile) for pile in state.piles]
    assert points == [88, 0, 0, 32, 0]


@pytest.mark.parametrize(
    ("declarer", "bid", "called", "side", "scores"),
    [
        # Seat 0 with seat 1 (four of coins) takes 88: made at 88.
        (0, Bid(88), c(COINS, FOUR), (0, 1), (2, 1, -1, -1, -1)),
        # ... and failed at 89.
        (0, Bid(89), c(COINS, FOUR), (0, 1), (-2, -1, 1, 1, 1)),
        # Seat 2 with seat 0 (ace of coins): 88, made at 61.
        (2, Bid(61), c(COINS, ACE), (0, 2), (1, -1, 2, -1, -1)),
        # Seat 4 with seat 3 (five of coins): 32, failed at 61.
        (4, Bid(61), c(COINS, FIVE), (3, 4), (1, 1, 1, -1, -2)),
        # Alone: seat 0 calls its own ace of coins and takes 88.
        (0, Bid(88), c(COINS, ACE), (0,), (4, -1, -1, -1, -1)),
        (0, Bid(89), c(COINS, ACE), (0,), (-4, 1, 1, 1, 1)),
        # Alone and failed with nothing taken: seat 1 calls its four of coins.
        (1, Bid(61), c(COINS, FOUR), (1,), (1, -4, 1, 1, 1)),
    ],
)
def test_scores(
    declarer: int, bid: Bid, called: Card, side: tuple[int, ...], scores: tuple[int, ...]
) -> None:
    """Briscola bastardo: made: declarer +2, partner +1, each other seat -1;
    failed: -2, -1, +1; alone: +4 / -1 each, or -4 / +1 each. Zero-sum."""
    result = contract_and_play(declarer, bid, called)
    assert result.scores == scores
    assert sum(result.scores) == 0
    assert result.sides[0] == side
    ours = sum(p for s, p in zip(result.sides, result.points) if s == side)
    expected_points = sum({0: 88, 3: 32}.get(seat, 0) for seat in side)
    assert ours == expected_points
    assert sum(result.points) == 120
    made = expected_points >= bid.points
    winners = side if made else tuple(s for s in range(5) if s not in side)
    assert result.winners == winners


@pytest.mark.parametrize(
    ("declarer", "called", "doubles", "scores"),
    [
        # Seat 0 with seat 3 (five of coins) takes all 120: made, cappotto.
        (0, c(COINS, FIVE), True, (4, -2, -2, 2, -2)),
        (0, c(COINS, FIVE), False, (2, -1, -1, 1, -1)),
        # Seat 1 with seat 2 (two of coins) takes nothing: failed, cappotto.
        (1, c(COINS, TWO), True, (2, -4, -2, 2, 2)),
        (1, c(COINS, TWO), False, (1, -2, -1, 1, 1)),
        # Seat 0 with seat 1 takes 88: no cappotto, nothing doubles.
        (0, c(COINS, FOUR), True, (2, 1, -1, -1, -1)),
    ],
)
def test_cappotto_doubles(
    declarer: int, called: Card, doubles: bool, scores: tuple[int, ...]
) -> None:
    """Briscola bastardo, "Choices the library makes" (cappotto): when one side
    takes all 120 points (cappotto) the deal's scores double; only with the
    option, and only on a cappotto."""
    rules = attrs.evolve(BASTARDO, cappotto_doubles=doubles)
    result = contract_and_play(declarer, Bid(61), called, rules)
    assert result.scores == scores


def test_cappotto_alone_doubles() -> None:
    """Briscola bastardo, "Choices the library makes" (cappotto): a lone
    declarer who takes all 120 scores +8 and the others -2 each."""
    deck_hands = list(HANDS)
    # Give seat 0 the five of coins instead of the two of cups: it then wins
    # every trick by leading its trumps.
    deck_hands[0] = HANDS[0][:7] + (c(COINS, FIVE),)
    deck_hands[3] = HANDS[3][:7] + (c(CUPS, TWO),)
    state = new_game(CAPPOTTO, deck=deck_for(deck_hands))
    state = run(state, [Bid(120)] + [Pass()] * 4 + [Call(c(COINS, ACE))])
    result = outcome(play_in_order(state))
    assert result is not None
    assert result.points[0] == 120
    assert result.scores == (8, -2, -2, -2, -2)


# --- the chiamata option ----------------------------------------------------


def chiamata_ladder() -> tuple[Bid, ...]:
    """The ladder of the rank-calling auction (Briscola bastardo, "Choices the
    library makes"), written out."""
    return tuple(Bid(61, rank) for rank in CHIAMATA_RANKS) + tuple(
        Bid(points, TWO) for points in range(62, 121)
    )


def test_chiamata_ladder() -> None:
    """Briscola bastardo, "Choices the library makes" (the Italian auction):
    the bids are ACE, THREE, KING, ..., TWO at 61, then "two at N points" from
    62 up; Pass first."""
    state = new_game(CHIAMATA, deck=deck_for(HANDS))
    assert legal_actions(state) == (Pass(),) + chiamata_ladder()
    state = apply(state, Bid(61, KING))
    assert legal_actions(state) == (Pass(),) + chiamata_ladder()[3:]
    state = apply(state, Bid(61, TWO))
    assert legal_actions(state)[1] == Bid(62, TWO)


@pytest.mark.parametrize(
    ("before", "bid"),
    [
        ((), Bid(61)),
        ((), Bid(70)),
        ((), Bid(62, ACE)),
        ((), Bid(60, ACE)),
        ((), Bid(121, TWO)),
        ((Bid(61, KING),), Bid(61, THREE)),
        ((Bid(61, KING),), Bid(61, KING)),
        ((Bid(63, TWO),), Bid(62, TWO)),
        ((Bid(62, TWO),), Bid(61, FOUR)),
    ],
)
def test_chiamata_bad_bids(before: tuple[Action, ...], bid: Bid) -> None:
    """Briscola bastardo, "Choices the library makes" (the Italian auction): a
    bid names a rank; it must be a step of the ladder above the last bid."""
    state = run(new_game(CHIAMATA, deck=deck_for(HANDS)), before)
    with pytest.raises(IllegalActionError, match="cannot"):
        apply(state, bid)


def test_chiamata_call_must_be_of_the_rank_bid() -> None:
    """Briscola bastardo, "Choices the library makes" (the Italian auction):
    the declarer must call a card of the rank bid."""
    state = run(
        new_game(CHIAMATA, deck=deck_for(HANDS)),
        [Bid(61, ACE), Bid(61, THREE), Pass(), Pass(), Pass(), Bid(61, FOUR), Pass()],
    )
    assert state.phase is Phase.CALLING and state.to_move == 0
    assert legal_actions(state) == tuple(Call(c(suit, FOUR)) for suit in Suit)
    with pytest.raises(IllegalActionError):
        apply(state, Call(c(COINS, ACE)))
    state = apply(state, Call(c(COINS, FOUR)))
    assert state.contract is not None and state.contract.partner == 1
    result = outcome(play_in_order(state))
    assert result is not None
    assert result.scores == (2, 1, -1, -1, -1)  # 88 >= 61


@pytest.mark.parametrize(("points", "scores"), [(88, (2, -1, 1, -1, -1)), (89, (-2, 1, -1, 1, 1))])
def test_chiamata_needs_the_bids_points(points: int, scores: tuple[int, ...]) -> None:
    """Briscola bastardo, "Choices the library makes" (the Italian auction):
    the declarer's side needs the points of its bid: "two at 88" is made with
    88 points and failed with one point less."""
    state = run(new_game(CHIAMATA, deck=deck_for(HANDS)), [Bid(points, TWO)] + [Pass()] * 4)
    assert legal_actions(state) == tuple(Call(c(suit, TWO)) for suit in Suit)
    state = apply(state, Call(c(COINS, TWO)))  # held by seat 2
    result = outcome(play_in_order(state))
    assert result is not None
    assert result.scores == scores


# --- properties -------------------------------------------------------------


def as_chiamata(rules: Rules) -> Rules:
    """``rules`` with the chiamata auction (plain chiamata if the variation
    does not allow it)."""
    try:
        return attrs.evolve(rules, auction=Auction.CHIAMATA)
    except ValueError:
        return CHIAMATA


#: Bastardo and its documented variations (the cappotto, other minimum
#: bids, point tables and match formats), half of them with the chiamata.
bastardo_playouts = playouts(
    st.one_of(varied_rules(["bastardo"]), varied_rules(["bastardo"]).map(as_chiamata))
)


def expected_ladder(rules: Rules) -> tuple[Bid, ...]:
    """Every bid of the rules' auction, lowest first, written out from Briscola
    bastardo, "Choices the library makes": points from the minimum bid to the
    pack's points; in the chiamata, each rank from the strongest down at the
    minimum bid, then the weakest rank ("two at N points") for each higher
    score."""
    total = rules.total_points
    if rules.auction is Auction.CHIAMATA:
        weakest = rules.strength[-1]
        return tuple(Bid(rules.min_bid, rank) for rank in rules.strength) + tuple(
            Bid(points, weakest) for points in range(rules.min_bid + 1, total + 1)
        )
    return tuple(Bid(points) for points in range(rules.min_bid, total + 1))


def test_expected_ladder_is_the_chiamata_of_the_spec() -> None:
    """Under the standard strength the written-out ladder is the chiamata of
    the scenario tests (the properties use the right one)."""
    assert expected_ladder(CHIAMATA) == chiamata_ladder()
    assert expected_ladder(BASTARDO) == tuple(Bid(p) for p in range(61, 121))


@given(bastardo_playouts)
def test_property_auction_ends_and_scores_are_zero_sum(playout: Playout) -> None:
    """Briscola bastardo, "Choices the library makes": the auction always ends
    (each turn is a final pass or a raise), and a deal's scores sum to zero."""
    ladder = expected_ladder(playout.rules)
    auction = sum(1 for s in playout.states if s.phase is Phase.BIDDING)
    assert auction <= 5 + len(ladder)
    result = outcome(playout.final)
    assert result is not None
    assert sum(result.scores) == 0


@given(bastardo_playouts)
def test_property_played_deals_put_all_points_in_piles(playout: Playout) -> None:
    """Briscola bastardo, "Choices the library makes": every played (non-void)
    deal ends with the hands empty and all the pack's points in the piles; a
    void deal (five passes) keeps every card in hand."""
    final = playout.final
    points = final.rules.total_points
    assert final.contract is not None
    in_piles = sum(final.rules.points_of(card) for pile in final.piles for card in pile)
    if final.contract.called_card is None:
        assert final.history == (Pass(),) * 5
        assert final.hands == playout.first.hands
        assert in_piles == 0
        result = outcome(final)
        assert result is not None and result.winners == () and result.scores == (0,) * 5
    else:
        assert final.hands == ((),) * 5
        assert in_piles == points
        assert sum(len(pile) for pile in final.piles) == 40
        result = outcome(final)
        assert result is not None and sum(result.points) == points


@given(bastardo_playouts)
def test_property_partner_holds_the_called_card(playout: Playout) -> None:
    """Briscola bastardo: the partner is the seat that held the called card
    when it was called, the called card's suit is trump, and in the chiamata
    the called card has the rank bid."""
    contract = playout.final.contract
    assert contract is not None
    if contract.called_card is None:
        return
    at_call = next(s for s in playout.states if s.phase is Phase.CALLING)
    holders = [seat for seat, hand in enumerate(at_call.hands) if contract.called_card in hand]
    assert holders == [contract.partner]
    assert playout.final.trump is contract.called_card.suit
    if playout.rules.auction is Auction.CHIAMATA:
        assert contract.bid is not None and contract.called_card.rank is contract.bid.rank


@given(bastardo_playouts)
def test_property_auction_actions_in_order(playout: Playout) -> None:
    """Reference, "Playing" (``legal_actions``): in the auction, Pass first,
    then every bid above the highest so far, lowest first; the declarer is the
    last seat left, and it holds the highest bid."""
    full = expected_ladder(playout.rules)
    for state in playout.states:
        if state.phase is not Phase.BIDDING:
            continue
        actions = legal_actions(state)
        assert actions[0] == Pass()
        assert state.contract is not None
        highest = state.contract.bid
        start = 0 if highest is None else full.index(highest) + 1
        assert actions[1:] == full[start:]
        assert state.to_move is not None and not state.contract.passed[state.to_move]
    for state in playout.states:
        if state.phase is Phase.CALLING:
            assert state.contract is not None
            assert state.contract.passed.count(False) == 1
            assert state.to_move is not None and not state.contract.passed[state.to_move]
            assert state.to_move == state.contract.declarer


def test_a_bid_equal_to_the_engines_own_is_taken_the_same() -> None:
    """``apply`` takes any action equal to a legal one: a copied or
    unpickled bid, not the object ``legal_actions`` lists, makes the same
    bid."""
    state = new_game(preset("bastardo"), seed=1)
    ladder = next(a for a in legal_actions(state) if a == Bid(61))
    for bid in (copy.copy(ladder), pickle.loads(pickle.dumps(ladder))):
        assert bid is not ladder
        assert is_legal(state, bid)
        assert apply(state, bid) == apply(state, ladder)


def test_a_refused_chiamata_bid_says_which_bids_there_are() -> None:
    """Briscola bastardo, "Choices the library makes" (the Italian auction):
    a bid that is no step of the chiamata's ladder is refused, saying which
    bids there are."""
    state = new_game(preset("chiamata"), seed=1)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Bid(200))
    assert str(refused.value) == (
        "seat 0 cannot bid 200: a chiamata bid names a rank at 61 points, or the two at 62 to 120"
    )


def test_a_call_of_a_card_left_out_of_the_pack_is_refused_saying_so() -> None:
    """Bastardo with five cards left out and seven cards a hand (custom
    rules): the declarer cannot call a card the pack does not hold."""
    removed = tuple(Card(suit, Rank.TWO) for suit in Suit) + (Card(Suit.CLUBS, Rank.FOUR),)
    rules = attrs.evolve(preset("bastardo"), hand_size=7, removed=removed)
    state = apply(new_game(rules, seed=1), Bid(61))
    for _ in range(rules.players - 1):
        state = apply(state, Pass())
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Call(removed[0]))
    assert str(refused.value) == f"seat 0 cannot call the {removed[0]}: it is not in this pack"


def test_the_tables_of_many_rules_stay_bounded() -> None:
    """The engine keeps compiled tables (trick order, bastardo's auction
    ladder) per rules; with hundreds of different rules the caches are
    emptied and refilled instead of growing, and play goes on correctly."""
    from briscola import _auction, _trick

    base = preset("bastardo")
    calling = _to_the_call(base, 0)
    calls = legal_actions(calling)
    many = [attrs.evolve(base, match_target=1 + k % 200, min_bid=61 + k // 200) for k in range(300)]
    for k, rules in enumerate(many):
        assert legal_actions(new_game(rules, seed=k))[1] == Bid(rules.min_bid)
    assert len(_trick._TABLES) <= 257 and len(_auction._LADDERS) <= 257
    state = new_game(many[0], seed=3)
    assert legal_actions(state) == legal_actions(new_game(base, seed=3))
    # A deal begun before the caches were emptied plays on: its ladder is
    # compiled again at the call.
    assert legal_actions(calling) == calls and len(calls) == 40


def _to_the_call(rules: Any, bid_choice: int) -> GameState:
    """A deal of ``rules`` (an auction) where the first bidder makes its
    ``bid_choice``-th bid and everyone else passes: the declarer to call."""
    state = new_game(rules, seed=1)
    while not isinstance(legal_actions(state)[0], Call):
        legal = legal_actions(state)
        bids = [action for action in legal if isinstance(action, Bid)]
        first = state.contract is None or state.contract.bid is None
        state = apply(state, bids[bid_choice] if first else legal[0])
    return state


@pytest.mark.parametrize(("bid_choice", "words"), [(0, "calls an ace"), (9, "calls a two")])
def test_chiamata_refuses_a_call_of_another_rank(bid_choice: int, words: str) -> None:
    """In the chiamata the declarer calls a card of the rank bid; another
    card is refused, saying which rank the contract calls."""
    from briscola import IllegalActionError

    state = _to_the_call(preset("chiamata"), bid_choice)
    assert state.contract is not None and state.contract.bid is not None
    rank = state.contract.bid.rank
    assert rank is not None and all(a.card.rank is rank for a in legal_actions(state))  # type: ignore[union-attr]
    other = Card(Suit.COINS, Rank.KING)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Call(other))
    assert (
        str(refused.value) == f"seat {state.to_move} cannot call the {other}: the contract {words}"
    )


def test_the_auction_from_cold_caches() -> None:
    """The auction's records of who has passed are worked out on first
    use: emptied, every bid and pass gives the same deal as before."""
    from briscola import _auction

    def auction(state: GameState) -> GameState:
        bids = 0
        while not isinstance(legal_actions(state)[0], Call):
            legal = legal_actions(state)
            state = apply(state, legal[1] if bids < 3 else Pass())
            bids += 1
        return state

    start = new_game(preset("bastardo"), seed=4)
    warm = auction(start)
    _auction._ROUNDS.clear()
    assert auction(start) == warm
    _auction._ROUNDS.clear()
    passes = start
    for _ in range(4):
        passes = apply(passes, Pass())
    assert passes.contract is not None and passes.contract.passed.count(True) == 4
