"""OpenSpiel's C++ search bots on this game: the call that would crash the
interpreter is refused with an error instead.

With OpenSpiel 2.0.2, ``pyspiel.ISMCTSBot.step`` and ``pyspiel.MCTSBot.step``
let go of Python's global interpreter lock while they search, and OpenSpiel's
bridge to Python games then calls the game's observer (for the
information-state string) without taking the lock back: the interpreter
dies of a segmentation fault, with any Python game (OpenSpiel's own
``python_kuhn_poker`` too). Nothing in a Python game can prevent it, so
importing :mod:`briscola.openspiel` wraps those two ``step`` methods: given a
state of this game they raise ``pyspiel.SpielError``, saying what to use
instead; given any other state they run as before.
"""

from __future__ import annotations

from typing import Any, Final

import pyspiel

from ._game import BriscolaState
from ._parameters import GAME_NAME

_WHY: Final = (
    f"cannot search {GAME_NAME}: with OpenSpiel 2.0.2 its step() releases Python's "
    "interpreter lock and then calls the game's Python code without it, which crashes "
    "the interpreter (any Python game, not only this one)"
)

ISMCTS_REFUSAL: Final = (
    f"OpenSpiel's C++ ISMCTSBot {_WHY}; nor can it resample a Python game's hidden "
    "information (OpenSpiel does not pass ResampleFromInfostate on to Python). Use "
    "briscola.openspiel.ismcts_bot(game), OpenSpiel's Python IS-MCTS, instead"
)
"""The error's text for ``pyspiel.ISMCTSBot.step`` on a state of this game."""

MCTS_REFUSAL: Final = (
    f"OpenSpiel's C++ MCTSBot {_WHY}. bot.step_with_policy(state)[1] gives the same "
    "action without the crash, but that bot searches the true deal, hidden cards "
    "included; briscola.openspiel.ismcts_bot(game) searches what the seat knows"
)
"""The error's text for ``pyspiel.MCTSBot.step`` on a state of this game."""


def _guard(bot_class: Any, refusal: str) -> None:
    """Replace ``bot_class.step`` by one that refuses this game's states
    (once: importing again leaves the guard as it is)."""
    step = bot_class.step
    if getattr(step, "refuses", None) is not None:
        return

    def guarded_step(self: Any, state: Any) -> int:
        if isinstance(state, BriscolaState):
            raise pyspiel.SpielError(refusal)
        return int(step(self, state))

    guarded_step.__name__ = guarded_step.__qualname__ = "step"
    guarded_step.__doc__ = (
        f"{getattr(step, '__doc__', None) or ''}\n\n"
        f"On a state of {GAME_NAME}, raises pyspiel.SpielError (briscola.openspiel): {refusal}."
    )
    guarded_step.refuses = refusal  # type: ignore[attr-defined]
    bot_class.step = guarded_step


def guard_cpp_bots() -> None:
    """Make ``pyspiel.ISMCTSBot.step`` and ``pyspiel.MCTSBot.step`` refuse a
    state of this game with ``pyspiel.SpielError`` instead of crashing;
    importing :mod:`briscola.openspiel` calls it.

    >>> import pyspiel
    >>> from briscola.openspiel import load_game
    >>> state = load_game("italian-2p").new_initial_state()
    >>> evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    >>> pyspiel.ISMCTSBot(0, evaluator, 2.0, 10).step(state)
    Traceback (most recent call last):
    ...
    pyspiel.SpielError: OpenSpiel's C++ ISMCTSBot cannot search python_briscola: ...
    """
    _guard(pyspiel.ISMCTSBot, ISMCTS_REFUSAL)
    _guard(pyspiel.MCTSBot, MCTS_REFUSAL)
