"""The speed-up of ``briscola simulate --jobs 2`` over ``--jobs 1``.

Runs the same tournament (:func:`briscola.bots.tournament`) in this
process and on a two-process pool, several times each, and prints the
best time of each and their ratio. On a two-core machine with nothing else
running the target is a speed-up of 1.7 or more; other programs on the
machine lower it. Run it with ``nice`` where others share the machine::

    python benchmarks/simulate_jobs.py            # heuristic against random
    python benchmarks/simulate_jobs.py --deals 4000 --repeat 5

The pool is started (and its workers warmed up) before the clock starts,
as ``simulate`` pays that once per run: the figure measures how the deals
share out, not how fast Python starts.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from briscola import preset
from briscola.bots import TournamentResult, tournament


def timed(
    preset_name: str, lineup: list[str], deals: int, executor: Executor | None
) -> tuple[float, TournamentResult]:
    """Seconds for one tournament, and its result."""
    start = time.perf_counter()
    result = tournament(preset(preset_name), lineup, deals, seed=1, executor=executor)
    return time.perf_counter() - start, result


def main() -> None:
    """Measure and print the speed-up."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="italian-2p")
    parser.add_argument("--bots", default="heuristic,random")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    lineup = args.bots.split(",")

    best_one = min(timed(args.preset, lineup, args.deals, None)[0] for _ in range(args.repeat))
    with ProcessPoolExecutor(2) as pool:
        timed(args.preset, lineup, 64, pool)  # start and warm up both workers
        runs = [timed(args.preset, lineup, args.deals, pool) for _ in range(args.repeat)]
    best_two = min(seconds for seconds, _ in runs)
    same = runs[0][1] == timed(args.preset, lineup, args.deals, None)[1]
    cores = os.cpu_count()
    print(f"{args.preset}, {args.bots}, {args.deals} deals, best of {args.repeat}, {cores} cores")
    print(f"1 job : {best_one:.2f} s ({args.deals / best_one:,.0f} deals/s)")
    print(f"2 jobs: {best_two:.2f} s ({args.deals / best_two:,.0f} deals/s)")
    print(f"speed-up: {best_one / best_two:.2f}x; same result: {same}")


if __name__ == "__main__":
    main()
