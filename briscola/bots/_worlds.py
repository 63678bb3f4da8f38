"""Dealing the worlds the strong bot searches: many worlds from one
sampled deal (:class:`Slots`, :func:`redealt`)."""

from __future__ import annotations

import random

from ._solver import World

__all__ = ["Slots", "redealt"]


class Slots:
    """Where the cards hidden from one seat lie in a world: places in the
    other seats' hands and in the stock still to be drawn.

    Everything else in a world (the seat's own hand, the cards played, the
    cards it saw go into a hand or lie in the stock) is fixed by what the
    seat has seen, and the history does not depend on which hidden card is
    in which hidden place; so dealing the hidden cards again uniformly over
    these places (:func:`redealt`) gives another world that agrees with
    the observation, as likely as the first, without replaying the
    history.

    Attributes:
        in_hands: ``(seat, index in its hand)`` of each hidden card in a hand.
        in_draw: Indices into :attr:`World.draw` of hidden cards not drawn.
        cards: The hidden cards, in the order of those places.
    """

    __slots__ = ("in_hands", "in_draw", "cards")

    def __init__(self, world: World, hidden: frozenset[int], seat: int) -> None:
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
    return new
