"""A real ``briscola serve`` killed with SIGKILL and started again loses
no table (the web guide, "How tables are kept").

Every state a seat is sent comes after its action was committed, so
after the kill the server started again on the same database shows the
seat at least where it was told the play stood, and the deal plays on to
its end, the bot's moves included.
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest

from tests.serving import server

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
sync_client = pytest.importorskip("websockets.sync.client")


def states(address: str, table: str, token: str, moves: int | None) -> list[Any]:
    """Connect as seat 0, play ``moves`` actions (all, for ``None``), and
    return every state received."""
    seen: list[Any] = []
    url = address.replace("http://", "ws://") + "ws"
    with sync_client.connect(url, open_timeout=30) as socket:
        socket.send(json.dumps({"type": "hello", "table": table, "seat": 0, "token": token}))
        played = 0
        while True:
            message = json.loads(socket.recv(timeout=60))
            if message["type"] == "welcome":
                continue
            assert message["type"] == "state", message
            seen.append(message)
            legal = message["legal"]["actions"]
            if message["observation"]["to_move"] is None or (
                moves is not None and played == moves and legal
            ):
                return seen
            if legal:
                document = {"format": 2, "type": "action", "action": legal[0]}
                socket.send(
                    json.dumps(
                        {
                            "type": "act",
                            "deal": message["deal"],
                            "turn": message["turn"],
                            "action": document,
                        }
                    )
                )
                played += 1


def test_a_killed_server_resumes_every_table(tmp_path: Path) -> None:
    """Web guide, "How tables are kept": a server killed with SIGKILL and
    started again resumes every table where its seats were told it
    stood, and the play goes on to the end; the server prints no access
    log ("How seats' secrets are kept")."""
    database = tmp_path / "tables.sqlite3"
    with server(database, "--bot-delay", "0") as (process, address):
        made = []
        for seats in (["person", "heuristic"], ["person", "random"]):
            body = {"preset": "italian-2p", "seats": seats}
            response = httpx.post(address + "api/tables", json=body, timeout=30)
            assert response.status_code == 201
            made.append(response.json())
        before = [states(address, t["table"], t["tokens"]["0"], 5)[-1] for t in made]
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        assert process.stdout is not None and process.stderr is not None
        printed = process.stdout.read() + process.stderr.read()
        # No access log: neither requests nor tokens are written anywhere.
        assert "GET " not in printed and "POST " not in printed and "/ws" not in printed
        assert not any(t["tokens"]["0"] in printed for t in made)
    with server(database, "--bot-delay", "0") as (_, address):
        for table, last in zip(made, before):
            resumed = states(address, table["table"], table["tokens"]["0"], None)
            history = resumed[0]["observation"]["history"]
            assert history[: len(last["observation"]["history"])] == last["observation"]["history"]
            assert resumed[0]["legal"] == last["legal"] or len(history) > len(
                last["observation"]["history"]
            )
            final = resumed[-1]["observation"]
            assert final["to_move"] is None and sum(map(len, final["piles"])) == 40
