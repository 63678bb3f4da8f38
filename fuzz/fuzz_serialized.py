"""Fuzz the OpenSpiel game's ``deserialize_state`` with arbitrary text
(coverage-guided).

Any input must either load, and then serialize and load back to an equal
state, or raise ``ValueError``; nothing in it may be unpickled (the
``__dict__=`` line of OpenSpiel's own format is never read), which the
target checks by making ``pickle.loads`` fail while it runs. The seed
corpus (``fuzz/corpus/serialized``) is real ``serialize`` output, and
OpenSpiel's own, written by ``fuzz/make_corpus.py``.

Run: ``python fuzz/fuzz_serialized.py -max_total_time=60 fuzz/corpus/serialized``
"""

from __future__ import annotations

import pickle
from typing import Any

import atheris

with atheris.instrument_imports(include=["briscola"]):
    from briscola.openspiel import load_game

from _common import run

GAMES = [load_game(name) for name in ("italian-2p", "split-4p", "bastardo")]


def _no_unpickling(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("deserialize_state unpickled part of its text")


def test_one_input(data: bytes) -> None:
    """Read ``data`` as a serialized state of one of the games."""
    fdp = atheris.FuzzedDataProvider(data)
    game = GAMES[fdp.ConsumeIntInRange(0, len(GAMES) - 1)]
    text = fdp.ConsumeUnicodeNoSurrogates(fdp.remaining_bytes())
    loads, pickle.loads = pickle.loads, _no_unpickling
    try:
        state = game.deserialize_state(text)
    except ValueError:
        return
    finally:
        pickle.loads = loads
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and again.game_state == state.game_state


if __name__ == "__main__":
    run(test_one_input)
