"""Load the scripts of ``tools/`` and ``benchmarks/`` as modules, for the
tests that run them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parent.parent


def load_script(relative: str) -> Any:
    """The script at ``relative`` (from the repository's root), imported
    as a module named after its file, with its folder on the import path
    (as when it runs)."""
    path = ROOT / relative
    if str(path.parent) not in sys.path:
        sys.path.append(str(path.parent))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module
