"""How strong each bot is: head-to-head results, measured.

Every pairing of the random, heuristic and Monte Carlo bots plays the same
seeded deals twice, once with each bot in each seat (the seat that leads
the first trick has an edge, and the same pack with the seats swapped
cancels the luck of the cards). A deal counts 1 for a win, 1/2 for a
60-60 tie and 0 for a loss; the score of a pairing is the first bot's
mean, with a 95% confidence interval from the spread of the per-pack
means (normal approximation). Each bot's cost per move is its mean time
in ``choose``.

Run it with ``nice`` on a machine that is otherwise quiet::

    nice python benchmarks/bots_strength.py --packs 300

The table printed at the end is the one in ``docs/guides/bots.rst``.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence

from briscola import Action, Observation, Rules, preset
from briscola.bots import Bot, HeuristicBot, MonteCarloBot, RandomBot, duplicate_match


class Timed:
    """A bot that passes every decision to ``inner`` and times it."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.moves = 0
        self.seconds = 0.0

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        start = time.perf_counter()
        action = self.inner.choose(observation, legal, rng)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return action

    @property
    def per_move(self) -> float:
        """Mean seconds per decision so far."""
        return self.seconds / self.moves if self.moves else math.nan


def pairing(rules: Rules, first: Timed, second: Timed, packs: int) -> tuple[float, float, int]:
    """The first bot's mean score against the second over ``packs`` packs,
    each played with the seats both ways (:func:`briscola.bots.duplicate_match`);
    the 95% half-width; the deals."""
    result = duplicate_match(rules, first, second, packs)
    return result.score, result.half_width, 2 * packs


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="italian-2p", help="a two-player preset")
    parser.add_argument(
        "--packs", type=int, default=300, help="packs per pairing (each dealt twice)"
    )
    parser.add_argument("--samples", type=int, default=50, help="the Monte Carlo bot's samples")
    args = parser.parse_args(argv)
    if args.packs < 2:
        parser.error("--packs must be at least 2")
    rules = preset(args.preset)
    if rules.players != 2:
        parser.error(f"{args.preset} is not a two-player preset")
    bots = {
        "random": Timed(RandomBot()),
        "heuristic": Timed(HeuristicBot()),
        f"montecarlo ({args.samples} samples)": Timed(MonteCarloBot(samples=args.samples)),
    }
    names = list(bots)
    rows: list[tuple[str, str, float, float, int, float]] = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            start = time.perf_counter()
            mean, half, deals = pairing(rules, bots[b], bots[a], args.packs)
            elapsed = time.perf_counter() - start
            rows.append((b, a, mean, half, deals, elapsed))
            print(
                f"{b} vs {a}: {mean:.3f} ± {half:.3f} over {deals} deals ({elapsed:.0f} s)",
                flush=True,
            )

    print()
    print(f"{args.preset}, {args.packs} packs per pairing, each played with the seats both ways")
    print()
    width = max(len(name) for name in names)
    print(f"{'bot':<{width}}  {'vs':<{width}}  {'score':>6}  {'95% CI':>15}  {'deals':>5}")
    for first, second, mean, half, deals, _ in rows:
        low, high = mean - half, mean + half
        print(
            f"{first:<{width}}  {second:<{width}}  {mean:6.3f}  [{low:.3f}, {high:.3f}]  {deals:>5}"
        )
    print()
    print(f"{'bot':<{width}}  {'moves':>7}  {'ms per move':>11}")
    for name, bot in bots.items():
        print(f"{name:<{width}}  {bot.moves:>7}  {1000 * bot.per_move:11.3f}")


if __name__ == "__main__":
    main()
