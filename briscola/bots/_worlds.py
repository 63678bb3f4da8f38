"""Dealing the worlds the strong bot searches: many worlds from one
sampled deal (:class:`Slots`, :func:`redealt`), the sides following the
called card in bastardo (:class:`Called`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ._solver import World

__all__ = ["Called", "Slots", "dealt", "held", "redealt"]


class Called:
    """Bastardo's sides in a world when the called card is hidden: the
    declarer and whoever holds the called card against the rest, so a
    world dealt again may change them (and the points each side has).
    Only for worlds whose hidden cards all lie in hands (bastardo deals
    the whole pack), where the holder is the partner.

    Attributes:
        declarer: The declarer's seat.
        card: The called card (an index), hidden from the searching seat.
        taken: Per seat, the points of the tricks it has won.
        me: The searching seat.
    """

    __slots__ = ("declarer", "card", "taken", "me")

    def __init__(self, declarer: int, card: int, taken: Sequence[int], me: int) -> None:
        self.declarer = declarer
        self.card = card
        self.taken = tuple(taken)
        self.me = me

    def apply(self, world: World) -> None:
        """Give ``world`` the sides of its deal (the declarer's side is
        side 0, as in ``world_from_state``)."""
        partner = next(s for s, hand in enumerate(world.hands) if self.card in hand)
        side = tuple(0 if s in (self.declarer, partner) else 1 for s in range(len(world.hands)))
        world.side = side
        world.mine = tuple(s == side[self.me] for s in side)
        captured = [0, 0]
        for s, points in enumerate(self.taken):
            captured[side[s]] += points
        world.captured = captured


class Slots:
    """Where the cards hidden from one seat lie in a world: places in the
    other seats' hands and in the stock still to be drawn.

    Everything else in a world (the seat's own hand, the cards played, the
    cards it saw go into a hand or lie in the stock) is fixed by what the
    seat has seen, and the history does not depend on which hidden card is
    in which hidden place; so dealing the hidden cards again uniformly over
    these places (:func:`redealt`) gives another world that agrees with
    the observation, as likely as the first, without replaying the
    history. (In bastardo, with the called card hidden, the sides move
    with it: :class:`Called`.)

    Attributes:
        in_hands: ``(seat, index in its hand)`` of each hidden card in a hand.
        in_draw: Indices into :attr:`World.draw` of hidden cards not drawn.
        cards: The hidden cards, in the order of those places.
        called: With a hidden called card, how the sides follow it.
    """

    __slots__ = ("in_hands", "in_draw", "cards", "called")

    def __init__(
        self, world: World, hidden: frozenset[int], seat: int, called: Called | None = None
    ) -> None:
        self.called = called
        self.in_hands = [
            (s, i)
            for s, hand in enumerate(world.hands)
            if s != seat
            for i, card in enumerate(hand)
            if card in hidden
        ]
        self.in_draw = [j for j in range(world.drawn, len(world.draw)) if world.draw[j] in hidden]
        self.cards = tuple(world.hands[s][i] for s, i in self.in_hands) + tuple(
            world.draw[j] for j in self.in_draw
        )


def redealt(world: World, slots: Slots, rng: random.Random) -> World:
    """A copy of ``world`` with its hidden cards dealt again at random over
    their places (see :class:`Slots`): another world as likely as it."""
    cards = list(slots.cards)
    rng.shuffle(cards)
    return dealt(world, slots, cards)


def dealt(world: World, slots: Slots, cards: Sequence[int]) -> World:
    """A copy of ``world`` with ``cards`` (the hidden cards, in any order)
    in the hidden places, in the order of :class:`Slots`: the hands'
    places first, then the stock's."""
    new = world.copy()
    hands = new.hands
    at = 0
    for seat, i in slots.in_hands:
        hands[seat][i] = cards[at]
        at += 1
    if slots.in_draw:
        draw = new.draw = list(world.draw)
        for j in slots.in_draw:
            draw[j] = cards[at]
            at += 1
    if slots.called is not None:
        slots.called.apply(new)
    return new


def held(
    world: World,
    claims: Sequence[tuple[int, Sequence[int]]],
    hidden: frozenset[int],
    rng: random.Random,
) -> None:
    """Make ``world`` hold what ``claims`` say, in place: for each ``(seat,
    cards)``, every one of ``cards`` (hidden cards) that lies elsewhere in a
    hidden place changes places with a hidden card of that seat's hand
    chosen at random, one no claim names. A claim that no hidden place of
    the hand is left for is dropped. Hidden places are interchangeable
    (see :class:`Slots`), so the world still agrees with the observation."""
    hands = world.hands
    named = {card for _, cards in claims for card in cards}
    copied = False
    for seat, cards in claims:
        hand = hands[seat]
        for card in cards:
            if card in hand or card not in hidden:
                continue
            spots = [i for i, c in enumerate(hand) if c in hidden and c not in named]
            if not spots:
                break
            i = spots[rng.randrange(len(spots))] if len(spots) > 1 else spots[0]
            for other, cards_there in enumerate(hands):
                if other != seat and card in cards_there:
                    j = cards_there.index(card)
                    cards_there[j], hand[i] = hand[i], card
                    break
            else:
                draw = world.draw
                try:
                    j = draw.index(card, world.drawn)
                except ValueError:
                    continue
                if not copied:
                    draw = world.draw = list(draw)
                    copied = True
                draw[j], hand[i] = hand[i], card
