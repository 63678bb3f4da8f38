"""Run the README's Quick start as a new user would: CI's first step.

The README's "Quick start" section gives two shell commands, one that
installs the package and plays a demo deal, one that installs the test
extra and runs the tests. This script reads them from README.md (so what
runs is what the README says), makes a bare virtual environment, and runs
each command in it with ``bash``, from a copy of the checkout, with the
variables a new user does not have removed (``CI``,
``BRISCOLA_REQUIRE_EXTRAS``, ``HYPOTHESIS_PROFILE``, ``PYTHONPATH``).
It exits non-zero on the first command that fails::

    python tools/quick_start.py            # both commands
    python tools/quick_start.py --list     # print them only
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What a new user's shell does not have: CI's own settings.
UNSET = ("CI", "BRISCOLA_REQUIRE_EXTRAS", "HYPOTHESIS_PROFILE", "PYTHONPATH", "VIRTUAL_ENV")


def quick_start_commands(readme: str) -> list[str]:
    """The shell commands of ``readme``'s "Quick start" section, in order.

    Raises:
        ValueError: if the README has no such section, or it holds no
            ``sh`` block.
    """
    found = re.search(r"^## Quick start\n(.*?)(?=^## |\Z)", readme, re.S | re.M)
    if found is None:
        raise ValueError("the README has no '## Quick start' section")
    blocks = re.findall(r"^```sh\n(.*?)^```", found.group(1), re.S | re.M)
    if not blocks:
        raise ValueError("the README's Quick start holds no ```sh block")
    return [block.strip() for block in blocks]


def new_user_environment(venv: Path) -> dict[str, str]:
    """This process's environment as a new user's shell has it, with
    ``venv`` activated."""
    env = {key: value for key, value in os.environ.items() if key not in UNSET}
    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


def run(commands: list[str], python: str) -> None:
    """Run ``commands`` in a bare venv of ``python``, from a copy of the
    checkout; exit on the first that fails."""
    with tempfile.TemporaryDirectory(prefix="briscola-quick-start-") as folder:
        work = Path(folder)
        venv = work / "venv"
        subprocess.run([python, "-m", "venv", str(venv)], check=True)
        checkout = work / "briscola"
        shutil.copytree(
            ROOT,
            checkout,
            ignore=shutil.ignore_patterns(
                ".git",
                ".venv",
                "__pycache__",
                ".hypothesis",
                ".mypy_cache",
                ".ruff_cache",
                "*.egg-info",
                "build",
                "dist",
                "_build",
                "runs",
                "rl-run",
            ),
        )
        env = new_user_environment(venv)
        for command in commands:
            print(f"== {command}", flush=True)
            done = subprocess.run(["bash", "-c", command], cwd=checkout, env=env, check=False)
            if done.returncode:
                print(f"quick_start: {command!r} exited with {done.returncode}", file=sys.stderr)
                raise SystemExit(done.returncode)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print the commands, run nothing")
    parser.add_argument(
        "--python", default=sys.executable, help="the interpreter to make the venv with"
    )
    args = parser.parse_args(argv)
    commands = quick_start_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    if args.list:
        print("\n".join(commands))
        return 0
    run(commands, args.python)
    print(f"the README's {len(commands)} Quick start commands passed in a bare venv")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
