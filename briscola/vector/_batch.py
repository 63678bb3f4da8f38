"""The batched engine: :class:`BatchGame` and the rules it supports
(internal; the public names are re-exported by :mod:`briscola.vector`).

Cards are held as their slot in the rules' pack (the ``play`` index of
:mod:`briscola.encoding`), in small integer and boolean arrays over the
batch. Every seat's encoded observation is kept up to date as the deals
go on, entry by entry, so that :meth:`BatchGame.observations` is one
gather of rows. The rule tables (strength and ``beats``, points, the draw
order, the deal layout) are those the engine compiles from the rules
(:func:`briscola._trick.table_for`, :func:`briscola._layout.deal_layout`),
turned into arrays once per rules.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._layout import deal_layout
from .._rules import (
    DEAL_CUT,
    DEAL_CUT_OR_KNOCK,
    DEAL_KNOCK,
    Auction,
    DealStyle,
    Exchange,
    PartnerHands,
    Rules,
)
from .._sections import seat_orders
from .._state import Phase
from .._trick import table_for
from ..encoding import Encoding, encoding_for

__all__ = ["BatchGame", "unsupported"]

_PHASES: Final = tuple(Phase)
_CUT_PHASE: Final = _PHASES.index(Phase.CUT_OR_KNOCK)
_PLAYING: Final = _PHASES.index(Phase.PLAYING)
_OVER: Final = _PHASES.index(Phase.OVER)

Ints = NDArray[np.intp]


def unsupported(rules: Rules) -> str | None:
    """Why :class:`BatchGame` cannot hold deals of ``rules`` yet, or
    ``None`` when it can.

    Supported so far: two seats, each its own side; the standard deal
    (with or without the ace/three redraw) and Split's cut or knock; one
    or two cards per seat and trick. Not yet: more seats, the trump
    exchange, table talk, the auction.

    >>> from briscola import preset
    >>> unsupported(preset("italian-2p")) is None
    True
    >>> unsupported(preset("spanish-2p"))
    'the trump exchange (exchange=spanish) is not yet supported'
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"expected Rules, not {type(rules).__name__}")
    if rules.players != 2:
        return f"{rules.players} seats are not yet supported (two seats only)"
    if rules.auction is not Auction.NONE:
        return f"the auction (auction={rules.auction.value}) is not yet supported"
    if rules.exchange is not Exchange.NONE:
        return f"the trump exchange (exchange={rules.exchange.value}) is not yet supported"
    if rules.table_talk:
        return "table talk is not yet supported"
    if rules.partner_hands is not PartnerHands.HIDDEN:
        return (
            f"partner hands shown (partner_hands={rules.partner_hands.value}) are not yet supported"
        )
    if rules.deal not in (DealStyle.STANDARD, DEAL_CUT_OR_KNOCK):
        return f"the {rules.deal.value} deal is not yet supported"
    if len(rules.sides) != rules.players:
        return "sides of several seats are not yet supported"
    return None


def _section(encoding: Encoding, name: str) -> int:
    for section in encoding.observation_sections:
        if section.name == name:
            return section.start
    return -1


def _scaled(high: int) -> NDArray[np.float32]:
    """``count / high`` for every count from 0 to ``high``, divided in
    float64 as :meth:`Encoding.encode` divides, then stored as float32."""
    return (np.arange(high + 1, dtype=np.float64) / high).astype(np.float32)


class _Tables:
    """The rules as arrays, compiled once per :class:`BatchGame`."""

    def __init__(self, rules: Rules) -> None:
        table = table_for(rules)
        encoding = encoding_for(rules)
        n = rules.players
        pack = rules.pack
        size = len(pack)
        self.n = n
        self.size = size
        self.hand = rules.hand_size
        self.trick = table.trick_size
        self.encoding = encoding
        self.actions = encoding.num_actions
        self.width = encoding.observation_size
        index = np.array([card.index for card in pack], dtype=np.intp)
        self.card_index = index
        slot = np.full(40, -1, dtype=np.intp)
        slot[index] = np.arange(size)
        self.slot = slot
        self.points = np.array([table.points[i] for i in index], dtype=np.int16)
        self.suit = np.array([card.suit.value for card in pack], dtype=np.int8)
        # beats[trump, best, card], in slots.
        self.beats = np.array(
            [
                [[table.beats[suit][b * 40 + c] for c in index] for b in index]
                for suit in sorted({card.suit for card in pack}, key=lambda s: s.value)
            ],
            dtype=bool,
        )
        if self.beats.shape[0] != 4:  # a pack without a suit: index by value
            full = np.zeros((4, size, size), dtype=bool)
            from .._cards import Suit

            for suit in Suit:
                full[suit.value] = [[table.beats[suit][b * 40 + c] for c in index] for b in index]
            self.beats = full
        self.pile_of = np.array(table.pile_of, dtype=np.intp)
        self.trick_order = np.array(table.trick_orders, dtype=np.intp)
        # Per stock size (the face-up card aside), the draws after a trick:
        # their number, and whether the last one takes the face-up card.
        self.draws = np.array(
            [len(table.drawers[0][s]) for s in range(len(table.drawers[0]))], dtype=np.intp
        )
        self.takes_face_up = np.array(
            [len(table.drawers[0][s]) > s for s in range(len(table.drawers[0]))], dtype=bool
        )
        # The drawer of the j-th draw, relative to the winner (the winner's
        # trick order shifted back to seat 0).
        self.draw_seat = np.zeros((len(table.drawers[0]), self.trick), dtype=np.intp)
        for s in range(len(table.drawers[0])):
            for j, seat in enumerate(table.drawers[0][s]):
                self.draw_seat[s, j] = seat
        relative, place = seat_orders(n, rules.sides)
        self.rel = np.array(relative, dtype=np.intp)  # rel[viewer, seat]
        self.place = np.array(place, dtype=np.intp)  # place[viewer, seat]
        self.redrawn = np.array([card.rank in rules.redraw_ranks for card in pack], dtype=bool)
        self.most_buried = int(self.redrawn.sum())
        # Layouts: per style that deals, per dealer.
        self.layouts: dict[DealStyle, tuple[Ints, Ints, Ints]] = {}
        styles = (DEAL_CUT, DEAL_KNOCK) if rules.deal is DEAL_CUT_OR_KNOCK else (rules.deal,)
        for style in styles:
            hands, trumps, stocks = [], [], []
            for dealer in range(n):
                layout = deal_layout(rules, dealer, style)
                hands.append(layout.hands)
                assert layout.trump is not None  # every supported style turns one
                trumps.append(layout.trump)
                stocks.append(layout.stock)
            self.layouts[style] = (
                np.array(hands, dtype=np.intp),
                np.array(trumps, dtype=np.intp),
                np.array(stocks, dtype=np.intp),
            )
        self.stock = size - n * self.hand - 1
        # Entries of the observation.
        e = encoding
        self.at_hand = _section(e, "hand")
        self.at_known = _section(e, "known-hands")
        self.at_played = _section(e, "played")
        self.at_trick = _section(e, "trick")
        self.at_leader = _section(e, "trick-leader")
        self.at_trump = _section(e, "trump-suit")
        self.at_face_up = _section(e, "trump-card")
        self.at_turned = _section(e, "turned-card")
        self.at_drawn = _section(e, "trump-drawn-by")
        self.at_buried = _section(e, "buried")
        self.at_stock_known = _section(e, "known-in-stock")
        self.at_stock = _section(e, "stock-size")
        self.at_sizes = _section(e, "hand-sizes")
        self.at_points = _section(e, "points")
        self.at_tricks = _section(e, "tricks")
        self.at_to_move = _section(e, "to-move")
        self.at_dealer = _section(e, "dealer")
        self.at_phase = _section(e, "phase")
        high = e.observation_high
        self.stock_value = _scaled(high[self.at_stock])
        self.size_value = _scaled(high[self.at_sizes])
        self.points_value = _scaled(high[self.at_points])
        self.tricks_value = _scaled(high[self.at_tricks])
        self.position_value = (
            _scaled(high[self.at_stock_known]) if self.at_stock_known >= 0 else self.stock_value
        )
        self.cut = size if rules.deal is DEAL_CUT_OR_KNOCK else -1


class BatchGame:
    """``size`` deals of one :class:`~briscola.Rules`, held in NumPy arrays
    and stepped together.

    With ``E = briscola.encoding.encoding_for(rules)``: :attr:`to_move`,
    :attr:`is_over`, :meth:`legal_mask`, :meth:`observations`,
    :meth:`points` and :meth:`scores` give, row by row, what
    :func:`~briscola.legal_actions` (as ``E.mask``), ``E.encode(observe(...))``
    and :func:`~briscola.outcome` give for each deal; :meth:`step` applies
    one action index of ``E`` per deal. The batch is dealt at random when
    built; :meth:`reset` deals it anew.

    Supported so far (see :func:`unsupported`): two seats, each its own
    side; the standard deal, with or without the ace/three redraw, and
    Split's cut or knock; one or two cards per seat and trick. That is the
    presets ``italian-2p``, ``portuguese-2p``, ``finnish-2p``,
    ``split-2p`` and ``split-dupla-2p``.

    Args:
        rules: The rules of every deal.
        size: The number of deals, at least 1.

    Raises:
        ValueError: If the batched engine does not handle ``rules`` yet
            (the message says which rule), or ``size`` is not a positive
            int.

    >>> from briscola import preset
    >>> batch = BatchGame(preset("italian-2p"), 1024)
    >>> batch.size, batch.legal_mask().shape, batch.observations().shape
    (1024, (1024, 40), (1024, 344))
    >>> BatchGame(preset("romanian-2p"), 8)
    Traceback (most recent call last):
    ...
    ValueError: BatchGame cannot hold these rules: the trump exchange (exchange=two-first-trick) is not yet supported
    """

    def __init__(self, rules: Rules, size: int) -> None:
        reason = unsupported(rules)
        if reason is not None:
            raise ValueError(f"BatchGame cannot hold these rules: {reason}")
        if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or size < 1:
            raise ValueError(f"size must be a positive int, not {size!r}")
        self.rules: Final[Rules] = rules
        """The rules of every deal."""
        self.size: Final[int] = int(size)
        """The number of deals."""
        t = self._t = _Tables(rules)
        b, n, p = self.size, t.n, t.size
        rows = n + 1  # per deal, a row per seat and a row of zeros
        self._rows = np.arange(b, dtype=np.intp) * rows
        self._view = np.zeros((b, rows, t.width), dtype=np.float32)
        self._acts = np.zeros((b, rows, t.actions), dtype=bool)
        self._deck = np.zeros((b, p), dtype=np.int8)
        self._dealer = np.zeros(b, dtype=np.int8)
        self._phase = np.zeros(b, dtype=np.int8)
        self._mover = np.zeros(b, dtype=np.int8)  # n where over
        self._count = np.zeros((b, n), dtype=np.int8)
        self._stock = np.zeros((b, max(1, t.stock)), dtype=np.int8)
        self._stock_at = np.zeros((b, p), dtype=np.int8)  # a card's place in _stock
        self._top = np.zeros(b, dtype=np.int8)  # next card of _stock to draw
        self._stock_left = np.zeros(b, dtype=np.int8)  # as the observation counts it
        self._turned = np.zeros(b, dtype=np.int8)
        self._trump = np.zeros(b, dtype=np.int8)
        self._face_up = np.zeros(b, dtype=bool)
        self._drawn_by = np.full(b, -1, dtype=np.int8)
        self._buried = np.full((b, max(1, t.most_buried)), -1, dtype=np.int8)
        self._public = np.zeros((b, p), dtype=bool)
        self._trick = np.zeros((b, t.trick), dtype=np.int8)
        self._trick_seat = np.zeros((b, t.trick), dtype=np.int8)
        self._played = np.zeros(b, dtype=np.int8)  # cards in the trick so far
        self._taken = np.zeros((b, n), dtype=np.int16)  # points per pile
        self._won = np.zeros((b, n), dtype=np.int8)
        self._pile = np.full((b, p), -1, dtype=np.int8)  # the pile holding a card
        self.reset()

    def __repr__(self) -> str:
        return f"BatchGame(<{self.rules.players}-seat rules>, {self.size})"

    # -- dealing -----------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | np.random.SeedSequence | np.random.Generator | None = None,
        decks: ArrayLike | None = None,
        dealers: ArrayLike | None = None,
    ) -> None:
        """Deal every deal anew.

        Args:
            seed: Shuffle the packs with ``numpy.random.default_rng(seed)``
                (deal ``i`` need not match ``new_game(seed=...)``); with
                neither ``seed`` nor ``decks``, at random.
            decks: The pack orders instead: an int array of shape
                ``(size, len(rules.pack))`` of :attr:`Card.index
                <briscola.Card.index>` values, each row an order of the
                rules' pack, as :func:`~briscola.new_game`'s ``deck``.
            dealers: An int array of shape ``(size,)``: each deal's dealer
                (by default the last seat, as in :func:`~briscola.new_game`).

        Raises:
            ValueError: If both ``seed`` and ``decks`` are given, or an
                array has the wrong shape or type, or a row of ``decks``
                is not an order of the pack (the message names the first
                such deal), or a dealer is not a seat; the batch is then
                unchanged.

        >>> from briscola import Card, Rank, Suit, new_game, preset
        >>> rules = preset("italian-2p")
        >>> batch = BatchGame(rules, 2)
        >>> decks = np.array([[c.index for c in rules.pack]] * 2)
        >>> batch.reset(decks=decks, dealers=np.array([1, 0]))
        >>> batch.to_move.tolist()
        [0, 1]
        >>> batch.reset(decks=decks[:, ::2])
        Traceback (most recent call last):
        ...
        ValueError: decks must be an int array of shape (2, 40), not one of shape (2, 20)
        """
        t = self._t
        b, n, p = self.size, t.n, t.size
        if decks is not None:
            if seed is not None:
                raise ValueError("give reset a seed or decks, not both")
            given = np.asarray(decks)
            if given.shape != (b, p) or given.dtype.kind not in "iu":
                raise ValueError(
                    f"decks must be an int array of shape ({b}, {p}), "
                    f"not one of {_shape_and_type(given)}"
                )
            inside = (given >= 0) & (given < 40)
            slots = t.slot[np.where(inside, given, 0)]
            slots[~inside] = -1
            present = np.zeros((b, p + 1), dtype=np.int16)
            np.add.at(present, (np.arange(b)[:, None], slots), 1)  # -1 lands at column p
            bad = (present[:, :p] != 1).any(axis=1)
            if bad.any():
                i = int(np.argmax(bad))
                raise ValueError(
                    f"deal {i}: decks[{i}] is not an order of the rules' {p} cards "
                    f"(Card.index values {sorted(int(c) for c in t.card_index)[:3]}...)"
                )
            order = slots.astype(np.int8)
        else:
            rng = np.random.default_rng(seed)
            order = rng.permuted(np.broadcast_to(np.arange(p, dtype=np.int8), (b, p)), axis=1)
        if dealers is None:
            dealer = np.full(b, n - 1, dtype=np.int8)
        else:
            given = np.asarray(dealers)
            if given.shape != (b,) or given.dtype.kind not in "iu":
                raise ValueError(
                    f"dealers must be an int array of shape ({b},), "
                    f"not one of {_shape_and_type(given)}"
                )
            bad = (given < 0) | (given >= n)
            if bad.any():
                i = int(np.argmax(bad))
                raise ValueError(
                    f"deal {i}: dealer must be a seat from 0 to {n - 1}, not {given[i]}"
                )
            dealer = given.astype(np.int8)
        self._deck[:] = order
        self._dealer[:] = dealer
        everyone = np.arange(b, dtype=np.intp)
        if self.rules.deal is DEAL_CUT_OR_KNOCK:
            self._wait_for_cut(everyone)
        else:
            self._deal(everyone, self.rules.deal)

    def _clear(self, deals: Ints) -> None:
        self._view[deals] = 0.0
        self._acts[deals] = False
        self._count[deals] = 0
        self._face_up[deals] = False
        self._drawn_by[deals] = -1
        self._buried[deals] = -1
        self._public[deals] = False
        self._played[deals] = 0
        self._taken[deals] = 0
        self._won[deals] = 0
        self._pile[deals] = -1
        self._top[deals] = 0
        self._stock_at[deals] = -1

    def _write_all(self, deals: Ints, at: int, seat: Ints, value: float) -> None:
        """For every viewer, entry ``at + rel[viewer, seat]`` of each deal."""
        t = self._t
        flat = self._view.reshape(-1)
        base = self._bases(deals)
        flat[base + at + t.rel[:, seat].T] = value

    def _bases(self, deals: Ints) -> Ints:
        """Per deal and viewer, where its observation row starts in the
        flat view."""
        t = self._t
        bases: Ints = (self._rows[deals][:, None] + np.arange(t.n)) * t.width
        return bases

    def _wait_for_cut(self, deals: Ints) -> None:
        """Split dealing: nothing dealt, the cutter to cut or knock."""
        t = self._t
        self._clear(deals)
        n, p = t.n, t.size
        dealer = self._dealer[deals].astype(np.intp)
        cutter = (dealer - 1) % n
        self._phase[deals] = _CUT_PHASE
        self._mover[deals] = cutter
        self._stock_left[deals] = p
        self._acts[deals, cutter, t.cut] = True
        self._acts[deals, cutter, t.cut + 1] = True
        view = self._view
        view[deals, : t.n, t.at_stock] = t.stock_value[p]
        view[deals, : t.n, t.at_phase + _CUT_PHASE] = 1.0
        self._write_all(deals, t.at_to_move, cutter, 1.0)
        self._write_all(deals, t.at_dealer, dealer, 1.0)

    def _deal(self, deals: Ints, style: DealStyle) -> None:
        """Deal ``deals`` in ``style`` from their decks (the engine's
        ``deal_cards``)."""
        t = self._t
        self._clear(deals)
        n, p, h = t.n, t.size, t.hand
        m = len(deals)
        hand_at, trump_at, stock_at = t.layouts[style]
        dealer = self._dealer[deals].astype(np.intp)
        deck = self._deck[deals].astype(np.intp)
        hands = np.take_along_axis(deck, hand_at[dealer].reshape(m, n * h), axis=1).reshape(m, n, h)
        undealt = np.concatenate(
            [
                np.take_along_axis(deck, trump_at[dealer][:, None], axis=1),
                np.take_along_axis(deck, stock_at[dealer], axis=1),
            ],
            axis=1,
        )
        buried = np.full((m, max(1, t.most_buried)), -1, dtype=np.intp)
        if t.most_buried:
            # The ace/three redraw (the engine's turn_trump): while the card
            # turned is of a redrawn rank, bury it in the middle of the rest.
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
        self._buried[deals] = buried
        self._stock[deals, : stock.shape[1]] = stock
        self._stock_left[deals] = stock.shape[1]
        at = np.full((m, p), -1, dtype=np.int8)
        np.put_along_axis(at, stock, np.arange(stock.shape[1], dtype=np.int8)[None, :], axis=1)
        self._stock_at[deals] = at
        self._turned[deals] = turned
        self._trump[deals] = t.suit[turned]
        self._face_up[deals] = True
        self._phase[deals] = _PLAYING
        eldest = (dealer + 1) % n
        self._mover[deals] = eldest
        self._count[deals] = h
        seats = np.arange(n)
        self._acts[deals[:, None, None], seats[None, :, None], hands] = True

        view = self._view
        flat = view.reshape(-1)
        base = self._bases(deals)  # (m, n) per viewer
        own = self._rows[deals][:, None] * t.width + seats[None, :] * t.width
        flat[(own[:, :, None] + t.at_hand + hands).reshape(-1)] = 1.0
        view[deals, :n, t.at_sizes : t.at_sizes + n] = t.size_value[h]
        view[deals, :n, t.at_stock] = t.stock_value[stock.shape[1]]
        view[deals, :n, t.at_phase + _PLAYING] = 1.0
        flat[base + t.at_trump + t.suit[turned][:, None]] = 1.0
        flat[base + t.at_face_up + turned[:, None]] = 1.0
        flat[base + t.at_turned + turned[:, None]] = 1.0
        self._write_all(deals, t.at_to_move, eldest, 1.0)
        self._write_all(deals, t.at_dealer, dealer, 1.0)
        if t.most_buried:
            some = buried >= 0
            self._public[deals[some.nonzero()[0]], buried[some]] = True
            for k in range(buried.shape[1]):
                has = some[:, k]
                if has.any():
                    flat[(base[has] + t.at_buried + buried[has, k][:, None]).reshape(-1)] = 1.0
            self._write_stock_known(deals)

    def _write_stock_known(self, deals: Ints) -> None:
        """The known-in-stock entries: each buried card still in the stock
        at its place, counted from 1 for the next card drawn."""
        t = self._t
        flat = self._view.reshape(-1)
        base = self._bases(deals)
        top = self._top[deals].astype(np.intp)
        for k in range(self._buried.shape[1]):
            card = self._buried[deals, k].astype(np.intp)
            has = card >= 0
            if not has.any():
                continue
            at = self._stock_at[deals, np.where(has, card, 0)].astype(np.intp)
            place = at - top
            value = np.where(has & (place >= 0), t.position_value[np.clip(place + 1, 0, None)], 0)
            flat[(base + t.at_stock_known + np.where(has, card, 0)[:, None])[has].reshape(-1)] = (
                np.repeat(value[has], t.n)
            )

    # -- reading -----------------------------------------------------------

    @property
    def to_move(self) -> NDArray[np.intp]:
        """The seat to move in each deal, ``-1`` where the deal is over (a
        new array of shape ``(size,)``).

        >>> from briscola import preset
        >>> BatchGame(preset("split-2p"), 2).to_move.tolist()
        [0, 0]
        """
        seats = self._mover.astype(np.intp)
        seats[self._phase == _OVER] = -1
        return seats

    @property
    def is_over(self) -> NDArray[np.bool_]:
        """Whether each deal is over (a new bool array of shape ``(size,)``).

        >>> from briscola import preset
        >>> BatchGame(preset("italian-2p"), 2).is_over.tolist()
        [False, False]
        """
        return self._phase == _OVER  # type: ignore[no-any-return]

    def legal_mask(self) -> NDArray[np.bool_]:
        """The legal actions of each deal: a new bool array of shape
        ``(size, E.num_actions)`` whose row ``i`` is ``E.mask`` of deal
        ``i`` (all false where the deal is over).

        >>> from briscola import preset
        >>> batch = BatchGame(preset("split-2p"), 2)
        >>> batch.legal_mask()[:, 40:].tolist()
        [[True, True], [True, True]]
        """
        acts = self._acts.reshape(-1, self._t.actions)
        return acts[self._rows + self._mover]  # type: ignore[no-any-return]

    def observations(self, seats: ArrayLike | None = None) -> NDArray[np.float32]:
        """The encoded observations: a new float32 array of shape
        ``(size, E.observation_size)`` whose row ``i`` equals
        ``E.encode(observe(state_i, seat_i))``.

        Args:
            seats: An int array of shape ``(size,)``: the seat observing
                each deal. By default the seat to move (a row of zeros
                where the deal is over).

        Raises:
            ValueError: If ``seats`` has the wrong shape or type, or holds
                something other than a seat.

        >>> from briscola import preset
        >>> batch = BatchGame(preset("italian-2p"), 2)
        >>> batch.observations(np.array([0, 1]))[:, :40].sum(axis=1).tolist()
        [3.0, 3.0]
        """
        if seats is None:
            seat = self._mover
        else:
            given = np.asarray(seats)
            n = self._t.n
            if given.shape != (self.size,) or given.dtype.kind not in "iu":
                raise ValueError(
                    f"seats must be an int array of shape ({self.size},), "
                    f"not one of {_shape_and_type(given)}"
                )
            bad = (given < 0) | (given >= n)
            if bad.any():
                i = int(np.argmax(bad))
                raise ValueError(f"deal {i}: a seat is from 0 to {n - 1}, not {given[i]}")
            seat = given
        rows = self._view.reshape(-1, self._t.width)
        return rows[self._rows + seat]  # type: ignore[no-any-return]

    def points(self) -> NDArray[np.intp]:
        """Per deal and seat, the card points of the seat's side in the
        deal's :func:`~briscola.outcome`; zero where the deal is not over
        (a new int array of shape ``(size, players)``).

        >>> from briscola import preset
        >>> BatchGame(preset("italian-2p"), 2).points().tolist()
        [[0, 0], [0, 0]]
        """
        t = self._t
        taken = self._taken.astype(np.intp)
        points = taken[:, t.pile_of]
        points[self._phase != _OVER] = 0
        return points

    def scores(self) -> NDArray[np.intp]:
        """Per deal and seat, :attr:`Outcome.scores <briscola.Outcome>`: 1
        for each seat of the side with the most points, 0 for the others
        and for everyone on a tie; zero where the deal is not over (a new
        int array of shape ``(size, players)``).

        >>> from briscola import preset
        >>> BatchGame(preset("italian-2p"), 2).scores().tolist()
        [[0, 0], [0, 0]]
        """
        points = self.points()
        best = points.max(axis=1, keepdims=True)
        top = points == best
        alone = top.sum(axis=1, keepdims=True) == 1
        scores: NDArray[np.intp] = (top & alone).astype(np.intp)
        scores[self._phase != _OVER] = 0
        return scores

    # -- stepping ----------------------------------------------------------

    def step(self, actions: ArrayLike) -> None:
        """Take one action in every deal that is not over.

        Args:
            actions: An int array of shape ``(size,)`` of ``E`` indices;
                ignored where the deal is over (``-1`` is fine there).

        Raises:
            ValueError: If ``actions`` has the wrong shape or type, or an
                index is not legal in a deal that goes on (the message
                names the first such deal); the batch is then unchanged.

        >>> from briscola import preset
        >>> batch = BatchGame(preset("italian-2p"), 2)
        >>> batch.step(batch.legal_mask().argmax(axis=1))
        >>> batch.to_move.tolist()
        [1, 1]
        >>> batch.step(np.array([-1, -1]))
        Traceback (most recent call last):
        ...
        ValueError: deal 0: action -1 is not legal for seat 1 (legal: ...)
        """
        t = self._t
        given = np.asarray(actions)
        if given.shape != (self.size,) or given.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be an int array of shape ({self.size},), "
                f"not one of {_shape_and_type(given)}"
            )
        live = self._phase != _OVER
        inside = (given >= 0) & (given < t.actions)
        index = np.where(inside, given, 0).astype(np.intp)
        mask = self._acts.reshape(-1, t.actions)
        legal = mask[self._rows + self._mover, index] & inside
        wrong = live & ~legal
        if wrong.any():
            i = int(np.argmax(wrong))
            choices = np.flatnonzero(mask[self._rows[i] + self._mover[i]]).tolist()
            raise ValueError(
                f"deal {i}: action {given[i]} is not legal for seat {self._mover[i]} "
                f"(legal: {choices})"
            )
        if live.all():
            deals = np.arange(self.size, dtype=np.intp)
        else:
            deals = np.flatnonzero(live)
        action = index[deals]
        if t.cut >= 0:
            cutting = self._phase[deals] == _CUT_PHASE
            if cutting.any():
                chosen = deals[cutting]
                knock = action[cutting] == t.cut + 1
                if (~knock).any():
                    self._deal(chosen[~knock], DEAL_CUT)
                if knock.any():
                    self._deal(chosen[knock], DEAL_KNOCK)
                deals, action = deals[~cutting], action[~cutting]
                if not len(deals):
                    return
        self._play(deals, action)

    def _play(self, deals: Ints, card: Ints) -> None:
        """Play ``card`` (a slot) for the seat to move in each of ``deals``
        (the engine's ``apply_play``)."""
        t = self._t
        p = t.size
        flat = self._view.reshape(-1)
        seat = self._mover[deals].astype(np.intp)
        k = self._played[deals].astype(np.intp)
        own_row = self._rows[deals] + seat
        self._acts.reshape(-1, t.actions)[own_row, card] = False
        count = self._count[deals, seat] - 1
        self._count[deals, seat] = count
        base = self._bases(deals)  # (m, n)
        rel = t.rel[:, seat].T  # (m, n): the mover relative to each viewer
        flat[own_row * t.width + t.at_hand + card] = 0.0
        others = rel > 0
        flat[(base + t.at_known + (rel - 1) * p + card[:, None])[others]] = 0.0
        flat[base + t.at_played + rel * p + card[:, None]] = 1.0
        flat[base + t.at_trick + (k * p + card)[:, None]] = 1.0
        leads = k == 0
        if leads.any():
            flat[(base + t.at_leader + rel)[leads]] = 1.0
        flat[base + t.at_sizes + rel] = t.size_value[count][:, None]
        flat[base + t.at_to_move + rel] = 0.0
        self._trick[deals, k] = card
        self._trick_seat[deals, k] = seat
        k += 1
        self._played[deals] = k
        ends = k == t.trick
        going = ~ends
        if going.any():
            on = deals[going]
            leader = self._trick_seat[on, 0].astype(np.intp)
            following = t.trick_order[leader, k[going]]
            self._mover[on] = following
            flat[base[going] + t.at_to_move + t.rel[:, following].T] = 1.0
        if ends.any():
            self._end_trick(deals[ends], base[ends])

    def _end_trick(self, deals: Ints, base: Ints) -> None:
        """Collect the complete tricks of ``deals``, draw, and end the deals
        whose last trick it was (the engine's ``_complete_trick``)."""
        t = self._t
        n, p = t.n, t.size
        m = len(deals)
        flat = self._view.reshape(-1)
        cards = self._trick[deals].astype(np.intp)
        seats = self._trick_seat[deals].astype(np.intp)
        trump = self._trump[deals].astype(np.intp)
        best = cards[:, 0]
        at = np.zeros(m, dtype=np.intp)
        for j in range(1, t.trick):
            takes = t.beats[trump, best, cards[:, j]]
            best = np.where(takes, cards[:, j], best)
            at = np.where(takes, j, at)
        winner = seats[np.arange(m), at]
        pile = t.pile_of[winner]
        taken = self._taken[deals, pile] + t.points[cards].sum(axis=1)
        self._taken[deals, pile] = taken
        won = self._won[deals, winner] + 1
        self._won[deals, winner] = won
        self._pile[deals[:, None], cards] = pile[:, None]
        self._played[deals] = 0
        # The trick leaves the table.
        flat[
            (
                base[:, :, None]
                + t.at_trick
                + (np.arange(t.trick) * p)[None, None, :]
                + cards[:, None, :]
            ).reshape(-1)
        ] = 0.0
        flat[base + t.at_leader + t.rel[:, seats[:, 0]].T] = 0.0
        flat[base + t.at_points + t.place[:, pile].T] = t.points_value[taken][:, None]
        flat[base + t.at_tricks + t.place[:, winner].T] = t.tricks_value[won][:, None]

        # Draw: the stock's cards in turn from the winner, then the face-up
        # trump card when the stock runs out (Table.drawers).
        face_up = self._face_up[deals]
        left = self._stock_left[deals].astype(np.intp)
        draws = np.where(face_up, t.draws[left], 0)
        last_face_up = face_up & t.takes_face_up[left]
        top = self._top[deals].astype(np.intp)
        turned = self._turned[deals].astype(np.intp)
        acts = self._acts.reshape(-1, t.actions)
        public = self._public[deals]
        for j in range(int(draws.max(initial=0))):
            drawing = j < draws
            if not drawing.any():
                break
            drawer = (winner + t.draw_seat[left, j]) % n
            is_face_up = last_face_up & (j == draws - 1)
            from_stock = self._stock[deals, np.clip(top + j, 0, self._stock.shape[1] - 1)]
            card = np.where(is_face_up, turned, from_stock.astype(np.intp))
            rows = self._rows[deals] + drawer
            sel = drawing.nonzero()[0]
            acts[rows[sel], card[sel]] = True
            self._count[deals[sel], drawer[sel]] += 1
            flat[rows[sel] * t.width + t.at_hand + card[sel]] = 1.0
            known = drawing & (is_face_up | public[np.arange(m), card])
            if known.any():
                rel = t.rel[:, drawer].T  # (m, n)
                shown = known[:, None] & (rel > 0)
                flat[(base + t.at_known + (rel - 1) * p + card[:, None])[shown]] = 1.0
            if is_face_up.any():
                done = is_face_up.nonzero()[0]
                self._drawn_by[deals[done]] = drawer[done]
                self._face_up[deals[done]] = False
                flat[(base[done] + t.at_face_up + turned[done, None]).reshape(-1)] = 0.0
                flat[(base[done] + t.at_drawn + t.rel[:, drawer[done]].T).reshape(-1)] = 1.0
        if face_up.any():
            from_stock = draws - last_face_up
            self._top[deals] = top + from_stock
            left = left - from_stock
            self._stock_left[deals] = left
            flat[base + t.at_stock] = t.stock_value[left][:, None]
            count = self._count[deals].astype(np.intp)  # (m, n)
            seat_rel = t.rel  # rel[viewer, seat]
            flat[(base[:, :, None] + t.at_sizes + seat_rel[None, :, :]).reshape(-1)] = (
                t.size_value[count][:, None, :].repeat(n, axis=1).reshape(-1)
            )
            if t.most_buried:
                self._write_stock_known(deals)
        over = ~face_up & (self._count[deals, winner] == 0)
        goes_on = ~over
        self._mover[deals] = np.where(over, n, winner)
        if goes_on.any():
            flat[(base + t.at_to_move + t.rel[:, winner].T)[goes_on]] = 1.0
        if over.any():
            ended = deals[over]
            self._phase[ended] = _OVER
            view = self._view
            view[ended, :n, t.at_phase + _PLAYING] = 0.0
            view[ended, :n, t.at_phase + _OVER] = 1.0

    # -- checking ------------------------------------------------------------

    def _places(self) -> NDArray[np.int8]:
        """Where each card of each deal lies (a testing aid): per deal and
        slot, the seat holding it (0 to n - 1), ``n + seat`` for a pile,
        ``2n`` in the stock, ``2n + 1`` the face-up card, ``2n + 2`` on the
        table, ``-1`` nowhere (an error)."""
        t = self._t
        n, p, b = t.n, t.size, self.size
        places = np.full((b, p), -1, dtype=np.int8)
        everyone = np.arange(b)[:, None]
        count = np.zeros((b, p), dtype=np.int8)
        for seat in range(n):
            held = self._acts[:, seat, :p]
            places[held] = seat
            count += held
        piled = self._pile >= 0
        places[piled] = n + self._pile[piled]
        count += piled
        slots = np.arange(self._stock.shape[1])
        waiting = (slots[None, :] >= self._top[:, None]) & (
            slots[None, :] < (self._top + self._stock_left)[:, None]
        )
        waiting &= (self._phase != _CUT_PHASE)[:, None]
        in_stock = np.zeros((b, p), dtype=bool)
        in_stock[np.broadcast_to(everyone, waiting.shape)[waiting], self._stock[waiting]] = True
        places[in_stock] = 2 * n
        count += in_stock
        face = np.zeros((b, p), dtype=bool)
        face[np.arange(b)[self._face_up], self._turned[self._face_up]] = True
        places[face] = 2 * n + 1
        count += face
        table = np.zeros((b, p), dtype=bool)
        for j in range(t.trick):
            on = self._played > j
            table[np.arange(b)[on], self._trick[on, j]] = True
        places[table] = 2 * n + 2
        count += table
        cutting = self._phase == _CUT_PHASE
        places[cutting] = 2 * n
        count[cutting] = 1
        places[count != 1] = -1
        return places


def _shape_and_type(array: NDArray[np.generic]) -> str:
    return f"shape {array.shape}" if array.dtype.kind in "iu" else f"type {array.dtype}"
