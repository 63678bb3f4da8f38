"""Bots for the OpenSpiel game: briscola's own, OpenSpiel's IS-MCTS, and
the golden playthroughs."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import generate_playthrough, ismcts, mcts

from .._engine import legal_actions
from .._observe import observe
from .._rules import Rules
from .._state import GameState
from ..bots import Bot
from ..encoding import Encoding, encoding_for
from ._game import BriscolaState
from ._parameters import game_string


class BriscolaBot(pyspiel.Bot):
    """One of briscola's bots (:mod:`briscola.bots`) as an OpenSpiel bot.

    At each step it gives the bot the seat's observation and the legal
    actions, and answers with the index of the action it chose.

    Args:
        bot: A :class:`briscola.bots.Bot`.
        player_id: The seat it plays.
        seed: Seeds the bot's random generator.

    >>> import numpy as np
    >>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    >>> from briscola.bots import HeuristicBot, RandomBot
    >>> from briscola.openspiel import load_game
    >>> game = load_game("italian-2p")
    >>> bots = [BriscolaBot(HeuristicBot(), 0, seed=1), BriscolaBot(RandomBot(), 1, seed=2)]
    >>> returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    >>> sorted(returns)
    [-1.0, 1.0]
    """

    def __init__(self, bot: Bot, player_id: int, *, seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.bot: Final = bot
        """The wrapped bot."""
        self._player_id = player_id
        self._rng = random.Random(seed)

    def player_id(self) -> int:
        """The seat it plays."""
        return self._player_id

    def restart_at(self, state: Any) -> None:
        """Nothing to do: the bot keeps no memory between steps."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do: the bot reads the observation at each step."""

    def step(self, state: Any) -> int:
        """The index of the wrapped bot's action for its seat.

        Raises:
            ValueError: If its seat is not to move in ``state``.
        """
        deal = _deal_of(state)
        if deal is None or deal.to_move != self._player_id:
            raise ValueError(f"seat {self._player_id} is not to move in this state")
        legal = legal_actions(deal)
        action = self.bot.choose(observe(deal, self._player_id), legal, self._rng)
        return self._encoding_of(deal).index(action)

    @staticmethod
    def _encoding_of(deal: GameState) -> Encoding:
        return encoding_for(deal.rules)


def _deal_of(state: Any) -> GameState | None:
    """The engine's deal of an OpenSpiel state of this game, replaying its
    history when the state is not a :class:`BriscolaState` object."""
    if isinstance(state, BriscolaState):
        return state.game_state
    replayed: BriscolaState = state.get_game().new_initial_state()
    for action in _ints(state.history()):
        replayed.apply_action(action)
    return replayed.game_state


def _ints(actions: Sequence[int]) -> list[int]:
    return [int(action) for action in actions]


PLAYTHROUGH_SEED: Final = 1
"""The seed of the golden playthroughs (see :func:`playthrough`)."""


def playthrough(rules: Rules | str, *, seed: int = PLAYTHROUGH_SEED) -> str:
    """OpenSpiel's playthrough of one random deal: the game's facts, then
    every few states the strings, tensors, legal actions and returns each
    seat sees, and the action taken.

    This is OpenSpiel's own playthrough generator, with actions chosen at
    random (chance nodes included) from ``seed``: the same seed gives the
    same text as long as the dealing, the legal actions, the observations
    and the scoring stay the same. The test suite keeps one for every
    preset (see the guide "OpenSpiel").

    Args:
        rules: A preset name or rules.
        seed: Seeds the random choices.

    Returns:
        The playthrough, as text.

    >>> lines = playthrough("italian-2p").splitlines()
    >>> lines[0]
    'game: python_briscola(preset=italian-2p)'
    >>> playthrough("italian-2p", seed=5) == playthrough("italian-2p", seed=5)
    True
    """
    text: str = generate_playthrough.playthrough(game_string(rules), None, seed=seed)
    return text


class _RestartableISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python IS-MCTS bot, with the two methods that
    ``evaluate_bots`` calls on every bot."""

    def restart_at(self, state: Any) -> None:
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass


def ismcts_bot(
    game: Any,
    *,
    simulations: int = 100,
    uct_c: float = 2.0,
    rollouts: int = 1,
    seed: int | None = None,
) -> Any:
    """OpenSpiel's information-set Monte Carlo tree search bot for a game
    of briscola.

    It is OpenSpiel's own Python ``ISMCTSBot``, with random rollouts to
    evaluate its leaves, made ready for OpenSpiel's ``evaluate_bots`` loop
    (which restarts and informs every bot). It guesses hidden cards with
    the state's ``resample_from_infostate``.

    Args:
        game: A game of briscola (:func:`load_game`).
        simulations: Simulations per decision.
        uct_c: The exploration constant.
        rollouts: Random rollouts per leaf.
        seed: Seeds the bot's NumPy random state.

    Returns:
        The bot, a ``pyspiel.Bot``.

    >>> import numpy as np
    >>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    >>> from briscola.bots import HeuristicBot
    >>> from briscola.openspiel import load_game
    >>> game = load_game("italian-2p")
    >>> bots = [ismcts_bot(game, simulations=5, seed=1), BriscolaBot(HeuristicBot(), 1)]
    >>> returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(2))
    >>> len(returns)
    2
    """
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(rollouts, random_state)
    return _RestartableISMCTSBot(game, evaluator, uct_c, simulations, random_state=random_state)
