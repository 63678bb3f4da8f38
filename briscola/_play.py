"""Trick play, drawing and the trump exchange (SPEC §4, §5)."""

from __future__ import annotations

import operator

from ._actions import PLAYS, SWAPS, Action, IllegalActionError, Play, SwapTrump
from ._cards import Card, Rank
from ._rules import Exchange
from ._state import GameState, Phase, StateBuilder, make_state

__all__ = ["PLAY_OF", "play_actions", "apply_play", "apply_swap", "swap_cards", "why_no_swap"]

# Enum members as module constants: on Python 3.11 an attribute lookup
# on an Enum class costs several times a global lookup.
_NONE = Exchange.NONE
_SEVEN_AFTER_WIN = Exchange.SEVEN_AFTER_WIN
_TWO_FIRST_TRICK = Exchange.TWO_FIRST_TRICK
_OVER = Phase.OVER
_PLAYING = Phase.PLAYING

PLAY_OF = {play.card: play for play in PLAYS}
_play_of = PLAY_OF.__getitem__

# Spanish exchange (seed 004): which face-up ranks each trump may take.
_SPANISH_TAKES = {
    Rank.SEVEN: frozenset({Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.JACK}),
    Rank.TWO: frozenset({Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR}),
}


def play_actions(state: GameState) -> tuple[Action, ...]:
    """Legal actions while tricks are played: exchanges first, then the
    cards of the hand in hand order."""
    plays: tuple[Action, ...] = tuple(map(_play_of, state.hands[state.to_move]))  # type: ignore[index]
    if state.rules.exchange is _NONE or state.trump_card is None:
        return plays
    swaps = tuple(SWAPS[card.index] for card in swap_cards(state))
    return swaps + plays if swaps else plays


def swap_cards(state: GameState) -> tuple[Card, ...]:
    """The trumps the seat to move may exchange for the trump card now."""
    return tuple(
        card
        for card in state.hands[state.to_move]  # type: ignore[index]
        if card.suit is state.trump and why_no_swap(state, card) is None
    )


def why_no_swap(state: GameState, card: Card) -> str | None:
    """Why the seat to move may not give ``card`` for the trump card now,
    or ``None`` if it may."""
    rules = state.rules
    seat = state.to_move
    mode = rules.exchange
    face_up = state.trump_card
    if mode is _NONE:
        return "these rules have no trump exchange"
    if state.phase is not _PLAYING or seat is None:
        return "there is no exchange outside trick play"
    if face_up is None:
        return "the trump card has already been drawn"
    if card not in state.hands[seat]:
        return f"the {card} is not in seat {seat}'s hand"
    if card.suit is not face_up.suit:
        return f"the {card} is not a trump"
    won = state.tricks_won
    side_won = any(won[s] for s in rules.sides[state.setup.table.side_of[seat]])
    if mode is _TWO_FIRST_TRICK:
        if card.rank is not Rank.TWO:
            return "only the two of trumps may be exchanged"
        if any(won):
            return "the two may be exchanged only during the first trick"
        return None
    if mode is _SEVEN_AFTER_WIN:
        if card.rank is not Rank.SEVEN:
            return "only the seven of trumps may be exchanged"
        if not side_won:
            return f"seat {seat}'s side has not won a trick yet"
        if len(state.stock) + 1 < 2 * state.setup.table.trick_size:
            return "the seven may be exchanged only while two tricks with drawing remain"
        return None
    takes = _SPANISH_TAKES.get(card.rank)
    if takes is None:
        return "only the seven or the two of trumps may be exchanged"
    if face_up.rank not in takes:
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
    seat: int = state.to_move  # type: ignore[assignment]
    hand = state.hands[seat]
    given = action.card
    new_hand = tuple(card for card in hand if card is not given) + (state.trump_card,)
    hands = state.hands[:seat] + (new_hand,) + state.hands[seat + 1 :]
    return make_state(
        state.setup,
        state.phase,
        seat,
        hands,
        state.stock,
        given,
        state.trump,
        state.trick,
        state.piles,
        state.history + (SWAPS[given.index],),
        state.actors + (seat,),
        state.tricks_won,
        state.trump_drawn,
        state.contract,
    )


def apply_play(state: GameState, action: Play) -> GameState:
    """Play ``action.card`` for the seat to move; collect a complete trick,
    draw, and end the deal after the last trick."""
    # The hot path of every search: plain tuple work, no evolve, no checks
    # beyond the one that the card is in the mover's hand.
    seat: int = state.to_move  # type: ignore[assignment]
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
    table = state.setup.table
    hands_list = list(hands)
    hands_list[seat] = hand[:i] + hand[i + 1 :]
    trick = state.trick + ((seat, card),)
    count = len(trick)
    if count < table.trick_size:
        # The commonest step of all: build the state with plain slot stores
        # (see _state.StateBuilder), sharing every unchanged field.
        new: StateBuilder = _new(StateBuilder)
        new.setup = state.setup
        new.phase = _PLAYING
        new.to_move = table.trick_orders[trick[0][0]][count]
        new.hands = tuple(hands_list)
        new.stock = state.stock
        new.trump_card = state.trump_card
        new.trump = state.trump
        new.trick = trick
        new.piles = state.piles
        new.history = state.history + (action,)
        new.actors = state.actors + (seat,)
        new.tricks_won = state.tricks_won
        new.trump_drawn = state.trump_drawn
        new.contract = state.contract
        new.__class__ = GameState  # type: ignore[assignment]
        return new  # type: ignore[return-value]

    # The trick is complete: the highest trump, else the highest card of
    # the suit led, takes it.
    trump = state.trump
    beats = table.beats[trump]
    if count == 2:  # two seats: one comparison, no loop
        leader, first = trick[0]
        winner = seat if beats[first.index * 40 + card.index] else leader
        cards: tuple[Card, ...] = (first, card)
    else:
        winner, best = trick[0]
        best_index = best.index * 40
        for other, other_card in trick[1:]:
            if beats[best_index + other_card.index]:
                winner, best_index = other, other_card.index * 40
        cards = tuple(map(_second, trick))

    piles = list(state.piles)
    piles[table.pile_of[winner]] += cards
    won = list(state.tricks_won)
    won[winner] += 1

    # Draw: the winner first, then in playing order; the trump card last.
    stock = state.stock
    trump_card = state.trump_card
    trump_drawn = state.trump_drawn
    to_move: int | None = winner
    phase = _PLAYING
    if trump_card is not None:
        order = table.trick_orders[winner]
        for drawer, drawn in zip(order, stock):
            hands_list[drawer] += (drawn,)
        if len(stock) >= len(order):
            stock = stock[len(order) :]
        else:  # the stock runs out: the last seat takes the trump card
            last = order[-1]
            hands_list[last] += (trump_card,)
            trump_drawn = (last, trump_card)
            trump_card = None
            stock = ()
    elif not hands_list[winner]:
        phase, to_move = _OVER, None
    new = _new(StateBuilder)
    new.setup = state.setup
    new.phase = phase
    new.to_move = to_move
    new.hands = tuple(hands_list)
    new.stock = stock
    new.trump_card = trump_card
    new.trump = trump
    new.trick = ()
    new.piles = tuple(piles)
    new.history = state.history + (action,)
    new.actors = state.actors + (seat,)
    new.tricks_won = tuple(won)
    new.trump_drawn = trump_drawn
    new.contract = state.contract
    new.__class__ = GameState  # type: ignore[assignment]
    return new  # type: ignore[return-value]


_second = operator.itemgetter(1)
_new = object.__new__
