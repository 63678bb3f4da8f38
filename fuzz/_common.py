"""What the fuzz targets share: running a target under atheris, and the
one exception a target may raise on hostile input.

Each target is a plain function of the fuzzer's bytes. It calls the engine
the way a careless or hostile caller would; ``ValueError`` (and its
subclass :class:`briscola.IllegalActionError`) is the documented answer to
bad input and is swallowed; anything else, a hang past the per-input
timeout, or a broken invariant (an assertion) is a crash, which makes
libFuzzer stop and write the input that caused it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import atheris


def run(target: Callable[[bytes], None]) -> None:
    """Hand ``target`` to atheris with the command line's libFuzzer options
    (``-max_total_time``, corpus directories, ...)."""
    atheris.Setup(sys.argv, target)
    atheris.Fuzz()
