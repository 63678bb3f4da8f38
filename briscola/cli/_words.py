"""Words the command line shares: card names in the chosen style, actions, numbers and lists."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from .. import names as _names
from .._actions import Action, Call, Play, SwapTrump
from .._cards import Card, Suit

NAME_STYLES = (*_names.LANGUAGES, "french", "french-ten-for-three")


class Names:
    """How cards and suits are written: English (``str(card)``), a
    language of :mod:`briscola.names`, or a French-suited equivalent.

    Suits standing alone (the trump suit) are named as the cards name
    them: in the language chosen, or as the French suits in the French
    styles. Everything else the command line says stays in English.

    >>> from briscola import Card, Rank, Suit
    >>> italian = Names("it")
    >>> italian(Card(Suit.SWORDS, Rank.KING)), italian.suit(Suit.SWORDS)
    ('re di spade', 'spade')
    >>> Names("french").suit(Suit.SWORDS), Names().the(Card(Suit.SWORDS, Rank.KING))
    ('spades', 'the king of swords')
    """

    def __init__(self, style: str = "en") -> None:
        self.name: Callable[[Card], str]
        self.suit: Callable[[Suit], str] = str
        if style in ("french", "french-ten-for-three"):
            self.suit = _names.french_suit
        if style == "en":
            self.name = str
        elif style == "french":
            self.name = lambda card: _names.french_name(card, "drop-8-9-10")
        elif style == "french-ten-for-three":
            self.name = lambda card: _names.french_name(card, "ten-for-three")
        else:
            language = cast(_names.Language, style)
            self.name = lambda card: _names.card_name(card, language)
            self.suit = lambda suit: _names.suit_name(suit, language)
        # Names in English take the article; the others stand alone.
        self.article = "the " if style in ("en", "french", "french-ten-for-three") else ""

    def __call__(self, card: Card) -> str:
        return self.name(card)

    def the(self, card: Card) -> str:
        """The card's name, with "the" in English."""
        return self.article + self.name(card)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_action(action: Action, name: Names) -> str:
    """``action`` in words, with cards named by ``name``."""
    if isinstance(action, Play):
        return f"play {name.the(action.card)}"
    if isinstance(action, Call):
        return f"call {name.the(action.card)}"
    if isinstance(action, SwapTrump):
        return f"exchange {name.the(action.card)} for the trump card"
    return str(action)


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def count(n: int, noun: str, plural: str | None = None) -> str:
    return f"{number(n)} {noun if n == 1 else plural or noun + 's'}"


def listing(words: Sequence[str], last: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... ``11th``, ``21st``."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def seats_text(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + listing([str(seat) for seat in seats])


def article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word
