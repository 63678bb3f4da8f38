"""Regenerate the golden OpenSpiel playthroughs of ``tests/playthroughs/``.

Run it from the repository's root, with the ``openspiel`` extra installed,
after a change that is meant to alter dealing, legal actions, observations
or scoring, then review the diff before committing::

    python tools/regenerate_playthroughs.py            # every preset
    python tools/regenerate_playthroughs.py split-2p   # some presets

``tests/test_openspiel.py`` regenerates each playthrough and compares it
with the file kept here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from briscola import PRESETS  # noqa: E402
from briscola.openspiel import playthrough  # noqa: E402

FOLDER = ROOT / "tests" / "playthroughs"


def main(argv: list[str] | None = None) -> int:
    """Write the playthrough of each preset named (all by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", metavar="PRESET", help="a preset (default: all)")
    names = parser.parse_args(argv).presets or list(PRESETS)
    unknown = [name for name in names if name not in PRESETS]
    if unknown:
        parser.error(f"unknown preset {unknown[0]!r}; the presets are {', '.join(PRESETS)}")
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in names:
        path = FOLDER / f"{name}.txt"
        path.write_text(playthrough(name), encoding="utf-8", newline="\n")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
