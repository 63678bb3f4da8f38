"""Hands (internal kernels): a card taken into a hand and a card leaving
it, the one place that keeps a hand's three records together: the card's
flag, the number of cards held, and the order the cards were received
(the order of :attr:`GameState.hands <briscola.GameState>`, which the
greedy play-out reads to break ties as the engine's bots do).
"""

from __future__ import annotations

from ._compiling import inlined
from ._deals import Deals
from ._rulebook import Rulebook

__all__ = ["receive", "release"]


@inlined
def receive(r: Rulebook, d: Deals, i: int, seat: int, card: int) -> None:
    """``seat`` takes ``card`` into its hand in deal ``i``, last."""
    d.hands[i, seat, card] = True
    d.order[i, seat, d.held[i, seat]] = card
    d.held[i, seat] += 1


@inlined
def release(r: Rulebook, d: Deals, i: int, seat: int, card: int) -> None:
    """``card`` leaves ``seat``'s hand in deal ``i``; the cards after it
    move up one place."""
    d.hands[i, seat, card] = False
    held = d.held[i, seat]
    found = 0  # 1 from the card's place on: no branch on a random place
    for k in range(held - 1):
        found |= d.order[i, seat, k] == card
        d.order[i, seat, k] = d.order[i, seat, k + found]
    d.order[i, seat, held - 1] = -1
    d.held[i, seat] = held - 1
