"""The rewards of a deal, per seat: what the environments pay (with
Gymnasium, :mod:`briscola._rl`) and the training tools learn, in pure
Python, so that a tool without Gymnasium or NumPy has them too.
"""

from __future__ import annotations

from ._engine import outcome
from ._rules import Auction
from ._state import GameState

__all__ = ["point_margin", "rewards"]


def rewards(state: GameState, scheme: str) -> list[float]:
    """Per seat, the reward of a finished deal under ``scheme``.

    ``"outcome"``: bastardo's zero-sum scores; in other games +1 for each
    seat of the winning side, -1 for every other seat, 0 for everybody on a
    tie. ``"points"``: the seat's side's card points minus the average of
    the other sides' points, over the pack's points. A void deal (every
    seat passed) gives 0 to everybody.
    """
    result = outcome(state)
    n = state.rules.players
    if result is None:
        return [0.0] * n
    if scheme == "outcome":
        if state.rules.auction is not Auction.NONE:
            return [float(score) for score in result.scores]
        if not result.winners:
            return [0.0] * n
        return [1.0 if seat in result.winners else -1.0 for seat in range(n)]
    total = sum(result.points)
    if not total:
        return [0.0] * n
    others = len(result.sides) - 1
    values = [0.0] * n
    for side, points in zip(result.sides, result.points):
        value = (points - (total - points) / others) / state.rules.total_points
        for seat in side:
            values[seat] = value
    return values


def point_margin(state: GameState, seat: int) -> float:
    """The ``"points"`` reward of ``seat`` as if the deal ended now: its
    side's card points so far minus the average of the other sides', over
    the pack's points (0 before the sides are settled: in an auction,
    until the call names the partner).

    >>> from briscola import apply, legal_actions, new_game, preset
    >>> state = new_game(preset("italian-2p"), seed=5)
    >>> for _ in range(2):
    ...     state = apply(state, legal_actions(state)[0])
    >>> taken = sum(state.setup.table.points[card.index] for card in state.piles[0])
    >>> point_margin(state, 0) == taken / 120 or point_margin(state, 1) == taken / 120
    True
    """
    rules = state.rules
    contract = state.contract
    sides: tuple[tuple[int, ...], ...]
    if contract is None:
        sides = rules.sides
    else:
        declarer, partner = contract.declarer, contract.partner
        if declarer is None or partner is None or contract.called_card is None:
            return 0.0
        chosen = (declarer,) if partner == declarer else (declarer, partner)
        sides = (chosen, tuple(s for s in range(rules.players) if s not in chosen))
    points = state.setup.table.points
    taken = [sum(points[card.index] for s in side for card in state.piles[s]) for side in sides]
    total = rules.total_points
    if not total:
        return 0.0
    mine = next(k for k, side in enumerate(sides) if seat in side)
    others = (sum(taken) - taken[mine]) / (len(sides) - 1)
    return (taken[mine] - others) / total
