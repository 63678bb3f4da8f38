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
share out, not how fast Python starts. On a busy machine the wall-clock
ratio says little, so the script also prints the ratio of processor
time (the one process's, against half the two workers', their start
included), the speed-up two free cores would give, the speed-up that
``simulate --jobs`` reports (the workers' busy time over the wall time),
and the load average.
"""

from __future__ import annotations

import argparse
import os
import resource
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

    cpu = time.process_time()
    one = [timed(args.preset, lineup, args.deals, None) for _ in range(args.repeat)]
    cpu_one = (time.process_time() - cpu) / args.repeat
    best_one = min(seconds for seconds, _ in one)
    with ProcessPoolExecutor(2) as pool:
        timed(args.preset, lineup, 64, pool)  # start and warm up both workers
        runs = [timed(args.preset, lineup, args.deals, pool) for _ in range(args.repeat)]
    # The workers' processor time, their start included, once they are gone.
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_two = (used.ru_utime + used.ru_stime) / args.repeat
    best_two = min(seconds for seconds, _ in runs)
    same = runs[0][1] == one[0][1]
    cores = os.cpu_count()
    print(f"{args.preset}, {args.bots}, {args.deals} deals, best of {args.repeat}, {cores} cores")
    print(f"1 job : {best_one:.2f} s ({args.deals / best_one:,.0f} deals/s), {cpu_one:.2f} s CPU")
    print(f"2 jobs: {best_two:.2f} s ({args.deals / best_two:,.0f} deals/s), {cpu_two:.2f} s CPU")
    print(f"speed-up: {best_one / best_two:.2f}x; same result: {same}")
    # With the work split evenly, two free cores would take half the
    # workers' processor time: the speed-up an idle machine would show.
    print(f"speed-up from processor time (an idle machine): {2 * cpu_one / cpu_two:.2f}x")
    # What simulate --jobs prints: the workers' busy time over the wall time.
    busy = max((result.busy_seconds / result.seconds for _, result in runs), default=0.0)
    print(f"speed-up from the workers' busy time over the wall time: {busy:.2f}x")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average during the run: {load:.2f}")


if __name__ == "__main__":
    main()
