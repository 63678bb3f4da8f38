"""The tables in play: who sits where, acting, and telling each seat.

The :class:`Room` holds every table's state (the omniscient
:class:`~briscola.GameState` or :class:`~briscola.MatchState`), which
never leaves the server. A seat's connections receive only
:func:`~briscola.web._protocol.state_message` of the seat's observation,
and only when it changed; a connection acts only for its own seat. Every
action is stored (and committed) before anyone is told of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import sqlite3
import time
from collections.abc import Sequence
from typing import Protocol

import attrs

from .._actions import Action, IllegalActionError
from .._engine import apply, legal_actions
from .._match import MatchState
from .._observe import observe
from .._state import GameState
from ._bots import BotPool
from ._protocol import Act, ProtocolError, position, state_message, welcome_message
from ._store import Seat, Store

__all__ = ["Listener", "Table", "Room", "digest"]

log = logging.getLogger("briscola.web")


class Listener(Protocol):
    """A connection that has taken a seat."""

    seat: int
    picture: str | None
    """The language of the pictures it wants, or ``None`` for none."""
    last: str | None
    """The last state message it was sent."""

    def send(self, text: str) -> None:
        """Queue ``text`` for sending; never waits."""


def digest(token: str) -> str:
    """The hex SHA-256 digest of a seat's token, as the database keeps it.

    >>> len(digest("x"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@attrs.define(eq=False)
class Table:
    """One table in play."""

    id: str
    title: str
    language: str
    seats: tuple[Seat, ...]
    state: GameState | MatchState
    count: int
    """The actions applied since the start, over every deal."""
    created: float
    listeners: set[Listener] = attrs.field(factory=set)
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    bots: asyncio.Task[None] | None = None

    def message(self, seat: int, picture: str | None) -> str:
        """The state message for ``seat``."""
        seen = observe(self.state, seat)
        return state_message(seen, legal_actions(seen), picture=picture)

    def welcome(self, seat: int) -> str:
        """The welcome message for ``seat``."""
        public = [seat.public() for seat in self.seats]
        return welcome_message(self.id, seat, self.title, public, self.language)


class Room:
    """Every table of the server.

    Args:
        store: The database.
        bots: Where bots think.
        max_tables: The most tables not yet over.
        bot_delay: Seconds a bot waits before its move, so that people
            can follow the play.
    """

    def __init__(
        self, store: Store, bots: BotPool, *, max_tables: int = 500, bot_delay: float = 0.0
    ) -> None:
        self.store = store
        self.bots = bots
        self.max_tables = max_tables
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self._batch: asyncio.Future[bool] | None = None

    # -- starting and stopping ---------------------------------------------

    def load(self) -> None:
        """Read every stored table and set its bots going."""
        for stored in self.store.tables():
            state = stored.state
            if isinstance(state, MatchState):
                count = sum(len(deal.history) for deal in (*state.finished, state.game))
            else:
                count = len(state.history)
            table = Table(
                stored.id,
                stored.title,
                stored.language,
                stored.seats,
                stored.state,
                count,
                stored.created,
            )
            self.tables[table.id] = table
            self._wake_bots(table)

    async def close(self) -> None:
        """Stop the bots' tasks."""
        tasks = [table.bots for table in self.tables.values() if table.bots is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # -- tables ----------------------------------------------------------------

    def create(
        self,
        start: GameState | MatchState,
        players: Sequence[str | None],
        *,
        language: str = "en",
        title: str = "",
    ) -> tuple[Table, dict[int, str]]:
        """A new table, stored.

        Args:
            start: The new deal or match.
            players: Per seat, a bot's name or ``None`` for a person.
            language: How the page names cards.
            title: The table's name (the preset's, usually).

        Returns:
            The table and, per person's seat, its token (kept nowhere
            else: only its digest is stored).

        Raises:
            ProtocolError: With the code ``"full"`` when the server already
                holds its most tables in play.
        """
        live = sum(not table.state.is_over for table in self.tables.values())
        if live >= self.max_tables:
            raise ProtocolError(
                "full", f"this server holds {live} tables in play, its most; try again later"
            )
        tokens = {
            seat: secrets.token_urlsafe(32) for seat, bot in enumerate(players) if bot is None
        }
        seats = tuple(
            Seat(bot, None if bot is not None else digest(tokens[seat]))
            for seat, bot in enumerate(players)
        )
        table_id = secrets.token_urlsafe(12)
        created = time.time()
        self.store.add(table_id, created, start, seats, language, title)
        table = Table(table_id, title, language, seats, start, 0, created)
        self.tables[table_id] = table
        self._wake_bots(table)
        return table, tokens

    def join(self, table_id: str, seat: int, token: str) -> Table:
        """The table whose ``seat`` the ``token`` opens.

        Raises:
            ProtocolError: ``"no-seat"`` when there is no such table or
                seat, or the token is not the seat's (one message for all,
                so that it tells nothing about which tables exist).
        """
        table = self.tables.get(table_id)
        wanted = table.seats[seat].token_digest if table and seat < len(table.seats) else None
        # Compared in constant time, and compared even when there is
        # nothing to compare with, so that the time taken tells nothing.
        matches = hmac.compare_digest(wanted or "-" * 64, digest(token))
        if table is None or wanted is None or not matches:
            raise ProtocolError(
                "no-seat", "there is no such table or seat, or the link's token is not that seat's"
            )
        return table

    def attach(self, table: Table, listener: Listener) -> None:
        """Seat ``listener`` at ``table`` and tell it where the play stands."""
        table.listeners.add(listener)
        listener.send(table.welcome(listener.seat))
        listener.last = table.message(listener.seat, listener.picture)
        listener.send(listener.last)

    def detach(self, table: Table, listener: Listener) -> None:
        """Forget ``listener``."""
        table.listeners.discard(listener)

    # -- play ------------------------------------------------------------------

    async def act(self, table: Table, seat: int, act: Act) -> None:
        """Take ``act`` for ``seat``, store it and tell every seat.

        Raises:
            ProtocolError: If the action cannot be taken now, saying why;
                then nothing has changed.
        """
        async with table.lock:
            state = table.state
            if act.seat is not None and act.seat != seat:
                raise ProtocolError(
                    "wrong-seat", f"this connection plays for seat {seat} only, not {act.seat}"
                )
            if state.is_over:
                raise ProtocolError("over", "the play at this table is over")
            now = position(observe(state, seat))
            if (act.deal, act.turn) != now:
                raise ProtocolError(
                    "stale",
                    f"the action was sent at deal {act.deal}, turn {act.turn}, but the play is "
                    f"at deal {now[0]}, turn {now[1]}: it is not taken again",
                )
            if state.to_move != seat:
                raise ProtocolError("not-your-turn", f"seat {state.to_move} is to move, not {seat}")
            try:
                new = apply(state, act.action)
            except IllegalActionError as error:
                raise ProtocolError("illegal", str(error)) from None
            await self._commit(table, new, act.action)
        self._wake_bots(table)

    async def _commit(self, table: Table, new: GameState | MatchState, action: Action) -> None:
        """Store the action, then make it the table's state and tell the
        seats (called holding the table's lock).

        The actions of every table taken while the event loop runs once
        are committed together (a group commit), and only then announced.
        """
        try:
            self.store.write(table.id, table.count, action, over=new.is_over)
        except sqlite3.Error as error:  # this action is undone, the batch goes on
            self._failed(error)
            raise ProtocolError("not-stored", "the server could not store the action") from None
        if self._batch is None:
            self._batch = asyncio.get_running_loop().create_future()
            asyncio.get_running_loop().call_soon(self._flush, self._batch)
        batch = self._batch
        if not await asyncio.shield(batch):
            raise ProtocolError("not-stored", "the server could not store the action")
        table.state = new
        table.count += 1
        self._announce(table)

    def _flush(self, batch: asyncio.Future[bool]) -> None:
        """Commit the batch of actions written since the last commit."""
        self._batch = None
        try:
            self.store.commit()
        except sqlite3.Error as error:
            self._failed(error)
            batch.set_result(False)
        else:
            batch.set_result(True)

    def _failed(self, error: sqlite3.Error) -> None:
        log.error("could not store actions: %s", error)

    def _announce(self, table: Table) -> None:
        """Send each seat at ``table`` its state, if it changed."""
        sent: dict[tuple[int, str | None], str] = {}
        for listener in list(table.listeners):
            key = (listener.seat, listener.picture)
            text = sent.get(key)
            if text is None:
                text = sent[key] = table.message(*key)
            if text != listener.last:
                listener.last = text
                listener.send(text)

    def _wake_bots(self, table: Table) -> None:
        if table.bots is None or table.bots.done():
            state = table.state
            seat = state.to_move
            if seat is not None and not state.is_over and table.seats[seat].bot is not None:
                with contextlib.suppress(RuntimeError):  # no event loop yet: load() runs later
                    table.bots = asyncio.get_running_loop().create_task(self._play_bots(table))

    async def _play_bots(self, table: Table) -> None:
        """Play the bots' moves at ``table`` while a bot is to move."""
        while True:
            state = table.state
            seat = state.to_move
            if state.is_over or seat is None:
                return
            spec = table.seats[seat].bot
            if spec is None:
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            seen = observe(state, seat)
            legal = legal_actions(seen)
            # A fresh secret seed: a seed others could work out (from the
            # table's id, say) would let them replay the bot's choices.
            seed = secrets.token_hex(16)
            action, why = await self.bots.move(spec, seen, legal, seed)
            if why is not None:
                log.warning("table %s, seat %d: %s; it played at random", table.id, seat, why)
            async with table.lock:
                if table.state is not state:
                    continue
                try:
                    await self._commit(table, apply(state, action), action)
                except ProtocolError:
                    return

    def wake_all(self) -> None:
        """Set going the bots of every table whose bot is to move."""
        for table in self.tables.values():
            self._wake_bots(table)
