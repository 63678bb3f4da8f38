"""Bot tournaments: ``briscola simulate``."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import TextIO

from .. import bots as _bots
from .._engine import outcome
from .._presets import preset
from .._rules import (
    Auction,
    Rules,
)
from ._words import listing

# --- simulate --------------------------------------------------------------------


def _rate(done: int, elapsed: float) -> str:
    """Deals per second, to a sensible precision."""
    if elapsed <= 0:
        return "many"
    rate = done / elapsed
    return f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"


class _Progress:
    """A plain-text progress bar on a stream (stderr)."""

    def __init__(self, total: int, stream: TextIO, enabled: bool, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.enabled = enabled and total > 0
        self.width = width
        self.start = time.perf_counter()
        self.shown = -1.0

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.shown < 0.1:
            return
        self.shown = now
        filled = self.width * done // self.total
        elapsed = now - self.start
        rate = f"{_rate(done, elapsed)} deals/s" if done else ""
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} deals  {rate}  ")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


class _Tally:
    """Results of one entry of the line-up: a seat, or a side."""

    def __init__(self, label: str, bot: str) -> None:
        self.label = label
        self.bot = bot
        self.deals = 0
        self.wins = 0
        self.ties = 0
        self.void = 0
        self.points = 0
        self.score = 0


def lineup(rules: Rules, specs: Sequence[str]) -> tuple[list[str], list[tuple[int, ...]]]:
    """Who sits where: per entry of the line-up, the bot spec and its seats.

    The line-up gives one bot for every seat, one for every side, or one
    for all.
    """
    n = rules.players
    sides = rules.sides if rules.auction is Auction.NONE else tuple((s,) for s in range(n))
    if len(specs) == 1:
        return list(specs) * len(sides), list(sides)
    if len(specs) == len(sides):
        return list(specs), list(sides)
    if len(specs) == n:
        return list(specs), [(seat,) for seat in range(n)]
    counts = sorted({1, len(sides), n})
    raise ValueError(
        f"--bots needs {listing([str(c) for c in counts], 'or')} names for {n} seats "
        f"and {len(sides)} sides, not {len(specs)}"
    )


def simulate(
    name: str,
    deals: int,
    specs: Sequence[str],
    seed: int,
    *,
    rotate: bool = False,
    out: TextIO | None = None,
    err: TextIO | None = None,
    progress: bool | None = None,
) -> int:
    """Play ``deals`` seeded deals of preset ``name`` between bots and print
    a table of results; returns the exit status.

    Deal ``k`` is ``new_game(rules, seed=seed + k)``. With ``rotate`` the
    line-up moves round by one place every deal, so that each bot plays
    every seat. With an auction, a deal everyone passed (void)
    counts in a column of its own, not as a tie.

    >>> simulate("italian-2p", 4, ["heuristic", "random"], 1, progress=False)
    italian-2p: 4 deals, seeds 1 to 4
    seat  bot        deals  wins  win %  ties %  mean points
    0     heuristic  ...
    ...
    0
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    rules = preset(name)
    specs_used, seats_of = lineup(rules, specs)
    players = [_bots.make_bot(spec) for spec in specs_used]
    tallies = [
        _Tally("all" if rotate else "+".join(map(str, seats)), spec)
        for spec, seats in zip(specs_used, seats_of)
    ]
    if progress is None:
        progress = err.isatty()
    bar = _Progress(deals, err, progress)
    start = time.perf_counter()
    done = 0
    status = 0
    m = len(players)
    place_of = {seat: place for place, seats in enumerate(seats_of) for seat in seats}
    try:
        for k in range(deals):
            # Place p (the seats of entry p of the line-up) holds entry
            # (p + shift) % m: with rotation, every entry visits every place.
            shift = k % m if rotate else 0
            table = [players[(place_of[seat] + shift) % m] for seat in range(rules.players)]
            final = _bots.play_deal(rules, table, seed=seed + k)
            result = outcome(final)
            assert result is not None
            # In bastardo, when everyone passes, the deal is void, not a tie.
            void = final.contract is not None and final.contract.called_card is None
            for place, seats in enumerate(seats_of):
                tally = tallies[(place + shift) % m]
                seat = seats[0]
                tally.deals += 1
                if void:
                    tally.void += 1
                elif not result.winners:
                    tally.ties += 1
                elif seat in result.winners:
                    tally.wins += 1
                side = next(i for i, side in enumerate(result.sides) if seat in side)
                tally.points += result.points[side]
                tally.score += result.scores[seat]
            done += 1
            bar.update(done)
    except KeyboardInterrupt:
        status = 130
        bar.close()
        print(f"interrupted after {done} deals", file=err)
    else:
        bar.close()
    elapsed = time.perf_counter() - start
    print_table(rules, name, done, seed, tallies, rotate, out)
    print(f"{done} deals in {elapsed:.2f} s: {_rate(done, elapsed)} deals per second", file=out)
    return status


def print_table(
    rules: Rules,
    name: str,
    done: int,
    seed: int,
    tallies: Sequence[_Tally],
    rotate: bool,
    out: TextIO,
) -> None:
    seeds = f"seeds {seed} to {seed + done - 1}" if done else "no deals"
    rotating = ", the line-up moving round one place each deal" if rotate else ""
    print(f"{name}: {done} deals, {seeds}{rotating}", file=out)
    scored = rules.auction is not Auction.NONE
    head = "seats" if rotate or any("+" in t.label for t in tallies) else "seat"
    width = max(len(head), *(len(t.label) for t in tallies))
    bot_width = max(3, *(len(t.bot) for t in tallies))
    columns = f"{head:<{width}}  {'bot':<{bot_width}}  deals  wins  win %  ties %"
    print(columns + ("  void %  mean points  mean score" if scored else "  mean points"), file=out)
    for tally in tallies:
        d = max(tally.deals, 1)
        row = (
            f"{tally.label:<{width}}  {tally.bot:<{bot_width}}  {tally.deals:5}  "
            f"{tally.wins:4}  {100 * tally.wins / d:5.1f}  {100 * tally.ties / d:6.1f}  "
        )
        if scored:
            row += f"{100 * tally.void / d:6.1f}  {tally.points / d:11.1f}  {tally.score / d:10.2f}"
        else:
            row += f"{tally.points / d:11.1f}"
        print(row, file=out)

