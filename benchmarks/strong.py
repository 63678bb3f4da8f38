"""Measure StrongBot against another bot in duplicate format.

Run ``python benchmarks/strong.py --preset italian-2p --opponent heuristic
--packs 1000``. Every pack ``k`` is dealt by ``new_game(rules, seed=k)``
and played twice, so luck of the deal cancels out:

- when the rules have fixed sides (two seats, pairs), the packs are the
  duplicate deals of :func:`briscola.bots.tournament` (``duplicate=True``,
  the strong bot and the opponent each playing one side, then swapping);
  a game scores 1 for a win of the strong side, 1/2 for a tie, 0 for a
  loss;
- in bastardo (sides only known at the end), the strong bot takes seat
  ``k % 5`` among opponents in one game, and the opponent bot takes that
  seat in the other; the pack scores 1 when the strong bot's deal score
  beats the opponent's at the same seat, 1/2 when they are equal, 0
  otherwise.

The score is the mean over packs with a 95% confidence interval (normal
approximation on the per-pack means, which counts the pairing of the two
games of a pack; Wilson's interval over the games, which ignores it, is
printed beside it). The script also reports each bot's
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
import math
import random
import sys
import time
from collections.abc import Iterator, Sequence
from typing import TextIO

from briscola import PRESETS, Action, Auction, Observation, Rules, outcome, preset
from briscola.bots import (
    Bot,
    HeuristicBot,
    MonteCarloBot,
    StrongBot,
    make_bot,
    play_deal,
    wilson_interval,
)
from briscola.bots._tournament import running


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


def bastardo_pack(rules: Rules, k: int, strong: Timed, other: Timed) -> float:
    """The strong bot's score on bastardo pack ``k``: it sits at seat
    ``k % n`` among opponents, then the opponent bot takes that seat."""
    n = rules.players
    seat = k % n
    seats_a: list[Bot] = [other] * n
    seats_a[seat] = strong
    seats_b: list[Bot] = [other] * n
    with_strong = outcome(play_deal(rules, seats_a, seed=k))
    without = outcome(play_deal(rules, seats_b, seed=k))
    assert with_strong is not None and without is not None
    mine, theirs = with_strong.scores[seat], without.scores[seat]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def pack_scores(
    rules: Rules, first: int, packs: int, strong: Timed, other: Timed
) -> Iterator[float]:
    """The strong bot's score on each pack from ``first`` (see the module).
    With fixed sides the packs are the tournament's duplicate deals, one
    pack a chunk, the strong bot's side first; each pack's score is its
    wins plus half its ties over the two games."""
    if rules.auction is not Auction.NONE:
        for k in range(first, first + packs):
            yield bastardo_pack(rules, k, strong, other)
        return
    won = 0.0
    for result in running(rules, [strong, other], packs, seed=first, duplicate=True, chunk=1):
        mine = result.standings[0]
        so_far = mine.wins + mine.ties / 2
        yield (so_far - won) / 2
        won = so_far


def report(
    rules_name: str,
    opponent: str,
    scores: list[float],
    strong: Timed,
    other: Timed,
    one_per_pack: bool = False,
) -> str:
    """One line: the score, its 95% interval over the packs (and Wilson's
    over the games, which ignores the pairing), each bot's cost per
    decision and the search speed."""
    count = len(scores)
    mean = sum(scores) / count
    var = sum((s - mean) ** 2 for s in scores) / max(1, count - 1)
    half = 1.96 * math.sqrt(var / count)
    # Wilson's interval counts a tied game as half a game won and half lost;
    # a bastardo pack is one comparison, a pack with fixed sides two games.
    games = count if one_per_pack else 2 * count
    low, high = wilson_interval(round(mean * games), games)
    speed = strong.nodes / strong.seconds if strong.seconds else 0.0
    return (
        f"{rules_name} {strong.bot!r} vs {opponent}: packs {count}, "
        f"score {mean:.3f} +- {half:.3f} (95% CI {mean - half:.3f}..{mean + half:.3f}; "
        f"Wilson over games {low:.3f}..{high:.3f}); "
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
    scores: list[float] = []
    for score in pack_scores(rules, args.first, args.packs, strong, other):
        scores.append(score)
        if len(scores) % args.every == 0 or len(scores) == args.packs:
            one_per_pack = rules.auction is not Auction.NONE
            line = report(args.preset, args.opponent, scores, strong, other, one_per_pack)
            print(line, file=out, flush=True)
            if args.out is not None:
                with open(args.out, "a", encoding="utf-8") as file:
                    print(line, file=file)


if __name__ == "__main__":
    main()
