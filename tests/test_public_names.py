"""The exported names belong to ``briscola``: in reprs, tracebacks and pickles."""

from __future__ import annotations

import inspect
import pickle
import traceback

import pytest

import briscola


def exported_classes_and_functions() -> list[str]:
    return [
        name
        for name in briscola.__all__
        if inspect.isclass(getattr(briscola, name)) or inspect.isfunction(getattr(briscola, name))
    ]


@pytest.mark.parametrize("name", exported_classes_and_functions())
def test_exported_names_live_in_briscola(name: str) -> None:
    obj = getattr(briscola, name)
    if obj.__module__ == "builtins":  # a plain alias such as Seat = int
        return
    assert obj.__module__ == "briscola"
    assert getattr(briscola, obj.__qualname__) is obj


def test_methods_move_with_their_class() -> None:
    assert briscola.Rules.points_of.__module__ == "briscola"
    assert briscola.Card.from_index.__module__ == "briscola"


def test_traceback_names_the_public_error() -> None:
    state = briscola.new_game(briscola.preset("italian-2p"), seed=1)
    with pytest.raises(briscola.IllegalActionError) as caught:
        briscola.apply(state, briscola.Pass())
    line = traceback.format_exception_only(caught.type, caught.value)[-1]
    assert line.startswith("briscola.IllegalActionError: ")
    assert repr(briscola.Card) == "<class 'briscola.Card'>"


def test_public_values_survive_pickling() -> None:
    rules = briscola.preset("split-4p")
    state = briscola.new_game(rules, seed=7)
    state = briscola.apply(state, briscola.legal_actions(state)[0])
    match = briscola.new_match(briscola.preset("split-2p"), seed=3)
    error = briscola.IllegalActionError("seat 0 cannot pass now")
    for value in (briscola.FULL_PACK[5], briscola.Suit.CUPS, rules, state, match):
        assert pickle.loads(pickle.dumps(value)) == value
    assert pickle.loads(pickle.dumps(briscola.Suit.CUPS)) is briscola.Suit.CUPS
    restored = pickle.loads(pickle.dumps(error))
    assert type(restored) is briscola.IllegalActionError
    assert str(restored) == str(error)
    # Public classes are pickled under their public names (a state's setup
    # still holds private helpers, pickled under their own modules).
    for public in (briscola.FULL_PACK[5], rules, error):
        assert b"briscola._" not in pickle.dumps(public)
