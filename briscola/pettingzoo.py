"""A PettingZoo environment for every briscola variant (extra ``pettingzoo``).

:func:`env` returns an agent-environment-cycle (AEC) environment in the
style of PettingZoo's classic card games: one agent per seat, named
``player_0`` to ``player_{n-1}``, acting one at a time in the order the
deal gives (the winner of a trick leads the next).

- Each observation is a dictionary: ``"observation"``, the
  :class:`~briscola.encoding.Encoding` of what the seat may see (float32,
  every entry from 0 to 1; the layout's version is
  ``metadata["layout_version"]``), and ``"action_mask"``, the legal
  actions (int8, all zeros for a seat that is not to move). The mask of
  the agent to move is also in ``infos[agent]["action_mask"]``.
- Actions are the encoding's indices.
- One episode is one deal; ``reset(seed=k)`` deals
  ``briscola.new_game(rules, seed=k)``, and resets without a seed carry on
  with deals drawn from that seed.
- Rewards come at the end of the deal (``reward="outcome"``, the default:
  +1 to the winning side, -1 to the others, 0 to all on a tie; bastardo's
  zero-sum scores; or ``reward="points"``: the side's card points minus
  the other sides' average, over the pack's points).
- An illegal action ends the episode, as in PettingZoo's classic
  environments: the offender gets -1, every other seat 0.
- ``render_mode="ansi"`` returns the table as text (every card face up),
  ``"human"`` prints it.

Install it with ``pip install 'briscola[pettingzoo]'``.

>>> from briscola.pettingzoo import env
>>> game = env("italian-2p")
>>> game.reset(seed=1)
>>> game.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((344,), 3)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from ._rl import (
    NO_DEAL,
    Observed,
    SetByReset,
    action_index,
    check_reward,
    choose_rules,
    observation_space,
    render,
    reset_needed,
)
from ._rl_engines import new_deal
from ._rules import Rules
from ._state import GameState
from .encoding import LAYOUT_VERSION

__all__ = ["env", "raw_env", "BriscolaAECEnv"]

ILLEGAL_REWARD: Final = -1.0
"""The reward of a seat that takes an illegal action."""


def env(preset: str = "italian-2p", *, rules: Rules | None = None, **options: Any) -> AECEnv:
    """A briscola AEC environment, as users of PettingZoo's classic
    environments expect it.

    It behaves as those environments do with their wrappers: an illegal
    action ends the episode (the offender gets -1, the others 0, and every
    agent is terminated and truncated, with PettingZoo's warning), an
    action outside the action space is refused (here with
    :class:`ValueError`), and PettingZoo's order-enforcing wrapper, which
    the environment comes in, refuses use before ``reset``. The first two
    are done by the environment itself, which is faster than stacking
    PettingZoo's wrappers.

    Args:
        preset: The name of a preset (:data:`briscola.PRESETS`).
        rules: Rules to use instead of the preset's.
        **options: Passed to :class:`BriscolaAECEnv`: ``reward``,
            ``render_mode`` and ``engine``.

    Returns:
        The wrapped environment; ``.unwrapped`` is the
        :class:`BriscolaAECEnv`.

    Raises:
        ValueError: For an unknown preset or option value.

    >>> game = env("bastardo")
    >>> game.reset(seed=3)
    >>> game.possible_agents
    ['player_0', 'player_1', 'player_2', 'player_3', 'player_4']
    >>> int(game.action_space("player_0").n)
    141
    """
    return _OrderEnforcing(BriscolaAECEnv(preset, rules=rules, **options))


def raw_env(
    preset: str = "italian-2p", *, rules: Rules | None = None, **options: Any
) -> BriscolaAECEnv:
    """The environment without PettingZoo's order-enforcing wrapper
    (:class:`BriscolaAECEnv`).

    It still ends the episode on an illegal action and refuses an action
    outside the action space, as :func:`env` does.

    >>> game = raw_env("split-2p")
    >>> game.reset(seed=2)
    >>> mask = game.infos[game.agent_selection]["action_mask"]
    >>> [game.encoding.action(i) for i in mask.nonzero()[0]]
    [Cut(), Knock()]
    """
    return BriscolaAECEnv(preset, rules=rules, **options)


class _AgentIterable(AECOrderEnforcingIterable):
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):
    """PettingZoo's order-enforcing agent iterator, reading the
    environment's agents directly."""

    def __next__(self) -> str:
        wrapper = self.env
        raw = wrapper.env
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        if not wrapper._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        wrapper._has_updated = False
        return raw.agent_selection


def _before_reset(name: str) -> AttributeError:
    return AttributeError(f"{name} cannot be accessed before reset")


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper, reading the attributes that
    every step reads (the agent to move, the rewards, ...) straight from
    the environment instead of through ``__getattr__``."""

    def __str__(self) -> str:
        return str(self.env)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise _before_reset("agent_selection")
        return self.env.agent_selection

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise _before_reset("agents")
        return self.env.agents

    @property
    def rewards(self) -> dict[str, float]:
        if not self._has_reset:
            raise _before_reset("rewards")
        return self.env.rewards

    @property
    def terminations(self) -> dict[str, bool]:
        if not self._has_reset:
            raise _before_reset("terminations")
        return self.env.terminations

    @property
    def truncations(self) -> dict[str, bool]:
        if not self._has_reset:
            raise _before_reset("truncations")
        return self.env.truncations

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        if not self._has_reset:
            raise _before_reset("infos")
        return self.env.infos

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self.env._cumulative_rewards


class BriscolaAECEnv(AECEnv):
    """One deal of briscola as a PettingZoo AEC environment.

    Args:
        preset: The name of a preset (:data:`briscola.PRESETS`).
        rules: Rules to use instead of the preset's.
        reward: ``"outcome"`` (default) or ``"points"`` (see the module).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        engine: ``"scalar"`` (the default): the deal is stepped by the
            engine; ``"compiled"``: by a one-deal
            :class:`briscola.vector.BatchGame` (extra ``vector``), the
            same game, observations, masks, rewards, infos and pictures,
            faster (:attr:`game` is then rebuilt when read, by replaying
            the deal's actions).

    Raises:
        ValueError: For an unknown preset, reward, render mode or engine,
            or rules the compiled engine does not hold.
        ImportError: For ``engine="compiled"`` without the ``vector``
            extra.

    >>> game = BriscolaAECEnv("italian-4p", reward="points")
    >>> game.reset(seed=5)
    >>> while game.agents:
    ...     observation, reward, terminated, truncated, info = game.last()
    ...     if terminated or truncated:
    ...         game.step(None)
    ...     else:
    ...         game.step(int(observation["action_mask"].nonzero()[0][0]))
    >>> game.game.is_over
    True
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "briscola_v0",
        "is_parallelizable": False,
        "render_fps": 1,
        "layout_version": LAYOUT_VERSION,
    }

    def __init__(
        self,
        preset: str = "italian-2p",
        *,
        rules: Rules | None = None,
        reward: str = "outcome",
        render_mode: str | None = None,
        engine: str = "scalar",
    ) -> None:
        super().__init__()
        self.rules: Rules = choose_rules(preset, rules)
        """The rules of every deal."""
        self.reward: str = check_reward(reward)
        """The reward scheme: ``"outcome"`` or ``"points"``."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.render_mode = render_mode
        self._deal = new_deal(self.rules, engine)
        self.engine: str = engine
        """The engine that steps the deal: ``"scalar"`` or ``"compiled"``."""
        self.encoding = self._deal.encoding
        """The :class:`~briscola.encoding.Encoding` of the rules."""
        n = self.rules.players
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(n)]
        self._names = tuple(self.possible_agents)
        self._seat_of = {name: seat for seat, name in enumerate(self._names)}
        self.action_spaces = {
            name: spaces.Discrete(self.encoding.num_actions) for name in self._names
        }
        self.observation_spaces = {name: observation_space(self.encoding) for name in self._names}
        self.agents: list[str] = []
        # Later deals' seeds: a generator, or the seed of one made when
        # first needed (seeding one costs about as much as a step).
        self._seeds: random.Random | int = random.Random()

    @property
    def game(self) -> GameState:
        """The deal in progress (the omniscient view: do not show it to an
        agent)."""
        state = self._deal.state
        if state is NO_DEAL:
            raise reset_needed()
        return state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every seat)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the encoding's indices."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new deal.

        Args:
            seed: Deal ``new_game(rules, seed=seed)`` and draw the seeds of
                later deals from it; ``None`` draws the next seed.
            options: ``{"state": GameState}`` starts from that deal (of
                these rules) instead; other keys are ignored.
        """
        if seed is not None:
            self._seeds = deal_seed = seed
        else:
            seeds = self._seeds
            if not isinstance(seeds, random.Random):
                seeds = self._seeds = random.Random(seeds)
            deal_seed = seeds.getrandbits(63)
        start = None if options is None else options.get("state")
        deal = self._deal
        if start is None:
            deal.deal(deal_seed)
        elif isinstance(start, GameState) and start.rules == self.rules:
            deal.begin(start)
        else:
            raise ValueError("options['state'] must be a GameState of the environment's rules")
        self.agents = list(self._names)
        self.rewards = dict.fromkeys(self._names, 0.0)
        self._cumulative_rewards = dict.fromkeys(self._names, 0.0)
        over = deal.is_over
        self.terminations = dict.fromkeys(self._names, over)
        self.truncations = dict.fromkeys(self._names, False)
        idle = deal.idle
        self.infos: dict[str, dict[str, Any]] = {
            name: {"action_mask": idle} for name in self._names
        }
        mover = deal.to_move
        self.agent_selection = self._names[0 if mover is None else mover]
        if not over:
            self.infos[self.agent_selection] = {"action_mask": deal.mask}
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observed:
        """What ``agent``'s seat sees, encoded, with its mask."""
        return self._deal.observation(self._seat_of[agent])

    def last(
        self, observe: bool = True
    ) -> tuple[Observed | None, float, bool, bool, dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and
        info of the agent to act."""
        agent = self.agent_selection
        return (
            self._deal.observation(self._seat_of[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        """Take ``action`` (an index) for the agent to move, or ``None``
        for an agent whose episode has ended."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self._deal
        # Rewards come only at the end, so until then every reward is 0
        # and nothing needs clearing or accumulating.
        self._cumulative_rewards[agent] = 0.0
        index = action_index(action, len(deal.legal))
        if not deal.legal[index]:
            self._end(agent, illegal=True)
            return
        deal.act(index)
        seat = deal.to_move
        if seat is None:
            self._end(agent)
            return
        self.infos[agent] = {"action_mask": deal.idle}
        mover = self._names[seat]
        self.infos[mover] = {"action_mask": deal.mask}
        self.agent_selection = mover
        if self.render_mode == "human":
            self.render()

    def _end(self, agent: str, *, illegal: bool = False) -> None:
        """End the episode: at the end of the deal, after ``agent``'s
        action, or because it was ``illegal``."""
        if illegal:
            EnvLogger.warn_on_illegal_move()
            values = [0.0] * len(self._names)
            values[self._seat_of[agent]] = ILLEGAL_REWARD
        else:
            values = self._deal.rewards(self.reward)
        for name, value in zip(self._names, values):
            self.rewards[name] = value
            self.terminations[name] = True
            if illegal:
                self.truncations[name] = True
        idle = self._deal.idle
        for name in self._names:
            self.infos[name] = {"action_mask": idle}
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or printed (``"human"``)."""
        return render(self.render_mode, self._deal)

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


# What reset() sets: read before the first reset, each raises ResetNeeded
# (instance attributes shadow them afterwards, at no cost).
for _name in (
    "agent_selection",
    "rewards",
    "terminations",
    "truncations",
    "infos",
    "_cumulative_rewards",
):
    setattr(BriscolaAECEnv, _name, SetByReset())
del _name
