"""Check the batched engine against the scalar one on many deals, and time it.

Run ``python benchmarks/vector_check.py`` (10,000 deals per supported
preset; ``--deals`` to change it, ``--presets`` to choose). For each
preset, one batch is dealt from packs and dealers drawn here, the same
packs are dealt one by one with ``new_game(rules, deck=..., dealer=...)``,
random legal actions are chosen per deal (an exchange, where one is
legal, in half the deals), and at every step the legal masks, the
observations of the seat to move and of another seat (bit for bit),
the seats to move and whether the deals are over must agree, and at the
end the points and the scores. Not run in CI (the tests do the same on
200 deals per preset): it takes about a minute per preset.

The speed of the batched engine is in the table of ``bench.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np

from briscola import PRESETS, Card, apply, new_game, observe, outcome, preset
from briscola.encoding import encoding_for
from briscola.vector import BatchGame, unsupported

SUPPORTED = tuple(name for name, rules in PRESETS.items() if unsupported(rules) is None)


def check(name: str, deals: int, seed: int) -> tuple[int, float]:
    """Play ``deals`` random deals of preset ``name`` in both engines and
    compare them at every step; the steps taken and the seconds spent.

    Raises:
        AssertionError: At the first difference, naming the deal and step.
    """
    rules = preset(name)
    encoding = encoding_for(rules)
    rng = np.random.default_rng(seed)
    pack = np.array([card.index for card in rules.pack])
    decks = np.array([rng.permutation(pack) for _ in range(deals)])
    dealers = rng.integers(0, rules.players, deals)
    start = time.perf_counter()
    batch = BatchGame(rules, deals)
    batch.reset(decks=decks, dealers=dealers)
    states = [
        new_game(rules, deck=[Card.from_index(int(c)) for c in deck], dealer=int(dealer))
        for deck, dealer in zip(decks, dealers)
    ]
    width = encoding.observation_size
    n = rules.players
    swaps = next((s for s in encoding.action_sections if s.name == "swap-trump"), None)
    steps = 0
    while True:
        other = (np.arange(deals) + steps) % n
        mask, seen = batch.legal_mask(), batch.observations().copy()  # views: copy to keep
        fixed = batch.observations(other)
        to_move, over = batch.to_move, batch.is_over
        for i, state in enumerate(states):
            where = f"{name}: deal {i}, step {steps}"
            assert over[i] == state.is_over, where
            assert to_move[i] == (-1 if state.to_move is None else state.to_move), where
            assert mask[i].tolist() == [bool(x) for x in encoding.mask(state)], where
            mover = (
                [0.0] * width
                if state.to_move is None
                else encoding.encode(observe(state, state.to_move))
            )
            bits = np.array(mover, dtype=np.float32).view(np.int32)
            assert np.array_equal(seen[i].view(np.int32), bits), where
            bits = np.array(encoding.encode(observe(state, int(other[i]))), dtype=np.float32).view(
                np.int32
            )
            assert np.array_equal(fixed[i].view(np.int32), bits), where
        if over.all():
            break
        noise = rng.random(mask.shape) + mask
        if swaps is not None:
            # Take an exchange, where one is legal, in half the deals.
            eager = rng.random((deals, 1)) < 0.5
            noise[:, swaps.start : swaps.stop] += eager * mask[:, swaps.start : swaps.stop]
        actions = noise.argmax(axis=1)
        batch.step(actions)
        states = [
            s if s.is_over else apply(s, encoding.action(int(a))) for s, a in zip(states, actions)
        ]
        steps += 1
    points, scores = batch.points(), batch.scores()
    for i, state in enumerate(states):
        result = outcome(state)
        assert result is not None
        side = [next(k for k, s in enumerate(result.sides) if seat in s) for seat in range(n)]
        assert points[i].tolist() == [result.points[k] for k in side], f"{name}: deal {i}"
        assert scores[i].tolist() == list(result.scores), f"{name}: deal {i}"
    return steps, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the options and check every preset asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=10_000, help="deals per preset")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the packs and actions")
    parser.add_argument("--presets", nargs="*", default=list(SUPPORTED), help="presets to check")
    options = parser.parse_args(argv)
    for name in options.presets:
        steps, seconds = check(name, options.deals, options.seed)
        print(f"{name}: {options.deals:,} deals x {steps} steps agree ({seconds:.0f} s)")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
