"""Fast constructors for the engine's frozen attrs classes (internal).

A frozen attrs ``__init__`` stores each field through
``object.__setattr__``, a descriptor call per field; a search that applies
millions of actions pays for that on every state. The constructors made
here do what attrs would do, faster: they fill a mutable twin of the class
(same ``__slots__``, so the same memory layout) with plain stores and then
relabel it as the frozen class, which Python allows between classes of the
same layout.

Like attrs' own ``__init__``, the code is generated from
``attrs.fields(cls)``, so a field added to a class is added to its
constructor too: nothing here lists fields by hand. The constructors check
nothing; callers pass values that the class's validators would accept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

__all__ = ["constructor", "copier", "twin"]

_T = TypeVar("_T", bound=attrs.AttrsInstance)


def _alias(field: attrs.Attribute[Any]) -> str:
    """The name ``__init__`` gives the field's argument."""
    return field.alias or field.name


def twin(cls: type) -> Any:
    """A plain class with the slots of the slotted attrs class ``cls``:
    fill an instance with plain stores, then set its ``__class__`` to
    ``cls``. The engine's two hottest steps do so inline; everything else
    uses :func:`constructor` and :func:`copier`."""
    return type(f"_{cls.__name__}Twin", (), {"__slots__": vars(cls)["__slots__"]})


def _generate(
    cls: type[_T],
    name: str,
    signature: str,
    value_of: Callable[[attrs.Attribute[Any]], str],
    derived: Mapping[str, str],
    namespace: Mapping[str, object],
) -> Callable[..., _T]:
    fields = attrs.fields(cls)
    missing = {f.name for f in fields if not f.init} ^ set(derived)
    if missing:
        raise TypeError(f"{cls.__name__}: give an expression for each init=False field: {missing}")
    lines = [f"def {name}({signature}):", "    new = _Twin()"]
    for field in fields:
        value = derived[field.name] if field.name in derived else value_of(field)
        lines.append(f"    new.{field.name} = {value}")
    lines += ["    new.__class__ = _cls", "    return new"]
    scope: dict[str, Any] = {"_Twin": twin(cls), "_cls": cls, **namespace}
    exec(compile("\n".join(lines), f"<{cls.__name__} {name}>", "exec"), scope)
    function: Callable[..., _T] = scope[name]
    function.__qualname__ = f"{cls.__name__}.{name}"
    return function


def constructor(
    cls: type[_T],
    derived: Mapping[str, str] | None = None,
    namespace: Mapping[str, object] | None = None,
    *,
    positional: bool = False,
) -> Callable[..., _T]:
    """A function that builds a ``cls`` from keyword arguments, one per
    field that ``__init__`` takes (named as ``__init__`` names them), with
    no checks.

    Args:
        cls: A frozen, slotted attrs class without ``weakref_slot``.
        derived: For each field with ``init=False``, a Python expression
            over the other fields' arguments that computes it (as the
            class's ``__attrs_post_init__`` does).
        namespace: Globals the expressions use.
        positional: Take the fields as positional-only arguments, in field
            order, instead of keyword-only ones. CPython matches keyword
            arguments to parameters one by one, so with two dozen fields a
            keyword call costs several times a positional one (see the
            performance page); the typed protocol of a positional
            constructor still names and types every parameter.

    Returns:
        The constructor. Give it a typed signature by assigning it to a
        variable annotated with a callback ``Protocol``; a test checks
        that the protocol's parameters are the class's fields.

    >>> import attrs
    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    ...     norm: int = attrs.field(init=False)
    ...     def __attrs_post_init__(self):
    ...         object.__setattr__(self, "norm", abs(self.x) + abs(self.y))
    >>> make_point = constructor(Point, {"norm": "abs(x) + abs(y)"})
    >>> make_point(x=3, y=-4) == Point(3, -4), make_point(x=3, y=-4).norm
    (True, 7)
    """
    parameters = [_alias(field) for field in attrs.fields(cls) if field.init]
    if not parameters:
        signature = ""
    elif positional:
        signature = ", ".join(parameters) + ", /"
    else:
        signature = "*, " + ", ".join(parameters)
    return _generate(
        cls,
        "build",
        signature,
        _alias,
        derived or {},
        namespace or {},
    )


def copier(
    cls: type[_T],
    changed: tuple[str, ...],
    derived: Mapping[str, str] | None = None,
    namespace: Mapping[str, object] | None = None,
) -> Callable[..., _T]:
    """A function ``copy(old, *, <changed>)`` that builds a ``cls`` equal
    to ``old`` but for the ``changed`` fields, given by keyword: what
    ``attrs.evolve`` does, without its checks and generic machinery.

    Fields that ``init`` takes and are not in ``changed`` are copied from
    ``old``; ``derived`` expressions may read the new values by name and
    ``old``.

    >>> import attrs
    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> move_x = copier(Point, ("x",))
    >>> move_x(Point(1, 2), x=5)
    Point(x=5, y=2)
    """
    fields = {field.name: field for field in attrs.fields(cls)}
    unknown = [name for name in changed if name not in fields or not fields[name].init]
    if unknown:
        raise TypeError(f"{cls.__name__} has no init field named {unknown}")
    signature = "old, *, " + ", ".join(_alias(fields[name]) for name in changed)
    return _generate(
        cls,
        "copy",
        signature,
        lambda field: _alias(field) if field.name in changed else f"old.{field.name}",
        derived or {},
        namespace or {},
    )
