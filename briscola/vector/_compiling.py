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
some 15 microseconds a call, a tenth of a step at 1,024 deals). Even
then the call unboxes each field of its arguments, each number as long
as each array: a NamedTuple keeps its numbers in one array with
:class:`Packed` and :func:`with_packed_numbers`, and reads them by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit, types
from numba.core.datamodel.models import TupleModel
from numba.core.typing.typeof import typeof_impl
from numba.extending import overload_attribute, register_model

__all__ = ["Bound", "Packed", "inlined", "kernel", "packed_numbers", "with_packed_numbers"]

_Function = TypeVar("_Function", bound=Callable[..., object])
_Book = TypeVar("_Book", bound=type)


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


class Packed:
    """A number of a kernels' NamedTuple (the rulebook) read by name but
    kept at ``index`` in the tuple's int64 array ``scalars``: in Python
    through this descriptor, in compiled code through the attribute that
    :func:`with_packed_numbers` defines for Numba. Flags are 0 or 1.

    A kernel's call unboxes every field of its arguments, each number as
    long as each array; one array of numbers costs one.

    Numba's cache checks only a kernel's own file: after renumbering,
    delete the cached kernels (CONTRIBUTING.md, "A rules field").
    """

    __slots__ = ("index", "name")

    def __init__(self, index: int) -> None:
        self.index = index
        self.name = ""  # set by with_packed_numbers

    def __get__(self, book: Any, owner: type | None = None) -> int:
        if book is None:
            return self  # type: ignore[return-value]  # the descriptor, from the class
        return int(book.scalars[self.index])


def _packed(cls: type) -> list[Packed]:
    """The :class:`Packed` numbers of ``cls``, in index order (0, 1, ...)."""
    found = []
    for name, value in vars(cls).items():
        if isinstance(value, Packed):
            value.name = name  # NamedTuple classes skip __set_name__ before Python 3.12
            found.append(value)
    found.sort(key=lambda packed: packed.index)
    if [packed.index for packed in found] != list(range(len(found))):
        raise TypeError(f"{cls.__name__}'s Packed indices must run 0, 1, ... without gaps")
    return found


def packed_numbers(cls: type, fields: Mapping[str, object]) -> tuple[np.ndarray, dict[str, object]]:
    """``fields`` split into the array of ``cls``'s :class:`Packed`
    numbers (every one given, ints or bools) and the other fields."""
    numbers = _packed(cls)
    missing = [packed.name for packed in numbers if packed.name not in fields]
    if missing:
        raise TypeError(f"{cls.__name__} needs the numbers {', '.join(missing)}")
    names = {packed.name for packed in numbers}
    scalars = np.array([int(cast(int, fields[packed.name])) for packed in numbers], np.int64)
    return scalars, {name: value for name, value in fields.items() if name not in names}


def with_packed_numbers(numba_type: type[types.NamedTuple]) -> Callable[[_Book], _Book]:
    """A class decorator teaching Numba a NamedTuple's :class:`Packed`
    numbers: its instances are typed as ``numba_type`` (a subclass of
    Numba's named-tuple type, laid out and unboxed as one), for which
    ``book.name`` reads ``book.scalars[index]`` in compiled code. Other
    named tuples are left alone."""
    register_model(numba_type)(TupleModel)

    def decorate(cls: _Book) -> _Book:
        @typeof_impl.register(cls)
        def typeof_book(book: Any, context: Any) -> types.Type:
            return numba_type([typeof_impl(field, context) for field in book], cls)

        for packed in _packed(cls):
            _compiled_attribute(numba_type, packed.index, packed.name)
        return cls

    return decorate


def _compiled_attribute(numba_type: type[types.Type], index: int, name: str) -> None:
    """``name`` of ``numba_type`` in compiled code: ``scalars[index]``."""

    @overload_attribute(numba_type, name)
    def read(book: Any) -> Callable[[Any], Any]:
        def number(book: Any) -> Any:  # annotated as ``read``, which Numba checks
            return book.scalars[index]

        return number
