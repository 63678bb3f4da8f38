"""pytest's configuration for the whole repository.

The modules of the optional extras (``briscola.pettingzoo``,
``briscola.gymnasium``, ``briscola.openspiel``, ``briscola.vector``,
``briscola.web``)
import their third-party packages, so their doctests are collected only
when those are installed (``pip install -e '.[pettingzoo]'``), and the
tests that need an optional package skip without it, as does a
docstring's example that imports one (its ``>>> import numpy`` says
that it needs NumPy): the README's
``pip install -e '.[test]' && pytest`` runs everything else.

CI's full run installs every extra and sets ``BRISCOLA_REQUIRE_EXTRAS=1``:
then nothing is left out, and a test skipped for a package that is not
installed fails instead, so that a missing install step cannot pass
unseen. A skip counts as one for a missing package when its reason is
pytest's ``importorskip`` message ("could not import ...") or says that
something "is not installed".
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Generator
from typing import Any

import pytest
from _pytest.doctest import DoctestItem

REQUIRE_EXTRAS = os.environ.get("BRISCOLA_REQUIRE_EXTRAS") == "1"


def _missing(*names: str) -> bool:
    for name in names:
        try:
            if importlib.util.find_spec(name) is None:
                return True
        except (ImportError, ValueError):  # a module blocked in sys.modules
            return True
    return False


collect_ignore: list[str] = []
if not REQUIRE_EXTRAS:
    if _missing("gymnasium", "numpy"):
        collect_ignore += [
            "briscola/_rl.py",
            "briscola/_rl_compiled.py",
            "briscola/_rl_engines.py",
            "briscola/gymnasium.py",
            "briscola/pettingzoo.py",
        ]
    elif _missing("pettingzoo"):
        collect_ignore += ["briscola/pettingzoo.py"]
    if _missing("pyspiel", "numpy"):
        collect_ignore += ["briscola/openspiel"]
    if _missing("numpy", "numba"):
        collect_ignore += ["briscola/vector", "briscola/_rl_compiled.py"]
    if _missing("starlette", "uvicorn"):
        collect_ignore += ["briscola/web"]


def lacks_package(reason: str) -> bool:
    """Whether a skip's reason says that a package is not installed."""
    return reason.startswith("could not import") or "is not installed" in reason


def _refuse_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    """Turn ``report``'s skip for a missing package into a failure."""
    if not (REQUIRE_EXTRAS and report.skipped and isinstance(report.longrepr, tuple)):
        return
    reason = str(report.longrepr[2]).removeprefix("Skipped: ")
    if lacks_package(reason):
        report.outcome = "failed"
        report.longrepr = (
            f"{reason}, and BRISCOLA_REQUIRE_EXTRAS=1 refuses to skip: install "
            "every extra (pip install -e '.[test,docs,dev]', and chromium)"
        )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    outcome = yield
    _refuse_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, None]:
    outcome = yield
    _refuse_skip(outcome.get_result())


_IMPORT = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", re.M)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip each docstring example that imports a package not installed."""
    for item in items:
        if not isinstance(item, DoctestItem) or item.dtest is None:
            continue
        imported = {
            name for example in item.dtest.examples for name in _IMPORT.findall(example.source)
        }
        absent = sorted(name for name in imported if _missing(name))
        if absent:
            reason = f"could not import {absent[0]!r}, which the example imports"
            item.add_marker(pytest.mark.skip(reason=reason))
