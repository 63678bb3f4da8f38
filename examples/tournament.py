"""A round-robin tournament of bots over seeded deals of two-player
briscola, with a progress display and a results table.

Every pair of bots plays the same seeded deals twice, each bot taking each
seat once, so neither the cards nor the lead favour one of them.

Run it with ``python examples/tournament.py [SEEDS]`` (default 12 seeds,
at least 1).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

import briscola
from briscola.bots import Bot, HeuristicBot, MonteCarloBot, RandomBot, play_deal

BOTS: dict[str, Bot] = {
    "random": RandomBot(),
    "heuristic": HeuristicBot(),
    "montecarlo": MonteCarloBot(samples=4),
}


class Record:
    """One bot's results."""

    def __init__(self) -> None:
        self.games = 0
        self.wins = 0
        self.ties = 0
        self.points = 0


def progress(done: int, total: int, started: float) -> None:
    """Redraw a one-line progress bar on stderr (on a terminal; elsewhere
    only the last line is written)."""
    if done < total and not sys.stderr.isatty():
        return
    width = 30
    filled = width * done // total
    rate = done / max(time.perf_counter() - started, 1e-9)
    bar = "#" * filled + "." * (width - filled)
    end = "\n" if done == total else ""
    line = f"[{bar}] {done}/{total} games, {rate:.0f}/s"
    print(f"\r{line}", end=end, file=sys.stderr, flush=True)


def main(seeds: int = 12) -> None:
    """Play the tournament over seeds ``0`` to ``seeds - 1`` and print the
    table (with no seeds, a table of bots that played no games)."""
    rules = briscola.preset("italian-2p")
    records = {name: Record() for name in BOTS}
    pairs = list(itertools.combinations(BOTS, 2))
    total = len(pairs) * seeds * 2
    done = 0
    started = time.perf_counter()
    for first, second in pairs:
        for seed in range(seeds):
            for seating in ((first, second), (second, first)):
                final = play_deal(rules, [BOTS[name] for name in seating], seed=seed)
                result = briscola.outcome(final)
                assert result is not None
                for seat, name in enumerate(seating):
                    record = records[name]
                    record.games += 1
                    record.points += result.points[seat]
                    if not result.winners:
                        record.ties += 1
                    elif seat in result.winners:
                        record.wins += 1
                done += 1
                progress(done, total, started)

    print(f"{'bot':<12} {'games':>5} {'wins':>5} {'win %':>6} {'ties':>5} {'mean points':>12}")
    ranking = sorted(records.items(), key=lambda item: item[1].wins, reverse=True)
    for name, record in ranking:
        games = max(record.games, 1)
        print(
            f"{name:<12} {record.games:>5} {record.wins:>5} "
            f"{100 * record.wins / games:>6.1f} {record.ties:>5} "
            f"{record.points / games:>12.1f}"
        )


def seed_count(text: str) -> int:
    """A number of seeds from the command line: a whole number, at least 1."""
    try:
        seeds = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if seeds < 1:
        raise argparse.ArgumentTypeError(f"needs at least 1 seed, not {seeds}")
    return seeds


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "seeds", nargs="?", type=seed_count, default=12, help="number of seeds (default 12)"
    )
    main(parser.parse_args().seeds)
