"""The table's messages: what the server sends and what it accepts.

Every message is one JSON object in one WebSocket text frame, with a
``"type"``. The web guide describes them for people who write their own
client; this module builds and reads them.

What the server sends a seat about the play is built from that seat's
observation (:func:`briscola.observe`) and its legal actions only: the
:func:`state_message` of two deals that differ only in cards the seat
may not know is the same text, byte for byte.
"""

from __future__ import annotations

import json
from typing import Any, Final, cast

import attrs

from .. import names as _names
from .._actions import Action, Signal, Word
from .._cards import FULL_PACK, Rank, Suit
from .._observe import Observation
from .._serial import dumps
from .._state import PHASE_OVER
from ..svg import Faces
from ..svg import table as _picture
from ._wire import actions_text, read_action_document

__all__ = [
    "ProtocolError",
    "Hello",
    "Act",
    "read_message",
    "state_message",
    "welcome_message",
    "error_message",
    "position",
    "faces_for",
]


class ProtocolError(ValueError):
    """A client's message the server refuses, with a code for programs
    (``"malformed"``, ``"too-large"``, ``"stale"``...) and a sentence for
    people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@attrs.frozen
class Hello:
    """The first message of a connection: which seat of which table it
    takes, and the token that proves it may."""

    table: str
    seat: int
    token: str
    picture: bool
    """Whether the seat also wants an SVG picture of its view with each
    state (:func:`briscola.svg.table` of its observation)."""


@attrs.frozen
class Act:
    """An action for the connection's own seat, taken at ``(deal, turn)``
    of its view: a message sent again after the play moved on is stale
    and refused."""

    action: Action
    deal: int
    turn: int
    seat: int | None


_HELLO_KEYS: Final = frozenset({"type", "table", "seat", "token", "picture"})
_ACT_KEYS: Final = frozenset({"type", "action", "deal", "turn", "seat"})
_MAX_TEXT: Final = 200


def _object_without_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ProtocolError("malformed", f"the key {key[:40]!r} appears twice")
        found[key] = value
    return found


def _no_constant(name: str) -> None:
    raise ProtocolError("malformed", f"{name} is not JSON")


def _int(message: dict[str, Any], key: str, *, optional: bool = False) -> int | None:
    value = message.get(key)
    if value is None and optional:
        return None
    if type(value) is not int or not 0 <= value < 2**31:
        raise ProtocolError("malformed", f'"{key}" must be a whole number from 0')
    return value


def _text(message: dict[str, Any], key: str) -> str:
    value = message.get(key)
    if not isinstance(value, str) or not 0 < len(value) <= _MAX_TEXT:
        raise ProtocolError("malformed", f'"{key}" must be a string of 1 to {_MAX_TEXT} characters')
    return value


def read_message(text: str | bytes | None, limit: int) -> Hello | Act:
    """A client's message, checked.

    Args:
        text: The frame's text.
        limit: The most characters a message may have.

    Raises:
        ProtocolError: If the message is not one the server takes.

    >>> read_message('{"type": "act", "deal": 0, "turn": 0, "action": '
    ...              '{"format": 2, "type": "action", "action": ["pass"]}}', 1000)
    Act(action=Pass(), deal=0, turn=0, seat=None)
    >>> read_message('{"type": "dance"}', 1000)
    Traceback (most recent call last):
    ...
    briscola.web._protocol.ProtocolError: unknown message type 'dance'; a client sends "hello" first, then "act"
    """
    if not isinstance(text, str):
        raise ProtocolError("malformed", "messages are JSON text frames, not binary")
    if len(text) > limit:
        raise ProtocolError(
            "too-large", f"a message has at most {limit} characters, this one {len(text)}"
        )
    try:
        message = json.loads(
            text, object_pairs_hook=_object_without_repeats, parse_constant=_no_constant
        )
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as error:
        raise ProtocolError("malformed", f"not valid JSON: {str(error)[:100]}") from None
    if not isinstance(message, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    kind = message.get("type")
    if kind == "hello":
        _only(message, _HELLO_KEYS)
        picture = message.get("picture", False)
        if not isinstance(picture, bool):
            raise ProtocolError("malformed", '"picture" must be true or false')
        seat = _int(message, "seat")
        assert seat is not None
        return Hello(_text(message, "table"), seat, _text(message, "token"), picture)
    if kind == "act":
        _only(message, _ACT_KEYS)
        try:
            action = read_action_document(message.get("action"))
        except (ValueError, TypeError) as error:
            raise ProtocolError("malformed", str(error)[:300]) from None
        deal, turn = _int(message, "deal"), _int(message, "turn")
        assert deal is not None and turn is not None
        return Act(action, deal, turn, _int(message, "seat", optional=True))
    shown = repr(kind[:40]) if isinstance(kind, str) else "missing"
    raise ProtocolError(
        "malformed", f'unknown message type {shown}; a client sends "hello" first, then "act"'
    )


def _only(message: dict[str, Any], keys: frozenset[str]) -> None:
    extra = sorted(set(message) - keys)
    if extra:
        shown = ", ".join(repr(key[:40]) for key in extra[:5])
        raise ProtocolError("malformed", f"unknown key {shown} in a {message['type']} message")


def position(seen: Observation) -> tuple[int, int]:
    """``(deal, turn)``: where the play stands in ``seen``: the deal's
    number in the match (0 for a single deal) and the number of actions
    of the deal that the seat has seen.

    >>> from briscola import new_game, observe, preset
    >>> position(observe(new_game(preset("italian-2p"), seed=1), 0))
    (0, 0)
    """
    results = seen.match_results
    deal = 0 if results is None else len(results) - (seen.phase is PHASE_OVER)
    return deal, len(seen.history)


def faces_for(language: str) -> str:
    """The card faces a table in ``language`` draws: Portuguese names
    French-suited cards.

    >>> faces_for("pt"), faces_for("it")
    ('french', 'italian')
    """
    return "french" if language == "pt" else "italian"


def state_message(seen: Observation, legal: tuple[Action, ...], *, picture: str | None) -> str:
    """The message that tells a seat where the play stands: its
    observation and its legal actions (none unless it is to move), with,
    when asked for, the SVG picture of its view.

    Args:
        seen: The seat's observation.
        legal: The seat's legal actions.
        picture: The language of the picture's card names, or ``None``
            for no picture.

    >>> from briscola import new_game, observe, preset, legal_actions
    >>> state = new_game(preset("italian-2p"), seed=1)
    >>> state_message(observe(state, 1), (), picture=None)[:60]
    '{"type":"state","deal":0,"turn":0,"observation":{"format":2,'
    """
    deal, turn = position(seen)
    text = (
        f'{{"type":"state","deal":{deal},"turn":{turn},'
        f'"observation":{dumps(seen)},"legal":{actions_text(legal)}'
    )
    if picture is not None:
        language = cast(_names.Language, picture)
        faces = cast(Faces, faces_for(picture))
        drawing = _picture(seen, size=800, language=language, faces=faces)
        text += f',"picture":{json.dumps(drawing, ensure_ascii=False)}'
    return text + "}"


def welcome_message(
    table: str, seat: int, title: str, seats: list[dict[str, str]], language: str
) -> str:
    """The first message of a connection: the table's public facts and
    the words to show, in the table's language.

    >>> text = welcome_message("t", 0, "italian-2p", [{"kind": "person"}] * 2, "it")
    >>> json.loads(text)["names"][0]
    'asso di denari'
    """
    lang = cast(_names.Language, language)
    message = {
        "type": "welcome",
        "table": table,
        "seat": seat,
        "title": title,
        "seats": seats,
        "language": language,
        "names": [_names.card_name(card, lang) for card in FULL_PACK],
        "suits": {str(suit): _names.suit_name(suit, lang) for suit in Suit},
        "ranks": {str(rank): _names.rank_name(rank, lang) for rank in Rank},
        "words": {word.value: [word.croatian, word.meaning] for word in Word},
        "signals": {signal.value: str(signal) for signal in Signal},
    }
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def error_message(code: str, message: str) -> str:
    """An error, for the connection whose message caused it.

    >>> error_message("stale", "the play moved on")
    '{"type":"error","code":"stale","message":"the play moved on"}'
    """
    return json.dumps(
        {"type": "error", "code": code, "message": message},
        ensure_ascii=False,
        separators=(",", ":"),
    )
