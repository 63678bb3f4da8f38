"""Measure briscola against the CPython floor and a peer, in one table.

Run ``python benchmarks/bench.py``: ``--quick`` for a rough look,
``--seconds`` and ``--rounds`` to trade time for steadiness,
``--statistic median`` for the median round instead of the best,
``--profile`` to add a cProfile summary of the two-player loop,
``--presets italian-2p,split-4p`` to give deal rows to those presets
only. Install the ``bench`` extra first (``pip install -e '.[bench]'``)
to include the peer.

Every workload is measured in rounds: one round runs each workload once,
in table order, so the floor, our engine and the peer alternate in the
same process and share whatever the machine was doing. The table gives
each row's best round by default, since other programs can only ever slow
a round down. The workloads:

- deals of every preset (or of those ``--presets`` names):
  ``new_game(rules, seed=k)``, then ``apply(state,
  rng.choice(legal_actions(state)))`` until the deal is over, through the
  public API only;
- the same loop of each preset calling ``observe(state, state.to_move)``
  before every action, as a search bot does;
- ``loads(dumps(state))`` over states taken from random two-player deals;
- ``sample_state(observation, rng)`` over the observations of the seat to
  move in random two-player deals;
- random deals through the PettingZoo environment of
  ``briscola.pettingzoo``: ``env()`` as users get it (with its wrapper),
  every step reading ``last()`` (the observation encoded as a NumPy
  vector, with the action mask) and stepping a random legal index; the
  same through the raw environment (``raw_env()``); and through the
  Gymnasium environment (``briscola.gymnasium.BriscolaEnv``, random bots
  at the other seats), for italian-2p or the presets ``--presets`` names
  (``--presets all`` for every preset);
- random italian-2p deals through the OpenSpiel game of
  ``briscola.openspiel``: a new state, its 40 chance nodes (a uniformly
  random card of those left each), then a uniformly random legal action
  until the end;
- random deals of every preset the batched engine of ``briscola.vector``
  holds, at batches of 1,024 and 4,096 deals: the deal,
  then every step the legal masks, the encoded observations and a random
  legal index per deal (see :func:`vector_rows`);
- the floor (``floor.py``): the bare loop of one random two-player deal
  on integers and lists;
- the PyPI package ``briscas`` (two-player Spanish brisca, 48 cards):
  ``Game(RandomPlayer, RandomPlayer).play()`` as shipped, and again with
  its per-trick card drawing and play log switched off.

Rows whose code is missing say so instead of failing, so the rest of the
table still runs.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib.metadata
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import floor

import briscola
from briscola import GameState, Play, Rules, apply, legal_actions, new_game, preset

Pick = Callable[[Sequence[float]], float]
"""How one rate is chosen from the rounds': ``max`` or ``statistics.median``."""

Work = Callable[[int], tuple[float, int]]
"""Run ``n`` units of a workload; return the seconds the timed part took
and the cards played in it (``0`` where cards mean nothing)."""

_BATCH_SECONDS = 0.02
"""Aim for batches about this long, so that the clock is read rarely."""


@dataclass
class Row:
    """One line of the table: a workload and its measurements."""

    what: str
    """What is measured, as the table shows it."""
    unit: str
    """What one unit of work is: ``"deals"``, ``"states"``, ..."""
    work: Work | None
    """The workload; ``None`` when it cannot run (see :attr:`note`)."""
    note: str = ""
    """Why the row cannot run."""
    is_deal: bool = True
    """Whether a unit is a whole deal (then cards and the floor ratio
    mean something)."""
    key: str = ""
    """A name for :func:`summary` to find the row by."""
    batch: int = 0
    """Units per call of :attr:`work`, set by calibration."""
    rates: list[float] = field(default_factory=list)
    """Units per second, one per round."""
    card_rates: list[float] = field(default_factory=list)
    """Cards played per second, one per round."""
    deal_ratios: list[float] = field(default_factory=list)
    """Per round, :attr:`rates` over the floor's deals per second measured
    just before and just after (their mean)."""
    card_ratios: list[float] = field(default_factory=list)
    """The same for cards played per second."""


# Workloads ------------------------------------------------------------------


def floor_work() -> Work:
    """The bare loop of ``floor.py``: one shared generator, integer cards."""
    rng = random.Random(2024)
    deal = floor.deal

    def work(n: int) -> tuple[float, int]:
        start = time.perf_counter()
        for _ in range(n):
            deal(rng)
        return time.perf_counter() - start, n * floor.CARDS_PER_DEAL

    return work


def _cards_played(state: GameState) -> int:
    return sum(type(action) is Play for action in state.history)


def play_deals(
    rules: Rules,
    seeds: Sequence[int],
    choice: Callable[[Sequence[Any]], Any],
    observe: Callable[[GameState, int], object] | None = None,
) -> int:
    """Play one random deal of ``rules`` per seed; the cards played.

    With ``observe``, the seat to move observes the state before each
    action, as a search bot would. Final states are dropped as they come,
    as a playout loop would, so memory (and the garbage collector's work)
    stays flat however long the run.
    """
    played = 0
    if observe is None:
        for seed in seeds:
            state = new_game(rules, seed=seed)
            while not state.is_over:
                state = apply(state, choice(legal_actions(state)))
            played += _cards_played(state)
    else:
        for seed in seeds:
            state = new_game(rules, seed=seed)
            while not state.is_over:
                observe(state, state.to_move)  # type: ignore[arg-type]
                state = apply(state, choice(legal_actions(state)))
            played += _cards_played(state)
    return played


def deals_work(rules: Rules, observe: Callable[[GameState, int], object] | None = None) -> Work:
    """Random deals of ``rules`` through the public API, seeds 0, 1, 2, ...;
    see :func:`play_deals`."""
    choice = random.Random(2024).choice
    seeds = iter(range(sys.maxsize))

    def work(n: int) -> tuple[float, int]:
        batch = [next(seeds) for _ in range(n)]
        start = time.perf_counter()
        played = play_deals(rules, batch, choice, observe)
        elapsed = time.perf_counter() - start
        return elapsed, played

    return work


def random_states(rules: Rules, deals: int, seed: int) -> list[GameState]:
    """Every state that is not over, from ``deals`` random deals."""
    rng = random.Random(seed)
    states = []
    for k in range(deals):
        state = new_game(rules, seed=seed + k)
        while not state.is_over:
            states.append(state)
            state = apply(state, rng.choice(legal_actions(state)))
    return states


def cycling_work(items: Sequence[Any], call: Callable[[Any], object]) -> Work:
    """``call`` on each of ``items`` in turn, round and round."""
    position = 0

    def work(n: int) -> tuple[float, int]:
        nonlocal position
        size = len(items)
        batch = [items[(position + i) % size] for i in range(n)]
        position = (position + n) % size
        start = time.perf_counter()
        for item in batch:
            call(item)
        return time.perf_counter() - start, 0

    return work


def pettingzoo_work(game: Any) -> Work:
    """Random deals through a PettingZoo environment, seeds 0, 1, 2, ...:
    every step reads ``last()`` (the observation encoded as a NumPy
    vector, with the action mask) and steps a uniformly random index of
    the mask (``None`` for an agent whose episode has ended)."""
    choice = random.Random(2024).choice
    seeds = iter(range(sys.maxsize))
    raw = game.unwrapped

    def work(n: int) -> tuple[float, int]:
        batch = [next(seeds) for _ in range(n)]
        played = 0
        start = time.perf_counter()
        for seed in batch:
            game.reset(seed=seed)
            for _ in game.agent_iter():
                observation, _, terminated, truncated, _ = game.last()
                if terminated or truncated:
                    game.step(None)
                else:
                    game.step(choice(observation["action_mask"].nonzero()[0]))
            played += _cards_played(raw.game)
        return time.perf_counter() - start, played

    return work


def gymnasium_work(env: Any) -> Work:
    """Random deals through the Gymnasium environment (the learner at seat
    0, random bots at the others), seeds 0, 1, 2, ...: every step takes a
    uniformly random index of ``info["action_mask"]`` until the episode
    ends."""
    choice = random.Random(2024).choice
    seeds = iter(range(sys.maxsize))

    def work(n: int) -> tuple[float, int]:
        batch = [next(seeds) for _ in range(n)]
        played = 0
        start = time.perf_counter()
        for seed in batch:
            _, info = env.reset(seed=seed)
            terminated = False
            while not terminated:
                _, _, terminated, _, info = env.step(choice(info["action_mask"].nonzero()[0]))
            played += _cards_played(env.game)
        return time.perf_counter() - start, played

    return work


def environment_rows(names: Sequence[str]) -> list[Row]:
    """Per preset, random deals through ``briscola.pettingzoo``'s ``env()``
    (wrapped, as users get it) and ``raw_env()``, and through
    ``briscola.gymnasium.BriscolaEnv``: every observation encoded."""
    rows = []
    for name in names:
        wrapped = f"briscola {name}, pettingzoo env(), encoded observations"
        raw = f"briscola {name}, pettingzoo raw_env(), encoded observations"
        gym = f"briscola {name}, gymnasium BriscolaEnv, random bots"
        try:
            from briscola.pettingzoo import env, raw_env
        except ImportError as error:
            note = f"not available ({error}); pip install -e '.[pettingzoo]'"
            rows += [Row(wrapped, "deals", None, note=note), Row(raw, "deals", None, note=note)]
        else:
            rows.append(Row(wrapped, "deals", pettingzoo_work(env(name)), key=f"env:{name}"))
            rows.append(Row(raw, "deals", pettingzoo_work(raw_env(name)), key=f"raw_env:{name}"))
        try:
            from briscola.gymnasium import BriscolaEnv
        except ImportError as error:
            note = f"not available ({error}); pip install -e '.[gymnasium]'"
            rows.append(Row(gym, "deals", None, note=note))
        else:
            work = gymnasium_work(BriscolaEnv(name))
            rows.append(Row(gym, "deals", work, key=f"gymnasium:{name}"))
    return rows


def openspiel_rows() -> list[Row]:
    """Random italian-2p deals through ``briscola.openspiel``: the shuffle
    as 40 chance nodes, then random legal actions."""
    what = "briscola italian-2p, OpenSpiel game (40 chance nodes + 40 plays)"
    try:
        from briscola.openspiel import load_game
    except ImportError as error:
        note = f"not available ({error}); pip install -e '.[openspiel]'"
        return [Row(what, "deals", None, note=note)]
    game = load_game("italian-2p")
    rng = random.Random(2024)

    def work(n: int) -> tuple[float, int]:
        choice = rng.choice
        start = time.perf_counter()
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
        return time.perf_counter() - start, 40 * n

    return [Row(what, "deals", work, key="openspiel")]


VECTOR_SIZES = (1024, 4096)
"""The batch sizes of the batched engine's rows."""


def vector_bytes(batch: Any) -> int:
    """The bytes a :class:`briscola.vector.BatchGame` holds per deal: its
    own arrays (the rules' tables, shared by every deal, left out)."""
    held: int = sum(array.nbytes for array in batch._d)  # the Deals record
    size: int = batch.size
    return round(held / size)


def vector_rows(presets: Sequence[str] | None = None) -> list[Row]:
    """Random deals through the batched engine of ``briscola.vector``, one
    core, for each of ``presets`` that it holds: per batch,
    ``reset(seed=...)`` (the shuffle and the deal), then at every step
    ``legal_mask()``, ``observations()`` (the mover's encoded observation,
    float32) and a random legal index per deal (the argmax of uniform
    noise plus the mask), until every deal is over. By default, every
    preset."""
    what = "briscola.vector {name}, batch {size:,} ({memory:,} bytes per deal)"
    try:
        import numpy

        from briscola.vector import BatchGame, unsupported
    except ImportError as error:
        note = f"not available ({error}); pip install -e '.[vector]'"
        return [Row("briscola.vector", "deals", None, note=note)]

    def deals(name: str, size: int) -> tuple[Work, int]:
        batch = BatchGame(preset(name), size)
        cards = len(batch.rules.pack)
        rng = numpy.random.default_rng(2024)
        noise = numpy.empty(batch.legal_mask().shape, dtype=numpy.float32)
        seeds = iter(range(sys.maxsize))

        def work(n: int) -> tuple[float, int]:
            runs = -(-n // size)
            start = time.perf_counter()
            for _ in range(runs):
                batch.reset(seed=next(seeds))
                while not batch.is_over.all():
                    mask = batch.legal_mask()
                    batch.observations()
                    rng.random(out=noise, dtype=numpy.float32)
                    numpy.add(noise, mask, out=noise)
                    batch.step(noise.argmax(axis=1))
            elapsed = time.perf_counter() - start
            # Per deal asked for: whole batches run, so scale to n.
            return elapsed * n / (runs * size), n * cards

        return work, vector_bytes(batch)

    rows = []
    for name in briscola.PRESETS if presets is None else presets:
        if unsupported(preset(name)) is not None:
            continue
        for size in VECTOR_SIZES:
            work, memory = deals(name, size)
            label = what.format(name=name, size=size, memory=memory)
            rows.append(Row(label, "deals", work, key=f"vector {name} {size}"))
    return rows


def _no_card_art(hand: object) -> str:
    return ""


def briscas_rows() -> list[Row]:
    """The peer: ``briscas`` two-player games between random players.

    Two rows: the game as shipped, and the same game with the two things
    it does on every trick besides playing switched off (drawing the played
    cards as text art, which ``Game.play`` does even when not verbose, and
    logging each play to a list of dictionaries), to show what its game
    logic alone costs.
    """
    shipped = "briscas {version} (PyPI peer, 2p, 48 cards)"
    lean = "briscas {version}, no card art or play log"
    try:
        import briscas.game as game_module
        from briscas.game import Game
        from briscas.players import RandomPlayer

        version = importlib.metadata.version("briscas")
    except ImportError as error:
        note = f"not available ({error}); pip install -e '.[bench]'"
        return [Row(shipped, "deals", None, note=note, key="briscas")]

    class QuietGame(Game):  # type: ignore[misc]
        def log_play(self, *args: object) -> None:
            pass

    def run_games(n: int, quiet: bool) -> tuple[float, list[Any]]:
        factory = QuietGame if quiet else Game
        games: list[Any] = []
        keep = games.append
        drawing = game_module.hand_string
        if quiet:
            game_module.hand_string = _no_card_art
        try:
            start = time.perf_counter()
            for _ in range(n):
                game = factory(RandomPlayer("one"), RandomPlayer("two"))
                game.play()
                keep(game)
            elapsed = time.perf_counter() - start
        finally:
            game_module.hand_string = drawing
        return elapsed, games

    def play(n: int, quiet: bool) -> tuple[float, int]:
        elapsed, games = run_games(n, quiet)
        return elapsed, sum(len(game.player1.pile) + len(game.player2.pile) for game in games)

    random.seed(2024)
    try:
        for quiet in (False, True):
            game = run_games(1, quiet)[1][0]
            points = Game.score(game.player1.pile) + Game.score(game.player2.pile)
            cards = len(game.player1.pile) + len(game.player2.pile)
            if (points, cards) != (120, 48) or game.player1.hand or game.player2.hand:
                raise ValueError(f"a game took {points} points in {cards} cards")
    except Exception as error:  # any failure means the API moved
        note = f"briscas {version} has changed: {type(error).__name__}: {error}"
        return [Row(shipped.format(version=version), "deals", None, note=note, key="briscas")]
    return [
        Row(shipped.format(version=version), "deals", lambda n: play(n, False), key="briscas"),
        Row(lean.format(version=version), "deals", lambda n: play(n, True), key="briscas-lean"),
    ]


DEFAULT_PRESETS: tuple[str, ...] = tuple(briscola.PRESETS)
"""The presets with deal rows by default: every one."""


def preset_rows(names: Sequence[str]) -> list[Row]:
    """Two rows per preset of ``names``: random deals (key: the preset's
    name), and the same deals with ``observe(state, state.to_move)``
    before every action (key: the name and ``"+observe"``); italian-2p
    always comes first, since the summary and the other rows compare with
    it."""
    observe = getattr(briscola, "observe", None)
    rows = []
    for name in ("italian-2p", *(other for other in names if other != "italian-2p")):
        rules = preset(name)
        rows.append(Row(f"briscola {name}", "deals", deals_work(rules), key=name))
        what = f"briscola {name} + observe every step"
        if observe is None:
            note = "not available (no briscola.observe)"
            rows.append(Row(what, "deals", None, note=note, key=f"{name}+observe"))
        else:
            rows.append(Row(what, "deals", deals_work(rules, observe), key=f"{name}+observe"))
    return rows


def build_rows(presets: Sequence[str] = DEFAULT_PRESETS) -> list[Row]:
    """The table's rows, in the order they are measured and printed: the
    deal rows of ``presets`` (see :func:`preset_rows`) after the floor, and
    their environments' rows (see :func:`environment_rows`)."""
    api = {name: getattr(briscola, name, None) for name in ("observe", "dumps", "loads")}
    sample = getattr(briscola, "sample_state", None)
    rows = [Row("floor: bare loop, 2 players (floor.py)", "deals", floor_work(), key="floor")]
    rows.extend(preset_rows(presets))

    two = preset("italian-2p")
    observe = api["observe"]

    rows.extend(environment_rows(presets))
    rows.extend(openspiel_rows())
    rows.extend(vector_rows(presets))

    what = "briscola dumps + loads, italian-2p states"
    dumps, loads = api["dumps"], api["loads"]
    if dumps is None or loads is None:
        rows.append(
            Row(what, "states", None, note="not available (no briscola.dumps/loads)", is_deal=False)
        )
    else:
        states = random_states(two, 50, seed=7)
        row = Row(what, "states", cycling_work(states, lambda s: loads(dumps(s))), is_deal=False)
        try:
            if any(loads(dumps(state)) != state for state in states[::97]):
                row.work, row.note = None, "failed: loads(dumps(state)) != state"
        except Exception as error:  # report it in the table, go on
            row.work, row.note = None, f"failed: {type(error).__name__}: {error}"
        rows.append(row)

    what = "briscola sample_state, italian-2p observations"
    if sample is None or observe is None:
        note = "not available (no briscola.sample_state/observe)"
        rows.append(Row(what, "samples", None, note=note, is_deal=False))
    else:
        rng = random.Random(11)
        try:
            seen = [observe(s, s.to_move) for s in random_states(two, 50, seed=9)]
        except Exception as error:  # report it in the table, go on
            note = f"failed: {type(error).__name__}: {error}"
            rows.append(Row(what, "samples", None, note=note, is_deal=False))
        else:
            work = cycling_work(seen, lambda o: sample(o, rng))
            rows.append(Row(what, "samples", work, is_deal=False))

    rows.extend(briscas_rows())
    return rows


# Measuring ------------------------------------------------------------------


def calibrate(row: Row) -> None:
    """Warm ``row`` up and choose a batch size near :data:`_BATCH_SECONDS`."""
    assert row.work is not None
    n = 1
    while True:
        elapsed, _ = row.work(n)
        if elapsed >= _BATCH_SECONDS or n >= 1 << 20:
            break
        n *= 2
    row.batch = max(1, round(n * _BATCH_SECONDS / max(elapsed, 1e-9)))


def measure(row: Row, seconds: float) -> None:
    """Run ``row`` for about ``seconds`` and record one rate."""
    assert row.work is not None
    units = cards = 0
    spent = 0.0
    gc.collect()
    while spent < seconds:
        elapsed, played = row.work(row.batch)
        spent += elapsed
        units += row.batch
        cards += played
    row.rates.append(units / spent)
    row.card_rates.append(cards / spent)


def run(rows: list[Row], seconds: float, rounds: int) -> None:
    """Calibrate every row, then measure them all ``rounds`` times.

    In each round the floor is measured first and again after every other
    row (floor, row, floor, row, ..., floor), and each row's rate is also
    recorded as a ratio to the mean of the two floor measurements around
    it: whatever else the machine does then slows both alike.
    """
    for row in rows:
        if row.work is not None:
            try:
                calibrate(row)
            except Exception as error:  # report it in the table, go on
                row.work, row.note = None, f"failed: {type(error).__name__}: {error}"
    base = _by_key(rows, "floor")
    others = [row for row in rows if row.work is not None and row is not base]
    # The fixtures (states and observations to cycle through) live on; keep
    # them out of the collector's way, or every workload that makes garbage
    # pays for walking them.
    gc.collect()
    gc.freeze()
    for _ in range(rounds):
        measure(base, seconds)
        for row in others:
            deals_before, cards_before = base.rates[-1], base.card_rates[-1]
            measure(row, seconds)
            measure(base, seconds)
            row.deal_ratios.append(2 * row.rates[-1] / (deals_before + base.rates[-1]))
            row.card_ratios.append(2 * row.card_rates[-1] / (cards_before + base.card_rates[-1]))


def _by_key(rows: list[Row], key: str) -> Row:
    return next(row for row in rows if row.key == key)


# Reporting ------------------------------------------------------------------


def machine() -> str:
    """The interpreter and the machine, in one line each."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"briscola {briscola.__version__}\n"
        f"{platform.platform()}; {os.cpu_count()} CPUs; {cpu}"
    )


HEADERS = ("what", "units per second", "ns per card played", "deals/s ratio to floor")
"""The table's header: each column names its unit (the unit of a row's rate
is named in its cell: deals, states or samples)."""


def table(rows: list[Row], pick: Pick) -> list[tuple[str, str, str, str]]:
    """The table's cells: what, per second, per card played, ratio to floor.

    Every header names its unit. The rates are each row's best (or median)
    round, as ``pick`` chooses. The ratio is the median over the rounds of
    the row's deals per second over the floor's deals per second, measured
    around it (see :func:`run`): the one meaning "ratio" has in every table
    of the docs. Deals of different lengths differ in cards as well as in
    cost; the time per card played is the column that compares them card
    for card.
    """
    cells = [HEADERS]
    for row in rows:
        if row.work is None:
            cells.append((row.what, "not available", "-", "-"))
            continue
        rate = pick(row.rates)
        per_second = f"{rate:,.0f} {row.unit}"
        if not row.is_deal:
            cells.append((row.what, per_second, "-", "-"))
            continue
        card_rate = pick(row.card_rates)
        per_card = f"{1e9 / card_rate:,.0f}" if card_rate else "-"
        if row.key == "floor":
            ratio = "1"
        else:
            ratio = f"{statistics.median(row.deal_ratios):.3f}"
        cells.append((row.what, per_second, per_card, ratio))
    return cells


def render(cells: list[tuple[str, str, str, str]]) -> str:
    """An aligned plain-text table, which is also a reStructuredText
    simple table."""
    widths = [max(len(line[i]) for line in cells) for i in range(4)]
    rule = "  ".join("=" * w for w in widths)
    lines = [rule]
    for k, line in enumerate(cells):
        text = "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(line, widths))
        )
        lines.append(text.rstrip())
        if k == 0:
            lines.append(rule)
    lines.append(rule)
    return "\n".join(lines)


def summary(rows: list[Row]) -> list[str]:
    """The ratios in words: our two-player loop against the floor and the
    peer (each through its paired ratios to the floor), and how steady the
    floor was."""
    median = statistics.median
    base, ours = _by_key(rows, "floor"), _by_key(rows, "italian-2p")
    spread = max(base.rates) / min(base.rates) - 1
    to_floor = median(ours.deal_ratios)
    lines = [
        f"the floor's {len(base.rates)} measurements spread by {100 * spread:.1f}% "
        "(fastest / slowest - 1): the more, the busier the machine was",
        f"italian-2p / floor: {to_floor:.3f} of the floor's deals per second, "
        f"from {min(ours.deal_ratios):.3f} to {max(ours.deal_ratios):.3f} over the rounds "
        f"(the floor is {1 / to_floor:.1f} times faster)",
    ]
    peer = _by_key(rows, "briscas")
    if peer.work is None:
        lines.append(f"italian-2p / briscas: not measured ({peer.note})")
        return lines
    deals = to_floor / median(peer.deal_ratios)
    cards = median(ours.card_ratios) / median(peer.card_ratios)
    lines.append(
        f"italian-2p / briscas: {deals:.2f} times its deals per second, "
        f"{cards:.2f} times its cards per second"
    )
    lean = next((row for row in rows if row.key == "briscas-lean"), None)
    if lean is not None and lean.work is not None:
        cards = median(ours.card_ratios) / median(lean.card_ratios)
        lines.append(
            f"italian-2p / briscas without card art or play log: "
            f"{cards:.2f} times its cards per second"
        )
    return lines


def profile(deals: int, limit: int = 15) -> str:
    """A cProfile summary of ``deals`` random italian-2p deals: the
    ``limit`` functions that cost the most time of their own."""
    rules = preset("italian-2p")
    choice = random.Random(2024).choice
    play_deals(rules, range(50), choice)
    profiler = cProfile.Profile()
    profiler.runcall(play_deals, rules, range(deals), choice)
    stats = pstats.Stats(profiler).get_stats_profile()
    total = sum(f.tottime for f in stats.func_profiles.values())
    top = sorted(stats.func_profiles.items(), key=lambda item: -item[1].tottime)[:limit]
    lines = [
        f"cProfile of {deals} italian-2p deals ({total:.2f} s under the profiler)",
        "  own time  with callees      calls  function",
    ]
    for name, f in top:
        where = f"{os.path.basename(f.file_name)}:{f.line_number}" if f.line_number else "builtin"
        lines.append(
            f"  {100 * f.tottime / total:7.1f}%  {100 * f.cumtime / total:11.1f}%  "
            f"{f.ncalls:>9}  {name} ({where})"
        )
    return "\n".join(lines)


def _preset_names(text: str) -> tuple[str, ...]:
    """``--presets``: names separated by commas, each a preset."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    unknown = [name for name in names if name not in briscola.PRESETS]
    if unknown or not names:
        known = ", ".join(briscola.PRESETS)
        raise argparse.ArgumentTypeError(
            f"unknown preset(s) {', '.join(unknown) or '(none given)'}; known presets: {known}"
        )
    return names


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the options, measure, and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, help="seconds per measurement (default 0.5)")
    parser.add_argument("--rounds", type=int, help="rounds of measurements (default 5)")
    parser.add_argument(
        "--quick", action="store_true", help="a rough look: 0.1 s per measurement, 3 rounds"
    )
    parser.add_argument(
        "--profile",
        type=int,
        nargs="?",
        const=2000,
        metavar="DEALS",
        help="also profile this many italian-2p deals (default 2000)",
    )
    parser.add_argument(
        "--statistic",
        choices=("best", "median"),
        default="best",
        help="report each row's best round (default) or its median round",
    )
    parser.add_argument(
        "--presets",
        type=_preset_names,
        default=DEFAULT_PRESETS,
        metavar="NAMES",
        help="comma-separated presets to give deal and environment rows (default: "
        "every preset; italian-2p is always measured)",
    )
    options = parser.parse_args(argv)
    pick: Pick = max if options.statistic == "best" else statistics.median
    seconds = options.seconds or (0.1 if options.quick else 0.5)
    rounds = options.rounds or (3 if options.quick else 5)

    print(machine())
    print(
        f"{options.statistic} of {rounds} rounds, {seconds:g} s per measurement, "
        "the floor measured between every two rows\n",
        flush=True,
    )
    rows = build_rows(options.presets)
    run(rows, seconds, rounds)
    print(render(table(rows, pick)))
    print()
    for row in rows:
        if row.work is None:
            print(f"{row.what}: {row.note}")
    for line in summary(rows):
        print(line)
    if options.profile:
        print()
        print(profile(options.profile))


if __name__ == "__main__":
    main()
