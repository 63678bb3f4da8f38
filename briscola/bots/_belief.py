"""The strong bot's endgame over every world at once, for two seats: a
search over what the bot will have seen, not over each world on its own
(:func:`belief_values`).

Solving each world on its own (``World.solve``) lets the searching seat
plan its later cards knowing the other hand and the order of the stock,
which it will not know when it has to play them. Here the other seat
plays by rules of thumb (``World.expected``), which makes the game a
problem of one player under uncertainty, small enough near the end to
solve exactly: the worlds that agree with what the seat has seen are
enumerated, and at each of its later decisions it plays one card in all
the worlds it cannot tell apart (those in which the other seat played
the same cards and it drew the same card).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

from ._solver import World
from ._worlds import Slots, dealt

__all__ = ["belief_values", "world_count", "worlds_of"]


def world_count(slots: Slots) -> int:
    """How many distinct worlds deal the hidden cards over these places
    with one other hand: which cards it holds, times the stock's orders."""
    hidden = len(slots.cards)
    held = len(slots.in_hands)
    return math.comb(hidden, held) * math.factorial(hidden - held)


def worlds_of(base: World, slots: Slots) -> list[World]:
    """Every distinct world that deals ``base``'s hidden cards over its
    places (:class:`Slots`), one other hand holding them in some order.

    The hidden cards go into the hand in ascending order, so the worlds
    do not depend on which world ``base`` is (the rules of thumb break
    ties between equal cards by their order in the hand)."""
    cards = sorted(slots.cards)
    worlds = []
    for hand in itertools.combinations(cards, len(slots.in_hands)):
        rest = [card for card in cards if card not in hand]
        for order in itertools.permutations(rest):
            worlds.append(dealt(base, slots, hand + order))
    return worlds


def belief_values(
    worlds: Sequence[World],
    cards: Sequence[int],
    value: Callable[[list[int]], float],
    solved: Callable[[list[int], int], float],
) -> tuple[list[float], int]:
    """Per card of ``cards`` (the searching seat's to play, in every one
    of ``worlds``), its mean value over the worlds when the seat plays its
    best afterwards knowing only what it sees, the other seat playing
    ``World.expected``'s card; and the cards played by the search.

    ``value`` gives a finished world's value from the points per side;
    ``solved`` the value of a world, alone in what the seat can tell, from
    its points so far and the points the seat's side takes from there
    when solved exactly. Every world is searched for its ``to_move`` seat
    and is left as it was."""
    me = worlds[0].to_move
    search = _Search(me, value, solved)
    values = [search.after(worlds, card) for card in cards]
    return values, search.nodes


class _Search:
    """One search of :func:`belief_values`: its seat, how it values
    worlds, and the cards it has played."""

    __slots__ = ("me", "value", "solved", "nodes")

    def __init__(
        self,
        me: int,
        value: Callable[[list[int]], float],
        solved: Callable[[list[int], int], float],
    ) -> None:
        self.me = me
        self.value = value
        self.solved = solved
        self.nodes = 0

    def best(self, worlds: list[World]) -> float:
        """The value of worlds the seat cannot tell apart, it to move."""
        if len(worlds) == 1:
            world = worlds[0]
            before = world.nodes
            gain = world.solve()
            self.nodes += world.nodes - before
            return self.solved(world.captured, gain)
        hand = worlds[0].hands[self.me]
        if not hand:
            value = self.value
            return sum(value(world.captured) for world in worlds) / len(worlds)
        return max(self.after(worlds, card) for card in hand)

    def after(self, worlds: Sequence[World], card: int) -> float:
        """The mean value of the worlds after the seat plays ``card``."""
        me = self.me
        groups: dict[tuple[tuple[int, ...], tuple[int, ...]], list[World]] = {}
        for world in worlds:
            child = world.copy()
            child.play(card)
            seen = []
            while child.to_move != me and child.hands[child.to_move]:
                other = child.expected()
                seen.append(other)
                child.play(other)
            self.nodes += child.nodes
            key = (tuple(seen), tuple(child.hands[me]))
            group = groups.get(key)
            if group is None:
                groups[key] = [child]
            else:
                group.append(child)
        total = 0.0
        for group in groups.values():
            total += len(group) * self.best(group)
        return total / len(worlds)
