"""Mutation testing of the engine: a fixed-seed sample of mutants per module.

A repeatable step, not part of every CI run (it takes from tens of minutes
to hours). It works on a copy of the repository's tracked files, so the
checkout is never touched:

1. copies ``git ls-files`` into ``WORKDIR/src`` and configures mutmut 3
   there (``[tool.mutmut]`` appended to the copy's ``pyproject.toml``):
   only the modules that deal, play, score, auction, observe or sample
   are mutated; mutants run in mutmut's **forkserver** mode with no warm-up
   (mutmut's default fork mode, and a fork server that has collected the
   tests, inherit rules-keyed caches filled by unmutated code, which shows
   mutants as survivors that the tests in fact kill);
2. generates every mutant, then draws a sample of ``--per-module`` mutants
   of each module with ``random.Random(--seed)``;
3. runs the sample with ``python -m mutmut run NAME...`` under the
   ``mutation`` Hypothesis profile (derandomized, no example database) and
   ``--hypothesis-seed=0``, so that verdicts are stable from run to run;
4. prints, per module, mutants killed, survived and timed out and the
   share killed, and writes ``WORKDIR/report.json`` and the diff of every
   survivor to ``WORKDIR/survivors.txt`` for review. Survivors judged
   equivalent (no test could tell them apart) are listed in
   ``docs/testing.rst``.

Usage (from the repository root, with the ``mutation`` extra installed:
``pip install -e '.[test,mutation]'``; ``dev`` includes it)::

    nice python tools/mutation.py --per-module 40 --seed 17 --workdir /tmp/mutation

``--module`` limits the run to some modules (by file name, e.g.
``_rules.py``); ``--list`` only generates the mutants and prints how many
each module has.

mutmut cannot switch on mutants of code that runs when the package is
imported (the tables of plays, the generated constructors), so it calls
them survivors. ``--judge`` takes the survivors (and the mutants mutmut
found no test for) of the run in ``--workdir`` and judges each again: it
writes the mutant into a clean copy of the package with ``mutmut apply``
and runs the checkout's tests (the quick files first, then the whole
suite), and writes ``WORKDIR/judged.json``. Run it again after writing
tests to see them detect the mutants. A mutant of a function with typed
overloads is reported, not judged: ``mutmut apply`` writes it over the
first overload.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

ENGINE_MODULES = (
    # deals
    "_deal.py",
    "_layout.py",
    "_build.py",
    # plays, tricks and scores
    "_play.py",
    "_engine.py",
    "_game.py",
    "_trick.py",
    "_outcome.py",
    "_match.py",
    "_rules.py",
    # auctions
    "_auction.py",
    # observes and samples
    "_observe.py",
    "_sample.py",
    "_json.py",
    "_serial.py",
)
"""The engine's modules, which the mutation run samples."""

STATUS = {
    1: "killed",
    3: "killed",
    # pytest's "interrupted": with the mutant switched on, a test module
    # failed to load (presets and test tables are built at import): the
    # mutant is detected, before any test ran.
    2: "broke collection",
    -24: "timeout",
    24: "timeout",
    36: "timeout",
    152: "timeout",
    255: "timeout",
    -11: "segfault",
    -9: "segfault",
    0: "survived",
    5: "no tests",
    33: "no tests",
    34: "skipped",
    37: "caught by type check",
}

GENERATE = """
import sys
from pathlib import Path
import mutmut.__main__ as m
from mutmut.mutation.data import SourceFileMutationData
from mutmut.utils.file_utils import walk_mutatable_files
m.makedirs(Path("mutants"), exist_ok=True)
m.copy_src_dir()
m.copy_also_copy_files()
m.setup_source_paths()
m.create_mutants(2)
names = {}
for path in walk_mutatable_files():
    data = SourceFileMutationData(path=path)
    data.load()
    names[str(path)] = sorted(data.exit_code_by_key)
import json
json.dump(names, sys.stdout)
"""

RESULTS = """
import json, sys
from mutmut.mutation.data import SourceFileMutationData
from mutmut.utils.file_utils import walk_mutatable_files
codes = {}
for path in walk_mutatable_files():
    data = SourceFileMutationData(path=path)
    data.load()
    codes.update(data.exit_code_by_key)
json.dump(codes, sys.stdout)
"""


def _verdict(code: object) -> str:
    if code is None:
        return "not checked"
    return STATUS.get(code, "suspicious") if isinstance(code, int) else "suspicious"


def _config(modules: list[str]) -> str:
    # Two tests of tests/test_shape.py read the modules' source text (their
    # length, the slots each inline fill sets): mutmut's copy holds every
    # mutant of a module side by side, so they fail whatever mutant is on.
    only = ", ".join(f'"briscola/{name}"' for name in modules)
    return f"""

[tool.mutmut]
source_paths = ["briscola/"]
only_mutate = [{only}]
also_copy = ["examples/", "benchmarks/", "docs/", "fuzz/", "README.md", "CHANGELOG.md"]
pytest_add_cli_args_test_selection = ["tests/"]
pytest_add_cli_args = [
    "-p", "no:cacheprovider", "-p", "no:benchmark", "--hypothesis-seed=0",
    "--deselect", "tests/test_shape.py::test_no_module_over_the_limit",
    "--deselect", "tests/test_shape.py::test_inline_fills_set_every_field",
]
process_isolation = "forkserver"
forkserver_warmup = "none"
use_git_change_detection = false
use_setproctitle = false
timeout_multiplier = 10.0
"""


def _copy_sources(src: Path) -> None:
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.split(b"\0")
    for name in filter(None, files):
        relative = Path(name.decode())
        if not (ROOT / relative).is_file():
            continue
        target = src / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / relative, target)


def _python(src: Path, code: str, env: dict[str, str]) -> object:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=src, env=env, check=True, capture_output=True
    )
    return json.loads(done.stdout.decode().splitlines()[-1])


def _run_module(
    src: Path, env: dict[str, str], *args: str, **options: Any
) -> subprocess.CompletedProcess[Any]:
    """``python -m ARGS`` in the copy ``src`` with ``env``; never raises on
    the exit code (``options`` go to :func:`subprocess.run`)."""
    return subprocess.run([sys.executable, "-m", *args], cwd=src, env=env, check=False, **options)


def main(argv: list[str] | None = None) -> int:
    """Run the sampled mutation test; returns 0 (the figures are for
    people to judge, not a gate)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-module", type=int, default=40, help="mutants sampled per module")
    parser.add_argument("--seed", type=int, default=17, help="seed of the sample")
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/briscola-mutation"))
    parser.add_argument("--module", action="append", help="only this module (e.g. _rules.py)")
    parser.add_argument("--max-children", type=int, default=2, help="mutants run at once")
    parser.add_argument("--list", action="store_true", help="only count the mutants")
    parser.add_argument(
        "--judge",
        action="store_true",
        help="judge again, in a clean copy of the package, the survivors of the run in --workdir",
    )
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="report the verdicts so far of the sample in --workdir (of a run still going on "
        "or stopped), without running anything",
    )
    args = parser.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CI")}
    env["HYPOTHESIS_PROFILE"] = "mutation"
    src = args.workdir / "src"
    if args.report_only or args.judge:
        saved = json.loads((args.workdir / "sample.json").read_text(encoding="utf-8"))
        if args.judge:
            return _judge(args.workdir, saved, env)
        return _report(args.workdir, saved, env)

    modules = [m for m in (args.module or ENGINE_MODULES) if (ROOT / "briscola" / m).is_file()]
    shutil.rmtree(args.workdir, ignore_errors=True)
    src.mkdir(parents=True)
    _copy_sources(src)
    with (src / "pyproject.toml").open("a", encoding="utf-8") as config:
        config.write(_config(modules))
    names_by_file = _python(src, GENERATE, env)
    assert isinstance(names_by_file, dict)
    rng = random.Random(args.seed)
    sample: dict[str, list[str]] = {}
    for path in sorted(names_by_file):
        names = names_by_file[path]
        print(f"{path}: {len(names)} mutants", flush=True)
        sample[path] = sorted(rng.sample(names, min(args.per_module, len(names))))
    if args.list:
        return 0
    (args.workdir / "sample.json").write_text(json.dumps(sample, indent=2), encoding="utf-8")
    chosen = [name for names in sample.values() for name in names]
    print(f"running {len(chosen)} mutants ({args.per_module} per module, seed {args.seed})")
    with (args.workdir / "mutmut.log").open("w", encoding="utf-8") as log:
        _run_module(
            src,
            env,
            "mutmut",
            "run",
            "--max-children",
            str(args.max_children),
            *chosen,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    return _report(args.workdir, sample, env)


def _report(workdir: Path, sample: dict[str, list[str]], env: dict[str, str]) -> int:
    """Print and save the verdicts of ``sample`` (mutmut's results so far)."""
    src = workdir / "src"
    codes = _python(src, RESULTS, env)
    assert isinstance(codes, dict)

    report: dict[str, dict[str, object]] = {}
    survivors: list[str] = []
    print(
        f"\n{'module':<24} {'sampled':>7} {'killed':>6} {'survived':>8} {'other':>5} {'killed %':>8}"
    )
    for path, names in sample.items():
        verdicts = Counter(_verdict(codes.get(name)) for name in names)
        killed = verdicts["killed"] + verdicts["timeout"] + verdicts["broke collection"]
        judged = killed + verdicts["survived"]
        share = 100.0 * killed / judged if judged else 0.0
        other = len(names) - judged
        print(
            f"{path:<24} {len(names):>7} {killed:>6} {verdicts['survived']:>8} {other:>5}"
            f" {share:>7.1f}%"
        )
        report[path] = {"sampled": names, "verdicts": dict(verdicts), "killed_percent": share}
        survivors += [n for n in names if _verdict(codes.get(n)) == "survived"]
    (workdir / "report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    with (workdir / "survivors.txt").open("w", encoding="utf-8") as out:
        for name in survivors:
            shown = _run_module(src, env, "mutmut", "show", name, capture_output=True, text=True)
            out.write(shown.stdout + "\n")
    print(f"\n{len(survivors)} survivors: their diffs are in {workdir / 'survivors.txt'}")
    return 0


QUICK_TESTS = (
    "tests/test_play.py",
    "tests/test_deal.py",
    "tests/test_rules.py",
    "tests/test_serial.py",
    "tests/test_sample.py",
    "tests/test_bastardo.py",
    "tests/test_observe.py",
    "tests/test_exchange.py",
    "tests/test_match.py",
    "tests/test_builders.py",
)
"""Test files that detect most mutants in seconds, run before the whole suite."""

JUDGE_TIMEOUT = 1800
"""Seconds a run of the tests may take while judging (the whole suite
takes a few minutes): a mutant that makes them run longer is detected."""


def _judge(workdir: Path, sample: dict[str, list[str]], env: dict[str, str]) -> int:
    """Judge again each survivor of ``sample`` (and each mutant mutmut
    found no test for), written into a clean copy of the package."""
    src = workdir / "src"
    codes = _python(src, RESULTS, env)
    assert isinstance(codes, dict)
    names = [
        name
        for names in sample.values()
        for name in names
        if _verdict(codes.get(name)) in ("survived", "no tests")
    ]
    pristine = workdir / "pristine"
    if not pristine.exists():
        shutil.copytree(src / "briscola", pristine)
    shutil.rmtree(src / "tests")
    shutil.copytree(ROOT / "tests", src / "tests")
    arguments = ["-x", "-q", "-p", "no:cacheprovider", "--hypothesis-seed=0"]
    judged: dict[str, str] = {}
    for name in names:
        shutil.rmtree(src / "briscola")
        shutil.copytree(pristine, src / "briscola")
        module, function = name.split(".")[1], name.split(".")[-1].split("__mutmut_")[0]
        function = function.removeprefix("x_").split("ǁ")[-1]
        source = (pristine / f"{module}.py").read_text(encoding="utf-8")
        if f"@overload\ndef {function}(" in source:
            judged[name] = "not judged: a function with overloads (write it in by hand)"
        else:
            _run_module(src, env, "mutmut", "apply", name, capture_output=True)
            judged[name] = "survived"
            for tests in (list(QUICK_TESTS), ["tests/", "-n", "2"]):
                try:
                    run = _run_module(
                        src,
                        env,
                        *["pytest", *arguments, *tests],
                        capture_output=True,
                        text=True,
                        timeout=JUDGE_TIMEOUT,
                    )
                except subprocess.TimeoutExpired:
                    judged[name] = f"detected: the tests ran past {JUDGE_TIMEOUT} s"
                    break
                if run.returncode != 0:
                    first = [
                        line
                        for line in run.stdout.splitlines()
                        if line.startswith(("FAILED", "ERROR"))
                    ]
                    judged[name] = "detected: " + (first[0] if first else f"exit {run.returncode}")
                    break
        print(f"{name}: {judged[name]}", flush=True)
    shutil.rmtree(src / "briscola")
    shutil.copytree(pristine, src / "briscola")
    (workdir / "judged.json").write_text(json.dumps(judged, indent=2), encoding="utf-8")
    left = sum(verdict == "survived" for verdict in judged.values())
    print(f"\n{len(judged)} judged again, {left} survived: {workdir / 'judged.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
