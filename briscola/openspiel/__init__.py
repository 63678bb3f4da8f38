"""Every briscola variant as an OpenSpiel game (extra ``openspiel``).

Importing this module registers the Python game ``python_briscola`` with
OpenSpiel, so that ``pyspiel.load_game("python_briscola(preset=...)")``
gives any preset (or any other rules), and OpenSpiel's algorithms,
bots and tests run on it.

- Parameters: ``preset`` names a preset (``"italian-2p"`` by default);
  ``rules_b64``, if not empty, holds any other rules as
  :func:`briscola.dumps` text in URL-safe base64 without padding (see
  :func:`game_string`), and wins over ``preset``.
- The shuffle is explicit chance: one chance node per card of the pack,
  each uniform over the cards not yet placed, whose outcome is the card's
  :attr:`~briscola.Card.index`. Once the whole pack order is fixed, the deal
  is ``briscola.new_game(rules, deck=pack)`` (the last seat deals) and runs
  as the engine says, with the seats' decisions (a Split cutter's
  :class:`~briscola.Cut` or :class:`~briscola.Knock` included) as player
  nodes.
- Actions are the indices of :class:`briscola.encoding.Encoding`.
- Returns come at the end of the deal: +1 to every seat of the winning
  side, -1 to every other seat, 0 to everybody on a tie; with an auction
  (bastardo) the seats' zero-sum scores of :class:`~briscola.Outcome`
  (a deal every seat passed gives 0 to everybody).
- Observations are read from :func:`briscola.observe` only, so they cannot
  reveal a hidden card; ``resample_from_infostate`` deals the unseen cards
  with :func:`briscola.sample_state`, so OpenSpiel's information-set Monte
  Carlo tree search plays.
- :class:`BriscolaBot` seats any :mod:`briscola.bots` bot in OpenSpiel.
- OpenSpiel's C++ search bots cannot search a Python game: their ``step``
  crashes the interpreter. Importing this module makes
  ``pyspiel.ISMCTSBot.step`` and ``pyspiel.MCTSBot.step`` raise
  ``pyspiel.SpielError`` on this game's states instead; use
  :func:`ismcts_bot`.

The guide "OpenSpiel" describes the game, its observations and the golden
playthroughs. Install it with ``pip install 'briscola[openspiel]'``.

>>> import pyspiel
>>> import briscola.openspiel
>>> game = pyspiel.load_game("python_briscola(preset=italian-2p)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 40, 40)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 40)
"""

from __future__ import annotations

import pyspiel

from ._bots import PLAYTHROUGH_SEED, BriscolaBot, ismcts_bot, playthrough
from ._cpp_bots import guard_cpp_bots
from ._game import _REGISTERED_TYPE, BriscolaGame, BriscolaState
from ._observer import BriscolaObserver
from ._parameters import GAME_NAME, game_string, load_game, max_game_length, returns_of, rules_of

__all__ = [
    "BriscolaBot",
    "BriscolaGame",
    "BriscolaObserver",
    "BriscolaState",
    "GAME_NAME",
    "game_string",
    "ismcts_bot",
    "load_game",
    "max_game_length",
    "playthrough",
    "PLAYTHROUGH_SEED",
    "returns_of",
    "rules_of",
]

pyspiel.register_game(_REGISTERED_TYPE, BriscolaGame)
guard_cpp_bots()
