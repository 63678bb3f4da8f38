"""What a bot is: the :class:`Bot` protocol, and the simplest bot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from .._actions import Action
from .._observe import Observation

__all__ = ["Bot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of the legal actions from what its seat sees.

    Any class with this method is a bot; no base class is needed.

    >>> import random
    >>> from briscola import legal_actions, new_game, observe, preset
    >>> class FirstBot:
    ...     def choose(self, observation, legal, rng):
    ...         return legal[0]
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> bot = FirstBot()
    >>> isinstance(bot, Bot)
    True
    >>> str(bot.choose(observe(state, 0), legal_actions(state), random.Random(0)))
    'play the six of coins'
    """

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The action to take.

        Args:
            observation: What the seat to move may see
                (:func:`briscola.observe`).
            legal: The legal actions, in the order of
                :func:`briscola.legal_actions`; never empty.
            rng: The bot's source of randomness: a bot that draws only from
                it plays reproducibly.

        Returns:
            One of ``legal``.
        """
        ...


class RandomBot:
    """Plays any legal action, uniformly at random.

    With table talk (:attr:`Rules.table_talk <briscola.Rules.table_talk>`)
    words and signs are legal actions too, so it talks at random: each
    turn it may say a word and make a sign (any word, any sign, true or
    not) before it plays.

    >>> import random
    >>> from briscola import legal_actions, new_game, observe, preset
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> action = RandomBot().choose(observe(state, 0), legal_actions(state), random.Random(1))
    >>> action in legal_actions(state)
    True
    """

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """A uniformly random element of ``legal``."""
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomBot()"
