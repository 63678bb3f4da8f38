"""Dealing in the batched engine (internal): :class:`Dealing`, the
cards of every deal to the hands, the trump card and the stock from its
pack order and dealer (the engine's ``deal_cards``), and Split's wait for
the cut or the knock.
"""

from __future__ import annotations

import numpy as np

from .._rules import DealStyle
from ._held import Held
from ._tables import CUT_PHASE as _CUT_PHASE
from ._tables import PLAYING as _PLAYING
from ._tables import Ints

__all__ = ["Dealing"]


class Dealing(Held):
    """The dealing steps of a batch."""

    def _wait_for_cut(self) -> None:
        """Split dealing: nothing dealt, the cutter to cut or knock."""
        t = self._t
        n, p = t.n, t.size
        everyone = self._everyone
        cutter = (self._dealer - 1) % n
        self._phase = _CUT_PHASE
        self._mover[:] = cutter
        self._left[:] = p
        self._acts[everyone, cutter, t.cut] = True
        self._acts[everyone, cutter, t.cut + 1] = True
        view = self._view
        view[:, :, t.at_stock] = t.stock_value[p]
        view[:, :, t.at_phase + _CUT_PHASE] = 1.0
        flat = view.reshape(-1)
        base = self._base[:, None]
        flat[base + t.to_move_at[cutter]] = 1.0
        flat[base + t.dealer_at[self._dealer]] = 1.0

    def _deal(self, deals: Ints, style: DealStyle) -> None:
        """Deal ``deals`` in ``style`` from their decks (the engine's
        ``deal_cards``)."""
        t = self._t
        n, p, h = t.n, t.size, t.hand
        m = len(deals)
        hand_at, trump_at, stock_at = t.layouts[style]
        dealer = self._dealer[deals]
        deck = self._deck[deals].astype(np.intp)
        hands = np.take_along_axis(deck, hand_at[dealer].reshape(m, n * h), axis=1).reshape(m, n, h)
        buried = np.full((m, max(1, t.most_buried)), -1, dtype=np.intp)
        if t.whole:
            # Bastardo: every card in the hands, no trump card until the call.
            stock = np.zeros((m, 0), dtype=np.intp)
        else:
            undealt = np.concatenate(
                [
                    np.take_along_axis(deck, trump_at[dealer][:, None], axis=1),
                    np.take_along_axis(deck, stock_at[dealer], axis=1),
                ],
                axis=1,
            )
            if t.most_buried:
                # The ace/three redraw (the engine's turn_trump): while the
                # card turned is of a redrawn rank, bury it in the middle of
                # the rest.
                middle = (undealt.shape[1] - 1) // 2
                perm = np.r_[1 : middle + 1, 0, middle + 1 : undealt.shape[1]]
                for k in range(t.most_buried):
                    again = t.redrawn[undealt[:, 0]]
                    if not again.any():
                        break
                    buried[again, k] = undealt[again, 0]
                    undealt[again] = undealt[again][:, perm]
            turned = undealt[:, 0]
            stock = undealt[:, 1:]
            self._turned[deals] = turned
            self._face[deals] = turned
            self._trump[deals] = t.suit[turned]
        self._buried[deals] = buried
        self._stock[deals, : stock.shape[1]] = stock
        at = np.full((m, p), -1, dtype=np.int8)
        np.put_along_axis(at, stock, np.arange(stock.shape[1], dtype=np.int8)[None, :], axis=1)
        self._stock_at[deals] = at
        eldest = (dealer + 1) % n
        self._mover[deals] = eldest
        self._count[deals] = h
        seats = np.arange(n)
        self._acts[deals, :, :] = False
        self._acts[deals[:, None, None], seats[None, :, None], hands] = True
        self._phase = _PLAYING
        self._played[deals] = 0
        self._top[deals] = 0
        self._left[deals] = stock.shape[1]
        self._up[deals] = not t.whole

        view = self._view
        flat = view.reshape(-1)
        view[deals] = 0.0
        base = self._base[deals][:, None]
        own = base + t.viewers[None, :]  # (m, n): each seat's own row
        flat[(own[:, :, None] + t.at_hand + hands).reshape(-1)] = 1.0
        view[deals, :, t.at_sizes : t.at_sizes + n] = t.size_value[h]
        view[deals, :, t.at_stock] = t.stock_value[stock.shape[1]]
        view[deals, :, t.at_phase + t.dealt_phase] = 1.0
        if not t.whole:
            flat[own + t.at_trump + t.suit[turned][:, None]] = 1.0
            flat[own + t.at_face_up + turned[:, None]] = 1.0
            flat[own + t.at_turned + turned[:, None]] = 1.0
        flat[base + t.to_move_at[eldest]] = 1.0
        flat[base + t.dealer_at[dealer]] = 1.0
        if t.shows_dealt:
            # Partners see each other's hands as dealt: known while held.
            for viewer, partner, known, dealt in t.partners:
                cards = hands[:, partner]
                flat[(base + known + cards).reshape(-1)] = 1.0
                flat[(own[:, viewer, None] + dealt + cards).reshape(-1)] = 1.0
        if t.most_buried:
            some = buried >= 0
            self._public[deals[some.nonzero()[0]], buried[some]] = True
            for k in range(buried.shape[1]):
                has = some[:, k]
                if has.any():
                    flat[(own[has] + t.at_buried + buried[has, k][:, None]).reshape(-1)] = 1.0
            self._write_stock_known(deals)

    def _write_stock_known(self, deals: Ints) -> None:
        """The known-in-stock entries of ``deals``: each buried card still
        in the stock at its place, counted from 1 for the next card drawn."""
        t = self._t
        flat = self._view.reshape(-1)
        own = self._base[deals, None] + t.viewers[None, :]
        top = self._top[deals]
        for k in range(self._buried.shape[1]):
            card = self._buried[deals, k].astype(np.intp)
            has = card >= 0
            if not has.any():
                continue
            card = np.where(has, card, 0)
            place = self._stock_at[deals, card].astype(np.intp) - top
            value = t.position_value[np.clip(place + 1, 0, None)]
            value[place < 0] = 0.0
            flat[(own + t.at_stock_known + card[:, None])[has].reshape(-1)] = np.repeat(
                value[has], t.n
            )
