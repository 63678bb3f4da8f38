"""Named runs of indices: the layouts of :mod:`briscola.encoding`
(internal)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

__all__ = ["Section", "SectionList", "describe"]


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
