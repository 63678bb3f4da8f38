"""Matches: sequences of deals, in every match format of the rules."""

from __future__ import annotations

import random

import attrs

from ._actions import Action
from ._deal import check_seed, new_game
from ._drawn import Drawn
from ._game import game_apply, game_legal_actions
from ._outcome import finished_outcome
from ._rules import AUCTION_NONE, MatchFormat, Rules
from ._state import GameState, Outcome, Seat

__all__ = [
    "MatchState",
    "new_match",
    "deal_seed",
    "decision",
    "match_goes_on",
    "next_dealer",
    "match_legal_actions",
    "match_apply",
    "match_outcome",
]


@attrs.frozen(repr=False)
class MatchState(Drawn):
    """A match: the deal in progress and the results of the deals before.

    :func:`~briscola.legal_actions`, :func:`~briscola.apply` and
    :func:`~briscola.outcome` take a match as they take a deal, so one loop
    drives either. When a deal ends, the next one is dealt at once
    with the next dealer, until the match is over.

    >>> import attrs
    >>> from briscola import new_match, preset, MatchFormat
    >>> match = new_match(attrs.evolve(preset("italian-2p"), match=MatchFormat.FIRST_TO, match_target=2), seed=9)
    >>> match.game.dealer, match.results, match.totals, match.is_over
    (1, (), (0, 0), False)
    """

    rules: Rules
    """The rules of every deal and of the match format."""
    seed: int | str
    """The match seed: deal 0 is shuffled with ``random.Random(seed)``,
    deal ``k`` with ``random.Random(f"{seed}:{k}")``."""
    game: GameState
    """The deal in progress (the last deal, once the match is over)."""
    results: tuple[Outcome, ...]
    """The :class:`~briscola.Outcome` of each finished deal, in order."""
    totals: tuple[int, ...]
    """Per seat, the sum of the finished deals' ``scores``."""
    is_over: bool = False
    """Whether the match has ended."""
    finished: tuple[GameState, ...] = ()
    """The finished deals before :attr:`game`, in order, each with its
    whole history: a saved match replays them (:func:`~briscola.dumps`)."""

    @property
    def to_move(self) -> int | None:
        """The seat to act in the current deal; ``None`` once the match is
        over."""
        return None if self.is_over else self.game.to_move

    @property
    def wins(self) -> tuple[int, ...]:
        """Per seat, the deals it has won (ties and void deals count for
        nobody)."""
        return _wins(self.rules, self.results)


def deal_seed(seed: int | str, k: int) -> int | str:
    """The seed of deal ``k`` of a match seeded with ``seed`` (see the matches guide).

    >>> deal_seed(42, 0), deal_seed(42, 3)
    (42, '42:3')
    """
    return seed if k == 0 else f"{seed}:{k}"


def new_match(rules: Rules, *, seed: int | str | None = None) -> MatchState:
    """Start a match in the rules' format.

    Args:
        rules: The rules, match format included (:attr:`Rules.match`).
        seed: Reproduces the match; drawn at random (and kept in the state)
            when ``None``.

    Returns:
        The match with its first deal, dealt by the last seat and equal to
        ``new_game(rules, seed=seed)``.

    >>> from briscola import new_match, new_game, preset
    >>> new_match(preset("split-2p"), seed=4).game == new_game(preset("split-2p"), seed=4)
    True
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"new_match takes Rules, not {rules!r}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    elif not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise ValueError(f"a match seed is an int or a str, not {seed!r}")
    else:
        check_seed(seed)
    game = new_game(rules, seed=seed)
    return MatchState(rules, seed, game, (), (0,) * rules.players)


def match_legal_actions(match: MatchState) -> tuple[Action, ...]:
    """The legal actions of the deal in progress."""
    if match.is_over:
        return ()
    return game_legal_actions(match.game)


def match_apply(match: MatchState, action: Action) -> MatchState:
    """Apply ``action`` to the deal in progress; deal the next one, or end
    the match, when it finishes."""
    game = game_apply(match.game, action)
    if not game.is_over:
        return MatchState(
            match.rules, match.seed, game, match.results, match.totals, False, match.finished
        )
    result = finished_outcome(game)
    results = match.results + (result,)
    totals = tuple(t + s for t, s in zip(match.totals, result.scores))
    rules = match.rules
    if not match_goes_on(rules, results, totals):
        return MatchState(rules, match.seed, game, results, totals, True, match.finished)
    dealer = next_dealer(rules, game.dealer, result)
    following = new_game(rules, seed=deal_seed(match.seed, len(results)), dealer=dealer)
    return MatchState(
        rules, match.seed, following, results, totals, False, match.finished + (game,)
    )


def next_dealer(rules: Rules, dealer: Seat, result: Outcome) -> Seat:
    """Who deals after a deal by ``dealer`` that ended with ``result``:
    the next seat in playing order, except that a tied deal stays with its
    dealer when :attr:`Rules.tie_same_dealer` says so. A void bastardo deal
    (every seat passed) always passes the deal on.

    >>> from briscola import Outcome, preset
    >>> tie = Outcome(sides=((0,), (1,)), points=(60, 60), winners=(), scores=(0, 0))
    >>> next_dealer(preset("split-2p"), 1, tie), next_dealer(preset("italian-2p"), 1, tie)
    (1, 0)
    """
    same = rules.tie_same_dealer and not result.winners and not _is_void(rules, result)
    return dealer if same else (dealer + 1) % rules.players


def match_outcome(match: MatchState) -> Outcome | None:
    """The match's outcome once it is over."""
    if not match.is_over:
        return None
    rules = match.rules
    winners = decision(rules, match.results, match.totals) or ()
    sides = rules.sides
    points = _side_values(rules, match.results, match.totals)
    won_by_side = _side_wins(rules, match.results)
    sweep = (
        bool(winners)
        and rules.match is MatchFormat.FIRST_TO
        and all(wins == 0 for side, wins in zip(sides, won_by_side) if side[0] not in winners)
    )
    return Outcome(sides=sides, points=points, winners=winners, scores=match.totals, is_sweep=sweep)


def _wins(rules: Rules, results: tuple[Outcome, ...]) -> tuple[int, ...]:
    return tuple(sum(1 for r in results if seat in r.winners) for seat in range(rules.players))


def _side_wins(rules: Rules, results: tuple[Outcome, ...]) -> tuple[int, ...]:
    wins = _wins(rules, results)
    return tuple(max(wins[seat] for seat in side) for side in rules.sides)


def _side_values(
    rules: Rules, results: tuple[Outcome, ...], totals: tuple[int, ...]
) -> tuple[int, ...]:
    if rules.match is MatchFormat.POINTS_TARGET:
        return tuple(max(totals[seat] for seat in side) for side in rules.sides)
    return _side_wins(rules, results)


def _is_void(rules: Rules, result: Outcome) -> bool:
    """Whether ``result`` is a void bastardo deal's (every seat passed): a
    played bastardo deal always has winners, one side or the other."""
    return not result.winners and rules.auction is not AUCTION_NONE


def match_goes_on(rules: Rules, results: tuple[Outcome, ...], totals: tuple[int, ...]) -> bool:
    """Whether a match goes on after the last of ``results`` (see the matches guide).

    A void bastardo deal never ends a match (the next dealer deals); after
    a deal that was played, the match goes on until :func:`decision` finds
    it decided.

    Args:
        rules: The rules, match format included.
        results: The outcomes of the finished deals, at least one.
        totals: Per seat, the sum of their scores.

    Returns:
        Whether another deal is dealt.

    >>> import attrs
    >>> from briscola import MatchFormat, preset
    >>> from briscola._outcome import void_outcome
    >>> single = attrs.evolve(preset("bastardo"), match=MatchFormat.SINGLE)
    >>> match_goes_on(single, (void_outcome(5),), (0,) * 5)
    True
    """
    return _is_void(rules, results[-1]) or decision(rules, results, totals) is None


def decision(
    rules: Rules, results: tuple[Outcome, ...], totals: tuple[int, ...]
) -> tuple[int, ...] | None:
    """``None`` while the match goes on; else its winners (empty if
    drawn). Called only after a deal that was played (not void): see
    :func:`match_goes_on`."""
    fmt = rules.match
    target = rules.match_target
    sides = rules.sides
    values = _side_values(rules, results, totals)
    best = max(values)
    leaders = [side for side, value in zip(sides, values) if value == best]
    alone = leaders[0] if len(leaders) == 1 else None
    if fmt is MatchFormat.SINGLE:
        return results[-1].winners
    if fmt is MatchFormat.FIRST_TO:
        return alone if best >= target and alone is not None else None
    if fmt is MatchFormat.BEST_OF:
        counted = sum(1 for r in results if r.winners)
        if 2 * best > target:
            return alone
        if counted >= target:
            return alone or ()
        return None
    return alone if best >= target and alone is not None else None
