"""Hash every decision the bots make over fixed deals of every preset.

A change meant to leave play alone (a refactoring of the rules tables, the
bots or the engine) must leave these hashes alone. Run it before and after
the change, on the same arguments, and compare the output::

    PYTHONPATH=/path/to/before python tools/decision_hash.py > before.txt
    PYTHONPATH=/path/to/after python tools/decision_hash.py > after.txt
    diff before.txt after.txt

For each preset and each bot of ``briscola.bots.make_bot`` (``random``,
``heuristic``, ``montecarlo`` with a few samples, ``strong`` with a small
budget), it plays seeded deals with :func:`briscola.bots.play_deal` in a
mixed lineup: the bot under test at every other seat, the others seated in
turn, which seats change with the seed. Every action of every deal (its
seat and ``repr``) goes into a SHA-256 per preset and bot; the last line
is the hash of them all. It uses the public API only, so it runs on any
version of the package that has it.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Callable, Sequence

from briscola import PRESETS, Action, GameState, Rules
from briscola.bots import Bot, make_bot, play_deal

BOTS = ("random", "heuristic", "montecarlo", "strong")
"""The bots under test, by the short names :func:`make_bot` knows."""


def bot_spec(name: str, samples: int, budget: int) -> str:
    """The :func:`make_bot` name of a bot under test, with its option."""
    if name == "montecarlo":
        return f"montecarlo:{samples}"
    if name == "strong":
        return f"strong:{budget}"
    return name


def lineup(rules: Rules, tested: str, seed: int, specs: dict[str, str]) -> list[Bot]:
    """The bots of one deal: ``tested`` at the seats of the seed's parity,
    the other bots in turn at the rest."""
    others = [name for name in BOTS if name != tested]
    bots: list[Bot] = []
    for seat in range(rules.players):
        if (seat + seed) % 2 == 0:
            bots.append(make_bot(specs[tested]))
        else:
            bots.append(make_bot(specs[others[(seat + seed) % len(others)]]))
    return bots


def deal_hash(
    rules: Rules, bots: Sequence[Bot], seed: int, update: Callable[[bytes], object]
) -> None:
    """Play one seeded deal and feed each action to ``update`` (a
    digest's ``update``)."""

    def record(before: GameState, seat: int, action: Action, after: GameState) -> None:
        update(f"{seat}:{action!r};".encode())

    final = play_deal(rules, bots, seed=seed, on_action=record)
    update(f"end:{final.piles!r}\n".encode())


def main(argv: Sequence[str] | None = None) -> int:
    """Print one hash per preset and bot, then the total."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="deals per preset (default 40)")
    parser.add_argument(
        "--slow-seeds",
        type=int,
        default=20,
        help="deals per preset for montecarlo and strong (default 20)",
    )
    parser.add_argument("--samples", type=int, default=3, help="montecarlo samples (default 3)")
    parser.add_argument("--budget", type=int, default=3000, help="strong budget (default 3000)")
    parser.add_argument("presets", nargs="*", metavar="PRESET", help="a preset (default: all)")
    args = parser.parse_args(argv)
    names = args.presets or list(PRESETS)
    unknown = [name for name in names if name not in PRESETS]
    if unknown:
        parser.error(f"unknown preset {unknown[0]!r}; the presets are {', '.join(PRESETS)}")
    if min(args.seeds, args.slow_seeds, args.samples, args.budget) < 1:
        parser.error("--seeds, --slow-seeds, --samples and --budget must be at least 1")
    specs = {name: bot_spec(name, args.samples, args.budget) for name in BOTS}
    total = hashlib.sha256()
    start = time.perf_counter()
    for preset in names:
        rules = PRESETS[preset]
        for tested in BOTS:
            count = args.slow_seeds if tested in ("montecarlo", "strong") else args.seeds
            digest = hashlib.sha256()
            for seed in range(count):
                deal_hash(rules, lineup(rules, tested, seed, specs), seed, digest.update)
            line = f"{preset:<18} {specs[tested]:<14} {digest.hexdigest()}"
            print(line, flush=True)
            total.update(line.encode())
    print(f"{'total':<33} {total.hexdigest()}")
    print(f"({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
