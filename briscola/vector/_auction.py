"""The auction (internal kernels): bastardo's and chiamata's bids and
passes, and the call (the engine's ``briscola._auction.apply_bid``,
``apply_pass`` and ``apply_call``; who moves next is ``_new_round``'s,
what a bid may call is ``Ladder.callable``).
"""

from __future__ import annotations

from ._compiling import inlined
from ._deals import Deals
from ._rulebook import CALLING, OVER, PLAYING, Rulebook

__all__ = ["bid_or_pass", "call_card"]


@inlined
def bid_or_pass(r: Rulebook, d: Deals, i: int, action: int) -> None:
    """The seat to move in deal ``i`` passes or bids (``action``, an index
    of the ``pass`` or ``bid`` section): the next seat still in moves,
    or the declarer is to call, or, every seat passed, the deal is over
    (void)."""
    seat = d.mover[i]
    if action == r.act_pass:
        d.passed[i] |= 1 << seat
    else:
        d.high[i] = action - r.act_bid
        d.declarer[i] = seat
    passed = d.passed[i]
    remaining = r.remaining[passed]
    if remaining == 0:
        d.phase[i] = OVER
        d.over[i] = True
    elif remaining == 1 and d.high[i] >= 0:
        d.phase[i] = CALLING
        d.mover[i] = d.declarer[i]
    else:
        d.mover[i] = r.after[passed, seat]


@inlined
def call_card(r: Rulebook, d: Deals, i: int, card: int) -> None:
    """The declarer of deal ``i`` calls ``card``: its suit is trump, its
    holder the partner; the eldest hand leads the first trick."""
    holder = 0
    for seat in range(r.n):
        if d.hands[i, seat, card]:
            holder = seat
    d.trump[i] = r.suit[card]
    d.called[i] = card
    d.partner[i] = holder
    d.phase[i] = PLAYING
    d.mover[i] = (d.dealer[i] + 1) % r.n
