"""Scoring (internal kernels): each seat's points and scores at the end of
a deal (the engine's ``briscola.outcome``: a side's card points; with
fixed sides, 1 for each seat of the side alone with the most points; in
an auction, the contract's scores of
:func:`briscola._outcome.contract_outcome`, tabulated in the rulebook).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._compiling import inlined, kernel
from ._deals import Deals
from ._rulebook import Rulebook

__all__ = ["deal_points", "deal_scores"]


@inlined
def contract_taken(r: Rulebook, d: Deals, i: int) -> int:
    """The points the declarer's side took in deal ``i`` (an auction's)."""
    declarer = d.declarer[i]
    partner = d.partner[i]
    taken = d.taken[i, declarer]
    if partner != declarer:
        taken += d.taken[i, partner]
    return int(taken)


@inlined
def has_points(r: Rulebook, d: Deals, i: int) -> bool:
    """Whether deal ``i`` has an outcome with points: it is over and, in
    an auction, was played (not void)."""
    return bool(d.over[i]) and (not r.auction or d.called[i] >= 0)


@kernel
def deal_points(r: Rulebook, d: Deals, out: NDArray[np.int64]) -> None:
    """Per deal and seat, the points of the seat's side in the outcome
    (zero where the deal is not over, or was void)."""
    for i in range(out.shape[0]):
        out[i, :] = 0
        if not has_points(r, d, i):
            continue
        if r.auction:
            taken = contract_taken(r, d, i)
            for seat in range(r.n):
                ours = r.ours[d.declarer[i], d.partner[i], seat]
                out[i, seat] = taken if ours else r.total - taken
        else:
            for seat in range(r.n):
                out[i, seat] = d.taken[i, r.side_of[seat]]


@inlined
def top_side(r: Rulebook, d: Deals, i: int) -> int:
    """The side of deal ``i`` alone with the most points, or -1 on a tie."""
    best = 0
    for side in range(r.sides):
        best = max(best, d.taken[i, side])
    top = -1
    for side in range(r.sides):
        if d.taken[i, side] == best:
            if top >= 0:
                return -1
            top = side
    return top


@kernel
def deal_scores(r: Rulebook, d: Deals, out: NDArray[np.int64]) -> None:
    """Per deal and seat, the outcome's scores (zero where the deal is not
    over, or was void)."""
    for i in range(out.shape[0]):
        out[i, :] = 0
        if not has_points(r, d, i):
            continue
        if r.auction:
            taken = contract_taken(r, d, i)
            made = 1 if taken >= r.bid_points[d.high[i]] else 0
            every = 1 if taken == 0 or taken == r.total else 0
            for seat in range(r.n):
                out[i, seat] = r.contract_scores[d.declarer[i], d.partner[i], made, every, seat]
        else:
            top = top_side(r, d, i)
            for seat in range(r.n):
                out[i, seat] = 1 if r.side_of[seat] == top else 0
