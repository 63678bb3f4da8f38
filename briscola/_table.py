"""Lookup tables compiled once per :class:`Rules`, for the hot path."""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import FULL_PACK, Card, Rank, Suit
from ._rules import Exchange, Rules

__all__ = ["Table", "table_for"]


class Table:
    """Everything the engine would otherwise recompute on every action.

    Attributes:
        players: Number of seats.
        trick_size: Cards in a complete trick.
        trick_orders: Per leading seat, the seats in the order they play
            to one trick.
        points: Per card index, its points.
        beats: Per trump suit (``None`` for no trump), a flat tuple where
            ``beats[best * 40 + card]`` says whether ``card`` takes the
            trick from the card ``best`` that is winning it.
        side_of: Per seat, the index of its fixed side.
        pile_of: Per seat, the seat whose pile receives its tricks.
        total_points: Points in the pack.
        pack: The rules' cards in canonical order.
        plain_play: No trump exchange: the legal actions in trick play are
            just the cards in hand.
    """

    __slots__ = (
        "players",
        "trick_size",
        "trick_orders",
        "points",
        "beats",
        "side_of",
        "pile_of",
        "total_points",
        "pack",
        "plain_play",
    )

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        plays = rules.plays_per_trick
        self.players = n
        self.trick_size = n * plays
        self.trick_orders = tuple(
            tuple((lead + j) % n for _ in range(plays) for j in range(n)) for lead in range(n)
        )
        table = dict(rules.card_points)
        self.points = tuple(table.get(card.rank, 0) for card in FULL_PACK)
        strength = {rank: 10 - i for i, rank in enumerate(rules.strength)}
        self.beats = {
            trump: tuple(
                _beats(best, card, trump, strength) for best in FULL_PACK for card in FULL_PACK
            )
            for trump in (*Suit, None)
        }
        sides = rules.sides
        self.side_of = tuple(
            next(i for i, side in enumerate(sides) if seat in side) for seat in range(n)
        )
        self.pile_of = tuple(
            min(sides[self.side_of[seat]]) if rules.piles_by_side else seat for seat in range(n)
        )
        self.pack = rules.pack
        self.plain_play = rules.exchange is Exchange.NONE
        self.total_points = sum(self.points[card.index] for card in self.pack)

    def takes(self, trump: Suit | None, best: Card, card: Card) -> bool:
        """Whether ``card`` takes a trick that ``best`` is winning (SPEC §4):
        a higher card of the same suit, or a trump on a card of another
        suit."""
        return self.beats[trump][best.index * 40 + card.index]

    def trick_winner(
        self, trump: Suit | None, trick: Sequence[tuple[int, Card]]
    ) -> tuple[int, Card]:
        """The ``(seat, card)`` that takes ``trick``, a sequence of ``(seat,
        card)`` in play order: the highest trump, else the highest card of
        the suit led."""
        beats = self.beats[trump]
        winner = trick[0]
        best_index = winner[1].index * 40
        for played in trick[1:]:
            if beats[best_index + played[1].index]:
                winner, best_index = played, played[1].index * 40
        return winner


def _beats(best: Card, card: Card, trump: Suit | None, strength: dict[Rank, int]) -> bool:
    if card.suit is best.suit:
        return strength[card.rank] > strength[best.rank]
    return card.suit is trump


_TABLES: dict[Rules, Table] = {}


def table_for(rules: Rules) -> Table:
    """The (cached) table of ``rules``."""
    table = _TABLES.get(rules)
    if table is None:
        if len(_TABLES) > 256:
            _TABLES.clear()
        table = _TABLES[rules] = Table(rules)
    return table
