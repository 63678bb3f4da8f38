"""Computer players, and the loops that seat them at a table.

A bot is any object with a ``choose(observation, legal, rng)`` method (the
:class:`Bot` protocol). It receives what its seat may see,
:func:`briscola.observe` of the state for that seat, the legal actions
(:func:`briscola.legal_actions`, which depend only on what the seat sees)
and a random generator of its own, and returns one of the legal actions.
Bots never see the state itself, so they cannot peek at hidden cards;
:class:`MonteCarloBot` guesses them with :func:`briscola.sample_state`.

- :class:`RandomBot`: any legal action, uniformly.
- :class:`HeuristicBot`: rules of thumb a club player would recognise.
- :class:`MonteCarloBot`: determinized Monte Carlo search.
- :class:`StrongBot`: determinized search with an exact endgame, the
  strongest.
- :class:`LearnedBot`: a small network trained to imitate
  :class:`StrongBot`, at the cost of one evaluation a move.

:func:`play_deal` and :func:`play_match` seat one bot per seat and play to
the end; :func:`make_bot` builds a bot from a short name, as the command
line does. :func:`tournament` plays many seeded deals between bots, on
any :class:`concurrent.futures.Executor`, and counts wins with confidence
intervals; :func:`duplicate_match` measures one bot against another over
duplicate packs, with the score's 95% interval.

>>> from briscola import preset, outcome
>>> from briscola.bots import HeuristicBot, RandomBot, play_deal
>>> state = play_deal(preset("italian-2p"), [HeuristicBot(), RandomBot()], seed=1)
>>> state.is_over, sum(outcome(state).points)
(True, 120)
"""

from ._arena import BOT_NAMES, ActionHook, MatchHook, make_bot, play_deal, play_match
from ._convention import CONVENTIONS, Convention, Need
from ._duplicate import DuplicateScore, duplicate_match
from ._heuristic import HeuristicBot
from ._learned import LearnedBot
from ._montecarlo import MonteCarloBot, RolloutPolicy, greedy_rollout, random_rollout
from ._protocol import Bot, RandomBot
from ._strong import StrongBot
from ._tournament import (
    Entrant,
    Standing,
    TournamentError,
    TournamentInterrupted,
    TournamentResult,
    places,
    tournament,
    wilson_interval,
)

__all__ = [
    "Bot",
    "RandomBot",
    "HeuristicBot",
    "MonteCarloBot",
    "StrongBot",
    "LearnedBot",
    "Convention",
    "Need",
    "CONVENTIONS",
    "RolloutPolicy",
    "random_rollout",
    "greedy_rollout",
    "BOT_NAMES",
    "make_bot",
    "play_deal",
    "play_match",
    "ActionHook",
    "MatchHook",
    "Entrant",
    "Standing",
    "TournamentError",
    "TournamentInterrupted",
    "TournamentResult",
    "places",
    "tournament",
    "wilson_interval",
    "DuplicateScore",
    "duplicate_match",
]
