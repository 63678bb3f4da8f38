"""The command line: ``python -m briscola`` and the ``briscola`` script.

Commands: ``demo`` (the default), ``play``, ``simulate``, ``rules``; see
the command-line guide.
"""

from ._describe import describe_rules
from ._main import main
from ._simulate import simulate
from ._terminal import demo, play

__all__ = ["main", "demo", "play", "simulate", "describe_rules"]
