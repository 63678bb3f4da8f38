"""The generated constructors and copiers of the engine's frozen classes
(Performance: "How states are built"): what they build for classes the
engine does not have yet, with no fields or with several to change."""

from __future__ import annotations

import attrs

from briscola._build import constructor, copier


def test_generated_builders_of_classes_with_no_or_many_fields() -> None:
    """A class with no fields gets a constructor of no arguments; a copier
    may change several fields at once; tracebacks name the generated
    functions after their class."""

    @attrs.frozen(weakref_slot=False)
    class Empty:
        pass

    @attrs.frozen(weakref_slot=False)
    class Pair:
        a: int
        b: int
        c: int = 0

    build = constructor(Empty)
    assert build() == Empty() and build.__qualname__ == "Empty.build"
    both = copier(Pair, ("a", "b"))
    assert both(Pair(1, 2, 3), a=7, b=8) == Pair(7, 8, 3)
    assert both.__qualname__ == "Pair.copy"
