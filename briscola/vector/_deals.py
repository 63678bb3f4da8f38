"""What a batch holds (internal): :class:`Deals`, the arrays of every deal,
grouped by concept, allocated once per batch and filled again by every
deal; the kernels read and write them in place.

Cards are slots of the rules' pack; ``-1`` stands for no card and no
seat. Per-deal scalars are 1-D arrays over the batch.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from ._rulebook import Rulebook

__all__ = ["Deals", "allocate"]

Ints = NDArray[np.int64]
Small = NDArray[np.int8]
Flags = NDArray[np.bool_]


class Deals(NamedTuple):
    """The arrays of a batch of deals (``b`` deals, ``n`` seats, ``p``
    cards, ``T`` cards to a trick)."""

    # -- the deal
    deck: Small  # [b, p]: the pack order, as slots
    dealer: Ints  # [b]
    phase: Ints  # [b]: the index of the deal's Phase
    mover: Ints  # [b]: the seat to move (kept after the end)
    over: Flags  # [b]
    version: Ints  # [b]: changes to the deal (actions applied, deals dealt)
    last_action: Ints  # [b]: the last action applied, -1 none
    # -- hands
    hands: Flags  # [b, n, p]
    held: Ints  # [b, n]: cards in hand
    order: Small  # [b, n, H]: the cards in hand in the order received
    dealt: Flags  # [b, n, p]: the hands as dealt (shown to partners)
    public: Flags  # [b, p]: cards whose holder everyone follows
    # -- stock and the face-up card
    stock: Small  # [b, S]: the undealt cards, next draw at ``top``
    top: Ints  # [b]
    left: Ints  # [b]: face-down cards in the stock
    face: Ints  # [b]: the face-up card (or the last one, once drawn)
    up: Flags  # [b]: whether a card lies face up
    turned: Ints  # [b]: the card turned at the deal
    trump: Ints  # [b]: the trump suit, -1 before there is one
    drawn_by: Ints  # [b]: the seat that drew the face-up card
    buried: Small  # [b, K]: the redraw's cards in the order turned
    # -- the trick and the piles
    trick: Small  # [b, T]
    played: Ints  # [b]: cards in the trick so far
    leader: Ints  # [b]
    played_by: Small  # [b, p]: the seat that played each card
    play_log: Small  # [b, p]: the cards played, in order
    plays: Ints  # [b]: the cards played so far
    pile: Small  # [b, p]: the pile that holds each card
    taken: Ints  # [b, sides]: card points per side
    side_won: Ints  # [b, sides]: tricks per side
    won: Ints  # [b, n]: tricks per seat
    # -- the exchange and talk
    given_by: Small  # [b, p]: the seat that gave each card for the face-up card
    swapped: Flags  # [b]: the last action was an exchange
    talked: Ints  # [b]: 1 said, 2 signed, this turn
    said: Flags  # [b, n, words]: words said in the trick in progress
    signed: Flags  # [b, n, signals]: signs made in the deal, per signer
    # -- the auction
    high: Ints  # [b]: the place of the highest bid on the ladder, -1 none
    declarer: Ints  # [b]
    passed: Ints  # [b]: the seats passed, bit s for seat s
    called: Ints  # [b]
    partner: Ints  # [b]: the called card's holder
    # -- what the kernels hand out
    mask: Flags  # [b, actions]: the mover's legal actions
    obs: NDArray[np.float32]  # [b, width]: the last observations written
    obs_seat: Ints  # [b]: the seat whose observation ``obs`` holds, -1 none
    obs_version: Ints  # [b]: the deal's version when it was written


def allocate(r: Rulebook, size: int) -> Deals:
    """Zeroed arrays for ``size`` deals of the rules of ``r``."""
    b, n, p = size, r.n, r.cards
    return Deals(
        deck=np.zeros((b, p), dtype=np.int8),
        dealer=np.zeros(b, dtype=np.int64),
        phase=np.zeros(b, dtype=np.int64),
        mover=np.zeros(b, dtype=np.int64),
        over=np.zeros(b, dtype=bool),
        version=np.zeros(b, dtype=np.int64),
        last_action=np.full(b, -1, dtype=np.int64),
        hands=np.zeros((b, n, p), dtype=bool),
        held=np.zeros((b, n), dtype=np.int64),
        order=np.zeros((b, n, r.hand + 1), dtype=np.int8),
        dealt=np.zeros((b, n, p), dtype=bool),
        public=np.zeros((b, p), dtype=bool),
        stock=np.zeros((b, max(1, p)), dtype=np.int8),
        top=np.zeros(b, dtype=np.int64),
        left=np.zeros(b, dtype=np.int64),
        face=np.zeros(b, dtype=np.int64),
        up=np.zeros(b, dtype=bool),
        turned=np.zeros(b, dtype=np.int64),
        trump=np.zeros(b, dtype=np.int64),
        drawn_by=np.zeros(b, dtype=np.int64),
        buried=np.zeros((b, max(1, r.most_buried)), dtype=np.int8),
        trick=np.zeros((b, r.trick), dtype=np.int8),
        played=np.zeros(b, dtype=np.int64),
        leader=np.zeros(b, dtype=np.int64),
        played_by=np.zeros((b, p), dtype=np.int8),
        play_log=np.zeros((b, p), dtype=np.int8),
        plays=np.zeros(b, dtype=np.int64),
        pile=np.zeros((b, p), dtype=np.int8),
        taken=np.zeros((b, r.sides), dtype=np.int64),
        side_won=np.zeros((b, r.sides), dtype=np.int64),
        won=np.zeros((b, n), dtype=np.int64),
        given_by=np.zeros((b, p), dtype=np.int8),
        swapped=np.zeros(b, dtype=bool),
        talked=np.zeros(b, dtype=np.int64),
        said=np.zeros((b, n, r.words), dtype=bool),
        signed=np.zeros((b, n, r.signals), dtype=bool),
        high=np.zeros(b, dtype=np.int64),
        declarer=np.zeros(b, dtype=np.int64),
        passed=np.zeros(b, dtype=np.int64),
        called=np.zeros(b, dtype=np.int64),
        partner=np.zeros(b, dtype=np.int64),
        mask=np.zeros((b, r.actions), dtype=bool),
        obs=np.zeros((b, r.width), dtype=np.float32),
        obs_seat=np.full(b, -1, dtype=np.int64),
        obs_version=np.zeros(b, dtype=np.int64),
    )
