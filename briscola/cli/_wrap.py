"""Lines that fit the terminal: ``briscola play`` writes through
:class:`WrappedLines`, which breaks every line longer than the terminal is
wide at its spaces."""

from __future__ import annotations

import io
import shutil
import textwrap
from typing import TextIO

MIN_WIDTH = 20
"""The narrowest wrapping: a terminal that says it is narrower gets lines
this long."""


def terminal_width() -> int:
    """The terminal's width in columns (``COLUMNS`` when set, 80 when the
    output is not a terminal), at least :data:`MIN_WIDTH`."""
    return max(MIN_WIDTH, shutil.get_terminal_size().columns)


class WrappedLines(io.TextIOBase):
    """A text stream writing to ``out`` with every line at most ``width``
    columns wide: a longer line breaks at its spaces, and its continuation
    lines are indented two columns beyond the line's own indentation. A
    word longer than the line is left whole.

    Text without an end of line (a prompt) is written as it is when the
    stream is flushed; what follows it on its line is wrapped from where it
    ends, unless the terminal has echoed the answer typed (:meth:`echoed`).

    >>> import io
    >>> out = io.StringIO()
    >>> stream = WrappedLines(out, 20)
    >>> print("  Say aloud, everyone hears: say karik or punti.", file=stream)
    >>> print(out.getvalue(), end="")
      Say aloud,
        everyone hears:
        say karik or
        punti.
    """

    def __init__(self, out: TextIO, width: int) -> None:
        super().__init__()
        self.out = out
        self.width = width
        self._pending = ""
        self._column = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        """Write ``text``, each line it ends wrapped; the rest waits for its
        end of line or a flush."""
        *lines, self._pending = (self._pending + text).split("\n")
        for line in lines:
            self.out.write(self._wrapped(line) + "\n")
            self._column = 0
        return len(text)

    def flush(self) -> None:
        """Write the line begun (a prompt) as it is, and flush ``out``."""
        if self._pending:
            self.out.write(self._pending)
            self._column += len(self._pending)
            self._pending = ""
        self.out.flush()

    def echoed(self) -> None:
        """The terminal has echoed a line typed after the prompt, and its
        end: what follows starts a line of its own."""
        self._column = 0

    def _wrapped(self, line: str) -> str:
        start = self._column
        if start + len(line) <= self.width:
            return line
        body = line.lstrip(" ")
        indent = " " * (len(line) - len(body))
        lines = textwrap.wrap(
            body,
            self.width,
            # What is already on the line counts towards its width.
            initial_indent="\0" * start + indent,
            subsequent_indent=indent + "  ",
            break_long_words=False,
            break_on_hyphens=False,
        )
        return "\n".join(lines)[start:]
