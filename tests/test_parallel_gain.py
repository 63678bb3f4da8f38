"""A parallel ``briscola simulate`` says what its worker processes gave:
their count, the time they were busy and the speed-up, busy time over
wall time."""

from __future__ import annotations

import io
import re
from concurrent.futures import ThreadPoolExecutor

from briscola import preset
from briscola.bots import tournament
from briscola.cli import simulate


def test_parallel_simulate_reports_workers_and_speed_up() -> None:
    """CLI guide (simulate, ``--jobs``): the last line of a run on two
    processes gives the workers, their busy time and the wall time, and the
    speed-up is the one over the other; a run in one process has no such
    line."""
    out = io.StringIO()
    status = simulate(
        "italian-2p", 40, ["heuristic", "random"], 1, jobs=2, out=out, err=io.StringIO()
    )
    assert status == 0
    lines = out.getvalue().splitlines()
    deals = re.fullmatch(r"40 deals in (\d+\.\d\d) s: .* deals per second", lines[-2])
    gain = re.fullmatch(
        r"2 worker processes: busy (\d+\.\d\d) s in all in (\d+\.\d\d) s, "
        r"a speed-up of (\d+\.\d\d)x over one process on a free core",
        lines[-1],
    )
    assert deals is not None and gain is not None, lines[-2:]
    busy, wall, speed_up = (float(gain.group(i)) for i in (1, 2, 3))
    assert wall == float(deals.group(1)) and busy > 0
    # Each figure is printed rounded to 0.01 s.
    assert abs(speed_up - busy / wall) <= 0.005 + 0.005 * (1 + busy / wall) / (wall - 0.005)
    alone = io.StringIO()
    simulate("italian-2p", 40, ["heuristic", "random"], 1, out=alone, err=io.StringIO())
    assert "worker processes" not in alone.getvalue()


def test_tournament_busy_time_leaves_the_result_equal() -> None:
    """Bots guide (tournaments on an executor): the busy time and the wall
    time travel with the result, and two runs on different executors still
    compare equal, as the counts are the same."""
    rules = preset("italian-2p")
    here = tournament(rules, ["heuristic", "random"], 12, seed=3)
    with ThreadPoolExecutor(2) as pool:
        there = tournament(rules, ["heuristic", "random"], 12, seed=3, executor=pool, chunk=2)
    assert here == there
    for result in (here, there):
        assert result.busy_seconds > 0 and result.seconds > 0
