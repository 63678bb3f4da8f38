"""briscola: a typed rules engine for Briscola and its regional family.

>>> import briscola
>>> state = briscola.new_game(briscola.preset("italian-2p"), seed=1)
>>> while not state.is_over:
...     state = briscola.apply(state, briscola.legal_actions(state)[0])
>>> sum(briscola.outcome(state).points)
120
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
    SwapTrump,
)
from ._cards import FULL_PACK, Card, Rank, Suit
from ._deal import new_game
from ._engine import apply, is_legal, legal_actions, outcome
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
from ._state import Contract, GameState, Outcome, Phase, Seat, Setup
from ._text import text

__version__ = "0.1.0"

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
    "Seat",
    "Setup",
    "Suit",
    "SwapTrump",
    "apply",
    "dumps",
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
]
