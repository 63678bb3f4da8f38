"""The public transition functions: :func:`legal_actions`, :func:`apply`,
:func:`is_legal` and :func:`outcome`, for a deal or a match alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, overload

from ._actions import Action, IllegalActionError, Play
from ._cards import Card
from ._game import TRANSITIONS, game_apply, game_legal_actions
from ._heard import OPEN_TALK as _OPEN_TALK
from ._match import MatchState, match_apply, match_legal_actions, match_outcome
from ._observe import Observation
from ._observed_actions import observed_actions
from ._outcome import game_outcome
from ._play import PLAY_OF as _PLAY
from ._play import PLAYS_OF_HAND as _PLAYS_OF_HAND
from ._play import apply_play, play_actions
from ._state import PHASE_PLAYING, GameState, Outcome

__all__ = ["legal_actions", "apply", "outcome", "is_legal", "final_outcome", "hand_to_play"]

_transition = TRANSITIONS.get

_LEGAL: dict[type, Callable[[Any], tuple[Action, ...]]] = {
    GameState: game_legal_actions,
    MatchState: match_legal_actions,
    Observation: observed_actions,
}
_APPLY: dict[type, Callable[[Any, Action], GameState | MatchState]] = {
    GameState: game_apply,
    MatchState: match_apply,
}
_OUTCOME: dict[type, Callable[[Any], Outcome | None]] = {
    GameState: game_outcome,
    MatchState: match_outcome,
}


def _not_a_state(state: object) -> TypeError:
    return TypeError(f"expected a GameState or a MatchState, not {type(state).__name__}")


def legal_actions(state: GameState | MatchState | Observation) -> tuple[Action, ...]:
    """Every action the seat to move may take, in a fixed order.

    The actions, and their order, depend only on what the seat to move can
    see, so an :class:`~briscola.Observation` of that seat gives the same:
    ``legal_actions(observe(state, state.to_move)) == legal_actions(state)``
    while the deal goes on. An observation of any other seat, or of a
    finished deal, gives ``()``: a client or a bot that holds only what its
    seat sees learns its own moves from it. The order:

    - trick play: the allowed trump exchanges (:class:`~briscola.SwapTrump`),
      then one :class:`~briscola.Play` per card in hand, in hand order;
      with table talk, then every :class:`~briscola.Say` and every
      :class:`~briscola.Sign` still allowed this turn, in the order of
      :class:`~briscola.Word` and :class:`~briscola.Signal`;
    - Split dealing: :class:`~briscola.Cut`, then :class:`~briscola.Knock`;
    - bastardo's auction: :class:`~briscola.Pass`, then every higher
      :class:`~briscola.Bid`, lowest first;
    - bastardo's call: a :class:`~briscola.Call` per callable card, in
      canonical pack order.

    Args:
        state: A deal (:class:`~briscola.GameState`), a match
            (:class:`~briscola.MatchState`), or what one seat sees of
            either (:class:`~briscola.Observation`).

    Returns:
        The legal actions; for a deal or a match, empty exactly when it is
        over; for an observation, empty unless its seat is to move.

    Raises:
        TypeError: If ``state`` is none of those.

    >>> from briscola import new_game, observe, preset, legal_actions
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> [str(action) for action in legal_actions(state)]
    ['play the six of coins', 'play the knight of cups', 'play the seven of swords']
    >>> legal_actions(observe(state, 0)) == legal_actions(state)
    True
    >>> legal_actions(observe(state, 1))
    ()
    """
    if type(state) is GameState:
        if state.phase is PHASE_PLAYING and (seat := state.to_move) is not None:
            table = state.setup.table
            if table.plain_play:
                # Trick play without an exchange, the commonest case,
                # answered here: one call less on every step of a playout.
                # (A seat is always to move in trick play: the test of
                # to_move only tells the type checker, and costs less than
                # the attribute read it saves.)
                hand = state.hands[seat]
                if len(hand) == 3:  # the usual hand, without a call
                    return (_PLAY[hand[0]], _PLAY[hand[1]], _PLAY[hand[2]])
                return _PLAYS_OF_HAND[len(hand)](hand)
            talk = state._talk
            if talk is not None and table.talk_play:
                # Table talk: the cards, then the talk left this turn, read
                # from the state's talk record (see _heard) while the stock
                # lasts.
                hand = state.hands[seat]
                if state.stock or state.trump_card is not None:
                    return _PLAYS_OF_HAND[len(hand)](hand) + _OPEN_TALK[talk[0]]
                return _PLAYS_OF_HAND[len(hand)](hand)
            if talk is None:
                # A trump exchange without talk: the exchanges found in the
                # rules table, then the cards.
                return play_actions(state)
        return game_legal_actions(state)
    try:
        listed = _LEGAL[type(state)]
    except KeyError:
        raise TypeError(
            f"expected a GameState, a MatchState or an Observation, not {type(state).__name__}"
        ) from None
    return listed(state)


def hand_to_play(state: GameState) -> tuple[Card, ...] | None:
    """The hand of the seat to move when its legal actions are exactly one
    :class:`~briscola.Play` per card of it, in hand order (trick play
    without a trump exchange or table talk, the fast path of
    :func:`legal_actions`); otherwise ``None``.

    For callers that would rather have the legal actions as cards than
    list them (the environments mark the hand's cards in their masks).
    """
    if state.phase is PHASE_PLAYING and state.setup.table.plain_play:
        seat = state.to_move
        if seat is not None:
            return state.hands[seat]
    return None


@overload
def apply(state: GameState, action: Action) -> GameState: ...
@overload
def apply(state: MatchState, action: Action) -> MatchState: ...
def apply(state: GameState | MatchState, action: Action) -> GameState | MatchState:
    """The state after the seat to move takes ``action``.

    ``apply`` is pure: it returns a new state of the same type and never
    changes the one given.

    Args:
        state: A deal or a match.
        action: One of :func:`legal_actions` (any equal action will do).

    Returns:
        The next state.

    Raises:
        IllegalActionError: If the rules do not allow ``action`` now; the
            message says why, and ``state`` is untouched.

    >>> from briscola import new_game, preset, apply, legal_actions, Play
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> after = apply(state, legal_actions(state)[0])
    >>> after.to_move, len(after.trick)
    (1, 1)
    >>> apply(after, Play(state.hands[0][0]))
    Traceback (most recent call last):
    ...
    briscola.IllegalActionError: seat 1 cannot play the six of coins: it is not in their hand
    """
    if type(state) is GameState:
        # game_apply, inlined: this is every search's hottest call, and a
        # card played the commonest action, taken without the table lookup.
        if type(action) is Play and state.phase is PHASE_PLAYING:
            return apply_play(state, action)
        entry = _transition(type(action))
        if entry is not None and entry[0] is state.phase:
            return entry[1](state, action)
        return game_apply(state, action)  # raises, saying why
    try:
        transition = _APPLY[type(state)]
    except KeyError:
        raise _not_a_state(state) from None
    return transition(state, action)


def is_legal(state: GameState | MatchState, action: Action) -> bool:
    """Whether :func:`apply` would accept ``action`` in ``state``.

    >>> from briscola import new_game, preset, is_legal, Pass
    >>> is_legal(new_game(preset("italian-2p"), seed=1), Pass())
    False
    """
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


def outcome(state: GameState | MatchState) -> Outcome | None:
    """How a finished deal or match ended; ``None`` while it goes on.

    For a deal: the sides, their card points, the winners (the side with
    the most points; nobody on a tie or a void deal) and each seat's score
    for a match. For a match, see :class:`~briscola.MatchState`. For a
    state known to be over, :func:`final_outcome` returns the same
    :class:`~briscola.Outcome` without the ``None``.

    >>> from briscola import new_game, preset, apply, legal_actions, outcome
    >>> state = new_game(preset("italian-2p"), seed=5)
    >>> outcome(state) is None
    True
    >>> while not state.is_over:
    ...     state = apply(state, legal_actions(state)[0])
    >>> result = outcome(state)
    >>> sum(result.points)
    120
    """
    try:
        return _OUTCOME[type(state)](state)
    except KeyError:
        raise _not_a_state(state) from None


def final_outcome(state: GameState | MatchState) -> Outcome:
    """How a finished deal or match ended: :func:`outcome` for a state known
    to be over, typed without ``None``; where :func:`outcome` would return
    ``None``, it raises.

    Args:
        state: A finished deal or match.

    Returns:
        Its :class:`~briscola.Outcome`.

    Raises:
        ValueError: If the deal or match is not over yet.

    >>> from briscola import apply, final_outcome, legal_actions, new_game, preset
    >>> state = new_game(preset("italian-2p"), seed=5)
    >>> final_outcome(state)
    Traceback (most recent call last):
    ...
    ValueError: the deal is not over: it has no outcome yet
    >>> while not state.is_over:
    ...     state = apply(state, legal_actions(state)[0])
    >>> sum(final_outcome(state).points)
    120
    """
    found = outcome(state)
    if found is None:
        kind = "deal" if type(state) is GameState else "match"
        raise ValueError(f"the {kind} is not over: it has no outcome yet")
    return found
