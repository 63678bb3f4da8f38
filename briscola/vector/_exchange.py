"""The trump exchange (internal kernels): whether the seat to move may
exchange now (which trump it may give is ``Rulebook.gives``), and the
exchange itself (the engine's
``briscola._play.why_no_swap`` and ``apply_swap``; which trump may take
which face-up card is ``Table.swap_gives``).
"""

from __future__ import annotations

from ._compiling import inlined
from ._deals import Deals
from ._hands import receive, release
from ._rulebook import PLAYING, Rulebook

__all__ = ["may_exchange_now", "swap_trump"]

TWO_FIRST_TRICK = 1
SEVEN_AFTER_WIN = 2


@inlined
def side_has_won(r: Rulebook, d: Deals, i: int, seat: int) -> bool:
    """Whether a seat of ``seat``'s side has won a trick in deal ``i``."""
    for other in range(r.n):
        if r.side_of[other] == r.side_of[seat] and d.won[i, other] > 0:
            return True
    return False


@inlined
def may_exchange_now(r: Rulebook, d: Deals, i: int) -> bool:
    """Whether the seat to move in deal ``i`` may exchange at this point of
    the deal, whatever it holds (the timing checks of ``why_no_swap``)."""
    if r.exchange == 0 or d.phase[i] != PLAYING or not d.up[i]:
        return False
    seat = d.mover[i]
    if r.exchange == TWO_FIRST_TRICK:
        for other in range(r.n):
            if d.won[i, other] > 0:
                return False
        return True
    side_won = side_has_won(r, d, i, seat)
    if r.exchange == SEVEN_AFTER_WIN:
        return side_won and d.left[i] + 1 >= 2 * r.trick
    if not (side_won if r.side_wins else d.won[i, seat] > 0):
        return False
    return d.left[i] > 0 and not d.swapped[i]


@inlined
def swap_trump(r: Rulebook, d: Deals, i: int, card: int) -> None:
    """The seat to move in deal ``i`` gives ``card`` for the face-up card,
    which it takes into its hand; ``card`` lies face up; it moves again."""
    seat = d.mover[i]
    release(r, d, i, seat, card)
    receive(r, d, i, seat, d.face[i])
    d.given_by[i, card] = seat
    d.public[i, card] = True
    d.face[i] = card
    d.swapped[i] = True
