"""Actions on the wire: :func:`briscola.dumps` and :func:`briscola.loads` of
one action and of a tuple of actions (the "Saving games" guide,
"Actions on the wire")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    PRESETS,
    Action,
    Bid,
    Call,
    Card,
    Cut,
    GameState,
    Knock,
    Pass,
    Play,
    Rank,
    Say,
    Sign,
    Signal,
    Suit,
    SwapTrump,
    Word,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    preset,
)
from briscola._serial import MAX_ACTIONS, MAX_MESSAGE
from tests.strategies import PRESET_NAMES, playouts

Json = Any

ACE_OF_COINS = Card(Suit.COINS, Rank.ACE)
KING_OF_CLUBS = Card(Suit.CLUBS, Rank.KING)

EVERY_KIND: tuple[Action, ...] = (
    Play(KING_OF_CLUBS),
    Cut(),
    Knock(),
    SwapTrump(ACE_OF_COINS),
    Bid(61),
    Bid(61, Rank.THREE),
    Pass(),
    Call(ACE_OF_COINS),
    Say(Word.SMALL_TRUMP),
    Sign(Signal.KNIGHT_OF_TRUMPS),
)


@pytest.mark.parametrize("name", PRESET_NAMES)
@given(data=st.data())
def test_every_reachable_action_round_trips(name: str, data: st.DataObject) -> None:
    """Saving games, "Actions on the wire": ``loads(dumps(a)) == a`` for
    every action a deal of every preset offers or takes, and for the tuple
    of the legal actions at each step and of the whole history."""
    playout = data.draw(playouts(PRESETS[name], complete=False))
    for state in playout.states:
        legal = legal_actions(state)
        assert loads(dumps(legal)) == legal
        for action in legal:
            again = loads(dumps(action))
            assert again == action and type(again) is type(action)
    assert loads(dumps(playout.actions)) == playout.actions


def test_every_kind_of_action_round_trips() -> None:
    """Saving games, "Actions on the wire": every action class, a chiamata
    bid with its rank and table talk included, and the empty tuple."""
    for action in EVERY_KIND:
        assert loads(dumps(action)) == action
    assert loads(dumps(EVERY_KIND)) == EVERY_KIND
    assert loads(dumps(())) == ()


def test_the_action_part_is_the_history_form() -> None:
    """Saving games, "Actions on the wire": an action document holds the
    action in the very form a saved deal's history does, under the same
    format version, with the type "action" or "actions"."""
    state = new_game(preset("italian-2p"), seed=3)
    legal = legal_actions(state)
    state = apply(state, legal[0])
    history = json.loads(dumps(state))["history"]
    one = json.loads(dumps(legal[0]))
    assert one == {"format": 2, "type": "action", "action": history[0]}
    many = json.loads(dumps(legal))
    assert many["format"] == 2 and many["type"] == "actions"
    assert many["actions"][0] == history[0]
    assert json.loads(dumps(EVERY_KIND))["actions"] == [
        ["play", 39],
        ["cut"],
        ["knock"],
        ["swap", 0],
        ["bid", 61],
        ["bid", 61, "three"],
        ["pass"],
        ["call", 0],
        ["say", "small-trump"],
        ["sign", "knight-of-trumps"],
    ]


def test_an_action_document_is_read_for_its_form_only() -> None:
    """Saving games, "Actions on the wire": an action alone has no rules, so
    a bid no auction could reach yet, or a card no hand holds, loads; it
    is apply's business to refuse it."""
    assert loads(_action(["bid", 4000, "king"])) == Bid(4000, Rank.KING)
    assert loads(_action(["bid", 0])) == Bid(0)
    assert loads(_action(["call", 39])) == Call(KING_OF_CLUBS)


def test_typed_loading_of_actions() -> None:
    """Saving games, "Typed loading": an action class or ``tuple`` as the
    expected kind refuses any other document or action."""
    play = loads(dumps(Play(ACE_OF_COINS)), Play)
    assert play.card is ACE_OF_COINS
    assert loads(dumps((Pass(),)), tuple) == (Pass(),)
    with pytest.raises(ValueError, match=r"expected a Bid, found Pass\(\)"):
        loads(dumps(Pass()), Bid)
    with pytest.raises(ValueError, match="expected a saved action document, found a rules"):
        loads(dumps(preset("italian-2p")), Play)
    with pytest.raises(ValueError, match="expected a saved actions document, found an action"):
        loads(dumps(Pass()), tuple)
    with pytest.raises(ValueError, match="expected a saved game document, found an actions"):
        loads(dumps((Pass(),)), GameState)


def test_dumps_refuses_what_is_not_an_action() -> None:
    """Saving games, "Actions on the wire": a tuple holding anything but
    actions, or a talk action forged around something else, is not saved."""
    for bad in ((Pass(), "pass"), (1,), ((Pass(),),)):
        with pytest.raises(TypeError, match="tuple of actions"):
            dumps(bad)  # type: ignore[arg-type]
    forged = object.__new__(Say)
    object.__setattr__(forged, "word", "karik")
    with pytest.raises(TypeError, match="not a valid action"):
        dumps(forged)


def _action(action: Json, **extra: Json) -> str:
    return json.dumps({"format": 2, "type": "action", "action": action, **extra})


def _actions(actions: Json, **extra: Json) -> str:
    return json.dumps({"format": 2, "type": "actions", "actions": actions, **extra})


HOSTILE: list[tuple[str, str, str]] = [
    ("unknown name", _action(["jump", 3]), "action: unknown action 'jump'"),
    ("class name", _action(["Play", 3]), "unknown action 'Play'"),
    ("long name", _action(["x" * 10_000]), "unknown action 'xxxx"),
    ("empty action", _action([]), "action: an empty array"),
    ("name not a string", _action([3, 3]), "an array starting with the number 3"),
    ("action an object", _action({"play": 3}), "action: expected an array, found an object"),
    ("action a string", _action("play"), "expected an array, found a string"),
    ("card 40", _action(["play", 40]), "action[1]: a card is an int from 0 to 39"),
    ("card -1", _action(["swap", -1]), "a card is an int from 0 to 39"),
    ("card bool", _action(["play", True]), "found a boolean"),
    ("card float", _action(["call", 3.0]), "found the number 3.0"),
    ("card name", _action(["play", "ace of coins"]), "found a string"),
    ("card null", _action(["play", None]), "found null"),
    ("card missing", _action(["play"]), "expected 2 items, found 1"),
    ("card extra", _action(["play", 1, 2]), "expected 2 items, found 3"),
    ("bare with card", _action(["pass", 3]), "expected 1 item, found 2"),
    ("bid bool", _action(["bid", True]), "action[1]: expected an int, found a boolean"),
    ("bid float", _action(["bid", 61.0]), "expected an int, found the number 61.0"),
    ("bid negative", _action(["bid", -1]), "expected an int from 0 to 4000, found -1"),
    ("bid huge", _action(["bid", 2**70]), "expected an int from 0 to 4000"),
    ("bid no points", _action(["bid"]), 'a bid is ["bid", points]'),
    ("bid four items", _action(["bid", 61, "ace", 1]), "found 4 items"),
    ("bid rank", _action(["bid", 61, "queen"]), "action[2]: unknown rank 'queen'"),
    ("bid rank null", _action(["bid", 61, None]), "unknown rank None"),
    ("say unknown", _action(["say", "hello"]), "action[1]: unknown Word 'hello'"),
    ("say Croatian", _action(["say", "karik"]), "unknown Word 'karik'"),
    ("sign int", _action(["sign", 1]), "unknown Signal 1"),
    ("extra key", _action(["pass"], seat=0), "action document: unknown key 'seat'"),
    ("missing key", json.dumps({"format": 2, "type": "action"}), "missing key 'action'"),
    ("wrong key", json.dumps({"format": 2, "type": "action", "actions": []}), "unknown key"),
    ("format 1", json.dumps({"format": 1, "type": "action", "action": ["pass"]}), "version 2"),
    ("format bool", json.dumps({"format": True, "type": "action", "action": []}), '"format"'),
    ("type wrong case", json.dumps({"format": 2, "type": "Action", "action": []}), "'Action'"),
    ("actions not array", _actions({"0": ["pass"]}), "actions: expected an array"),
    ("actions one bad", _actions([["pass"], ["play", 40]]), "actions[1][1]: a card is an int"),
    ("actions nested", _actions([[["pass"]]]), "actions[0]: an array starting with an array"),
    ("actions extra", _actions([], history=[]), "actions document: unknown key 'history'"),
    ("actions too many", _actions([["pass"]] * (MAX_ACTIONS + 1)), "at most 2000 actions"),
    ("actions null", _actions(None), "expected an array, found null"),
    ("repeated key", '{"format": 2, "type": "action", "action": ["pass"], "action": []}', "twice"),
]


@pytest.mark.parametrize(
    ("text", "message"),
    [(text, message) for _, text, message in HOSTILE],
    ids=[name for name, _, _ in HOSTILE],
)
def test_hostile_action_documents_raise_value_error(text: str, message: str) -> None:
    """Saving games, "Bad input": a malformed action document raises
    ValueError saying what and where, and never echoes unbounded input."""
    with pytest.raises(ValueError) as error:
        loads(text)
    assert message in str(error.value)
    assert len(str(error.value)) <= MAX_MESSAGE
