"""How long a Monte Carlo decision takes, rollouts by the engine or by a batch.

Run ``python benchmarks/montecarlo_batch.py``. It deals italian-2p deals,
plays each a random number of cards in, and times
``MonteCarloBot(samples).choose`` at the seat to move, with the rollouts
played by the engine (the default) and with ``batch=True`` (every sampled
world after every action played out in one
:class:`briscola.vector.BatchGame`), alternating the two over the same
decisions, round after round. It prints the milliseconds per decision of
each (the median over the rounds), their ratio, and the share of the
scalar bot's time that the sampling of worlds takes
(:func:`briscola.sample_state`), which no faster rollout removes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from briscola import Observation, apply, legal_actions, new_game, observe, preset, sample_state
from briscola._actions import Action
from briscola.bots import MonteCarloBot


def decisions(count: int, seed: int) -> list[tuple[Observation, tuple[Action, ...]]]:
    """``count`` decisions of italian-2p deals, with more than one legal
    action, 0 to 30 random cards into a deal."""
    rules = preset("italian-2p")
    rng = random.Random(seed)
    found: list[tuple[Observation, tuple[Action, ...]]] = []
    while len(found) < count:
        state = new_game(rules, seed=rng.randrange(10**9))
        for _ in range(rng.randrange(31)):
            state = apply(state, rng.choice(legal_actions(state)))
        legal = legal_actions(state)
        if len(legal) > 1 and state.to_move is not None:
            found.append((observe(state, state.to_move), legal))
    return found


def per_decision(bot: MonteCarloBot, cases: list[tuple[Observation, tuple[Action, ...]]]) -> float:
    """Milliseconds per decision of ``bot`` over ``cases``."""
    rng = random.Random(1)
    start = time.perf_counter()
    for observation, legal in cases:
        bot.choose(observation, legal, rng)
    return (time.perf_counter() - start) / len(cases) * 1e3


def sampling(samples: int, cases: list[tuple[Observation, tuple[Action, ...]]]) -> float:
    """Milliseconds per decision spent dealing ``samples`` worlds."""
    rng = random.Random(1)
    start = time.perf_counter()
    for observation, _ in cases:
        for _ in range(samples):
            sample_state(observation, rng)
    return (time.perf_counter() - start) / len(cases) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rollout", choices=("greedy", "random"), default="greedy")
    args = parser.parse_args()
    cases = decisions(args.decisions, seed=2026)
    scalar = MonteCarloBot(args.samples, args.rollout)
    batch = MonteCarloBot(args.samples, args.rollout, batch=True)
    per_decision(batch, cases[:2])  # load the compiled kernels
    times: dict[str, list[float]] = {"scalar": [], "batch": [], "sampling": []}
    for _ in range(args.rounds):
        times["scalar"].append(per_decision(scalar, cases))
        times["batch"].append(per_decision(batch, cases))
        times["sampling"].append(sampling(args.samples, cases))
    ms = {name: statistics.median(values) for name, values in times.items()}
    print(
        f"MonteCarloBot({args.samples}, {args.rollout!r}) on italian-2p, "
        f"{args.decisions} decisions, median of {args.rounds} rounds"
    )
    print(f"{'rollouts':<28} {'ms per decision':>16}")
    print(f"{'engine (scalar)':<28} {ms['scalar']:>16.1f}")
    print(f"{'batch=True':<28} {ms['batch']:>16.1f}")
    print(f"batch / scalar: {ms['scalar'] / ms['batch']:.2f}x fewer ms")
    share = ms["sampling"] / ms["scalar"]
    print(
        f"sampling worlds: {ms['sampling']:.1f} ms, {100 * share:.0f}% of the scalar bot's "
        f"time (caps any rollout speed-up at {1 / share:.1f}x)"
    )


if __name__ == "__main__":
    main()
