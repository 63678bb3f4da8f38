"""The web table's server through Starlette's test client: making tables,
the message protocol, and every kind of bad input (the web guide,
"The message protocol" and "Limits").

Every bad message gets an error on its own connection and changes
nothing: the next good action is taken at the turn where the play stood.
"""

from __future__ import annotations

import asyncio
import base64
import json
import sqlite3
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    # Starlette's test client prefers a newer HTTP client; this one works.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient, WebSocketTestSession

from starlette.websockets import WebSocketDisconnect  # noqa: E402

from briscola import (  # noqa: E402
    PRESETS,
    Observation,
    legal_actions,
    loads,
    new_game,
    observe,
    preset,
)
from briscola.web import HostPolicy, Settings, create_app  # noqa: E402
from briscola.web._bots import BotPool  # noqa: E402
from briscola.web._serve import bind_warning  # noqa: E402

ORIGIN = {"origin": "http://testserver"}
Json = Any


def settings(tmp_path: Path, **changes: Any) -> Settings:
    base = Settings(
        database=str(tmp_path / "tables.sqlite3"),
        hosts=HostPolicy(frozenset({"testserver"}), 80),
        bot_delay=0.0,
        # The test plays faster than any person: only the flood test
        # keeps a limit people could reach.
        messages_per_second=10_000.0,
    )
    return attrs.evolve(base, **changes)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with serving(settings(tmp_path)) as test_client:
        yield test_client


def serving(chosen: Settings) -> TestClient:
    app = create_app(chosen, executor=ThreadPoolExecutor(max_workers=1))
    return TestClient(app)


def new_table(
    client: TestClient, preset: str = "italian-2p", seats: list[str] | None = None, **more: Any
) -> tuple[str, dict[int, str]]:
    players = PRESETS[preset].players
    body = {"preset": preset, "seats": seats or ["person"] * players, **more}
    response = client.post("/api/tables", json=body, headers=ORIGIN)
    assert response.status_code == 201, response.text
    made = response.json()
    return made["table"], {int(seat): token for seat, token in made["tokens"].items()}


def receive(socket: WebSocketTestSession, kind: str = "state") -> Json:
    """The next message, which must be of ``kind``."""
    message = json.loads(socket.receive_text())
    assert message["type"] == kind, message
    return message


def hello(
    socket: WebSocketTestSession, table: str, seat: int, token: str, picture: bool = False
) -> Json:
    socket.send_json(
        {"type": "hello", "table": table, "seat": seat, "token": token, "picture": picture}
    )
    welcome = receive(socket, "welcome")
    assert welcome["seat"] == seat
    return receive(socket)


def act(socket: WebSocketTestSession, state: Json, action: Json, **more: Any) -> None:
    socket.send_json(
        {
            "type": "act",
            "deal": state["deal"],
            "turn": state["turn"],
            "action": {"format": 2, "type": "action", "action": action},
            **more,
        }
    )


def error(socket: WebSocketTestSession) -> tuple[str, str]:
    message = receive(socket, "error")
    return message["code"], message["message"]


def test_options_list_presets_bots_and_languages(client: TestClient) -> None:
    """Web guide, "Start": the page offers every preset, every bot
    make_bot knows and the card-name languages."""
    options = client.get("/api/options").json()
    assert [p["name"] for p in options["presets"]] == list(PRESETS)
    assert "heuristic" in options["bots"] and "it" in options["languages"]


def test_a_whole_deal_against_a_bot(client: TestClient) -> None:
    """Web guide, "The message protocol": a person plays a whole deal
    against a bot; each state holds the seat's observation (the library's
    JSON) and its legal actions, and the bot moves by itself."""
    table, tokens = new_table(client, seats=["person", "heuristic"])
    assert list(tokens) == [0]
    with client.websocket_connect("/ws") as socket:
        state = hello(socket, table, 0, tokens[0], picture=True)
        assert state["picture"].startswith("<svg")
        moves = 0
        while state["observation"]["to_move"] is not None:
            seen = loads(json.dumps(state["observation"]), Observation)
            assert seen.seat == 0
            legal = state["legal"]["actions"]
            if legal:
                act(socket, state, legal[-1])
                moves += 1
            state = receive(socket)
        assert moves == 20
        assert sum(len(pile) for pile in state["observation"]["piles"]) == 40


def test_a_match_is_played_deal_after_deal(client: TestClient) -> None:
    """Web guide, "Matches": a table of a preset with a match plays its
    deals one after another, with the match's scores in each state."""
    table, tokens = new_table(client, "split-2p", ["person", "random"], match=True)
    with client.websocket_connect("/ws") as socket:
        state = hello(socket, table, 0, tokens[0])
        while state["observation"]["to_move"] is not None:
            legal = state["legal"]["actions"]
            if legal:
                act(socket, state, legal[0])
            state = receive(socket)
        seen = state["observation"]
        assert max(seen["match_totals"]) >= 4 and len(seen["match_results"]) >= 4


def test_a_reconnecting_seat_finds_its_place(client: TestClient) -> None:
    """Web guide, "Invite a friend": a seat's link opens it again, where
    the play stands; two people play each at their own seat."""
    table, tokens = new_table(client)
    with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
        state0 = hello(first, table, 0, tokens[0])
        state1 = hello(second, table, 1, tokens[1])
        assert state1["legal"]["actions"] == []
        act(first, state0, state0["legal"]["actions"][0])
        state0, state1 = receive(first), receive(second)
        assert state1["legal"]["actions"] and not state0["legal"]["actions"]
    with client.websocket_connect("/ws") as again:
        assert hello(again, table, 1, tokens[1]) == state1


def test_the_tables_survive_a_restart(tmp_path: Path) -> None:
    """Web guide, "How tables are kept": a server started again on the
    same database resumes every table where it stood, bots included."""
    chosen = settings(tmp_path)
    with serving(chosen) as client:
        table, tokens = new_table(client, seats=["person", "heuristic"])
        with client.websocket_connect("/ws") as socket:
            state = hello(socket, table, 0, tokens[0])
            for _ in range(3):
                act(socket, state, state["legal"]["actions"][0])
                state = receive(socket)
                while not state["legal"]["actions"]:
                    state = receive(socket)
    with serving(chosen) as client, client.websocket_connect("/ws") as socket:
        assert hello(socket, table, 0, tokens[0]) == state
        assert state["legal"]["actions"] and len(state["observation"]["history"]) >= 5


def test_seat_tokens_are_long_secret_and_not_stored(client: TestClient, tmp_path: Path) -> None:
    """Web guide, "How seats' secrets are kept": each person's seat has
    its own token of 256 random bits; the database keeps only digests."""
    _, tokens = new_table(client, "italian-4p", ["person"] * 4)
    assert len(set(tokens.values())) == 4
    for token in tokens.values():
        assert len(base64.urlsafe_b64decode(token + "=")) >= 16
    saved = b"".join(path.read_bytes() for path in tmp_path.glob("tables.sqlite3*"))
    assert saved and not any(token.encode() in saved for token in tokens.values())


def test_every_response_keeps_referrers_and_frames_out(client: TestClient) -> None:
    """Web guide, "How seats' secrets are kept": pages send no Referer,
    load nothing from elsewhere and cannot be framed."""
    for path in ("/", "/static/table.js", "/static/table.css", "/api/options"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["referrer-policy"] == "no-referrer"
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["x-frame-options"] == "DENY"
    page = client.get("/").text
    assert "http://" not in page and "https://" not in page


def test_another_host_name_is_refused(client: TestClient) -> None:
    """Web guide, "How seats' secrets are kept": a Host header that is
    not the server's address (DNS rebinding) is refused, on pages and on
    the WebSocket."""
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect("/ws", headers={"host": "evil.example"}) as socket:
            socket.receive_text()


def test_a_server_on_every_address_answers_to_addresses_and_given_names() -> None:
    """Web guide, "How seats' secrets are kept": bound to every address,
    the server answers to any IP address with its port and to the names
    given with ``--allow-host``, never to another name; it warns when it
    is not on loopback."""
    policy = HostPolicy.for_address("0.0.0.0", 8000, ["table.home"])
    assert policy.allows("192.168.1.20:8000") and policy.allows("[fe80::1]:8000")
    assert policy.allows("table.home:8000") and policy.allows("localhost:8000")
    assert not policy.allows("evil.example:8000") and not policy.allows("192.168.1.20:9000")
    assert not policy.allows(None)
    only = HostPolicy.for_address("192.168.1.20", 8000)
    assert only.allows("192.168.1.20:8000") and not only.allows("10.0.0.1:8000")
    assert bind_warning("127.0.0.1") is None and bind_warning("::1") is None
    assert "other machines" in (bind_warning("0.0.0.0") or "")


def test_another_sites_page_cannot_make_tables_or_connect(client: TestClient) -> None:
    """Web guide, "How seats' secrets are kept": a browser's Origin must
    be the server's own to make a table or open the WebSocket, and
    tables are made only from JSON of a few kilobytes at most."""
    body = {"preset": "italian-2p", "seats": ["person", "random"]}
    evil = {"origin": "http://evil.example"}
    assert client.post("/api/tables", json=body, headers=evil).status_code == 403
    form = client.post("/api/tables", data={"preset": "x"}, headers=ORIGIN)
    assert form.status_code == 415
    huge = client.post(
        "/api/tables",
        content=b"[" + b" " * 100_000 + b"]",
        headers={**ORIGIN, "content-type": "application/json"},
    )
    assert huge.status_code == 413
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect("/ws", headers=evil) as socket:
            socket.receive_text()


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"preset": "italian-9p", "seats": []}, "unknown preset"),
        ({"preset": "italian-2p", "seats": ["person"]}, "2 seats"),
        ({"preset": "italian-2p", "seats": ["random", "random"]}, "a person"),
        ({"preset": "italian-2p", "seats": ["person", "genius"]}, "a bot"),
        ({"preset": "italian-2p", "seats": ["person"] * 2, "language": "xx"}, "language"),
        ({"preset": "italian-2p", "seats": ["person"] * 2, "colour": 1}, "unknown setting"),
        ([1, 2], "JSON object"),
    ],
)
def test_bad_table_settings_are_refused(client: TestClient, body: Json, fragment: str) -> None:
    """Web guide, "The message protocol": a table's settings are checked,
    and a refusal says what is wrong."""
    response = client.post("/api/tables", json=body, headers=ORIGIN)
    assert response.status_code == 400
    assert fragment in response.json()["message"]


def test_the_number_of_tables_is_limited(tmp_path: Path) -> None:
    """Web guide, "Limits": past the most tables in play, a new one is
    refused until one ends."""
    with serving(settings(tmp_path, max_tables=2)) as client:
        new_table(client)
        new_table(client)
        body = {"preset": "italian-2p", "seats": ["person", "random"]}
        response = client.post("/api/tables", json=body, headers=ORIGIN)
        assert response.status_code == 503 and response.json()["code"] == "full"


@pytest.mark.parametrize(
    ("first", "code"),
    [
        ({"type": "hello", "table": "nope", "seat": 0, "token": "x" * 43}, "no-seat"),
        ({"type": "act", "deal": 0, "turn": 0, "action": {}}, "malformed"),
        ({"type": "hello", "table": "t", "seat": -1, "token": "x"}, "malformed"),
    ],
)
def test_a_connection_that_does_not_take_a_seat_is_closed(
    client: TestClient, first: Json, code: str
) -> None:
    """Web guide, "The message protocol": the first message takes a seat
    with its token; anything else is refused and the connection closed."""
    with client.websocket_connect("/ws") as socket:
        socket.send_json(first)
        assert error(socket)[0] == code
        with pytest.raises(WebSocketDisconnect):
            socket.receive_text()


def test_a_wrong_token_opens_no_seat(client: TestClient) -> None:
    """Web guide, "How seats' secrets are kept": one seat's token does
    not open another seat."""
    table, tokens = new_table(client)
    with client.websocket_connect("/ws") as socket:
        socket.send_json({"type": "hello", "table": table, "seat": 1, "token": tokens[0]})
        assert error(socket)[0] == "no-seat"


def test_a_silent_connection_is_closed(tmp_path: Path) -> None:
    """Web guide, "Limits": a connection that does not say which seat it
    takes in time is closed."""
    with serving(settings(tmp_path, hello_timeout=0.2)) as client:
        with client.websocket_connect("/ws") as socket:
            assert error(socket)[0] == "timeout"


@pytest.fixture
def two_seats(
    client: TestClient,
) -> Iterator[tuple[WebSocketTestSession, WebSocketTestSession, Json]]:
    """Both seats of an italian-2p table between two people, and seat 0's
    first state."""
    table, tokens = new_table(client)
    with client.websocket_connect("/ws") as zero, client.websocket_connect("/ws") as one:
        state = hello(zero, table, 0, tokens[0])
        hello(one, table, 1, tokens[1])
        yield zero, one, state


def still_at(socket: WebSocketTestSession, state: Json) -> None:
    """The play has not moved: a legal action at ``state`` is taken."""
    act(socket, state, state["legal"]["actions"][0])
    after = receive(socket)
    assert after["turn"] == state["turn"] + 1


BAD_MESSAGES: list[tuple[str, str]] = [
    ("not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "dance"}', "malformed"),
    ('{"type": "act", "deal": 0, "turn": 0}', "malformed"),
    ('{"type": "act", "deal": 0, "turn": 0, "action": ["play", 1]}', "malformed"),
    (
        '{"type": "act", "deal": 0, "turn": 0, "action": {"format": 2, "type": "action", '
        '"action": ["play", 99]}}',
        "malformed",
    ),
    (
        '{"type": "act", "deal": 0, "turn": 0, "turn": 0, "action": {"format": 2, '
        '"type": "action", "action": ["pass"]}}',
        "malformed",
    ),
    ('{"type": "act", "deal": NaN, "turn": 0}', "malformed"),
    ('{"type": "act", "deal": 0, "turn": 0, "extra": 1}', "malformed"),
    ('{"type": "hello", "table": "t", "seat": 0, "token": "x"}', "malformed"),
    ("[" * 100_000, "too-large"),
    ('{"type": "act", "pad": "' + "x" * 5000 + '"}', "too-large"),
]


@pytest.mark.parametrize(("text", "code"), BAD_MESSAGES)
def test_a_bad_message_is_refused_and_changes_nothing(
    two_seats: tuple[WebSocketTestSession, WebSocketTestSession, Json], text: str, code: str
) -> None:
    """Web guide, "The message protocol": a malformed or oversized
    message gets an error on its connection, and the play stays where it
    was."""
    zero, _, state = two_seats
    zero.send_text(text)
    assert error(zero)[0] == code
    still_at(zero, state)


def test_a_binary_frame_is_refused(
    two_seats: tuple[WebSocketTestSession, WebSocketTestSession, Json],
) -> None:
    """Web guide, "The message protocol": messages are text frames."""
    zero, _, state = two_seats
    zero.send_bytes(b'{"type": "act"}')
    assert error(zero)[0] == "malformed"
    still_at(zero, state)


def test_an_illegal_action_is_refused(
    two_seats: tuple[WebSocketTestSession, WebSocketTestSession, Json],
) -> None:
    """Web guide, "The message protocol": an action the rules do not
    allow (a card not in hand, a bid without an auction) is refused with
    the engine's reason."""
    zero, _, state = two_seats
    missing = next(card for card in range(40) if card not in state["observation"]["hand"])
    act(zero, state, ["play", missing])
    code, message = error(zero)
    assert code == "illegal" and "hand" in message
    act(zero, state, ["bid", 70])
    assert error(zero)[0] == "illegal"
    still_at(zero, state)


def test_a_seat_acts_only_for_itself(
    two_seats: tuple[WebSocketTestSession, WebSocketTestSession, Json],
) -> None:
    """Web guide, "How seats' secrets are kept": a connection acts only
    for its own seat, and only on its turn."""
    zero, one, state = two_seats
    act(zero, state, state["legal"]["actions"][0], seat=1)
    assert error(zero)[0] == "wrong-seat"
    act(one, {"deal": 0, "turn": 0}, state["legal"]["actions"][0])
    assert error(one)[0] == "not-your-turn"
    still_at(zero, state)


def test_an_action_sent_twice_is_taken_once(
    two_seats: tuple[WebSocketTestSession, WebSocketTestSession, Json],
) -> None:
    """Web guide, "The message protocol": an action carries the turn it
    was chosen at; sent again once the play has moved on, it is stale."""
    zero, one, state = two_seats
    action = state["legal"]["actions"][0]
    act(zero, state, action)
    after = receive(zero)
    act(zero, state, action)
    assert error(zero)[0] == "stale"
    seen = receive(one)
    assert seen["turn"] == 1 and seen["legal"]["actions"]
    assert after["turn"] == 1


def test_a_finished_table_takes_no_action(
    two_seats: tuple[WebSocketTestSession, WebSocketTestSession, Json],
) -> None:
    """Web guide, "The message protocol": once the play is over, actions
    are refused."""
    zero, one, state = two_seats
    sockets = (zero, one)
    current = state
    mover = 0
    while True:
        act(sockets[mover], current, current["legal"]["actions"][0])
        states = [receive(zero), receive(one)]
        if states[0]["observation"]["to_move"] is None:
            break
        mover = states[0]["observation"]["to_move"]
        current = states[mover]
    act(zero, states[0], ["play", 0])
    assert error(zero)[0] == "over"


def test_a_flood_is_refused_and_other_tables_play_on(tmp_path: Path) -> None:
    """Web guide, "Limits": messages past the rate limit are refused
    (and a connection that keeps on is closed), while the other tables
    play on."""
    with serving(settings(tmp_path, messages_per_second=1.0)) as client:
        table, tokens = new_table(client)
        other, other_tokens = new_table(client, seats=["person", "random"])
        with client.websocket_connect("/ws") as flood, client.websocket_connect("/ws") as calm:
            hello(flood, table, 0, tokens[0])
            state = hello(calm, other, 0, other_tokens[0])
            for _ in range(5):
                flood.send_text("{}")
            codes = [error(flood)[0] for _ in range(5)]
            assert codes[:2] == ["malformed", "malformed"] and codes[2:] == ["flood"] * 3
            act(calm, state, state["legal"]["actions"][0])
            assert receive(calm)["turn"] == 1
            for _ in range(200):
                flood.send_text("{}")
            with pytest.raises(WebSocketDisconnect):
                while True:
                    flood.receive_text()


def test_the_database_is_in_write_ahead_mode(tmp_path: Path) -> None:
    """Web guide, "How tables are kept": SQLite in write-ahead-log mode,
    each action in a row of its own."""
    with serving(settings(tmp_path)) as client:
        table, tokens = new_table(client)
        with client.websocket_connect("/ws") as socket:
            state = hello(socket, table, 0, tokens[0])
            act(socket, state, state["legal"]["actions"][0])
            receive(socket)
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("SELECT table_id, number FROM actions").fetchall() == [(table, 0)]


def test_a_table_that_does_not_replay_is_left_out(tmp_path: Path) -> None:
    """Web guide, "How tables are kept": tables are read back by replay
    through the engine; one whose stored actions the rules refuse (a file
    changed by hand) is left out and the others load."""
    chosen = settings(tmp_path)
    with serving(chosen) as client:
        broken, _ = new_table(client)
        kept, tokens = new_table(client)
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    with db:
        db.execute(
            "INSERT INTO actions (table_id, number, action) VALUES (?, 0, ?)",
            (broken, '["bid", 70]'),
        )
    db.close()
    with serving(chosen) as client, client.websocket_connect("/ws") as socket:
        assert hello(socket, kept, 0, tokens[0])["turn"] == 0
        with client.websocket_connect("/ws") as other:
            other.send_json({"type": "hello", "table": broken, "seat": 0, "token": "x" * 43})
            assert error(other)[0] == "no-seat"


def test_a_slow_or_broken_bot_is_replaced_by_a_random_move() -> None:
    """Web guide, "How seats' secrets are kept" (Bots): a bot that takes
    longer than the time limit, or fails, has a random legal action played
    for it, and the reason is given."""
    state = new_game(preset("italian-2p"), seed=3)
    legal = legal_actions(state)
    slow = BotPool(ThreadPoolExecutor(max_workers=1), time_limit=1e-9)
    action, why = asyncio.run(slow.move("strong", observe(state, 0), legal, "s"))
    assert action in legal and why is not None and "took more than" in why
    fine = BotPool(ThreadPoolExecutor(max_workers=1), time_limit=60.0)
    action, why = asyncio.run(fine.move("heuristic", observe(state, 0), legal, "s"))
    assert action in legal and why is None
    action, why = asyncio.run(fine.move("genius", observe(state, 0), legal, "s"))
    assert action in legal and why is not None and "unknown bot" in why
    slow.close()
    fine.close()
