"""The learned bot's cost per move, with NumPy and in plain Python.

Run ``python benchmarks/learned_cost.py --deals 200``: the bot, with each
backend in turn, plays that many deals (italian-2p, or ``--preset``;
at the seats of one side, HeuristicBot at the others, the sides taking
turns; the same seeds for both), and the script prints the mean time of the
decisions that had a choice (encoding the observation included) in CPU
time of this process, which a busy machine inflates less than wall time, and
whether both backends played the same moves.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from briscola import Action, Observation, Rules, preset
from briscola.bots import Bot, HeuristicBot, LearnedBot, play_deal


class Timed:
    """Times the wrapped bot's decisions that have a choice."""

    def __init__(self, bot: LearnedBot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.decisions = 0

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        start = time.process_time()
        action = self.bot.choose(observation, legal, rng)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return action


def seated(rules: Rules, bot: Bot, side: Sequence[int]) -> list[Bot]:
    """A bot per seat: ``bot`` at the seats of ``side``, HeuristicBot at
    the others."""
    return [bot if seat in side else HeuristicBot() for seat in range(rules.players)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--preset", default="italian-2p")
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    histories = {}
    for backend in ("numpy", "python"):
        bot = Timed(LearnedBot(backend=backend))
        histories[backend] = [
            play_deal(rules, seated(rules, bot, rules.sides[k % 2]), seed=k).history
            for k in range(args.deals)
        ]
        print(
            f"{args.preset} LearnedBot(backend={backend!r}): {bot.decisions} decisions, "
            f"{bot.seconds / max(1, bot.decisions) * 1e3:.3f} ms per move",
            flush=True,
        )
    same = histories["numpy"] == histories["python"]
    print(f"both backends played the same moves: {same}")


if __name__ == "__main__":
    main()
