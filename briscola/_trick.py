"""Who takes a trick: :func:`trick_winner`, and the lookup tables compiled
once per :class:`Rules` that the engine's hot path reads (:class:`Table`,
which the bots' tables extend), with the one cache policy of every
per-rules table (:func:`per_rules`)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TypeVar

from ._cards import FULL_PACK, Card, Rank, Suit
from ._rules import Exchange, Rules

__all__ = ["Table", "leading", "per_rules", "table_for", "trick_winner"]

_T = TypeVar("_T")

#: How many rules a per-rules cache keeps before it is emptied.
CACHE_LIMIT = 256


def per_rules(cache: dict[Rules, _T]) -> Callable[[Callable[[Rules], _T]], Callable[[Rules], _T]]:
    """The cache policy of every table compiled per :class:`Rules`: the
    decorated function runs once per rules and its value is kept in
    ``cache``, which is emptied when it holds more than
    :data:`CACHE_LIMIT` rules (a program that makes rules by the
    thousand does not grow without bound; a table dropped is compiled
    again when asked for).

    >>> from briscola import preset
    >>> kept: dict[Rules, int] = {}
    >>> @per_rules(kept)
    ... def players(rules: Rules) -> int:
    ...     return rules.players
    >>> players(preset("italian-4p")), len(kept)
    (4, 1)
    """

    def decorate(build: Callable[[Rules], _T]) -> Callable[[Rules], _T]:
        def cached(rules: Rules) -> _T:
            value = cache.get(rules)
            if value is None:
                if len(cache) > CACHE_LIMIT:
                    cache.clear()
                value = cache[rules] = build(rules)
            return value

        return functools.wraps(build)(cached)

    return decorate


class Table:
    """Everything the engine would otherwise recompute on every action.

    Shared by every state of every deal with equal rules, so it is
    read-only.

    Attributes:
        rules: The rules it was compiled from.
        players: Number of seats.
        trick_size: Cards in a complete trick.
        trick_orders: Per leading seat, the seats in the order they play
            to one trick.
        drawers: The draw after a trick: per winning seat, per number of
            cards in the stock (the face-up trump card aside, still to
            be drawn last), the seats that draw the next cards in turn.
            The winner draws first, then the others in playing order;
            when the stock runs out, the last seat of that order takes
            the face-up trump card and the seats before it the stock's
            last cards.
        points: Per card index, its points.
        strength: Per card index, its rank's strength by
            :attr:`Rules.strength`: 1 for the weakest rank to 10 for the
            strongest.
        beats: Per trump suit (``None`` for no trump), a flat tuple where
            ``beats[best * 40 + card]`` says whether ``card`` takes the
            trick from the card ``best`` that is winning it.
        side_of: Per seat, the index of its fixed side.
        pile_of: Per seat, the seat whose pile receives its tricks.
        total_points: Points in the pack.
        pack: The rules' cards in canonical order.
        plain_play: No trump exchange and no table talk: the legal actions
            in trick play are just the cards in hand.
        talk_play: Table talk without a trump exchange: the legal actions
            in trick play are the cards in hand, then the talk still
            allowed.
        side_seats: Per seat, the seats of its fixed side.
        partners: Per seat, the other seats of its fixed side.
        swap_gives: Per card index, the trumps that the rules' trump
            exchange lets a seat give for that card lying face up, by
            their ranks alone (when and who may exchange is checked
            apart): empty without an exchange.
    """

    __slots__ = (
        "rules",
        "players",
        "trick_size",
        "trick_orders",
        "drawers",
        "points",
        "strength",
        "beats",
        "side_of",
        "pile_of",
        "total_points",
        "pack",
        "plain_play",
        "talk_play",
        "side_seats",
        "partners",
        "swap_gives",
    )

    rules: Rules
    players: int
    trick_size: int
    trick_orders: tuple[tuple[int, ...], ...]
    drawers: tuple[tuple[tuple[int, ...], ...], ...]
    points: tuple[int, ...]
    strength: tuple[int, ...]
    beats: dict[Suit | None, tuple[bool, ...]]
    side_of: tuple[int, ...]
    pile_of: tuple[int, ...]
    total_points: int
    pack: tuple[Card, ...]
    plain_play: bool
    talk_play: bool
    side_seats: tuple[tuple[int, ...], ...]
    partners: tuple[tuple[int, ...], ...]
    swap_gives: tuple[frozenset[Card], ...]

    def __init__(self, rules: Rules) -> None:
        set_ = object.__setattr__
        for name, value in self._compile(rules).items():
            set_(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a rules table is shared and read-only: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a rules table is shared and read-only: cannot delete {name!r}")

    def __reduce__(self) -> tuple[object, ...]:
        return (table_for, (self.rules,))

    @staticmethod
    def _compile(rules: Rules) -> dict[str, object]:
        n = rules.players
        plays = rules.plays_per_trick
        trick_size = n * plays
        trick_orders = tuple(
            tuple((lead + j) % n for _ in range(plays) for j in range(n)) for lead in range(n)
        )
        drawers = tuple(
            tuple(_drawers(order, stock) for stock in range(40)) for order in trick_orders
        )
        table = dict(rules.card_points)
        points = tuple(table.get(card.rank, 0) for card in FULL_PACK)
        by_rank = {rank: len(rules.strength) - i for i, rank in enumerate(rules.strength)}
        strength = tuple(by_rank[card.rank] for card in FULL_PACK)
        beats = {
            trump: tuple(
                _beats(best, card, trump, strength) for best in FULL_PACK for card in FULL_PACK
            )
            for trump in (*Suit, None)
        }
        sides = rules.sides
        side_of = tuple(
            next(i for i, side in enumerate(sides) if seat in side) for seat in range(n)
        )
        pile_of = tuple(
            min(sides[side_of[seat]]) if rules.piles_by_side else seat for seat in range(n)
        )
        pack = rules.pack
        plain_play = rules.exchange is Exchange.NONE and not rules.table_talk
        total_points = rules.total_points
        return {
            "rules": rules,
            "players": n,
            "trick_size": trick_size,
            "trick_orders": trick_orders,
            "drawers": drawers,
            "points": points,
            "strength": strength,
            "beats": beats,
            "side_of": side_of,
            "pile_of": pile_of,
            "total_points": total_points,
            "pack": pack,
            "plain_play": plain_play,
            "talk_play": rules.exchange is Exchange.NONE and rules.table_talk,
            "side_seats": tuple(sides[side_of[seat]] for seat in range(n)),
            "partners": tuple(
                tuple(other for other in sides[side_of[seat]] if other != seat) for seat in range(n)
            ),
            "swap_gives": tuple(_swap_gives(rules.exchange, card) for card in FULL_PACK),
        }

    def takes(self, trump: Suit | None, best: Card, card: Card) -> bool:
        """Whether ``card`` takes a trick that ``best`` is winning (see
        :func:`trick_winner`): a higher card of the same suit, or a trump on a card of another
        suit."""
        return self.beats[trump][best.index * 40 + card.index]

    def trick_winner(
        self, trump: Suit | None, trick: Sequence[tuple[int, Card]]
    ) -> tuple[int, Card]:
        """The ``(seat, card)`` that takes ``trick``, a sequence of ``(seat,
        card)`` in play order: the highest trump, else the highest card of
        the suit led (:func:`leading`)."""
        cards = [card.index for _, card in trick]
        return trick[leading(self.beats[trump], self.points, cards)[0]]


def leading(
    beats: Sequence[bool], points: Sequence[int], cards: Sequence[int]
) -> tuple[int, int, int]:
    """A trick so far, from its cards (``Card.index`` values in play order,
    at least one) and the ``beats`` table of its trump
    (:attr:`Table.beats`): the place in ``cards`` of the card that takes
    it, that card, and the trick's points (by ``points``, per card index).

    The rule of :func:`trick_winner`, for the engine and the bots alike:
    the card that is winning stays winning unless a later card takes it
    by ``beats`` (the batched engine's ``trick_taker`` kernel, in
    ``briscola/vector/_tricks.py``, walks a trick the same way).

    >>> from briscola import Card, Rank, Suit, preset
    >>> table = table_for(preset("italian-2p"))
    >>> cards = [Card(Suit.CUPS, Rank.THREE).index, Card(Suit.CUPS, Rank.ACE).index]
    >>> at, best, points = leading(table.beats[Suit.COINS], table.points, cards)
    >>> at, best == cards[1], points
    (1, True, 21)
    """
    best = cards[0]
    at = 0
    total = points[best]
    for i in range(1, len(cards)):
        card = cards[i]
        total += points[card]
        if beats[best * 40 + card]:
            best, at = card, i
    return at, best, total


def _drawers(order: tuple[int, ...], stock: int) -> tuple[int, ...]:
    """See :attr:`Table.drawers`: the seats that draw ``stock`` cards and
    the face-up card, or a round of them if there are more."""
    if stock + 1 >= len(order):
        return order
    return order[:stock] + order[-1:]


_SPANISH_TAKES: dict[Rank, frozenset[Rank]] = {
    Rank.SEVEN: frozenset({Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.JACK}),
    Rank.TWO: frozenset({Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR}),
}
"""The Spanish exchange: which face-up ranks each trump may take."""


def _swap_gives(exchange: Exchange, face_up: Card) -> frozenset[Card]:
    """See :attr:`Table.swap_gives`: the trumps that may be given for
    ``face_up`` by rank."""
    if exchange is Exchange.NONE:
        return frozenset()
    if exchange is Exchange.TWO_FIRST_TRICK:
        ranks: tuple[Rank, ...] = (Rank.TWO,)
    elif exchange is Exchange.SEVEN_AFTER_WIN:
        ranks = (Rank.SEVEN,)
    else:
        ranks = tuple(rank for rank, takes in _SPANISH_TAKES.items() if face_up.rank in takes)
    return frozenset(Card(face_up.suit, rank) for rank in ranks if rank is not face_up.rank)


def _beats(best: Card, card: Card, trump: Suit | None, strength: Sequence[int]) -> bool:
    if card.suit is best.suit:
        return strength[card.index] > strength[best.index]
    return card.suit is trump


_TABLES: dict[Rules, Table] = {}


@per_rules(_TABLES)
def table_for(rules: Rules) -> Table:
    """The table of ``rules``, compiled once (see :func:`per_rules`)."""
    return Table(rules)


def trick_winner(rules: Rules, trump: Suit | None, trick: Sequence[tuple[int, Card]]) -> int:
    """The seat whose card wins ``trick`` so far.

    A trick goes to the highest trump in it; with no trump, to the highest
    card of the suit of its first card. A card of another suit never wins.
    "Highest" follows :attr:`Rules.strength`. The engine, the bots and the
    command line all decide tricks by this rule: this function, or on
    their hot paths the same compiled table that it reads (the rules
    table's ``beats``, which ``leading`` walks).

    Args:
        rules: The rules (their strength order).
        trump: The trump suit, or ``None`` (bastardo before the call).
        trick: The cards played so far, as ``(seat, card)`` pairs in play
            order, as in :attr:`GameState.trick <briscola.GameState>`;
            complete or not, but not empty.

    Returns:
        The seat of the winning card.

    Raises:
        ValueError: If ``trick`` is empty or holds something other than
            ``(seat, card)`` pairs.

    >>> from briscola import Card, Rank, Suit, preset, trick_winner
    >>> rules = preset("italian-2p")
    >>> ace_of_cups, two_of_coins = Card(Suit.CUPS, Rank.ACE), Card(Suit.COINS, Rank.TWO)
    >>> trick_winner(rules, Suit.SWORDS, [(0, ace_of_cups), (1, two_of_coins)])
    0
    >>> trick_winner(rules, Suit.COINS, [(0, ace_of_cups), (1, two_of_coins)])
    1
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"trick_winner takes Rules, not {type(rules).__name__}")
    if trump is not None and not isinstance(trump, Suit):
        raise ValueError(f"the trump is a Suit or None, not {trump!r:.40}")
    played = tuple(trick)
    if not played:
        raise ValueError("an empty trick has no winner")
    for item in played:
        if (
            not isinstance(item, tuple)
            or len(item) != 2
            or type(item[0]) is not int
            or not isinstance(item[1], Card)
        ):
            raise ValueError(f"a trick holds (seat, card) pairs, not {item!r:.60}")
    return table_for(rules).trick_winner(trump, played)[0]
