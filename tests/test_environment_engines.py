"""The single environments on the compiled engine: ``engine="compiled"``
of :mod:`briscola.pettingzoo` and :mod:`briscola.gymnasium` (Reinforcement
learning, "The compiled engine").

With the same seeds and actions, the environments on a one-deal batch
give what they give on the scalar engine, step for step: observations of
every seat, masks, rewards, terminations, infos and pictures; they pass
PettingZoo's and Gymnasium's own checkers; they pickle mid-deal.
"""

from __future__ import annotations

import pickle
import random
import sys
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from briscola import PRESETS, apply, legal_actions, new_game, preset  # noqa: E402
from briscola.gymnasium import BriscolaEnv  # noqa: E402
from briscola.pettingzoo import env, raw_env  # noqa: E402

from .test_pettingzoo import KNOWN_WARNINGS  # noqa: E402

NO_SPEC = "ignore:.*Not able to test alternative render modes"


def _aec_record(name: str, engine: str, reward: str, seed: int) -> list[Any]:
    """Two deals of ``name`` through ``env()`` with random legal actions
    drawn from ``seed``: at every step, what ``last()`` gives, every
    agent's observation, reward, termination, truncation and info, and the
    picture."""
    game = env(name, engine=engine, reward=reward, render_mode="ansi")
    rng = random.Random(seed)
    record: list[Any] = []
    for deal in range(2):
        game.reset(seed=seed + deal)
        for agent in game.agent_iter():
            seen, reward_now, terminated, truncated, info = game.last()
            record.append(
                (
                    agent,
                    seen["observation"].tobytes(),
                    seen["action_mask"].tobytes(),
                    reward_now,
                    terminated,
                    truncated,
                    info["action_mask"].tobytes(),
                    game.render(),
                )
            )
            for other in game.agents:
                theirs = game.observe(other)
                record.append(
                    (
                        other,
                        theirs["observation"].tobytes(),
                        theirs["action_mask"].tobytes(),
                        game.rewards[other],
                        game.terminations[other],
                        game.truncations[other],
                        game.infos[other]["action_mask"].tobytes(),
                    )
                )
            if terminated or truncated:
                game.step(None)
            else:
                game.step(rng.choice(np.flatnonzero(seen["action_mask"]).tolist()))
        record.append(game.unwrapped.game)
    return record


@pytest.mark.parametrize("name", PRESETS)
def test_pettingzoo_plays_the_same_game_on_both_engines(name: str) -> None:
    """Reinforcement learning, "The compiled engine": every agent's
    observation, mask, reward, termination, info and the picture agree at
    every step of whole deals, under both reward schemes, and the deal
    rebuilt at the end is the scalar engine's."""
    for reward in ("outcome", "points"):
        seed = len(name) + (reward == "points")
        assert _aec_record(name, "compiled", reward, seed) == _aec_record(
            name, "scalar", reward, seed
        )


def _gym_record(name: str, engine: str, seat: int, reward: str, seed: int) -> list[Any]:
    """Two episodes of ``name`` through ``BriscolaEnv`` (random bots) with
    random legal actions: every step's observation, reward, flags, info
    and picture."""
    made = BriscolaEnv(name, seat=seat, reward=reward, engine=engine, render_mode="ansi")
    rng = random.Random(seed)
    record: list[Any] = []
    for episode in range(2):
        seen, info = made.reset(seed=seed + episode)
        record.append((seen["observation"].tobytes(), seen["action_mask"].tobytes()))
        terminated = False
        while not terminated:
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            seen, reward_now, terminated, truncated, info = made.step(action)
            record.append(
                (
                    seen["observation"].tobytes(),
                    seen["action_mask"].tobytes(),
                    reward_now,
                    terminated,
                    truncated,
                    sorted((key, np.asarray(value).tobytes()) for key, value in info.items()),
                    made.action_masks().tobytes(),
                    made.render(),
                )
            )
        record.append(made.game)
    return record


@pytest.mark.parametrize("name", PRESETS)
def test_gymnasium_plays_the_same_game_on_both_engines(name: str) -> None:
    """Reinforcement learning, "The compiled engine": at every seat, under
    every reward scheme, the learner's observations, masks, rewards,
    flags, infos and the pictures agree at every step."""
    players = preset(name).players
    for seat in range(players):
        reward = ("outcome", "points", "trick-points")[seat % 3]
        seed = 7 * seat + len(name)
        assert _gym_record(name, "compiled", seat, reward, seed) == _gym_record(
            name, "scalar", seat, reward, seed
        )


@pytest.mark.filterwarnings(*KNOWN_WARNINGS)
@pytest.mark.parametrize("name", ["italian-2p", "split-4p", "spanish-2p", "bastardo"])
def test_the_compiled_pettingzoo_environment_passes_pettingzoos_tests(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Reinforcement learning, "The compiled engine": PettingZoo's API test
    and seed test pass on the compiled engine (talk, an exchange and an
    auction among the presets)."""
    api_test(env(name, engine="compiled"), num_cycles=100)
    seed_test(lambda: env(name, engine="compiled"), num_cycles=100)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.filterwarnings(NO_SPEC)
@pytest.mark.parametrize("name", ["italian-2p", "split-4p", "spanish-2p", "bastardo"])
def test_the_compiled_gymnasium_environment_passes_the_checker(name: str) -> None:
    """Reinforcement learning, "The compiled engine": Gymnasium's
    ``check_env`` passes at every seat on the compiled engine (with
    unmasked random actions, so illegal ones end episodes)."""
    for seat in range(preset(name).players):
        made = BriscolaEnv(name, seat=seat, render_mode="ansi", engine="compiled")
        check_env(made, skip_render_check=False)


def test_a_compiled_environment_pickles_and_starts_from_a_state() -> None:
    """Reinforcement learning, "The compiled engine": a copy made by
    pickling mid-deal plays on the same deal, and ``reset(options=
    {"state": ...})`` starts from the given deal."""
    game = env("bastardo", engine="compiled")
    game.reset(seed=1)
    game.step(int(np.flatnonzero(game.last()[0]["action_mask"])[1]))
    copy = pickle.loads(pickle.dumps(game))
    assert copy.unwrapped.game == game.unwrapped.game
    assert copy.agent_selection == game.agent_selection
    assert np.array_equal(copy.last()[0]["observation"], game.last()[0]["observation"])
    state = new_game(preset("bastardo"), seed=6)
    state = apply(state, legal_actions(state)[1])
    started = raw_env("bastardo", engine="compiled")
    started.reset(options={"state": state})
    assert started.game is state and started.agent_selection == f"player_{state.to_move}"
    learner = BriscolaEnv("italian-4p", seat=3, opponents="heuristic", engine="compiled")
    learner.reset(seed=2)
    twin = pickle.loads(pickle.dumps(learner))
    action = int(np.flatnonzero(learner.action_masks())[0])
    assert np.array_equal(
        twin.step(action)[0]["observation"], learner.step(action)[0]["observation"]
    )


def test_an_unknown_engine_or_a_missing_extra_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reinforcement learning, "The compiled engine": an engine is
    ``"scalar"`` or ``"compiled"``, and the compiled one without the
    ``vector`` extra says which extra to install."""
    with pytest.raises(ValueError, match="engine must be 'scalar' or 'compiled'"):
        env(engine="numba")
    with pytest.raises(ValueError, match="engine must be 'scalar' or 'compiled'"):
        BriscolaEnv(engine="fast")
    monkeypatch.setitem(sys.modules, "briscola.vector", None)
    monkeypatch.delitem(sys.modules, "briscola._rl_compiled", raising=False)
    with pytest.raises(ImportError, match=r"needs the vector extra .*briscola\[vector\]"):
        raw_env(engine="compiled")
