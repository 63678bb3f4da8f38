"""Measure StrongBot against another bot in duplicate format.

Run ``python benchmarks/strong.py --preset italian-2p --opponent heuristic
--packs 1000``. The packs are those of :func:`briscola.bots.duplicate_match`
from ``--first``: every pack ``k`` is dealt by ``new_game(rules, seed=k)``
and played twice, so luck of the deal cancels out (with fixed sides the
two bots swap sides; in bastardo the strong bot takes seat ``k % 5``
among opponents, then the opponent bot takes that seat), and the score
is the mean over packs with its 95% confidence interval over the packs.
The script also reports each bot's
mean cost per decision (only decisions with a choice, measured in the same
run) and the strong bot's search speed in cards played per second.
The strong bot's own dealing of worlds is luck that the duplicate packs do
not cancel: ``--stream N`` gives it the N-th other random stream (the same
bot, other worlds), to see how much a score moves with it alone.
``--bot NAME`` measures another bot by its :func:`briscola.bots.make_bot`
name (``--bot learned``) in the strong bot's place, and ``--opponent
strong`` sets it against the strong bot. ``--cost DEALS`` instead prints, for every preset, the cost per decision of
the strong bot and of ``MonteCarloBot(samples=200)`` seated alternately at
the same tables.
Results go to standard output and, with ``--out``, to a file as they come.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from briscola import PRESETS, Action, Observation, preset
from briscola.bots import (
    Bot,
    DuplicateScore,
    HeuristicBot,
    MonteCarloBot,
    StrongBot,
    duplicate_match,
    make_bot,
    play_deal,
)


class Timed:
    """A bot wrapper that times the decisions that have a choice. With
    ``stream`` above 0 the bot gets, at each of them, a generator seeded
    from its own, ``stream`` times over: another random stream."""

    def __init__(self, bot: Bot, stream: int = 0) -> None:
        self.bot = bot
        self.stream = stream
        self.seconds = 0.0
        self.decisions = 0
        self.nodes = 0

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        for _ in range(self.stream):
            rng = random.Random(rng.random())
        start = time.perf_counter()
        action = self.bot.choose(observation, legal, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        if isinstance(self.bot, StrongBot):
            self.nodes += self.bot.nodes
        return action

    def __repr__(self) -> str:
        return repr(self.bot)

    @property
    def per_decision(self) -> float:
        return self.seconds / max(1, self.decisions)


def make_opponent(spec: str) -> Bot:
    """``heuristic``, ``strong`` or ``mc:SAMPLES``."""
    if spec == "heuristic":
        return HeuristicBot()
    if spec == "strong":
        return StrongBot()
    if spec.startswith("mc:"):
        return MonteCarloBot(samples=int(spec[3:]))
    raise ValueError(f"unknown opponent {spec!r}: heuristic, strong or mc:SAMPLES")


def report(
    rules_name: str, opponent: str, score: DuplicateScore, strong: Timed, other: Timed
) -> str:
    """One line: the score and its 95% interval over the packs, each
    bot's cost per decision and the search speed."""
    speed = strong.nodes / strong.seconds if strong.seconds else 0.0
    return (
        f"{rules_name} {strong.bot!r} vs {opponent}: packs {score.packs}, "
        f"score {score.score:.3f} +- {score.half_width:.3f} "
        f"(95% CI {score.low:.3f}..{score.high:.3f}); "
        f"ms/decision strong {strong.per_decision * 1e3:.1f}, "
        f"{opponent} {other.per_decision * 1e3:.1f}; "
        f"search {speed / 1e3:.0f}k cards/s"
    )


def cost_table(deals: int, budget: int | None, out: TextIO) -> None:
    """Per preset, the cost per decision of the strong bot and of
    ``MonteCarloBot(samples=200)``, seated alternately at one table."""
    for name in sorted(PRESETS):
        rules = preset(name)
        bot = StrongBot() if budget is None else StrongBot(budget=budget)
        strong, other = Timed(bot), Timed(MonteCarloBot(samples=200))
        for k in range(deals):
            bots: list[Bot] = [strong if (seat + k) % 2 else other for seat in range(rules.players)]
            play_deal(rules, bots, seed=k)
        print(
            f"{name}: ms/decision strong {strong.per_decision * 1e3:.1f}, "
            f"mc:200 {other.per_decision * 1e3:.1f}",
            file=out,
            flush=True,
        )


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="italian-2p")
    parser.add_argument("--opponent", default="heuristic", help="heuristic, strong or mc:SAMPLES")
    parser.add_argument(
        "--bot", default=None, help="measure this make_bot name (learned...) instead"
    )
    parser.add_argument("--packs", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="seed of the first pack")
    parser.add_argument("--budget", type=int, default=None, help="StrongBot budget")
    parser.add_argument("--every", type=int, default=50, help="report every N packs")
    parser.add_argument("--out", default=None, help="also append the reports to this file")
    parser.add_argument(
        "--stream", type=int, default=0, help="the strong bot's random stream (0: its own)"
    )
    parser.add_argument(
        "--cost",
        type=int,
        default=0,
        metavar="DEALS",
        help="only the cost table, DEALS deals a preset",
    )
    args = parser.parse_args(argv)
    if args.cost:
        cost_table(args.cost, args.budget, out)
        return
    rules = preset(args.preset)
    bot: Bot = StrongBot() if args.budget is None else StrongBot(budget=args.budget)
    if args.bot is not None:
        bot = make_bot(args.bot)
    if args.stream < 0:
        parser.error(f"--stream must be 0 or more, not {args.stream}")
    strong, other = Timed(bot, args.stream), Timed(make_opponent(args.opponent))

    def show(score: DuplicateScore) -> None:
        line = report(args.preset, args.opponent, score, strong, other)
        print(line, file=out, flush=True)
        if args.out is not None:
            with open(args.out, "a", encoding="utf-8") as file:
                print(line, file=file)

    duplicate_match(
        rules, strong, other, args.packs, seed=args.first, chunk=args.every, on_progress=show
    )


if __name__ == "__main__":
    main()
