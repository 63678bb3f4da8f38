"""What a batch of the batched engine holds (internal): :class:`Held`,
its arrays over the deals, allocated once for its rules and size and
filled again by every deal; :class:`~briscola.vector._batch.BatchGame`
deals, bids and plays on them (:mod:`briscola.vector._dealing`,
:mod:`briscola.vector._bidding`, :mod:`briscola.vector._batch`).
"""

from __future__ import annotations

import numpy as np

from ._tables import PLAYING as _PLAYING
from ._tables import Ints, Tables

__all__ = ["Held"]


class Held:
    """The arrays of ``size`` deals of the rules of ``t``: cards as slots
    of the rules' pack, every seat's encoded observation, the auction's
    and the talk's record."""

    def __init__(self, t: Tables, size: int) -> None:
        self._t = t
        b, n, p = size, t.n, t.size
        everyone = np.arange(b, dtype=np.intp)
        self._everyone = everyone
        self._seat_rows = everyone * n  # row of seat 0 of each deal
        self._base = everyone * (n * t.width)  # where each deal's views start
        # Per deal and seat, the encoded observation of that seat, kept up
        # to date entry by entry; and the cards in that seat's hand (the
        # play actions), with the cut and the knock.
        self._view = np.zeros((b, n, t.width), dtype=np.float32)
        self._views = self._view.reshape(b, n * t.width)
        self._acts = np.zeros((b, n, t.actions), dtype=bool)
        self._deck = np.zeros((b, p), dtype=np.int8)
        self._dealer = np.zeros(b, dtype=np.intp)
        self._mover = np.zeros(b, dtype=np.intp)
        self._count = np.zeros((b, n), dtype=np.intp)  # cards in hand
        self._stock = np.zeros((b, max(1, t.stock)), dtype=np.int8)
        self._stock_at = np.zeros((b, p), dtype=np.int8)  # a card's place in _stock
        self._top = np.zeros(b, dtype=np.intp)  # next card of _stock to draw
        self._left = np.zeros(b, dtype=np.intp)  # cards in the stock, as observed
        self._turned = np.zeros(b, dtype=np.intp)  # the card turned at the deal
        self._face = np.zeros(b, dtype=np.intp)  # the face-up card now
        self._up = np.zeros(b, dtype=bool)  # whether a card lies face up
        self._trump = np.zeros(b, dtype=np.intp)
        self._drawn_by = np.full(b, -1, dtype=np.int8)
        self._buried = np.full((b, max(1, t.most_buried)), -1, dtype=np.int8)
        self._public = np.zeros((b, p), dtype=bool)  # buried cards
        self._trick = np.zeros((b, t.trick), dtype=np.intp)
        self._played = np.zeros(b, dtype=np.intp)  # cards in the trick so far
        self._leader = np.zeros(b, dtype=np.intp)
        self._taken = np.zeros((b, t.sides), dtype=np.intp)  # points per side
        self._side_won = np.zeros((b, t.sides), dtype=np.intp)  # tricks per side
        self._won = np.zeros((b, n), dtype=np.intp)  # tricks per seat
        self._pile = np.full((b, p), -1, dtype=np.int8)  # the pile holding a card
        self._swapped = np.zeros(b, dtype=bool)  # the last action was an exchange
        self._talked = np.zeros(b, dtype=np.int8)  # said 1 and signed 2 this turn
        self._over = np.zeros(b, dtype=bool)
        # The auction: each deal's phase (bidding, calling, playing, over),
        # the place of the highest bid on the ladder (-1 before any), its
        # bidder (the declarer, -1 before any bid), the seats passed (bit
        # s for seat s), the called card's slot and its holder (-1 before
        # the call).
        self._stage = np.full(b, t.dealt_phase, dtype=np.int8)
        self._high = np.full(b, -1, dtype=np.intp)
        self._declarer = np.full(b, -1, dtype=np.intp)
        self._passed = np.zeros(b, dtype=np.intp)
        self._called = np.full(b, -1, dtype=np.intp)
        self._partner = np.full(b, -1, dtype=np.intp)
        # Split's cut or knock is every deal's first action: in step.
        self._phase = _PLAYING
        # Until an exchange, every deal is at the same place of its trick.
        self._in_step = True
        self._base_column = self._base[:, None]
        self._repeated: dict[int, Ints] = {}  # see _on
        self._flat = self._view.reshape(-1)
