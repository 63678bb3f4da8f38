"""briscola: a typed rules engine for Briscola and its regional family.

>>> import briscola
>>> state = briscola.new_game(briscola.preset("italian-2p"), seed=1)
>>> while not state.is_over:
...     state = briscola.apply(state, briscola.legal_actions(state)[0])
>>> sum(briscola.outcome(state).points)
120

A seat chooses from what it sees alone: its observation lists its moves,
and an action travels as JSON.

>>> state = briscola.new_game(briscola.preset("split-4p"), seed=1)
>>> seen = briscola.observe(state, state.to_move)
>>> briscola.legal_actions(seen) == briscola.legal_actions(state)
True
>>> briscola.dumps(briscola.legal_actions(seen))
'{"format":2,"type":"actions","actions":[["cut"],["knock"]]}'
"""

from ._actions import (
    Action,
    Bid,
    Call,
    Cut,
    IllegalActionError,
    Knock,
    Pass,
    Play,
    Say,
    Sign,
    Signal,
    SwapTrump,
    Word,
)
from ._cards import FULL_PACK, Card, Rank, Suit
from ._deal import new_game
from ._engine import apply, final_outcome, is_legal, legal_actions, outcome
from ._match import MatchState, new_match
from ._observe import Observation, observe
from ._presets import PRESETS, preset
from ._rules import (
    STANDARD_POINTS,
    STANDARD_STRENGTH,
    Auction,
    DealStyle,
    Exchange,
    MatchFormat,
    PartnerHands,
    Rules,
)
from ._sample import sample_state
from ._serial import dumps, loads
from ._state import Contract, GameState, Outcome, Phase, Seat
from ._text import text
from ._trick import trick_winner
from ._version import __version__ as __version__

__all__ = [
    "Action",
    "Auction",
    "Bid",
    "Call",
    "Card",
    "Contract",
    "Cut",
    "DealStyle",
    "Exchange",
    "FULL_PACK",
    "GameState",
    "IllegalActionError",
    "Knock",
    "MatchFormat",
    "MatchState",
    "Observation",
    "Outcome",
    "PRESETS",
    "PartnerHands",
    "Pass",
    "Phase",
    "Play",
    "Rank",
    "Rules",
    "STANDARD_POINTS",
    "STANDARD_STRENGTH",
    "Say",
    "Seat",
    "Sign",
    "Signal",
    "Suit",
    "SwapTrump",
    "Word",
    "apply",
    "dumps",
    "final_outcome",
    "is_legal",
    "legal_actions",
    "loads",
    "new_game",
    "new_match",
    "observe",
    "outcome",
    "preset",
    "sample_state",
    "text",
    "trick_winner",
]


def _make_public(names: list[str]) -> None:
    """Give each exported class and function the module ``briscola``.

    They are defined in private modules, but ``briscola`` is where users
    find them: with this, tracebacks read ``briscola.IllegalActionError``,
    reprs and the documentation ``briscola.Card``, and pickles name the
    public path. A class's own methods and properties move with it, so
    that tools that look for an object's module (doctest among them) still
    find them together.
    """
    namespace = globals()
    for name in names:
        obj = namespace[name]
        if not isinstance(obj, type) and not callable(obj):
            continue
        home = getattr(obj, "__module__", None)
        if not isinstance(home, str) or not home.startswith(__name__ + "._"):
            continue
        if isinstance(obj, type):
            for member in vars(obj).values():
                if isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                elif isinstance(member, property):
                    member = member.fget
                if getattr(member, "__module__", None) == home:
                    member.__module__ = __name__
        obj.__module__ = __name__


_make_public(__all__)
