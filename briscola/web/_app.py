"""The web application: the page, the table-making API and the tables'
WebSocket (Starlette)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, Final

import attrs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .. import names as _names
from .._deal import new_game
from .._match import new_match
from .._presets import PRESETS
from .._rules import MatchFormat
from ..bots import BOT_NAMES
from ..cli._describe import summary
from ._bots import BotPool
from ._protocol import Hello, ProtocolError, error_message, read_message
from ._room import Room, Table
from ._safety import Guard, HostPolicy, RateLimit, same_origin
from ._store import Store

__all__ = ["Settings", "create_app"]

log = logging.getLogger("briscola.web")

STATIC: Final = Path(__file__).parent / "static"


@attrs.frozen
class Settings:
    """What a server is allowed and how it behaves; every limit has a
    default.

    >>> Settings(database=":memory:").max_message
    4096
    """

    database: str
    """The SQLite file of the tables (``":memory:"``: kept nowhere)."""
    hosts: HostPolicy = HostPolicy.for_address("127.0.0.1", 8000)
    """The ``Host`` headers answered."""
    max_message: int = 4096
    """The most characters in a client's message."""
    max_tables: int = 500
    """The most tables in play at once."""
    messages_per_second: float = 100.0
    """A connection's sustained rate of messages (in bursts of twice as
    many); messages past it are refused."""
    bot_time_limit: float = 10.0
    """The seconds a bot may think about one move."""
    bot_delay: float = 0.6
    """The seconds a bot waits before it moves, so people can follow."""
    bot_workers: int = 2
    """The bots' worker processes."""
    hello_timeout: float = 30.0
    """The seconds a new connection has to say which seat it takes."""
    max_queue: int = 256
    """The most messages waiting for a slow connection before it is
    closed."""


class _Connection:
    """A WebSocket that took a seat: its outgoing messages go through a
    queue, so that telling a slow seat never holds up a table."""

    def __init__(self, socket: WebSocket, seat: int, picture: str | None, limit: int) -> None:
        self.socket = socket
        self.seat = seat
        self.picture = picture
        self.last: str | None = None
        self._limit = limit
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        if self._queue.qsize() >= self._limit:
            self._queue.put_nowait(None)  # too slow: the writer closes
            return
        self._queue.put_nowait(text)

    async def _write(self) -> None:
        while True:
            text = await self._queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.socket.close(code=1008, reason="too slow")
                return
            try:
                await self.socket.send_text(text)
            except Exception:  # the client went away
                return

    async def close(self) -> None:
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._writer


def create_app(
    settings: Settings, *, executor: Executor | None = None, store: Store | None = None
) -> Starlette:
    """The server's ASGI application.

    Args:
        settings: Limits and addresses.
        executor: Where bots think (default: a pool of
            ``settings.bot_workers`` processes).
        store: The database (default: ``settings.database`` opened when
            the application starts).

    >>> app = create_app(Settings(database=":memory:"))
    >>> sorted(route.path for route in app.routes)
    ['/', '/api/options', '/api/tables', '/static', '/ws']
    """
    room: Room | None = None

    def the_room() -> Room:
        assert room is not None, "the application has not started"
        return room

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        nonlocal room
        opened = store or Store(settings.database)
        bots = BotPool(executor, workers=settings.bot_workers, time_limit=settings.bot_time_limit)
        bots.warm(settings.bot_workers)
        room = Room(opened, bots, max_tables=settings.max_tables, bot_delay=settings.bot_delay)
        room.load()
        room.wake_all()
        try:
            yield
        finally:
            await room.close()
            bots.close()
            if store is None:
                opened.close()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    async def options(request: Request) -> Response:
        presets = [
            {
                "name": name,
                "players": rules.players,
                "match": rules.match is not MatchFormat.SINGLE,
                "summary": summary(rules),
                "talk": rules.table_talk,
            }
            for name, rules in PRESETS.items()
        ]
        return JSONResponse(
            {"presets": presets, "bots": list(BOT_NAMES), "languages": list(_names.LANGUAGES)}
        )

    async def create(request: Request) -> Response:
        if not same_origin(request.headers):
            return _refuse(403, "forbidden", "tables are made from this server's own page")
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return _refuse(415, "malformed", "send the table's settings as application/json")
        body = await _body(request, settings.max_message)
        if body is None:
            return _refuse(413, "too-large", f"at most {settings.max_message} bytes")
        try:
            wanted = _table_request(body)
            rules = PRESETS[wanted.preset]
            play_match = wanted.match and rules.match is not MatchFormat.SINGLE
            start = new_match(rules) if play_match else new_game(rules, seed=_seed())
            table, tokens = the_room().create(
                start, wanted.players, language=wanted.language, title=wanted.preset
            )
        except ProtocolError as error:
            return _refuse(503 if error.code == "full" else 400, error.code, str(error))
        return JSONResponse(
            {
                "table": table.id,
                "seats": [seat.public() for seat in table.seats],
                "tokens": {str(seat): token for seat, token in tokens.items()},
            },
            status_code=201,
        )

    async def socket(websocket: WebSocket) -> None:
        if not same_origin(websocket.headers):
            await websocket.close(code=1008, reason="another site's page")
            return
        await websocket.accept()
        connection: _Connection | None = None
        table: Table | None = None
        try:
            hello = await _hello(websocket, settings)
            if hello is None:
                return
            table = the_room().join(hello.table, hello.seat, hello.token)
            picture = table.language if hello.picture else None
            connection = _Connection(websocket, hello.seat, picture, settings.max_queue)
            the_room().attach(table, connection)
            await _play(websocket, table, connection, the_room(), settings)
        except ProtocolError as error:
            await _say(websocket, error_message(error.code, str(error)))
            await websocket.close(code=1008)
        except WebSocketDisconnect:
            pass
        finally:
            if connection is not None and table is not None:
                the_room().detach(table, connection)
                await connection.close()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api/options", options),
            Route("/api/tables", create, methods=["POST"]),
            WebSocketRoute("/ws", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.add_middleware(Guard, policy=settings.hosts)
    return app


async def _body(request: Request, limit: int) -> bytes | None:
    """The request's body, or ``None`` past ``limit`` bytes (read no
    further than that)."""
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > limit:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return body


def _refuse(status: int, code: str, message: str) -> Response:
    return JSONResponse({"type": "error", "code": code, "message": message}, status_code=status)


def _seed() -> int:
    return secrets.randbits(63)


@attrs.frozen
class _TableRequest:
    preset: str
    players: tuple[str | None, ...]
    match: bool
    language: str


def _table_request(body: bytes) -> _TableRequest:
    """The settings of a new table: ``{"preset": NAME, "seats": [...],
    "match": BOOL, "language": CODE}``, where each seat is ``"person"``
    or a bot's name."""
    try:
        wanted: Any = json.loads(body)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "the table's settings are not JSON") from None
    if not isinstance(wanted, dict):
        raise ProtocolError("malformed", "the table's settings are a JSON object")
    unknown = sorted(set(wanted) - {"preset", "seats", "match", "language"})
    if unknown:
        raise ProtocolError("malformed", f"unknown setting {unknown[0][:40]!r}")
    name = wanted.get("preset")
    if not isinstance(name, str) or name not in PRESETS:
        raise ProtocolError("malformed", f"unknown preset; known: {', '.join(PRESETS)}")
    rules = PRESETS[name]
    seats = wanted.get("seats")
    if not isinstance(seats, list) or len(seats) != rules.players:
        raise ProtocolError("malformed", f"{name} has {rules.players} seats: give one entry each")
    players: list[str | None] = []
    for entry in seats:
        if entry == "person":
            players.append(None)
        elif entry in BOT_NAMES:
            players.append(entry)
        else:
            raise ProtocolError("malformed", f'a seat is "person" or a bot: {", ".join(BOT_NAMES)}')
    if all(player is not None for player in players):
        raise ProtocolError("malformed", "at least one seat is a person's")
    language = wanted.get("language", "en")
    if language not in _names.LANGUAGES:
        raise ProtocolError("malformed", f"the language is one of {', '.join(_names.LANGUAGES)}")
    match = wanted.get("match", False)
    if not isinstance(match, bool):
        raise ProtocolError("malformed", '"match" is true or false')
    return _TableRequest(name, tuple(players), match, language)


async def _say(websocket: WebSocket, text: str) -> None:
    if websocket.application_state is WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await websocket.send_text(text)


async def _receive(websocket: WebSocket) -> str | bytes | None:
    """The next frame's text (or bytes); raises
    :class:`WebSocketDisconnect` when the client leaves."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    return text if text is not None else message.get("bytes")


async def _hello(websocket: WebSocket, settings: Settings) -> Hello | None:
    try:
        frame = await asyncio.wait_for(_receive(websocket), settings.hello_timeout)
    except asyncio.TimeoutError:
        await _say(websocket, error_message("timeout", "no hello message in time"))
        await websocket.close(code=1008)
        return None
    message = read_message(frame, settings.max_message)
    if not isinstance(message, Hello):
        raise ProtocolError("malformed", 'the first message says which seat it takes: "hello"')
    return message


_MAX_REFUSED: Final = 100
"""Messages refused in a row past the rate limit before the connection
is closed."""


async def _play(
    websocket: WebSocket, table: Table, connection: _Connection, room: Room, settings: Settings
) -> None:
    limit = RateLimit(settings.messages_per_second, max(1, int(2 * settings.messages_per_second)))
    refused = 0
    while True:
        frame = await _receive(websocket)
        if not limit.allow():
            refused += 1
            if refused >= _MAX_REFUSED:
                raise ProtocolError("flood", "too many messages: the connection is closed")
            connection.send(
                error_message(
                    "flood",
                    f"at most {settings.messages_per_second:g} messages a second: "
                    "this one was not read",
                )
            )
            continue
        refused = 0
        try:
            message = read_message(frame, settings.max_message)
            if isinstance(message, Hello):
                raise ProtocolError("malformed", "this connection has already taken its seat")
            await room.act(table, connection.seat, message)
        except ProtocolError as error:
            connection.send(error_message(error.code, str(error)))
