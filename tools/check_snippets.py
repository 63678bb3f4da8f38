"""Type-check the Python code blocks of README.md and docs/ with mypy --strict.

Run from the checkout: ``python tools/check_snippets.py``. Each fenced
```python block of the README and each ``.. code-block:: python`` of the
documentation is written to a file of its own and checked as a module, so
a block must stand on its own (its imports included). Modules the
documentation names but the project does not install (Stable-Baselines3,
IPython) are taken as untyped; RLlib comes with Ray (the ``ray`` extra). Exits with mypy's status.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FENCED = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
DIRECTIVE = re.compile(r"^( *)\.\. code-block:: python\n((?:\1 {3}.*\n|\s*\n)+)", re.M)


def snippets() -> list[tuple[str, str]]:
    """Every block as ``(where, code)``."""
    found = []
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for number, match in enumerate(FENCED.finditer(readme)):
        found.append((f"README.md block {number + 1}", match.group(1)))
    for page in sorted((ROOT / "docs").rglob("*.rst")):
        if "_build" in page.parts:
            continue
        text = page.read_text(encoding="utf-8")
        for number, match in enumerate(DIRECTIVE.finditer(text)):
            code = textwrap.dedent(match.group(2))
            found.append((f"{page.relative_to(ROOT)} block {number + 1}", code))
    return found


def main() -> int:
    blocks = snippets()
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for number, (where, code) in enumerate(blocks):
            path = Path(folder) / f"snippet_{number}.py"
            path.write_text(f"# {where}\n{code}", encoding="utf-8")
            paths.append(str(path))
        print(f"checking {len(paths)} code blocks")
        command = [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--ignore-missing-imports",
            # A block may subclass a class of a library that is not
            # installed here (Stable-Baselines3's VecEnv), which mypy then
            # reads as Any: allowed in the blocks, never in the package.
            "--allow-subclassing-any",
            "--no-incremental",
            # The package is checked on its own, with the per-module settings
            # of pyproject.toml: here only the blocks' own errors count.
            "--follow-imports",
            "silent",
            "--config-file",
            "/dev/null",
            *paths,
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        out = done.stdout
        for number, (where, _) in enumerate(blocks):
            out = out.replace(str(Path(folder) / f"snippet_{number}.py"), where)
        print(out, end="")
        return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
