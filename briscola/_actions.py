"""Actions: the small immutable nouns that :func:`~briscola.apply` takes."""

from __future__ import annotations

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
        shown = repr(value) if isinstance(value, (float, bool, type(None))) else type(value).__name__
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


Action: TypeAlias = Play | Cut | Knock | SwapTrump | Bid | Pass | Call
"""Any action."""

# Interned actions: legal_actions hands out these objects, so apply can
# recognise them by identity on the hot path.
PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in FULL_PACK)
SWAPS: Final[tuple[SwapTrump, ...]] = tuple(SwapTrump(card) for card in FULL_PACK)
CALLS: Final[tuple[Call, ...]] = tuple(Call(card) for card in FULL_PACK)
CUT: Final = Cut()
KNOCK: Final = Knock()
PASS: Final = Pass()
