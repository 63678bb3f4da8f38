"""The invariants listed in Testing, "Tests and properties" as Hypothesis
properties, for every preset and for valid variations of the presets
(``tests.strategies.rules``).

Each property runs once per preset (``[italian-2p]`` ...) and once more on
drawn variations (``[variations]``), with the example count of the loaded
Hypothesis profile (see ``tests/conftest.py``).
"""

from __future__ import annotations

import copy
import functools
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    PRESETS,
    Auction,
    Card,
    GameState,
    IllegalActionError,
    Phase,
    Play,
    Rules,
    apply,
    is_legal,
    legal_actions,
    new_game,
    outcome,
)
from tests.strategies import (
    PRESET_NAMES,
    Playout,
    other_actions,
    playouts,
    reachable_states,
    rules,
)

SOURCES = [*PRESET_NAMES, "variations"]
"""Where a property draws its rules from: one preset, or any variation."""


def rules_from(source: str) -> st.SearchStrategy[Rules]:
    """The rules of preset ``source``, or drawn variations of every preset."""
    if source == "variations":
        return rules()
    return st.just(PRESETS[source])


@functools.cache
def playouts_from(source: str) -> st.SearchStrategy[Playout]:
    """Complete playouts of rules from ``source`` (built once per source)."""
    return playouts(rules_from(source))


@functools.cache
def states_from(source: str) -> st.SearchStrategy[GameState]:
    """Reachable states of rules from ``source`` (built once per source)."""
    return reachable_states(rules_from(source))


def draw_playout(data: st.DataObject, source: str) -> Playout:
    """A complete playout of rules from ``source``."""
    return data.draw(playouts_from(source), label="playout")


def draw_state(data: st.DataObject, source: str) -> GameState:
    """A reachable state of rules from ``source``."""
    return data.draw(states_from(source), label="state")


def points_table(rules: Rules) -> dict[Card, int]:
    """Each card's points, from the rules' point table."""
    table = dict(rules.card_points)
    return {c: table.get(c.rank, 0) for c in rules.pack}


def places(state: GameState) -> list[Card]:
    """Every card in a place (conservation): hands, stock, trump card, the
    current trick and the piles."""
    cards = [c for hand in state.hands for c in hand]
    cards += state.stock
    if state.trump_card is not None:
        cards.append(state.trump_card)
    cards += [c for _, c in state.trick]
    cards += [c for pile in state.piles for c in pile]
    return cards


def is_void(state: GameState) -> bool:
    """A finished deal in which no card was played (bastardo, all passed)."""
    return state.is_over and not any(isinstance(a, Play) for a in state.history)


def field_values(state: GameState) -> tuple[object, ...]:
    """The state's field values, by identity (fields hold only immutable
    values, so equal references mean an unchanged state)."""
    return tuple(getattr(state, f.name) for f in attrs.fields(GameState))


def expected_winner(rules: Rules, trump: object, trick: tuple[tuple[int, Card], ...]) -> int:
    """The rules as implemented, "What every family shares": the highest trump,
    else the highest card of the suit led."""
    strength = {rank: len(rules.strength) - i for i, rank in enumerate(rules.strength)}
    led = trick[0][1].suit

    def key(entry: tuple[int, Card]) -> tuple[int, int]:
        c = entry[1]
        if c.suit is trump:
            return (2, strength[c.rank])
        if c.suit is led:
            return (1, strength[c.rank])
        return (0, 0)

    return max(trick, key=key)[0]


@pytest.mark.parametrize("source", SOURCES)
@given(data=st.data())
def test_conservation_of_cards_and_points(source: str, data: st.DataObject) -> None:
    """Testing, "Tests and properties" (conservation): at every step every card
    of the pack is in exactly one place and the points there add up to the
    pack's; at the end of a played deal the piles hold every card."""
    playout = draw_playout(data, source)
    rules = playout.rules
    pack = Counter(rules.pack)
    assert sum(pack.values()) == len(rules.pack)
    points = points_table(rules)
    total = sum(points.values())
    assert total == rules.total_points
    for state in playout.states:
        found = places(state)
        assert Counter(found) == pack
        assert sum(points[c] for c in found) == total
        for container in (*state.hands, state.stock, state.trick, *state.piles, state.history):
            assert type(container) is tuple
    final = playout.final
    assert final.is_over
    if is_void(final):
        assert sum(map(len, final.hands)) == len(rules.pack)
        assert all(pile == () for pile in final.piles)
    else:
        assert Counter(c for pile in final.piles for c in pile) == pack
        result = outcome(final)
        assert result is not None
        assert sum(result.points) == total


@pytest.mark.parametrize("source", SOURCES)
@given(data=st.data())
def test_legal_actions_until_the_end(source: str, data: st.DataObject) -> None:
    """Testing, "Tests and properties": legal_actions is non-empty until the
    end and empty once over, with no repeats; every listed action applies and
    is_legal agrees; to_move is a seat exactly while the deal runs."""
    playout = draw_playout(data, source)
    n = playout.rules.players
    for state in playout.states:
        actions = legal_actions(state)
        if state.is_over:
            assert actions == ()
            assert state.to_move is None
            assert state.phase is Phase.OVER
            continue
        assert actions
        assert len(set(actions)) == len(actions)
        assert state.to_move is not None and 0 <= state.to_move < n
        assert legal_actions(state) == actions
        for action in actions:
            after = apply(state, action)
            assert type(after) is GameState
            assert after.history == state.history + (action,)
            assert after.actors == state.actors + (state.to_move,)
            assert is_legal(state, action)


@pytest.mark.parametrize("source", SOURCES)
@given(data=st.data())
def test_illegal_actions_refused(source: str, data: st.DataObject) -> None:
    """Testing, "Tests and properties": an action not in legal_actions (other
    cards, other action types) raises IllegalActionError, a ValueError with a
    message, and leaves the state as it was."""
    state = draw_state(data, source)
    before = field_values(state)
    snapshot = attrs.evolve(state)
    for action in other_actions(state):
        with pytest.raises(IllegalActionError) as excinfo:
            apply(state, action)
        assert isinstance(excinfo.value, ValueError)
        assert str(excinfo.value)
        assert not is_legal(state, action)
    assert field_values(state) == before
    assert state == snapshot
    for action in legal_actions(state):
        apply(state, action)


@pytest.mark.parametrize("source", SOURCES)
@given(data=st.data())
def test_apply_is_pure(source: str, data: st.DataObject) -> None:
    """Testing, "Tests and properties" (purity): apply never changes the state
    it is given: the state keeps its field values and equals deep and shallow
    copies taken before."""
    playout = draw_playout(data, source)
    deep_at = data.draw(st.integers(0, len(playout.actions)), label="deep copy at")
    state = new_game(playout.rules, seed=playout.seed, dealer=playout.dealer)
    for i, action in enumerate(playout.actions):
        before = field_values(state)
        setup_before = attrs.evolve(state.setup)
        shallow = attrs.evolve(state)
        deep = copy.deepcopy(state) if i == deep_at else None
        after = apply(state, action)
        assert after is not state
        assert field_values(state) == before
        assert state.setup == setup_before
        assert state == shallow
        if deep is not None:
            assert state == deep
        state = after
    assert state == playout.final


@pytest.mark.parametrize("source", SOURCES)
@given(data=st.data())
def test_same_seed_same_actions_same_states(source: str, data: st.DataObject) -> None:
    """Testing, "Tests and properties" (purity and replay): the same seed and
    the same actions give equal states, step by step."""
    playout = draw_playout(data, source)
    state = new_game(playout.rules, seed=playout.seed, dealer=playout.dealer)
    assert state == playout.first
    for action, expected in zip(playout.actions, playout.states[1:]):
        state = apply(state, action)
        assert state == expected
        assert hash(state) == hash(expected)


@pytest.mark.parametrize("source", SOURCES)
@given(data=st.data())
def test_replay_from_pack_dealer_history(source: str, data: st.DataObject) -> None:
    """Testing, "Tests and properties" (purity and replay): a state keeps its
    pack, so that rules, pack, dealer and history replay it exactly (from any
    reachable state)."""
    state = draw_state(data, source)
    replay = new_game(state.rules, deck=state.pack, dealer=state.dealer)
    for action in state.history:
        replay = apply(replay, action)
    assert replay == state
    assert replay.actors == state.actors
    assert replay.buried == state.buried


@pytest.mark.parametrize("source", SOURCES)
@given(data=st.data())
def test_deal_length(source: str, data: st.DataObject) -> None:
    """Testing, "Tests and properties" (length): a played deal ends after
    exactly the stated number of tricks (pack size over the cards of a trick),
    every card played once; eldest leads the first trick."""
    playout = draw_playout(data, source)
    rules = playout.rules
    final = playout.final
    if is_void(final):
        assert sum(final.tricks_won) == 0
        return
    tricks = len(rules.pack) // (rules.players * rules.plays_per_trick)
    assert sum(final.tricks_won) == tricks == rules.tricks
    plays = [a for a in final.history if isinstance(a, Play)]
    assert len(plays) == len(rules.pack)
    assert len(set(plays)) == len(plays)
    first_play = next(i for i, a in enumerate(final.history) if isinstance(a, Play))
    assert final.actors[first_play] == final.eldest
    assert len(playout.actions) <= 2 * len(rules.pack) + 1 + (
        200 if rules.auction is not Auction.NONE else 0
    ) + (2 * len(rules.pack) if rules.table_talk else 0)  # a word and a sign per card


@pytest.mark.parametrize("source", SOURCES)
@given(data=st.data())
def test_tricks_resolve_and_draw_as_specified(source: str, data: st.DataObject) -> None:
    """The rules as implemented, "What every family shares": a complete trick
    goes to the highest trump, else the highest card of the suit led; its cards
    go to the winner's pile (its side's lowest seat with piles by side); the
    winner draws first, then the others in playing order, the trump card last;
    the winner leads next."""
    playout = draw_playout(data, source)
    rules = playout.rules
    n, per = rules.players, rules.plays_per_trick
    size = n * per
    for before, action, after in playout.steps():
        if not isinstance(action, Play) or len(before.trick) != size - 1:
            continue
        seat = before.to_move
        assert seat is not None
        trick = before.trick + ((seat, action.card),)
        winner = expected_winner(rules, before.trump, trick)
        assert after.trick == ()
        assert after.tricks_won[winner] == before.tricks_won[winner] + 1
        assert sum(after.tricks_won) == sum(before.tricks_won) + 1
        side = next(side for side in rules.sides if winner in side)
        owner = min(side) if rules.piles_by_side else winner
        assert Counter(after.piles[owner]) == Counter(before.piles[owner]) + Counter(
            c for _, c in trick
        )
        order = [(winner + j) % n for _ in range(per) for j in range(n)]
        if before.trump_card is None:
            drawn: list[Card] = []
        else:
            drawn = list((*before.stock, before.trump_card)[:size])
            assert len(drawn) == size
        for s in range(n):
            kept = list(before.hands[s])
            if s == seat:
                kept.remove(action.card)
            gets = [c for who, c in zip(order, drawn) if who == s]
            assert list(after.hands[s]) == kept + gets
        if before.trump_card is not None and len(before.stock) < size:
            assert after.trump_card is None and after.stock == ()
            assert after.trump_drawn == (order[-1], before.trump_card)
        if after.is_over:
            assert all(hand == () for hand in after.hands)
        else:
            assert after.to_move == winner
            assert len({len(hand) for hand in after.hands}) == 1


@pytest.mark.parametrize("source", SOURCES)
@given(data=st.data())
def test_outcome_follows_the_points(source: str, data: st.DataObject) -> None:
    """Italian briscola, two to six players, "The game": a finished deal's
    outcome gives each side's card points from the piles; with two sides more
    than half the points wins and an even split is a tie; with more sides the
    single top side wins and a shared top is a tie; scores are 1 per winning
    seat."""
    playout = draw_playout(data, source)
    rules = playout.rules
    final = playout.final
    result = outcome(final)
    assert result is not None
    assert all(outcome(s) is None for s in playout.states[:-1])
    if final.contract is not None:
        return  # bastardo's outcome has its own tests
    points = points_table(rules)
    assert result.sides == rules.sides
    expected = tuple(sum(points[c] for s in side for c in final.piles[s]) for side in rules.sides)
    assert result.points == expected
    total = sum(expected)
    if len(expected) == 2:
        wins = [i for i, p in enumerate(expected) if 2 * p > total]
    else:
        top = max(expected)
        wins = [i for i, p in enumerate(expected) if p == top]
        wins = wins if len(wins) == 1 else []
    winners = rules.sides[wins[0]] if wins else ()
    assert result.winners == winners
    assert result.scores == tuple(int(s in winners) for s in range(rules.players))
