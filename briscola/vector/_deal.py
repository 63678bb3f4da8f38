"""Dealing (internal kernels): a deal cleared, Split's wait for the cut or
the knock, and the cards dealt from a pack order and a dealer (the
engine's ``briscola._deal.deal_cards``, with the layouts of
:func:`briscola._layout.deal_layout` and the redraw of
:func:`briscola._layout.turn_trump`).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._compiling import inlined, kernel
from ._deals import Deals
from ._hands import receive
from ._random import next_random
from ._rulebook import CUT_PHASE, Rulebook

__all__ = ["clear_deal", "deal_hands", "shuffle_packs", "wait_for_cut"]


@kernel
def shuffle_packs(decks: NDArray[np.int8], states: NDArray[np.uint64]) -> None:
    """Fill each row ``i`` of ``decks`` with a shuffled pack of slots: the
    Fisher-Yates shuffle, drawing from the generator ``states[i]``."""
    size = decks.shape[1]
    for i in range(decks.shape[0]):
        for k in range(size):
            decks[i, k] = k
    # A step of every shuffle in turn: the deals' generators run side by
    # side, each drawing what it would alone.
    for k in range(size - 1, 0, -1):
        for i in range(decks.shape[0]):
            j = next_random(states, i, k + 1)
            card = decks[i, k]
            decks[i, k] = decks[i, j]
            decks[i, j] = card


@inlined
def clear_deal(r: Rulebook, d: Deals, i: int) -> None:
    """Empty deal ``i``: no card anywhere, nothing played, said or bid."""
    d.over[i] = False
    d.version[i] += 1
    d.last_action[i] = -1
    for seat in range(r.n):  # by seat: a 2-D slice costs more to fill
        d.hands[i, seat, :] = False
        d.dealt[i, seat, :] = False
        d.order[i, seat, :] = -1
    d.held[i, :] = 0
    d.public[i, :] = False
    d.top[i] = 0
    d.left[i] = 0
    d.face[i] = -1
    d.up[i] = False
    d.turned[i] = -1
    d.trump[i] = -1
    d.drawn_by[i] = -1
    d.buried[i, :] = -1
    d.trick[i, :] = -1
    d.played[i] = 0
    d.leader[i] = -1
    d.played_by[i, :] = -1
    d.plays[i] = 0
    d.pile[i, :] = -1
    d.taken[i, :] = 0
    d.side_won[i, :] = 0
    d.won[i, :] = 0
    d.given_by[i, :] = -1
    d.swapped[i] = False
    d.talked[i] = 0
    if r.talk:  # words and signs come with table talk only
        for seat in range(r.n):
            d.said[i, seat, :] = False
            d.signed[i, seat, :] = False
    d.high[i] = -1
    d.declarer[i] = -1
    d.passed[i] = 0
    d.called[i] = -1
    d.partner[i] = -1


@inlined
def wait_for_cut(r: Rulebook, d: Deals, i: int) -> None:
    """Split dealing: nothing dealt yet, the seat before the dealer (the
    cutter) to cut or knock; every card still in the pack, as the stock."""
    d.phase[i] = CUT_PHASE
    d.mover[i] = (d.dealer[i] - 1) % r.n
    d.left[i] = r.cards


@inlined
def turn_trump(r: Rulebook, d: Deals, i: int) -> None:
    """Turn the trump card from the front of the undealt cards (laid out
    in ``d.stock``: the trump position's card, then the stock's): while
    the card turned is of a redrawn rank, bury it in the middle of the
    cards left and turn the next (:func:`briscola._layout.turn_trump`).
    The stock is the cards after the one turned."""
    stock = d.stock[i]
    undealt = r.stock + 1
    middle = (undealt - 1) // 2
    buried = 0
    while r.redrawn[stock[0]]:
        card = stock[0]
        for k in range(middle):
            stock[k] = stock[k + 1]
        stock[middle] = card
        d.buried[i, buried] = card
        d.public[i, card] = True
        buried += 1
    turned = stock[0]
    d.turned[i] = turned
    d.face[i] = turned
    d.up[i] = True
    d.trump[i] = r.suit[turned]
    d.public[i, turned] = True
    d.top[i] = 1
    d.left[i] = undealt - 1


@inlined
def deal_hands(r: Rulebook, d: Deals, i: int, style: int) -> None:
    """Deal deal ``i`` from its pack order and dealer in ``style`` (0 the
    rules' deal or the cut, 1 the knock): hands, then the trump card and
    the stock (none in the whole deal); the eldest hand to move."""
    dealer = d.dealer[i]
    for seat in range(r.n):
        for k in range(r.hand):
            card = d.deck[i, r.deal_hands[style, dealer, seat, k]]
            receive(r, d, i, seat, card)
            d.dealt[i, seat, card] = True
    if not r.whole:
        d.stock[i, 0] = d.deck[i, r.deal_trump[style, dealer]]
        for k in range(r.stock):
            d.stock[i, k + 1] = d.deck[i, r.deal_stock[style, dealer, k]]
        turn_trump(r, d, i)
    else:
        d.left[i] = 0
    d.phase[i] = r.dealt_phase
    d.mover[i] = (dealer + 1) % r.n
