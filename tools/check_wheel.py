"""Check the built package as a user receives it: the wheel and the sdist.

Run from the checkout after ``python -m build --outdir DIST``::

    python tools/check_wheel.py DIST [PYTHON ...]

It checks that the wheel and the sdist hold what they must (``py.typed``,
every module, the README and the licence; no tests in the wheel), then,
for each Python interpreter named (by default the one running this), makes
a fresh virtual environment, installs the wheel with its ``test`` extra,
and from a folder outside the source tree: imports the installed package,
finds its ``py.typed``, plays and saves a deal, plays one with the learned
bot from its shipped weights, runs the ``briscola``
command, and runs the test suite against the installed package (a copy of
the checkout without ``briscola/``, so no test can import the source;
less ``tests/test_citations.py``, which reads the checkout's files), then
the installed package's docstring examples.
With ``--every-classified-version`` it fails unless the interpreters
cover every ``Programming Language :: Python :: 3.N`` classifier of the
wheel: the classifiers name only versions that are tested. Exits non-zero
on the first failure.
"""

from __future__ import annotations

import argparse
import email
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SMOKE = """
import pathlib, random, sys
import briscola
package = pathlib.Path(briscola.__file__).parent
assert pathlib.Path(sys.prefix) in package.parents, f"briscola from {package}, not the venv"
assert (package / "py.typed").exists(), "py.typed is missing"
state = briscola.new_game(briscola.preset("italian-2p"), seed=42)
rng = random.Random(42)
while not state.is_over:
    state = briscola.apply(state, rng.choice(briscola.legal_actions(state)))
assert briscola.loads(briscola.dumps(state)) == state
result = briscola.final_outcome(state)
assert sum(result.points) == 120
from briscola.bots import HeuristicBot, make_bot, play_deal
learned = make_bot("learned")
assert learned.has_weights(briscola.preset("italian-2p")), "no shipped weights"
played = play_deal(briscola.preset("italian-2p"), [learned, HeuristicBot()], seed=7)
assert sum(briscola.final_outcome(played).points) == 120
print(f"briscola {briscola.__version__} on Python {sys.version.split()[0]}: "
      f"{result.points} {result.winners}, {repr(state)}")
"""


def _fail(message: str) -> None:
    print(f"check_wheel: {message}", file=sys.stderr)
    raise SystemExit(1)


def _one(dist: Path, pattern: str) -> Path:
    found = sorted(dist.glob(pattern))
    if len(found) != 1:
        _fail(f"expected one {pattern} in {dist}, found {[p.name for p in found]}")
    return found[0]


def _modules() -> set[str]:
    """The package's files that every distribution must carry."""
    package = ROOT / "briscola"
    return {
        path.relative_to(ROOT).as_posix()
        for path in package.rglob("*")
        if path.is_file() and path.suffix in (".py", ".typed", ".npz", ".html", ".css", ".js")
    }


def check_contents(wheel: Path, sdist: Path) -> None:
    """The wheel holds the package with ``py.typed`` and nothing else of the
    checkout; the sdist holds the package, the README and the licence."""
    needed = _modules()
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    missing = needed - names
    if missing:
        _fail(f"{wheel.name} lacks {sorted(missing)}")
    strays = sorted(n for n in names if n.split("/")[0] in ("tests", "docs", "tools", "fuzz"))
    if strays:
        _fail(f"{wheel.name} holds files of the checkout: {strays[:5]}")
    with tarfile.open(sdist) as archive:
        top = archive.getnames()[0].split("/")[0]
        members = {name.partition("/")[2] for name in archive.getnames()}
    missing = (needed | {"README.md", "LICENSE", "pyproject.toml"}) - members
    if missing:
        _fail(f"{sdist.name} ({top}) lacks {sorted(missing)}")
    print(f"{wheel.name}: {len(names)} files; {sdist.name}: {len(members)} files")


def classified_versions(wheel: Path) -> set[str]:
    """The Python versions (``"3.11"``...) the wheel's classifiers name."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = email.message_from_bytes(archive.read(name))
    prefix = "Programming Language :: Python :: "
    return {
        value[len(prefix) :]
        for value in metadata.get_all("Classifier", [])
        if value.startswith(prefix) and value[len(prefix) :].count(".") == 1
    }


def version_of(python: str) -> str:
    done = subprocess.run(
        [python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        _fail(f"cannot run {python}: {done.stderr.strip()}")
    return done.stdout.strip()


def _run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    done = subprocess.run(command, cwd=cwd, env=env, check=False)
    if done.returncode:
        _fail(f"{' '.join(command)} exited with {done.returncode} (in {cwd})")


def check_install(wheel: Path, python: str, tests: bool) -> None:
    """A fresh venv of ``python`` with the wheel: the smoke test, the
    command, and (with ``tests``) the test suite, all from outside the
    checkout."""
    with tempfile.TemporaryDirectory(prefix="briscola-wheel-") as folder:
        work = Path(folder)
        venv = work / "venv"
        _run([python, "-m", "venv", str(venv)], work)
        bindir = venv / ("Scripts" if os.name == "nt" else "bin")
        venv_python = str(bindir / "python")
        pip = [venv_python, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        _run([*pip, f"{wheel}[test]"], work)
        _run([venv_python, "-c", SMOKE], work)
        _run([str(bindir / "briscola"), "--preset", "split-2p", "--seed", "1"], work)
        if not tests:
            return
        # The checkout without the package: the tests import the wheel.
        copy = work / "checkout"
        shutil.copytree(
            ROOT,
            copy,
            ignore=shutil.ignore_patterns(
                ".git",
                "runs",
                "_build",
                "__pycache__",
                ".hypothesis",
                "*.egg-info",
                "dist",
                "build",
            ),
        )
        shutil.rmtree(copy / "briscola")
        # A user's shell: none of CI's settings (the venv has the test extra only).
        unset = ("PYTHONPATH", "CI", "BRISCOLA_REQUIRE_EXTRAS")
        env = {k: v for k, v in os.environ.items() if k not in unset}
        env["HYPOTHESIS_PROFILE"] = "dev"
        command = [venv_python, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        # test_citations lints the checkout's own files, the package's too.
        _run([*command, "tests", "--ignore=tests/test_citations.py"], copy, env)
        # The installed package's docstring examples. The modules of the
        # extras the venv lacks cannot be imported: their examples are
        # skipped, as are examples that import a package not installed
        # (the checkout's conftest.py).
        doctests = ["-c", "pyproject.toml", "--doctest-ignore-import-errors", "--pyargs"]
        _run([*command, *doctests, "briscola"], copy, env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", type=Path, help="the folder python -m build wrote")
    parser.add_argument("pythons", nargs="*", help="interpreters to install into")
    parser.add_argument("--no-tests", action="store_true", help="the smoke test only")
    parser.add_argument(
        "--every-classified-version",
        action="store_true",
        help="fail unless the interpreters cover every Python version the classifiers name",
    )
    args = parser.parse_args(argv)
    wheel = _one(args.dist, "briscola-*.whl").resolve()
    sdist = _one(args.dist, "briscola-*.tar.gz").resolve()
    check_contents(wheel, sdist)
    pythons = args.pythons or [sys.executable]
    versions = {python: version_of(python) for python in pythons}
    classified = classified_versions(wheel)
    untested = sorted(classified - set(versions.values()), key=lambda v: int(v.split(".")[1]))
    unclassified = sorted(set(versions.values()) - classified)
    if unclassified:
        _fail(f"Python {', '.join(unclassified)} is tested but not in the classifiers")
    if untested and args.every_classified_version:
        _fail(
            f"the classifiers name Python {', '.join(untested)}, which no interpreter given tests"
        )
    for python in pythons:
        print(f"== {wheel.name} in a fresh venv of {python} (Python {versions[python]})")
        check_install(wheel, python, not args.no_tests)
    tested = ", ".join(sorted(set(versions.values())))
    print(f"the wheel and the sdist are fine; tested on Python {tested}", end="")
    print(f" (not on {', '.join(untested)})" if untested else "")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
