"""Measure what table talk is worth to the bots, in duplicate packs.

Run ``python benchmarks/talk.py --bot heuristic --match talk --packs 20000``.
Every pack ``k`` is dealt by ``new_game(rules, seed=k)`` (``split-4p`` by
default) and played twice, the two pairs swapping seats, so that luck of
the deal cancels out; a pack scores the mean over its two games of 1 for
a win of the first pair, 1/2 for a tie and 0 for a loss. The score is the
mean over packs with a 95% interval (normal approximation on the
per-pack means). The matches (``--match``), the first pair against the
second:

- ``ceiling``: silent bots shown their partner's whole hand at every
  decision, against the same bots blind: what knowing the partner's hand
  is worth at most;
- ``talk``: bots by the honest convention against the same bots silent;
- ``signs``, ``words``: the honest signs alone, the honest words alone,
  against silent bots;
- ``liar``: honest bots against a pair whose second seat signs and speaks
  at random (its first seat talks and listens honestly);
- ``liar-silent``: that lied-to pair against silent bots: what listening
  to a partner that cannot be trusted costs.

How the ceiling shows a hand without breaking the bot protocol: the bot
still receives only its observation; a benchmark-only wrapper
(:class:`Sighted`) is handed the true deal by the playing loop (the
``on_action`` hook of :func:`briscola.bots.play_deal`) and, for the
heuristic bot, adds the partner's hand to the observation's
``known_hands`` (as the rules do once the stock is empty); for the strong
bot it makes every world it searches hold that hand (the way a partner's
signs are held, :meth:`StrongBot.claims`). Neither is a bot a program
could seat at a real table.

The cost line gives, for each pair, the seconds its bots spent per card
played, the talk decisions of that turn included.
Results go to standard output and, with ``--out``, to a file as they come.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

import attrs

from briscola import Action, Card, GameState, Observation, Play, Rules, outcome, preset
from briscola.bots import (
    CONVENTIONS,
    Bot,
    Convention,
    DuplicateScore,
    HeuristicBot,
    StrongBot,
    play_deal,
)


class Peek:
    """The deal in progress, kept by the playing loop for :class:`Sighted`."""

    def __init__(self) -> None:
        self.state: GameState | None = None

    def hook(self, before: GameState, seat: int, action: Action, after: GameState) -> None:
        self.state = after


class Sighted:
    """Benchmark only: a bot shown its partner's whole hand (see the
    module)."""

    def __init__(self, bot: Bot, peek: Peek) -> None:
        self.bot = bot
        self.peek = peek

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        state = self.peek.state
        if state is None or observation.trump is None:
            return self.bot.choose(observation, legal, rng)
        partner = (observation.seat + 2) % 4
        hand = tuple(sorted(state.hands[partner], key=lambda card: card.index))
        if isinstance(self.bot, SightedStrong):
            self.bot.partner_hand = (partner, hand)
            return self.bot.choose(observation, legal, rng)
        known = list(observation.known_hands)
        known[partner] = hand
        shown = attrs.evolve(observation, known_hands=tuple(known))
        return self.bot.choose(shown, legal, rng)

    def __repr__(self) -> str:
        return f"Sighted({self.bot!r})"


class SightedStrong(StrongBot):
    """Benchmark only: a strong bot whose worlds all hold the partner's
    hand that :class:`Sighted` hands it before each decision."""

    partner_hand: tuple[int, tuple[Card, ...]] | None = None

    def _claims(self, observation: Observation) -> list[tuple[int, tuple[int, ...]]]:
        claims = super()._claims(observation)
        if self.partner_hand is not None:
            seat, cards = self.partner_hand
            unseen = {card.index for card in observation.unseen}
            hidden = tuple(card.index for card in cards if card.index in unseen)
            if hidden:
                claims.append((seat, hidden))
        return claims


class Pair:
    """Two bots as one side: the first takes seat 0 or 1, the second its
    partner. Times their decisions and counts the cards played."""

    def __init__(self, first: Bot, second: Bot) -> None:
        self.bots = (first, second)
        self.seconds = 0.0
        self.cards = 0

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        bot = self.bots[0 if observation.seat < 2 else 1]
        start = time.perf_counter()
        action = bot.choose(observation, legal, rng)
        self.seconds += time.perf_counter() - start
        self.cards += type(action) is Play
        return action

    def __repr__(self) -> str:
        return f"Pair({self.bots[0]!r}, {self.bots[1]!r})"


def _bot(kind: str, convention: Convention, budget: int, sighted: bool = False) -> Bot:
    if kind == "heuristic":
        return HeuristicBot(convention)
    if sighted:
        return SightedStrong(budget=budget, convention=convention)
    return StrongBot(budget=budget, convention=convention)


def pairs(kind: str, match: str, budget: int, peek: Peek) -> tuple[Pair, Pair]:
    """The two pairs of ``match`` (see the module)."""
    silent = CONVENTIONS["silent"]

    def make(name: str) -> Bot:
        return _bot(kind, CONVENTIONS[name], budget)

    if match == "ceiling":
        sighted = [Sighted(_bot(kind, silent, budget, True), peek) for _ in range(2)]
        return Pair(sighted[0], sighted[1]), Pair(make("silent"), make("silent"))
    if match in ("talk", "signs", "words"):
        name = "honest" if match == "talk" else match
        return Pair(make(name), make(name)), Pair(make("silent"), make("silent"))
    if match == "liar":
        return Pair(make("honest"), make("honest")), Pair(make("honest"), make("liar"))
    if match == "liar-silent":
        return Pair(make("honest"), make("liar")), Pair(make("silent"), make("silent"))
    raise ValueError(f"unknown match {match!r}")


MATCHES = ("ceiling", "talk", "signs", "words", "liar", "liar-silent")


def pack_score(rules: Rules, k: int, first: Pair, second: Pair, peek: Peek) -> float:
    """Pack ``k``'s score for ``first``: a game with it at seats 0 and 2,
    one with it at 1 and 3."""
    total = 0.0
    for seats in ((first, second), (second, first)):
        mine = 0 if seats[0] is first else 1
        peek.state = None
        state = play_deal(rules, [seats[0], seats[1]] * 2, seed=k, on_action=peek.hook)
        result = outcome(state)
        assert result is not None
        winners = set(result.winners)
        ours = {mine, mine + 2}
        total += 1.0 if winners == ours else 0.5 if not winners else 0.0
    return total / 2


def summary(name: str, scores: Sequence[float], first: Pair, second: Pair) -> str:
    result = DuplicateScore(repr(first), repr(second), 0, tuple(scores))
    count, mean, half = result.packs, result.score, result.half_width

    def cost(pair: Pair) -> float:
        return pair.seconds / max(1, pair.cards) * 1e3

    return (
        f"{name}: packs {count}, score {mean:.4f} +- {half:.4f} "
        f"(95% CI {mean - half:.4f}..{mean + half:.4f}); "
        f"ms/card {cost(first):.3f} vs {cost(second):.3f} "
        f"(+{(cost(first) / max(1e-9, cost(second)) - 1) * 100:.0f}%)"
    )


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="split-4p")
    parser.add_argument("--bot", default="heuristic", choices=("heuristic", "strong"))
    parser.add_argument("--match", default="talk", choices=MATCHES)
    parser.add_argument("--packs", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="seed of the first pack")
    parser.add_argument("--budget", type=int, default=25_000, help="StrongBot budget")
    parser.add_argument("--every", type=int, default=500, help="report every N packs")
    parser.add_argument("--out", default=None, help="also append the reports to this file")
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    if not rules.table_talk or rules.players != 4:
        parser.error(f"{args.preset} has no table talk between two pairs")
    peek = Peek()
    first, second = pairs(args.bot, args.match, args.budget, peek)
    name = f"{args.preset} {args.bot} {args.match} (seeds {args.first}..)"
    log: Callable[[str], None]
    sink = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
    try:

        def log(line: str) -> None:
            print(line, file=out, flush=True)
            if sink is not None:
                print(line, file=sink, flush=True)

        scores: list[float] = []
        for k in range(args.first, args.first + args.packs):
            scores.append(pack_score(rules, k, first, second, peek))
            if len(scores) % args.every == 0 or len(scores) == args.packs:
                log(summary(name, scores, first, second))
    finally:
        if sink is not None:
            sink.close()


if __name__ == "__main__":
    main()
