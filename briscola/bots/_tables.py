"""The bots' per-rules data: :class:`Tables`, the engine's rules
:class:`~briscola._trick.Table` and the weights of the bots' rules of
thumb on top of it, with cards as ``Card.index`` values and suits as
``0..3`` in :class:`~briscola.Suit` order (``-1`` for no trump)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from .._cards import FULL_PACK, Rank, Suit
from .._rules import Auction, PartnerHands, Rules
from .._trick import Table, per_rules, table_for

__all__ = [
    "GREEDY_KEEP",
    "SUIT_OF",
    "TRUMP_INDEX",
    "Following",
    "Greedy",
    "Tables",
    "greedy_follow",
    "suit_index",
    "tables_for",
]

_SUITS = tuple(Suit)
#: Per card index, its suit's index.
SUIT_OF = tuple(_SUITS.index(card.suit) for card in FULL_PACK)

#: The trumps by suit index, the last (index ``-1``) standing for no trump.
_TRUMPS: tuple[Suit | None, ...] = (*_SUITS, None)
_TRUMP_INDICES = (0, 1, 2, 3, -1)
#: Per trump (a suit or ``None``), its suit index (``-1`` for ``None``).
TRUMP_INDEX: dict[Suit | None, int] = {trump: i for i, trump in zip(_TRUMP_INDICES, _TRUMPS)}

#: What :func:`greedy_follow` and the greedy leads count a trump kept back
#: as worth, above its strength.
GREEDY_KEEP = 4

Following: TypeAlias = tuple[int, int, bool, bool]
"""What the seat to move follows in a trick under way: 40 times the card
winning it so far (that card's row of a ``beats`` table), the trick's
points, whether that card is the mover's side's, and whether the mover's
card ends the trick."""


class Greedy:
    """The weights of the greedy rules of thumb (:func:`greedy_follow` and
    the cheapest lead) on one strength scale.

    Attributes:
        strength: Per card index, its strength on this scale.
        keeps: Per trump suit index (``-1`` for no trump), per card index,
            what keeping the card back is worth: :data:`GREEDY_KEEP` plus
            its strength for a trump, else 0.
        lead: Per trump suit index, per card index, what leading the card
            costs: its points, its strength over 16 and its keep.
    """

    __slots__ = ("strength", "keeps", "lead")

    def __init__(self, points: Sequence[int], strength: tuple[int, ...]) -> None:
        self.strength = strength
        self.keeps = tuple(
            tuple(
                float(GREEDY_KEEP + strength[c]) if SUIT_OF[c] == trump else 0.0 for c in range(40)
            )
            for trump in _TRUMP_INDICES
        )
        self.lead = tuple(
            tuple(
                points[c]
                + strength[c] / 16
                + (GREEDY_KEEP + strength[c] if SUIT_OF[c] == trump else 0)
                for c in range(40)
            )
            for trump in _TRUMP_INDICES
        )


class Tables(Table):
    """The bots' table of one :class:`~briscola.Rules`: the engine's
    :class:`~briscola._trick.Table` of the rules, extended with the bots'
    data on top of it. Its engine fields are the very objects of the
    engine's table (:attr:`core`), not compiled again.

    Attributes:
        core: The engine's table of the rules (:func:`~briscola._trick.table_for`).
        trump_beats: Per trump suit index (``-1`` for no trump), the
            engine's flat ``beats`` table of that trump:
            ``trump_beats[trump][best * 40 + card]`` says whether ``card``
            takes a trick that ``best`` is winning.
        sides_known: Whether every seat knows which seats are on its side
            (no auction: its team, or itself alone).
        partners_shown: Whether partners see each other's hands once the
            stock is gone (:attr:`~briscola.PartnerHands.AFTER_STOCK`).
        rank_strength: Per rank, 0 for the weakest to 9 for the strongest
            (the scale of :class:`~briscola.bots.HeuristicBot`'s bidding,
            calling and exchanges).
        rank_points: Per rank, its points.
        greedy: The search's greedy weights (``World.greedy``), on
            :attr:`strength`'s scale (1 to 10).
        rollout: :func:`~briscola.bots.greedy_rollout`'s greedy weights, on
            :attr:`rank_strength`'s scale (0 to 9).
    """

    __slots__ = (
        "core",
        "trump_beats",
        "sides_known",
        "partners_shown",
        "rank_strength",
        "rank_points",
        "greedy",
        "rollout",
    )

    core: Table
    trump_beats: tuple[tuple[bool, ...], ...]
    sides_known: bool
    partners_shown: bool
    rank_strength: dict[Rank, int]
    rank_points: dict[Rank, int]
    greedy: Greedy
    rollout: Greedy

    def __init__(self, rules: Rules) -> None:
        core = table_for(rules)
        set_ = object.__setattr__
        for name in Table.__slots__:
            set_(self, name, getattr(core, name))
        order = rules.strength
        rank_strength = {rank: len(order) - 1 - i for i, rank in enumerate(order)}
        points = dict(rules.card_points)
        fields = {
            "core": core,
            "trump_beats": tuple(core.beats[trump] for trump in _TRUMPS),
            "sides_known": rules.auction is Auction.NONE,
            "partners_shown": rules.partner_hands is PartnerHands.AFTER_STOCK,
            "rank_strength": rank_strength,
            "rank_points": {rank: points.get(rank, 0) for rank in Rank},
            "greedy": Greedy(core.points, core.strength),
            "rollout": Greedy(core.points, tuple(rank_strength[card.rank] for card in FULL_PACK)),
        }
        for name, value in fields.items():
            set_(self, name, value)

    def __reduce__(self) -> tuple[object, ...]:
        return (tables_for, (self.rules,))


_TABLES: dict[Rules, Tables] = {}


@per_rules(_TABLES)
def tables_for(rules: Rules) -> Tables:
    """The :class:`Tables` of ``rules``, compiled once (see
    :func:`~briscola._trick.per_rules`)."""
    return Tables(rules)


def suit_index(suit: Suit | None) -> int:
    """A suit's index in :class:`~briscola.Suit` order, -1 for ``None``."""
    return TRUMP_INDEX[suit]


def greedy_follow(
    hand: Sequence[int],
    keeps: Sequence[float],
    points: Sequence[int],
    strength: Sequence[int],
    beats: Sequence[bool],
    row: int,
    stake: int,
    friendly: bool,
    last: bool,
) -> int:
    """The card the search bots' rules of thumb play to a trick under way:
    on a friendly winning card add points when last, else throw the
    cheapest; otherwise weigh taking the trick against throwing. The
    first card of ``hand`` of highest value.

    Args:
        hand: The mover's cards (indices).
        keeps: Per card index, what keeping it back is worth (trumps).
        points: Per card index, its points.
        strength: Per card index, its rank's strength.
        beats: The flat beats table of the trump (see :meth:`Tables.beats`).
        row, stake, friendly, last: The trick so far (see :data:`Following`).
    """
    top = -1000.0
    choice = hand[0]
    for card in hand:
        keep = keeps[card]
        own = 0 if keep else points[card]
        if friendly:
            value = own - keep if last else -points[card] - keep
        elif beats[row + card]:
            sure = 1.0 if last else (0.5 if keep else 0.2)
            value = sure * (stake + own) - (1 - sure) * (stake + points[card]) - keep
        else:
            value = -stake - points[card] - keep
        value -= strength[card] / 16
        if value > top:
            top, choice = value, card
    return choice
