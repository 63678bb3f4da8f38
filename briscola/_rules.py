"""The :class:`Rules` record: every option of every variant, as data."""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Mapping
from typing import Final, Union, cast

import attrs

from ._cards import FULL_PACK, Card, Rank

__all__ = [
    "Rules",
    "DealStyle",
    "Exchange",
    "PartnerHands",
    "Auction",
    "MatchFormat",
    "STANDARD_STRENGTH",
    "STANDARD_POINTS",
]

STANDARD_STRENGTH: Final[tuple[Rank, ...]] = (
    Rank.ACE,
    Rank.THREE,
    Rank.KING,
    Rank.KNIGHT,
    Rank.JACK,
    Rank.SEVEN,
    Rank.SIX,
    Rank.FIVE,
    Rank.FOUR,
    Rank.TWO,
)
"""Ranks from strongest to weakest in Italian briscola (see
:doc:`/rules/index`)."""

STANDARD_POINTS: Final[tuple[tuple[Rank, int], ...]] = (
    (Rank.ACE, 11),
    (Rank.THREE, 10),
    (Rank.JACK, 2),
    (Rank.KNIGHT, 3),
    (Rank.KING, 4),
)
"""The standard point table, in canonical rank order as
:attr:`Rules.card_points` keeps it: ranks not listed count nothing (120 in a
pack).

>>> from briscola import preset
>>> preset("italian-2p").card_points == STANDARD_POINTS
True
"""


MAX_CARD_POINTS: Final = 100
"""The most a rank may be worth: keeps the auction's bid list (one bid per
point of the pack) a reasonable size."""


class DealStyle(enum.Enum):
    """How the cards are dealt (the regional deals are described in
    :doc:`/rules/index`).

    >>> DealStyle.CUT_OR_KNOCK.name
    'CUT_OR_KNOCK'
    """

    STANDARD = "standard"
    """Packets of :attr:`Rules.packet_size` in turn from eldest, then the
    trump card is turned."""
    CUT = "cut"
    """Split, after a cut: packets of :attr:`Rules.packet_size`, the trump
    card turned when half of the hands' cards have been dealt."""
    KNOCK = "knock"
    """Split, after a knock: one packet of a whole hand to each seat, then
    the trump card."""
    CUT_OR_KNOCK = "cut-or-knock"
    """Split regional dealing: the previous dealer first plays
    :class:`~briscola.Cut` (then :attr:`CUT`) or :class:`~briscola.Knock`
    (then :attr:`KNOCK`)."""
    WHOLE = "whole"
    """Bastardo: the whole pack one card at a time, no stock, no trump card;
    trump comes from the called card."""


class Exchange(enum.Enum):
    """Whether and how a trump may be exchanged for the face-up trump card
    (see :doc:`/rules/spanish` and :doc:`/rules/romanian`).

    >>> Exchange.SPANISH.value
    'spanish'
    """

    NONE = "none"
    """No exchange (the default)."""
    TWO_FIRST_TRICK = "two-first-trick"
    """The two of trumps, on its holder's turn during the first trick."""
    SEVEN_AFTER_WIN = "seven-after-win"
    """The seven of trumps, by a seat whose side has won a trick, while at
    least two tricks with drawing remain."""
    SPANISH = "spanish"
    """The seven takes a face-up ace, three, king, knight or jack; the two
    takes a face-up seven to four; the seat must have won a trick (or its
    side, with :attr:`Rules.exchange_side_wins`); a face-down card must
    remain in the stock; one exchange per turn."""


class PartnerHands(enum.Enum):
    """When partners see each other's hands (see
    :doc:`/guides/observations`).

    >>> PartnerHands.AFTER_STOCK.value
    'after-stock'
    """

    HIDDEN = "hidden"
    """Never (the default)."""
    AFTER_STOCK = "after-stock"
    """From the moment the stock and the trump card are gone (Split, and
    Sackson's rule quoted by the Finnish rules page)."""
    BEFORE_FIRST_TRICK = "before-first-trick"
    """Before the first trick (the Romanian rules): each partner knows the
    other's hand as dealt, and so which of those cards it still holds; the
    cards it draws later stay hidden."""


class Auction(enum.Enum):
    """The bidding that precedes play in bastardo (see
    :doc:`/rules/bastardo`).

    >>> Auction.POINTS.value
    'points'
    """

    NONE = "none"
    """No auction: the trump card sets trump."""
    POINTS = "points"
    """``Bid(points)`` upward from :attr:`Rules.min_bid` to the pack's
    points, or ``Pass()``; the declarer calls any card."""
    CHIAMATA = "chiamata"
    """Italian briscola chiamata: ``Bid(min_bid, rank)`` downward through the
    strength order, then ``Bid(points, weakest rank)`` upward from
    ``min_bid + 1``; the declarer calls a card of the rank bid."""


class MatchFormat(enum.Enum):
    """How deals make up a match (see :doc:`/guides/matches`).

    >>> MatchFormat.FIRST_TO.value
    'first-to'
    """

    SINGLE = "single"
    """One deal; a tie ends the match drawn."""
    FIRST_TO = "first-to"
    """The first side to win :attr:`Rules.match_target` deals."""
    BEST_OF = "best-of"
    """Best of :attr:`Rules.match_target` counted deals."""
    POINTS_TARGET = "points-target"
    """Deals until a seat's total score reaches :attr:`Rules.match_target`
    with that seat alone in front."""


PointsInput = Union[Mapping[Rank, int], Iterable[tuple[Rank, int]]]  # noqa: UP007


MAX_PLAYERS: Final = 20
"""The most seats a :class:`Rules` may have: each seat needs a card in hand
and, after the deal, at least one card to draw (or, in bastardo, five
seats)."""

MAX_CARDS: Final = 40
"""The most cards a hand, a packet or a seat's plays to a trick may count:
the size of the pack."""

MAX_BID: Final = len(FULL_PACK) * MAX_CARD_POINTS
"""The highest bid a :class:`Rules` can allow and :class:`~briscola.Bid`
accepts: every card of the pack worth the most a rank may be worth."""

MAX_MATCH_TARGET: Final = 200
"""The largest :attr:`Rules.match_target`: deals to win or count, or total
score to reach. A longer match could outgrow the deals that
:func:`~briscola.loads` reads back."""


def _show(value: object, depth: int = 0) -> str:
    """``value`` for an error message, never long, never failing: the input
    may be hostile (huge ints, huge strings, deep nesting, odd reprs)."""
    if type(value) is int and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"
    if isinstance(value, (tuple, list)):
        if depth >= 2:
            return "(...)" if isinstance(value, tuple) else "[...]"
        inner = ", ".join(_show(item, depth + 1) for item in value[:6])
        text = f"({inner}, ...)" if len(value) > 6 else f"({inner})"
        text = text if isinstance(value, tuple) else f"[{text[1:-1]}]"
    else:
        try:
            text = repr(value)
        except Exception:  # any failing repr is shown by the type's name
            return f"a {type(value).__name__}"
    return text if len(text) <= 60 else f"{text[:57]}..."


def _items(name: str, value: object, limit: int) -> tuple[object, ...]:
    """The items of ``value``, refusing a non-iterable, a string and more
    than ``limit`` items (read no further than one past the limit)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"Rules.{name} must be a sequence, not {_show(value)}")
    items = tuple(itertools.islice(value, limit + 1))
    if len(items) > limit:
        raise ValueError(f"Rules.{name} may hold at most {limit} items")
    return items


def _to_points(value: PointsInput) -> tuple[tuple[Rank, int], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    table = []
    for item in _items("card_points", items, len(Rank)):
        pair = item if isinstance(item, (tuple, list)) else ()
        if len(pair) != 2 or not isinstance(pair[0], Rank) or type(pair[1]) is not int:
            raise ValueError(
                "Rules.card_points maps a Rank to its points (an int), or is a sequence of "
                f"(Rank, int) pairs; found {_show(item)}"
            )
        table.append((pair[0], pair[1]))
    table.sort(key=lambda i: i[0].value)
    return tuple(item for item in table if item[1] != 0)


def _to_ranks(value: Iterable[Rank]) -> tuple[Rank, ...]:
    # Items that are not ranks are refused by the validator, with the field.
    return cast("tuple[Rank, ...]", _items("strength", value, len(Rank)))


def _to_redraw(value: Iterable[Rank]) -> tuple[Rank, ...]:
    ranks = cast("tuple[Rank, ...]", _items("redraw_ranks", value, len(Rank)))
    if all(isinstance(rank, Rank) for rank in ranks):
        return tuple(sorted(ranks, key=lambda r: r.value))
    return ranks


def _to_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    cards = cast("tuple[Card, ...]", _items("removed", value, len(FULL_PACK)))
    if all(isinstance(c, Card) for c in cards):
        return tuple(sorted(cards, key=lambda c: c.index))
    return cards


def _to_teams(
    value: Iterable[Iterable[int]] | None,
) -> tuple[tuple[int, ...], ...] | None:
    if value is None:
        return None
    teams = tuple(
        _items("teams", team, MAX_PLAYERS) for team in _items("teams", value, MAX_PLAYERS)
    )
    for team in teams:
        for seat in team:
            if type(seat) is not int:
                raise ValueError(
                    f"Rules.teams holds seats, each an int (not a bool or a float), "
                    f"not {_show(seat)}"
                )
    return cast("tuple[tuple[int, ...], ...]", teams)


@attrs.frozen(cache_hash=True, kw_only=True)
class Rules:
    """Every option of a briscola variant, as one immutable record.

    Build one from a preset and change what you need with
    :func:`attrs.evolve`; an impossible combination raises
    :class:`ValueError` naming the problem. Every field is checked for its
    exact type before anything else (a seat or a count is an ``int``, never
    a ``bool`` or a ``float``; a flag is a ``bool``), each count has an
    upper bound, given with its field below, and sequences longer than
    their field allows are refused before they are read further, so a
    hostile value costs little to refuse and the message that names it
    stays short.

    >>> import attrs
    >>> from briscola import Rules, preset, MatchFormat
    >>> rules = attrs.evolve(preset("italian-2p"), match=MatchFormat.FIRST_TO, match_target=3)
    >>> rules.match_target, rules.total_points, rules.tricks
    (3, 120, 20)
    >>> Rules(players=6)
    Traceback (most recent call last):
    ...
    ValueError: a pack of 40 cards cannot be shared by 6 seats playing 1 card each per trick; remove cards with `removed`
    """

    players: int = 2
    """Number of seats, numbered in playing order from 0: an int from 2 to
    20, since each seat needs a card in hand and one
    to draw."""
    removed: tuple[Card, ...] = attrs.field(default=(), converter=_to_cards)
    """Cards taken out of the 40-card pack (the two of clubs for three
    players; every two for six), kept in canonical order; a card named twice
    is refused."""
    hand_size: int = 3
    """Cards in each hand after the deal (3; 4 in dupla; 8 in bastardo): an
    int from 1 to 40."""
    strength: tuple[Rank, ...] = attrs.field(default=STANDARD_STRENGTH, converter=_to_ranks)
    """Every rank, strongest first: each of the ten ranks exactly once."""
    card_points: tuple[tuple[Rank, int], ...] = attrs.field(
        default=STANDARD_POINTS, converter=_to_points
    )
    """``(rank, points)`` pairs, points an int from 0 to 100; a mapping
    from :class:`~briscola.Rank` to points is accepted too, and ranks worth
    nothing are dropped. Anything else (rank names as strings, a string, a
    rank given twice) is refused."""
    deal: DealStyle = DealStyle.STANDARD
    """The deal style."""
    packet_size: int = 1
    """Cards dealt at a time to a seat in the standard and cut deals (2 in
    Split dupla): an int from 1 to 40 dividing
    :attr:`hand_size`."""
    plays_per_trick: int = 1
    """Cards each seat plays to one trick, in turn (2 in two-player dupla:
    leader, other, leader, other); after the trick each seat draws as many,
    one card at a time, winner first. An int from 1 to 40
    dividing :attr:`hand_size`."""
    redraw_ranks: tuple[Rank, ...] = attrs.field(default=(), converter=_to_redraw)
    """If the card turned as trump has one of these ranks it is buried in the
    middle of the undealt cards and the next one turned (Finnish: ace and
    three). Kept in canonical rank order; a rank named twice is refused, as
    is a duplicate in :attr:`removed`."""
    exchange: Exchange = Exchange.NONE
    """The trump exchange mode."""
    exchange_side_wins: bool = False
    """With :attr:`Exchange.SPANISH`: a trick won by the seat's side (not
    only by the seat itself) allows the exchange."""
    teams: tuple[tuple[int, ...], ...] | None = attrs.field(default=None, converter=_to_teams)
    """The fixed sides, each a tuple of seats; ``None`` when every seat
    plays alone (and in bastardo, where the call makes the sides). Each seat
    from 0 to ``players - 1`` lies in exactly one side; a seat is an
    ``int``: ``3.0`` and ``True`` are refused, although they compare equal
    to ints."""
    partner_hands: PartnerHands = PartnerHands.HIDDEN
    """When partners see each other's hands."""
    table_talk: bool = False
    """Partners may talk while the stock lasts (Split pairs): the seat to
    move may :class:`~briscola.Say` a word everyone hears and make a
    secret :class:`~briscola.Sign` only its partner sees, before it plays.
    Needs every side to be a pair of seats."""
    piles_by_side: bool = False
    """Collect a side's tricks in one pile, kept by its lowest seat."""
    auction: Auction = Auction.NONE
    """The auction before play; anything but ``NONE`` needs the whole deal."""
    min_bid: int = 61
    """The lowest bid of the auction (bastardo): an int from 1 to the
    pack's points with an auction, and never above 4,000."""
    cappotto_doubles: bool = False
    """In bastardo, a side that takes every point doubles the deal's
    scores."""
    match: MatchFormat = MatchFormat.SINGLE
    """The match format."""
    match_target: int = 1
    """Deals to win (``FIRST_TO``), deals to count (``BEST_OF``) or total
    score to reach (``POINTS_TARGET``): an int from 1 to
    200."""
    tie_same_dealer: bool = False
    """After a tied deal the same dealer deals again (Split); otherwise the
    deal passes on as usual."""
    clockwise: bool = False
    """Display only: whether playing order runs clockwise round the table
    (Split) or anticlockwise (Italy, Romania, Sweden)."""

    def __attrs_post_init__(self) -> None:
        _validate(self)

    def __repr__(self) -> str:
        """Python that builds equal rules: ``preset('italian-3p')`` for a
        preset's, else the fields that differ from the closest preset or
        from the defaults.

        >>> import attrs
        >>> from briscola import preset
        >>> preset("italian-3p")
        preset('italian-3p')
        >>> attrs.evolve(preset("italian-2p"), hand_size=4)
        Rules(hand_size=4)
        """
        from ._repr import rules_repr

        return rules_repr(self)

    @property
    def pack(self) -> tuple[Card, ...]:
        """The cards in play, in canonical order.

        >>> from briscola import preset
        >>> len(preset("italian-3p").pack)
        39
        """
        removed = set(self.removed)
        return tuple(card for card in FULL_PACK if card not in removed)

    @property
    def total_points(self) -> int:
        """The points in the pack (120 under the standard table)."""
        table = dict(self.card_points)
        return sum(table.get(card.rank, 0) for card in self.pack)

    @property
    def tricks(self) -> int:
        """Tricks in a deal that is played.

        >>> from briscola import preset
        >>> preset("split-dupla-2p").tricks, preset("italian-6p").tricks
        (10, 6)
        """
        return (40 - len(self.removed)) // (self.players * self.plays_per_trick)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The fixed sides: :attr:`teams`, or every seat alone.

        >>> from briscola import preset
        >>> preset("italian-4p").sides
        ((0, 2), (1, 3))
        """
        if self.teams is not None:
            return self.teams
        return tuple((seat,) for seat in range(self.players))

    def points_of(self, card: Card) -> int:
        """What ``card`` is worth under these rules.

        >>> from briscola import Card, Rank, Suit, preset
        >>> preset("portuguese-2p").points_of(Card(Suit.CUPS, Rank.SEVEN))
        10
        """
        return dict(self.card_points).get(card.rank, 0)


def _fail(message: str) -> None:
    raise ValueError(message)


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if type(value) is not int or not low <= value <= high:
        _fail(f"Rules.{name} must be an int from {low} to {high}, not {_show(value)}")


def _check_enum(name: str, value: object, kind: type[enum.Enum]) -> None:
    if not isinstance(value, kind):
        _fail(f"Rules.{name} must be a {kind.__name__}, not {_show(value)}")


def _validate(rules: Rules) -> None:
    for name, high in (
        ("players", MAX_PLAYERS),
        ("hand_size", MAX_CARDS),
        ("packet_size", MAX_CARDS),
        ("plays_per_trick", MAX_CARDS),
        ("min_bid", MAX_BID),
        ("match_target", MAX_MATCH_TARGET),
    ):
        _check_int(name, getattr(rules, name), 1, high)
    for name in (
        "exchange_side_wins",
        "piles_by_side",
        "cappotto_doubles",
        "tie_same_dealer",
        "clockwise",
        "table_talk",
    ):
        if type(getattr(rules, name)) is not bool:
            _fail(f"Rules.{name} must be a bool, not {_show(getattr(rules, name))}")
    for name, kind in (
        ("deal", DealStyle),
        ("exchange", Exchange),
        ("partner_hands", PartnerHands),
        ("auction", Auction),
        ("match", MatchFormat),
    ):
        _check_enum(name, getattr(rules, name), kind)
    n = rules.players
    if n < 2:
        _fail(f"briscola needs at least 2 seats, not {n}")
    if not all(isinstance(card, Card) for card in rules.removed):
        _fail(f"Rules.removed must hold cards, not {_show(rules.removed)}")
    if len(set(rules.removed)) != len(rules.removed):
        _fail("Rules.removed names a card twice")
    if sorted(rank.value for rank in rules.strength if isinstance(rank, Rank)) != list(range(10)):
        _fail(f"Rules.strength must list each of the ten ranks once, not {_show(rules.strength)}")
    if not all(isinstance(rank, Rank) for rank in rules.redraw_ranks):
        _fail(f"Rules.redraw_ranks must hold ranks, not {_show(rules.redraw_ranks)}")
    if len(set(rules.redraw_ranks)) != len(rules.redraw_ranks):
        _fail("Rules.redraw_ranks names a rank twice")
    if len(set(rules.redraw_ranks)) == 10:
        _fail("Rules.redraw_ranks cannot name every rank: no trump card could be turned")
    ranks = [rank for rank, _ in rules.card_points]
    if not all(isinstance(r, Rank) for r in ranks) or len(set(ranks)) != len(ranks):
        _fail(f"Rules.card_points must give each rank at most once, not {_show(rules.card_points)}")
    if not all(type(p) is int and 0 <= p <= MAX_CARD_POINTS for _, p in rules.card_points):
        _fail(f"Rules.card_points must be whole numbers from 0 to {MAX_CARD_POINTS}")

    size = 40 - len(rules.removed)
    per_trick = n * rules.plays_per_trick
    if size % per_trick:
        _fail(
            f"a pack of {size} cards cannot be shared by {n} seats playing "
            f"{rules.plays_per_trick} card each per trick; remove cards with `removed`"
        )
    if rules.hand_size % rules.plays_per_trick:
        _fail("Rules.hand_size must be a multiple of Rules.plays_per_trick")
    whole = rules.deal is DealStyle.WHOLE
    if whole:
        if n * rules.hand_size != size:
            _fail(
                f"the whole deal gives {size // n} cards to each of {n} seats, not {rules.hand_size}"
            )
        if rules.exchange is not Exchange.NONE or rules.redraw_ranks:
            _fail("the whole deal turns no trump card: it allows no exchange and no redraw")
    else:
        undealt = size - n * rules.hand_size
        if undealt < 1:
            _fail(f"{n} hands of {rules.hand_size} leave no card of {size} to turn as trump")
        # The undealt cards are drawn evenly, per_trick after each trick:
        # the pack and the hands are both multiples of per_trick (above).
        if rules.hand_size % rules.packet_size:
            _fail("Rules.hand_size must be a multiple of Rules.packet_size")
        if rules.redraw_ranks:
            if rules.deal not in (DealStyle.STANDARD, DealStyle.KNOCK):
                _fail(
                    "the ace/three redraw goes with a deal that turns the trump card after the hands"
                )
            redrawn = sum(
                1
                for card in FULL_PACK
                if card not in set(rules.removed) and card.rank in rules.redraw_ranks
            )
            if redrawn > (undealt - 1) // 2:
                _fail(
                    f"{undealt} undealt cards are too few for the redraw of {redrawn} cards: "
                    "it could bury cards for ever"
                )
    if rules.auction is not Auction.NONE and n != 5:
        _fail(f"the bastardo auction and its scores are for 5 seats, not {n}")
    if (rules.auction is not Auction.NONE) != whole:
        _fail("an auction goes with the whole deal (bastardo), and the whole deal needs an auction")

    if rules.teams is not None:
        seats = sorted(seat for team in rules.teams for seat in team)
        if seats != list(range(n)) or any(not team for team in rules.teams):
            _fail(f"Rules.teams must split seats 0..{n - 1} into sides, not {_show(rules.teams)}")
        if len(rules.teams) < 2:
            _fail("Rules.teams needs at least two sides")
        if rules.auction is not Auction.NONE:
            _fail("bastardo's sides come from the call: Rules.teams must be None")
    has_partners = rules.teams is not None and any(len(team) > 1 for team in rules.teams)
    if rules.partner_hands is not PartnerHands.HIDDEN and not has_partners:
        _fail("Rules.partner_hands needs teams with partners")
    if rules.table_talk and (rules.teams is None or any(len(team) != 2 for team in rules.teams)):
        _fail(f"Rules.table_talk needs every side to be a pair of seats, not {rules.sides!r}")
    if rules.piles_by_side and rules.teams is None:
        _fail("Rules.piles_by_side needs teams")
    total = sum(
        dict(rules.card_points).get(card.rank, 0)
        for card in FULL_PACK
        if card not in set(rules.removed)
    )
    if rules.auction is not Auction.NONE and not 0 < rules.min_bid <= total:
        _fail(f"Rules.min_bid must lie between 1 and the pack's {total} points")
    if rules.auction is Auction.CHIAMATA and rules.min_bid >= total:
        _fail("the chiamata auction bids past Rules.min_bid, so it must be below the pack's points")


# Members as module constants for the engine's hot paths: on Python 3.11 an
# attribute lookup on an Enum class costs several times a global lookup.
DEAL_CUT: Final = DealStyle.CUT
DEAL_KNOCK: Final = DealStyle.KNOCK
DEAL_CUT_OR_KNOCK: Final = DealStyle.CUT_OR_KNOCK
DEAL_WHOLE: Final = DealStyle.WHOLE
EXCHANGE_NONE: Final = Exchange.NONE
EXCHANGE_TWO_FIRST_TRICK: Final = Exchange.TWO_FIRST_TRICK
EXCHANGE_SEVEN_AFTER_WIN: Final = Exchange.SEVEN_AFTER_WIN
PARTNERS_HIDDEN: Final = PartnerHands.HIDDEN
PARTNERS_AFTER_STOCK: Final = PartnerHands.AFTER_STOCK
PARTNERS_BEFORE_FIRST_TRICK: Final = PartnerHands.BEFORE_FIRST_TRICK
AUCTION_NONE: Final = Auction.NONE
AUCTION_CHIAMATA: Final = Auction.CHIAMATA
