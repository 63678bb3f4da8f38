"""Suits, ranks and cards of the 40-card Italian pack.

Every :class:`Card` value exists once: ``Card(suit, rank)`` returns the one
shared instance, so cards compare and hash as fast as integers.
"""

from __future__ import annotations

import enum
from typing import Any, Final

__all__ = ["Suit", "Rank", "Card", "FULL_PACK"]


class Suit(enum.Enum):
    """The four suits of the Italian pack, in canonical order.

    >>> Suit.COINS.value
    0
    >>> [suit.name for suit in Suit]
    ['COINS', 'CUPS', 'SWORDS', 'CLUBS']
    """

    COINS = 0
    """Denari, dinari; oros in Spain."""
    CUPS = 1
    """Coppe, kupe; copas in Spain."""
    SWORDS = 2
    """Spade, špade; espadas in Spain."""
    CLUBS = 3
    """Bastoni, baštoni; bastos in Spain."""

    def __str__(self) -> str:
        return self.name.lower()

    # Members are singletons: hashing by identity is correct, and runs in C
    # where Enum's own hash calls Python code (suits key hot-path tables).
    __hash__ = object.__hash__


class Rank(enum.Enum):
    """The ten ranks of a suit, in canonical (pack) order.

    The order here is the order of the printed pack, not the strength:
    strength and points belong to the :class:`~briscola.Rules`.

    >>> Rank.KNIGHT.value
    8
    >>> str(Rank.THREE)
    'three'
    """

    ACE = 0
    TWO = 1
    THREE = 2
    FOUR = 3
    FIVE = 4
    SIX = 5
    SEVEN = 6
    JACK = 7
    """Fante, fanat, sota; the knave."""
    KNIGHT = 8
    """Cavallo, konj, caballo; the queen of a French-suited pack."""
    KING = 9

    def __str__(self) -> str:
        return self.name.lower()

    __hash__ = object.__hash__


class Card:
    """A playing card: a :class:`Suit` and a :class:`Rank`.

    Cards are immutable and interned: ``Card(suit, rank)`` always returns the
    same object for the same value, so they compare equal by value (and by
    identity) and can be used in sets and as dictionary keys.

    Attributes:
        suit: The card's suit.
        rank: The card's rank.
        index: ``10 * suit.value + rank.value``, from 0 (ace of coins) to 39
            (king of clubs): the card's place in the canonical pack.

    >>> card = Card(Suit.CUPS, Rank.ACE)
    >>> card
    Card(Suit.CUPS, Rank.ACE)
    >>> str(card)
    'ace of cups'
    >>> card is Card(Suit.CUPS, Rank.ACE)
    True
    >>> card.index
    10

    Cards are ordered by :attr:`index`, their place in the canonical pack,
    so that sorting a hand gives a stable display order: ``<``, ``<=``,
    ``>`` and ``>=`` compare indexes, not strength, which belongs to the
    rules. Comparing a card with anything else raises :class:`TypeError`.

    >>> Card(Suit.COINS, Rank.KING) < Card(Suit.CUPS, Rank.ACE)
    True
    >>> sorted([Card(Suit.CUPS, Rank.TWO), Card(Suit.COINS, Rank.THREE)])
    [Card(Suit.COINS, Rank.THREE), Card(Suit.CUPS, Rank.TWO)]
    """

    __slots__ = ("suit", "rank", "index")

    suit: Suit
    rank: Rank
    index: int

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        if not isinstance(suit, Suit) or not isinstance(rank, Rank):
            raise TypeError(f"Card takes a Suit and a Rank, not {suit!r} and {rank!r}")
        return _BY_INDEX[10 * suit.value + rank.value]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` of the canonical pack (0 to 39).

        Raises:
            ValueError: If ``index`` is not an int from 0 to 39.

        >>> Card.from_index(39)
        Card(Suit.CLUBS, Rank.KING)
        """
        if type(index) is not int or not 0 <= index < 40:
            raise ValueError(f"a card index is an int from 0 to 39, not {index!r}")
        return _BY_INDEX[index]

    def __repr__(self) -> str:
        return f"Card(Suit.{self.suit.name}, Rank.{self.rank.name})"

    def __str__(self) -> str:
        return f"{self.rank} of {self.suit}"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Card is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt by the class itself, which every pickler (cloudpickle,
        # which Ray and Dask use, too) finds by name: cloudpickle copies a
        # classmethod by value, and the copy then runs without this
        # module's globals.
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    def __eq__(self, other: object) -> bool:
        # Cards are interned, so equal cards are the same object. Without
        # this method, ``==`` between two different cards (which ``in``
        # and ``tuple.index`` on a hand do for every card they pass) would
        # go through ``object.__eq__`` twice, both ways round, because
        # ``__lt__`` below makes Python look comparisons up by name: this
        # answers in one call, at half the cost, with the same results.
        if type(other) is Card:
            return self is other
        return NotImplemented

    __hash__ = object.__hash__

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


def _make_pack() -> tuple[Card, ...]:
    cards = []
    for suit in Suit:
        for rank in Rank:
            card = object.__new__(Card)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "index", 10 * suit.value + rank.value)
            cards.append(card)
    return tuple(cards)


_BY_INDEX: Final = _make_pack()

FULL_PACK: Final[tuple[Card, ...]] = _BY_INDEX
"""The 40 cards in canonical order: COINS, CUPS, SWORDS, CLUBS, each suit
ACE, TWO, ... SEVEN, JACK, KNIGHT, KING.

>>> len(FULL_PACK), FULL_PACK[0], FULL_PACK[-1]
(40, Card(Suit.COINS, Rank.ACE), Card(Suit.CLUBS, Rank.KING))
"""
