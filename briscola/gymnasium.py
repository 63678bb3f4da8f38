"""A single-agent Gymnasium environment (extra ``gymnasium``).

:class:`BriscolaEnv` seats the learner at one seat and bots at the
others: a step takes the learner's action, then lets the bots play until
the learner is to move again or the deal is over.

- Observations are dictionaries: ``"observation"``, the
  :class:`~briscola.encoding.Encoding` of what the learner's seat may see
  (float32, every entry from 0 to 1; the layout's version is
  ``metadata["layout_version"]``), and ``"action_mask"``, its legal
  actions (int8); the mask is also in ``info["action_mask"]``.
- Actions are the encoding's indices.
- One episode is one deal. ``reset(seed=k)`` deals
  ``briscola.new_game(rules, seed=k)`` and seeds the bots; resets without
  a seed carry on from that seed.
- The reward comes at the end of the deal, as in
  :mod:`briscola.pettingzoo` (``reward="outcome"`` or ``"points"``), or
  with ``reward="trick-points"`` step by step as the points are taken
  (:data:`REWARDS`).
- An illegal action (Gymnasium's checker steps with unmasked random
  actions) ends the episode at once: terminated, reward -1. The deal
  stops there; the bots get nothing, as they are not learning.

Importing the module registers the environment with Gymnasium as
:data:`ENV_ID`, so that ``gymnasium.make("briscola/Briscola-v0",
preset=...)`` makes it (the keywords are :class:`BriscolaEnv`'s), and
``gymnasium.make_vec(ENV_ID, num_envs=...)`` makes
:class:`briscola.vector.gymnasium.BriscolaVectorEnv` (extra ``vector``).

Install it with ``pip install 'briscola[gymnasium]'``.

>>> from briscola.gymnasium import BriscolaEnv
>>> env = BriscolaEnv("italian-2p")
>>> observation, info = env.reset(seed=1)
>>> observation["observation"].shape, int(info["action_mask"].sum())
((344,), 3)
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> terminated, truncated
(False, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from ._actions import Action
from ._deal import new_game
from ._engine import apply, legal_actions
from ._observe import Observation, observe
from ._rl import (
    NO_DEAL,
    Deal,
    Observed,
    action_index,
    choose_rules,
    observation_space,
    point_margin,
    render,
    reset_needed,
)
from ._rl import REWARDS as SHARED_REWARDS
from ._rl_engines import new_deal
from ._rules import Rules
from ._state import GameState
from .bots import Bot, RandomBot, make_bot
from .encoding import LAYOUT_VERSION

__all__ = ["ENV_ID", "REWARDS", "BriscolaEnv", "Opponent"]

ENV_ID: Final = "briscola/Briscola-v0"
"""The id :class:`BriscolaEnv` is registered under with Gymnasium, on
import of this module.

>>> import gymnasium
>>> from briscola import preset
>>> env = gymnasium.make(ENV_ID, preset="spanish-2p", seat=1)
>>> env.unwrapped.rules == preset("spanish-2p"), env.unwrapped.seat
(True, 1)
"""

Choose: TypeAlias = Callable[[Observation, Sequence[Action], random.Random], Action]
"""A bot's ``choose`` method, or any function of that shape."""

Opponent: TypeAlias = "Bot | Choose | str"
"""A seat's player: a bot of :mod:`briscola.bots`, a name that
:func:`~briscola.bots.make_bot` knows, or a function ``(observation, legal,
rng) -> action``."""

REWARDS: Final = (*SHARED_REWARDS, "trick-points")
"""The reward schemes of :class:`BriscolaEnv`: those of
:mod:`briscola.pettingzoo`, ``"outcome"`` and ``"points"``, which pay
only at the end of the deal, and ``"trick-points"``, the ``"points"``
reward paid as the points are taken: each step gives the change in the
learner's side's point margin (its card points minus the other sides'
average, over the pack's points) since its previous step. A deal's
rewards add up to its ``"points"`` reward; a learner sees at once which
of its cards won or lost points, instead of one number for 20 moves.

>>> env = BriscolaEnv("italian-2p", reward="trick-points")
>>> observation, info = env.reset(seed=2)
>>> total, terminated = 0.0, False
>>> while not terminated:
...     action = int(info["action_mask"].nonzero()[0][0])
...     observation, reward, terminated, truncated, info = env.step(action)
...     total += reward
>>> final = BriscolaEnv("italian-2p", reward="points")
>>> observation, info = final.reset(seed=2)
>>> terminated = False
>>> while not terminated:
...     action = int(info["action_mask"].nonzero()[0][0])
...     observation, reward, terminated, truncated, info = final.step(action)
>>> round(total, 9) == round(reward, 9)
True
"""

ILLEGAL_REWARD = -1.0
"""The learner's reward for an illegal action."""


def _chooser(opponent: Opponent) -> Choose:
    if isinstance(opponent, str):
        return make_bot(opponent).choose
    if isinstance(opponent, Bot):
        return opponent.choose
    if callable(opponent):
        return opponent
    raise TypeError(f"an opponent is a bot, a bot's name or a function, not {opponent!r}")


class BriscolaEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One deal of briscola, the learner at ``seat``, bots elsewhere.

    Args:
        preset: The name of a preset (:data:`briscola.PRESETS`).
        rules: Rules to use instead of the preset's.
        seat: The learner's seat.
        opponents: Who plays the other seats: one opponent for all of them,
            or a sequence of one per other seat in seat order (see
            :data:`Opponent`); ``None`` (the default) seats a
            :class:`~briscola.bots.RandomBot` at each, the fastest and
            easiest opponent.
        reward: ``"outcome"`` (default), ``"points"`` or
            ``"trick-points"`` (:data:`REWARDS`).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        engine: ``"scalar"`` (the default): the deal is stepped by the
            engine; ``"compiled"``: by a one-deal
            :class:`briscola.vector.BatchGame` (extra ``vector``), the
            same game, observations, masks, rewards and pictures (the
            opponents still see the scalar state, replayed from the
            deal's actions as they need it).

    Raises:
        ValueError: For an unknown preset, seat, reward, render mode or
            engine, a wrong number of opponents, or rules the compiled
            engine does not hold.
        ImportError: For ``engine="compiled"`` without the ``vector``
            extra.

    >>> from briscola.bots import HeuristicBot
    >>> env = BriscolaEnv("bastardo", seat=2, opponents=HeuristicBot(), reward="points")
    >>> observation, info = env.reset(seed=4)
    >>> env.game.to_move
    2
    """

    metadata = {
        "render_modes": ["human", "ansi"],
        "render_fps": 1,
        "layout_version": LAYOUT_VERSION,
    }

    def __init__(
        self,
        preset: str = "italian-2p",
        *,
        rules: Rules | None = None,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        reward: str = "outcome",
        render_mode: str | None = None,
        engine: str = "scalar",
    ) -> None:
        self.rules: Rules = choose_rules(preset, rules)
        """The rules of every deal."""
        n = self.rules.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
        self.seat = seat
        """The learner's seat."""
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.reward_scheme: str = reward
        """The reward scheme, one of :data:`REWARDS`."""
        self._per_step = reward == "trick-points"
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.render_mode = render_mode
        if opponents is None:
            opponents = RandomBot()
        if isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) != n - 1:
                raise ValueError(
                    f"give one opponent for all seats or {n - 1}, one per other seat, "
                    f"not {len(opponents)}"
                )
            listed = list(opponents)
        else:
            listed = [opponents] * (n - 1)
        choosers: list[Choose | None] = [_chooser(o) for o in listed]
        choosers.insert(seat, None)
        self._choosers = choosers
        self._deal = new_deal(self.rules, engine, share_masks=False)
        self.engine: str = engine
        """The engine that steps the deal: ``"scalar"`` or ``"compiled"``."""
        self._compiled = engine == "compiled"
        self.encoding = self._deal.encoding
        """The :class:`~briscola.encoding.Encoding` of the rules."""
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.observation_space = observation_space(self.encoding)
        self._bot_rng = random.Random()
        self._seeds = random.Random()
        self._over = True
        self._paid = 0.0

    @property
    def game(self) -> GameState:
        """The deal in progress (the omniscient view: do not show it to the
        learner)."""
        state = self._deal.state
        if state is NO_DEAL:
            raise reset_needed()
        return state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observed, dict[str, Any]]:
        """Deal a new deal and let the bots play up to the learner's turn.

        Args:
            seed: Deal ``new_game(rules, seed=seed)`` and seed the bots;
                ``None`` carries on from the last seed.
            options: Ignored.

        Returns:
            The learner's observation and ``{"action_mask": mask}``.
        """
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
            deal_seed: int = seed
        else:
            deal_seed = self._seeds.getrandbits(63)
        self._bot_rng = random.Random(self._seeds.getrandbits(63))
        if self._compiled:
            self._deal.deal(deal_seed)
            self._bots_act()
            while self._deal.is_over:  # pragma: no cover - as below
                self._deal.deal(self._seeds.getrandbits(63))
                self._bots_act()
        else:
            state = self._bots_play(new_game(self.rules, seed=deal_seed))
            while state.is_over:  # pragma: no cover - no preset ends before every seat acts
                state = self._bots_play(new_game(self.rules, seed=self._seeds.getrandbits(63)))
            self._deal.begin(state)
        self._over = False
        self._paid = 0.0
        if self.render_mode == "human":
            self.render()
        observation = self._deal.observation(self.seat)
        return observation, {"action_mask": observation["action_mask"]}

    def step(self, action: np.int64 | int) -> tuple[Observed, float, bool, bool, dict[str, Any]]:
        """Take the learner's ``action`` (an index), then the bots'.

        Returns:
            The observation, the reward (0 until the end of the deal), whether
            the episode ended (deal over, or an illegal action), ``False``
            (no truncation) and ``{"action_mask": mask}``, with
            ``"illegal_action": True`` after an illegal action.
        """
        deal = self._deal
        index = action_index(action, len(deal.legal))
        if self._over:
            observation = deal.observation(self.seat)
            return observation, 0.0, True, False, {"action_mask": observation["action_mask"]}
        if not deal.legal[index]:
            self._over = True
            mask = deal.idle
            observation = {"observation": deal.vector(self.seat), "action_mask": mask}
            return (
                observation,
                ILLEGAL_REWARD,
                True,
                False,
                {"action_mask": mask, "illegal_action": True},
            )
        if self._compiled:
            deal.act(index)
            self._bots_act()
        else:
            state = self._bots_play(apply(deal.state, self.encoding.actions[index]))
            cast(Deal, deal).start(state)
        reward = 0.0
        if deal.is_over:
            self._over = True
            scheme = "points" if self._per_step else self.reward_scheme
            reward = deal.rewards(scheme)[self.seat] - self._paid
        elif self._per_step:
            margin = point_margin(deal.state, self.seat)
            reward = margin - self._paid
            self._paid = margin
        if self.render_mode == "human":
            self.render()
        observation = deal.observation(self.seat)
        return observation, reward, self._over, False, {"action_mask": observation["action_mask"]}

    def action_masks(self) -> Any:
        """The learner's legal actions now, as a boolean array: the method
        that maskable learners (such as sb3-contrib's ``MaskablePPO``) call.

        >>> env = BriscolaEnv("italian-2p")
        >>> _ = env.reset(seed=1)
        >>> int(env.action_masks().sum())
        3
        """
        if self._deal.state is NO_DEAL:
            raise reset_needed()
        return self._deal.mask.astype(bool) if not self._over else self._deal.idle.astype(bool)

    def _bots_play(self, state: GameState) -> GameState:
        """Let the bots act until the learner is to move or the deal ends."""
        seat = self.seat
        while not state.is_over and state.to_move != seat:
            state = apply(state, self._bot_action(state))
        return state

    def _bots_act(self) -> None:
        """:meth:`_bots_play` on the compiled deal (the bots see the
        scalar state, replayed as they need it)."""
        deal = self._deal
        seat = self.seat
        index = self.encoding.index
        while not deal.is_over and deal.to_move != seat:
            deal.act(index(self._bot_action(deal.state)))

    def _bot_action(self, state: GameState) -> Action:
        """The action of the bot to move in ``state``, checked."""
        mover = state.to_move
        assert mover is not None  # a deal not over has a seat to move
        legal = legal_actions(state)
        choose = self._choosers[mover]
        assert choose is not None
        action = choose(observe(state, mover), legal, self._bot_rng)
        if action not in legal:
            raise ValueError(
                f"the opponent at seat {mover} chose {action!r}, which is not a legal action"
            )
        return action

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or printed (``"human"``)."""
        return render(self.render_mode, self._deal)


if ENV_ID not in gymnasium.registry:  # not again if the module is reloaded
    gymnasium.register(
        id=ENV_ID,
        entry_point="briscola.gymnasium:BriscolaEnv",
        vector_entry_point="briscola.vector.gymnasium:BriscolaVectorEnv",
    )
