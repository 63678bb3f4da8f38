"""The search behind :class:`~briscola._strong.StrongBot`: a compact,
mutable form of one fully known deal in trick play, a fast rule-of-thumb
playout, and an exact alpha-beta solver with a transposition table.

A :class:`World` holds plain ints and lists: cards are ``Card.index``
values, suits are ``0..3`` in :class:`~briscola.Suit` order, seats are ints.
Playing a card mutates the world, so the solver plays and takes back
cards instead of building new states. Trump exchanges are not modelled
here (the bot weighs them with :func:`briscola.apply` before it searches).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from .._actions import Word
from .._observe import observe
from .._state import GameState
from .._trick import leading
from ._heuristic import follow_card, follow_talked, lead_card, partner_last, talk_read, unseen_tops
from ._tables import SUIT_OF, Following, Tables, greedy_follow, suit_index, tables_for

__all__ = ["INFINITY", "Talk", "World", "world_from_state"]

#: Above any value the solver returns (points are at most 160).
INFINITY = 10_000

Talk: TypeAlias = tuple[Word | None, tuple[int, ...]]
"""What a seat read of its partner's talk where a world was built
(``talk_read`` in ``_heuristic``): the word its partner said before its
card in the trick in progress, and the cards (indices) its partner's signs
claim."""


class World:
    """One deal in trick play with every card known, in compact form.

    Attributes:
        tables: The rules' lookup tables.
        hands: Per seat, its cards (indices).
        draw: The cards still to be drawn, next first, the face-up trump
            card last.
        drawn: How many of ``draw`` have been drawn.
        trump: The trump suit's index (-1 for none).
        beats: ``tables.trump_beats[trump]``.
        side: Per seat, the index of its side.
        mine: Per seat, whether it is on the searching seat's side.
        captured: Per side, the points it has taken.
        trick: The trick in progress: seats and cards, in play order.
        leader: The seat that led the trick in progress.
        to_move: The seat to play.
        public: The cards whose holder every seat knows once drawn: the
            face-up trump card and the cards a redraw buried in the stock
            (:attr:`~briscola.Rules.redraw_ranks`).
        nodes: Cards played so far by search and playouts (the budget's
            unit).
        modelled: Whether :meth:`solve` predicts the other sides' cards by
            rules of thumb (:meth:`expected`) instead of minimizing
            (given when the world is built: the transposition table holds
            the values of one way).
        talk: With table talk, per seat, what it read of its partner's
            talk where the world was built (:data:`Talk`), for the seats
            whose card :meth:`expected` gives (``None`` for the others);
            ``None`` without table talk.
        talk_until: :attr:`cards_left` once the trick in progress where
            the world was built is complete (the word heard is for that
            trick only).
    """

    __slots__ = (
        "tables",
        "hands",
        "draw",
        "drawn",
        "trump",
        "beats",
        "side",
        "mine",
        "captured",
        "trick_seats",
        "trick_cards",
        "leader",
        "to_move",
        "public",
        "nodes",
        "modelled",
        "talk",
        "talk_until",
        "_table",
    )

    def __init__(
        self,
        tables: Tables,
        hands: list[list[int]],
        draw: list[int],
        trump: int,
        side: Sequence[int],
        me: int,
        captured: list[int],
        trick: Sequence[tuple[int, int]],
        to_move: int,
        modelled: bool = False,
        public: frozenset[int] = frozenset(),
        talk: tuple[Talk | None, ...] | None = None,
    ) -> None:
        self.tables = tables
        self.hands = hands
        self.draw = draw
        self.drawn = 0
        self.trump = trump
        self.beats = tables.trump_beats[trump]
        self.side = tuple(side)
        self.mine = tuple(s == side[me] for s in side)
        self.captured = captured
        self.trick_seats = [seat for seat, _ in trick]
        self.trick_cards = [card for _, card in trick]
        self.leader = trick[0][0] if trick else to_move
        self.to_move = to_move
        self.public = public
        self.nodes = 0
        self.modelled = modelled
        self.talk = talk
        self.talk_until = self.cards_left - (tables.trick_size - len(trick)) if trick else 0
        self._table: dict[tuple[int, ...], tuple[int, int, int]] = {}

    def copy(self) -> World:
        """An independent copy (search statistics start again)."""
        new = World.__new__(World)
        new.tables = self.tables
        new.hands = [list(hand) for hand in self.hands]
        new.draw = self.draw
        new.drawn = self.drawn
        new.trump = self.trump
        new.beats = self.beats
        new.side = self.side
        new.mine = self.mine
        new.captured = list(self.captured)
        new.trick_seats = list(self.trick_seats)
        new.trick_cards = list(self.trick_cards)
        new.leader = self.leader
        new.to_move = self.to_move
        new.public = self.public
        new.nodes = 0
        new.modelled = self.modelled
        new.talk = self.talk
        new.talk_until = self.talk_until
        new._table = {}
        return new

    @property
    def cards_left(self) -> int:
        """Cards in hands and still to be drawn."""
        return sum(map(len, self.hands)) + len(self.draw) - self.drawn

    # -- playing ---------------------------------------------------------

    def play(self, card: int) -> None:
        """The seat to move plays ``card``; a complete trick is collected
        and the seats draw (no undo: for playouts)."""
        seat = self.to_move
        self.hands[seat].remove(card)
        self.trick_seats.append(seat)
        self.trick_cards.append(card)
        self.nodes += 1
        tables = self.tables
        if len(self.trick_cards) < tables.trick_size:
            self.to_move = tables.trick_orders[self.leader][len(self.trick_cards)]
            return
        at, _, points = leading(self.beats, tables.points, self.trick_cards)
        winner = self.trick_seats[at]
        self.captured[self.side[winner]] += points
        self._draw(winner)
        self.trick_seats.clear()
        self.trick_cards.clear()
        self.leader = self.to_move = winner

    def _draw(self, winner: int) -> int:
        """The seats draw after a trick won by ``winner`` (the rules
        table's ``drawers``); how many cards."""
        at = self.drawn
        left = len(self.draw) - at
        if not left:
            return 0
        drawers = self.tables.drawers[winner][left - 1]
        hands = self.hands
        draw = self.draw
        for seat in drawers:
            hands[seat].append(draw[at])
            at += 1
        self.drawn = at
        return len(drawers)

    def _undraw(self, winner: int, count: int) -> None:
        """Take back :meth:`_draw`'s ``count`` cards."""
        if not count:
            return
        hands = self.hands
        for seat in self.tables.drawers[winner][count - 1]:
            hands[seat].pop()
        self.drawn -= count

    # -- a fast rule-of-thumb policy ---------------------------------------

    def greedy(self) -> int:
        """The card the seat to move plays by rules of thumb that use only
        its hand and the trick (no hidden card): leading, the card that
        costs least (its points, its strength, more for a trump);
        following, ``greedy_follow`` (in ``_tables``), with the search's
        greedy weights (``Tables.greedy``)."""
        hand = self.hands[self.to_move]
        tables = self.tables
        greedy = tables.greedy
        if not self.trick_cards:
            return min(hand, key=greedy.lead[self.trump].__getitem__)
        row, stake, friendly, last = self._following()
        return greedy_follow(
            hand,
            greedy.keeps[self.trump],
            tables.points,
            greedy.strength,
            self.beats,
            row,
            stake,
            friendly,
            last,
        )

    def _following(self) -> Following:
        """What the seat to move follows (see ``Following``)."""
        tables = self.tables
        at, best, stake = leading(self.beats, tables.points, self.trick_cards)
        friendly = self.side[self.trick_seats[at]] == self.side[self.to_move]
        return best * 40, stake, friendly, len(self.trick_cards) == tables.trick_size - 1

    def expected(self) -> int:
        """The card the exact search expects the seat to move to play when
        it is on the other side (:attr:`modelled`).

        Where every seat knows its side (no auction), the heuristic bot's
        card in that position (the same code: ``lead_card`` and
        ``follow_talked`` in ``_heuristic``). The cards it has not seen are
        the other seats' hands and the stock, the face-up trump card
        included, less its partners' hands once they are shown after the
        stock and the :attr:`public` cards a partner drew; partners'
        cards known otherwise (shown as dealt, or taken in an exchange)
        are not told apart. With table talk it reads its partner's talk
        as the bot does where the world was built (:attr:`talk`): the word
        heard, for the trick then in progress; the cards the signs claim,
        while another seat holds them or they are still to be drawn (the
        search models no talk of its own, nor a partner's talk proving
        false later on). In bastardo, :meth:`greedy`'s card."""
        tables = self.tables
        if not tables.sides_known:
            return self.greedy()
        mover = self.to_move
        hand = self.hands[mover]
        talk = None if self.talk is None else self.talk[mover]
        heard: Word | None = None
        signed: Sequence[int] = ()
        if talk is not None:
            heard, signed = talk
            if heard is not None and self.cards_left <= self.talk_until:
                heard = None
            if signed:
                signed = self._standing(signed)
        side = self.side
        ours = side[mover]
        if self.trick_cards:
            following = self._following()
            if heard is None and not signed:
                return follow_card(hand, self.trump, tables, self.beats, following)
            covers: Sequence[int] = ()
            if signed:
                final = tables.trick_orders[self.leader][-1]
                friends = [seat for seat, s in enumerate(side) if s == ours]
                if partner_last(final, len(self.trick_cards), tables.trick_size, mover, friends):
                    covers = signed
            return follow_talked(hand, self.trump, tables, self.beats, following, heard, covers)
        # Unseen: the other sides' hands, the stock and the partners'
        # hands until they are shown, but for the cards drawn in view of
        # every seat and those the partner's signs claim.
        unseen = self.draw[self.drawn :]
        hidden = not (tables.partners_shown and not unseen)
        public = self.public
        for seat, cards in enumerate(self.hands):
            if side[seat] != ours:
                unseen += cards
            elif hidden and seat != mover:
                unseen += [card for card in cards if card not in public]
        if signed:
            unseen = [card for card in unseen if card not in signed]
        top = unseen_tops(unseen, tables.strength)
        return lead_card(hand, top, self.trump, tables.points, tables.strength)

    def _standing(self, signed: Sequence[int]) -> list[int]:
        """The cards of ``signed`` that another seat than the one to move
        holds or that are still to be drawn; none once partners see each
        other's hands (then no card is taken on a sign)."""
        mover = self.to_move
        undrawn = self.draw[self.drawn :]
        if self.tables.partners_shown and not undrawn:
            return []
        return [
            card
            for card in signed
            if card in undrawn
            or any(card in hand for seat, hand in enumerate(self.hands) if seat != mover)
        ]

    def playout(self) -> None:
        """Play to the end with :meth:`greedy` for every seat.

        The same cards as ``while hands[to_move]: play(greedy())``, in one
        loop over local names: the trick's winning card and points are
        kept up to date as cards fall (by the ``beats`` table, as
        :func:`~briscola._trick.leading` decides) instead of being worked
        out again for every card (the playouts are most of the search's
        time)."""
        tables = self.tables
        greedy = tables.greedy
        lead_cost, keeps = greedy.lead[self.trump], greedy.keeps[self.trump]
        points, strength = tables.points, greedy.strength
        orders, size = tables.trick_orders, tables.trick_size
        follow = greedy_follow
        beats = self.beats
        side = self.side
        captured = self.captured
        hands = self.hands
        draw = self._draw
        seats = self.trick_seats
        cards = self.trick_cards
        leader = self.leader
        seat = self.to_move
        nodes = 0
        at = best = stake = 0
        if cards:
            at, best, stake = leading(beats, points, cards)
        while True:
            hand = hands[seat]
            if not hand:
                break
            if len(hand) == 1:
                choice = hand[0]
            elif not cards:
                choice = min(hand, key=lead_cost.__getitem__)
            else:
                choice = follow(
                    hand,
                    keeps,
                    points,
                    strength,
                    beats,
                    best * 40,
                    stake,
                    side[seats[at]] == side[seat],
                    len(cards) == size - 1,
                )
            hand.remove(choice)
            nodes += 1
            if not cards:
                at, best, stake = 0, choice, points[choice]
            else:
                stake += points[choice]
                if beats[best * 40 + choice]:
                    at, best = len(cards), choice
            seats.append(seat)
            cards.append(choice)
            if len(cards) < size:
                seat = orders[leader][len(cards)]
                continue
            winner = seats[at]
            captured[side[winner]] += stake
            draw(winner)
            seats.clear()
            cards.clear()
            leader = seat = winner
        self.leader = leader
        self.to_move = seat
        self.nodes += nodes

    # -- exact search ------------------------------------------------------

    def solve(self, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """The points the searching seat's side takes from here to the end
        when its side plays its best with every card known and every other
        seat minimizes them (or, if :attr:`modelled`, plays the card of
        :meth:`expected`), by alpha-beta with a transposition table at trick
        boundaries; exact within the window ``(alpha, beta)`` and a bound
        outside it. The world is left as it was."""
        seat = self.to_move
        hand = self.hands[seat]
        if not hand:
            return 0
        cards = self.trick_cards
        key: tuple[int, ...] | None = None
        if not cards:
            key = (seat, self.drawn, *[_mask(h) for h in self.hands])
            entry = self._table.get(key)
            if entry is not None:
                low, high, _ = entry
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
        start_alpha, start_beta = alpha, beta
        maximize = self.mine[seat]
        best_value = -INFINITY if maximize else INFINITY
        best_card = -1
        tables = self.tables
        size = tables.trick_size
        if maximize or not self.modelled:
            order = self._ordered(hand, key)
        else:
            order = [self.expected()]
        for card in order:
            i = hand.index(card)
            del hand[i]
            self.nodes += 1
            cards.append(card)
            self.trick_seats.append(seat)
            if len(cards) < size:
                self.to_move = tables.trick_orders[self.leader][len(cards)]
                value = self.solve(alpha, beta)
            else:
                value = self._close_and_solve(alpha, beta)
            cards.pop()
            self.trick_seats.pop()
            self.to_move = seat
            hand.insert(i, card)
            if maximize:
                if value > best_value:
                    best_value, best_card = value, card
                    if value > alpha:
                        alpha = value
            elif value < best_value:
                best_value, best_card = value, card
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        if key is not None:
            low, high = -INFINITY, INFINITY
            if best_value <= start_alpha:
                high = best_value
            elif best_value >= start_beta:
                low = best_value
            else:
                low = high = best_value
            old = self._table.get(key)
            if old is not None:
                low, high = max(low, old[0]), min(high, old[1])
            self._table[key] = (low, high, best_card)
        return best_value

    def solve_after(self, card: int) -> int:
        """:meth:`solve` (exact, full window) after the seat to move plays
        ``card``; the world is left as it was."""
        seat = self.to_move
        hand = self.hands[seat]
        i = hand.index(card)
        del hand[i]
        self.nodes += 1
        cards = self.trick_cards
        cards.append(card)
        self.trick_seats.append(seat)
        if len(cards) < self.tables.trick_size:
            self.to_move = self.tables.trick_orders[self.leader][len(cards)]
            value = self.solve()
        else:
            value = self._close_and_solve(-INFINITY, INFINITY)
        cards.pop()
        self.trick_seats.pop()
        self.to_move = seat
        hand.insert(i, card)
        return value

    def _close_and_solve(self, alpha: int, beta: int) -> int:
        """The trick in progress is complete: collect it, draw, search the
        rest, and take it all back."""
        at, _, points = leading(self.beats, self.tables.points, self.trick_cards)
        winner = self.trick_seats[at]
        gain = points if self.mine[winner] else 0
        seats = self.trick_seats
        cards = self.trick_cards
        saved_seats, saved_cards, leader = seats[:], cards[:], self.leader
        seats.clear()
        cards.clear()
        count = self._draw(winner)
        self.leader = self.to_move = winner
        value = gain + self.solve(alpha - gain, beta - gain)
        self._undraw(winner, count)
        seats.extend(saved_seats)
        cards.extend(saved_cards)
        self.leader = leader
        return value

    def _ordered(self, hand: list[int], key: tuple[int, ...] | None) -> list[int]:
        """The hand in the order to search it: the card that was best here
        before, then cards that take the trick (cheapest first), then
        the cheapest discards."""
        points = self.tables.points
        strength = self.tables.strength
        cards = self.trick_cards
        trump = self.trump
        if not cards:
            order = sorted(
                hand,
                key=lambda c: points[c] + strength[c] / 16 + (8 if SUIT_OF[c] == trump else 0),
            )
        else:
            beats = self.beats
            row = leading(beats, points, cards)[1] * 40
            order = sorted(
                hand,
                key=lambda c: (
                    0 if beats[row + c] else 1,
                    points[c] + strength[c] / 16 + (8 if SUIT_OF[c] == trump else 0),
                ),
            )
        if key is not None:
            entry = self._table.get(key)
            if entry is not None and entry[2] in order:
                order.remove(entry[2])
                order.insert(0, entry[2])
        return order


def _mask(hand: list[int]) -> int:
    mask = 0
    for card in hand:
        mask |= 1 << card
    return mask


def world_from_state(state: GameState, seat: int, modelled: bool = False) -> World:
    """The compact :class:`World` of a full state in trick play, searched
    for ``seat``'s side (``modelled``: see :class:`World`).

    The sides are the rules' sides, or in bastardo the declarer and the
    holder of the called card against the rest. Points already taken count
    in :attr:`World.captured`.
    """
    rules = state.rules
    tables = tables_for(rules)
    n = rules.players
    contract = state.contract
    if contract is not None and contract.declarer is not None:
        ours = {contract.declarer}
        if contract.partner is not None:
            ours.add(contract.partner)
        side = [0 if s in ours else 1 for s in range(n)]
    else:
        side = [0] * n
        for i, members in enumerate(rules.sides):
            for s in members:
                side[s] = i
    captured = [0] * (max(side) + 1)
    points = tables.points
    for s, pile in enumerate(state.piles):
        captured[side[s]] += sum(points[card.index] for card in pile)
    draw = [card.index for card in state.stock]
    if state.trump_card is not None:
        draw.append(state.trump_card.index)
    public = {card.index for card in state.setup.buried}
    if state.trump_card is not None:
        public.add(state.trump_card.index)
    elif state.trump_drawn is not None:
        public.add(state.trump_drawn[1].index)
    to_move = state.to_move
    if to_move is None:
        raise ValueError("the deal is over: there is nothing to search")
    talk: tuple[Talk | None, ...] | None = None
    if rules.table_talk and tables.sides_known:
        talk = tuple(
            None if side[other] == side[seat] else _talk_of(state, other) for other in range(n)
        )
    return World(
        tables,
        [[card.index for card in hand] for hand in state.hands],
        draw,
        suit_index(state.trump),
        side,
        seat,
        captured,
        [(s, card.index) for s, card in state.trick],
        to_move,
        modelled,
        frozenset(public),
        talk,
    )


def _talk_of(state: GameState, seat: int) -> Talk | None:
    """What ``seat`` reads of its partner's talk in ``state``, as the
    heuristic bot reads it (``talk_read``); ``None`` if nothing."""
    heard, claimed = talk_read(observe(state, seat))
    if heard is None and not claimed:
        return None
    return heard, tuple(sorted(card.index for card in claimed))
