"""pytest's configuration for the whole repository: the modules of the
optional extras (``briscola.pettingzoo``, ``briscola.gymnasium``,
``briscola.openspiel``, ``briscola.vector``) import
their third-party packages, so their doctests are collected only when
those are installed (``pip install -e '.[pettingzoo]'``); the README's
``pip install -e '.[test]' && pytest`` still runs everything else."""

from __future__ import annotations

import importlib.util


def _missing(*names: str) -> bool:
    for name in names:
        try:
            if importlib.util.find_spec(name) is None:
                return True
        except (ImportError, ValueError):  # a module blocked in sys.modules
            return True
    return False


collect_ignore: list[str] = []
if _missing("gymnasium", "numpy"):
    collect_ignore += ["briscola/_rl.py", "briscola/gymnasium.py", "briscola/pettingzoo.py"]
elif _missing("pettingzoo"):
    collect_ignore += ["briscola/pettingzoo.py"]
if _missing("pyspiel", "numpy"):
    collect_ignore += ["briscola/openspiel"]
if _missing("numpy"):
    collect_ignore += ["briscola/vector"]
