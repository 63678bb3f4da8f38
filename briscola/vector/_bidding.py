"""The auction in the batched engine (internal): :class:`Bidding`,
bastardo's and chiamata's bids, passes and call, per deal, and the
contract that makes each deal's sides and scores (the engine's
``apply_bid``, ``apply_pass``, ``apply_call`` and contract outcome).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._held import Held
from ._tables import BIDDING as _BIDDING
from ._tables import CALLING as _CALLING
from ._tables import OVER as _OVER
from ._tables import PLAYING as _PLAYING
from ._tables import Ints

__all__ = ["Bidding"]


class Bidding(Held):
    """The auction steps of a batch."""

    def _auction_mask(self, mask: NDArray[np.bool_]) -> None:
        """Write the auction's part of ``mask`` (the engine's
        ``auction_actions`` and ``call_actions``): in the bidding, pass
        and every bid above the highest; in the call, the cards the
        contract lets the declarer call; the cards in hand only once the
        tricks begin."""
        t = self._t
        stage = self._stage
        bidding = stage == _BIDDING
        high = self._high
        mask[:, : t.size] &= (stage == _PLAYING)[:, None]
        mask[:, t.pass_at] = bidding
        above = np.arange(t.bids, dtype=np.intp)[None, :] > high[:, None]
        mask[:, t.bid_at : t.call_at] = above & bidding[:, None]
        calls = t.callable[np.maximum(high, 0)] & (stage == _CALLING)[:, None]
        mask[:, t.call_at : t.call_at + t.size] = calls

    def _contract(self) -> tuple[NDArray[np.bool_], Ints, Ints, Ints]:
        """With an auction: per deal, whether it was played to the end
        (over, with a call: not void), the declarer and the partner (0
        where there are none yet), and the points their side took (the
        engine's ``_bastardo_outcome``)."""
        played: NDArray[np.bool_] = self._over & (self._called >= 0)
        declarer = np.maximum(self._declarer, 0)
        partner = np.maximum(self._partner, 0)
        everyone = self._everyone
        taken = self._taken[everyone, declarer]
        taken += np.where(partner != declarer, self._taken[everyone, partner], 0)
        return played, declarer, partner, taken

    def _auction_legal(self, action: Ints, legal: NDArray[np.bool_]) -> NDArray[np.bool_]:
        """Per deal, whether ``action`` is legal, given ``legal``, whether
        it is a card in the mover's hand: a card once the tricks begin, in
        the bidding a pass or a bid above the highest, in the call a card
        the contract lets the declarer call (as :meth:`_auction_mask`)."""
        t = self._t
        stage = self._stage
        high = self._high
        place = action - t.bid_at  # -1 for a pass
        bid = (place >= -1) & (place < t.bids) & ((place == -1) | (place > high))
        bid &= stage == _BIDDING
        slot = action - t.call_at  # below t.size: the calls are the last actions
        call = t.callable[np.maximum(high, 0), np.maximum(slot, 0)] & (slot >= 0)
        call &= stage == _CALLING
        found: NDArray[np.bool_] = legal & (stage == _PLAYING) | bid | call
        return found

    def _bid(self, deals: Ints, action: Ints) -> None:
        """The seat to move in ``deals`` bids or passes (``action``, an
        index of the ``pass`` or ``bid`` section; the engine's
        ``apply_bid`` and ``apply_pass``): the auction goes on with the
        next seat still in, ends with the declarer to call, or, every seat
        passed, ends the deal void."""
        t = self._t
        flat = self._flat
        view = self._view
        base = self._base[deals, None]
        seat = self._mover[deals]
        passing = action == t.pass_at
        raising = ~passing
        old = self._high[deals]
        was = self._declarer[deals]
        passed = self._passed[deals] | (passing.astype(np.intp) << seat)
        high = np.where(passing, old, action - t.bid_at)
        declarer = np.where(passing, was, seat)
        remaining = t.remaining[passed]
        void = remaining == 0
        calling = (remaining == 1) & (high >= 0)
        mover = np.where(calling, declarer, t.after[passed, seat])
        if passing.any():
            flat[base[passing] + t.passed_at[seat[passing]]] = 1.0
        if raising.any():
            rows = base[raising]
            before = old[raising]
            some = before >= 0
            flat[rows[some] + t.bid_at_all + before[some, None]] = 0.0
            flat[rows[some] + t.declarer_at[was[raising][some]]] = 0.0
            flat[rows + t.bid_at_all + high[raising, None]] = 1.0
            flat[rows + t.declarer_at[seat[raising]]] = 1.0
        flat[base + t.to_move_at[seat]] = 0.0
        going = ~void
        flat[base[going] + t.to_move_at[mover[going]]] = 1.0
        self._passed[deals] = passed
        self._high[deals] = high
        self._declarer[deals] = declarer
        self._mover[deals] = mover
        if calling.any():
            declaring = deals[calling]
            self._stage[declaring] = _CALLING
            view[declaring, :, t.at_phase + _BIDDING] = 0.0
            view[declaring, :, t.at_phase + _CALLING] = 1.0
        if void.any():
            finished = deals[void]
            self._stage[finished] = _OVER
            self._over[finished] = True
            view[finished, :, t.at_phase + _BIDDING] = 0.0
            view[finished, :, t.at_phase + _OVER] = 1.0

    def _call(self, deals: Ints, card: Ints) -> None:
        """The declarer in ``deals`` calls ``card`` (a slot; the engine's
        ``apply_call``): its suit is trump, its holder the partner, who
        alone learns it; the eldest leads the first trick."""
        t = self._t
        flat = self._flat
        view = self._view
        base = self._base[deals, None]
        seat = self._mover[deals]
        # Every card is in a hand before the first trick: one seat holds it.
        holder = self._acts[deals[:, None], t.seats[None, :], card[:, None]].argmax(axis=1)
        suit = t.suit[card].astype(np.intp)
        eldest = (self._dealer[deals] + 1) % t.n
        flat[base + t.trump_at_all + suit[:, None]] = 1.0
        flat[base + t.called_at_all + card[:, None]] = 1.0
        flat[self._base[deals] + t.partner_at[holder, holder]] = 1.0
        flat[base + t.to_move_at[seat]] = 0.0
        flat[base + t.to_move_at[eldest]] = 1.0
        view[deals, :, t.at_phase + _CALLING] = 0.0
        view[deals, :, t.at_phase + _PLAYING] = 1.0
        self._trump[deals] = suit
        self._called[deals] = card
        self._partner[deals] = holder
        self._mover[deals] = eldest
        self._stage[deals] = _PLAYING
