"""A Gymnasium vector environment on :class:`~briscola.vector.BatchGame`
(extras ``vector`` and ``gymnasium``; Gymnasium 1.1 or newer).

:class:`BriscolaVectorEnv` plays ``num_envs`` deals at once, the learner
at one seat of each and a batched policy at the others. It follows
``gymnasium.vector.VectorEnv``. The guide "Reinforcement learning"
describes it, with recipes for Stable-Baselines3, CleanRL and RLlib.

The deals of a batch move together: every deal takes its next action at
the same time, whoever is to move in it. So a step is one action in every
deal, and in a deal where another seat is to move the learner has nothing
to choose: its mask is all zeros and its action is ignored (give ``-1``
or anything). The other seats' actions are taken in the same step, and
steps where the learner is to move in no deal at all are played through
at once. Deals end together unless the rules have a trump exchange,
table talk or an auction (see :class:`~briscola.vector.BatchGame`):
then a deal that ends before the others is reported ended
(``terminated``, with its reward) in the step it ends, and waits, its
mask all zeros, its reward 0 and its observation its last one, until
every deal has ended and all are dealt anew.

- Observations are those of :class:`briscola.gymnasium.BriscolaEnv`,
  batched: a dictionary of ``"observation"`` (float32, ``(num_envs,
  E.observation_size)``, what the learner's seat sees) and
  ``"action_mask"`` (int8, ``(num_envs, E.num_actions)``), with
  ``E = briscola.encoding.encoding_for(rules)``. The mask is also in
  ``info["action_mask"]`` and, as booleans, :meth:`~BriscolaVectorEnv.action_masks`.
- Actions are an int array of ``E`` indices, one per deal.
- One episode is one deal; the reward comes at its end, as
  :class:`~briscola.gymnasium.BriscolaEnv`'s (``reward="outcome"``: +1
  for a win, -1 for a loss, 0 for a tie; ``"points"``: the side's card
  points less the other sides' average, over the pack's points).
- Episodes restart on their own, in Gymnasium's ``next-step`` mode by
  default or ``same-step`` (``autoreset_mode``); the mode is
  ``metadata["autoreset_mode"]``.
- Bad input (a wrong shape or type, an illegal action where the learner
  is to move, a bad option or seed of ``reset``) raises
  :class:`ValueError` naming the deal
  (:class:`~briscola.IllegalActionError` for an illegal action), and
  nothing changes, not even the random generator. An opponents' policy
  that fails leaves its step half-done: the environment then needs
  ``reset()``.

Its class is the vector entry point of :data:`briscola.gymnasium.ENV_ID`,
so that ``gymnasium.make_vec(ENV_ID, num_envs=...)`` makes it
(``vectorization_mode="sync"`` makes a ``gymnasium.vector.SyncVectorEnv``
of :class:`~briscola.gymnasium.BriscolaEnv` instead, for any rules).

>>> envs = BriscolaVectorEnv("italian-2p", num_envs=4)
>>> observations, info = envs.reset(seed=1)
>>> observations["observation"].shape, envs.action_masks().sum(axis=1).tolist()
((4, 344), [3, 3, 3, 3])
>>> actions = envs.action_masks().argmax(axis=1)
>>> observations, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.tolist(), terminated.tolist()
([0.0, 0.0, 0.0, 0.0], [False, False, False, False])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import ArrayLike, NDArray

from .. import gymnasium as _single  # noqa: F401 - registers the entry points
from .._actions import IllegalActionError
from .._rl import check_reward, choose_rules, observation_space
from .._rules import Auction, Rules
from ..encoding import LAYOUT_VERSION, encoding_for
from ._game import BatchGame

__all__ = ["BriscolaVectorEnv", "Policy", "random_policy"]

Policy: TypeAlias = Callable[[NDArray[np.float32], NDArray[np.bool_]], ArrayLike]
"""A batched player: from the encoded observations ``(k,
E.observation_size)`` and the legal masks ``(k, E.num_actions)`` of ``k``
deals, each seen by the seat to move, to an int array ``(k,)`` of legal
action indices."""


def random_policy(rng: np.random.Generator) -> Policy:
    """A :data:`Policy` that plays a legal action uniformly at random,
    drawing from ``rng``.

    Args:
        rng: The NumPy generator to draw from.

    Returns:
        The policy.

    >>> policy = random_policy(np.random.default_rng(1))
    >>> masks = np.array([[True, False, True], [False, True, False]])
    >>> policy(np.zeros((2, 5), dtype=np.float32), masks).tolist()[1]
    1
    """

    def play(observations: NDArray[np.float32], masks: NDArray[np.bool_]) -> NDArray[np.intp]:
        chosen: NDArray[np.intp] = (rng.random(masks.shape) * masks).argmax(axis=1)
        return chosen

    return play


Observations: TypeAlias = dict[str, NDArray[Any]]
"""A batch of observations: ``"observation"`` and ``"action_mask"``."""


class BriscolaVectorEnv(VectorEnv[Observations, NDArray[np.int64], NDArray[Any]]):
    """``num_envs`` deals of briscola at once, the learner at ``seat``, a
    batched policy elsewhere.

    Args:
        preset: The name of a preset (:data:`briscola.PRESETS`) that
            :class:`~briscola.vector.BatchGame` holds.
        num_envs: The number of deals, at least 1.
        rules: Rules to use instead of the preset's.
        seat: The learner's seat.
        opponents: The :data:`Policy` of every other seat (for self-play,
            the learner's own); ``None`` (the default) plays at random
            among the legal actions, drawing from ``np_random``.
        reward: ``"outcome"`` (default) or ``"points"``.
        autoreset_mode: ``"NextStep"`` (default) or ``"SameStep"``, or
            the ``gymnasium.vector.AutoresetMode`` member.
        copy: Whether the observations returned are copies (the default,
            as in Gymnasium's own vector environments), or read-only
            views of the batch's buffer (``False``: faster, but valid only
            until the next ``step`` or ``reset``).

    Raises:
        ValueError: For rules that :class:`~briscola.vector.BatchGame`
            does not hold (its message), an unknown preset, seat, reward
            or autoreset mode, or a bad ``num_envs``.
        TypeError: If ``opponents`` is not callable.

    >>> envs = BriscolaVectorEnv("split-2p", num_envs=2, seat=1, reward="points")
    >>> envs.single_action_space, envs.action_space
    (Discrete(42), MultiDiscrete([42 42]))
    >>> envs.metadata["autoreset_mode"]
    <AutoresetMode.NEXT_STEP: 'NextStep'>
    """

    def __init__(
        self,
        preset: str = "italian-2p",
        *,
        num_envs: int = 1,
        rules: Rules | None = None,
        seat: int = 0,
        opponents: Policy | None = None,
        reward: str = "outcome",
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        copy: bool = True,
    ) -> None:
        self.rules: Rules = choose_rules(preset, rules)
        """The rules of every deal."""
        self.batch = BatchGame(self.rules, num_envs)
        """The deals (:class:`~briscola.vector.BatchGame`; the omniscient
        view: do not show it to the learner)."""
        self.num_envs = self.batch.size
        n = self.rules.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
        self.seat = seat
        """The learner's seat."""
        self.reward_scheme = check_reward(reward)
        """The reward scheme: ``"outcome"`` or ``"points"``."""
        try:
            mode = AutoresetMode(autoreset_mode)
        except ValueError:
            mode = None
        if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise ValueError(
                f"autoreset_mode must be 'NextStep' or 'SameStep', not {autoreset_mode!r}"
            )
        self.autoreset_mode: AutoresetMode = mode
        """How episodes restart (``gymnasium.vector.AutoresetMode``)."""
        if opponents is not None and not callable(opponents):
            raise TypeError(
                f"opponents is a function from (observations, masks) to actions, not {opponents!r}"
            )
        self._opponents = opponents
        self.copy = bool(copy)
        """Whether observations are handed out as copies."""
        self.metadata = {
            "autoreset_mode": mode,
            "layout_version": LAYOUT_VERSION,
            "render_modes": [],
        }
        self.encoding = encoding_for(self.rules)
        """The :class:`~briscola.encoding.Encoding` of the rules."""
        self.single_observation_space = observation_space(self.encoding)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.single_action_space = spaces.Discrete(self.encoding.num_actions)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._learner = np.full(self.num_envs, seat, dtype=np.intp)
        self._reported = np.zeros(self.num_envs, dtype=bool)  # ended deals told so
        self._restart = False  # next-step mode: the next step deals anew
        self._dealt = False
        self._broken: str | None = None  # why a step was left half-done

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Deal every deal anew and play the other seats up to the
        learner's first turn.

        Args:
            seed: Seed ``np_random``, from which the packs (and the
                default opponents) are drawn; ``None`` carries on.
            options: ``{"decks": ..., "dealers": ...}`` (either or both)
                deals as :meth:`BatchGame.reset <briscola.vector.BatchGame.reset>`
                does with them, instead of shuffling.

        Returns:
            The observations and ``{"action_mask": masks}``.

        Raises:
            ValueError: For options other than ``decks`` and ``dealers``,
                a seed that is not a non-negative int, or as
                :meth:`BatchGame.reset <briscola.vector.BatchGame.reset>`;
                nothing changes, ``np_random`` included (nothing is drawn
                from it), so the environment goes on as if the call had
                not been made.

        Whatever the opponents' policy raises while it plays up to the
        learner's turn comes through, and the environment then needs
        ``reset()`` (see :meth:`step`).

        >>> envs = BriscolaVectorEnv(num_envs=2)
        >>> first, _ = envs.reset(seed=7)
        >>> again, _ = envs.reset(seed=7)
        >>> bool((first["observation"] == again["observation"]).all())
        True
        """
        options = dict(options or {})
        decks = options.pop("decks", None)
        dealers = options.pop("dealers", None)
        if options:
            raise ValueError(
                f"reset's options are 'decks' and 'dealers', not {', '.join(map(repr, options))}"
            )
        if seed is not None and (type(seed) is not int or seed < 0):
            raise ValueError(f"seed must be None or a non-negative int, not {seed!r}")
        saved = self._np_random, self._np_random_seed
        super().reset(seed=seed)
        try:
            self._shuffle(decks, dealers)
        except BaseException:
            self._np_random, self._np_random_seed = saved
            raise
        self._start()
        return self._observed()

    def step(
        self, actions: ArrayLike
    ) -> tuple[
        Observations, NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]
    ]:
        """Take the learner's action in every deal where it is to move, and
        the other seats' actions elsewhere; then play on until the learner
        is to move in some deal or every deal is over.

        Args:
            actions: An int array of shape ``(num_envs,)`` of action
                indices; read only where the learner is to move (its mask
                not all zeros).

        Returns:
            The observations, the rewards (0 until a deal ends), whether
            each deal ended in this step, no truncation, and
            ``{"action_mask": masks}``. After the deals end, in
            ``next-step`` mode the next step deals anew (ignoring its
            actions, reward 0); in ``same-step`` mode the step that ends
            them deals anew and returns the new deals' observations, the
            last ones in ``info["final_obs"]`` and ``info["final_info"]``.

        Raises:
            ValueError: If ``actions`` has the wrong shape or type, or is
                not legal where the learner is to move
                (:class:`~briscola.IllegalActionError`; the message names
                the first such deal); nothing changes.

        Before the first ``reset()`` it raises
        ``gymnasium.error.ResetNeeded``. The learner's actions are
        checked before anything moves. The
        opponents act on the deals as the learner's actions leave them,
        so when their policy raises, or gives actions of the wrong shape
        or type or not legal (a :class:`ValueError` naming the deal), the
        step is left half-done: the error comes through, and the
        environment refuses :meth:`step` and :meth:`action_masks` with
        ``gymnasium.error.ResetNeeded``, naming that error, until
        ``reset()`` deals anew.

        >>> envs = BriscolaVectorEnv(num_envs=2)
        >>> _ = envs.reset(seed=3)
        >>> envs.step(np.array([-1, -1]))
        Traceback (most recent call last):
        ...
        briscola.IllegalActionError: deal 0: the learner (seat 0) cannot take action -1: legal are ...
        """
        self._check_dealt("step()")
        given = np.asarray(actions)
        if given.shape != (self.num_envs,) or given.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be an int array of shape ({self.num_envs},), "
                f"not one of shape {given.shape} and type {given.dtype}"
            )
        zeros = np.zeros(self.num_envs, dtype=bool)
        if self._restart:
            self._deal(None, None)
            observations, info = self._observed()
            return observations, np.zeros(self.num_envs), zeros, zeros.copy(), info
        batch = self.batch
        mover = batch.to_move
        learner = mover == self.seat
        mask = batch.legal_mask()
        chosen = np.where(learner, given, 0).astype(np.intp)
        inside = (chosen >= 0) & (chosen < self.encoding.num_actions)
        legal = mask[np.arange(self.num_envs), np.where(inside, chosen, 0)] & inside
        bad = learner & ~legal
        if bad.any():
            i = int(np.argmax(bad))
            raise IllegalActionError(
                f"deal {i}: the learner (seat {self.seat}) cannot take action "
                f"{given[i]}: legal are {np.flatnonzero(mask[i]).tolist()}"
            )
        self._moving(lambda: self._play(np.where(learner, chosen, -1), mover, mask), "step()")
        over = batch.is_over
        ended = over & ~self._reported
        self._reported |= over
        rewards = np.where(ended, self._rewards(), 0.0)
        same_step = self.autoreset_mode is AutoresetMode.SAME_STEP
        if not over.all() or not same_step:
            self._restart = bool(over.all())
            observations, info = self._observed()
            if same_step and ended.any():  # they wait for the others
                self._tell_final(info, observations, dict(info), ended)
            return observations, rewards, ended, zeros, info
        final, final_info = self._observed()
        self._deal(None, None)
        observations, info = self._observed()
        self._tell_final(info, final, final_info, ended)
        return observations, rewards, ended, zeros, info

    def _tell_final(
        self,
        info: dict[str, Any],
        final: Observations,
        final_info: dict[str, Any],
        ended: NDArray[np.bool_],
    ) -> None:
        """Same-step mode: give the last observations of the deals that
        ``ended`` in ``info``, as Gymnasium's vector environments do."""
        rows = np.empty(self.num_envs, dtype=object)
        rows[:] = [
            {key: np.array(value[i]) for key, value in final.items()} for i in range(self.num_envs)
        ]
        info["final_obs"], info["_final_obs"] = rows, ended.copy()
        info["final_info"], info["_final_info"] = final_info, ended.copy()

    def action_masks(self) -> NDArray[np.bool_]:
        """The learner's legal actions now: a bool array of shape
        ``(num_envs, E.num_actions)``, all false in a deal where the
        learner is not to move (the method that maskable learners such as
        sb3-contrib's ``MaskablePPO`` call).

        >>> envs = BriscolaVectorEnv(num_envs=3, seat=1)
        >>> _ = envs.reset(seed=2)
        >>> envs.action_masks().any(axis=1).tolist()
        [True, True, True]
        """
        self._check_dealt("action_masks()")
        if self._restart:
            return np.zeros((self.num_envs, self.encoding.num_actions), dtype=bool)
        mask: NDArray[np.bool_] = (
            self.batch.legal_mask() & (self.batch.to_move == self.seat)[:, None]
        )
        return mask

    # -- inside ------------------------------------------------------------

    def _check_dealt(self, what: str) -> None:
        """Refuse ``what`` before the first reset and after a half-done step."""
        if not self._dealt:
            raise gymnasium.error.ResetNeeded(f"call reset() before {what}")
        if self._broken is not None:
            raise gymnasium.error.ResetNeeded(f"{self._broken}; call reset() before {what}")

    def _moving(self, move: Callable[[], None], what: str) -> None:
        """Make ``move`` and let the other seats act up to the learner's
        turn; if anything raises meanwhile, the environment needs reset."""
        try:
            move()
            self._play_others()
        except BaseException as error:
            self._broken = f"{what} was broken off half-done ({type(error).__name__}: {error})"
            raise

    def _shuffle(self, decks: ArrayLike | None, dealers: ArrayLike | None) -> None:
        """Deal anew, shuffled from ``np_random`` unless ``decks``; refused
        arguments change nothing, not even the generator."""
        generator = self.np_random
        state = generator.bit_generator.state
        try:
            if decks is None:
                self.batch.reset(seed=generator, dealers=dealers)
            else:
                self.batch.reset(decks=decks, dealers=dealers)
        except BaseException:
            generator.bit_generator.state = state
            raise

    def _start(self) -> None:
        """Begin the deals just dealt: play the other seats up to the
        learner's turn."""
        self._reported[:] = False
        self._restart = False
        self._dealt = True
        self._broken = None
        self._moving(lambda: None, "reset()")

    def _deal(self, decks: ArrayLike | None, dealers: ArrayLike | None) -> None:
        """Deal anew (shuffled from ``np_random`` unless ``decks``) and
        play the other seats up to the learner's turn."""
        self._shuffle(decks, dealers)
        self._start()

    def _play_others(self) -> None:
        """Let the other seats act while the learner is to move nowhere."""
        batch = self.batch
        while True:
            mover = batch.to_move
            if (mover == self.seat).any() or (mover < 0).all():
                return
            self._play(np.full(self.num_envs, -1, dtype=np.intp), mover, batch.legal_mask())

    def _play(
        self, actions: NDArray[np.intp], mover: NDArray[np.intp], mask: NDArray[np.bool_]
    ) -> None:
        """Step the batch with ``actions`` where the learner is to move and
        the opponents' choices where another seat is."""
        others = (mover >= 0) & (mover != self.seat)
        if others.any():
            rows = np.flatnonzero(others)
            seen = self.batch.observations(np.where(others, mover, 0))[rows]
            legal = mask[rows]
            policy = self._opponents
            if policy is None:
                policy = random_policy(self.np_random)
            chosen = np.asarray(policy(seen, legal))
            if chosen.shape != rows.shape or chosen.dtype.kind not in "iu":
                raise ValueError(
                    f"the opponents' policy must give an int array of shape {rows.shape}, "
                    f"not one of shape {chosen.shape} and type {chosen.dtype}"
                )
            inside = (chosen >= 0) & (chosen < self.encoding.num_actions)
            fine = legal[np.arange(len(rows)), np.where(inside, chosen, 0)] & inside
            if not fine.all():
                k = int(np.argmin(fine))
                raise ValueError(
                    f"deal {rows[k]}: the opponents' policy chose action {chosen[k]} for seat "
                    f"{mover[rows[k]]}, which is not legal (legal: {np.flatnonzero(legal[k]).tolist()})"
                )
            actions = actions.copy()
            actions[rows] = chosen
        self.batch.step(actions)

    def _observed(self) -> tuple[Observations, dict[str, Any]]:
        """The learner's observations and the info, which share the masks."""
        mask = self.action_masks().astype(np.int8)
        seen = self.batch.observations(self._learner)
        observations: Observations = {
            "observation": seen.copy() if self.copy else seen,
            "action_mask": mask,
        }
        return observations, {
            "action_mask": mask,
            "_action_mask": np.ones(self.num_envs, dtype=bool),
        }

    def _rewards(self) -> NDArray[np.float64]:
        """The learner's reward in each finished deal, as
        :class:`~briscola.gymnasium.BriscolaEnv` gives it."""
        seat = self.seat
        if self.reward_scheme == "outcome":
            scores = self.batch.scores()
            if self.rules.auction is not Auction.NONE:
                return scores[:, seat].astype(np.float64)
            someone = scores.any(axis=1)
            won = scores[:, seat] > 0
            return np.where(someone, np.where(won, 1.0, -1.0), 0.0)
        points = self.batch.points()
        if self.rules.auction is not Auction.NONE:
            total = points.max(axis=1) + points.min(axis=1)  # the contract's two sides
            others = 1
        else:
            sides = self.rules.sides
            total = points[:, [side[0] for side in sides]].sum(axis=1)
            others = len(sides) - 1
        own = points[:, seat]
        value = (own - (total - own) / others) / self.rules.total_points
        return np.where(total > 0, value, 0.0)
