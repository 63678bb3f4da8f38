"""``briscola.bots.tournament``: many seeded deals between bots on any
executor, with the same counts whatever runs them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from briscola import Action, Observation, Pass, outcome, preset
from briscola.bots import (
    HeuristicBot,
    RandomBot,
    Standing,
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
