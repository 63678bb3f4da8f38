"""Check the share of branches of ``briscola/`` that the tests cover.

Reads the JSON report of coverage.py (``coverage json``) and fails when
``percent_branches_covered`` is below the threshold: the share of
*branches* taken both ways, stricter than the combined figure that
``--cov-fail-under`` checks. CI runs it after the suite (``.ci/run``);
pytest's own options do not, so ``pytest`` alone needs only the ``test``
extra.

Usage: ``python tools/branch_coverage.py coverage.json --min 95``
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    """Print the branch figure, the files with most branches missed, and
    return 1 if the figure is below ``--min``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="coverage.py's JSON report")
    parser.add_argument("--min", type=float, default=95.0, help="lowest share accepted, in %%")
    args = parser.parse_args(argv)
    report = json.loads(args.report.read_text(encoding="utf-8"))
    totals = report["totals"]
    share = float(totals["percent_branches_covered"])
    print(
        f"branches covered: {totals['covered_branches']} of {totals['num_branches']}"
        f" = {share:.2f}% (at least {args.min:g}% needed)"
    )
    missed = sorted(
        (
            (f["summary"]["num_branches"] - f["summary"]["covered_branches"], name)
            for name, f in report["files"].items()
        ),
        reverse=True,
    )
    for count, name in missed[:5]:
        if count:
            print(f"  {count:4} branches missed in {name}")
    return 0 if share >= args.min else 1


if __name__ == "__main__":
    sys.exit(main())
