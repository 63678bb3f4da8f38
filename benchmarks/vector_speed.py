"""The batched engine's speed beside the bare loop, in one run.

Run ``python benchmarks/vector_speed.py`` (every preset; ``--presets`` to
choose, ``--rounds`` for more rounds). It prints, as the table of the
"Batched deals" guide:

- the import time of ``briscola.vector`` and the time of a batch's first
  use (build, deal, mask, observations, step, scores, play-out) in a new
  process, cold (an empty Numba cache) and cached;
- per preset and batch size, the per-step loop of a learner (from
  ``reset(seed)`` to the last deal's end: at each step ``legal_mask()``,
  ``observations()``, NumPy's random pick among the legal actions and
  ``step``), in deals per second, as a ratio to the bare loop's deals
  per second (``floor.py``, measured just before and just after, in the
  same process), and in microseconds per step of the whole batch;
- ``reset(seed)`` then ``play_out("random")`` at 4,096 deals, the same
  way;
- the bytes a batch holds per deal.

Each figure is the median of ``--rounds`` rounds. One core does all the
work; on a shared machine the ratios move with the load (the floor and
the batch are measured close together so that the load hits both).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence

import floor
import numpy as np

from briscola import PRESETS, preset
from briscola.vector import BatchGame

FIRST_USE = """
import time
start = time.perf_counter()
import numpy as np
from briscola import new_game, preset
from briscola.vector import BatchGame
imported = time.perf_counter()
batch = BatchGame(preset("split-4p"), 4)
batch.reset(seed=1)
batch.observations()
batch.step(batch.legal_mask().argmax(axis=1))
batch.points(), batch.scores()
batch.play_out("greedy", seed=1)
BatchGame.from_states([new_game(preset("split-4p"), seed=1)])
print(imported - start, time.perf_counter() - imported)
"""


def floor_rate(deals: int = 1500) -> float:
    """The bare loop's deals per second, now."""
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(deals):
        floor.deal(rng)
    return deals / (time.perf_counter() - start)


def first_use(cache: str | None) -> tuple[float, float]:
    """Seconds to import ``briscola.vector`` and to use a batch first, in
    a new process (with ``cache`` as Numba's cache directory)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {**os.environ, "PYTHONPATH": root}  # this checkout's briscola
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    found = subprocess.run(
        [sys.executable, "-c", FIRST_USE], capture_output=True, text=True, check=True, env=env
    )
    imported, used = map(float, found.stdout.split())
    return imported, used


def per_step_loop(batch: BatchGame, seed: int, rng: np.random.Generator) -> int:
    """The learner's loop over one batch of deals; the steps taken."""
    batch.reset(seed=seed)
    steps = 0
    while not batch.is_over.all():
        mask = batch.legal_mask()
        batch.observations()
        pick = np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)
        pick[batch.is_over] = -1
        batch.step(pick)
        steps += 1
    return steps


def measured(run: Callable[[int], int], size: int, rounds: int) -> tuple[float, float, float]:
    """Median deals per second, ratio to the floor, and microseconds per
    step, of ``rounds`` runs of ``run`` (given a seed, it plays ``size``
    deals and returns its steps)."""
    run(0)  # warm up
    rates, ratios, per_step = [], [], []
    for seed in range(1, rounds + 1):
        before = floor_rate()
        start = time.perf_counter()
        steps = run(seed)
        elapsed = time.perf_counter() - start
        after = floor_rate()
        rates.append(size / elapsed)
        ratios.append(size / elapsed / ((before + after) / 2))
        per_step.append(1e6 * elapsed / max(steps, 1))
    return statistics.median(rates), statistics.median(ratios), statistics.median(per_step)


def row(name: str, sizes: Sequence[int], rounds: int) -> list[str]:
    """One preset's cells."""
    cells = [name]
    rng = np.random.default_rng(0)
    for size in sizes:
        looped = BatchGame(preset(name), size)

        def loop(seed: int, looped: BatchGame = looped) -> int:
            return per_step_loop(looped, seed, rng)

        rate, ratio, step = measured(loop, size, rounds)
        cells += [f"{rate:,.0f}", f"{ratio:.2f}", f"{step:,.0f}"]
    batch = BatchGame(preset(name), 4096)

    def play_out(seed: int) -> int:
        batch.reset(seed=seed)
        batch.play_out("random", seed=seed)
        return 1

    rate, ratio, _ = measured(play_out, 4096, rounds)
    held = sum(array.nbytes for array in batch._d)
    cells += [f"{rate:,.0f}", f"{ratio:.2f}", f"{held / batch.size:,.0f}"]
    return cells


def render(rows: list[list[str]]) -> str:
    """The rows as a reStructuredText simple table."""
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    rule = "  ".join("=" * w for w in widths)
    lines = [rule, "  ".join(c.ljust(w) for c, w in zip(rows[0], widths)).rstrip(), rule]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows[1:]]
    return "\n".join([*lines, rule])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs="*", default=list(PRESETS))
    parser.add_argument("--sizes", nargs="*", type=int, default=[1024, 4096])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as empty:
        imported, cold = first_use(empty)
    _, cached = first_use(None)
    print(f"import briscola.vector: {imported:.2f} s")
    print(f"first use, cold cache (compiling every kernel): {cold:.1f} s")
    print(f"first use, cached kernels: {cached:.2f} s")
    header = ["preset"]
    for size in args.sizes:
        header += [f"loop at {size:,} (deals/s)", "ratio (x)", "step (µs)"]
    header += ["play_out at 4,096 (deals/s)", "ratio (x)", "memory (bytes/deal)"]
    rows = [header]
    for name in args.presets:
        rows.append(row(name, args.sizes, args.rounds))
        print(" | ".join(rows[-1]), flush=True)
    print(render(rows))


if __name__ == "__main__":
    main()
