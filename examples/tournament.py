"""A round-robin tournament of bots over seeded deals of two-player
briscola, with a progress display and a results table.

Every pair of bots plays the same seeded deals twice, each bot taking each
seat once, so neither the cards nor the lead favour one of them.

Run it with ``python examples/tournament.py [DEALS]`` (default 12 seeds).
"""

from __future__ import annotations

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
        print(
            f"{name:<12} {record.games:>5} {record.wins:>5} "
            f"{100 * record.wins / record.games:>6.1f} {record.ties:>5} "
            f"{record.points / record.games:>12.1f}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
