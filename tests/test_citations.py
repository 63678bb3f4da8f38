"""What users and contributors read cites our own pages, not the project's
internal notes.

The package, the documentation, the examples, the tests, the README and the
changelog must not point at the notes or the numbered source texts kept next to
the project: readers have neither. They cite "The rules as implemented"
(docs/rules/) and the guides by page and section title, and name the original
sources by title and language.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CITATION = re.compile(
    r"\bSPEC\b|\u00a7|(?i:\bseeds? 00\d\b|\bspecification\b|\b(?:findings?|issues?) #?\d)"
)

# The words the check looks for, spelled so that this file passes it too.
NOTES = "SP" + "EC"
SECTION = "\u00a7"


def readers_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "CONTRIBUTING.md"]
    for folder, patterns in (
        ("briscola", ("*.py",)),
        ("docs", ("*.rst", "*.py")),
        ("examples", ("*.py",)),
        ("tests", ("*.py",)),
    ):
        for pattern in patterns:
            files.extend(sorted((ROOT / folder).rglob(pattern)))
    return files


def test_no_internal_citations_where_readers_look() -> None:
    """Every file of the package, the docs, the examples and the tests cites
    our own pages: no line names the notes, a section sign or a numbered source
    text."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in readers_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if CITATION.search(line)
    ]
    assert found == []


def test_the_check_sees_the_files_readers_look_at() -> None:
    """The check covers the README, the rules pages, the package and the tests
    (this file among them), and it tells a citation of the notes from an
    ordinary seeded call."""
    names = {path.relative_to(ROOT).as_posix() for path in readers_files()}
    assert {
        "README.md",
        "CONTRIBUTING.md",
        "docs/rules/index.rst",
        "briscola/names.py",
        "briscola/_play.py",
        "tests/test_citations.py",
        "tests/strategies.py",
    } <= names
    assert CITATION.search(f"as the {NOTES} says ({NOTES} {SECTION}3)")
    assert CITATION.search("from seed " + "001")
    assert CITATION.search("the specifi" + "cation says")
    assert CITATION.search("as find" + "ing 12 showed")
    assert CITATION.search("fixed in iss" + "ue #30")
    assert not CITATION.search("an issue with the deck")
    assert not CITATION.search("new_game(rules, seed=1)")
    assert not CITATION.search("a seed of 1 deals the same pack")
