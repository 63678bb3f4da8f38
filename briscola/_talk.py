"""Table talk: partners' spoken words and secret signs (Split pairs).

Talk is kept in the deal's history: a :class:`Say` or a :class:`Sign` is
appended to :attr:`GameState.history` (with its seat in ``actors``) and
changes nothing else a state shows. What a seat has said this turn is the
run of talk at the end of the history, since the last card played; what
each side heard is the history without the other side's signs. Both are
also kept ready in the state's internal talk record (``briscola._heard``),
which every action extends, so that neither is found again from the
history.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from typing import Any, Final, Protocol

from ._actions import (
    Action,
    IllegalActionError,
    Say,
    Sign,
    Signal,
    Word,
    talk_this_trick,
)
from ._build import twin
from ._heard import (
    OPEN_TALK,
    SAID,
    SIGNED,
    grown,
    heard,
    partner_of,
    talk_this_turn,
)
from ._state import GameState, LiveState, Seat

__all__ = [
    "talk_actions",
    "apply_say",
    "apply_sign",
    "why_no_talk",
    "talk_this_turn",
    "may_talk",
    "talk_open",
    "heard",
    "partner_of",
    "encode_talk",
]


def may_talk(stock_size: int, trump_card_face_up: bool) -> bool:
    """Whether talk is still allowed: until the last cards, the trump card
    among them, have been drawn. (Mirrored by the batched engine's
    ``may_talk`` kernel, in ``briscola/vector/_talk.py``.)"""
    return stock_size > 0 or trump_card_face_up


def talk_open(
    stock_size: int, trump_card_face_up: bool, history: tuple[Action, ...]
) -> tuple[bool, bool]:
    """Whether the seat to move may still say a word, and make a sign, this
    turn (the rules allowing talk, the deal in trick play)."""
    if not may_talk(stock_size, trump_card_face_up):
        return False, False
    said, signed = talk_this_turn(history)
    return not said, not signed


def talk_actions(state: GameState) -> tuple[Action, ...]:
    """The words, then the signs, that the seat to move may still use this
    turn (the rules allowing talk, the deal in trick play): read from the
    state's talk record, not from the history."""
    record = state._talk
    if record is None or not (state.stock or state.trump_card is not None):
        return ()
    return OPEN_TALK[record[0]]


def why_no_talk(state: GameState, kind: type) -> str | None:
    """Why the seat to move may not say a word (``kind`` is :class:`Say`)
    or make a sign (:class:`Sign`) now, or ``None`` if it may."""
    record = state._talk
    if record is None:
        return "these rules have no table talk"
    if not may_talk(len(state.stock), state.trump_card is not None):
        return "the stock is empty: the last tricks are played in silence"
    code = record[0]
    if kind is Say and code & SAID:
        return "it has already said a word this turn"
    if kind is Sign and code & SIGNED:
        return "it has already made a sign this turn"
    return None


def forged_talk(action: object) -> str | None:
    """What is wrong with a :class:`Say` or :class:`Sign` built without its
    constructor (``object.__new__``, a pickle) around something other than
    a :class:`Word` or :class:`Signal`, or ``None`` if nothing is."""
    if type(action) is Say:
        word = getattr(action, "word", None)
        if type(word) is not Word:
            return f"a Say holds a Word, not {type(word).__name__}"
    elif type(action) is Sign:
        signal = getattr(action, "signal", None)
        if type(signal) is not Signal:
            return f"a Sign holds a Signal, not {type(signal).__name__}"
    return None


def apply_say(state: LiveState, action: Say) -> GameState:
    """The seat to move says ``action.word``."""
    forged = forged_talk(action)
    if forged is not None:
        raise IllegalActionError(forged)
    talk = state._talk
    # why_no_talk's checks, inline for the commonest case: talk allowed.
    if talk is None or talk[0] & SAID or not (state.stock or state.trump_card is not None):
        reason = why_no_talk(state, Say)
        raise IllegalActionError(f'seat {state.to_move} cannot say "{action.word}": {reason}')
    return _record(state, action)


def apply_sign(state: LiveState, action: Sign) -> GameState:
    """The seat to move makes the sign ``action.signal`` to its partner."""
    forged = forged_talk(action)
    if forged is not None:
        raise IllegalActionError(forged)
    talk = state._talk
    if talk is None or talk[0] & SIGNED or not (state.stock or state.trump_card is not None):
        reason = why_no_talk(state, Sign)
        raise IllegalActionError(
            f"seat {state.to_move} cannot make a sign ({action.signal}): {reason}"
        )
    return _record(state, action)


def _record(state: LiveState, action: Say | Sign) -> GameState:
    """``state`` with ``action`` (a word or a sign, allowed) taken: only
    the history and the talk record change."""
    seat = state.to_move
    history = state.history + (action,)
    actors = state.actors + (seat,)
    talk = state._talk
    assert talk is not None  # why_no_talk found talk allowed
    # Filled inline, as the card-playing steps are (see _play): talk is
    # half the actions of a deal with table talk.
    new = _TWIN()
    new.setup = state.setup
    new.phase = state.phase
    new.to_move = seat
    new.hands = state.hands
    new.stock = state.stock
    new.trump_card = state.trump_card
    new.trump = state.trump
    new.trick = state.trick
    new.piles = state.piles
    new.history = history
    new.actors = actors
    new.tricks_won = state.tricks_won
    new.trump_drawn = state.trump_drawn
    new.contract = state.contract
    new.is_over = False
    new._talk = (
        (talk[0] | SAID, talk[1])
        if type(action) is Say
        else grown(talk, history, actors, state.setup.table.side_of)
    )
    new._given = state._given
    new.__class__ = GameState
    return new  # type: ignore[no-any-return]  # the relabelled twin: see _play


_TWIN: Callable[[], Any] = twin(GameState)
"""A mutable class with :class:`GameState`'s layout, for the fill of
:func:`_record`."""


class Heard(Protocol):
    """What the talk encodings read from an observation (its attributes
    of the same names)."""

    @property
    def seat(self) -> Seat: ...
    @property
    def history(self) -> tuple[Action, ...]: ...
    @property
    def actors(self) -> tuple[Seat, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def trump_card(self) -> object: ...
    @property
    def trick(self) -> tuple[tuple[Seat, object], ...]: ...


_WORD_INDEX: Final = {word: i for i, word in enumerate(Word)}
_SIGNAL_INDEX: Final = {signal: i for i, signal in enumerate(Signal)}


def encode_talk(
    seen: Heard,
    relative: tuple[int, ...],
    words_start: int,
    signs_start: int,
    out: MutableSequence[float],
) -> None:
    """Write the talk an observation holds into its encoding: from
    ``words_start``, per seat relative to the observer (``relative``), the
    words said in the trick in progress; from ``signs_start``, the signs
    the observer made in the deal, then its partner's. Every entry is a
    flag: 1.0 where a word or a sign was seen."""
    words = len(Word)
    history = seen.history
    actors = seen.actors
    for actor, talk in talk_this_trick(history, actors, len(seen.trick)):
        if type(talk) is Say:
            out[words_start + relative[actor] * words + _WORD_INDEX[talk.word]] = 1.0
    for action, actor in zip(history, actors):
        if type(action) is Sign:
            row = 0 if relative[actor] == 0 else len(Signal)
            out[signs_start + row + _SIGNAL_INDEX[action.signal]] = 1.0
