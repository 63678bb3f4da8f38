"""Per-card lookup tables of one :class:`~briscola.Rules` for the search
bots (:class:`Tables`), with cards as ``Card.index`` values and suits as
``0..3`` in :class:`~briscola.Suit` order."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .._cards import FULL_PACK, Suit
from .._rules import Auction, PartnerHands, Rules

__all__ = ["SUIT_OF", "Tables", "greedy_follow", "suit_index", "tables_for"]

_SUITS = tuple(Suit)
#: Per card index, its suit's index.
SUIT_OF = tuple(_SUITS.index(card.suit) for card in FULL_PACK)


class Tables:
    """Per-card lookup tables of one :class:`~briscola.Rules`.

    Attributes:
        players: Number of seats.
        trick_size: Cards in a complete trick.
        orders: Per leading seat, the seats in the order they play one
            trick (and draw after it).
        points: Per card index, its points.
        strength: Per card index, its rank's strength (higher is stronger).
        total: Points in the pack.
        sides_known: Whether every seat knows which seats are on its side
            (no auction: its team, or itself alone).
        partners_shown: Whether partners see each other's hands once the
            stock is gone (:attr:`~briscola.PartnerHands.AFTER_STOCK`).
    """

    __slots__ = (
        "players",
        "trick_size",
        "orders",
        "points",
        "strength",
        "total",
        "sides_known",
        "partners_shown",
        "_beats",
        "_costs",
    )

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        plays = rules.plays_per_trick
        self.players = n
        self.trick_size = n * plays
        self.orders = tuple(
            tuple((lead + j) % n for _ in range(plays) for j in range(n)) for lead in range(n)
        )
        table = dict(rules.card_points)
        self.points = tuple(table.get(card.rank, 0) for card in FULL_PACK)
        rank_strength = {rank: len(rules.strength) - i for i, rank in enumerate(rules.strength)}
        self.strength = tuple(rank_strength.get(card.rank, 0) for card in FULL_PACK)
        self.total = sum(self.points[card.index] for card in rules.pack)
        self.sides_known = rules.auction is Auction.NONE
        self.partners_shown = rules.partner_hands is PartnerHands.AFTER_STOCK
        self._beats: dict[int, tuple[bool, ...]] = {}
        self._costs: dict[int, tuple[tuple[float, ...], tuple[float, ...]]] = {}

    def greedy_costs(self, trump: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Per card index, with ``trump`` the trump suit's index: what
        leading it costs by :meth:`World.greedy`'s rules of thumb, and
        what keeping it back is worth (trumps only, else 0)."""
        costs = self._costs.get(trump)
        if costs is None:
            points = self.points
            strength = self.strength
            keeps = tuple(4.0 + strength[c] if SUIT_OF[c] == trump else 0.0 for c in range(40))
            lead = tuple(
                points[c] + strength[c] / 16 + (4 + strength[c] if SUIT_OF[c] == trump else 0)
                for c in range(40)
            )
            costs = self._costs[trump] = (lead, keeps)
        return costs

    def beats(self, trump: int) -> tuple[bool, ...]:
        """Flat table: ``beats(trump)[best * 40 + card]`` says whether
        ``card`` takes a trick that ``best`` is winning (``trump`` a suit
        index, or -1 for no trump)."""
        table = self._beats.get(trump)
        if table is None:
            strength = self.strength
            table = tuple(
                (strength[card] > strength[best])
                if SUIT_OF[card] == SUIT_OF[best]
                else SUIT_OF[card] == trump
                for best in range(40)
                for card in range(40)
            )
            self._beats[trump] = table
        return table


@functools.lru_cache(maxsize=64)
def tables_for(rules: Rules) -> Tables:
    """The (cached) :class:`Tables` of ``rules``."""
    return Tables(rules)


def suit_index(suit: Suit | None) -> int:
    """A suit's index in :class:`~briscola.Suit` order, -1 for ``None``."""
    return -1 if suit is None else _SUITS.index(suit)


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
        row: ``40 *`` the trick's winning card so far.
        stake: The trick's points so far.
        friendly: Whether that card is the mover's side's.
        last: Whether the mover plays the trick's last card.
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
