"""How a deal ends: the sides' points, the winners and the seats' scores."""

from __future__ import annotations

from ._rules import Rules
from ._state import PHASE_OVER, Contract, GameState, Outcome, Seat

__all__ = [
    "game_outcome",
    "finished_outcome",
    "sides_outcome",
    "contract_outcome",
    "void_outcome",
]


def game_outcome(state: GameState) -> Outcome | None:
    """The outcome of a deal; ``None`` while it goes on."""
    if state.phase is not PHASE_OVER:
        return None
    return finished_outcome(state)


def finished_outcome(state: GameState) -> Outcome:
    """The outcome of a deal that is over (unchecked: the public, checked
    one is :func:`briscola.final_outcome`)."""
    if state.contract is not None:
        return _bastardo_outcome(state, state.contract)
    points_of = state.setup.table.points
    points = tuple(
        sum(points_of[card.index] for seat in side for card in state.piles[seat])
        for side in state.rules.sides
    )
    return sides_outcome(state.rules, points)


def sides_outcome(rules: Rules, points: tuple[int, ...]) -> Outcome:
    """The outcome of a deal with fixed sides that took ``points``: the
    side with the most points wins; a shared top is a tie.

    >>> from briscola import preset
    >>> sides_outcome(preset("italian-2p"), (60, 60)).winners
    ()
    """
    sides = rules.sides
    best = max(points)
    leaders = [i for i, p in enumerate(points) if p == best]
    winners = sides[leaders[0]] if len(leaders) == 1 else ()
    scores = tuple(1 if seat in winners else 0 for seat in range(rules.players))
    return Outcome(sides=sides, points=points, winners=winners, scores=scores)


def void_outcome(players: int) -> Outcome:
    """The outcome of a bastardo deal in which every seat passed: no sides,
    no points, no score.

    >>> void_outcome(5).scores
    (0, 0, 0, 0, 0)
    """
    return Outcome(
        sides=tuple((seat,) for seat in range(players)),
        points=(0,) * players,
        winners=(),
        scores=(0,) * players,
    )


def contract_outcome(
    rules: Rules, declarer: Seat, partner: Seat, taken: int, made: bool
) -> Outcome:
    """The outcome of a played bastardo deal: the declarer's side against
    the rest, zero-sum scores (doubled for cappotto when the rules say so).

    Args:
        rules: The rules (players, pack points, cappotto).
        declarer: The declarer's seat.
        partner: The called card's holder (the declarer when alone).
        taken: The points the declarer's side took.
        made: Whether that reached the contract.

    >>> from briscola import preset
    >>> contract_outcome(preset("bastardo"), 0, 2, 70, True).scores
    (2, -1, 1, -1, -1)
    """
    n = rules.players
    total = rules.total_points
    ours = tuple(sorted({declarer, partner}))
    theirs = tuple(seat for seat in range(n) if seat not in ours)
    sign = 1 if made else -1
    scores = [-sign] * n
    if partner == declarer:
        scores[declarer] = sign * (n - 1)
    else:
        scores[declarer] = 2 * sign
        scores[partner] = sign
    if rules.cappotto_doubles and taken in (0, total):
        scores = [2 * score for score in scores]
    return Outcome(
        sides=(ours, theirs),
        points=(taken, total - taken),
        winners=ours if made else theirs,
        scores=tuple(scores),
    )


def _bastardo_outcome(state: GameState, contract: Contract) -> Outcome:
    """Sides, points and zero-sum scores of a finished bastardo deal."""
    declarer, partner, bid = contract.declarer, contract.partner, contract.bid
    # The call names the partner, so a deal over with a call made has a
    # declarer and a partner; one that every seat passed has no bid.
    if contract.called_card is None or bid is None or declarer is None or partner is None:
        return void_outcome(state.rules.players)
    points = state.setup.table.points
    taken = sum(points[c.index] for seat in {declarer, partner} for c in state.piles[seat])
    return contract_outcome(state.rules, declarer, partner, taken, taken >= bid.points)
