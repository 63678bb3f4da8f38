"""The layout of a deal: which positions of the pack each deal style sends
to each hand, to the trump card and to the stock, and where the ace/three
redraw moves them (internal).

Positions, not cards: the one rule that the dealer (:mod:`briscola._deal`)
applies to a pack, and that the observation and the sampler read back to
tell which cards a seat has seen."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

import attrs

from ._actions import Action, Knock
from ._rules import DEAL_CUT, DEAL_CUT_OR_KNOCK, DEAL_KNOCK, DEAL_WHOLE, DealStyle, Rules

__all__ = ["Layout", "deal_layout", "dealt_style", "redraw_positions", "turn_trump"]


@attrs.frozen(cache_hash=True)
class Layout:
    """Where a deal puts each position of the pack.

    Positions are indices into the pack order (0 is dealt first). The
    ace/three redraw is not applied here: see :func:`redraw_positions`.
    """

    hands: tuple[tuple[int, ...], ...]
    """Per seat, the positions dealt to it, in the order received."""
    trump: int | None
    """The position turned as the trump card (``None`` in the whole deal)."""
    stock: tuple[int, ...]
    """The positions left in the stock, next draw first."""


@functools.lru_cache(maxsize=512)
def deal_layout(rules: Rules, dealer: int, style: DealStyle) -> Layout:
    """The layout of a deal dealt by ``dealer`` in ``style`` (a style that
    deals: not ``CUT_OR_KNOCK``, which waits for the cutter's choice).

    Packets go round from the eldest hand (the seat after the dealer): one
    card at a time, or ``rules.packet_size`` (two in dupla), or in a
    knocked deal the whole hand at once. The standard and knocked deals
    turn the trump card after the hands; the cut deal turns it once half
    the hands' cards are out (rounded down) and then goes on; the whole
    deal turns none and deals every card.

    >>> from briscola import DealStyle, preset
    >>> layout = deal_layout(preset("split-2p"), 1, DealStyle.CUT)
    >>> layout.hands, layout.trump, layout.stock[:2]
    (((0, 2, 5), (1, 4, 6)), 3, (7, 8))
    """
    n, h = rules.players, rules.hand_size
    whole = style is DEAL_WHOLE
    packet = {DEAL_KNOCK: h, DEAL_WHOLE: 1}.get(style, rules.packet_size)
    order = [seat for _ in range(h // packet) for seat in range(n) for _ in range(packet)]
    turn_after = (n * h) // 2 if style is DEAL_CUT else n * h
    eldest = (dealer + 1) % n
    positions: list[list[int]] = [[] for _ in range(n)]
    trump: int | None = None
    cursor = 0
    for dealt, seat in enumerate(order):
        if dealt == turn_after:
            trump, cursor = cursor, cursor + 1
        positions[(eldest + seat) % n].append(cursor)
        cursor += 1
    if trump is None and not whole:
        trump, cursor = cursor, cursor + 1
    return Layout(
        hands=tuple(map(tuple, positions)),
        trump=trump,
        stock=tuple(range(cursor, len(rules.pack))),
    )


def dealt_style(rules: Rules, history: tuple[Action, ...]) -> DealStyle:
    """The style a deal was dealt in: in Split dealing the cutter's first
    action chooses it (before that, the cut is what a deal would use).

    >>> from briscola import Knock, preset
    >>> dealt_style(preset("split-2p"), (Knock(),)), dealt_style(preset("italian-2p"), ())
    (<DealStyle.KNOCK: 'knock'>, <DealStyle.STANDARD: 'standard'>)
    """
    if rules.deal is not DEAL_CUT_OR_KNOCK:
        return rules.deal
    if history and type(history[0]) is Knock:
        return DEAL_KNOCK
    return DEAL_CUT


_Turned = TypeVar("_Turned")


def turn_trump(
    undealt: list[_Turned], redrawn: Callable[[_Turned], bool]
) -> tuple[_Turned, list[_Turned]]:
    """Turn the trump card from the front of ``undealt`` (changed in place);
    while the card turned is ``redrawn``, bury it at index
    ``len(rest) // 2`` of the cards left and turn the next (the Finnish
    ace/three redraw). Works on cards or on pack positions. (Mirrored by
    the batched engine's ``turn_trump`` kernel, in
    ``briscola/vector/_deal.py``.)

    Returns:
        The card turned for good, and the buried ones in the order turned.

    >>> undealt = [1, 2, 3, 4, 5]
    >>> turn_trump(undealt, lambda card: card < 3), undealt
    ((3, [1, 2]), [1, 2, 4, 5])
    """
    buried = []
    card = undealt.pop(0)
    while redrawn(card):
        buried.append(card)
        undealt.insert(len(undealt) // 2, card)
        card = undealt.pop(0)
    return card, buried


@functools.lru_cache(maxsize=512)
def redraw_positions(layout: Layout, buried: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The positions turned up, in order, when ``buried`` cards were buried
    by the redraw (the last one is the trump card), and the stock's
    positions after it."""
    if layout.trump is None:
        return (), layout.stock
    undealt = [layout.trump, *layout.stock]
    left = iter(range(buried))
    turned, earlier = turn_trump(undealt, lambda _: next(left, None) is not None)
    return (*earlier, turned), tuple(undealt)
