"""The Monte Carlo bot's rollouts played in a batch: ``MonteCarloBot(...,
batch=True)`` (Bots, "Rollouts in a batch").

Greedy rollouts played in a :class:`briscola.vector.BatchGame` give the
engine's values world by world (so the bot weighs every action the same
and makes the same choice); random ones give values of the same
distribution; the option is off by default and only then is the batched
engine imported.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from briscola import GameState, Phase, apply, legal_actions, new_game, observe, preset, sample_state
from briscola.bots import MonteCarloBot
from briscola.bots._montecarlo import silent

np = pytest.importorskip("numpy")
pytest.importorskip("numba")


def _decision(name: str, seed: int) -> GameState:
    """A state of ``name`` in trick play, with more than one action to
    weigh, some random actions into a deal."""
    rules = preset(name)
    rng = random.Random(seed)
    while True:
        state = new_game(rules, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(len(rules.pack))):
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        if (
            not state.is_over
            and state.phase is Phase.PLAYING
            and len(silent(legal_actions(state))) > 1
        ):
            return state


@pytest.mark.parametrize(
    "name", ["italian-2p", "italian-4p", "split-4p", "spanish-2p", "romanian-4p", "bastardo"]
)
def test_greedy_batch_rollouts_give_the_engines_values_world_by_world(name: str) -> None:
    """Bots, "Rollouts in a batch": for worlds sampled from a decision,
    every action's greedy rollout value from the batch equals the engine's
    rollout's, world by world; the bot's evaluation and choice agree."""
    bot = MonteCarloBot(samples=24, batch=True)
    scalar = MonteCarloBot(samples=24)
    for seed in range(3):
        state = _decision(name, seed)
        seat = state.to_move
        assert seat is not None
        seen = observe(state, seat)
        legal = silent(legal_actions(state))
        rng = random.Random(seed)
        worlds = [sample_state(seen, rng) for _ in range(24)]
        expected = [scalar.world_values(world, legal, seat, rng) for world in worlds]
        assert bot.batch_values(worlds, legal, seat, seed) == expected
        assert bot.evaluate(seen, legal, random.Random(seed)) == scalar.evaluate(
            seen, legal, random.Random(seed)
        )
        assert bot.choose(seen, legal, random.Random(seed)) == scalar.choose(
            seen, legal, random.Random(seed)
        )


@pytest.mark.parametrize("name", ["italian-2p", "spanish-2p", "bastardo"])
def test_random_batch_rollouts_have_the_engines_distribution(name: str) -> None:
    """Bots, "Rollouts in a batch": from 1,500 worlds of one decision, the
    values of each action's random rollout, played by the batch and by the
    engine over the same worlds, have the same mean: a two-sample z-test
    at four standard errors, with fixed seeds (so it cannot flake; by
    chance it would fail about once in 16,000 seeds per action)."""
    runs = 1500
    state = _decision(name, 7)
    seat = state.to_move
    assert seat is not None
    seen = observe(state, seat)
    legal = silent(legal_actions(state))
    rng = random.Random(3)
    worlds = [sample_state(seen, rng) for _ in range(runs)]
    batch = np.array(
        MonteCarloBot(rollout="random", batch=True).batch_values(worlds, legal, seat, 5)
    )
    engine = MonteCarloBot(rollout="random")
    scalar = np.array([engine.world_values(world, legal, seat, rng) for world in worlds])
    error = np.sqrt(batch.var(axis=0) / runs + scalar.var(axis=0) / runs)
    assert (np.abs(batch.mean(axis=0) - scalar.mean(axis=0)) < 4 * np.maximum(error, 1e-9)).all()


def test_the_batch_option_is_off_by_default_and_named() -> None:
    """Bots, "Rollouts in a batch": the option is off unless asked for,
    shows in the bot's repr, takes only the rollouts the batch plays, and
    without it deciding never imports the batched engine."""
    assert not MonteCarloBot().batch
    assert (
        repr(MonteCarloBot(8, batch=True))
        == "MonteCarloBot(samples=8, rollout='greedy', batch=True)"
    )

    def first(state: GameState, rng: random.Random) -> object:
        return legal_actions(state)[0]

    with pytest.raises(ValueError, match="batch=True plays the 'greedy' or 'random' rollout"):
        MonteCarloBot(rollout=first, batch=True)  # type: ignore[arg-type]
    script = (
        "import random, sys\n"
        "from briscola import legal_actions, new_game, observe, preset\n"
        "from briscola.bots import MonteCarloBot\n"
        "state = new_game(preset('italian-2p'), seed=1)\n"
        "MonteCarloBot(4).choose(observe(state, 0), legal_actions(state), random.Random(1))\n"
        "print('briscola.vector' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd="."
    )
    assert done.stdout.strip() == "False"
