"""The tables' database: SQLite, one row per table and one per action.

A table is stored as the document of its start (:func:`briscola.dumps` of
the new deal or match, which holds the rules and the pack or the seed),
its seats (who sits where, and for each person's seat a SHA-256 digest of
its token, never the token), and then one row per action applied, in
order. A table is read back by replaying its actions from the start, so
nothing but play the rules allow can come out of the file.

The database runs in write-ahead-log mode with ``synchronous=NORMAL``:
each action is committed before the server tells anyone about it, and a
commit in that mode survives the server process being killed (it may be
lost only if the whole machine stops before the operating system writes
it out).
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import attrs

from .._actions import Action
from .._engine import apply
from .._json import action_json, read_action
from .._match import MatchState
from .._serial import dumps, loads
from .._state import GameState

__all__ = ["Seat", "StoredTable", "Store", "default_path"]

log = logging.getLogger("briscola.web")

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    start TEXT NOT NULL,
    seats TEXT NOT NULL,
    language TEXT NOT NULL,
    title TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


@attrs.frozen
class Seat:
    """Who sits at a seat: a person (holding a token) or a bot."""

    bot: str | None
    """The bot's name as :func:`briscola.bots.make_bot` takes it, or
    ``None`` for a person."""
    token_digest: str | None
    """For a person, the hex SHA-256 digest of the seat's token."""

    def public(self) -> dict[str, str]:
        """What every seat may know about this one."""
        return {"kind": "person"} if self.bot is None else {"kind": "bot", "bot": self.bot}


@attrs.frozen
class StoredTable:
    """A table as the database holds it, its state replayed."""

    id: str
    created: float
    state: GameState | MatchState
    seats: tuple[Seat, ...]
    language: str
    title: str


def default_path() -> Path:
    """Where ``briscola serve`` keeps its tables unless told: under the
    user's data folder (``$XDG_DATA_HOME``, else ``~/.local/share``; on
    Windows ``%LOCALAPPDATA%``), in ``briscola/tables.sqlite3``.

    >>> default_path().name
    'tables.sqlite3'
    """
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    elif os.environ.get("XDG_DATA_HOME"):
        base = Path(os.environ["XDG_DATA_HOME"])
    else:
        base = Path.home() / ".local" / "share"
    return base / "briscola" / "tables.sqlite3"


class Store:
    """The tables' database file (``":memory:"`` for one that is not kept).

    >>> from briscola import new_game, preset, legal_actions
    >>> store = Store(":memory:")
    >>> state = new_game(preset("italian-2p"), seed=1)
    >>> store.add("t1", 0.0, state, (Seat("random", None), Seat(None, "ab")), "en", "italian-2p")
    >>> store.append("t1", 0, legal_actions(state)[0])
    >>> [len(table.state.history) for table in store.tables()]
    [1]
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def add(
        self,
        table_id: str,
        created: float,
        state: GameState | MatchState,
        seats: tuple[Seat, ...],
        language: str,
        title: str,
    ) -> None:
        """Store a new table (committed on return)."""
        seats_json = json.dumps([[seat.bot, seat.token_digest] for seat in seats])
        if not self._db.in_transaction:
            self._db.execute("BEGIN IMMEDIATE")
        self._db.execute(
            "INSERT INTO tables (id, created, start, seats, language, title) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, created, dumps(state), seats_json, language, title),
        )
        self.commit()

    def append(self, table_id: str, number: int, action: Action, *, over: bool = False) -> None:
        """Store the table's action ``number`` (counted from 0 since the
        start, over every deal of a match); committed on return."""
        self.write(table_id, number, action, over=over)
        self.commit()

    def write(self, table_id: str, number: int, action: Action, *, over: bool = False) -> None:
        """Write the table's action ``number`` in the transaction in
        progress (begun if there is none): stored only by :meth:`commit`,
        which may store the actions of many tables at once.

        On an error nothing of this action stays written (the other
        tables' actions in the transaction do), and a transaction this
        call began is ended, so the file is not left locked.
        """
        db = self._db
        began = not db.in_transaction
        if began:
            db.execute("BEGIN IMMEDIATE")
        db.execute("SAVEPOINT action")
        try:
            db.execute(
                "INSERT INTO actions (table_id, number, action) VALUES (?, ?, ?)",
                (table_id, number, json.dumps(action_json(action))),
            )
            if over:
                db.execute("UPDATE tables SET over = 1 WHERE id = ?", (table_id,))
        except sqlite3.Error:
            if began:
                self.rollback()
            else:
                db.execute("ROLLBACK TO action")
                db.execute("RELEASE action")
            raise
        db.execute("RELEASE action")

    def commit(self) -> None:
        """Commit what :meth:`write` wrote; on an error, roll it back and
        raise."""
        if not self._db.in_transaction:
            return
        try:
            self._db.execute("COMMIT")
        except sqlite3.Error:
            self.rollback()
            raise

    def rollback(self) -> None:
        """Forget what :meth:`write` wrote since the last commit."""
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")

    def tables(self) -> Iterator[StoredTable]:
        """Every table, in the order they were created, replayed to where
        its play stands. A table that does not replay (a file changed by
        hand) is logged and left out; the others still load."""
        rows = self._db.execute(
            "SELECT id, created, start, seats, language, title FROM tables ORDER BY created, id"
        ).fetchall()
        for table_id, created, start, seats_json, language, title in rows:
            try:
                state = self._replay(table_id, start)
                seats = tuple(Seat(bot, digest) for bot, digest in json.loads(seats_json))
            except (ValueError, TypeError) as error:
                log.error("table %s cannot be read back, left out: %s", table_id, error)
                continue
            yield StoredTable(table_id, created, state, seats, language, title)

    def _replay(self, table_id: str, start: str) -> GameState | MatchState:
        state = loads(start)
        if not isinstance(state, (GameState, MatchState)):
            raise ValueError("its start is not a deal or a match")
        actions = self._db.execute(
            "SELECT action FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
        )
        for number, (text,) in enumerate(actions):
            state = apply(state, read_action(json.loads(text), f"action {number}"))
        return state
