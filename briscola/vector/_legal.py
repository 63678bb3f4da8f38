"""The legal actions (internal kernels): each deal's mask, written once
where its state changes (the engine's ``briscola.legal_actions``, by
phase: the cut or the knock, the auction's pass and bids, the call, then
the cards in hand with the exchanges and the talk still allowed).
"""

from __future__ import annotations

from ._compiling import inlined
from ._deals import Deals
from ._exchange import may_exchange_now
from ._rulebook import BIDDING, CALLING, CUT_PHASE, PLAYING, Rulebook
from ._talk import may_talk

__all__ = ["write_mask"]


@inlined
def write_mask(r: Rulebook, d: Deals, i: int) -> None:
    """Write the legal actions of the seat to move in deal ``i`` into its
    row of ``d.mask`` (all false once the deal is over)."""
    mask = d.mask[i]
    mask[:] = False
    if d.over[i]:
        return
    phase = d.phase[i]
    seat = d.mover[i]
    if phase == CUT_PHASE:
        mask[r.act_cut] = True
        mask[r.act_cut + 1] = True
    elif phase == BIDDING:
        mask[r.act_pass] = True
        for place in range(d.high[i] + 1, r.bids):
            mask[r.act_bid + place] = True
    elif phase == CALLING:
        for card in range(r.cards):
            mask[r.act_call + card] = r.callable[d.high[i], card]
    elif phase == PLAYING:
        for k in range(d.held[i, seat]):
            mask[int(d.order[i, seat, k])] = True
        if r.exchange and may_exchange_now(r, d, i):
            face = d.face[i]
            for k in range(d.held[i, seat]):
                card = int(d.order[i, seat, k])
                mask[r.act_swap + card] = r.gives[face, card]
        if may_talk(r, d, i):
            if not d.talked[i] & 1:
                for word in range(r.words):
                    mask[r.act_say + word] = True
            if not d.talked[i] & 2:
                for signal in range(r.signals):
                    mask[r.act_sign + signal] = True
