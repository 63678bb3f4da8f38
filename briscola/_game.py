"""One deal's transitions: the legal actions of a :class:`GameState` and
the state after one of them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._actions import (
    CUT,
    KNOCK,
    Action,
    Bid,
    Call,
    Cut,
    IllegalActionError,
    Knock,
    Pass,
    Play,
    Say,
    Sign,
    SwapTrump,
)
from ._auction import apply_bid, apply_call, apply_pass, auction_actions, call_actions
from ._deal import deal_cards
from ._play import apply_play, apply_swap, play_actions
from ._rules import DEAL_CUT, DEAL_KNOCK
from ._state import (
    PHASE_BIDDING,
    PHASE_CALLING,
    PHASE_CUT_OR_KNOCK,
    PHASE_OVER,
    PHASE_PLAYING,
    GameState,
    LiveState,
    Phase,
)
from ._talk import apply_say, apply_sign, forged_talk, talk_actions

__all__ = ["game_legal_actions", "game_apply", "short_repr"]

# The auction's functions and the transitions (TRANSITIONS below) take
# the state in the type of their phase (AuctionState, LiveState: see
# _state), which the phase tests here prove; so they are bound here as
# taking any state, once, and nothing checks the seat to move for None
# again at run time.
_bids: Callable[[Any], tuple[Action, ...]] = auction_actions
_calls: Callable[[Any], tuple[Action, ...]] = call_actions


def game_legal_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions of a deal (the order is documented on
    :func:`briscola.legal_actions`)."""
    phase = state.phase
    if phase is PHASE_PLAYING:
        # The public legal_actions answers plain trick play itself, with
        # the same result, before it calls this.
        if state.rules.table_talk:
            return play_actions(state) + talk_actions(state)
        return play_actions(state)
    if phase is PHASE_OVER:
        return ()
    if phase is PHASE_BIDDING:
        return _bids(state)
    if phase is PHASE_CALLING:
        return _calls(state)
    return (CUT, KNOCK)


def _apply_cut(state: LiveState, action: Cut) -> GameState:
    """The cutter cuts: the pack is dealt in the cut style."""
    return deal_cards(state.rules, state.pack, state.dealer, DEAL_CUT, (CUT,), (state.to_move,))


def _apply_knock(state: LiveState, action: Knock) -> GameState:
    """The cutter knocks: the pack is dealt in the knocked style."""
    return deal_cards(state.rules, state.pack, state.dealer, DEAL_KNOCK, (KNOCK,), (state.to_move,))


_Transition = Callable[[Any, Any], GameState]

TRANSITIONS: dict[type, tuple[Phase, _Transition]] = {
    Play: (PHASE_PLAYING, apply_play),
    SwapTrump: (PHASE_PLAYING, apply_swap),
    Bid: (PHASE_BIDDING, apply_bid),
    Pass: (PHASE_BIDDING, apply_pass),
    Call: (PHASE_CALLING, apply_call),
    Cut: (PHASE_CUT_OR_KNOCK, _apply_cut),
    Knock: (PHASE_CUT_OR_KNOCK, _apply_knock),
    # Table talk: a word or a sign before the seat plays (see _talk).
    Say: (PHASE_PLAYING, apply_say),
    Sign: (PHASE_PLAYING, apply_sign),
}
"""Per action type, the phase that takes it and its transition: each kind
of action belongs to exactly one phase."""

_transition = TRANSITIONS.get


def game_apply(state: GameState, action: Action) -> GameState:
    """The deal after ``action``, or :class:`IllegalActionError`."""
    entry = _transition(type(action))
    if entry is not None and entry[0] is state.phase:
        return entry[1](state, action)
    raise IllegalActionError(_why_not_now(state, action))


_WAITING = {
    PHASE_CUT_OR_KNOCK: "the pack is waiting to be cut or knocked",
    PHASE_BIDDING: "the auction is under way",
    PHASE_CALLING: "the declarer is to call a card",
    PHASE_PLAYING: "tricks are being played",
}


def _why_not_now(state: GameState, action: object) -> str:
    if type(action) not in TRANSITIONS:
        return f"{short_repr(action)} is not an action"
    forged = forged_talk(action)
    if forged is not None:
        return forged
    if state.phase is PHASE_OVER:
        return f"the deal is over: no one can {action}"
    return f"seat {state.to_move} cannot {action} now: {_WAITING[state.phase]}"


def short_repr(value: object, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters: error messages never
    echo unbounded input."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
