"""Play and tricks (internal kernels): a card played, a complete trick
collected by the card that takes it, and the draw after it (the engine's
``briscola._play.apply_play`` and ``_complete_trick``; who takes a trick
is the ``beats`` table of :func:`briscola._trick.leading`, who plays and
who draws are ``Table.trick_orders`` and ``Table.drawers``).
"""

from __future__ import annotations

from ._compiling import inlined
from ._deals import Deals
from ._hands import receive, release
from ._rulebook import OVER, Rulebook

__all__ = ["close_trick", "draw_round", "play_card"]


@inlined
def play_card(r: Rulebook, d: Deals, i: int, card: int) -> None:
    """The seat to move in deal ``i`` plays ``card`` from its hand; the
    next seat of the trick moves, or the trick is complete and closed."""
    seat = d.mover[i]
    release(r, d, i, seat, card)
    k = d.played[i]
    leader = seat if k == 0 else d.leader[i]
    d.leader[i] = leader
    d.trick[i, k] = card
    d.played_by[i, card] = seat
    plays = d.plays[i]
    d.play_log[i, plays] = card
    d.plays[i] = plays + 1
    d.swapped[i] = False
    d.talked[i] = 0
    if k + 1 < r.trick:
        d.played[i] = k + 1
        d.mover[i] = r.trick_order[leader, k + 1]
    else:
        close_trick(r, d, i)


@inlined
def trick_taker(r: Rulebook, d: Deals, i: int) -> int:
    """The place in the complete trick of deal ``i`` of the card that
    takes it: the card winning stays winning unless a later card beats it
    (:func:`briscola._trick.leading`)."""
    trump = d.trump[i]
    best = d.trick[i, 0]
    at = 0
    for j in range(1, r.trick):
        card = d.trick[i, j]
        if r.beats[trump, best, card]:
            best = card
            at = j
    return at


@inlined
def close_trick(r: Rulebook, d: Deals, i: int) -> None:
    """Collect the complete trick of deal ``i`` into its taker's pile,
    draw while cards remain, and end the deal when the taker's hand is
    empty with nothing left to draw."""
    winner = r.trick_order[d.leader[i], trick_taker(r, d, i)]
    side = r.side_of[winner]
    pile = r.pile_of[winner]
    taken = d.taken[i, side]
    for j in range(r.trick):
        card = d.trick[i, j]
        taken += r.points[card]
        d.pile[i, card] = pile
        d.trick[i, j] = -1
    d.taken[i, side] = taken
    d.side_won[i, side] += 1
    d.won[i, winner] += 1
    d.played[i] = 0
    d.leader[i] = -1
    if r.talk:  # words are said with table talk only
        for seat in range(r.n):
            d.said[i, seat, :] = False
    d.mover[i] = winner
    if d.up[i]:
        draw_round(r, d, i, winner)
    elif d.held[i, winner] == 0:
        d.phase[i] = OVER
        d.over[i] = True


@inlined
def seat_after(r: Rulebook, seat: int, places: int) -> int:
    """The seat ``places`` (0 to n - 1) after ``seat``: ``(seat + places)
    % n`` without a division."""
    after = seat + places
    return after - r.n if after >= r.n else after


@inlined
def draw_round(r: Rulebook, d: Deals, i: int, winner: int) -> None:
    """The draw after a trick that ``winner`` took: the stock's cards in
    turn from the winner (``Table.drawers``), the last drawer taking the
    face-up card when the stock runs out."""
    left = d.left[i]
    draws = r.draws[left]
    face_up = r.takes_face_up[left]
    from_stock = draws - 1 if face_up else draws
    top = d.top[i]
    for j in range(from_stock):
        seat = seat_after(r, winner, r.draw_seat[left, j])
        receive(r, d, i, seat, d.stock[i, top + j])
    if face_up:
        seat = seat_after(r, winner, r.draw_seat[left, draws - 1])
        receive(r, d, i, seat, d.face[i])
        d.drawn_by[i] = seat
        d.up[i] = False
    d.top[i] = top + from_stock
    d.left[i] = left - from_stock
