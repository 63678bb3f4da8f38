"""The trump exchange, ``SwapTrump``: two-first-trick ("Romanian briscola"),
seven-after-win, and the Spanish exchange ("Spanish brisca")."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    Action,
    Card,
    Exchange,
    GameState,
    IllegalActionError,
    Phase,
    Play,
    Rank,
    Rules,
    Suit,
    SwapTrump,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    preset,
)
from briscola._play import why_no_swap
from tests.strategies import (
    TRICK_PRESET_NAMES,
    Playout,
    card,
    deck_with,
    first_play,
    play_cards,
    playouts,
    variations,
)

TWO_OF_COINS = card("two of coins")
SEVEN_OF_COINS = card("seven of coins")
KING_OF_COINS = card("king of coins")
ACE_OF_CUPS = card("ace of cups")
TWO_OF_CUPS = card("two of cups")
FOUR_OF_CUPS = card("four of cups")
FIVE_OF_CUPS = card("five of cups")

SEVEN_AFTER_WIN_2P = attrs.evolve(preset("italian-2p"), exchange=Exchange.SEVEN_AFTER_WIN)
SEVEN_AFTER_WIN_4P = attrs.evolve(preset("italian-4p"), exchange=Exchange.SEVEN_AFTER_WIN)


def swaps(state: GameState) -> list[Card]:
    """The cards the seat to move may exchange, from legal_actions."""
    return [action.card for action in legal_actions(state) if isinstance(action, SwapTrump)]


def assert_refused(state: GameState, given_card: Card, reason: str | None = None) -> None:
    """SwapTrump(given_card) is not listed and apply refuses it, leaving the
    state as it was."""
    assert SwapTrump(given_card) not in legal_actions(state)
    snapshot = attrs.evolve(state)
    with pytest.raises(IllegalActionError, match=reason):
        apply(state, SwapTrump(given_card))
    assert state == snapshot


def assert_swap(state: GameState, given_card: Card) -> GameState:
    """SwapTrump(given_card) is listed; applying it hands the face-up card to
    the same seat, which is still to move, and ``given_card`` becomes the
    face-up card."""
    assert SwapTrump(given_card) in legal_actions(state)
    seat = state.to_move
    assert seat is not None
    face_up = state.trump_card
    after = apply(state, SwapTrump(given_card))
    assert after.to_move == seat
    assert after.trump_card == given_card
    assert after.trump is state.trump
    assert face_up in after.hands[seat]
    assert given_card not in after.hands[seat]
    assert len(after.hands[seat]) == len(state.hands[seat])
    assert after.stock == state.stock
    assert after.history == state.history + (SwapTrump(given_card),)
    assert after.actors[-1] == seat
    return after


def play_until(
    state: GameState, stop: Callable[[GameState], bool], policy: Callable[[GameState], Action]
) -> GameState:
    """Apply ``policy`` until ``stop`` holds or the deal ends."""
    while not state.is_over and not stop(state):
        state = apply(state, policy(state))
    return state


def keep(held: Card) -> Callable[[GameState], Action]:
    """A policy that plays the first card in hand other than ``held``, and
    never exchanges."""

    def policy(state: GameState) -> Action:
        plays = [a for a in legal_actions(state) if isinstance(a, Play) and a.card != held]
        return plays[0] if plays else first_play(state)

    return policy


# --- two of trumps, first trick ----------------------------------------------


def test_two_first_trick_second_player() -> None:
    """Romanian briscola, "The exchange": the holder of the two of trumps may
    exchange it on their turn in the first trick; the same seat is still to
    move; the two becomes the face-up card and is the last card drawn."""
    rules = preset("romanian-2p")
    deck = deck_with(rules, {0: FIVE_OF_CUPS, 1: TWO_OF_COINS, 6: KING_OF_COINS})
    state = new_game(rules, deck=deck)
    assert swaps(state) == []
    assert_refused(state, TWO_OF_COINS, "not in seat 0's hand")
    state = play_cards(state, FIVE_OF_CUPS)
    assert state.to_move == 1
    assert swaps(state) == [TWO_OF_COINS]
    assert legal_actions(state)[0] == SwapTrump(TWO_OF_COINS)
    state = assert_swap(state, TWO_OF_COINS)
    assert KING_OF_COINS in state.hands[1]
    assert swaps(state) == []
    final = play_until(state, lambda s: False, first_play)
    assert final.trump_drawn is not None
    assert final.trump_drawn[1] == TWO_OF_COINS


def test_two_first_trick_leader() -> None:
    """Romanian briscola, "Choices the library makes" (when): the leader may
    exchange the two before leading."""
    rules = preset("romanian-2p")
    deck = deck_with(rules, {0: TWO_OF_COINS, 6: KING_OF_COINS})
    state = new_game(rules, deck=deck)
    state = assert_swap(state, TWO_OF_COINS)
    assert state.to_move == 0
    assert state.trick == ()


def test_two_not_after_first_trick() -> None:
    """Romanian briscola, "The exchange": never later than the first trick,
    even for a seat that kept the two through it."""
    rules = preset("romanian-2p")
    deck = deck_with(
        rules,
        {0: FIVE_OF_CUPS, 1: TWO_OF_COINS, 3: ACE_OF_CUPS, 6: KING_OF_COINS},
    )
    state = play_cards(new_game(rules, deck=deck), FIVE_OF_CUPS, ACE_OF_CUPS)
    assert state.to_move == 1
    assert TWO_OF_COINS in state.hands[1]
    assert_refused(state, TWO_OF_COINS, "first trick")


def test_two_first_trick_four_players() -> None:
    """Romanian briscola, "Choices the library makes" (when), four players:
    only on the holder's own turn."""
    rules = preset("romanian-4p")
    deck = deck_with(rules, {2: TWO_OF_COINS, 12: KING_OF_COINS})
    state = new_game(rules, deck=deck)
    assert swaps(state) == []
    state = play_cards(state, deck[0])
    assert swaps(state) == []
    state = play_cards(state, deck[1])
    assert state.to_move == 2
    assert_swap(state, TWO_OF_COINS)


def test_only_the_two_in_two_first_trick() -> None:
    """Romanian briscola, "Choices the library makes": in the two-first-trick
    mode only the two of trumps may be exchanged; another trump is refused."""
    rules = preset("romanian-2p")
    three = card("three of coins")
    state = new_game(rules, deck=deck_with(rules, {0: three, 6: KING_OF_COINS}))
    assert_refused(state, three, "two")


# --- seven of trumps after a win -------------------------------------------


def seven_holder_deal() -> GameState:
    """Two players, seven-after-win, before the first card: seat 0 holds
    the ace of cups and the seven of coins, seat 1 the two of cups; the
    king of coins is face up."""
    rules = SEVEN_AFTER_WIN_2P
    deck = deck_with(rules, {0: ACE_OF_CUPS, 1: TWO_OF_CUPS, 2: SEVEN_OF_COINS, 6: KING_OF_COINS})
    return new_game(rules, deck=deck)


def partner_deal(rules: Rules) -> GameState:
    """Four players: seat 0 wins the first trick with the ace of cups;
    seat 2 holds the seven of coins (deck[6]) and the king of coins is face
    up. Returns the state before the first card is played."""
    deck = deck_with(
        rules,
        {
            0: ACE_OF_CUPS,
            1: TWO_OF_CUPS,
            2: FIVE_OF_CUPS,
            3: FOUR_OF_CUPS,
            6: SEVEN_OF_COINS,
            12: KING_OF_COINS,
        },
    )
    return new_game(rules, deck=deck)


def test_seven_needs_a_won_trick() -> None:
    """Spanish brisca, "Other exchange rules": the seven of trumps only by a
    seat whose side has won a trick; after winning the first trick the seat may
    exchange."""
    state = seven_holder_deal()
    assert_refused(state, SEVEN_OF_COINS, "not won")
    state = play_cards(state, ACE_OF_CUPS, TWO_OF_CUPS)
    assert state.to_move == 0
    assert swaps(state) == [SEVEN_OF_COINS]
    after = assert_swap(state, SEVEN_OF_COINS)
    assert KING_OF_COINS in after.hands[0]


def test_seven_partner_win_counts() -> None:
    """Spanish brisca, "Other exchange rules": a trick won by the seat's side
    (its partner) is enough for the seven."""
    state = partner_deal(SEVEN_AFTER_WIN_4P)
    assert_refused(play_cards(state, ACE_OF_CUPS, TWO_OF_CUPS), SEVEN_OF_COINS, "not won")
    state = play_cards(state, ACE_OF_CUPS, TWO_OF_CUPS, FIVE_OF_CUPS, FOUR_OF_CUPS)
    assert state.tricks_won == (1, 0, 0, 0)
    state = play_cards(state, state.hands[0][0], state.hands[1][0])
    assert state.to_move == 2
    assert_swap(state, SEVEN_OF_COINS)


def test_seven_refused_when_fewer_than_two_drawing_tricks_remain() -> None:
    """Spanish brisca, "Other exchange rules": the seven only while at least
    two tricks with drawing remain (before the next-to-last draw). Two players:
    with 3 stock cards left (this trick and the next draw) it is allowed; with
    1 left it is not."""
    state = play_cards(seven_holder_deal(), ACE_OF_CUPS, TWO_OF_CUPS)
    policy = keep(SEVEN_OF_COINS)
    seen = set()
    while state.trump_card is not None:
        if state.to_move == 0:
            assert SEVEN_OF_COINS in state.hands[0]
            if len(state.stock) >= 3:
                assert swaps(state) == [SEVEN_OF_COINS]
                seen.add("allowed")
            else:
                assert len(state.stock) == 1
                assert_refused(state, SEVEN_OF_COINS, "two tricks")
                seen.add("refused")
        state = apply(state, policy(state))
    assert seen == {"allowed", "refused"}
    if state.to_move == 0:
        assert_refused(state, SEVEN_OF_COINS, "drawn")


# --- Spanish -----------------------------------------------------------------

SEVEN_TAKES = {Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.JACK}
TWO_TAKES = {Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR}


@pytest.mark.parametrize("given_rank", [Rank.SEVEN, Rank.TWO, Rank.THREE, Rank.SIX])
@pytest.mark.parametrize("face_rank", list(Rank))
def test_spanish_pairs(given_rank: Rank, face_rank: Rank) -> None:
    """Spanish brisca, "The presets": the seven takes a face-up ace, three,
    king, knight or jack; the two takes a face-up seven to four; no other trump
    may be exchanged."""
    if face_rank is given_rank:
        return
    rules = preset("spanish-2p")
    given_card = Card(Suit.COINS, given_rank)
    face = Card(Suit.COINS, face_rank)
    deck = deck_with(
        rules,
        {0: ACE_OF_CUPS, 1: TWO_OF_CUPS, 2: given_card, 4: card("four of swords"), 6: face},
    )
    state = new_game(rules, deck=deck)
    # no trick won yet: never allowed.
    assert_refused(state, given_card)
    state = play_cards(state, ACE_OF_CUPS, TWO_OF_CUPS)
    assert state.to_move == 0 and state.tricks_won == (1, 0)
    allowed = (given_rank is Rank.SEVEN and face_rank in SEVEN_TAKES) or (
        given_rank is Rank.TWO and face_rank in TWO_TAKES
    )
    if allowed:
        assert swaps(state) == [given_card]
        assert_swap(state, given_card)
    else:
        assert_refused(state, given_card)


@pytest.mark.parametrize("side_wins", [False, True])
def test_spanish_seat_itself_must_have_won(side_wins: bool) -> None:
    """Spanish brisca, "Choices the library makes" (a trick first): the seat
    itself must have won a trick; its partner's trick is enough only with
    exchange_side_wins."""
    rules = attrs.evolve(preset("spanish-4p"), exchange_side_wins=side_wins)
    state = partner_deal(rules)
    state = play_cards(state, ACE_OF_CUPS, TWO_OF_CUPS, FIVE_OF_CUPS, FOUR_OF_CUPS)
    state = play_cards(state, state.hands[0][0], state.hands[1][0])
    assert state.to_move == 2 and state.tricks_won == (1, 0, 0, 0)
    if side_wins:
        assert_swap(state, SEVEN_OF_COINS)
    else:
        assert_refused(state, SEVEN_OF_COINS, "not won")


def test_spanish_one_exchange_per_turn() -> None:
    """Spanish brisca, "Choices the library makes" (one at a time): at most one
    exchange per turn: after giving the seven for a face-up ace, the two may
    not take the seven in the same turn, but may on a later turn."""
    rules = preset("spanish-2p")
    ace_of_coins = card("ace of coins")
    deck = deck_with(
        rules,
        {0: ACE_OF_CUPS, 1: TWO_OF_CUPS, 2: SEVEN_OF_COINS, 4: TWO_OF_COINS, 6: ace_of_coins},
    )
    state = play_cards(new_game(rules, deck=deck), ACE_OF_CUPS, TWO_OF_CUPS)
    assert swaps(state) == [SEVEN_OF_COINS]
    state = assert_swap(state, SEVEN_OF_COINS)
    assert state.trump_card == SEVEN_OF_COINS
    assert_refused(state, TWO_OF_COINS, "one exchange")
    # lead the ace of trumps (unbeatable), win, and exchange the two next turn.
    state = play_cards(state, ace_of_coins, state.hands[1][0])
    assert state.to_move == 0
    assert swaps(state) == [TWO_OF_COINS]
    assert_swap(state, TWO_OF_COINS)


def test_spanish_allowed_with_last_face_down_card() -> None:
    """Spanish brisca, "Choices the library makes" (not at the very end): the
    exchange stands while a face-down card remains in the stock (with one left
    it is allowed) and ends with the trump card drawn."""
    rules = preset("spanish-2p")
    deck = deck_with(rules, {0: ACE_OF_CUPS, 1: TWO_OF_CUPS, 2: SEVEN_OF_COINS, 6: KING_OF_COINS})
    state = play_cards(new_game(rules, deck=deck), ACE_OF_CUPS, TWO_OF_CUPS)
    state = play_until(state, lambda s: len(s.stock) == 1 and s.to_move == 0, keep(SEVEN_OF_COINS))
    assert len(state.stock) == 1 and state.trump_card == KING_OF_COINS
    assert_swap(state, SEVEN_OF_COINS)
    state = play_until(state, lambda s: s.trump_card is None, keep(SEVEN_OF_COINS))
    assert state.trump_card is None
    if state.to_move == 0 and SEVEN_OF_COINS in state.hands[0]:
        assert_refused(state, SEVEN_OF_COINS, "drawn")


def test_spanish_needs_a_face_down_card() -> None:
    """Spanish brisca, "Choices the library makes" (not at the very end): at
    least one face-down card must remain in the stock. In play the stock
    empties together with the face-up card, so the clause is checked on a state
    whose stock is taken away."""
    rules = preset("spanish-2p")
    deck = deck_with(rules, {0: ACE_OF_CUPS, 1: TWO_OF_CUPS, 2: SEVEN_OF_COINS, 6: KING_OF_COINS})
    state = play_cards(new_game(rules, deck=deck), ACE_OF_CUPS, TWO_OF_CUPS)
    assert swaps(state) == [SEVEN_OF_COINS]
    assert_refused(attrs.evolve(state, stock=()), SEVEN_OF_COINS, "stock")


# --- every mode, every reachable state ---------------------------------------


def spec_swaps(state: GameState) -> set[Card]:
    """The trumps the seat to move may exchange, written from the rules pages
    ("Romanian briscola", "Spanish brisca")."""
    rules = state.rules
    face = state.trump_card
    if rules.exchange is Exchange.NONE or state.phase is not Phase.PLAYING or face is None:
        return set()
    seat = state.to_move
    assert seat is not None
    won = state.tricks_won
    side = next(side for side in rules.sides if seat in side)
    side_won = any(won[s] for s in side)
    trick_size = rules.players * rules.plays_per_trick
    drawing_tricks_left = (len(state.stock) + 1) // trick_size
    allowed = set()
    for c in state.hands[seat]:
        if c.suit is not face.suit:
            continue
        if rules.exchange is Exchange.TWO_FIRST_TRICK:
            ok = c.rank is Rank.TWO and sum(won) == 0
        elif rules.exchange is Exchange.SEVEN_AFTER_WIN:
            ok = c.rank is Rank.SEVEN and side_won and drawing_tricks_left >= 2
        else:
            pair = (c.rank is Rank.SEVEN and face.rank in SEVEN_TAKES) or (
                c.rank is Rank.TWO and face.rank in TWO_TAKES
            )
            has_won = side_won if rules.exchange_side_wins else won[seat] > 0
            first_this_turn = not (state.history and isinstance(state.history[-1], SwapTrump))
            ok = pair and has_won and len(state.stock) > 0 and first_this_turn
        if ok:
            allowed.add(c)
    return allowed


def exchange_playouts() -> st.SearchStrategy[Playout]:
    """Playouts of every trick preset, varied, under each exchange mode."""
    modes = [Exchange.TWO_FIRST_TRICK, Exchange.SEVEN_AFTER_WIN, Exchange.SPANISH]
    base = st.sampled_from(TRICK_PRESET_NAMES).flatmap(lambda name: variations(preset(name)))
    chosen = st.tuples(base, st.sampled_from(modes)).map(
        lambda pair: attrs.evolve(pair[0], exchange=pair[1])
    )
    return playouts(chosen)


@given(exchange_playouts())
def test_swaps_listed_exactly_when_spec_allows(playout: Playout) -> None:
    """Every exchange mode ("Romanian briscola", "Spanish brisca"), every
    reachable state: legal_actions lists a SwapTrump exactly for the trumps the
    mode allows now, the swaps come before the plays, and every other SwapTrump
    is refused."""
    for state in playout.states:
        listed = swaps(state)
        assert set(listed) == spec_swaps(state)
        actions = legal_actions(state)
        assert actions[: len(listed)] == tuple(SwapTrump(c) for c in listed)
        if state.phase is Phase.PLAYING and state.to_move is not None:
            for c in state.hands[state.to_move]:
                if c not in listed:
                    with pytest.raises(IllegalActionError):
                        apply(state, SwapTrump(c))
    for before, action, after in playout.steps():
        if isinstance(action, SwapTrump):
            seat = before.to_move
            assert seat is not None
            assert after.to_move == seat
            assert after.trump_card == action.card
            assert before.trump_card in after.hands[seat]


def test_no_exchange_before_trick_play() -> None:
    """Custom Split rules with an exchange: while the pack waits to be cut
    or knocked, a seat is to move but no exchange may be made yet."""
    rules = attrs.evolve(preset("split-2p"), exchange=Exchange.SEVEN_AFTER_WIN)
    state = new_game(rules, seed=1)
    assert state.to_move is not None
    assert why_no_swap(state, state.pack[0]) == "there is no exchange outside trick play"


@given(exchange_playouts())
def test_the_trumps_given_are_kept_as_the_deal_goes(playout: Playout) -> None:
    """ "Spanish brisca": every trump given in an exchange is public; each
    state keeps them as the deal goes, the same as found from its history
    and after a save and a load."""
    for state in playout.states:
        given = tuple(a.card for a in state.history if isinstance(a, SwapTrump))
        assert state._given == given
        assert loads(dumps(state), GameState)._given == given
