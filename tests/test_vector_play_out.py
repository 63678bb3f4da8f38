"""States into a batch and whole deals played out in it:
``BatchGame.from_states`` and ``BatchGame.play_out`` (Batched deals,
"States in, whole deals out").

A batch loaded from states agrees with them in every array, mid-deal
included; the greedy play-out plays the Monte Carlo bot's greedy rollout
card for card, and the random one draws its deals from the same
distribution as the bot's random rollout.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from briscola import (
    PRESETS,
    GameState,
    Phase,
    apply,
    legal_actions,
    new_game,
    observe,
    outcome,
    preset,
    sample_state,
)
from briscola.bots import greedy_rollout, random_rollout
from briscola.encoding import encoding_for

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from briscola.vector import BatchGame  # noqa: E402

from .test_vector import COMPILED, _bits, _places  # noqa: E402


def _midway(name: str, count: int, seed: int, playing: bool = False) -> list[GameState]:
    """``count`` deals of the preset ``name`` stopped after a random number
    of random actions (in trick play, with ``playing``), each then
    sampled again from one seat's observation, as a search deals them."""
    rules = preset(name)
    rng = random.Random(seed)
    states: list[GameState] = []
    while len(states) < count:
        state = new_game(rules, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(3 * len(rules.pack) // 2)):
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        if state.is_over or (playing and state.phase is not Phase.PLAYING):
            continue
        states.append(sample_state(observe(state, state.to_move or 0), rng))
    return states


def _points(state: GameState) -> list[int]:
    result = outcome(state)
    assert result is not None
    n = state.rules.players
    return [
        result.points[next(i for i, side in enumerate(result.sides) if seat in side)]
        for seat in range(n)
    ]


@pytest.mark.parametrize("name", PRESETS)
def test_states_loaded_agree_in_every_array(name: str) -> None:
    """Batched deals, "States in, whole deals out": sampled mid-deal states
    loaded with from_states give, deal by deal, the engine's mask, seat to
    move, observations of every seat and card places."""
    states = _midway(name, 12 if COMPILED else 3, seed=len(name))
    batch = BatchGame.from_states(states)
    encoding = encoding_for(batch.rules)
    assert batch.to_move.tolist() == [s.to_move for s in states]
    expected = np.array([encoding.mask(s) for s in states], dtype=bool)
    assert np.array_equal(batch.legal_mask(), expected)
    for seat in range(batch.rules.players):
        seen = batch.observations(np.full(len(states), seat))
        vectors = [encoding.encode(observe(s, seat)) for s in states]
        assert np.array_equal(_bits(seen), _bits(vectors))
    assert batch._places().tolist() == [_places(s) for s in states]


@pytest.mark.parametrize("name", PRESETS)
def test_the_greedy_play_out_is_the_greedy_rollout(name: str) -> None:
    """Batched deals, "States in, whole deals out": from states in trick
    play, play_out("greedy") ends every deal with the points that the
    Monte Carlo bot's greedy rollout reaches from the same state."""
    states = _midway(name, 16 if COMPILED else 4, seed=2 * len(name), playing=True)
    expected = []
    rng = random.Random(0)
    for state in states:
        while not state.is_over:
            state = apply(state, greedy_rollout(state, rng))
        expected.append(_points(state))
    batch = BatchGame.from_states(states)
    assert batch.play_out("greedy", seed=3).tolist() == expected
    assert batch.is_over.all()


@pytest.mark.parametrize("name", ["italian-2p", "split-4p", "spanish-2p", "chiamata"])
def test_the_random_play_out_has_the_random_rollouts_distribution(name: str) -> None:
    """Batched deals, "States in, whole deals out": from one state, the
    points of seat 0 after play_out("random") on 1,500 copies and after
    1,500 of the bot's random rollouts have the same mean: a two-sample
    z-test at four standard errors (a false alarm about once in 16,000
    runs; a policy that favoured one card or talked would move the mean
    by many more)."""
    state = _midway(name, 1, seed=5)[0]
    runs = 1500 if COMPILED else 200
    batch = BatchGame.from_states([state] * runs)
    ours = batch.play_out("random", seed=11)[:, 0].astype(float)
    rng = random.Random(11)
    theirs = []
    for _ in range(runs):
        played = state
        while not played.is_over:
            played = apply(played, random_rollout(played, rng))
        theirs.append(_points(played)[0])
    scalar = np.array(theirs, dtype=float)
    error = np.sqrt(ours.var() / runs + scalar.var() / runs)
    assert abs(ours.mean() - scalar.mean()) < 4 * max(error, 1e-9)


def test_a_seed_plays_the_same_deals_again() -> None:
    """Batched deals, "States in, whole deals out": the same seed gives the
    same play-out; finished deals stay as they were; a policy is named."""
    batch = BatchGame(preset("split-4p"), 64)
    batch.reset(seed=1)
    first = batch.play_out(seed=9)
    batch.reset(seed=1)
    assert np.array_equal(first, batch.play_out(seed=9))
    assert np.array_equal(first, batch.play_out(seed=10))  # every deal was over
    batch.reset(seed=1)
    assert not np.array_equal(first, batch.play_out(seed=10))
    with pytest.raises(ValueError, match="policy must be 'random' or 'greedy'"):
        batch.play_out("smart")


def test_from_states_refuses_what_is_not_one_rules_states() -> None:
    """Batched deals, "Arrays in, arrays out": from_states takes a non-empty
    sequence of GameState of one Rules, and says which item is wrong."""
    state = new_game(preset("italian-2p"), seed=1)
    other = new_game(preset("italian-3p"), seed=1)
    cases: list[tuple[Any, str]] = [
        ([], "at least one state"),
        ([state, observe(state, 0)], "item 1 is a Observation"),
        ([state, other], "state 1's differ from state 0's"),
    ]
    for given, message in cases:
        with pytest.raises(ValueError, match=message):
            BatchGame.from_states(given)
