"""Search with what was learned: StrongBot with the learned policy as a
prior and the learned value at its leaves.

Run ``python benchmarks/learned_search.py --packs 500``. The
guided bot is ``StrongBot(budget, prior=LearnedBot(), prior_weight=weight)``:
in trick play it weighs each legal action as
:meth:`briscola.bots.StrongBot.evaluate` does (the mean value over its
sampled worlds, a win counting 1 and the side's share of the points
``points_weight`` times) and adds ``weight`` times the learned network's
probability of that action (:meth:`briscola.bots.LearnedBot.policy`),
then plays the best. The network costs about 0.1 ms a decision with
NumPy, a few percent of the search's at most.

With ``--value-weight`` above 0 and ``--weights`` a file with a value
head (``tools/train_selfplay.py`` writes them), the same file's value
judges the positions one card ahead where the search plays out
(``StrongBot(value=..., value_weight=..., value_worlds=...)``, the
"Bots" guide); ``--weight 0`` leaves the prior out, and ``--backend
python`` evaluates the network without NumPy (the same moves, slower).

It plays duplicate packs (:func:`briscola.bots.duplicate_match`, seeds
from ``--first``) of the guided bot against ``StrongBot`` of the same budget,
or against ``--opponent`` (a :func:`briscola.bots.make_bot` name), and
prints the guided side's score with a 95% interval (normal, over the
packs) and each side's mean time a decision every ``--every`` packs and
at the end.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

from briscola import Action, Observation, preset
from briscola.bots import Bot, DuplicateScore, LearnedBot, StrongBot, duplicate_match, make_bot


class Timed:
    """A bot that times the decisions of the bot it wraps (those with more
    than one legal action), and shows as that bot."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.decisions = 0

    def __repr__(self) -> str:
        return repr(self.bot)

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        began = time.perf_counter()
        action = self.bot.choose(observation, legal, rng)
        if len(legal) > 1:
            self.seconds += time.perf_counter() - began
            self.decisions += 1
        return action

    @property
    def ms(self) -> float:
        """The mean time of a decision so far, in milliseconds."""
        return 1000 * self.seconds / max(1, self.decisions)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="italian-2p")
    parser.add_argument("--packs", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="seed of the first pack")
    parser.add_argument("--budget", type=int, default=25_000, help="both bots' budget")
    parser.add_argument(
        "--weight", type=float, default=None, help="weight of the prior (default: StrongBot's)"
    )
    parser.add_argument("--weights", default=None, help="a weights file (default: shipped)")
    parser.add_argument("--value-weight", type=float, default=0.0, help="the value's share")
    parser.add_argument("--value-worlds", type=int, default=8, help="worlds for the value")
    parser.add_argument(
        "--backend", choices=("auto", "numpy", "python"), default="auto", help="the network's"
    )
    parser.add_argument("--opponent", default=None, help="a make_bot name (default: StrongBot)")
    parser.add_argument("--every", type=int, default=50)
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    network = LearnedBot(args.weights, backend=args.backend)
    # StrongBot's own defaults for what the command line leaves out.
    options: dict[str, Any] = {"value_worlds": args.value_worlds}
    if args.weight != 0:
        options["prior"] = network
    if args.weight is not None:
        options["prior_weight"] = args.weight
    if args.value_weight:
        options.update(value=network, value_weight=args.value_weight)
    guided = Timed(StrongBot(args.budget, **options))
    opponent = Timed(StrongBot(args.budget) if args.opponent is None else make_bot(args.opponent))

    def show(score: DuplicateScore) -> None:
        print(
            f"packs {score.packs}: {guided!r} against {opponent!r}: {score.score:.3f} "
            f"({score.low:.3f}-{score.high:.3f}); ms a decision {guided.ms:.1f} "
            f"against {opponent.ms:.1f}",
            flush=True,
        )

    duplicate_match(
        rules, guided, opponent, args.packs, seed=args.first, chunk=args.every, on_progress=show
    )


if __name__ == "__main__":
    main()
