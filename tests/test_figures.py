"""The docs' speed and strength figures name the command that measures
them, and the benchmark's table names its units and one kind of ratio
(Performance, "What is measured")."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"

SPEED = re.compile(
    r"\d[\d,.]*\s?(?:ms|µs|ns)\b"
    r"|deals (?:a|per) second|deals/s|ratio to floor|[\d,.]+ (?:seconds|minutes) of"
)
"""A speed figure: a time per move, card or step, or a rate of deals."""

STRENGTH = re.compile(r"\b0\.\d{3} \(0\.\d{3} to 0\.\d{3}\)|\b0\.\d{3} ± 0\.\d{3}")
"""A strength figure: a score with its 95% interval."""

COMMAND = re.compile(
    r"(?:benchmarks|tools|examples)/([\w-]+\.py)|briscola simulate|python -m (?:pytest|timeit)"
    r"|valgrind --tool=callgrind|python recipe\.py"
)
"""A command that measures: a script of the checkout, the command line, a
recipe of the page run as it stands (``python recipe.py``), or the
standard tools named for a measurement of code that no release holds."""

HEADING = re.compile(r"^(?:={3,}|-{3,}|~{3,}|\^{3,})$")

CHECKED = re.compile(r"^\.\. (?:doctest|testcode|testoutput)::.*\n(?:(?: {3}.*)?\n)+", re.M)
"""A block the docs build runs and checks: its figures are the output of
the code shown beside them, which is their command."""


def _sections(text: str) -> list[str]:
    """The text of each section of a reStructuredText page (a heading's
    underline starts the next one)."""
    lines = text.splitlines()
    sections: list[list[str]] = [[]]
    for k, line in enumerate(lines):
        title_above = k > 0 and lines[k - 1].strip() and not lines[k - 1].startswith(" ")
        if HEADING.match(line) and title_above and len(line) >= len(lines[k - 1].rstrip()):
            title = sections[-1].pop()
            sections.append([title])
            continue
        sections[-1].append(line)
    return ["\n".join(section) for section in sections]


def _pages() -> list[Path]:
    pages = sorted(DOCS.glob("*.rst")) + sorted(DOCS.glob("guides/*.rst"))
    return [page for page in pages if page.name != "changelog.rst"]


@pytest.mark.parametrize("page", _pages(), ids=lambda page: page.stem)
def test_every_section_with_figures_names_the_command(page: Path) -> None:
    """Performance, "Running it": a section of the docs that gives a speed
    or a strength figure names the command (a script under
    ``benchmarks/`` or ``tools/``, or ``briscola simulate``) that
    measures it, and that script exists. Figures printed by the page's own
    doctests need none: the code beside them is their command."""
    wrong = []
    for section in _sections(CHECKED.sub("", page.read_text(encoding="utf-8"))):
        figure = SPEED.search(section) or STRENGTH.search(section)
        if figure is None:
            continue
        title = section.splitlines()[0]
        commands = COMMAND.findall(section)
        if not commands:
            wrong.append(f"section {title!r}: {figure.group()!r} names no command")
        for script in filter(None, commands):
            if not any((ROOT / d / script).exists() for d in ("benchmarks", "tools", "examples")):
                wrong.append(f"section {title!r}: no script {script}")
    assert not wrong, f"{page.name}: " + "; ".join(wrong)


def _bench() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location("bench", ROOT / "benchmarks" / "bench.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench"] = module
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return module


def test_the_table_gives_deals_per_second_over_the_floors() -> None:
    """Performance, "What is measured": every column header of the
    benchmark's table names its unit, and a row's ratio is its deals per
    second over the floor's, whatever its cards per deal."""
    bench = _bench()
    floor = bench.Row("floor", "deals", lambda n: (1.0, 40 * n), key="floor")
    floor.rates, floor.card_rates = [1000.0, 1000.0], [40_000.0, 40_000.0]
    # A deal of 36 cards at half the floor's deals: 0.45 of its cards.
    six = bench.Row("six seats", "deals", lambda n: (1.0, 36 * n))
    six.rates, six.card_rates = [500.0, 500.0], [18_000.0, 18_000.0]
    six.deal_ratios, six.card_ratios = [0.5, 0.5], [0.45, 0.45]
    states = bench.Row("states", "states", lambda n: (1.0, 0), is_deal=False)
    states.rates = [7.0, 7.0]
    header, *rows = bench.table([floor, six, states], max)
    units = ("per second", "ns", "deals/s")
    assert all(any(unit in cell for unit in units) for cell in header[1:]), header
    assert rows[1] == ("six seats", "500 deals", f"{1e9 / 18_000:,.0f}", "0.500")
    assert rows[2] == ("states", "7 states", "-", "-")
