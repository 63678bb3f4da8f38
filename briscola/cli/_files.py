"""Files the command line reads and writes: rules documents for
``--rules`` and saved games for ``play --save`` and ``play --load``, in
the format of :func:`briscola.dumps`."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from typing import Final

from .._match import MatchState
from .._observe import Observation
from .._rules import Rules
from .._serial import dumps, loads
from .._state import GameState

_KINDS = {
    Rules: "rules",
    GameState: "a deal",
    MatchState: "a match",
    Observation: "an observation",
}


MAX_FILE_BYTES: Final = 16 * 1024 * 1024
"""The largest file ``play --load``, ``--rules`` and ``show`` read: 16 MiB,
some 500 times the longest save (a finished bastardo match is about
34 KB)."""


def read_bytes(path: str) -> bytes:
    """The contents of the regular file ``path`` (``-``: standard input),
    at most :data:`MAX_FILE_BYTES` long.

    Raises:
        ValueError: If it cannot be read, is not a regular file (a device,
            a pipe, a folder) or is longer.

    >>> read_bytes("/dev/zero")
    Traceback (most recent call last):
    ...
    ValueError: cannot read /dev/zero: it is not a regular file
    """
    too_long = f"cannot read {path}: it is longer than {MAX_FILE_BYTES >> 20} MiB"
    if path == "-":
        if sys.stdin is None:
            raise ValueError("cannot read -: standard input is closed")
        stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else None
        data = (
            stream.read(MAX_FILE_BYTES + 1)
            if stream is not None
            else sys.stdin.read(MAX_FILE_BYTES + 1).encode("utf-8", "surrogateescape")
        )
        if len(data) > MAX_FILE_BYTES:
            raise ValueError(too_long)
        return data
    try:
        # Opened without blocking, so that a named pipe without a writer is
        # refused below instead of waiting for one.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(descriptor, "rb") as file:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                raise ValueError(f"cannot read {path}: it is not a regular file")
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(too_long)
    return data


def _read(path: str) -> object:
    text = read_bytes(path)
    try:
        return loads(text)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None


def _kind(value: object) -> str:
    return next((word for kind, word in _KINDS.items() if isinstance(value, kind)), "actions")


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
    document is written: it goes to a new temporary file of the same
    folder, created exclusively (never a file or link already there), then
    takes the place of ``path``.

    Raises:
        OSError: If the file cannot be written.
    """
    folder, name = os.path.split(os.path.abspath(path))
    descriptor, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".partial", dir=folder)
    try:
        with open(descriptor, "w", encoding="utf-8") as file:
            file.write(dumps(game) + "\n")
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    """The process's file mode mask (``os.umask`` can only be read by
    setting it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
