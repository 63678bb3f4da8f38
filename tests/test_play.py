"""Trick play, drawing, piles and the end of a deal ("Italian briscola, two to
six players" and the other pages of "The rules as implemented")."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given

from briscola import (
    Card,
    Cut,
    Exchange,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    Play,
    Rank,
    Rules,
    Suit,
    SwapTrump,
    apply,
    legal_actions,
    new_game,
    outcome,
    preset,
)
from briscola._engine import hand_to_play
from tests.strategies import (
    SPLIT_ORIGINAL_POINTS,
    Playout,
    card,
    deck_with,
    first_play,
    play_cards,
    playouts,
)

FOUR_OF_COINS = card("four of coins")


def play_to_end(state: GameState) -> GameState:
    """Play the first legal card until the deal is over."""
    while not state.is_over:
        state = apply(state, first_play(state))
    return state


def trick_winner_state(rules: Rules, placed: dict[int, Card], *cards: Card) -> GameState:
    """Deal ``placed`` (trump card among them) and play ``cards`` in order."""
    return play_cards(new_game(rules, deck=deck_with(rules, placed)), *cards)


# --- who takes the trick -------------------------------------------------------

TWO_PLAYER_TRICKS = [
    # (preset, card led by seat 0, card of seat 1, winner); trump is coins.
    ("italian-2p", "king of cups", "ace of cups", 1),  # highest of the suit led
    ("italian-2p", "three of cups", "king of cups", 0),  # three above king
    ("italian-2p", "seven of cups", "jack of cups", 1),  # jack above seven
    ("italian-2p", "two of cups", "six of cups", 1),  # two is the lowest
    ("italian-2p", "two of cups", "ace of swords", 0),  # off-suit never wins
    ("italian-2p", "ace of cups", "two of coins", 1),  # any trump beats the suit led
    ("italian-2p", "five of coins", "six of coins", 1),  # higher trump
    ("italian-2p", "three of coins", "ace of swords", 0),  # trump led, off-suit reply
    ("portuguese-2p", "seven of cups", "three of cups", 0),  # seven above three
    ("portuguese-2p", "king of cups", "seven of cups", 1),  # seven above king
    ("portuguese-2p", "knight of cups", "jack of cups", 1),  # jack above knight
    ("portuguese-2p", "two of cups", "ace of swords", 0),  # off-suit never wins
    ("portuguese-2p", "ace of cups", "two of coins", 1),  # trump beats the suit led
]


@pytest.mark.parametrize(("name", "led", "reply", "winner"), TWO_PLAYER_TRICKS)
def test_two_player_trick_winner(name: str, led: str, reply: str, winner: int) -> None:
    """The rules as implemented, "What every family shares": the highest trump
    takes the trick; with no trump the highest card of the suit led; a card of
    another suit never wins. The winner takes both cards and leads next."""
    rules = preset(name)
    first, second = card(led), card(reply)
    state = trick_winner_state(rules, {0: first, 1: second, 6: FOUR_OF_COINS}, first, second)
    assert state.trick == ()
    assert state.tricks_won[winner] == 1
    assert sum(state.tricks_won) == 1
    assert set(state.piles[winner]) == {first, second}
    assert state.piles[1 - winner] == ()
    assert state.to_move == winner


@pytest.mark.parametrize(
    ("name", "cards", "winner"),
    [
        # seat 1 off-suit, seat 2 trumps, seat 3 overtrumps.
        ("italian-4p", ["king of cups", "ace of swords", "two of coins", "five of coins"], 3),
        ("italian-4p", ["jack of cups", "three of cups", "ace of cups", "king of swords"], 2),
        ("italian-4p", ["ace of coins", "three of cups", "ace of cups", "king of coins"], 0),
        ("italian-3p", ["two of swords", "ace of cups", "king of clubs"], 0),
        (
            "italian-5p",
            ["six of cups", "seven of cups", "ace of clubs", "two of coins", "jack of cups"],
            3,
        ),
        (
            "italian-6p",
            [
                "four of cups",
                "king of cups",
                "seven of swords",
                "ace of swords",
                "five of cups",
                "three of clubs",
            ],
            1,
        ),
    ],
)
def test_many_player_trick_winner(name: str, cards: list[str], winner: int) -> None:
    """Italian briscola, two to six players, "The game": one card from every
    seat; highest trump, else highest of the suit led; cards of other suits
    never win (trump is coins)."""
    rules = preset(name)
    n = rules.players
    played = [card(c) for c in cards]
    placed = {seat: c for seat, c in enumerate(played)}
    placed[3 * n] = FOUR_OF_COINS
    state = trick_winner_state(rules, placed, *played)
    assert state.trick == ()
    assert state.tricks_won == tuple(1 if seat == winner else 0 for seat in range(n))
    assert set(state.piles[winner]) == set(played)
    assert state.to_move == winner


def test_trick_in_progress_is_kept_in_order() -> None:
    """Tutorial: deal, play, score, "Playing": trick holds the trick in
    progress as (seat, card) in play order; a complete trick is collected at
    once."""
    rules = preset("italian-4p")
    deck = deck_with(rules, {12: FOUR_OF_COINS})
    state = new_game(rules, deck=deck, dealer=1)
    state = play_cards(state, deck[0], deck[1])
    assert state.trick == ((2, deck[0]), (3, deck[1]))
    state = play_cards(state, deck[2], deck[3])
    assert state.trick == ()


# --- drawing -----------------------------------------------------------------


def test_winner_draws_first_then_playing_order() -> None:
    """Italian briscola, two to six players, "A trick at four": the winner
    draws first, then the others in playing order from the winner."""
    rules = preset("italian-4p")
    cards = [card(c) for c in ("two of cups", "four of cups", "ace of cups", "five of cups")]
    placed = {seat: c for seat, c in enumerate(cards)}
    placed[12] = FOUR_OF_COINS
    deck = deck_with(rules, placed)
    before = new_game(rules, deck=deck)
    state = play_cards(before, *cards)
    assert state.to_move == 2
    # seat 2 draws deck[13], seat 3 deck[14], seat 0 deck[15], seat 1 deck[16].
    for offset, seat in enumerate((2, 3, 0, 1)):
        assert state.hands[seat] == before.hands[seat][1:] + (deck[13 + offset],)
    assert state.stock == deck[17:]
    assert state.trump_card == FOUR_OF_COINS


def test_two_player_draw_loser_second() -> None:
    """Tutorial: deal, play, score, "Playing": the winner draws deck[7], the
    other deck[8]."""
    rules = preset("italian-2p")
    led, reply = card("king of cups"), card("ace of cups")
    deck = deck_with(rules, {0: led, 1: reply, 6: FOUR_OF_COINS})
    state = play_cards(new_game(rules, deck=deck), led, reply)
    assert state.hands[1][-1] == deck[7]
    assert state.hands[0][-1] == deck[8]
    assert state.stock == deck[9:]


@pytest.mark.parametrize(
    ("name", "drawing_tricks"),
    [
        ("italian-2p", 17),  # 34 cards after the deal, 2 a trick
        ("italian-3p", 10),  # 30, 3 a trick
        ("briscacard-3p", 9),  # 27, 3 a trick
        ("italian-4p", 7),  # 28, 4 a trick
        ("italian-5p", 5),  # 25, 5 a trick
        ("italian-6p", 3),  # 18, 6 a trick
        ("finnish-2p", 17),
        ("split-2p", 17),
        ("split-dupla-2p", 8),  # 32 cards, 4 a trick
        ("split-dupla-4p", 6),  # 24 cards, 4 a trick
    ],
)
def test_trump_card_drawn_last_then_no_drawing(name: str, drawing_tricks: int) -> None:
    """Italian briscola, two to six players, "The game": the trump card is the
    last card drawn (by the last seat in drawing order); trump_drawn records
    who took it; when the stock is empty the remaining hands are played out
    without drawing."""
    rules = preset(name)
    state = new_game(rules, seed=11)
    if state.phase is Phase.CUT_OR_KNOCK:
        state = apply(state, Cut())
    trump_card = state.trump_card
    assert trump_card is not None
    tricks = 0
    sizes = [len(hand) for hand in state.hands]
    while not state.is_over:
        state = apply(state, first_play(state))
        if sum(state.tricks_won) == tricks:
            continue
        tricks += 1
        if tricks < drawing_tricks:
            assert state.trump_card == trump_card
            assert state.trump_drawn is None
            assert all(len(hand) == rules.hand_size for hand in state.hands)
        elif tricks == drawing_tricks:
            winner = state.to_move
            assert winner is not None
            n = rules.players
            last = (winner + n - 1) % n
            assert state.trump_card is None
            assert state.stock == ()
            assert state.trump_drawn == (last, trump_card)
            assert state.hands[last][-1] == trump_card
            assert all(len(hand) == rules.hand_size for hand in state.hands)
        else:
            # no drawing: every hand only lost the cards it played.
            assert [len(hand) for hand in state.hands] == [
                size - rules.plays_per_trick for size in sizes
            ]
        sizes = [len(hand) for hand in state.hands]
    assert tricks == rules.tricks
    assert state.trump_drawn is not None and state.trump_drawn[1] == trump_card


# --- dupla -------------------------------------------------------------------


def test_dupla_two_players_trick_order_and_draws() -> None:
    """Split briškula and dupla, "Two-player dupla": a trick is leader, other,
    leader, other; the highest card takes all four; then both draw alternately
    one card at a time, winner first, two each."""
    rules = preset("split-dupla-2p")
    a1, a2 = card("two of cups"), card("king of cups")
    b1, b2 = card("ace of cups"), card("five of cups")
    # cut layout: A deck[0, 1, 5, 6], B deck[2, 3, 7, 8], trump deck[4].
    deck = deck_with(rules, {0: a1, 1: a2, 2: b1, 3: b2, 4: FOUR_OF_COINS})
    state = apply(new_game(rules, deck=deck), Cut())
    assert state.to_move == 0
    state = play_cards(state, a1)
    assert state.to_move == 1
    with pytest.raises(IllegalActionError):
        apply(state, Play(a2))
    state = play_cards(state, b1)
    assert state.to_move == 0
    state = play_cards(state, a2)
    assert state.to_move == 1
    before = state
    state = play_cards(state, b2)
    assert state.tricks_won == (0, 1)
    assert set(state.piles[1]) == {a1, a2, b1, b2}
    assert state.to_move == 1
    # B (the winner) draws deck[9] and deck[11], A deck[10] and deck[12].
    assert state.hands[1] == tuple(c for c in before.hands[1] if c != b2) + (deck[9], deck[11])
    assert state.hands[0] == before.hands[0] + (deck[10], deck[12])
    assert state.stock == deck[13:]


def test_dupla_four_players_one_card_each() -> None:
    """Split briškula and dupla, "The presets", four-player dupla: hands of 4,
    one card per seat per trick, one card drawn each."""
    rules = preset("split-dupla-4p")
    state = apply(new_game(rules, seed=5), Cut())
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
    movers = []
    for _ in range(4):
        movers.append(state.to_move)
        state = apply(state, first_play(state))
    assert movers == [0, 1, 2, 3]
    assert sum(state.tricks_won) == 1
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
    assert len(state.stock) == 23 - 4


# --- trick counts ------------------------------------------------------------

TRICKS = {
    "italian-2p": 20,
    "italian-3p": 13,
    "italian-4p": 10,
    "italian-5p": 8,
    "italian-6p": 6,
    "italian-6p-pairs": 6,
    "briscacard-3p": 12,
    "finnish-2p": 20,
    "finnish-3p": 13,
    "finnish-4p": 10,
    "finnish-6p": 6,
    "split-2p": 20,
    "split-4p": 10,
    "split-5p": 8,
    "split-dupla-2p": 10,
    "split-dupla-4p": 10,
    "romanian-2p": 20,
    "romanian-4p": 10,
    "spanish-2p": 20,
    "spanish-4p": 10,
    "portuguese-2p": 20,
}


@pytest.mark.parametrize("name", sorted(TRICKS))
def test_deal_plays_the_stated_number_of_tricks(name: str) -> None:
    """Italian briscola, two to six players, "Number of players": 2p 20 tricks,
    3p 13 (39 cards) or 12 (36), 4p 10, 5p 8, 6p 6, dupla 10; every card is
    played and ends in a pile."""
    rules = preset(name)
    state = play_to_end(new_game(rules, seed=2024))
    assert sum(state.tricks_won) == TRICKS[name]
    assert sum(1 for action in state.history if isinstance(action, Play)) == len(rules.pack)
    assert state.hands == ((),) * rules.players
    assert state.stock == () and state.trump_card is None and state.trick == ()
    assert sorted(c for pile in state.piles for c in pile) == sorted(rules.pack)
    assert state.to_move is None
    assert legal_actions(state) == ()


# --- piles -------------------------------------------------------------------


def test_piles_by_side_go_to_lowest_seat() -> None:
    """Italian briscola, two to six players, "Choices the library makes"
    (piles): with piles kept per side, a side's cards lie with its lowest seat:
    seat 3's trick goes to seat 1's pile."""
    rules = attrs.evolve(preset("italian-4p"), piles_by_side=True)
    cards = [card(c) for c in ("two of cups", "four of cups", "six of cups", "ace of cups")]
    placed = {seat: c for seat, c in enumerate(cards)}
    placed[12] = FOUR_OF_COINS
    state = trick_winner_state(rules, placed, *cards)
    assert state.tricks_won == (0, 0, 0, 1)
    assert set(state.piles[1]) == set(cards)
    assert state.piles[3] == ()
    final = play_to_end(state)
    assert final.piles[2] == () and final.piles[3] == ()
    assert len(final.piles[0]) + len(final.piles[1]) == 40
    result = outcome(final)
    assert result is not None
    assert result.points == tuple(
        sum(rules.points_of(c) for c in final.piles[seat]) for seat in (0, 1)
    )


def test_piles_per_seat_by_default() -> None:
    """Italian briscola, two to six players, "A trick at four": by default each
    seat keeps its own pile."""
    rules = preset("italian-4p")
    cards = [card(c) for c in ("two of cups", "four of cups", "six of cups", "ace of cups")]
    placed = {seat: c for seat, c in enumerate(cards)}
    placed[12] = FOUR_OF_COINS
    state = trick_winner_state(rules, placed, *cards)
    assert set(state.piles[3]) == set(cards)
    assert state.piles[1] == ()


# --- outcome -----------------------------------------------------------------


def finished(rules: Rules, piles: dict[int, list[Card]]) -> GameState:
    """A finished deal of ``rules`` whose piles are replaced by ``piles``
    (the cards of the pack shared out some other way)."""
    final = play_to_end(new_game(rules, seed=1))
    table = tuple(tuple(piles.get(seat, ())) for seat in range(rules.players))
    assert sorted(c for pile in table for c in pile) == sorted(rules.pack)
    return attrs.evolve(final, piles=table)


def suits(*names: Suit) -> list[Card]:
    """Every card of the given suits."""
    return [Card(suit, rank) for suit in names for rank in Rank]


def test_sixty_one_wins() -> None:
    """Italian briscola, two to six players, "The game": with two sides, more
    than half the points (61 of 120) wins; scores are 1 for each winning seat,
    0 otherwise."""
    rules = preset("italian-2p")
    jack, knight = card("jack of cups"), card("knight of swords")
    mine = [c for c in suits(Suit.COINS, Suit.CUPS) if c != jack] + [knight]
    theirs = [c for c in rules.pack if c not in mine]
    result = outcome(finished(rules, {0: mine, 1: theirs}))
    assert result is not None
    assert result.points == (61, 59)
    assert result.winners == (0,)
    assert result.scores == (1, 0)
    assert result.sides == ((0,), (1,))


def test_sixty_all_is_a_tie() -> None:
    """Italian briscola, two to six players, "Choices the library makes"
    (ties): 60-60 is a tie: no winners, every score 0."""
    rules = preset("italian-2p")
    result = outcome(
        finished(rules, {0: suits(Suit.COINS, Suit.CUPS), 1: suits(Suit.SWORDS, Suit.CLUBS)})
    )
    assert result is not None
    assert result.points == (60, 60)
    assert result.winners == ()
    assert result.scores == (0, 0)


def test_team_points_pool() -> None:
    """Italian briscola, two to six players, "A trick at four": a side pools
    its seats' points; both seats of the winning pair score 1."""
    rules = preset("italian-4p")
    result = outcome(
        finished(
            rules,
            {
                0: suits(Suit.COINS),
                1: suits(Suit.CUPS),
                2: suits(Suit.SWORDS, Suit.CLUBS)[:19],
                3: suits(Suit.CLUBS)[9:],
            },
        )
    )
    assert result is not None
    # seats 0+2: 30 + 30 + 26 (clubs less the king) = 86; seats 1+3: 30 + 4.
    assert result.points == (86, 34)
    assert result.winners == (0, 2)
    assert result.scores == (1, 0, 1, 0)


def test_three_sides_most_points_wins() -> None:
    """Italian briscola, two to six players, "The game": three or more sides:
    the side with the most points wins, even without 61."""
    rules = preset("italian-3p")
    coins_and_king = suits(Suit.COINS) + [card("king of cups")]
    rest = [c for c in rules.pack if c not in coins_and_king]
    cups = [c for c in rest if c.suit is Suit.CUPS]
    others = [c for c in rest if c.suit is not Suit.CUPS]
    result = outcome(finished(rules, {0: others, 1: coins_and_king, 2: cups}))
    assert result is not None
    # seat 0: swords and clubs, 60; seat 1: 34; seat 2: cups less the king, 26.
    assert result.points == (60, 34, 26)
    assert result.winners == (0,)
    assert result.scores == (1, 0, 0)


def test_three_sides_shared_top_is_a_tie() -> None:
    """Italian briscola, two to six players, "The game": with three or more
    sides a shared top is a tie."""
    rules = preset("italian-6p-pairs")
    pack = rules.pack
    coins = [c for c in pack if c.suit is Suit.COINS]
    cups = [c for c in pack if c.suit is Suit.CUPS]
    rest = [c for c in pack if c.suit in (Suit.SWORDS, Suit.CLUBS)]
    result = outcome(finished(rules, {0: coins, 4: cups, 2: rest}))
    assert result is not None
    assert result.sides == ((0, 3), (1, 4), (2, 5))
    assert result.points == (30, 30, 60)
    assert result.winners == (2, 5)
    tied = outcome(finished(rules, {0: coins + cups, 4: rest}))
    assert tied is not None
    assert tied.points == (60, 60, 0)
    assert tied.winners == ()
    assert tied.scores == (0,) * 6


def test_outcome_none_until_over() -> None:
    """Reference, "Playing": outcome(state) is None until the deal is over."""
    state = new_game(preset("italian-2p"), seed=4)
    assert outcome(state) is None
    assert outcome(play_cards(state, state.hands[0][0])) is None


def test_split_original_rule_deal_holds_160() -> None:
    """Split briškula and dupla, "Choices the library makes" (the original
    rule): under the Split original rule the piles of a played deal hold 160
    points, and the side with more than 80 wins."""
    rules = attrs.evolve(preset("split-2p"), card_points=SPLIT_ORIGINAL_POINTS)
    state = apply(new_game(rules, seed=8), Cut())
    final = play_to_end(state)
    result = outcome(final)
    assert result is not None
    assert sum(result.points) == 160
    table = dict(SPLIT_ORIGINAL_POINTS)
    assert result.points == tuple(sum(table.get(c.rank, 0) for c in pile) for pile in final.piles)
    if max(result.points) > 80:
        assert result.winners == (result.points.index(max(result.points)),)
    else:
        assert result.winners == ()


# --- refused plays -----------------------------------------------------------


def test_card_not_in_hand_is_refused() -> None:
    """Tutorial: deal, play, score, "Playing": playing a card the seat does not
    hold raises IllegalActionError saying why; the state is unchanged."""
    rules = preset("italian-2p")
    deck = deck_with(rules, {})
    state = new_game(rules, deck=deck)
    snapshot = attrs.evolve(state)
    with pytest.raises(IllegalActionError, match="not in their hand") as excinfo:
        apply(state, Play(deck[1]))
    assert "seat 0" in str(excinfo.value)
    assert state == snapshot


def test_nothing_after_the_end() -> None:
    """Reference, "Playing": once the deal is over no action is legal."""
    final = play_to_end(new_game(preset("italian-2p"), seed=6))
    with pytest.raises(IllegalActionError):
        apply(final, Play(card("ace of coins")))


def test_no_exchange_without_the_option() -> None:
    """Variants: presets and rules fields: no exchange by default: SwapTrump is
    never legal."""
    rules = preset("italian-2p")
    two = card("two of coins")
    state = new_game(rules, deck=deck_with(rules, {0: two, 6: FOUR_OF_COINS}))
    assert SwapTrump(two) not in legal_actions(state)
    with pytest.raises(IllegalActionError):
        apply(state, SwapTrump(two))


@pytest.mark.parametrize(("value", "kind"), [(42, "int"), ("deal", "str")])
def test_what_is_not_a_state_is_refused_naming_its_type(value: object, kind: str) -> None:
    """Reference, "Playing": ``outcome`` and ``apply`` take a deal or a
    match; anything else is a TypeError naming its type."""
    message = f"expected a GameState or a MatchState, not {kind}$"
    with pytest.raises(TypeError, match=message):
        outcome(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        apply(value, Pass())  # type: ignore[call-overload]


@pytest.mark.parametrize("hand_size", [12, 13, 16])
def test_big_hands_play_out(hand_size: int) -> None:
    """Hands of any allowed size play like hands of three: each play
    removes exactly the card played (from the mutation run: hands of
    thirteen cards and more take another path through the engine)."""
    rules = Rules(hand_size=hand_size)
    state = new_game(rules, seed=hand_size)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        hand = state.hands[seat]
        card_played = hand[len(hand) // 2]
        after = apply_first_play(state, card_played)
        if after.trick:
            assert after.hands[seat] == tuple(c for c in hand if c != card_played)
        state = after
    result = outcome(state)
    assert result is not None and sum(result.points) == 120


def apply_first_play(state: Any, played: Card) -> Any:
    """``state`` after ``Play(played)``."""
    from briscola import Play, apply

    return apply(state, Play(played))


def test_trick_winner_refuses_what_is_not_a_trick() -> None:
    """Wrong rules, trump or trick items are refused with their reason."""
    from briscola import trick_winner

    rules = preset("italian-2p")
    ace = Card(Suit.CUPS, Rank.ACE)
    with pytest.raises(TypeError, match="takes Rules, not str"):
        trick_winner("italian-2p", None, [(0, ace)])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the trump is a Suit or None, not 'cups'"):
        trick_winner(rules, "cups", [(0, ace)])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="an empty trick has no winner"):
        trick_winner(rules, None, [])
    for bad in ([(0, ace, 1)], [(True, ace)], [(0, "ace")], [ace]):
        with pytest.raises(ValueError, match=r"a trick holds \(seat, card\) pairs"):
            trick_winner(rules, None, bad)  # type: ignore[arg-type]
    assert trick_winner(rules, None, [(1, Card(Suit.CUPS, Rank.TWO)), (0, ace)]) == 0


def test_apply_names_what_is_not_an_action() -> None:
    """Something that is no action at all is refused as such."""
    from briscola import IllegalActionError, is_legal

    state = new_game(preset("italian-2p"), seed=1)
    with pytest.raises(IllegalActionError, match="42 is not an action"):
        apply(state, 42)  # type: ignore[call-overload]
    assert not is_legal(state, "play")  # type: ignore[arg-type]


def test_final_outcome_of_deals_and_matches() -> None:
    """``final_outcome`` is ``outcome`` without ``None``: the same result
    for a finished deal or match, a ValueError naming which is unfinished."""
    from briscola import final_outcome, new_match, outcome

    state = new_game(preset("italian-2p"), seed=5)
    with pytest.raises(ValueError, match="^the deal is not over: it has no outcome yet$"):
        final_outcome(state)
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    assert final_outcome(state) == outcome(state) and sum(final_outcome(state).points) == 120
    match = new_match(preset("italian-2p"), seed=5)
    with pytest.raises(ValueError, match="^the match is not over: it has no outcome yet$"):
        final_outcome(match)
    while not match.is_over:
        match = apply(match, legal_actions(match)[0])
    assert final_outcome(match) == outcome(match)


def test_a_long_non_action_is_cut_in_the_message() -> None:
    """The message never echoes unbounded input: the repr of what is not an
    action is cut to 80 characters, the cut shown by ``...``."""
    from briscola import IllegalActionError

    state = new_game(preset("italian-2p"), seed=1)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, "x" * 200)  # type: ignore[call-overload]
    assert str(refused.value) == "'" + "x" * 76 + "... is not an action"
    with pytest.raises(IllegalActionError) as refused:
        apply(state, "x" * 78)  # type: ignore[call-overload]
    assert str(refused.value) == "'" + "x" * 78 + "' is not an action"


@given(playouts())
def test_the_hand_to_play_is_the_legal_actions_when_given(playout: Playout) -> None:
    """``hand_to_play`` (the environments build their masks from it) gives the
    hand exactly when the legal actions are a play of each of its cards in
    hand order: in trick play of rules without a trump exchange or table
    talk, and never otherwise."""
    plain = playout.rules.exchange is Exchange.NONE and not playout.rules.table_talk
    for state in playout.states:
        hand = hand_to_play(state)
        playing = state.phase is Phase.PLAYING and not state.is_over
        if hand is None:
            assert not (plain and playing)
        else:
            assert plain and playing and state.to_move is not None
            assert hand is state.hands[state.to_move]
            assert legal_actions(state) == tuple(Play(card) for card in hand)
