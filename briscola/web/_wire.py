"""Actions on the wire, and the legal actions a seat is sent (internal).

The table's messages carry actions as the library's JSON documents of
actions: one action is ``{"format": 2, "type": "action", "action": [...]}``
and a list of them ``{"format": 2, "type": "actions", "actions": [...]}``,
each action in the form a saved deal's history uses (see the saving
guide). This module is the only place that writes and reads them, so that
the rest of the server does not depend on how.
"""

from __future__ import annotations

import json
from typing import Any

from .._actions import Action
from .._engine import legal_actions
from .._json import action_json, fail, read_action, read_object
from .._match import MatchState
from .._serial import FORMAT
from .._state import GameState

__all__ = ["actions_text", "action_text", "read_action_document", "legal_for"]


def action_text(action: Action) -> str:
    """One action as a JSON document.

    >>> from briscola import Pass
    >>> action_text(Pass())
    '{"format":2,"type":"action","action":["pass"]}'
    """
    document = {"format": FORMAT, "type": "action", "action": action_json(action)}
    return json.dumps(document, separators=(",", ":"))


def actions_text(actions: tuple[Action, ...]) -> str:
    """A tuple of actions as one JSON document.

    >>> from briscola import Cut, Knock
    >>> actions_text((Cut(), Knock()))
    '{"format":2,"type":"actions","actions":[["cut"],["knock"]]}'
    """
    document = {
        "format": FORMAT,
        "type": "actions",
        "actions": [action_json(action) for action in actions],
    }
    return json.dumps(document, separators=(",", ":"))


def read_action_document(value: Any) -> Action:
    """The action of a parsed action document.

    Raises:
        ValueError: If ``value`` is not one, saying what is wrong.

    >>> read_action_document({"format": 2, "type": "action", "action": ["play", 5]})
    Play(card=Card(Suit.COINS, Rank.SIX))
    >>> read_action_document({"format": 2, "type": "action", "action": ["jump"]})
    Traceback (most recent call last):
    ...
    ValueError: action.action: unknown action 'jump'; ...
    """
    fields = read_object(value, "action", ("action",), top=True)
    if fields.get("format") != FORMAT or fields.get("type") != "action":
        raise fail("action", f'an action document has "format": {FORMAT} and "type": "action"')
    return read_action(fields["action"], "action.action")


def legal_for(state: GameState | MatchState, seat: int) -> tuple[Action, ...]:
    """The legal actions of ``seat``: those of the state when the seat is
    to move, else none (they would tell the seat nothing it may not know,
    but it cannot take them).

    >>> from briscola import new_game, preset
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> len(legal_for(state, 0)), legal_for(state, 1)
    (3, ())
    """
    return legal_actions(state) if state.to_move == seat else ()
