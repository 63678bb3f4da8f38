"""Display names of the cards: localized, and their French-suited equivalents.

The library speaks English (``str(card)`` is ``"ace of coins"``); this module
names the same cards the way players at the table do (the sources are listed in
:doc:`/rules/index`):

- ``"it"``, Italian: *asso, due, tre, quattro, cinque, sei, sette, fante,
  cavallo, re* of *denari, coppe, spade, bastoni* ("asso di denari").
- ``"hr"``, Croatian as played in Split (after the Croatian article
  *Briškula*): *as, dvica, trica,
  četvorka, petica, šestica, sedmica, fanat, konj, kralj* of *dinare, kupe,
  špade, baštone* ("as od dinara"). The article's own words are used where it
  has them (*as*, *trica*, *dvica*, *sedmica*, *fanat*, *konj*, *kralj*;
  the suits *dinare*, *kupe*, *špade*, *baštone*); the four, five and six
  take the standard Croatian number nouns. Dialect variants not used here:
  *aš* for the ace, *kope* for cups, *bate* for clubs, *dinari* and
  *baštoni* as masculine plurals. A card is named with *od* and the suit in
  the genitive plural, as in the article's "as od briškule".
- ``"es"``, Spanish (brisca): *as, dos, tres, cuatro, cinco, seis, siete,
  sota, caballo, rey* of *oros, copas, espadas, bastos* ("as de oros").
- ``"pt"``, Portuguese (bisca), which is played with a French-suited pack
  without eights, nines and tens: *ás, duque, terno, quadra, quina, sena,
  sete, valete, dama, rei* of *ouros, copas, espadas, paus* ("ás de
  ouros"). The two to six take their traditional card names; the seven,
  bisca's second card, is also called *manilha* or *bisca*. The knight
  (:attr:`~briscola.Rank.KNIGHT`) is the *dama*, the queen, and the jack
  the *valete*.

French-suited equivalents (after the Finnish rules page *Briscola*) map coins to diamonds, cups to
hearts, swords to spades and clubs to clubs, and the ranks in one of two
ways:

- ``"drop-8-9-10"``: a French pack without eights, nines and tens; the
  jack is the jack, the knight the queen, the king the king, and the
  number cards keep their numbers.
- ``"ten-for-three"``: the order A, 10, K, Q, J, 9, 8, 7, 6, 5 that
  players of ace-ten games find easier to remember: the ten stands for the
  three, and the nine to the five for the seven, six, five, four and two.
  This mapping follows the standard strength order; it is a naming only and
  changes nothing in the rules.

>>> from briscola import Card, Rank, Suit
>>> from briscola.names import card_name, french_name
>>> ace = Card(Suit.COINS, Rank.ACE)
>>> [card_name(ace, language) for language in ("en", "it", "hr", "es", "pt")]
['ace of coins', 'asso di denari', 'as od dinara', 'as de oros', 'ás de ouros']
>>> french_name(Card(Suit.CUPS, Rank.THREE), mapping="ten-for-three")
'ten of hearts'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from ._cards import Card, Rank, Suit

__all__ = [
    "Language",
    "LANGUAGES",
    "FrenchMapping",
    "FRENCH_MAPPINGS",
    "rank_name",
    "suit_name",
    "card_name",
    "french_rank",
    "french_suit",
    "french_name",
    "french_symbol",
]

Language = Literal["en", "it", "hr", "es", "pt"]
"""A language code accepted by :func:`card_name`."""

FrenchMapping = Literal["drop-8-9-10", "ten-for-three"]
"""A way of reading the Italian ranks in a French-suited pack."""

LANGUAGES: Final[tuple[Language, ...]] = ("en", "it", "hr", "es", "pt")
"""The languages of :func:`card_name`: English, Italian, Croatian (Split),
Spanish and Portuguese.

>>> LANGUAGES
('en', 'it', 'hr', 'es', 'pt')
"""

FRENCH_MAPPINGS: Final[tuple[FrenchMapping, ...]] = ("drop-8-9-10", "ten-for-three")
"""The mappings of :func:`french_name`.

>>> FRENCH_MAPPINGS
('drop-8-9-10', 'ten-for-three')
"""


def _by_rank(*words: str) -> dict[Rank, str]:
    return dict(zip(Rank, words, strict=True))


def _by_suit(*words: str) -> dict[Suit, str]:
    return dict(zip(Suit, words, strict=True))


# Ranks in canonical order: ACE, TWO, ... SEVEN, JACK, KNIGHT, KING.
_RANKS: Final[Mapping[str, dict[Rank, str]]] = {
    "en": {rank: str(rank) for rank in Rank},
    "it": _by_rank(
        "asso", "due", "tre", "quattro", "cinque", "sei", "sette", "fante", "cavallo", "re"
    ),
    "hr": _by_rank(
        "as", "dvica", "trica", "četvorka", "petica", "šestica", "sedmica", "fanat", "konj", "kralj"
    ),
    "es": _by_rank(
        "as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "sota", "caballo", "rey"
    ),
    "pt": _by_rank(
        "ás", "duque", "terno", "quadra", "quina", "sena", "sete", "valete", "dama", "rei"
    ),
}

# Suits in canonical order: COINS, CUPS, SWORDS, CLUBS.
_SUITS: Final[Mapping[str, dict[Suit, str]]] = {
    "en": {suit: str(suit) for suit in Suit},
    "it": _by_suit("denari", "coppe", "spade", "bastoni"),
    "hr": _by_suit("dinare", "kupe", "špade", "baštone"),
    "es": _by_suit("oros", "copas", "espadas", "bastos"),
    "pt": _by_suit("ouros", "copas", "espadas", "paus"),
}

# How a card is named: the rank, a linking word, the suit in that form.
_OF: Final[Mapping[str, str]] = {"en": "of", "it": "di", "hr": "od", "es": "de", "pt": "de"}
_SUITS_OF: Final[Mapping[str, dict[Suit, str]]] = {
    **_SUITS,
    "hr": _by_suit("dinara", "kupa", "špada", "baštona"),
}

_FRENCH_SUITS: Final = _by_suit("diamonds", "hearts", "spades", "clubs")
_FRENCH_SYMBOLS: Final = _by_suit("♦", "♥", "♠", "♣")
_FRENCH_RANKS: Final[Mapping[str, dict[Rank, str]]] = {
    "drop-8-9-10": _by_rank("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"),
    "ten-for-three": _by_rank("A", "5", "10", "6", "7", "8", "9", "J", "Q", "K"),
}
_FRENCH_WORDS: Final = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}


def _known(tables: Mapping[str, dict[Rank, str]] | Mapping[str, dict[Suit, str]], key: str) -> str:
    if key not in tables:
        kind = "mapping" if tables is _FRENCH_RANKS else "language"
        known = ", ".join(tables)
        raise ValueError(f"unknown {kind} {key!r}; known: {known}")
    return key


def rank_name(rank: Rank, language: Language = "en") -> str:
    """The name of ``rank`` in ``language``.

    Args:
        rank: The rank.
        language: One of :data:`LANGUAGES`.

    Returns:
        The rank's name, in lower case.

    Raises:
        ValueError: If the language is unknown.

    >>> from briscola import Rank
    >>> rank_name(Rank.KNIGHT, "it"), rank_name(Rank.JACK, "es"), rank_name(Rank.TWO, "pt")
    ('cavallo', 'sota', 'duque')
    """
    return _RANKS[_known(_RANKS, language)][rank]


def suit_name(suit: Suit, language: Language = "en") -> str:
    """The name of ``suit`` in ``language``.

    Args:
        suit: The suit.
        language: One of :data:`LANGUAGES`.

    Returns:
        The suit's name (a plural noun), in lower case.

    Raises:
        ValueError: If the language is unknown.

    >>> from briscola import Suit
    >>> suit_name(Suit.CLUBS, "it"), suit_name(Suit.SWORDS, "hr"), suit_name(Suit.CLUBS, "pt")
    ('bastoni', 'špade', 'paus')
    """
    return _SUITS[_known(_SUITS, language)][suit]


def card_name(card: Card, language: Language = "en") -> str:
    """The name of ``card`` in ``language``, as players say it.

    Args:
        card: The card.
        language: One of :data:`LANGUAGES`; English by default, which is
            ``str(card)``.

    Returns:
        The card's name, in lower case.

    Raises:
        ValueError: If the language is unknown; the message lists the
            known ones.

    >>> from briscola import Card, Rank, Suit
    >>> card_name(Card(Suit.COINS, Rank.ACE), language="it")
    'asso di denari'
    >>> card_name(Card(Suit.CLUBS, Rank.THREE), "hr")
    'trica od baštona'
    >>> card_name(Card(Suit.CUPS, Rank.KNIGHT), "pt")
    'dama de copas'
    >>> card_name(Card(Suit.CUPS, Rank.KNIGHT), "de")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'de'; known: en, it, hr, es, pt
    """
    _known(_RANKS, language)
    return f"{_RANKS[language][card.rank]} {_OF[language]} {_SUITS_OF[language][card.suit]}"


def french_rank(rank: Rank, mapping: FrenchMapping = "drop-8-9-10") -> str:
    """The index of the French-suited card standing for ``rank``.

    Args:
        rank: The Italian rank.
        mapping: One of :data:`FRENCH_MAPPINGS`.

    Returns:
        ``"A"``, ``"2"`` to ``"10"``, ``"J"``, ``"Q"`` or ``"K"``.

    Raises:
        ValueError: If the mapping is unknown.

    >>> from briscola import Rank
    >>> french_rank(Rank.KNIGHT), french_rank(Rank.THREE, "ten-for-three")
    ('Q', '10')
    """
    return _FRENCH_RANKS[_known(_FRENCH_RANKS, mapping)][rank]


def french_suit(suit: Suit) -> str:
    """The French suit standing for ``suit``: coins are diamonds, cups
    hearts, swords spades and clubs clubs.

    >>> from briscola import Suit
    >>> french_suit(Suit.COINS), french_suit(Suit.CUPS)
    ('diamonds', 'hearts')
    """
    return _FRENCH_SUITS[suit]


def french_name(card: Card, mapping: FrenchMapping = "drop-8-9-10") -> str:
    """The name of the French-suited card standing for ``card``.

    Args:
        card: The Italian card.
        mapping: One of :data:`FRENCH_MAPPINGS`.

    Returns:
        An English name such as ``"queen of spades"``.

    Raises:
        ValueError: If the mapping is unknown.

    >>> from briscola import Card, Rank, Suit
    >>> french_name(Card(Suit.SWORDS, Rank.KNIGHT))
    'queen of spades'
    >>> french_name(Card(Suit.CLUBS, Rank.TWO), mapping="ten-for-three")
    'five of clubs'
    """
    return f"{_FRENCH_WORDS[french_rank(card.rank, mapping)]} of {_FRENCH_SUITS[card.suit]}"


def french_symbol(card: Card, mapping: FrenchMapping = "drop-8-9-10") -> str:
    """A short French-suited label for ``card``: index and suit symbol.

    >>> from briscola import Card, Rank, Suit
    >>> french_symbol(Card(Suit.COINS, Rank.KING)), french_symbol(Card(Suit.CUPS, Rank.THREE), "ten-for-three")
    ('K♦', '10♥')
    """
    return french_rank(card.rank, mapping) + _FRENCH_SYMBOLS[card.suit]
