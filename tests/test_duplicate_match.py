"""``briscola.bots.duplicate_match``: one bot against another over
duplicate packs, with the score's 95% interval."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import pytest

from briscola import Action, Observation, preset
from briscola.bots import DuplicateScore, HeuristicBot, duplicate_match


class SeatRecorder(HeuristicBot):
    """Plays as the heuristic bot and records every seat it moved for."""

    def __init__(self) -> None:
        super().__init__()
        self.seats: set[int] = set()

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The heuristic bot's action; the seat is recorded."""
        self.seats.add(observation.seat)
        return super().choose(observation, legal, rng)

    def __repr__(self) -> str:
        return "SeatRecorder()"


def test_interval_is_the_normal_one_over_the_packs() -> None:
    """Bots, "Duplicate matches": the score is the mean of the per-pack
    scores and the interval 1.96 standard errors of it either side."""
    scores = (1.0, 0.5, 0.75, 0.0, 1.0, 0.5, 0.25, 1.0)
    result = DuplicateScore("a", "b", 0, scores)
    mean = sum(scores) / len(scores)
    half = 1.959963984540054 * statistics.stdev(scores) / math.sqrt(len(scores))
    assert result.packs == 8
    assert result.score == pytest.approx(mean)
    assert result.half_width == pytest.approx(half)
    assert (result.low, result.high) == pytest.approx((mean - half, mean + half))


def test_interval_stays_within_zero_and_one() -> None:
    """Bots, "Duplicate matches": the interval is kept within 0 and 1;
    one pack gives no spread to measure, so the whole range."""
    assert (DuplicateScore("a", "b", 0, (1.0,)).low, DuplicateScore("a", "b", 0, (1.0,)).high) == (
        0.0,
        1.0,
    )
    lopsided = DuplicateScore("a", "b", 0, (1.0,) * 9 + (0.0,))
    assert lopsided.high == 1.0 and 0.0 < lopsided.low < 0.9
    sure = DuplicateScore("a", "b", 0, (0.5,) * 4)
    assert (sure.low, sure.score, sure.high) == (0.5, 0.5, 0.5)


@pytest.mark.parametrize(("name", "seats"), [("italian-2p", {0, 1}), ("italian-4p", {0, 1, 2, 3})])
def test_each_bot_plays_every_side_of_a_pack(name: str, seats: set[int]) -> None:
    """Bots, "Duplicate matches": with two sides the bots swap sides on
    every pack, partners included, so each plays every seat of one pack."""
    bot, opponent = SeatRecorder(), SeatRecorder()
    duplicate_match(preset(name), bot, opponent, 1, seed=3)
    assert bot.seats == seats and opponent.seats == seats


def test_bastardo_seats_the_bot_once_among_opponents() -> None:
    """Bots, "Duplicate matches": where an auction makes the sides, the
    bot sits at seat ``seed % players`` among opponents."""
    bot = SeatRecorder()
    duplicate_match(preset("bastardo"), bot, "heuristic", 2, seed=7)
    assert bot.seats == {7 % 5, 8 % 5}


@pytest.mark.parametrize("name", ["italian-2p", "italian-4p", "italian-3p", "bastardo"])
def test_identical_bots_score_one_half(name: str) -> None:
    """Bots, "Duplicate matches": a bot against itself scores exactly 1/2
    on every pack, whatever the seats."""
    result = duplicate_match(preset(name), "heuristic", "heuristic", 4, seed=11)
    assert result.pack_scores == (0.5,) * 4
    assert (result.low, result.score, result.high) == (0.5, 0.5, 0.5)


def test_the_stronger_bot_scores_above_one_half_the_same_on_any_executor() -> None:
    """Bots, "Duplicate matches": the heuristic bot beats random play,
    and the result does not depend on the executor or the chunks."""
    rules = preset("italian-2p")
    here = duplicate_match(rules, "heuristic", "random", 30, seed=5)
    with ThreadPoolExecutor(2) as pool:
        there = duplicate_match(rules, "heuristic", "random", 30, seed=5, executor=pool, chunk=7)
    assert here == there
    assert here.low > 0.5
    assert (here.bot, here.opponent, here.seed) == ("heuristic", "random", 5)
    reverse = duplicate_match(rules, "random", "heuristic", 30, seed=5)
    assert reverse.pack_scores == tuple(1 - s for s in here.pack_scores)


def test_progress_is_reported_in_seed_order() -> None:
    """Bots, "Duplicate matches": ``on_progress`` gets the packs so far."""
    seen: list[int] = []
    duplicate_match(
        preset("italian-2p"),
        "heuristic",
        "random",
        5,
        chunk=2,
        on_progress=lambda r: seen.append(r.packs),
    )
    assert seen == [2, 4, 5]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"packs": 0}, "at least one pack, not 0"),
        ({"packs": 2.0}, "at least one pack, not 2.0"),
        ({"seed": -1}, "seed must be an integer of 0 or more, not -1"),
        ({"chunk": 0}, "chunk must be a positive number of packs, not 0"),
        ({"opponent": "genius"}, "unknown bot 'genius'"),
    ],
)
def test_bad_arguments_are_refused(options: dict[str, object], message: str) -> None:
    """Bots, "Duplicate matches": bad arguments raise ``ValueError``
    before any deal is played."""
    arguments: dict[str, object] = {"opponent": "random", "packs": 3, **options}
    with pytest.raises(ValueError, match=message):
        duplicate_match(preset("italian-2p"), "heuristic", **arguments)  # type: ignore[arg-type]
