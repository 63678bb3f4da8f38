"""The scripts of ``examples/``: run as documented, including with the
odd arguments a reader may give them."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_tournament_example_with_no_seeds() -> None:
    """``python examples/tournament.py [DEALS]`` takes the number of seeds
    from the command line; with ``0`` it divides by zero games while
    printing the table (``ZeroDivisionError``). It should print an empty
    table or refuse the number, not crash."""
    path = ROOT / "examples" / "tournament.py"
    spec = importlib.util.spec_from_file_location("review_tournament", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        module.main(0)


def test_tournament_refuses_fewer_than_one_seed() -> None:
    """The tournament's docstring: ``[SEEDS]`` is at least 1. Below that, or
    a word, the script stops with argparse's usage error (status 2) before
    playing anything."""
    for seeds in ("0", "-3", "many"):
        done = subprocess.run(
            [sys.executable, str(ROOT / "examples" / "tournament.py"), seeds],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
        )
        assert done.returncode == 2, done.stderr
        assert done.stdout == ""
        assert "tournament.py: error: argument seeds:" in done.stderr
