"""Guessing the hidden cards: :func:`sample_state`.

Monte Carlo search ("determinization") plays from full states that agree
with what a seat has seen. :func:`sample_state` builds one: it works out
which positions of the pack went where (the deal is fixed by the rules, the
dealer and Split's cut or knock; the redraw moves the buried cards to known
places; every draw follows from the trick winners), puts every card the
seat has seen where it was seen, deals the cards it has not seen at random
over the positions it could not see, and replays the observed history
through the engine from that pack.
"""

from __future__ import annotations

import random
from typing import cast

from ._actions import Call, Cut, IllegalActionError, Knock, Play, SwapTrump
from ._cards import Card, Suit
from ._deal import new_game
from ._engine import apply
from ._layout import deal_layout, dealt_style, redraw_positions
from ._observe import Observation, _with_record, observe
from ._rules import DealStyle
from ._state import GameState
from ._trick import table_for

__all__ = ["sample_state"]


def sample_state(observation: Observation, rng: random.Random) -> GameState:
    """A full deal that agrees with everything ``observation`` shows.

    The cards the seat has not seen (:attr:`Observation.unseen`) are dealt
    at random, with ``rng``, over the places it cannot see: the other
    seats' hands (to their sizes) and the face-down stock. Everything the
    seat has seen stays where it was seen: its own hand (in order), its
    partner's hand when shown, the face-up trump card and whoever drew it,
    the buried redraw cards, every card played. In bastardo the called
    card, if the seat has not seen it, may lie in any other hand, the
    declarer's included (the declarer may be playing alone).

    The result replays: it is ``new_game(rules, deck=pack, dealer=dealer)``
    followed by the observed history, and ``observe(result, seat)`` equals
    the observation (without the match record, for a match's observation:
    the sample is the deal in progress). With table talk, the secret signs
    the opponents made to each other are not in the observation, so they
    are not in the sample's history either.

    Args:
        observation: What the seat has seen, from :func:`observe`.
        rng: The source of randomness; the same ``rng`` state gives the
            same sample.

    Returns:
        A :class:`~briscola.GameState` consistent with ``observation``.

    Raises:
        TypeError: If ``observation`` is not an observation or ``rng`` not a
            :class:`random.Random`.
        ValueError: If no deal agrees with ``observation`` (it was not made
            by :func:`observe`, or was altered).

    >>> import random
    >>> from briscola import new_game, observe, preset, sample_state
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> guess = sample_state(observe(state, 0), random.Random(1))
    >>> guess.hands[0] == state.hands[0], observe(guess, 0) == observe(state, 0)
    (True, True)
    """
    if not isinstance(observation, Observation):
        raise TypeError(f"sample_state takes an Observation, not {observation!r}")
    if not isinstance(rng, random.Random):
        raise TypeError(
            f"sample_state takes a random.Random as rng (random.Random(seed)), "
            f"not {type(rng).__name__}"
        )
    seen = (
        observation
        if observation.match_results is None and observation.match_totals is None
        else _with_record(observation, match_results=None, match_totals=None)
    )
    pack = _Placement(seen, rng).pack()
    state = new_game(seen.rules, deck=pack, dealer=seen.dealer)
    for number, action in enumerate(seen.history):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            raise ValueError(
                f"no deal agrees with the observation: action {number} ({action}) "
                f"cannot be replayed: {error}"
            ) from None
    if observe(state, seen.seat) != seen:
        raise ValueError(
            "no deal agrees with the observation: replaying its history shows something else"
        )
    return state


def _inconsistent(why: str) -> ValueError:
    return ValueError(f"no deal agrees with the observation: {why}")


class _Entry:
    """A card in a hand during the replay of positions: where in the pack
    it came from (``None`` for the face-up trump card taken into the hand),
    which card it is if known, and when it arrived."""

    __slots__ = ("time", "position", "card")

    def __init__(self, time: int, position: int | None, card: Card | None) -> None:
        self.time = time
        self.position = position
        self.card = card


class _Placement:
    """Follows the positions of the pack through the observed history and
    fills them with cards."""

    def __init__(self, seen: Observation, rng: random.Random) -> None:
        self.seen = seen
        self.rng = rng
        rules = seen.rules
        self.n = rules.players
        size = len(rules.pack)
        self.cards: list[Card | None] = [None] * size
        self.where: dict[Card, int] = {}
        self.hands: list[list[_Entry]] = [[] for _ in range(self.n)]
        self.stock: list[int] = []
        self.face_up: Card | None = None
        self.trump: Suit | None = None
        self.trick: list[tuple[int, Card]] = []
        # The seat's own plays whose positions are chosen at the end, when
        # its hand's order is known: (card, time).
        self.pending: list[tuple[Card, int]] = []
        self.pending_cards: set[Card] = set()

    # -- building the pack ------------------------------------------------

    def pack(self) -> tuple[Card, ...]:
        seen = self.seen
        self._check_shape()
        history = seen.history
        start = 0
        if seen.rules.deal is DealStyle.CUT_OR_KNOCK:
            if not history:
                self.stock = list(range(len(self.cards)))
                if seen.turned_card is not None or seen.buried:
                    raise _inconsistent("nothing is turned before the cut or knock")
            elif type(history[0]) in (Cut, Knock):
                self._deal(0)
                start = 1
            else:
                raise _inconsistent("Split dealing starts with a cut or a knock")
        else:
            self._deal(-1)
        for time in range(start, len(history)):
            self._act(time)
        self._settle_own_hand()
        self._settle_other_hands()
        return self._fill()

    def _check_shape(self) -> None:
        seen = self.seen
        n = self.n
        if not 0 <= seen.seat < n or not 0 <= seen.dealer < n:
            raise _inconsistent("the seat and the dealer must be seats of the rules")
        if len(seen.history) != len(seen.actors) or not all(0 <= s < n for s in seen.actors):
            raise _inconsistent("every action needs the seat that took it")
        if len(seen.known_hands) != n or len(seen.hand_sizes) != n or len(seen.shown_dealt) != n:
            raise _inconsistent(f"hands are given per seat, for {n} seats")
        if seen.known_hands[seen.seat] != seen.hand:
            raise _inconsistent("the seat's known hand is its hand")

    def _place(self, position: int | None, card: Card) -> None:
        # Only the face-up trump card taken into a hand has no position,
        # and that card is known: no card is ever placed there.
        assert position is not None, f"the {card} has no position in the pack"
        held = self.cards[position]
        if held is card:
            return
        if held is not None or card in self.where or card in self.pending_cards:
            raise _inconsistent(f"the {card} would be in two places")
        self.cards[position] = card
        self.where[card] = position

    def _deal(self, time: int) -> None:
        seen = self.seen
        rules = seen.rules
        layout = deal_layout(rules, seen.dealer, dealt_style(rules, seen.history))
        for seat, positions in enumerate(layout.hands):
            self.hands[seat] = [_Entry(time, p, None) for p in positions]
            shown = seen.shown_dealt[seat]
            if shown:
                # A hand shown as dealt (a partner's): its cards fill the
                # positions it was dealt, in an order the seat never saw.
                if len(shown) != len(positions) or seat == seen.seat:
                    raise _inconsistent(f"seat {seat}'s hand shown as dealt does not fit the deal")
                order = list(shown)
                self.rng.shuffle(order)
                for entry, card in zip(self.hands[seat], order):
                    self._place(entry.position, card)
                    entry.card = card
        turned = seen.turned_card
        if layout.trump is None:
            if turned is not None or seen.buried:
                raise _inconsistent("this deal turns no trump card")
            self.stock = list(layout.stock)
            return
        if turned is None:
            raise _inconsistent("the deal turned a trump card")
        redraw = rules.redraw_ranks
        if any(card.rank not in redraw for card in seen.buried) or turned.rank in redraw:
            raise _inconsistent("the buried cards, and only they, have redrawn ranks")
        positions, stock = redraw_positions(layout, len(seen.buried))
        for position, card in zip(positions, seen.buried + (turned,)):
            self._place(position, card)
        self.stock = list(stock)
        self.face_up = turned
        self.trump = turned.suit

    def _act(self, time: int) -> None:
        action = self.seen.history[time]
        seat = self.seen.actors[time]
        if type(action) is Play:
            self._remove(seat, action.card, time)
            self.trick.append((seat, action.card))
            if len(self.trick) == self.n * self.seen.rules.plays_per_trick:
                self._collect(time)
        elif type(action) is SwapTrump:
            if self.face_up is None:
                raise _inconsistent("an exchange needs a face-up trump card")
            self._remove(seat, action.card, time)
            self.hands[seat].append(_Entry(time, None, self.face_up))
            self.face_up = action.card
        elif type(action) is Call:
            self.trump = action.card.suit
        elif type(action) in (Cut, Knock):
            raise _inconsistent("only the first action may cut or knock")

    def _collect(self, time: int) -> None:
        """Give the complete trick to its winner, then draw."""
        table = table_for(self.seen.rules)
        winner = table.trick_winner(self.trump, self.trick)[0]
        self.trick.clear()
        if self.face_up is None:
            return
        order = table.trick_orders[winner]
        stock = self.stock
        if len(stock) >= len(order):
            for seat, position in zip(order, stock):
                self.hands[seat].append(_Entry(time, position, self.cards[position]))
            del stock[: len(order)]
        else:
            for seat, position in zip(order[:-1], stock):
                self.hands[seat].append(_Entry(time, position, self.cards[position]))
            self.hands[order[-1]].append(_Entry(time, None, self.face_up))
            self.face_up = None
            stock.clear()

    def _remove(self, seat: int, card: Card, time: int) -> None:
        """Take ``card`` out of ``seat``'s hand, deciding (or, for the
        observing seat, postponing) which dealt position held it."""
        hand = self.hands[seat]
        for k, entry in enumerate(hand):
            if entry.card is card:
                del hand[k]
                return
        if card in self.where or card in self.pending_cards or card is self.face_up:
            raise _inconsistent(f"seat {seat} cannot have held the {card}")
        if seat == self.seen.seat:
            self.pending.append((card, time))
            self.pending_cards.add(card)
            return
        unknown = [k for k, entry in enumerate(hand) if entry.card is None]
        if not unknown:
            raise _inconsistent(f"seat {seat} has no card left that could be the {card}")
        entry = hand.pop(self.rng.choice(unknown))
        self._place(entry.position, card)

    # -- the hands at the end ---------------------------------------------

    def _settle_own_hand(self) -> None:
        """Fit the seat's hand, in order, and its earlier plays to the
        positions it received.

        The hand takes the latest positions its order allows, which leaves
        the earliest ones for the cards played before (a card must have
        arrived before it was played)."""
        entries = self.hands[self.seen.seat]
        hand = self.seen.hand
        known = {entry.card: k for k, entry in enumerate(entries) if entry.card is not None}
        chosen: list[int] = []
        bound = len(entries)
        for card in reversed(hand):
            k = known.get(card)
            if k is None:
                k = bound - 1
                while k >= 0 and entries[k].card is not None:
                    k -= 1
                if k < 0:
                    raise _inconsistent("the seat's hand does not fit the cards it received")
            elif k >= bound:
                raise _inconsistent("the seat's hand is not in the order received")
            chosen.append(k)
            bound = k
        chosen.reverse()
        used = set(chosen)
        if any(entry.card is not None and k not in used for k, entry in enumerate(entries)):
            raise _inconsistent("the seat's hand lacks a card everyone saw it take")
        # Place the hand before the plays, so that a card both held and
        # played is reported as such.
        self.pending_cards.clear()
        for card, k in zip(hand, chosen):
            position = entries[k].position
            if position is not None and entries[k].card is None:
                self._place(position, card)
        spare = [entry for k, entry in enumerate(entries) if k not in used]
        for card, time in self.pending:
            if not spare or spare[0].time >= time:
                raise _inconsistent(f"the seat played the {card} before it could hold it")
            self._place(spare.pop(0).position, card)
        if spare:
            raise _inconsistent("the seat received more cards than it holds or played")

    def _settle_other_hands(self) -> None:
        """Put the cards the seat knows in other hands (a partner's shown
        hand) on positions those hands received."""
        seen = self.seen
        for seat, entries in enumerate(self.hands):
            if seat == seen.seat:
                continue
            if len(entries) != seen.hand_sizes[seat]:
                raise _inconsistent(f"seat {seat} holds {len(entries)} cards, not the number shown")
            held = {entry.card for entry in entries if entry.card is not None}
            unknown = [entry for entry in entries if entry.card is None]
            self.rng.shuffle(unknown)
            for card in seen.known_hands[seat]:
                if card in held:
                    continue
                if not unknown:
                    raise _inconsistent(f"seat {seat} has too few cards for those shown")
                self._place(unknown.pop().position, card)

    def _fill(self) -> tuple[Card, ...]:
        """Deal the unseen cards over the positions still empty."""
        rules = self.seen.rules
        empty = [p for p, card in enumerate(self.cards) if card is None]
        unseen = [card for card in rules.pack if card not in self.where]
        if len(unseen) != len(empty):
            raise _inconsistent("the cards it shows do not fit the pack")
        self.rng.shuffle(unseen)
        for position, card in zip(empty, unseen):
            self.cards[position] = card
        # Every position holds a card now: as many were empty as unseen.
        return cast("tuple[Card, ...]", tuple(self.cards))
