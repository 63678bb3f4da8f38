"""Interrupted tournaments keep what finished: Ctrl-C in ``briscola
simulate`` and in :func:`briscola.bots.tournament`, and bots that raise
``KeyboardInterrupt`` or ``SystemExit``."""

from __future__ import annotations

import io
import os
import pickle
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from briscola import Action, Observation, new_game, preset
from briscola.bots import (
    Entrant,
    HeuristicBot,
    RandomBot,
    StrongBot,
    TournamentError,
    TournamentInterrupted,
    play_deal,
    tournament,
)
from briscola.cli import simulate

RULES = preset("italian-2p")
ROOT = Path(__file__).resolve().parent.parent
posix = pytest.mark.skipif(not hasattr(os, "killpg"), reason="POSIX process groups and signals")


class Quitter(RandomBot):
    """A random bot that raises ``KeyboardInterrupt`` or ``SystemExit(3)``
    on its first move of the deal of seed ``seed``, and sleeps ``pause``
    seconds a move (module level, so that it pickles)."""

    def __init__(self, seed: int, how: str, pause: float = 0.0) -> None:
        self.hand = new_game(RULES, seed=seed).hands[1]
        self.how = how
        self.pause = pause

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if self.how != "none" and observation.hand == self.hand and len(observation.history) < 2:
            raise KeyboardInterrupt if self.how == "interrupt" else SystemExit(3)
        time.sleep(self.pause)
        return super().choose(observation, legal, rng)

    def __repr__(self) -> str:
        return f"Quitter({self.how})"


@contextmanager
def executor_of(kind: str) -> Iterator[Executor | None]:
    if kind == "here":
        yield None
    elif kind == "threads":
        with ThreadPoolExecutor(2) as threads:
            yield threads
    else:
        with ProcessPoolExecutor(2) as processes:
            yield processes


KINDS = ["here", "threads", "processes"]


def run_on(kind: str, how: str) -> None:
    """40 deals, chunks of 4, with a Quitter that stops at deal 29."""
    with executor_of(kind) as executor:
        lineup: list[Entrant] = ["random", Quitter(30, how)]
        tournament(RULES, lineup, 40, seed=1, rotate=False, chunk=4, executor=executor)


@pytest.mark.parametrize("kind", KINDS)
def test_a_bot_that_exits_is_a_failing_bot(kind: str) -> None:
    """Bots, "Interrupting a tournament": a bot that raises ``SystemExit``
    fails like any other bot, with a TournamentError naming the deal and
    the seat and keeping the counts of the deals that finished."""
    with pytest.raises(TournamentError) as info:
        run_on(kind, "exit")
    error = info.value
    assert (error.deal, error.seed, error.seat) == (29, 30, 1)
    assert str(error) == "deal 29 (seed 30): the bot at seat 1 raised SystemExit: 3"
    assert isinstance(error.__cause__, SystemExit)
    if kind == "here":
        assert error.partial.deals == 29
    else:
        assert 0 < error.partial.deals <= 37


@pytest.mark.parametrize("kind", KINDS)
def test_a_bot_that_interrupts_keeps_the_finished_deals(kind: str) -> None:
    """Bots, "Interrupting a tournament": a bot that raises
    ``KeyboardInterrupt`` stops the tournament with a
    TournamentInterrupted, still a KeyboardInterrupt, whose ``partial``
    holds the counts of the deals that finished."""
    with pytest.raises(TournamentInterrupted) as info:
        run_on(kind, "interrupt")
    stop = info.value
    assert isinstance(stop, KeyboardInterrupt)
    assert str(stop) == f"interrupted after {stop.partial.deals} of 40 deals"
    if kind == "here":
        assert stop.partial.deals == 29
    else:
        # The chunk of deal 29 hands back deal 28; others may be done.
        assert 1 <= stop.partial.deals <= 37
    assert sum(s.wins + s.ties for s in stop.partial.standings) == stop.partial.deals
    copy = pickle.loads(pickle.dumps(stop))
    assert (str(copy), copy.partial) == (str(stop), stop.partial)


def test_the_command_line_prints_the_deals_before_a_bot_interrupts() -> None:
    """CLI guide, "Interrupting a run": a bot's KeyboardInterrupt ends
    ``simulate`` as Ctrl-C does: the table of every deal that finished,
    those of the chunk it stopped included, and status 130."""
    out, err = io.StringIO(), io.StringIO()
    # Chunks of 4 deals: deal 4, the first of its chunk, counts too.
    lineup: list[Entrant] = ["random", Quitter(1 + 5, "interrupt")]
    status = simulate("italian-2p", 100, lineup, 1, rotate=False, out=out, err=err)
    assert status == 130
    assert err.getvalue() == "interrupted after 5 of 100 deals\n"
    assert out.getvalue().startswith("italian-2p: 5 of 100 deals (interrupted)")


@posix
@pytest.mark.parametrize("kind", ["threads", "processes"])
def test_ctrl_c_on_a_pool_hands_back_the_finished_deals(kind: str) -> None:
    """Bots, "Interrupting a tournament": Ctrl-C while a tournament runs
    on a process or thread pool stops it at once with the deals the
    workers had finished, inside chunks that had not, and ends the worker
    processes."""
    slow = Quitter(0, "none", pause=0.02)  # about 0.4 s a deal
    timer = threading.Timer(3.0, os.kill, (os.getpid(), signal.SIGINT))
    with executor_of(kind) as pool:
        began = time.monotonic()
        timer.start()
        try:
            with pytest.raises(TournamentInterrupted) as info:
                # Two chunks of 100 deals, far from done when interrupted.
                tournament(RULES, ["random", slow], 200, seed=1, chunk=100, executor=pool)
        finally:
            timer.cancel()
        took = time.monotonic() - began
        processes = getattr(pool, "_processes", None) or {}
        workers = list(processes.values())
    assert info.value.partial.deals > 0
    assert took < 30, took  # a hang guard: it ends within a second or two
    assert workers == [] or not any(worker.is_alive() for worker in workers)


def _group(pgid: int) -> list[int]:
    """The processes of a process group, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[2]) == pgid:
                found.append(int(entry))
    return found


def _busy(pids: list[int]) -> float:
    """The processor seconds the processes have used, from /proc."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


@posix
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_in_simulate_with_jobs_keeps_the_finished_deals() -> None:
    """CLI guide, "Interrupting a run": Ctrl-C (SIGINT to the process
    group, as a terminal sends it) while ``simulate --jobs 2`` plays long
    chunks ends the program at once with status 130 and the table of the
    deals the workers finished, and leaves no process behind."""
    # Wait until the workers have had time for a few deals each (chunks
    # are 40 deals of the strong bot: none is near its end). A deal's
    # processor time is measured here, as this process runs (slower under
    # coverage, as the child is), beside 3 s for starting the processes.
    started = time.process_time()
    play_deal(preset("italian-2p"), [StrongBot(), HeuristicBot()], seed=1)
    enough = 3 + 4 * (time.process_time() - started)
    command = [sys.executable, "-m", "briscola", "simulate", "--deals", "1280"]
    command += ["--bots", "strong,heuristic", "--seed", "1", "--jobs", "2", "--no-progress"]
    child = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while _busy(_group(child.pid)) < enough and time.monotonic() < deadline:
            assert child.poll() is None
            time.sleep(0.2)
        os.killpg(child.pid, signal.SIGINT)
        began = time.monotonic()
        out, err = child.communicate(timeout=60)  # a hang guard
        took = time.monotonic() - began
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
    assert child.returncode == 130, (child.returncode, err)
    assert took < 30, took
    played = re.fullmatch(r"interrupted after (\d+) of 1280 deals\n", err)
    assert played is not None, err
    assert int(played[1]) > 0
    assert out.startswith(f"italian-2p: {played[1]} of 1280 deals (interrupted)")
    deadline = time.monotonic() + 10
    while _group(child.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _group(child.pid) == []
