"""Named runs of indices: the layouts of :mod:`briscola.encoding`
(internal)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

__all__ = ["Section", "SectionList", "describe", "seat_orders"]


@attrs.frozen
class Section:
    """A named run of indices, ``start`` included, ``stop`` excluded.

    >>> from briscola import preset
    >>> from briscola.encoding import Encoding
    >>> Encoding(preset("bastardo")).action_sections[1]
    Section(name='pass', start=40, stop=41)
    """

    name: str
    """What the indices of the section stand for."""
    start: int
    """The first index of the section."""
    stop: int
    """One past the last index of the section."""

    @property
    def size(self) -> int:
        """The number of indices in the section.

        >>> Section("play", 0, 40).size
        40
        """
        return self.stop - self.start


class SectionList:
    """Builds a list of sections, one after the other."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.high: list[int] = []

    def add(self, name: str, size: int, high: int = 1) -> int:
        start = len(self.high)
        self.sections.append(Section(name, start, start + size))
        self.high.extend([high] * size)
        return start


def describe(sections: Sequence[Section], vector: Sequence[float]) -> dict[str, list[float]]:
    """Per section with a non-zero entry of ``vector``, its name and the
    entries' offsets within the section with their values, as ``[offset,
    value, offset, value, ...]``.

    >>> describe([Section("a", 0, 2), Section("b", 2, 4)], [0, 0, 0, 5])
    {'b': [1, 5]}
    """
    found: dict[str, list[float]] = {}
    for section in sections:
        entries: list[float] = []
        for i in range(section.start, section.stop):
            if vector[i]:
                entries += [i - section.start, vector[i]]
        if entries:
            found[section.name] = entries
    return found


def seat_orders(
    n: int, sides: tuple[tuple[int, ...], ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per observing seat: the seats relative to it (``(s - seat) % n``),
    and per seat the place of its side when the sides are ordered by their
    member nearest to the observer.

    >>> seat_orders(4, ((0, 2), (1, 3)))[1]
    ((0, 1, 0, 1), (1, 0, 1, 0), (0, 1, 0, 1), (1, 0, 1, 0))
    """
    relative = tuple(tuple((s - seat) % n for s in range(n)) for seat in range(n))
    side_of = [0] * n
    for i, side in enumerate(sides):
        for s in side:
            side_of[s] = i
    orders = []
    for seat in range(n):
        nearest = [min((s - seat) % n for s in side) for side in sides]
        order = sorted(range(len(sides)), key=nearest.__getitem__)
        place = [0] * len(sides)
        for k, i in enumerate(order):
            place[i] = k
        orders.append(tuple(place[side_of[s]] for s in range(n)))
    return relative, tuple(orders)
