"""Trick play, drawing and the trump exchange."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from ._actions import PLAYS, SWAPS, Action, IllegalActionError, Play, SwapTrump
from ._build import twin
from ._cards import Card, Rank
from ._rules import EXCHANGE_NONE, EXCHANGE_SEVEN_AFTER_WIN, EXCHANGE_TWO_FIRST_TRICK
from ._state import PHASE_OVER, PHASE_PLAYING, GameState, swapped
from ._trick import Table

__all__ = [
    "PLAY_OF",
    "PLAYS_OF_HAND",
    "play_actions",
    "trick_actions",
    "apply_play",
    "apply_swap",
    "swap_cards",
    "why_no_swap",
]


PLAY_OF = {play.card: play for play in PLAYS}


def _plays_lister(size: int) -> Callable[[tuple[Card, ...]], tuple[Play, ...]]:
    """A function that takes a hand of ``size`` cards to its ``Play``
    actions, in hand order: unpacked and looked up one by one, three times
    as fast as ``tuple(map(PLAY_OF.__getitem__, hand))``."""
    names = [f"c{i}" for i in range(size)]
    unpack = f"    {', '.join(names)}, = hand\n" if size else ""
    listed = "".join(f"play_of[{name}], " for name in names)
    source = f"def plays(hand):\n{unpack}    return ({listed})\n"
    scope: dict[str, Any] = {"play_of": PLAY_OF}
    exec(compile(source, f"<plays of {size} cards>", "exec"), scope)
    plays: Callable[[tuple[Card, ...]], tuple[Play, ...]] = scope["plays"]
    return plays


PLAYS_OF_HAND: tuple[Callable[[tuple[Card, ...]], tuple[Play, ...]], ...] = tuple(
    _plays_lister(size) for size in range(41)
)
"""Per hand size, the function that lists a hand's ``Play`` actions."""


def play_actions(state: GameState) -> tuple[Action, ...]:
    """Legal actions while tricks are played: exchanges first, then the
    cards of the hand in hand order.

    The exchanges come from the rules table: the trumps that may be given
    for the face-up card by rank (``Table.swap_gives``), found in the hand
    by set lookups, and only when one is there the checks of when and by
    whom (:func:`_may_exchange`), once for the hand; :func:`why_no_swap`
    says the same card by card, and says why not.
    """
    seat = state.to_move
    assert seat is not None  # trick play: a seat is always to move
    hand = state.hands[seat]
    face_up = state.trump_card
    if face_up is None or state.setup.table.swap_gives[face_up.index].isdisjoint(hand):
        # No trump in hand that the face-up card could take (the common
        # case): the cards alone, without trick_actions' call.
        return PLAYS_OF_HAND[len(hand)](hand)
    return trick_actions(
        state.setup.table, seat, hand, face_up, state.tricks_won, len(state.stock), state.history
    )


def trick_actions(
    table: Table,
    seat: int,
    hand: tuple[Card, ...],
    face_up: Card | None,
    won: tuple[int, ...],
    stock_size: int,
    history: tuple[Action, ...],
) -> tuple[Action, ...]:
    """The legal actions of ``seat``, to move in trick play under
    ``table``'s rules, from what the seat sees: its ``hand``, the face-up
    trump card, the tricks each seat has ``won``, the stock's size and
    the ``history`` (only its last action counts, and it is the seat's
    own or public). :func:`play_actions` for a deal, and
    :func:`briscola.legal_actions` for an observation."""
    plays: tuple[Action, ...] = PLAYS_OF_HAND[len(hand)](hand)
    if face_up is None:
        return plays
    gives = table.swap_gives[face_up.index]
    if (
        not gives
        or gives.isdisjoint(hand)
        or not _may_exchange(table, seat, won, stock_size, history)
    ):
        return plays
    return tuple(SWAPS[card.index] for card in hand if card in gives) + plays


def swap_cards(state: GameState) -> tuple[Card, ...]:
    """The trumps the seat to move may exchange for the trump card now."""
    seat = state.to_move
    assert seat is not None  # trick play: a seat is always to move
    return tuple(
        card
        for card in state.hands[seat]
        if card.suit is state.trump and why_no_swap(state, card) is None
    )


def _may_exchange(
    table: Table, seat: int, won: tuple[int, ...], stock_size: int, history: tuple[Action, ...]
) -> bool:
    """Whether ``seat``, to move in trick play with the trump card face up,
    may now give a trump that the exchange's ranks allow: the checks of
    :func:`why_no_swap` after those of the card itself."""
    rules = table.rules
    mode = rules.exchange
    if mode is EXCHANGE_TWO_FIRST_TRICK:
        return not any(won)
    side_won = any(won[s] for s in table.side_seats[seat])
    if mode is EXCHANGE_SEVEN_AFTER_WIN:
        return side_won and stock_size + 1 >= 2 * table.trick_size
    if not (side_won if rules.exchange_side_wins else won[seat]):
        return False
    return stock_size > 0 and not (history and type(history[-1]) is SwapTrump)


def why_no_swap(state: GameState, card: Card) -> str | None:
    """Why the seat to move may not give ``card`` for the trump card now,
    or ``None`` if it may. (Its timing checks are mirrored by the batched
    engine's ``may_exchange_now`` kernel, in
    ``briscola/vector/_exchange.py``.)"""
    rules = state.rules
    seat = state.to_move
    mode = rules.exchange
    face_up = state.trump_card
    if mode is EXCHANGE_NONE:
        return "these rules have no trump exchange"
    if state.phase is not PHASE_PLAYING or seat is None:
        return "there is no exchange outside trick play"
    if face_up is None:
        return "the trump card has already been drawn"
    if card not in state.hands[seat]:
        return f"the {card} is not in seat {seat}'s hand"
    if card.suit is not face_up.suit:
        return f"the {card} is not a trump"
    table = state.setup.table
    won = state.tricks_won
    side_won = any(won[s] for s in table.side_seats[seat])
    if mode is EXCHANGE_TWO_FIRST_TRICK:
        if card.rank is not Rank.TWO:
            return "only the two of trumps may be exchanged"
        if any(won):
            return "the two may be exchanged only during the first trick"
        return None
    if mode is EXCHANGE_SEVEN_AFTER_WIN:
        if card.rank is not Rank.SEVEN:
            return "only the seven of trumps may be exchanged"
        if not side_won:
            return f"seat {seat}'s side has not won a trick yet"
        if len(state.stock) + 1 < 2 * table.trick_size:
            return "the seven may be exchanged only while two tricks with drawing remain"
        return None
    if card.rank not in (Rank.SEVEN, Rank.TWO):
        return "only the seven or the two of trumps may be exchanged"
    if card not in table.swap_gives[face_up.index]:
        return f"the {card.rank} of trumps cannot take a face-up {face_up.rank}"
    if rules.exchange_side_wins and not side_won:
        return f"seat {seat}'s side has not won a trick yet"
    if not rules.exchange_side_wins and not won[seat]:
        return f"seat {seat} has not won a trick yet"
    if not state.stock:
        return "no face-down card remains in the stock"
    if state.history and type(state.history[-1]) is SwapTrump:
        return "only one exchange is allowed per turn"
    return None


def apply_swap(state: GameState, action: SwapTrump) -> GameState:
    """Exchange ``action.card`` for the face-up trump card."""
    reason = why_no_swap(state, action.card)
    if reason is not None:
        raise IllegalActionError(
            f"seat {state.to_move} cannot exchange the {action.card}: {reason}"
        )
    seat = state.to_move
    face_up = state.trump_card
    assert seat is not None and face_up is not None  # as why_no_swap found
    hand = state.hands[seat]
    given = action.card
    new_hand = tuple(card for card in hand if card is not given) + (face_up,)
    hands = state.hands[:seat] + (new_hand,) + state.hands[seat + 1 :]
    return swapped(
        state,
        hands=hands,
        trump_card=given,
        history=state.history + (SWAPS[given.index],),
        actors=state.actors + (seat,),
    )


def apply_play(state: GameState, action: Play) -> GameState:
    """Play ``action.card`` for the seat to move; collect a complete trick,
    draw, and end the deal after the last trick."""
    # The hot path of every search: plain tuple work, no evolve, no checks
    # beyond the one that the card is in the mover's hand. The new state is
    # filled inline here and in the two trick-ending functions below: an
    # instance of GameState's mutable twin (_TWIN), every field stored by
    # hand, unchanged ones shared with ``state``, then relabelled as a
    # GameState.
    seat = state.to_move
    assert seat is not None  # trick play: a seat is always to move
    card = action.card
    hands = state.hands
    hand = hands[seat]
    try:
        i = hand.index(card)
    except ValueError:
        raise IllegalActionError(
            f"seat {seat} cannot play the {card}: it is not in their hand"
            if isinstance(card, Card)
            else f"{action!r} does not hold a card"
        ) from None
    rest = _WITHOUT[len(hand)][i](hand)
    trick = state.trick
    count = len(trick) + 1
    table = state.setup.table
    if count < table.trick_size:
        # The commonest step of all: the trick goes on with the next seat.
        if len(hands) == 2:
            hands = (rest, hands[1]) if seat == 0 else (hands[0], rest)
        else:
            changed = list(hands)
            changed[seat] = rest
            hands = tuple(changed)
        # Filled inline, not through a copier: the call would cost a fifth of
        # the step (see the performance page); tests/test_shape.py checks
        # that this fill and those of the trick's last card set every field.
        new = _TWIN()
        new.setup = state.setup
        new.phase = PHASE_PLAYING
        new.to_move = table.trick_orders[seat][1]
        new.hands = hands
        new.stock = state.stock
        new.trump_card = state.trump_card
        new.trump = state.trump
        new.trick = trick + ((seat, card),)
        new.piles = state.piles
        new.history = state.history + (action,)
        new.actors = state.actors + (seat,)
        new.tricks_won = state.tricks_won
        new.trump_drawn = state.trump_drawn
        new.contract = state.contract
        new._given = state._given
        new.is_over = False
        talk = state._talk
        # With table talk, a card played starts the next seat's turn (see
        # _heard): it clears the record's turn code and nothing else.
        new._talk = talk if talk is None or not talk[0] else (0, talk[1])
        new.__class__ = GameState
        return new  # type: ignore[no-any-return]  # the relabelled twin: see _TWIN
    if count == 2:
        return _two_seat_trick(state, action, seat, rest, table)
    return _complete_trick(state, action, seat, rest, table)


def _complete_trick(
    state: GameState, action: Play, seat: int, rest: tuple[Card, ...], table: Table
) -> GameState:
    """:func:`apply_play` for the card that completes a trick of three
    cards or more: the highest trump, else the highest card of the suit
    led, takes the trick; then everyone draws and the winner leads.

    Fast because one loop over the trick finds the winner with the rules'
    ``beats`` table (the rule of :func:`~briscola._trick.leading`, inline:
    without the call and without first adding the last card to the
    trick), the draw reads who draws from ``Table.drawers``, each changed
    tuple is rebuilt once through a list, and the state is filled inline.
    """
    card = action.card
    trick = state.trick
    beats = table.beats[state.trump]
    winner, best = trick[0]
    best_at = best.index * 40
    for other, played in trick[1:]:
        at = played.index
        if beats[best_at + at]:
            winner, best_at = other, at * 40
    if beats[best_at + card.index]:
        winner = seat

    piles = list(state.piles)
    piles[table.pile_of[winner]] += (*map(_second, trick), card)
    won = list(state.tricks_won)
    won[winner] += 1

    hands = list(state.hands)
    hands[seat] = rest
    stock = state.stock
    trump_card = state.trump_card
    trump_drawn = state.trump_drawn
    to_move: int | None = winner
    phase = PHASE_PLAYING
    if trump_card is not None:
        # Draw (Table.drawers): the stock's cards in turn, then the face-up
        # trump card if the stock runs out.
        drawers = table.drawers[winner][len(stock)]
        for drawer, drawn in zip(drawers, stock):
            hands[drawer] += (drawn,)
        if len(drawers) > len(stock):
            last = drawers[-1]
            hands[last] += (trump_card,)
            trump_drawn = (last, trump_card)
            trump_card = None
            stock = ()
        else:
            stock = stock[len(drawers) :]
    elif not hands[winner]:
        phase, to_move = PHASE_OVER, None
    new = _TWIN()  # filled inline: see apply_play
    new.setup = state.setup
    new.phase = phase
    new.to_move = to_move
    new.hands = tuple(hands)
    new.stock = stock
    new.trump_card = trump_card
    new.trump = state.trump
    new.trick = ()
    new.piles = tuple(piles)
    new.history = state.history + (action,)
    new.actors = state.actors + (seat,)
    new.tricks_won = tuple(won)
    new.trump_drawn = trump_drawn
    new.contract = state.contract
    new._given = state._given
    new.is_over = phase is PHASE_OVER
    talk = state._talk
    new._talk = talk if talk is None or not talk[0] else (0, talk[1])  # see apply_play
    new.__class__ = GameState
    return new  # type: ignore[no-any-return]  # the relabelled twin: see _TWIN


def _two_seat_trick(
    state: GameState, action: Play, seat: int, rest: tuple[Card, ...], table: Table
) -> GameState:
    """:func:`apply_play` for the second card of a two-seat trick: the
    same rules as the general case, spelled out for two seats (the
    commonest game) without lists or loops."""
    card = action.card
    leader, first = state.trick[0]
    trump = state.trump
    if table.takes(trump, first, card):
        winner, win_hand, lose_hand = seat, rest, state.hands[leader]
    else:
        winner, win_hand, lose_hand = leader, state.hands[leader], rest
    piles = state.piles
    cards = (first, card)
    won = state.tricks_won

    # Draw, as Table.drawers has it for two seats: the winner first, then
    # the loser, who takes the face-up trump card when the stock runs out.
    stock = state.stock
    trump_card = state.trump_card
    trump_drawn = state.trump_drawn
    over = False
    if trump_card is None:
        over = not win_hand
    elif len(stock) >= 2:
        win_hand += (stock[0],)
        lose_hand += (stock[1],)
        stock = stock[2:]
    else:
        win_hand += stock
        lose_hand += (trump_card,)
        trump_drawn = (1 - winner, trump_card)
        trump_card = None
        stock = ()
    if winner == 0:
        hands = (win_hand, lose_hand)
        tricks_won = (won[0] + 1, won[1])
    else:
        hands = (lose_hand, win_hand)
        tricks_won = (won[0], won[1] + 1)
    if table.pile_of[winner] == 0:
        piles = (piles[0] + cards, piles[1])
    else:
        piles = (piles[0], piles[1] + cards)
    new = _TWIN()  # filled inline: see apply_play
    new.setup = state.setup
    new.phase = PHASE_OVER if over else PHASE_PLAYING
    new.to_move = None if over else winner
    new.hands = hands
    new.stock = stock
    new.trump_card = trump_card
    new.trump = trump
    new.trick = ()
    new.piles = piles
    new.history = state.history + (action,)
    new.actors = state.actors + (seat,)
    new.tricks_won = tricks_won
    new.trump_drawn = trump_drawn
    new.contract = state.contract
    new._given = state._given
    new.is_over = over
    talk = state._talk
    new._talk = talk if talk is None or not talk[0] else (0, talk[1])  # see apply_play
    new.__class__ = GameState
    return new  # type: ignore[no-any-return]  # the relabelled twin: see _TWIN


def _without(size: int, i: int) -> Callable[[tuple[Card, ...]], tuple[Card, ...]]:
    """A function that takes a hand of ``size`` cards to the same hand
    without its ``i``-th card (an ``itemgetter``: no Python frame)."""
    keep = [k for k in range(size) if k != i]
    if len(keep) < 2:  # itemgetter of one index returns the item, of a slice a tuple
        return operator.itemgetter(slice(len(keep) and keep[0], len(keep) and keep[0] + 1))
    return operator.itemgetter(*keep)


_WITHOUT = tuple(tuple(_without(size, i) for i in range(size)) for size in range(41))
"""Per hand size (a hand never holds more than the pack's 40 cards) and
position, the hand without the card at that position."""

_second = operator.itemgetter(1)
_TWIN: Callable[[], Any] = twin(GameState)
"""A mutable class with :class:`GameState`'s layout, for the inline fills.
An instance is untyped (``Any``) to mypy, so that its fields can be
stored; relabelled, it is returned as the ``GameState`` it has become
with ``type: ignore[no-any-return]``: binding it to a typed name first
would cost an instruction pair on the hottest steps."""
