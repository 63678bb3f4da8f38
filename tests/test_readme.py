"""The front door: the README and the documentation's front page show one
first program, with the output it prints, and every regional family the
README names has presets in its table (Variants: presets and rules
fields)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import textwrap
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
INDEX = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")


def directive(text: str, name: str) -> str:
    """The body of the first ``.. name::`` directive of a page, dedented."""
    found = re.search(rf"^\.\. {name}::\n\n((?: {{3}}.*\n|\n)+)", text, re.M)
    assert found is not None, f"no {name} directive"
    return textwrap.dedent(found.group(1)).strip() + "\n"


def readme_program() -> str:
    section = README[README.index("## A first deal in Python") :]
    found = re.search(r"^```python\n(.*?)^```", section, re.S | re.M)
    assert found is not None
    return found.group(1)


def paragraph(text: str, start: str) -> str:
    """The paragraph beginning with ``start``, on one line."""
    body = text[text.index(start) :].split("\n\n")[0]
    return " ".join(body.split())


def test_the_readme_and_the_front_page_show_one_first_program() -> None:
    """The README's first program is the front page's, and prints what both
    say it prints."""
    program = readme_program()
    assert program == directive(INDEX, "testcode")
    printed = directive(INDEX, "testoutput").strip()
    assert f"It prints `{printed}`" in README
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(program, "README.md", "exec"), {})
    assert out.getvalue().strip() == printed


def test_the_readme_and_the_front_page_name_the_same_families() -> None:
    """Both open with the same list of regional families."""
    start = "A typed Python rules engine"
    readme, index = paragraph(README, start), paragraph(INDEX, start)
    assert readme == index


def test_every_family_the_readme_names_has_presets_in_its_table() -> None:
    """Each family of the README's opening list has a row in its table of
    presets, naming presets that exist."""
    from briscola import PRESETS

    opening = paragraph(README, "A typed Python rules engine")
    listed = opening.split("regional family: ")[1].rstrip(".")
    families = [item for part in listed.split(", ") for item in part.split(" and ") if item.strip()]
    rows = [line.split("|")[1:3] for line in README.splitlines() if line.startswith("| ")]
    assert len(families) >= 9 and len(rows) >= 9
    for family in families:
        words = re.sub(r"\(.*?\)", "", family).split()
        key = next((word for word in words if word[0].isupper()), words[-1])
        row = next((r for r in rows if key.lower() in r[0].lower()), None)
        assert row is not None, f"{family!r} has no row in the README's table of presets"
        names = re.findall(r"`([a-z0-9-]+)`", row[1])
        assert names and names[0] in PRESETS, f"{family!r}: {row[1]!r}"


def quick_start_tool() -> ModuleType:
    """``tools/quick_start.py``, which CI runs first."""
    path = ROOT / "tools" / "quick_start.py"
    spec = importlib.util.spec_from_file_location("quick_start", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_quick_start_installs_and_plays_then_installs_and_tests() -> None:
    """The README's Quick start, as CI reads and runs it in a bare venv,
    is two commands: one installs the package and plays the demo deal, the
    other installs the test extra and runs the tests."""
    demo, tests = quick_start_tool().quick_start_commands(README)
    assert demo.startswith("python -m pip install . && ")
    assert "python -m briscola --preset italian-2p --seed 1" in demo
    assert tests == "python -m pip install -e '.[test]' && python -m pytest"


def test_the_quick_start_reader_refuses_a_readme_without_one() -> None:
    """A README whose Quick start is gone, or holds no command, fails CI's
    first step with a message instead of running nothing."""
    read = quick_start_tool().quick_start_commands
    with pytest.raises(ValueError, match="no '## Quick start' section"):
        read("# briscola\n\n## Usage\n\n```sh\nls\n```\n")
    with pytest.raises(ValueError, match="no ```sh block"):
        read("## Quick start\n\nNothing yet.\n\n## Next\n\n```sh\nls\n```\n")
    assert read("## Quick start\n\n```sh\na\n```\n\n```sh\nb\n```\n") == ["a", "b"]
