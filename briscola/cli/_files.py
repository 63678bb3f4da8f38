"""Files the command line reads and writes: rules documents for
``--rules`` and saved games for ``play --save`` and ``play --load``, in
the format of :func:`briscola.dumps`."""

from __future__ import annotations

import os

from .._match import MatchState
from .._rules import Rules
from .._serial import dumps, loads
from .._state import GameState

_KINDS = {Rules: "rules", GameState: "a deal", MatchState: "a match"}


def _read(path: str) -> object:
    try:
        with open(path, "rb") as file:
            text = file.read()
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return loads(text)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None


def _kind(value: object) -> str:
    return next(
        (word for kind, word in _KINDS.items() if isinstance(value, kind)), "an observation"
    )


def read_rules(path: str) -> Rules:
    """The rules saved in ``path`` (``briscola.dumps(rules)``).

    Raises:
        ValueError: If the file cannot be read or holds something else.
    """
    value = _read(path)
    if not isinstance(value, Rules):
        raise ValueError(f"{path} holds {_kind(value)}, not rules")
    return value


def read_game(path: str) -> GameState | MatchState:
    """The deal or match saved in ``path``.

    Raises:
        ValueError: If the file cannot be read, holds something else, or
            the game is already over.
    """
    value = _read(path)
    if not isinstance(value, (GameState, MatchState)):
        raise ValueError(f"{path} holds {_kind(value)}, not a deal or a match")
    if value.is_over:
        raise ValueError(f"{path} holds {_kind(value)} that is already over")
    return value


def write_game(path: str, game: GameState | MatchState) -> None:
    """Save ``game`` to ``path``, replacing the file only once the whole
    document is written.

    Raises:
        OSError: If the file cannot be written.
    """
    temporary = f"{path}.partial"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(dumps(game) + "\n")
    os.replace(temporary, path)
