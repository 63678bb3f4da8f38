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

A batch calls its kernels through :class:`Bound`: compiled (or loaded
from the cache) for the argument types of the first call, then entered
directly, without Numba's dispatcher, which types every argument anew at
each call (about a microsecond for each array of a rulebook or a batch:
some 15 microseconds a call, a tenth of a step at 1,024 deals).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar, cast

from numba import njit

__all__ = ["Bound", "inlined", "kernel"]

_Function = TypeVar("_Function", bound=Callable[..., object])


def kernel(function: _Function) -> _Function:
    """Compile ``function`` as a kernel called from Python."""
    return cast(_Function, njit(cache=True, _nrt=False)(function))  # type: ignore[call-overload]


def inlined(function: _Function) -> _Function:
    """Compile ``function`` to be inlined into the kernels that call it."""
    return cast(_Function, njit(cache=True, inline="always")(function))


class Bound:
    """A kernel as one batch calls it: the first call goes through Numba's
    dispatcher, which compiles or loads the kernel for the arguments'
    types; later calls enter that compiled code directly, and must pass
    arguments of the same types (the same dtypes, dimensions, layouts
    and writeability: the caller's duty, as nothing checks them again).
    A kernel compiled for several sets of types is always called through
    the dispatcher.

    >>> import numpy as np
    >>> from briscola.vector._deal import shuffle_packs
    >>> shuffle = Bound(shuffle_packs)
    >>> decks = np.zeros((2, 5), dtype=np.int8)
    >>> shuffle(decks, np.array([1, 2], dtype=np.uint64))
    >>> sorted(decks[1].tolist())
    [0, 1, 2, 3, 4]
    """

    __slots__ = ("_entry", "_kernel")

    def __init__(self, kernel: Callable[..., object]) -> None:
        self._kernel = kernel
        self._entry: Callable[..., object] | None = None

    def given(self, *leading: object) -> Callable[..., Any]:
        """This kernel with its leading arguments ``leading`` given (the
        rest to come): its compiled code once a call has found it, else
        through this object."""
        return partial(self._entry or self, *leading)

    def __call__(self, *args: object) -> Any:
        entry = self._entry
        if entry is not None:
            return entry(*args)
        kernel = self._kernel
        result = kernel(*args)
        compiled = getattr(kernel, "overloads", {})  # none with NUMBA_DISABLE_JIT=1
        if len(compiled) == 1:  # then the one the call used
            entry = _ENTRIES.get(kernel)
            if entry is None:  # looked up once: reading ``overloads`` takes 90 µs
                (only,) = compiled.values()
                entry = _ENTRIES[kernel] = only.entry_point
            self._entry = entry
        return result


_ENTRIES: dict[Callable[..., object], Callable[..., object]] = {}
"""Each kernel's compiled code, once :class:`Bound` has found it."""
