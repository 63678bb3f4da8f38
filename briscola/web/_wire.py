"""Actions on the wire (internal).

The table's messages carry actions as the library's own JSON documents
of actions, written by :func:`briscola.dumps` and read by
:func:`briscola.loads`: one action is ``{"format": 2, "type": "action",
"action": [...]}`` and a tuple of them ``{"format": 2, "type":
"actions", "actions": [...]}`` (Saving games, "Actions on the wire").
A client's message holds its action document as a JSON object inside
the message, which this module reads.
"""

from __future__ import annotations

import json
from typing import Any

from .._actions import Action
from .._serial import dumps, loads

__all__ = ["actions_text", "action_text", "read_action_document"]


def action_text(action: Action) -> str:
    """One action as a JSON document (:func:`briscola.dumps`).

    >>> from briscola import Pass
    >>> action_text(Pass())
    '{"format":2,"type":"action","action":["pass"]}'
    """
    return dumps(action)


def actions_text(actions: tuple[Action, ...]) -> str:
    """A tuple of actions as one JSON document (:func:`briscola.dumps`).

    >>> from briscola import Cut, Knock
    >>> actions_text((Cut(), Knock()))
    '{"format":2,"type":"actions","actions":[["cut"],["knock"]]}'
    """
    return dumps(actions)


def read_action_document(value: Any) -> Action:
    """The action of an action document already parsed from a client's
    message (:func:`briscola.loads` reads it).

    Raises:
        ValueError: If ``value`` is not one, saying what is wrong.

    >>> read_action_document({"format": 2, "type": "action", "action": ["play", 5]})
    Play(card=Card(Suit.COINS, Rank.SIX))
    >>> read_action_document({"format": 2, "type": "action", "action": ["jump"]})
    Traceback (most recent call last):
    ...
    ValueError: action: unknown action 'jump'; ...
    >>> read_action_document({"format": 2, "type": "actions", "actions": []})
    Traceback (most recent call last):
    ...
    ValueError: an action message holds one action document ("type": "action")
    """
    if not isinstance(value, dict) or value.get("type") != "action":
        raise ValueError('an action message holds one action document ("type": "action")')
    found = loads(json.dumps(value))
    assert isinstance(found, Action)  # a document of type "action" reads as one
    return found
