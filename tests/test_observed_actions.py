"""What a seat may do, from what it sees: :func:`briscola.legal_actions` of
an :class:`~briscola.Observation` (the "Observations and search" guide,
"What the seat may do")."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    PRESETS,
    Action,
    Bid,
    Cut,
    Exchange,
    GameState,
    MatchState,
    Observation,
    Say,
    Sign,
    Signal,
    SwapTrump,
    Word,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    new_match,
    observe,
    preset,
)
from briscola._play import why_no_swap
from tests.strategies import PRESET_NAMES, playouts, reachable_states
from tests.strategies import rules as varied_rules


def _every_seat_agrees(state: GameState | MatchState) -> None:
    """The seat to move sees its legal actions, in order; every other seat
    sees none."""
    for seat in range(state.rules.players):
        seen = legal_actions(observe(state, seat))
        if seat == state.to_move:
            assert seen == legal_actions(state)
        else:
            assert seen == ()


@pytest.mark.parametrize("name", PRESET_NAMES)
@given(data=st.data())
def test_an_observation_has_the_states_legal_actions(name: str, data: st.DataObject) -> None:
    """Observations and search, "What the seat may do": for every state of
    a deal of every preset, ``legal_actions(observe(s, s.to_move)) ==
    legal_actions(s)``, and the other seats' observations give ``()``."""
    playout = data.draw(playouts(PRESETS[name]))
    for state in playout.states:
        _every_seat_agrees(state)


@given(state=reachable_states(varied_rules()))
def test_an_observation_has_the_states_legal_actions_in_variations(state: GameState) -> None:
    """Observations and search, "What the seat may do": the same over rules
    varied from the presets (exchanges, talk, deal styles, auctions)."""
    _every_seat_agrees(state)


@given(exchange=st.sampled_from(list(Exchange)), seed=st.integers(0, 2**32 - 1))
def test_every_exchange_rule_is_seen_from_the_observation(exchange: Exchange, seed: int) -> None:
    """Observations and search, "What the seat may do": every trump exchange
    rule offers the seat the same exchanges from its observation, before
    and after it exchanges (one exchange per turn), played to the end of
    the deal."""
    rules = attrs.evolve(preset("italian-4p"), exchange=exchange)
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while not state.is_over:
        _every_seat_agrees(state)
        legal = legal_actions(state)
        swaps = [action for action in legal if type(action) is SwapTrump]
        state = apply(state, swaps[0] if swaps else rng.choice(legal))
    _every_seat_agrees(state)


def test_one_exchange_a_turn_is_seen_from_the_observation() -> None:
    """Observations and search, "What the seat may do": with the Spanish
    exchange, a seat that has just exchanged and holds another trump the
    new face-up card could take is not offered a second exchange this
    turn; its observation says the same (its own last action is in it)."""
    rules = attrs.evolve(preset("italian-2p"), exchange=Exchange.SPANISH)
    found = 0
    for seed in range(150):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while not state.is_over:
            legal = legal_actions(state)
            seat = state.to_move
            assert seat is not None
            reasons = {why_no_swap(state, card) for card in state.hands[seat]}
            if "only one exchange is allowed per turn" in reasons:
                found += 1
                assert not any(type(action) is SwapTrump for action in legal)
                assert legal_actions(observe(state, seat)) == legal
            swaps = [action for action in legal if type(action) is SwapTrump]
            state = apply(state, swaps[0] if swaps else rng.choice(legal))
    assert found > 0


def test_a_finished_deal_offers_nothing() -> None:
    """Observations and search, "What the seat may do": an observation of a
    finished deal gives ``()`` to every seat."""
    state = new_game(preset("italian-3p"), seed=4)
    while not state.is_over:
        state = apply(state, legal_actions(state)[-1])
    assert all(legal_actions(observe(state, seat)) == () for seat in range(3))


@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120))
def test_an_observation_of_a_match_has_its_legal_actions(seed: int, steps: int) -> None:
    """Observations and search, "What the seat may do": an observation of a
    match gives the match's legal actions to the seat to move."""
    rules = attrs.evolve(preset("split-2p"), match_target=2)
    match = new_match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        match = apply(match, rng.choice(legal_actions(match)))
    _every_seat_agrees(match)


def _offered(state: GameState) -> tuple[Action, ...]:
    """The legal actions of the seat to move, from its observation."""
    seat = state.to_move
    assert seat is not None
    return legal_actions(observe(state, seat))


def test_talk_used_this_turn_is_not_offered_again() -> None:
    """Observations and search, "What the seat may do": a seat that has said
    a word, or made a sign, this turn is not offered another, and an
    opponent's secret sign, missing from the seat's observation, changes
    nothing the seat is offered."""
    state = apply(apply(new_game(preset("split-4p"), seed=2), Cut()), Say(Word.TRUMP))
    seen = _offered(state)
    assert not any(type(action) is Say for action in seen)
    assert Sign(Signal.SMALL_TRUMP) in seen and seen == legal_actions(state)
    state = apply(state, Sign(Signal.SMALL_TRUMP))
    assert _offered(state) == tuple(action for action in seen if type(action) is not Sign)
    state = apply(state, legal_actions(state)[0])  # seat 0 plays
    state = apply(state, Sign(Signal.ACE_OF_TRUMPS))  # seat 1 signs to seat 3
    assert _offered(state) == legal_actions(state)
    state = apply(state, legal_actions(state)[0])  # seat 1 plays
    assert state.to_move == 2 and Sign(Signal.ACE_OF_TRUMPS) not in observe(state, 2).history
    assert _offered(state) == legal_actions(state)
    assert Sign(Signal.ACE_OF_TRUMPS) in _offered(state)


def test_a_loaded_observation_has_the_same_legal_actions() -> None:
    """Observations and search, "What the seat may do": an observation read
    back from JSON (its bids are new objects) gives the same actions, as
    a client holding only the observation would list them."""
    state = apply(new_game(preset("bastardo"), seed=6), Bid(65))
    seat = state.to_move
    assert seat is not None
    seen = loads(dumps(observe(state, seat)), Observation)
    assert legal_actions(seen) == legal_actions(state)
    assert legal_actions(seen)[1] == Bid(66)


def test_legal_actions_refuses_other_objects() -> None:
    """Observations and search: ``legal_actions`` takes a deal, a match or
    an observation, and nothing else."""
    with pytest.raises(TypeError, match="GameState, a MatchState or an Observation"):
        legal_actions("italian-2p")  # type: ignore[arg-type]
