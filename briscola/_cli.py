"""The command line: ``python -m briscola`` and the ``briscola`` script."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from ._actions import Play
from ._deal import new_game
from ._engine import apply, legal_actions, outcome
from ._presets import PRESETS, preset

__all__ = ["main", "demo"]


def demo(name: str = "italian-2p", seed: int = 1, out: TextIO = sys.stdout) -> None:
    """Play one seeded deal of preset ``name`` between random players,
    printing each trick and the score."""
    rules = preset(name)
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    print(f"{name}, seed {seed}: {rules.players} seats, dealer seat {state.dealer}", file=out)
    if state.trump_card is not None:
        print(f"trump card: {state.trump_card}", file=out)
    trick_number = 0
    while not state.is_over:
        seat = state.to_move
        action = rng.choice(legal_actions(state))
        before = state
        state = apply(state, action)
        if not isinstance(action, Play):
            print(f"seat {seat}: {action}", file=out)
            if before.trump is None and state.trump is not None:
                print(f"trump: {state.trump}", file=out)
            elif before.trump_card is None and state.trump_card is not None:
                print(f"trump card: {state.trump_card}", file=out)
            continue
        if len(state.trick) == 0:
            trick_number += 1
            played = before.trick + ((seat, action.card),)
            winner = next(
                s for s, count in enumerate(state.tricks_won) if count > before.tricks_won[s]
            )
            cards = ", ".join(f"{s}: {card}" for s, card in played)
            print(f"trick {trick_number:2}: {cards}  -> seat {winner}", file=out)
    result = outcome(state)
    assert result is not None
    for side, points in zip(result.sides, result.points):
        seats = "+".join(str(seat) for seat in side)
        print(f"seats {seats}: {points} points", file=out)
    if result.winners:
        print("winners: seats " + ", ".join(map(str, result.winners)), file=out)
    else:
        print("no winner", file=out)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="briscola", description="Play a seeded demo deal between random players."
    )
    parser.add_argument("--preset", default="italian-2p", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    demo(args.preset, args.seed)
    return 0
