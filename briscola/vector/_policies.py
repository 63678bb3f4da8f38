"""Play-outs (internal kernels): whole deals played to their end inside
the kernels by a compiled policy, ``random`` (uniform over the legal
actions but table talk, as :func:`briscola.bots.random_rollout`) or
``greedy`` (:func:`briscola.bots.greedy_rollout`'s rules of thumb, from
the weights of its ``Greedy`` table; outside trick play, at random).

The random numbers come from one generator of :mod:`briscola.vector._random`,
so that a seed plays the same deals compiled or not.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._compiling import inlined, kernel
from ._deals import Deals
from ._exchange import may_exchange_now
from ._legal import write_mask
from ._random import next_random
from ._rulebook import PLAYING, Rulebook
from ._stepping import apply_move

__all__ = ["play_out_deals"]


@inlined
def may_give(r: Rulebook, d: Deals, i: int, card: int, exchange: bool) -> bool:
    """Whether the seat to move in deal ``i`` may give ``card`` (in its
    hand) for the face-up card, ``exchange`` being whether it may
    exchange now (:func:`~briscola.vector._exchange.may_exchange_now`)."""
    return exchange and r.gives[d.face[i], card]


@inlined
def random_action(r: Rulebook, d: Deals, i: int, state: NDArray[np.uint64]) -> int:
    """A legal action of deal ``i`` at random, never table talk. In trick
    play: a card of the hand or an exchange it allows, as ``write_mask``
    finds them; otherwise, from the mask."""
    if d.phase[i] != PLAYING:
        write_mask(r, d, i)
        return random_index(d.mask[i], r.actions, state)
    seat = d.mover[i]
    exchange = r.exchange > 0 and may_exchange_now(r, d, i)
    count = d.held[i, seat]
    if not exchange:  # a card of the hand, by its place
        return int(d.order[i, seat, next_random(state, 0, count)])
    for k in range(d.held[i, seat]):
        count += may_give(r, d, i, int(d.order[i, seat, k]), exchange)
    left = next_random(state, 0, count)
    for k in range(d.held[i, seat]):
        card = int(d.order[i, seat, k])
        if left == 0:
            return card
        left -= 1
        if may_give(r, d, i, card, exchange):
            if left == 0:
                return int(r.act_swap + card)
            left -= 1
    return -1


@inlined
def random_index(mask: NDArray[np.bool_], end: int, state: NDArray[np.uint64]) -> int:
    """One of the true entries of ``mask`` before ``end``, at random."""
    count = 0
    for action in range(end):
        count += mask[action]
    left = next_random(state, 0, count)
    for action in range(end):
        if mask[action]:
            if left == 0:
                return action
            left -= 1
    return -1


@inlined
def cheapest_lead(r: Rulebook, d: Deals, i: int, seat: int, trump: int) -> int:
    """The first card of the hand that costs least to lead."""
    choice = int(d.order[i, seat, 0])
    lowest = r.greedy_lead[trump, choice]
    for k in range(1, d.held[i, seat]):
        card = int(d.order[i, seat, k])
        if r.greedy_lead[trump, card] < lowest:
            lowest = r.greedy_lead[trump, card]
            choice = card
    return int(choice)


@inlined
def same_side(r: Rulebook, d: Deals, i: int, seat: int, other: int) -> bool:
    """Whether ``seat`` and ``other`` play together in deal ``i`` (in an
    auction, by the call)."""
    if r.auction:
        ours = seat == d.declarer[i] or seat == d.partner[i]
        theirs = other == d.declarer[i] or other == d.partner[i]
        return bool(ours == theirs)
    return bool(r.side_of[seat] == r.side_of[other])


@inlined
def greedy_follow(r: Rulebook, d: Deals, i: int, seat: int, trump: int) -> int:
    """The card to play to a trick under way
    (:func:`briscola.bots._tables.greedy_follow`): on a friendly winning
    card add points when last, else throw the cheapest; otherwise weigh
    taking the trick against throwing. The first card of highest value."""
    leader = d.leader[i]
    best = int(d.trick[i, 0])
    winner = leader
    stake = r.points[best]
    for j in range(1, d.played[i]):
        card = int(d.trick[i, j])
        stake += r.points[card]
        if r.beats[trump, best, card]:
            best = card
            winner = r.trick_order[leader, j]
    friendly = same_side(r, d, i, seat, winner)
    last = d.played[i] == r.trick - 1
    top = -1000.0
    choice = int(d.order[i, seat, 0])
    for k in range(d.held[i, seat]):
        card = int(d.order[i, seat, k])
        keep = r.greedy_keeps[trump, card]
        own = 0 if keep else r.points[card]
        if friendly:
            value = own - keep if last else -r.points[card] - keep
        elif r.beats[trump, best, card]:
            sure = 1.0 if last else (0.5 if keep else 0.2)
            value = sure * (stake + own) - (1 - sure) * (stake + r.points[card]) - keep
        else:
            value = -stake - r.points[card] - keep
        value -= r.greedy_strength[card] / 16
        if value > top:
            top = value
            choice = card
    return int(choice)


@inlined
def greedy_play(r: Rulebook, d: Deals, i: int) -> int:
    """The greedy rollout's action in deal ``i``, in trick play
    (:func:`briscola.bots.greedy_rollout`; outside trick play it moves at
    random)."""
    seat = d.mover[i]
    if r.exchange > 0 and may_exchange_now(r, d, i):
        face = r.greedy_strength[d.face[i]]
        for k in range(d.held[i, seat]):
            card = int(d.order[i, seat, k])
            if r.gives[d.face[i], card] and r.greedy_strength[card] < face:
                return int(r.act_swap + card)
    if d.held[i, seat] == 1:
        return int(d.order[i, seat, 0])
    trump = d.trump[i]
    if d.played[i] == 0:
        return cheapest_lead(r, d, i, seat, trump)
    return greedy_follow(r, d, i, seat, trump)


@kernel
def play_out_deals(r: Rulebook, d: Deals, greedy: bool, state: NDArray[np.uint64]) -> None:
    """Play every deal that goes on to its end, by the greedy or the
    random policy, drawing from the generator ``state``."""
    for i in range(d.over.shape[0]):
        while not d.over[i]:
            if greedy and d.phase[i] == PLAYING:
                action = greedy_play(r, d, i)
            else:
                action = random_action(r, d, i, state)
            apply_move(r, d, i, action)
        write_mask(r, d, i)
