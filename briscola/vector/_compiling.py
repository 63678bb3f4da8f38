"""How the batched engine's kernels are compiled (internal): by Numba, in
nopython mode, cached on disk (the first use of a new install compiles
them, later runs load them).

Two kinds: a :func:`kernel` is called from Python with the rulebook and
the deals; an :func:`inlined` one is a short function that kernels call, inlined
into each of them. No kernel allocates, so kernels are compiled without
Numba's reference counting, which would cost an atomic operation on
every array read from the rulebook or the deals. With the environment
variable ``NUMBA_DISABLE_JIT=1`` both are plain Python functions (for
coverage and debuggers).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from numba import njit

__all__ = ["inlined", "kernel"]

_Function = TypeVar("_Function", bound=Callable[..., object])


def kernel(function: _Function) -> _Function:
    """Compile ``function`` as a kernel called from Python."""
    return cast(_Function, njit(cache=True, _nrt=False)(function))  # type: ignore[call-overload]


def inlined(function: _Function) -> _Function:
    """Compile ``function`` to be inlined into the kernels that call it."""
    return cast(_Function, njit(cache=True, inline="always")(function))
