"""Bot tournaments: ``briscola simulate``."""

from __future__ import annotations

import multiprocessing
import signal
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TextIO

from .._presets import preset
from .._rules import Auction, Rules
from ..bots._tournament import (
    Entrant,
    TournamentError,
    TournamentInterrupted,
    TournamentResult,
    interrupted,
    places,
    running,
)
from ._stand_in import stand_ins

# --- simulate --------------------------------------------------------------------


def _rate(done: int, elapsed: float) -> str:
    """Deals per second, to a sensible precision."""
    if elapsed <= 0:
        return "many"
    rate = done / elapsed
    return f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"


def _clock(seconds: float) -> str:
    """``0:07``, ``12:30``, ``1:02:03``."""
    whole = int(seconds + 0.5)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


class _Progress:
    """A plain-text progress bar with the speed and the time left, on a
    stream (stderr)."""

    def __init__(self, total: int, stream: TextIO, enabled: bool, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.enabled = enabled and total > 0
        self.width = width
        self.start = time.perf_counter()
        self.shown = -1.0
        self.drawn = 0

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.shown < 0.1:
            return
        self.shown = now
        filled = self.width * done // self.total
        elapsed = now - self.start
        bar = "#" * filled + "." * (self.width - filled)
        line = f"[{bar}] {done}/{self.total} deals"
        if done:
            line += f"  {_rate(done, elapsed)} deals/s"
            if done < self.total:
                line += f"  ETA {_clock(elapsed * (self.total - done) / done)}"
            else:
                line += f"  in {_clock(elapsed)}"
        self.stream.write("\r" + line.ljust(self.drawn))
        self.drawn = len(line)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the parent, which stops the
    run and prints the deals played so far."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _workers(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes, started by a fork server where
    the platform has one: forking the calling process itself, which may run
    threads of its own (a server, a notebook, a test runner), can leave a
    worker stuck on a lock that no thread of the copy will ever release."""
    methods = multiprocessing.get_all_start_methods()
    method = "forkserver" if "forkserver" in methods else None
    context = multiprocessing.get_context(method)
    return ProcessPoolExecutor(jobs, mp_context=context, initializer=_ignore_interrupts)


def lineup(rules: Rules, specs: Sequence[Entrant]) -> tuple[tuple[int, ...], ...]:
    """The seats of each entry of the line-up; a ``ValueError`` when it
    fits neither the sides nor the seats."""
    return places(rules, len(specs))


def simulate(
    rules: str | Rules,
    deals: int,
    specs: Sequence[Entrant],
    seed: int,
    *,
    rotate: bool = True,
    duplicate: bool = False,
    jobs: int = 1,
    title: str | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
    progress: bool | None = None,
    time_limit: float | None = None,
) -> int:
    """Play ``deals`` seeded deals between bots and print a table of
    results; returns the exit status.

    This is :func:`briscola.bots.tournament` with a table: deal ``k`` is
    ``new_game(rules, seed=seed + k)``; the line-up moves round by one
    place every deal unless ``rotate`` is false; ``duplicate`` plays every
    pack once with the line-up in each place. With ``jobs`` above 1 the
    deals are shared between that many processes, with the same result,
    and a last line gives the speed-up they brought: the time the workers
    were busy (their processor time) over the wall time of the run.
    Win rates carry a 95% confidence interval (Wilson's). With an auction,
    a deal everyone passed is void, counted in a column of its own. A
    learned bot without weights for the rules plays as the heuristic bot:
    a line on ``err`` says so, and the table names it ``learned
    (heuristic: no weights)``.

    Args:
        rules: A preset name, or rules.
        deals: How many packs to deal (at least one).
        specs: The line-up: :func:`~briscola.bots.make_bot` names or bots.
        seed: The first deal's seed.
        rotate: Move the line-up round one place every deal.
        duplicate: Play every pack once per place of the line-up.
        jobs: Processes to play in; 1 plays here.
        title: The name printed in the heading (the preset's by default).
        out: Where the table goes; standard output by default.
        err: Where progress and interruptions go; standard error.
        progress: Draw a progress bar on ``err``; by default when it is a
            terminal.
        time_limit: The seconds a deal may take; the deals then run in
            worker processes (at least one), so that a deal past the limit
            is stopped and reported.

    A deal that fails (a bot raises, runs past ``time_limit``, or its
    worker process dies) stops the run: the table of the deals that
    finished is printed, with a line on ``err`` naming the deal, its seed
    and the seat, and the status is 1. Ctrl-C (or a bot raising
    :class:`KeyboardInterrupt`) stops it too: no more work is handed out,
    the worker processes hand back the deals they finished and are ended,
    the table of every deal that finished is printed, and the status is
    130; a second Ctrl-C ends at once.

    Raises:
        ValueError: If ``deals`` or ``jobs`` is not positive, or the line-up
            does not fit.

    >>> simulate("italian-2p", 4, ["heuristic", "random"], 1, progress=False)
    italian-2p: 4 deals, seeds 1 to 4, the line-up moving round one place each deal
    seat  bot        deals  wins  win %  95% CI      ties %  mean points
    0     heuristic      4  ...
    1     random         4  ...
    4 deals in ... s: ... deals per second
    0
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    if isinstance(rules, str):
        title = rules if title is None else title
        rules = preset(rules)
    title = "custom rules" if title is None else title
    if type(jobs) is not int or jobs < 1:
        raise ValueError(f"jobs must be a positive number of processes, not {jobs!r}")
    line_up = stand_ins(rules, specs, title)
    for note in line_up.notes:
        print(f"briscola simulate: {note}", file=err)
    bar = _Progress(deals, err, err.isatty() if progress is None else progress)
    start = time.perf_counter()
    executor: Executor | None = None
    result: TournamentResult | None = None
    runs = None
    status = 0
    try:
        if jobs > 1 or time_limit is not None:
            executor = _workers(jobs)
        runs = running(
            rules,
            line_up.entrants,
            deals,
            seed=seed,
            rotate=rotate,
            duplicate=duplicate,
            executor=executor,
            time_limit=time_limit,
        )
        for result in runs:
            bar.update(result.deals)
    except TournamentError as error:
        status = 1
        bar.close()
        result = error.partial
        print(f"briscola simulate: error: {error}", file=err)
    except KeyboardInterrupt as interrupt:
        status = 130
        try:
            # Stop handing out work, stop the workers and count the deals
            # they finished; a second Ctrl-C cuts that short.
            stop = interrupt if runs is None else interrupted(runs, interrupt)
        except KeyboardInterrupt:
            stop = interrupt
        if isinstance(stop, TournamentInterrupted):
            result = stop.partial
        bar.close()
        played = 0 if result is None else result.deals
        print(f"interrupted after {played} of {deals} deals", file=err)
    else:
        bar.close()
    finally:
        if executor is not None:
            executor.shutdown(wait=status == 0, cancel_futures=True)
    elapsed = time.perf_counter() - start
    if result is None:
        return status
    stopped = "stopped" if status == 1 else "interrupted"
    print_table(result, title, deals, out, stopped=stopped, labels=line_up.labels)
    games = result.games
    print(f"{games} deals in {elapsed:.2f} s: {_rate(games, elapsed)} deals per second", file=out)
    if jobs > 1:
        print(gain_text(jobs, result.busy_seconds, elapsed), file=out)
    return status


def gain_text(workers: int, busy: float, wall: float) -> str:
    """What the worker processes gave: their busy (processor) time over
    the wall time of the run, the speed-up over one process with a core
    to itself.

    >>> gain_text(2, 3.0, 2.0)
    '2 worker processes: busy 3.00 s in all in 2.00 s, a speed-up of 1.50x over one process on a free core'
    """
    gain = busy / wall if wall > 0 else 0.0
    return (
        f"{workers} worker processes: busy {busy:.2f} s in all in {wall:.2f} s, "
        f"a speed-up of {gain:.2f}x over one process on a free core"
    )


def _percent(value: float) -> str:
    return f"{100 * value:.1f}"


def print_table(
    result: TournamentResult,
    title: str,
    planned: int,
    out: TextIO,
    stopped: str = "interrupted",
    labels: Sequence[str] | None = None,
) -> None:
    """The heading and the table of a (perhaps interrupted or ``stopped``)
    tournament: aligned columns, one row per entry of the line-up, each
    named by ``labels`` (by default, as the result names it)."""
    rules, done = result.rules, result.deals
    if done == planned:
        seeds = f"seeds {result.seed} to {result.seed + done - 1}"
        played = f"{done} deals, {seeds}"
    else:
        played = f"{done} of {planned} deals ({stopped})"
    how = []
    if result.duplicate:
        copies = len(result.standings)
        how.append(f"every pack played {copies} times, the line-up in each place")
    elif result.rotate and len(result.standings) > 1:
        how.append("the line-up moving round one place each deal")
    print(f"{title}: {played}" + "".join(f", {text}" for text in how), file=out)
    teams = any(len(s.seats) > 1 for s in result.standings)
    scored = rules.auction is not Auction.NONE
    head = ["side" if teams else "seat", "bot", "deals", "wins", "win %", "95% CI", "ties %"]
    if scored:
        head += ["void %", "mean points", "mean score"]
    else:
        head += ["mean points"]
    rows = [head]
    names = [s.bot for s in result.standings] if labels is None else list(labels)
    if len(names) == 1:
        # One bot for every seat: a row per seat.
        names *= len(result.standings)
    for s, name in zip(result.standings, names):
        low, high = s.win_interval
        row = [
            "+".join(map(str, s.seats)),
            name,
            str(s.deals),
            str(s.wins),
            _percent(s.win_rate),
            f"{_percent(low)}-{_percent(high)}",
            _percent(s.ties / s.deals if s.deals else 0.0),
        ]
        if scored:
            row.append(_percent(s.void / s.deals if s.deals else 0.0))
        row.append(f"{s.mean_points:.1f}")
        if scored:
            row.append(f"{s.mean_score:.2f}")
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            # Words and intervals to the left, numbers to the right.
            left = i in (0, 1, 5)
            cells.append(cell.ljust(widths[i]) if left else cell.rjust(widths[i]))
        print("  ".join(cells).rstrip(), file=out)
