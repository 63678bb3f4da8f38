"""The web table's database (the web guide, "How tables are kept"):
tables come back by replaying their actions, a table changed by hand
that no longer replays is logged and left out while the others load, a
failed commit stores nothing, a move the server cannot store is refused
and not announced, and the file's default place follows the platform's
conventions."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from briscola import GameState, Play, apply, dumps, legal_actions, new_game, observe, preset
from briscola._json import action_json

pytest.importorskip("starlette")

from briscola.web._bots import BotPool  # noqa: E402
from briscola.web._protocol import Act, ProtocolError, position  # noqa: E402
from briscola.web._room import Room  # noqa: E402
from briscola.web._store import Seat, Store, default_path  # noqa: E402
from tests.test_web_secrets import Recorder  # noqa: E402

SEATS = (Seat("random", None), Seat(None, "ab" * 32))


def stored_tables(path: Path, count: int) -> Store:
    """A database at ``path`` with ``count`` italian-2p tables, ``t0``
    onwards, each two actions into its deal."""
    store = Store(path)
    for k in range(count):
        state = new_game(preset("italian-2p"), seed=k)
        store.add(f"t{k}", float(k), state, SEATS, "en", "italian-2p")
        for number in range(2):
            action = legal_actions(state)[0]
            store.append(f"t{k}", number, action)
            state = apply(state, action)
    return store


@pytest.mark.parametrize(
    ("column", "value", "why"),
    [
        ("start", "{not json", "Expecting property name"),
        ("start", dumps(preset("italian-2p")), "its start is not a deal or a match"),
        ("seats", '[["random"]]', "not enough values to unpack"),
    ],
)
def test_a_table_changed_by_hand_is_left_out(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, column: str, value: str, why: str
) -> None:
    """A table whose start or seats no longer read back is logged by its
    id and left out; the other tables load as they were."""
    path = tmp_path / "tables.sqlite3"
    stored_tables(path, 2).close()
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE tables SET {column} = ? WHERE id = 't0'", (value,))
    store = Store(path)
    with caplog.at_level(logging.ERROR, logger="briscola.web"):
        tables = list(store.tables())
    assert [table.id for table in tables] == ["t1"]
    state = tables[0].state
    assert isinstance(state, GameState) and len(state.history) == 2
    assert tables[0].seats == SEATS
    assert "table t0 cannot be read back, left out" in caplog.text and why in caplog.text


def test_an_action_the_rules_refuse_is_never_replayed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An action row changed to one that is not legal there stops the
    table's replay: the table is left out, not played on."""
    path = tmp_path / "tables.sqlite3"
    stored_tables(path, 2).close()
    state = new_game(preset("italian-2p"), seed=0)
    held = {card for hand in state.hands for card in hand}
    stranger = next(card for card in preset("italian-2p").pack if card not in held)
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE actions SET action = ? WHERE table_id = 't0' AND number = 0",
            (json.dumps(action_json(Play(stranger))),),
        )
    with caplog.at_level(logging.ERROR, logger="briscola.web"):
        assert [table.id for table in Store(path).tables()] == ["t1"]
    assert "table t0 cannot be read back" in caplog.text


class Failing:
    """A database connection whose statements beginning with ``prefix``
    fail, as on a full disk or a read-only file."""

    def __init__(self, db: sqlite3.Connection, prefix: str) -> None:
        self.db = db
        self.prefix = prefix

    @property
    def in_transaction(self) -> bool:
        return self.db.in_transaction

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.startswith(self.prefix):
            raise sqlite3.OperationalError(f"{self.prefix} failed: database or disk is full")
        return self.db.execute(sql, *args)


def test_a_failed_commit_stores_nothing(tmp_path: Path) -> None:
    """When the commit fails the error reaches the caller and the action
    is rolled back: the table reads back as it was."""
    store = stored_tables(tmp_path / "tables.sqlite3", 1)
    state = next(store.tables()).state
    db = store._db
    store._db = Failing(db, "COMMIT")  # type: ignore[assignment]
    with pytest.raises(sqlite3.OperationalError, match="disk is full"):
        store.append("t0", 2, legal_actions(state)[0])
    store._db = db
    assert not db.in_transaction
    assert next(store.tables()).state == state


def test_a_failed_write_leaves_the_others_in_its_batch(tmp_path: Path) -> None:
    """Actions of many tables are written, then committed together: one
    that fails halfway (its action written, marking its table over not)
    leaves nothing of itself and keeps the others; one that fails alone
    ends the transaction it began, leaving the file unlocked."""
    store = stored_tables(tmp_path / "tables.sqlite3", 2)
    before = {table.id: table.state for table in store.tables()}
    moves = {name: legal_actions(state)[0] for name, state in before.items()}
    db = store._db
    store.write("t0", 2, moves["t0"])
    store._db = Failing(db, "UPDATE tables")  # type: ignore[assignment]
    with pytest.raises(sqlite3.OperationalError, match="UPDATE tables failed"):
        store.write("t1", 2, moves["t1"], over=True)
    assert db.in_transaction  # the batch goes on
    store._db = db
    store.commit()
    after = {table.id: table.state for table in store.tables()}
    assert after == {"t0": apply(before["t0"], moves["t0"]), "t1": before["t1"]}
    assert db.execute("SELECT id FROM tables WHERE over = 1").fetchall() == []
    store._db = Failing(db, "INSERT INTO actions")  # type: ignore[assignment]
    with pytest.raises(sqlite3.OperationalError, match="INSERT INTO actions failed"):
        store.write("t1", 2, moves["t1"])
    assert not db.in_transaction


def test_a_move_the_server_cannot_store_is_refused(caplog: pytest.LogCaptureFixture) -> None:
    """When writing or committing the action fails, the move is refused
    with ``not-stored``, nobody is told of it and the table stays where
    it was; once the database works again, play goes on and the file
    holds exactly the moves announced."""

    async def play() -> None:
        store = Store(":memory:")
        room = Room(store, BotPool(ThreadPoolExecutor(max_workers=1)))
        table, _ = room.create(new_game(preset("italian-2p"), seed=3), [None, None])
        listener = Recorder(0, None)
        room.attach(table, listener)
        start, told = table.state, len(listener.sent)
        move = Act(legal_actions(start)[0], *position(observe(start, 0)), None)
        db = store._db
        for failing in (Failing(db, "INSERT INTO actions"), Failing(db, "COMMIT")):
            store._db = failing  # type: ignore[assignment]
            with pytest.raises(ProtocolError) as refused:
                await room.act(table, 0, move)
            assert refused.value.code == "not-stored"
            store._db = db
            assert not db.in_transaction
            assert table.state is start and len(listener.sent) == told
            assert next(store.tables()).state == start
        await room.act(table, 0, move)
        assert len(listener.sent) == told + 1
        assert next(store.tables()).state == table.state == apply(start, move.action)
        await room.close()

    with caplog.at_level(logging.ERROR, logger="briscola.web"):
        asyncio.run(play())
    assert caplog.text.count("could not store actions") == 2


def test_the_default_file_follows_the_platform(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``%LOCALAPPDATA%`` on Windows, else ``$XDG_DATA_HOME``, else
    ``~/.local/share``; always ``briscola/tables.sqlite3`` there."""
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "local" / "briscola" / "tables.sqlite3"
    monkeypatch.setattr(sys, "platform", "linux")
    assert default_path() == tmp_path / "xdg" / "briscola" / "tables.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "briscola" / "tables.sqlite3"
