"""Observation writing (internal kernels): a seat's encoded observation,
written from the deal's arrays section by section at the offsets of
:mod:`briscola.encoding`, as :meth:`briscola.encoding.Encoding.encode`
writes it from :func:`briscola.observe` (what a seat may know is the
engine's ``observe``: its hand, the public cards, partners' hands when the
rules show them, the contract's partner once known).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._compiling import inlined, kernel
from ._deals import Deals
from ._rulebook import CUT_PHASE, Rulebook

__all__ = ["observe_deals", "write_observation"]

AFTER_STOCK = 1
BEFORE_FIRST_TRICK = 2


@inlined
def knows_card(r: Rulebook, d: Deals, i: int, seat: int, card: int) -> bool:
    """Whether ``seat`` follows where ``card`` is in deal ``i``: a public
    card (buried by the redraw, turned face up, given in an exchange), or
    a card of a partner's hand as dealt, shown before the first trick."""
    if d.public[i, card]:
        return True
    if r.shown == BEFORE_FIRST_TRICK:
        for other in range(r.n):
            if r.partner[seat, other] and d.dealt[i, other, card]:
                return True
    return False


@inlined
def write_by_seat(seat_of: NDArray[np.int8], seat: int, out: NDArray[np.float32], p: int) -> None:
    """A block of a section of cards by seat, whole: ``out[card]`` is 1
    where ``seat_of[card]`` is ``seat``, else 0, for the ``p`` cards (a
    loop the compiler turns into vector instructions, faster than one
    entry per card)."""
    for card in range(p):
        out[card] = seat_of[card] == seat


@inlined
def write_hands(r: Rulebook, d: Deals, i: int, seat: int, row: NDArray[np.float32]) -> None:
    """The seat's hand, the cards it knows the others hold, and the
    partners' hands as dealt that it was shown."""
    p = r.cards
    rel = r.rel[seat]
    for k in range(d.held[i, seat]):
        row[r.obs_hand + int(d.order[i, seat, k])] = 1.0
    dealt = d.phase[i] != CUT_PHASE
    shown = r.shown == AFTER_STOCK and dealt and d.left[i] == 0 and not d.up[i]
    for other in range(r.n):
        if other == seat:
            continue
        start = r.obs_known + (rel[other] - 1) * p
        whole = shown and r.partner[seat, other]
        for k in range(d.held[i, other]):
            card = int(d.order[i, other, k])
            if whole or knows_card(r, d, i, seat, card):
                row[start + card] = 1.0
        if r.obs_dealt >= 0 and dealt and r.partner[seat, other]:
            start = r.obs_dealt + (rel[other] - 1) * p
            for card in range(p):
                if d.dealt[i, other, card]:
                    row[start + card] = 1.0


@inlined
def write_table(r: Rulebook, d: Deals, i: int, seat: int, row: NDArray[np.float32]) -> None:
    """The cards played and given by each seat, the trick in progress and
    its leader, the trump suit, the face-up, turned and buried cards and
    who drew the face-up card, and the stock."""
    p = r.cards
    rel = r.rel[seat]
    for other in range(r.n):
        start = r.obs_played + rel[other] * p
        write_by_seat(d.played_by[i], other, row[start : start + p], p)
    if r.obs_given >= 0:
        for other in range(r.n):
            start = r.obs_given + rel[other] * p
            write_by_seat(d.given_by[i], other, row[start : start + p], p)
    for k in range(d.played[i]):
        row[r.obs_trick + k * p + int(d.trick[i, k])] = 1.0
    if d.played[i]:
        row[r.obs_leader + rel[d.leader[i]]] = 1.0
    if d.trump[i] >= 0:
        row[r.obs_trump + d.trump[i]] = 1.0
    if r.obs_face_up >= 0:
        if d.up[i]:
            row[r.obs_face_up + d.face[i]] = 1.0
        if d.turned[i] >= 0:
            row[r.obs_turned + d.turned[i]] = 1.0
        if d.drawn_by[i] >= 0:
            row[r.obs_drawn + rel[d.drawn_by[i]]] = 1.0
    if r.obs_buried >= 0:
        for k in range(d.buried.shape[1]):
            if d.buried[i, k] >= 0:
                row[r.obs_buried + int(d.buried[i, k])] = 1.0
        top = d.top[i]
        for place in range(d.left[i]):
            card = int(d.stock[i, top + place])
            if r.redrawn[card] and d.public[i, card]:
                row[r.obs_stock_known + card] = r.position_value[place + 1]
    row[r.obs_stock] = r.stock_value[d.left[i]]


@inlined
def write_counts(r: Rulebook, d: Deals, i: int, seat: int, row: NDArray[np.float32]) -> None:
    """The hand sizes, and each side's points and tricks."""
    rel = r.rel[seat]
    for other in range(r.n):
        if d.held[i, other]:
            row[r.obs_sizes + rel[other]] = r.size_value[d.held[i, other]]
    for side in range(r.sides):
        place = r.side_place[seat, side]
        row[r.obs_points + place] = r.points_value[d.taken[i, side]]
        row[r.obs_tricks + place] = r.tricks_value[d.side_won[i, side]]


@inlined
def write_contract(r: Rulebook, d: Deals, i: int, seat: int, row: NDArray[np.float32]) -> None:
    """The auction's record: the highest bid, the declarer, the seats
    passed, the called card, and the partner if ``seat`` may know it (its
    holder, or everyone once the called card is played)."""
    rel = r.rel[seat]
    if d.high[i] >= 0:
        row[r.obs_bid + d.high[i]] = 1.0
    if d.declarer[i] >= 0:
        row[r.obs_declarer + rel[d.declarer[i]]] = 1.0
    for other in range(r.n):
        if d.passed[i] >> other & 1:
            row[r.obs_passed + rel[other]] = 1.0
    called = d.called[i]
    if called >= 0:
        row[r.obs_called + called] = 1.0
        partner = d.partner[i]
        if seat == partner or not d.hands[i, partner, called]:
            row[r.obs_partner + rel[partner]] = 1.0


@inlined
def write_talk(r: Rulebook, d: Deals, i: int, seat: int, row: NDArray[np.float32]) -> None:
    """The words said in the trick in progress, and the signs the seat and
    its partner made in the deal."""
    rel = r.rel[seat]
    for other in range(r.n):
        for word in range(r.words):
            if d.said[i, other, word]:
                row[r.obs_words + rel[other] * r.words + word] = 1.0
    partner = r.talk_partner[seat]
    for signal in range(r.signals):
        if d.signed[i, seat, signal]:
            row[r.obs_signs + signal] = 1.0
        if d.signed[i, partner, signal]:
            row[r.obs_signs + r.signals + signal] = 1.0


@inlined
def write_observation(r: Rulebook, d: Deals, i: int, seat: int, row: NDArray[np.float32]) -> None:
    """Write ``seat``'s encoded observation of deal ``i`` into ``row``."""
    row[:] = 0.0
    write_hands(r, d, i, seat, row)
    write_table(r, d, i, seat, row)
    write_counts(r, d, i, seat, row)
    if r.auction:
        write_contract(r, d, i, seat, row)
    rel = r.rel[seat]
    if not d.over[i]:
        row[r.obs_to_move + rel[d.mover[i]]] = 1.0
    row[r.obs_dealer + rel[d.dealer[i]]] = 1.0
    row[r.obs_phase + d.phase[i]] = 1.0
    if r.talk:
        write_talk(r, d, i, seat, row)


@inlined
def add_talk(r: Rulebook, d: Deals, i: int, seat: int, row: NDArray[np.float32]) -> None:
    """Bring ``row``, ``seat``'s observation of deal ``i`` before its last
    action, up to date when that action was a word or a sign: the one
    entry it sets, if ``seat`` heard or saw it (nothing else changes)."""
    action = d.last_action[i]
    talker = d.mover[i]  # talk leaves the same seat to move
    if action < r.act_sign:
        word = action - r.act_say
        row[r.obs_words + r.rel[seat, talker] * r.words + word] = 1.0
    elif talker == seat:
        row[r.obs_signs + action - r.act_sign] = 1.0
    elif talker == r.talk_partner[seat]:
        row[r.obs_signs + r.signals + action - r.act_sign] = 1.0


@kernel
def observe_deals(r: Rulebook, d: Deals, seats: NDArray[np.int64]) -> None:
    """Write into ``d.obs`` each deal's observation by ``seats[i]``, or
    by the seat to move where ``seats[i]`` is ``-1`` (zeros where that
    deal is over). Only what changed since a row was last written is
    written: nothing when its deal and seat are the same, the one entry
    of a word or a sign when that was the deal's only action since, the
    whole row otherwise."""
    for i in range(d.obs.shape[0]):
        seat = seats[i]
        if seat < 0 and not d.over[i]:
            seat = d.mover[i]
        if d.obs_seat[i] == seat and d.obs_version[i] == d.version[i]:
            continue
        if seat < 0:
            d.obs[i, :] = 0.0
        elif (
            r.talk
            and d.obs_seat[i] == seat
            and d.obs_version[i] == d.version[i] - 1
            and d.last_action[i] >= r.act_say
        ):
            add_talk(r, d, i, seat, d.obs[i])
        else:
            write_observation(r, d, i, seat, d.obs[i])
        d.obs_seat[i] = seat
        d.obs_version[i] = d.version[i]
