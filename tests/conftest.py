"""Hypothesis profiles for the test suite, and a wide terminal.

- ``dev`` (the default): 25 examples per property, so each property run
  once per preset sees at least 20 examples and the core suite runs in
  well under a minute.
- ``ci``: 100 examples per property, still bounded so that the whole
  suite stays within a few minutes on two cores; failing examples are
  printed with a blob to reproduce them.
- ``mutation``: the ``dev`` budget, derandomized and without the example
  database, so that a mutant's verdict does not depend on earlier runs
  (``tools/mutation.py`` selects it).

``ci`` is loaded when the environment variable ``CI`` is ``"true"``,
``dev`` otherwise; ``HYPOTHESIS_PROFILE`` names another profile and wins
over both (as does pytest's ``--hypothesis-profile`` option). No profile
has a deadline: the suite holds no timed test.

``briscola play`` wraps its lines to the terminal's width; every test runs
with ``COLUMNS`` at 1000, so that a line is one line whatever terminal the
suite runs in, unless the test sets a width of its own.

>>> from hypothesis import settings
>>> settings.get_profile("ci").max_examples
100
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)

settings.register_profile(
    "mutation",
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _profile_name() -> str:
    """The profile to load, from ``HYPOTHESIS_PROFILE`` or ``CI``."""
    chosen = os.environ.get("HYPOTHESIS_PROFILE")
    if chosen:
        return chosen
    return "ci" if os.environ.get("CI") == "true" else "dev"


settings.load_profile(_profile_name())


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal 1000 columns wide (see the module)."""
    monkeypatch.setenv("COLUMNS", "1000")
