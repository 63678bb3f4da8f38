"""Many seeded deals between bots, on any executor: :func:`tournament`.

The work is cut into chunks of consecutive deals; each chunk is one call
of a plain module-level function, so it travels to a process pool, a Dask
or Ray cluster or any other :class:`concurrent.futures.Executor` by
pickling. A chunk's counts depend only on its seeds and the line-up, and
counts add up in any order, so the result is the same whatever the
executor, the number of workers and the chunk size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import TypeAlias

import attrs

from .._engine import outcome
from .._rules import Auction, Rules
from .._trick import per_rules
from ._arena import make_bot, play_deal
from ._protocol import Bot

__all__ = ["Entrant", "Standing", "TournamentResult", "places", "tournament", "wilson_interval"]

Entrant: TypeAlias = "str | Bot"
"""One entry of a tournament's line-up: a :func:`make_bot` name such as
``"heuristic"`` or ``"montecarlo:200"`` (which pickles as a short string),
or a bot object (which must pickle to run on other processes)."""

Progress: TypeAlias = Callable[[int, int], None]


def wilson_interval(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a win rate.

    Wilson's interval stays inside 0 to 1 and keeps a sensible width when
    the rate is near 0 or 1 or the games are few, where the normal
    approximation (rate ± z·standard error) does not.

    Args:
        wins: The games won.
        games: The games played (ties and void deals count as not won).
        z: The normal quantile; the default gives a 95% interval.

    Returns:
        The low and high ends of the interval, from 0 to 1; ``(0.0, 1.0)``
        when no game was played.

    Raises:
        ValueError: If ``wins`` is not between 0 and ``games``.

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be from 0 to the games played ({games}), not {wins}")
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    z2 = z * z
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


@attrs.frozen
class Standing:
    """How one entry of a tournament's line-up did.

    In team games an entry is a side (its bot plays every seat of the
    side); in bastardo, whose partnerships change every deal, and in games
    where each plays alone, an entry is a seat.

    >>> from briscola import preset
    >>> result = tournament(preset("italian-2p"), ["heuristic", "random"], 10, seed=1)
    >>> heuristic = result.standings[0]
    >>> heuristic.deals, heuristic.wins + heuristic.ties + result.standings[1].wins
    (10, 10)
    """

    bot: str
    """The bot: its :func:`make_bot` name, or the ``repr`` of a bot object."""
    seats: tuple[int, ...]
    """The seats of the entry's place in the line-up; with rotation or
    duplicate deals it moves to the other places in turn."""
    deals: int
    """The deals played."""
    wins: int
    """The deals won (with partners, in team games and bastardo)."""
    ties: int
    """The deals tied (equal points at the top)."""
    void: int
    """Bastardo deals everyone passed: no winner, no score, not a tie."""
    points: int
    """The card points taken by the entry's side, over all deals."""
    score: int
    """The scores of bastardo deals, over all deals (0 in other games)."""

    @property
    def win_rate(self) -> float:
        """``wins / deals`` (0 with no deal).

        >>> Standing("random", (0,), 4, 1, 0, 0, 200, 0).win_rate
        0.25
        """
        return self.wins / self.deals if self.deals else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`win_rate`
        (:func:`wilson_interval`).

        >>> low, high = Standing("random", (0,), 100, 50, 0, 0, 6000, 0).win_interval
        >>> round(low, 3), round(high, 3)
        (0.404, 0.596)
        """
        return wilson_interval(self.wins, self.deals)

    @property
    def mean_points(self) -> float:
        """Card points per deal.

        >>> Standing("random", (0,), 4, 1, 0, 0, 200, 0).mean_points
        50.0
        """
        return self.points / self.deals if self.deals else 0.0

    @property
    def mean_score(self) -> float:
        """Bastardo score per deal.

        >>> Standing("random", (0,), 4, 1, 0, 0, 200, -6).mean_score
        -1.5
        """
        return self.score / self.deals if self.deals else 0.0


@attrs.frozen
class TournamentResult:
    """What :func:`tournament` returns.

    >>> from briscola import preset
    >>> result = tournament(preset("italian-4p"), ["heuristic", "random"], 8, seed=1)
    >>> [(s.bot, s.seats) for s in result.standings]
    [('heuristic', (0, 2)), ('random', (1, 3))]
    >>> result.games
    8
    """

    rules: Rules
    """The rules played."""
    seed: int
    """Deal ``k`` (from 0) is ``new_game(rules, seed=seed + k)``."""
    deals: int
    """The packs dealt (seeds used)."""
    games: int
    """The deals played: :attr:`deals`, times the number of entries with
    duplicate deals."""
    rotate: bool
    """Whether the line-up moved round one place every deal."""
    duplicate: bool
    """Whether every pack was played once with the line-up in each place."""
    standings: tuple[Standing, ...]
    """One per entry of the line-up, in its order."""


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


@per_rules(_RULES)
def _interned(rules: Rules) -> Rules:
    return rules


def _play_chunk(
    rules: Rules,
    lineup: tuple[Entrant, ...],
    seats_of: tuple[tuple[int, ...], ...],
    seeds: range,
    rotate: bool,
    duplicate: bool,
    first: int,
) -> _Counts:
    """Play the deals of ``seeds`` (deal numbers from ``first``); module
    level so that executors can pickle it."""
    rules = _interned(rules)
    players = [make_bot(e) if isinstance(e, str) else e for e in lineup]
    m = len(players)
    place_of = {seat: place for place, seats in enumerate(seats_of) for seat in seats}
    counts = [[0] * 6 for _ in range(m)]
    for k, seed in enumerate(seeds, first):
        shifts = range(m) if duplicate else [k % m if rotate else 0]
        for shift in shifts:
            # Place p holds entry (p + shift) % m: shifting moves every
            # entry through every place.
            table = [players[(place_of[seat] + shift) % m] for seat in range(rules.players)]
            final = play_deal(rules, table, seed=seed)
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
    return counts


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

    Returns:
        The counts per entry of the line-up.

    Raises:
        ValueError: If ``deals`` or ``chunk`` is not positive, or the
            line-up does not fit the table, or names an unknown bot.

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
    for result in running(
        rules,
        lineup,
        deals,
        seed=seed,
        executor=executor,
        rotate=rotate,
        duplicate=duplicate,
        chunk=chunk,
    ):
        if on_progress is not None:
            on_progress(result.deals, deals)
    assert result is not None
    return result


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
) -> Iterator[TournamentResult]:
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

    def add(counts: _Counts, size: int) -> TournamentResult:
        nonlocal done
        for total, part in zip(totals, counts):
            for i, value in enumerate(part):
                total[i] += value
        done += size
        standings = tuple(
            Standing(label, seats, *total) for label, seats, total in zip(labels, seats_of, totals)
        )
        games = done * (len(entrants) if duplicate else 1)
        return TournamentResult(rules, seed, done, games, rotate, duplicate, standings)

    work = [(start, range(seed + start, seed + stop)) for start, stop in _chunks(deals, chunk)]
    if executor is None:
        for start, seeds in work:
            counts = _play_chunk(rules, entrants, seats_of, seeds, rotate, duplicate, start)
            yield add(counts, len(seeds))
        return
    futures: dict[Future[_Counts], int] = {
        executor.submit(
            _play_chunk, rules, entrants, seats_of, seeds, rotate, duplicate, start
        ): len(seeds)
        for start, seeds in work
    }
    try:
        for future in as_completed(futures):
            yield add(future.result(), futures[future])
    finally:
        for future in futures:
            future.cancel()
