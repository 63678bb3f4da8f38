"""Many seeded deals between bots, on any executor: :func:`tournament`.

The work is cut into chunks of consecutive deals; each chunk is one call
of a plain module-level function, so it travels to a process pool, a Dask
or Ray cluster or any other :class:`concurrent.futures.Executor` by
pickling. A chunk's counts depend only on its seeds and the line-up, and
counts add up in any order, so the result is the same whatever the
executor, the number of workers and the chunk size.

A deal that fails (a bot raises, runs past the time limit, or its worker
process dies) stops the tournament with a :class:`TournamentError` that
names the deal, its seed and the seat, and carries the counts of every
deal that finished. An interruption (Ctrl-C, or a bot raising
:class:`KeyboardInterrupt`) stops it with a :class:`TournamentInterrupted`
that carries them too.
"""

from __future__ import annotations

import itertools
import math
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from inspect import GEN_CLOSED, getgeneratorstate
from types import FrameType
from typing import Any, TypeAlias

import attrs

from .._deal import new_game
from .._engine import apply, legal_actions, outcome
from .._observe import observe
from .._rules import Auction, Rules
from .._state import GameState
from .._trick import per_rules
from ._arena import _checked, _seat_rngs, make_bot
from ._protocol import Bot
from ._standings import (
    Standing,
    TournamentError,
    TournamentInterrupted,
    TournamentResult,
    wilson_interval,
)

__all__ = [
    "Entrant",
    "Standing",
    "TournamentError",
    "TournamentInterrupted",
    "TournamentResult",
    "places",
    "tournament",
    "wilson_interval",
]

Entrant: TypeAlias = "str | Bot"
"""One entry of a tournament's line-up: a :func:`make_bot` name such as
``"heuristic"`` or ``"montecarlo:200"`` (which pickles as a short string),
or a bot object (which must pickle to run on other processes)."""

Progress: TypeAlias = Callable[[int, int], None]


def places(rules: Rules, count: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each place of a line-up of ``count`` entries.

    One entry takes every side; as many entries as sides take a side each
    (a team of partners, or a seat where each plays alone and in
    bastardo); as many entries as seats take a seat each.

    Raises:
        ValueError: If ``count`` is none of those numbers.

    >>> from briscola import preset
    >>> places(preset("italian-4p"), 2)
    ((0, 2), (1, 3))
    >>> places(preset("italian-4p"), 4)
    ((0,), (1,), (2,), (3,))
    """
    n = rules.players
    sides = rules.sides if rules.auction is Auction.NONE else tuple((s,) for s in range(n))
    if count in (1, len(sides)):
        return sides
    if count == n:
        return tuple((seat,) for seat in range(n))
    counts = sorted({1, len(sides), n})
    wanted = ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}" if len(counts) > 1 else "1"
    raise ValueError(
        f"a line-up needs {wanted} bots for {n} seats and {len(sides)} sides, not {count}"
    )


def _label(entrant: Entrant) -> str:
    return entrant.strip() if isinstance(entrant, str) else repr(entrant)


# A chunk's counts, per entry: deals, wins, ties, void, points, score.
_Counts: TypeAlias = "list[list[int]]"


# Every chunk brings its own copy of the rules to a worker process. The
# engine's caches are keyed by rules; a lookup with the very object that
# is the key skips comparing every field, so each worker keeps one copy.
_RULES: dict[Rules, Rules] = {}

# The tournaments interrupted in this process: their chunks on threads
# here stop before their next deal. Each run has a number of its own.
_STOPPED: set[int] = set()
_RUNS = itertools.count()


@per_rules(_RULES)
def _interned(rules: Rules) -> Rules:
    return rules


class _TimeLimit(Exception):
    """Raised in a worker process when a deal runs past its time limit."""


@attrs.frozen
class _Failure:
    """Why a chunk stopped early: at ``deal`` (from 0), ``seat``'s bot, or
    no bot's (``None``), with what it raised (pickled, or its text)."""

    deal: int
    seed: int
    seat: int | None
    error: BaseException
    message: str


# What a chunk sends back: its counts, why it stopped (if it failed), and
# the processor time it took.
_Chunk: TypeAlias = "tuple[_Counts, _Failure | None, float]"


class _SeatFailed(Exception):
    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


def _play(rules: Rules, table: Sequence[Bot], seed: int) -> GameState:
    """:func:`play_deal` of ``seed``, the same deal, raising
    :class:`_SeatFailed` from whatever a bot raised."""
    state = new_game(rules, seed=seed)
    rngs = _seat_rngs(seed, rules.players)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None  # a deal not over has a seat to move
        try:
            action = _checked(table[seat], observe(state, seat), legal_actions(state), rngs[seat])
        except BaseException as error:  # SystemExit too: a failing bot
            raise _SeatFailed(seat) from error
        state = apply(state, action)
    return state


def _portable(error: BaseException) -> BaseException:
    """``error`` if it pickles (to travel back from a worker), else a
    RuntimeError with its text."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def _on_time_limit(signum: int, frame: FrameType | None) -> None:
    raise _TimeLimit


def _play_chunk(
    rules: Rules,
    lineup: tuple[Entrant, ...],
    seats_of: tuple[tuple[int, ...], ...],
    seeds: range,
    rotate: bool,
    duplicate: bool,
    first: int,
    time_limit: float | None = None,
    parent: int | None = None,
    run: int | None = None,
) -> _Chunk:
    """Play the deals of ``seeds`` (deal numbers from ``first``); module
    level so that executors can pickle it. Returns the counts of the deals
    that finished, if one failed, why (the chunk stops there), and the
    processor time the chunk took in its thread.

    With a ``time_limit``, in a worker process (not ``parent``) whose main
    thread plays, a timer interrupts a deal that runs past it; elsewhere a
    deal that took longer is refused once it ends. In such a worker,
    ``SIGINT`` interrupts the chunk while it plays (even where the pool
    ignores it), and the chunk hands back the deals it finished; in a
    thread of the calling process, the chunk stops before its next deal
    once ``run`` is interrupted."""
    worker = os.getpid() != parent and threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.default_int_handler) if worker else None
    try:
        return _play_deals(
            rules, lineup, seats_of, seeds, rotate, duplicate, first, time_limit, worker, run
        )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _play_deals(
    rules: Rules,
    lineup: tuple[Entrant, ...],
    seats_of: tuple[tuple[int, ...], ...],
    seeds: range,
    rotate: bool,
    duplicate: bool,
    first: int,
    time_limit: float | None,
    worker: bool,
    run: int | None,
) -> _Chunk:
    """The body of :func:`_play_chunk`; ``worker`` if it runs in the main
    thread of a worker process."""
    busy = time.thread_time()
    rules = _interned(rules)
    players = [make_bot(e) if isinstance(e, str) else e for e in lineup]
    m = len(players)
    place_of = {seat: place for place, seats in enumerate(seats_of) for seat in seats}
    counts = [[0] * 6 for _ in range(m)]
    timer = (
        time_limit if time_limit is not None and worker and hasattr(signal, "setitimer") else None
    )
    if timer is not None:
        signal.signal(signal.SIGALRM, _on_time_limit)
    for k, seed in enumerate(seeds, first):
        if run in _STOPPED:
            interrupt = KeyboardInterrupt()
            failure = _Failure(k, seed, None, interrupt, f"deal {k} (seed {seed}): interrupted")
            return counts, failure, time.thread_time() - busy
        shifts = range(m) if duplicate else [k % m if rotate else 0]
        finals = []
        began = time.monotonic()
        try:
            if timer is not None:
                signal.setitimer(signal.ITIMER_REAL, timer)
            for shift in shifts:
                # Place p holds entry (p + shift) % m: shifting moves every
                # entry through every place.
                table = [players[(place_of[seat] + shift) % m] for seat in range(rules.players)]
                finals.append((shift, _play(rules, table, seed)))
            if timer is not None:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if time_limit is not None and time.monotonic() - began > time_limit:
                raise _TimeLimit
        except BaseException as error:  # KeyboardInterrupt too: counts are kept
            if timer is not None:
                signal.setitimer(signal.ITIMER_REAL, 0)
            seat = error.seat if isinstance(error, _SeatFailed) else None
            cause = error.__cause__ if isinstance(error, _SeatFailed) else error
            assert cause is not None
            if isinstance(cause, _TimeLimit):
                what = f"took longer than the time limit of {time_limit:g} s"
            else:
                what = f"raised {type(cause).__name__}" + (f": {cause}" if str(cause) else "")
            who = "the deal" if seat is None else f"the bot at seat {seat}"
            message = f"deal {k} (seed {seed}): {who} {what}"
            failure = _Failure(k, seed, seat, _portable(cause), message)
            return counts, failure, time.thread_time() - busy
        for shift, final in finals:
            result = outcome(final)
            assert result is not None
            void = final.contract is not None and final.contract.called_card is None
            for place, seats in enumerate(seats_of):
                tally = counts[(place + shift) % m]
                seat = seats[0]
                tally[0] += 1
                if void:
                    tally[3] += 1
                elif not result.winners:
                    tally[2] += 1
                elif seat in result.winners:
                    tally[1] += 1
                side = next(i for i, side in enumerate(result.sides) if seat in side)
                tally[4] += result.points[side]
                tally[5] += result.scores[seat]
    return counts, None, time.thread_time() - busy


def _chunks(deals: int, chunk: int) -> Iterator[tuple[int, int]]:
    for start in range(0, deals, chunk):
        yield start, min(deals, start + chunk)


def tournament(
    rules: Rules,
    lineup: Sequence[Entrant],
    deals: int,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    rotate: bool = True,
    duplicate: bool = False,
    chunk: int | None = None,
    on_progress: Progress | None = None,
    time_limit: float | None = None,
) -> TournamentResult:
    """Play ``deals`` seeded deals between bots and count the results.

    Args:
        rules: The rules of every deal.
        lineup: One bot for all seats, one per side or one per seat
            (:func:`places`); :func:`make_bot` names travel best.
        deals: How many packs to deal; deal ``k`` (from 0) is
            ``new_game(rules, seed=seed + k)`` and seeds the bots as
            :func:`play_deal` does.
        seed: The first deal's seed.
        executor: Where to play the chunks: any
            :class:`concurrent.futures.Executor` (a
            :class:`~concurrent.futures.ProcessPoolExecutor`, or
            ``client.get_executor()`` of a Dask cluster); ``None`` plays
            them here, one after the other.
        rotate: Move the line-up round one place every deal, so that each
            bot plays every seat (the seat after the dealer leads, and that
            is an edge).
        duplicate: Play every pack once with the line-up in each place
            (two bots swap seats; five go round), so that luck of the cards
            cancels out; ``rotate`` is then moot.
        chunk: Deals per unit of work (default: about 32 units); the result
            does not depend on it.
        on_progress: Called in this process with the deals done and the
            deals in all, after each chunk.
        time_limit: The seconds a deal may take (all its plays with
            duplicate deals), or ``None`` for no limit. In the worker
            processes of a :class:`~concurrent.futures.ProcessPoolExecutor`
            a timer stops a deal that runs past it, and a worker that does
            not answer for the limit times a chunk's deals (stuck outside
            Python's reach) is ended; either way the deal is reported. A
            thread cannot be stopped, so in this process (no executor) or
            on a thread pool a deal that took longer is reported once it
            ends, and one that never ends hangs the tournament.

    Returns:
        The counts per entry of the line-up.

    Raises:
        ValueError: If ``deals`` or ``chunk`` is not positive, or the
            line-up does not fit the table, or names an unknown bot, or
            ``time_limit`` is not a positive number.
        TournamentError: If a deal failed: a bot raised (``SystemExit``
            included), the deal ran past ``time_limit``, or a worker
            process died. It names the deal, its seed and the seat, and
            carries the counts of the deals that finished
            (:attr:`TournamentError.partial`).
        TournamentInterrupted: If Ctrl-C interrupted the tournament or a
            bot raised :class:`KeyboardInterrupt`: no more chunks are
            handed out, worker processes are stopped and ended, and
            :attr:`TournamentInterrupted.partial` carries the counts of
            the deals that finished.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from briscola import preset
    >>> rules = preset("italian-2p")
    >>> here = tournament(rules, ["heuristic", "random"], 20, seed=7)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     there = tournament(rules, ["heuristic", "random"], 20, seed=7, executor=pool, chunk=3)
    >>> here == there
    True
    >>> tournament(rules, ["heuristic"], 0)
    Traceback (most recent call last):
    ...
    ValueError: a tournament needs at least one deal, not 0
    """
    result: TournamentResult | None = None
    runs = running(
        rules,
        lineup,
        deals,
        seed=seed,
        executor=executor,
        rotate=rotate,
        duplicate=duplicate,
        chunk=chunk,
        time_limit=time_limit,
    )
    try:
        for result in runs:
            if on_progress is not None:
                on_progress(result.deals, deals)
    except KeyboardInterrupt as interrupt:
        raise interrupted(runs, interrupt) from None
    assert result is not None
    return result


def interrupted(
    runs: Generator[TournamentResult, None, None], interrupt: KeyboardInterrupt
) -> KeyboardInterrupt:
    """What to raise for ``interrupt``, caught around a loop over ``runs``
    (from :func:`running`): the interrupt itself if it came out of
    ``runs`` or ``runs`` has ended, else the :class:`TournamentInterrupted`
    that ``runs`` raises when the interrupt is thrown in where it waits
    (it stops its workers and counts what they finished)."""
    if isinstance(interrupt, TournamentInterrupted) or getgeneratorstate(runs) == GEN_CLOSED:
        return interrupt
    try:
        runs.throw(interrupt)
    except KeyboardInterrupt as stop:
        return stop
    runs.close()  # it went on: not one of ours
    return interrupt


def running(
    rules: Rules,
    lineup: Sequence[Entrant],
    deals: int,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    rotate: bool = True,
    duplicate: bool = False,
    chunk: int | None = None,
    time_limit: float | None = None,
) -> Generator[TournamentResult, None, None]:
    """:func:`tournament`, giving the counts so far after every chunk (the
    command line shows progress with them, and the deals played when it
    is interrupted). Chunks finish in any order on an executor, so the
    seeds counted so far need not be consecutive."""
    if type(deals) is not int or deals < 1:
        raise ValueError(f"a tournament needs at least one deal, not {deals!r}")
    if chunk is None:
        chunk = max(1, min(200, -(-deals // 32)))
    elif type(chunk) is not int or chunk < 1:
        raise ValueError(f"chunk must be a positive number of deals, not {chunk!r}")
    if time_limit is not None and (
        type(time_limit) not in (int, float) or not 0 < time_limit < math.inf
    ):
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    entrants = tuple(lineup)
    seats_of = places(rules, len(entrants))
    if len(entrants) == 1:
        entrants = entrants * len(seats_of)
    for entrant in entrants:
        if isinstance(entrant, str):
            make_bot(entrant)  # fail here, not in a worker
    totals = [[0] * 6 for _ in entrants]
    labels = [_label(entrant) for entrant in entrants]
    done = 0
    busy = 0.0
    began = time.perf_counter()

    def add(counts: _Counts, size: int, seconds: float = 0.0) -> TournamentResult:
        nonlocal done, busy
        for total, part in zip(totals, counts):
            for i, value in enumerate(part):
                total[i] += value
        done += size
        busy += seconds
        standings = tuple(
            Standing(label, seats, *total) for label, seats, total in zip(labels, seats_of, totals)
        )
        games = done * (len(entrants) if duplicate else 1)
        wall = time.perf_counter() - began
        return TournamentResult(rules, seed, done, games, rotate, duplicate, standings, busy, wall)

    work = [(start, range(seed + start, seed + stop)) for start, stop in _chunks(deals, chunk)]
    last: TournamentResult = add([[0] * 6 for _ in entrants], 0)

    def failed(failure: _Failure) -> TournamentError:
        error = TournamentError(
            failure.message, partial=last, deal=failure.deal, seed=failure.seed, seat=failure.seat
        )
        error.__cause__ = failure.error
        return error

    parent = os.getpid()
    run = next(_RUNS)

    def stopped() -> TournamentInterrupted:
        return TournamentInterrupted(
            f"interrupted after {last.deals} of {deals} deals", partial=last
        )

    if executor is None:
        try:
            for start, seeds in work:
                counts, failure, took = _play_chunk(
                    rules, entrants, seats_of, seeds, rotate, duplicate, start, time_limit, parent
                )
                last = add(counts, len(seeds) if failure is None else failure.deal - start, took)
                if failure is not None and isinstance(failure.error, KeyboardInterrupt):
                    raise stopped() from None
                if failure is not None:
                    raise failed(failure)
                yield last
        except KeyboardInterrupt as interrupt:
            if isinstance(interrupt, TournamentInterrupted):
                raise
            raise stopped() from None
        return
    # Chunks are handed out as workers come free, so that an interruption
    # has few to cancel and none waits in a queue out of reach.
    limit = getattr(executor, "_max_workers", None) or len(work)
    futures: dict[Future[_Chunk], tuple[int, range]] = {}
    pending: set[Future[_Chunk]] = set()
    counted: set[Future[_Chunk]] = set()

    def submit() -> None:
        while len(pending) < limit and len(futures) < len(work):
            start, seeds = work[len(futures)]
            future = executor.submit(
                _play_chunk,
                rules,
                entrants,
                seats_of,
                seeds,
                rotate,
                duplicate,
                start,
                time_limit,
                parent,
                run,
            )
            futures[future] = start, seeds
            pending.add(future)

    def take(future: Future[_Chunk]) -> _Failure | None:
        """Count a finished chunk's deals; why it stopped, if it failed."""
        nonlocal last
        counted.add(future)
        start, seeds = futures[future]
        counts, failure, took = future.result()
        last = add(counts, len(seeds) if failure is None else failure.deal - start, took)
        return failure

    # How long a process pool may go without finishing a chunk before its
    # workers are taken as stuck: every deal of a chunk at the limit, and
    # then some. Other executors' workers cannot be ended.
    patience = None
    if time_limit is not None and isinstance(executor, ProcessPoolExecutor):
        patience = time_limit * (chunk + 1) + 2
    try:
        submit()
        while pending:
            finished, pending = wait(pending, timeout=patience, return_when=FIRST_COMPLETED)
            if not finished:
                running_now = [futures[f] for f in pending if f.running()]
                start, seeds = min(running_now or [futures[f] for f in pending])
                _end_workers(executor)
                raise TournamentError(
                    f"{_deals(start, seeds)}: no answer from the worker process in "
                    f"{patience:g} s; it was ended",
                    partial=last,
                    deal=start,
                    seed=seeds[0],
                    seat=None,
                )
            error: TournamentError | None = None
            interruption: KeyboardInterrupt | None = None
            for future in sorted(finished, key=lambda f: futures[f][0]):
                try:
                    failure = take(future)
                except BrokenProcessPool:
                    # Every chunk not yet done fails with the pool: which
                    # one the dead worker held cannot be told.
                    error = error or _died(futures, pending, last, work[len(futures) :])
                    continue
                except KeyboardInterrupt as interrupt:  # between two deals
                    interruption = interruption or interrupt
                    continue
                if failure is None:
                    yield last
                elif isinstance(failure.error, KeyboardInterrupt):
                    interruption = interruption or failure.error
                else:
                    error = error or failed(failure)
            if interruption is not None:
                raise interruption
            if error is not None:
                error.partial = last
                raise error
            submit()
    except KeyboardInterrupt:
        _halt(executor, pending, run)
        for future in futures:
            if future.done() and not future.cancelled() and future not in counted:
                try:
                    take(future)
                except BaseException:  # noqa: S110 - a chunk lost with its worker
                    pass
        raise stopped() from None
    finally:
        for future in futures:
            future.cancel()


def _died(
    futures: dict[Future[_Chunk], tuple[int, range]],
    pending: set[Future[_Chunk]],
    partial: TournamentResult,
    unsent: list[tuple[int, range]],
) -> TournamentError:
    """The error of a process pool broken by a worker's death: every chunk
    that did not finish (or was not handed out) is named, from the first."""
    wait(pending, timeout=10)
    lost = sorted(
        [
            futures[future]
            for future in futures
            if not future.done() or future.cancelled() or future.exception() is not None
        ]
        + unsent
    )
    start, seeds = lost[0]
    end, last = lost[-1][0] + len(lost[-1][1]) - 1, lost[-1][1][-1]
    return TournamentError(
        f"deals {start} to {end} (seeds {seeds[0]} to {last}) were not played: a worker "
        "process died while playing some of them",
        partial=partial,
        deal=start,
        seed=seeds[0],
        seat=None,
    )


def _deals(start: int, seeds: range) -> str:
    return f"deals {start} to {start + len(seeds) - 1} (seeds {seeds[0]} to {seeds[-1]})"


def _halt(executor: Executor, pending: set[Future[_Chunk]], run: int, grace: float = 2.0) -> None:
    """Stop an interrupted tournament: cancel the chunks not started, tell
    those under way to stop (before their next deal on threads here, at
    once in worker processes), give them ``grace`` seconds to hand back
    the deals they finished, and end the worker processes of a process
    pool (whatever happens meanwhile, a second Ctrl-C included)."""
    for future in pending:
        future.cancel()
    _STOPPED.add(run)
    under_way = [future for future in pending if not future.cancelled()]
    if not isinstance(executor, ProcessPoolExecutor):
        wait(under_way, timeout=grace)
        return
    try:
        for process in _processes(executor):
            if process.pid is not None:
                try:
                    os.kill(process.pid, signal.SIGINT)
                except OSError:
                    pass  # it has ended already
        wait(under_way, timeout=grace)
    finally:
        _end_workers(executor)


def _processes(executor: ProcessPoolExecutor) -> list[Any]:
    """The worker processes of a process pool."""
    return list((getattr(executor, "_processes", None) or {}).values())


def _end_workers(executor: Executor) -> None:
    """End the worker processes of a process pool (a stuck worker cannot
    be stopped any other way) and wait for them to go; other executors are
    left alone."""
    if isinstance(executor, ProcessPoolExecutor):
        processes = _processes(executor)
        for process in processes:
            process.kill()
        for process in processes:
            process.join(5)
