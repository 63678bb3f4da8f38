"""Which version is which: the version ``briscola --version`` prints is the
newest release of the changelog (Changelog)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import briscola
from briscola.cli import main

CHANGELOG = (Path(__file__).resolve().parent.parent / "CHANGELOG.md").read_text(encoding="utf-8")


def releases() -> list[str]:
    """The versions of the changelog's releases, newest first."""
    return re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", CHANGELOG, re.M)


def test_the_command_line_prints_the_newest_release(capsys: pytest.CaptureFixture[str]) -> None:
    """Changelog: ``briscola --version`` names the package's version, which
    is the newest release the changelog lists."""
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.strip() == f"briscola {briscola.__version__}"
    assert releases()[0] == briscola.__version__


def test_the_changelog_opens_with_an_unreleased_section() -> None:
    """Changelog: changes not yet released gather under ``[Unreleased]``,
    above the releases, which run newest first."""
    assert CHANGELOG.index("## [Unreleased]") < CHANGELOG.index("## [" + releases()[0])
    versions = [tuple(int(part) for part in v.split(".")) for v in releases()]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
