"""Fuzz :func:`briscola.loads` with arbitrary text (coverage-guided).

Any input must either load, and then save and load back to an equal
object, or raise ``ValueError``. The seed corpus (``fuzz/corpus/loads``) is
real ``dumps`` output, written by ``fuzz/make_corpus.py``.

Run: ``python fuzz/fuzz_loads.py -max_total_time=60 fuzz/corpus/loads``
"""

from __future__ import annotations

import atheris

with atheris.instrument_imports(include=["briscola"]):
    import briscola

from _common import run


def test_one_input(data: bytes) -> None:
    """Load ``data`` as text; ValueError is the only refusal allowed."""
    text = data.decode("utf-8", errors="replace")
    try:
        loaded = briscola.loads(text)
    except ValueError:
        return
    again = briscola.loads(briscola.dumps(loaded))
    assert again == loaded, (text[:200], loaded)


if __name__ == "__main__":
    run(test_one_input)
