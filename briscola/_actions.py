"""Actions: the small immutable nouns that :func:`~briscola.apply` takes."""

from __future__ import annotations

import enum
from typing import Final, TypeAlias

import attrs

from ._cards import FULL_PACK, Card, Rank
from ._rules import MAX_BID

__all__ = [
    "Play",
    "Cut",
    "Knock",
    "SwapTrump",
    "Bid",
    "Pass",
    "Call",
    "Word",
    "Signal",
    "Say",
    "Sign",
    "TALK",
    "talk_this_trick",
    "Action",
    "IllegalActionError",
]


class IllegalActionError(ValueError):
    """An action the rules do not allow in this state.

    The message says why; the state given to :func:`~briscola.apply` is
    unchanged and still usable.

    >>> issubclass(IllegalActionError, ValueError)
    True
    """


_is_card = attrs.validators.instance_of(Card)


@attrs.frozen
class Play:
    """Play ``card`` from the hand of the seat to move.

    >>> from briscola import Card, Rank, Suit
    >>> Play(Card(Suit.COINS, Rank.ACE))
    Play(card=Card(Suit.COINS, Rank.ACE))
    """

    card: Card = attrs.field(validator=_is_card)
    """The card played."""

    def __str__(self) -> str:
        return f"play the {self.card}"


@attrs.frozen
class Cut:
    """Split dealing: the previous dealer cuts the pack (see
    :doc:`/rules/split`).

    >>> Cut() == Cut()
    True
    """

    def __str__(self) -> str:
        return "cut"


@attrs.frozen
class Knock:
    """Split dealing: the previous dealer knocks on the pack (see
    :doc:`/rules/split`).

    >>> Knock() == Cut()
    False
    """

    def __str__(self) -> str:
        return "knock"


@attrs.frozen
class SwapTrump:
    """Give ``card``, a trump, and take the face-up trump card (see
    :class:`~briscola.Exchange`).

    >>> from briscola import Card, Rank, Suit
    >>> SwapTrump(Card(Suit.SWORDS, Rank.TWO)).card.rank
    <Rank.TWO: 1>
    """

    card: Card = attrs.field(validator=_is_card)
    """The trump given; it becomes the face-up card, drawn last."""

    def __str__(self) -> str:
        return f"exchange the {self.card} for the trump card"


def _is_points(instance: object, attribute: object, value: int) -> None:
    if type(value) is not int:
        shown = (
            repr(value) if isinstance(value, (float, bool, type(None))) else type(value).__name__
        )
        raise TypeError(f"Bid points must be an int, not {shown}")
    if not 0 <= value <= MAX_BID:
        shown = str(value) if -MAX_BID <= value <= 10 * MAX_BID else "out of range"
        raise ValueError(f"Bid points run from 0 to {MAX_BID}, not {shown}")


@attrs.frozen
class Bid:
    """A bid in bastardo's auction (see :doc:`/rules/bastardo`).

    In the default auction a bid is only ``points``; in the chiamata
    auction it also names the ``rank`` of the card the bidder will call.
    Whether a bid is legal depends on the rules and the auction so far
    (:func:`~briscola.is_legal`); a bid that no rules could allow is
    refused when it is made.

    Raises:
        TypeError: If ``points`` is not an ``int`` (a ``bool`` is not) or
            ``rank`` is neither a :class:`~briscola.Rank` nor ``None``.
        ValueError: If ``points`` is not from 0 to 4,000, the most points
            a pack can hold under any :class:`~briscola.Rules`.

    >>> Bid(70)
    Bid(points=70, rank=None)
    >>> from briscola import Rank
    >>> str(Bid(61, Rank.KING))
    'bid king at 61'
    >>> Bid(10**100)
    Traceback (most recent call last):
    ...
    ValueError: Bid points run from 0 to 4000, not out of range
    """

    points: int = attrs.field(validator=_is_points)
    """The points the declarer's side undertakes to take, from 0 to
    4,000."""
    rank: Rank | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.instance_of(Rank))
    )
    """In the chiamata auction, the rank to be called; else ``None``."""

    def __str__(self) -> str:
        if self.rank is None:
            return f"bid {self.points}"
        return f"bid {self.rank} at {self.points}"


@attrs.frozen
class Pass:
    """Pass in the auction; a pass is final (see :doc:`/rules/bastardo`).

    >>> str(Pass())
    'pass'
    """

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Call:
    """The declarer names ``card``: its suit is trump and its holder the
    secret partner (see :doc:`/rules/bastardo`).

    >>> from briscola import Card, Rank, Suit
    >>> str(Call(Card(Suit.CLUBS, Rank.ACE)))
    'call the ace of clubs'
    """

    card: Card = attrs.field(validator=_is_card)
    """The card called."""

    def __str__(self) -> str:
        return f"call the {self.card}"


class Word(enum.Enum):
    """The words partners may say aloud at the table (see
    :class:`Say` and "Table talk" in :doc:`/rules/split`).

    Each word tells the partner which card to play now; its Croatian form
    is :attr:`croatian`.

    >>> Word.POINTS.croatian
    'punti'
    >>> [word.value for word in Word]
    ['ace-or-three', 'no-points', 'points', 'trump', 'small-trump']
    """

    ACE_OR_THREE = "ace-or-three"
    """*karik* (also *korga*, *karig*): play an ace or a three."""
    NO_POINTS = "no-points"
    """*lišo*: play a card without points (a *lišina*)."""
    POINTS = "points"
    """*punti*: put points on the trick (a king, a knight or a jack)."""
    TRUMP = "trump"
    """*briškulu*: play a trump."""
    SMALL_TRUMP = "small-trump"
    """*briškulicu*, or *malu*: play a small trump."""

    @property
    def croatian(self) -> str:
        """The word as it is said at a table in Split."""
        return _CROATIAN_WORDS[self]

    @property
    def meaning(self) -> str:
        """What the word asks the partner to do, in English.

        >>> Word.NO_POINTS.meaning
        'play a card without points'
        """
        return _MEANINGS[self]

    def __str__(self) -> str:
        return self.croatian


_MEANINGS: Final = {
    Word.ACE_OR_THREE: "play an ace or a three",
    Word.NO_POINTS: "play a card without points",
    Word.POINTS: "put points on the trick",
    Word.TRUMP: "play a trump",
    Word.SMALL_TRUMP: "play a small trump",
}
_CROATIAN_WORDS: Final = {
    Word.ACE_OR_THREE: "karik",
    Word.NO_POINTS: "lišo",
    Word.POINTS: "punti",
    Word.TRUMP: "briškulu",
    Word.SMALL_TRUMP: "briškulicu",
}


class Signal(enum.Enum):
    """What a secret sign (*moto*) says about the signer's hand (see
    :class:`Sign` and "Table talk" in :doc:`/rules/split`).

    The gesture that carries each meaning is the partners' own agreement;
    the usual ones are listed in the docs. A sign may lie.

    >>> str(Signal.KING_OF_TRUMPS)
    'the king of trumps'
    >>> len(Signal)
    7
    """

    ACE_OR_THREE = "ace-or-three"
    """A *karik*: an ace or a three."""
    ACE_OF_TRUMPS = "ace-of-trumps"
    """The ace of trumps."""
    THREE_OF_TRUMPS = "three-of-trumps"
    """The three of trumps."""
    KING_OF_TRUMPS = "king-of-trumps"
    """The king of trumps."""
    KNIGHT_OF_TRUMPS = "knight-of-trumps"
    """The knight of trumps."""
    JACK_OF_TRUMPS = "jack-of-trumps"
    """The jack of trumps."""
    SMALL_TRUMP = "small-trump"
    """A small trump, one without points."""

    def __str__(self) -> str:
        if self is Signal.ACE_OR_THREE:
            return "an ace or a three"
        if self is Signal.SMALL_TRUMP:
            return "a small trump"
        return "the " + str(self.value).replace("-", " ")


@attrs.frozen
class Say:
    """Say ``word`` aloud to the partner: every seat hears it (table talk,
    see :attr:`Rules.table_talk <briscola.Rules.table_talk>`).

    Saying a word changes no card, no turn and no score: the same seat
    then plays.

    >>> str(Say(Word.POINTS))
    'say "punti"'
    """

    word: Word = attrs.field(validator=attrs.validators.instance_of(Word))
    """The word said."""

    def __str__(self) -> str:
        return f'say "{self.word.croatian}"'


@attrs.frozen
class Sign:
    """Make a secret sign (*moto*) to the partner, claiming ``signal``:
    only the partner sees it (table talk, see :attr:`Rules.table_talk
    <briscola.Rules.table_talk>`). Nothing checks it against the hand.

    >>> str(Sign(Signal.ACE_OF_TRUMPS))
    'sign: the ace of trumps'
    """

    signal: Signal = attrs.field(validator=attrs.validators.instance_of(Signal))
    """What the sign claims the signer holds."""

    def __str__(self) -> str:
        return f"sign: {self.signal}"


Action: TypeAlias = Play | Cut | Knock | SwapTrump | Bid | Pass | Call | Say | Sign
"""Any action."""

TALK: Final[tuple[type, type]] = (Say, Sign)
"""The action types of table talk."""


def talk_this_trick(
    history: tuple[Action, ...], actors: tuple[int, ...], in_trick: int
) -> list[tuple[int, Say | Sign]]:
    """The words and signs since the trick in progress began, as ``(seat,
    action)``, latest first; ``in_trick`` is the number of its cards played
    so far."""
    found: list[tuple[int, Say | Sign]] = []
    plays = 0
    for k in range(len(history) - 1, -1, -1):
        action = history[k]
        if type(action) is Play:
            plays += 1
            if plays > in_trick:
                break
        elif type(action) is Say or type(action) is Sign:
            found.append((actors[k], action))
    return found


# Interned actions: legal_actions hands out these objects, so apply can
# recognise them by identity on the hot path.
PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in FULL_PACK)
SWAPS: Final[tuple[SwapTrump, ...]] = tuple(SwapTrump(card) for card in FULL_PACK)
CALLS: Final[tuple[Call, ...]] = tuple(Call(card) for card in FULL_PACK)
CUT: Final = Cut()
KNOCK: Final = Knock()
PASS: Final = Pass()
SAYS: Final[tuple[Say, ...]] = tuple(Say(word) for word in Word)
SIGNS: Final[tuple[Sign, ...]] = tuple(Sign(signal) for signal in Signal)
