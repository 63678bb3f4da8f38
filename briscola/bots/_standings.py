"""What a tournament reports: each entry's :class:`Standing`, the
:class:`TournamentResult`, and the two ways a tournament stops early with
the counts of the deals that finished (:class:`TournamentError`,
:class:`TournamentInterrupted`). :func:`~briscola.bots.tournament` plays
the deals; this module only holds what it hands back."""

from __future__ import annotations

import math
from typing import Any

import attrs

from .._rules import Rules

__all__ = [
    "Standing",
    "TournamentError",
    "TournamentInterrupted",
    "TournamentResult",
    "wilson_interval",
]


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
    >>> from briscola.bots import tournament
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
    >>> from briscola.bots import tournament
    >>> result = tournament(preset("italian-4p"), ["heuristic", "random"], 8, seed=1)
    >>> [(s.bot, s.seats) for s in result.standings]
    [('heuristic', (0, 2)), ('random', (1, 3))]
    >>> result.games
    8
    >>> result.busy_seconds > 0 and result.seconds > 0
    True
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
    busy_seconds: float = attrs.field(default=0.0, eq=False)
    """The processor time the deals counted took, summed over the workers
    that played them (each chunk's thread time). Over the wall time of the
    run it is the speed-up the workers gave: ``busy_seconds / seconds``
    near 2 on two free cores, near 1 when they share one. Not compared by
    ``==``, as it varies from run to run."""
    seconds: float = attrs.field(default=0.0, eq=False)
    """The wall time from the start of the tournament to these counts.
    Not compared by ``==``."""


class TournamentError(RuntimeError):
    """A deal of a tournament failed: a bot raised, a deal ran past the
    time limit, or the worker process playing it died.

    The error names the deal, its seed and, when a bot failed, its seat;
    :attr:`partial` holds the counts of every deal that finished, and the
    bot's own exception is the ``__cause__``.

    >>> from briscola import preset
    >>> from briscola.bots import RandomBot, tournament
    >>> class Fussy(RandomBot):
    ...     def choose(self, observation, legal, rng):
    ...         if len(observation.history) > 20:
    ...             raise RuntimeError("enough")
    ...         return super().choose(observation, legal, rng)
    >>> try:
    ...     tournament(preset("italian-2p"), [Fussy(), "random"], 5, seed=1, chunk=2)
    ... except TournamentError as error:
    ...     print(error)
    ...     print(error.deal, error.seed, error.seat, error.partial.deals)
    deal 0 (seed 1): the bot at seat 0 raised RuntimeError: enough
    0 1 0 0
    """

    def __init__(
        self, message: str, *, partial: TournamentResult, deal: int, seed: int, seat: int | None
    ) -> None:
        super().__init__(message)
        self.partial: TournamentResult = partial
        """The counts of the deals that finished (:attr:`TournamentResult.deals`
        of them; on an executor, not necessarily the first ones)."""
        self.deal: int = deal
        """The deal that failed, from 0 (the first deal of the chunk when a
        worker process died or stopped answering)."""
        self.seed: int = seed
        """That deal's seed."""
        self.seat: int | None = seat
        """The seat whose bot failed, or ``None`` when the failure was not a
        bot's (a worker process that died)."""

    def __reduce__(self) -> Any:
        return (_tournament_error, (str(self), self.partial, self.deal, self.seed, self.seat))


def _tournament_error(
    message: str, partial: TournamentResult, deal: int, seed: int, seat: int | None
) -> TournamentError:
    return TournamentError(message, partial=partial, deal=deal, seed=seed, seat=seat)


class TournamentInterrupted(KeyboardInterrupt):
    """A tournament was interrupted: Ctrl-C (``SIGINT``) reached this
    process, or a bot raised :class:`KeyboardInterrupt`.

    It is a :class:`KeyboardInterrupt`, so it stops a program as Ctrl-C
    does; :attr:`partial` holds the counts of every deal that finished.
    On a
    :class:`~concurrent.futures.ProcessPoolExecutor` the worker processes
    are told to stop, hand back the deals they finished and are then
    ended, so the pool takes no more work; on a thread pool the chunks
    under way stop before their next deal and hand back theirs; on a
    cluster the chunks under way run to their end unseen.

    >>> from briscola import new_game, preset
    >>> from briscola.bots import RandomBot, tournament
    >>> class Impatient(RandomBot):
    ...     def choose(self, observation, legal, rng):
    ...         if observation.hand == deal_3[0] and not observation.history:
    ...             raise KeyboardInterrupt
    ...         return super().choose(observation, legal, rng)
    >>> deal_3 = new_game(preset("italian-2p"), seed=3).hands
    >>> try:
    ...     tournament(preset("italian-2p"), [Impatient(), "random"], 5, rotate=False)
    ... except TournamentInterrupted as stop:
    ...     print(stop, "/", stop.partial.deals)
    interrupted after 3 of 5 deals / 3
    """

    def __init__(self, message: str, *, partial: TournamentResult) -> None:
        super().__init__(message)
        self.partial: TournamentResult = partial
        """The counts of the deals that finished (:attr:`TournamentResult.deals`
        of them; on an executor, not necessarily the first ones)."""

    def __reduce__(self) -> Any:
        return (_tournament_interrupted, (str(self), self.partial))


def _tournament_interrupted(message: str, partial: TournamentResult) -> TournamentInterrupted:
    return TournamentInterrupted(message, partial=partial)
