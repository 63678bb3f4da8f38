"""The web table sends each seat only what that seat may see (the web
guide, "How seats' secrets are kept").

Whole deals of every preset are played at the server's :class:`Room`, by
random legal actions (table talk included) and by bots, with a connection
at every seat. Every message a seat is sent is the one its own
observation and legal actions give; a deal that differs only in cards the
seat may not know (a deal sampled from the seat's own view) gives the same
message byte for byte; and a secret sign changes nothing an opponent is
sent, not even whether a message is sent.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

import attrs
import pytest

pytest.importorskip("starlette")

from briscola import (  # noqa: E402
    PRESETS,
    GameState,
    MatchState,
    Sign,
    Signal,
    apply,
    legal_actions,
    new_game,
    new_match,
    observe,
    preset,
    sample_state,
)
from briscola.web._bots import BotPool  # noqa: E402
from briscola.web._protocol import Act, position, state_message  # noqa: E402
from briscola.web._room import Room, Table  # noqa: E402
from briscola.web._store import Store  # noqa: E402


@attrs.define(eq=False)
class Recorder:
    """A connection that keeps what it is sent, and with a ``table``,
    checks each state message as it is sent."""

    seat: int
    picture: str | None
    table: Table | None = None
    rng: random.Random = attrs.Factory(lambda: random.Random(0))
    last: str | None = None
    sent: list[str] = attrs.Factory(list)

    def send(self, text: str) -> None:
        self.sent.append(text)
        if self.table is not None and text.startswith('{"type":"state"'):
            state = self.table.state
            assert text == self.table.message(self.seat, self.picture)
            assert text == twin_message(state, self.seat, self.rng, self.picture)


def twin_message(
    state: GameState | MatchState, seat: int, rng: random.Random, picture: str | None
) -> str:
    """The message ``seat`` would be sent at a deal that differs from
    ``state`` only in what the seat may not know: one sampled from its
    view."""
    seen = observe(state, seat)
    other = sample_state(seen, rng)
    twin_seen = observe(other, seat)
    if isinstance(state, MatchState):
        twin_seen = attrs.evolve(
            twin_seen, match_results=seen.match_results, match_totals=seen.match_totals
        )
    # The twin deal's own legal actions, not the observation's: the seat is
    # sent what it may do, which must not depend on what it cannot see.
    legal = legal_actions(other) if other.to_move == seat else ()
    return state_message(twin_seen, legal, picture=picture)


def start_of(name: str, seed: int) -> GameState | MatchState:
    rules = preset(name)
    return new_match(rules, seed=seed) if seed % 2 else new_game(rules, seed=seed)


async def play_at_room(name: str, seed: int, bots: bool) -> int:
    """Play a whole deal (or match) of ``name`` at a room, checking every
    message; returns the number of messages checked."""
    rng = random.Random(seed)
    pool = BotPool(ThreadPoolExecutor(max_workers=1), time_limit=60.0)
    room = Room(Store(":memory:"), pool)
    rules = preset(name)
    players = ["random" if seat % 2 else "heuristic" for seat in range(rules.players)]
    table, _ = room.create(
        start_of(name, seed), players if bots else [None] * rules.players, title=name
    )
    recorders = [
        Recorder(seat, "it" if seat == 0 else None, table, random.Random(seed))
        for seat in range(rules.players)
    ]
    for recorder in recorders:
        room.attach(table, recorder)
    steps = 0
    # A match is followed into its second deal, past a deal's end.
    while not table.state.is_over and len(getattr(table.state, "results", ())) < 2:
        steps += 1
        assert steps < 5_000, "the play does not end"
        if bots:
            before = table.count
            while table.count == before:
                await asyncio.sleep(0.001)
        else:
            seat = table.state.to_move
            assert seat is not None
            legal = legal_actions(table.state)
            deal, turn = position(observe(table.state, seat))
            await room.act(table, seat, Act(rng.choice(legal), deal, turn, None))
    await room.close()
    pool.close()
    return sum(len(recorder.sent) for recorder in recorders)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_message_is_the_seats_own_view(name: str) -> None:
    """Web guide, "How seats' secrets are kept": over a whole deal of
    every preset (for odd seeds, the first two deals of a match) played by
    random legal actions,
    each message is the seat's observation and legal actions, the same
    for a deal that differs only in cards the seat may not know."""
    for seed in (1, 2):
        assert asyncio.run(play_at_room(name, seed, bots=False)) > 20


@pytest.mark.parametrize("name", ["italian-2p", "split-4p", "bastardo", "romanian-4p"])
def test_bots_tables_send_only_the_seats_view(name: str) -> None:
    """Web guide, "How seats' secrets are kept": the same holds when bots
    play every seat."""
    assert asyncio.run(play_at_room(name, 4, bots=True)) > 20


async def play_twins(seed: int) -> tuple[list[list[str]], list[list[str]]]:
    """Play one split-4p deal twice with the same actions, but the first
    time seat 0 makes a secret sign before each of its plays; what each
    seat was sent, per play."""
    rules = preset("split-4p")
    sent: list[list[list[str]]] = []
    for signing in (True, False):
        room = Room(Store(":memory:"), BotPool(ThreadPoolExecutor(max_workers=1)))
        table, _ = room.create(new_game(rules, seed=seed), [None] * 4)
        recorders = [Recorder(seat, None) for seat in range(4)]
        for recorder in recorders:
            room.attach(table, recorder)
        rng = random.Random(seed)
        while not table.state.is_over:
            seat = table.state.to_move
            assert seat is not None
            legal = [a for a in legal_actions(table.state) if type(a).__name__ != "Say"]
            plays = [a for a in legal if type(a) is not Sign]
            if signing and seat == 0 and any(type(a) is Sign for a in legal):
                deal, turn = position(observe(table.state, seat))
                sign = Sign(Signal.ACE_OF_TRUMPS)
                await room.act(table, seat, Act(sign, deal, turn, None))
            deal, turn = position(observe(table.state, seat))
            await room.act(table, seat, Act(rng.choice(plays), deal, turn, None))
        # Each table has its own id, in the welcome: compare what follows.
        sent.append([recorder.sent[1:] for recorder in recorders])
        await room.close()
    return sent[0], sent[1]


def test_secret_signs_reach_only_the_partner() -> None:
    """Web guide, "How seats' secrets are kept" (and "Table talk" in
    Split briškula): seat 0's secret signs change nothing the opponents
    (seats 1 and 3) are sent, not even the number of messages, while its
    partner (seat 2) sees them."""
    signed, silent = asyncio.run(play_twins(7))
    assert signed[1] == silent[1] and signed[3] == silent[3]
    assert len(signed[2]) > len(silent[2])
    assert any('["sign","ace-of-trumps"]' in text for text in signed[2])
    assert not any("sign" in text.split('"legal"')[0] for text in signed[1])


def test_a_different_pack_in_hidden_places_sends_the_same_first_messages() -> None:
    """Web guide, "How seats' secrets are kept": two deals whose packs
    differ only in the opponent's hand and the stock send seat 0 the
    same messages until a card of the difference is shown."""
    rules = preset("italian-2p")
    first = new_game(rules, seed=11)
    pack = list(first.pack)
    # The pack order: the deal gives seat 0 its hand; swap a card of seat
    # 1's hand with one deep in the stock, where seat 0 cannot see.
    hidden = first.hands[1][0]
    deep = first.stock[-1]
    i, j = pack.index(hidden), pack.index(deep)
    pack[i], pack[j] = pack[j], pack[i]
    second = new_game(rules, deck=tuple(pack), dealer=first.dealer)
    assert second.hands[1] != first.hands[1] and second.hands[0] == first.hands[0]

    async def run(start: GameState) -> list[str]:
        room = Room(Store(":memory:"), BotPool(ThreadPoolExecutor(max_workers=1)))
        table, _ = room.create(start, [None, None])
        recorder = Recorder(0, "en")
        room.attach(table, recorder)
        # Seat 0 plays its first card, seat 1 a card both deals give it.
        state = table.state
        await room.act(table, 0, Act(legal_actions(state)[0], 0, 0, None))
        shared = [a for a in legal_actions(table.state) if a.card != hidden and a.card != deep]  # type: ignore[union-attr]
        await room.act(table, 1, Act(shared[0], 0, 1, None))
        await room.close()
        return recorder.sent[1:]  # after the welcome, which names the table

    one, two = asyncio.run(run(first)), asyncio.run(run(second))
    assert one == two
    assert len(one) == 3  # three states
    assert apply(first, legal_actions(first)[0]) != apply(second, legal_actions(second)[0])
