"""Random numbers inside the kernels (internal): xorshift generators whose
state is one ``uint64`` each, seeded from NumPy's generator, so that a
seed gives the same numbers compiled or not (``NUMBA_DISABLE_JIT=1``).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._compiling import inlined

__all__ = ["next_random", "seeded"]


def seeded(rng: np.random.Generator, count: int) -> NDArray[np.uint64]:
    """``count`` generator states drawn from ``rng`` (never zero, which a
    xorshift generator would keep for ever)."""
    states: NDArray[np.uint64] = rng.integers(1, 2**63, size=count, dtype=np.uint64)
    return states


@inlined
def next_random(states: NDArray[np.uint64], k: int, below: int) -> int:
    """A number from 0 to ``below - 1`` from the generator ``states[k]``."""
    x = states[k]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    states[k] = x
    # The top 32 bits scaled to [0, below): a multiplication, no division.
    return int(((x >> np.uint64(32)) * np.uint64(below)) >> np.uint64(32))
