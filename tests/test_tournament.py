"""``briscola.bots.tournament``: many seeded deals between bots on any
executor, with the same counts whatever runs them."""

from __future__ import annotations

import os
import pickle
import random
import signal
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from briscola import Action, Observation, Pass, new_game, outcome, preset
from briscola.bots import (
    Entrant,
    HeuristicBot,
    RandomBot,
    Standing,
    TournamentError,
    TournamentResult,
    places,
    play_deal,
    tournament,
    wilson_interval,
)


class PassBot:
    """Passes whenever it may, else the first legal action (module level,
    so that it pickles)."""

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """``Pass()`` if legal, else the first of ``legal``."""
        return Pass() if Pass() in legal else legal[0]

    def __repr__(self) -> str:
        return "PassBot()"


def test_counts_are_the_deals_played_here() -> None:
    """Deal k is ``new_game(rules, seed=seed + k)`` played by
    ``play_deal``; without rotation seat 0 is always the first entry."""
    rules = preset("italian-2p")
    result = tournament(rules, ["heuristic", "random"], 12, seed=5, rotate=False)
    wins = [0, 0]
    ties = 0
    points = [0, 0]
    for seed in range(5, 17):
        final = outcome(play_deal(rules, [HeuristicBot(), RandomBot()], seed=seed))
        assert final is not None
        ties += not final.winners
        for seat in final.winners:
            wins[seat] += 1
        points = [p + q for p, q in zip(points, final.points)]
    assert [s.wins for s in result.standings] == wins
    assert [s.ties for s in result.standings] == [ties, ties]
    assert [s.points for s in result.standings] == points
    assert [s.deals for s in result.standings] == [12, 12]
    assert (result.deals, result.games, result.seed) == (12, 12, 5)


def test_rotation_moves_each_bot_through_each_seat() -> None:
    """With rotation (the default) deal k shifts the line-up by k places:
    the same bot everywhere gives the same counts as a rotated line-up of
    that bot, and two deals of a two-seat game put each bot in each
    seat once."""
    rules = preset("italian-2p")
    rotated = tournament(rules, ["heuristic", "random"], 2, seed=3)
    first = outcome(play_deal(rules, [HeuristicBot(), RandomBot()], seed=3))
    second = outcome(play_deal(rules, [RandomBot(), HeuristicBot()], seed=4))
    assert first is not None and second is not None
    heuristic = rotated.standings[0]
    assert heuristic.points == first.points[0] + second.points[1]
    assert heuristic.wins == (0 in first.winners) + (1 in second.winners)


def test_duplicate_plays_every_pack_in_every_place() -> None:
    """Duplicate deals: each pack once per place of the line-up, so the
    two bots of a two-seat game swap seats on the same cards; the points
    of the two entries add up to 120 per deal played."""
    rules = preset("italian-2p")
    result = tournament(rules, ["heuristic", "random"], 3, seed=1, duplicate=True)
    assert result.games == 6
    assert [s.deals for s in result.standings] == [6, 6]
    assert sum(s.points for s in result.standings) == 6 * 120
    expected = 0
    for seed in (1, 2, 3):
        a = outcome(play_deal(rules, [HeuristicBot(), RandomBot()], seed=seed))
        b = outcome(play_deal(rules, [RandomBot(), HeuristicBot()], seed=seed))
        assert a is not None and b is not None
        expected += a.points[0] + b.points[1]
    assert result.standings[0].points == expected


def test_team_games_count_by_side() -> None:
    """Bots, "Tournaments": one entry per side in team games; a side's points
    are its pile, the same for both partners."""
    result = tournament(preset("italian-4p"), ["heuristic", "random"], 6, seed=2)
    assert [s.seats for s in result.standings] == [(0, 2), (1, 3)]
    assert sum(s.points for s in result.standings) == 6 * 120


def test_void_bastardo_deals_are_not_ties() -> None:
    """Briscola bastardo, "Choices the library makes": when everyone passes the
    deal is void, counted apart from ties; bot objects may sit in the
    line-up."""
    result = tournament(preset("bastardo"), [PassBot()], 3, seed=1)
    assert [s.void for s in result.standings] == [3] * 5
    assert [s.ties for s in result.standings] == [0] * 5
    assert result.standings[0].bot == "PassBot()"


def test_chunking_and_executors_do_not_change_the_result() -> None:
    """The counts depend on the seeds and the line-up only: in-process,
    threads with odd chunks and a process pool agree."""
    rules = preset("bastardo")
    lineup = ["heuristic", "random", "random", "heuristic", "random"]
    here = tournament(rules, lineup, 6, seed=11)
    with ThreadPoolExecutor(3) as threads:
        assert tournament(rules, lineup, 6, seed=11, executor=threads, chunk=4) == here
    with ProcessPoolExecutor(2) as processes:
        assert tournament(rules, lineup, 6, seed=11, executor=processes, chunk=1) == here


def test_a_dask_cluster_gives_the_same_result() -> None:
    """The same run on Dask's distributed executor (one in-process worker,
    to stay light)."""
    distributed = pytest.importorskip("distributed")
    rules = preset("italian-2p")
    here = tournament(rules, ["heuristic", "random"], 8, seed=4, duplicate=True)
    with (
        distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        there = tournament(
            rules, ["heuristic", "random"], 8, seed=4, duplicate=True, executor=executor, chunk=3
        )
    assert there == here


def test_progress_reports_every_chunk() -> None:
    """``on_progress`` hears the deals done after each chunk, up to all."""
    heard: list[tuple[int, int]] = []
    tournament(
        preset("italian-2p"),
        ["random"],
        5,
        chunk=2,
        on_progress=lambda done, total: heard.append((done, total)),
    )
    assert heard == [(2, 5), (4, 5), (5, 5)]


@pytest.mark.parametrize(
    ("deals", "chunk", "message"),
    [
        (0, None, "at least one deal, not 0"),
        (-3, None, "at least one deal"),
        (5, 0, "chunk must be a positive number"),
    ],
)
def test_bad_sizes(deals: int, chunk: int | None, message: str) -> None:
    """No deal, or an empty chunk, is a ValueError with a reason."""
    with pytest.raises(ValueError, match=message):
        tournament(preset("italian-2p"), ["random"], deals, chunk=chunk)


def test_bad_lineups() -> None:
    """A line-up that fits neither the sides nor the seats, or an unknown
    bot name, fails before any deal is played."""
    with pytest.raises(ValueError, match="needs 1, 2 or 4 bots for 4 seats and 2 sides, not 3"):
        places(preset("italian-4p"), 3)
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        tournament(preset("italian-2p"), ["genius", "random"], 3)


def test_wilson_interval() -> None:
    """The Wilson score interval: inside [0, 1], around the rate, narrower
    with more games, and the textbook value for 60 wins in 100."""
    low, high = wilson_interval(60, 100)
    assert low == pytest.approx(0.5020, abs=1e-4) and high == pytest.approx(0.6906, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and 0 < wilson_interval(0, 10)[1] < 0.35
    assert wilson_interval(10, 10)[1] == 1.0
    wide = wilson_interval(5, 10)
    narrow = wilson_interval(500, 1000)
    assert wide[1] - wide[0] > narrow[1] - narrow[0]
    with pytest.raises(ValueError, match="wins must be from 0"):
        wilson_interval(11, 10)
    standing = Standing("random", (0,), 100, 60, 0, 0, 0, 0)
    assert standing.win_interval == wilson_interval(60, 100)


# -- failures keep what finished ------------------------------------------------------

RULES = preset("italian-2p")


class Troubled(RandomBot):
    """A random bot that misbehaves on its first move of the deal of seed
    ``seed`` (it knows the deal by its first hand): raises, ends its
    process, sleeps, or sleeps where no signal reaches it. Module level,
    so that it pickles."""

    def __init__(self, seed: int, seat: int, how: str) -> None:
        self.hand = new_game(RULES, seed=seed).hands[seat]
        self.how = how

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if observation.hand == self.hand and len(observation.history) < 2:
            if self.how == "raise":
                raise ZeroDivisionError("the bot divided by zero")
            if self.how == "die":
                os._exit(3)
            if self.how == "deaf":
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
            time.sleep(60)
        return super().choose(observation, legal, rng)

    def __repr__(self) -> str:
        return f"Troubled({self.how})"


def _standings_of(result: TournamentResult) -> list[tuple[int, ...]]:
    return [(s.deals, s.wins, s.ties, s.points) for s in result.standings]


def test_a_bot_that_raises_keeps_the_finished_deals() -> None:
    """Bots, "Tournaments": a bot that raises on the 30th deal stops the
    tournament with a TournamentError naming the deal, its seed and the
    seat; its ``partial`` result holds the 29 deals before it, counted as
    a tournament of 29 deals counts them, and the bot's error is the
    cause."""
    lineup: list[Entrant] = ["random", Troubled(1 + 29, 1, "raise")]
    with pytest.raises(TournamentError) as info:
        tournament(RULES, lineup, 40, seed=1, rotate=False, chunk=8)
    error = info.value
    assert (error.deal, error.seed, error.seat) == (29, 30, 1)
    assert str(error) == (
        "deal 29 (seed 30): the bot at seat 1 raised ZeroDivisionError: the bot divided by zero"
    )
    assert isinstance(error.__cause__, ZeroDivisionError)
    assert error.partial.deals == 29
    expected = tournament(RULES, ["random", "random"], 29, seed=1, rotate=False)
    assert _standings_of(error.partial) == _standings_of(expected)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.deal, copy.seed, copy.seat) == (str(error), 29, 30, 1)
    assert copy.partial == error.partial


def test_failures_on_worker_processes_are_reported() -> None:
    """Bots, "Tournaments": on a process pool, a bot that raises, a worker
    process that dies and a bot that hangs past ``time_limit`` each stop
    the tournament with the deal and seed named (the seat too when a bot
    failed; the deals not played when a worker died) and the other
    chunks' counts kept."""
    cases = (
        ("raise", None, "deal 29 (seed 30): the bot at seat 1 raised ZeroDivisionError"),
        ("die", None, "deals "),
        ("sleep", 0.5, "deal 29 (seed 30): the bot at seat 1 took longer than the time limit"),
    )
    for how, limit, message in cases:
        with ProcessPoolExecutor(2) as pool:
            with pytest.raises(TournamentError) as info:
                tournament(
                    RULES,
                    ["random", Troubled(30, 1, how)],
                    40,
                    seed=1,
                    rotate=False,
                    chunk=4,
                    executor=pool,
                    time_limit=limit,
                )
        error = info.value
        assert str(error).startswith(message), str(error)
        if how == "die":
            # Which chunk the dead worker held cannot be told: every chunk
            # not finished is named, from the first (the one at hand or before).
            assert str(error).endswith(
                "were not played: a worker process died while playing some of them"
            )
            assert error.deal % 4 == 0 and error.deal <= 28 and error.seed == 1 + error.deal
            assert error.seat is None and error.partial.deals <= 36
            words = str(error).split()
            assert words[:2] == ["deals", str(error.deal)] and words[4] == "(seeds"
            assert int(words[3]) in (31, 35, 39) and words[7] == f"{int(words[3]) + 1})"
        else:
            assert (error.deal, error.seed, error.seat) == (29, 30, 1)
            assert 0 < error.partial.deals <= 37 and error.partial.deals % 4 in (0, 1)


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signals")
def test_a_worker_stuck_out_of_reach_is_ended() -> None:
    """Bots, "Tournaments": a deal that no timer can stop (its worker
    blocks the signal) is found by the pool going quiet for longer than
    its chunk could take at the limit; the worker is ended and the chunk
    reported."""
    with ProcessPoolExecutor(1) as pool:
        began = time.monotonic()
        with pytest.raises(TournamentError, match="no answer from the worker process") as info:
            tournament(
                RULES,
                ["random", Troubled(3, 1, "deaf")],
                4,
                seed=1,
                rotate=False,
                chunk=1,
                executor=pool,
                time_limit=0.2,
            )
    assert time.monotonic() - began < 30
    assert (info.value.deal, info.value.seed, info.value.seat) == (2, 3, None)
    assert info.value.partial.deals == 2


def test_a_time_limit_here_is_checked_after_each_deal() -> None:
    """Bots, "Tournaments": without worker processes a deal cannot be
    stopped, so a deal that took longer than ``time_limit`` is reported
    once it ends; the limit must be a positive number of seconds."""

    class Slow(RandomBot):
        def choose(
            self, observation: Observation, legal: Sequence[Action], rng: random.Random
        ) -> Action:
            if len(observation.history) == 0 and observation.hand == first:
                time.sleep(0.3)
            return super().choose(observation, legal, rng)

    first = new_game(RULES, seed=2).hands[0]
    with pytest.raises(TournamentError) as info:
        tournament(RULES, [Slow(), "random"], 3, seed=1, rotate=False, time_limit=0.2)
    assert str(info.value) == "deal 1 (seed 2): the deal took longer than the time limit of 0.2 s"
    assert info.value.partial.deals == 1 and info.value.seat is None
    for bad in (0, -1.0, float("nan"), float("inf"), "1"):
        with pytest.raises(ValueError, match="time_limit must be a positive number"):
            tournament(RULES, ["random"], 1, time_limit=bad)  # type: ignore[arg-type]
