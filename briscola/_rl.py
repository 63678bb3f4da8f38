"""What the PettingZoo and Gymnasium environments share: the rules
option, rewards, NumPy observations and masks, and the text picture.

Imported only by :mod:`briscola.pettingzoo` and :mod:`briscola.gymnasium`
(it needs NumPy and Gymnasium, which the core never imports).
"""

from __future__ import annotations

import array
import operator
from collections.abc import Callable
from typing import Any, Final, Protocol, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from ._actions import CALLS, CUT, KNOCK, PASS, PLAYS, SAYS, SIGNS, SWAPS, Action, Play
from ._deal import new_game
from ._engine import apply, hand_to_play, legal_actions
from ._observe import Observation, observe
from ._presets import preset as _preset
from ._rewards import point_margin, rewards
from ._rules import Rules
from ._state import GameState
from ._text import text
from .encoding import Encoding, encoding_for

__all__ = [
    "ENGINES",
    "REWARDS",
    "Deal",
    "Dealing",
    "action_index",
    "choose_rules",
    "point_margin",
    "rewards",
    "render",
]

REWARDS: Final = ("outcome", "points")
"""The reward schemes the environments know."""

ENGINES: Final = ("scalar", "compiled")
"""The engines an environment can step its deal with: the scalar engine
(:class:`Deal`), or a one-deal :class:`briscola.vector.BatchGame`
(``briscola._rl_compiled.CompiledDeal``, with the ``vector`` extra)."""

Mask = np.ndarray[Any, np.dtype[np.int8]]
"""A legal-action mask."""

Observed = dict[str, Any]
"""An observation as the environments give it."""

Vector = np.ndarray[Any, np.dtype[np.float32]]
"""An encoded observation."""

_INT8: Final = np.dtype(np.int8)
"""The masks' dtype, made once (``np.frombuffer`` takes half the time
with a dtype than with a type)."""

_INT64: Final = np.int64
"""The type of an index picked from a mask by NumPy, taken as quickly as
an int by :func:`action_index`."""

MASKS_KEPT: Final = 16384
"""How many masks a :class:`Deal` keeps to hand out again before it
forgets them all (a few megabytes at most)."""


def choose_rules(preset: str, rules: Rules | None) -> Rules:
    """``rules`` if given, else the preset's."""
    if rules is None:
        return _preset(preset)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {rules!r}")
    return rules


def check_reward(reward: str) -> str:
    """``reward`` if it names a known scheme."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


_as_index: Final = cast(Callable[[object], int], operator.index)
"""``operator.index``, typed to take anything (it raises ``TypeError``
for what has no ``__index__``)."""


def action_index(action: object, size: int) -> int:
    """``action`` as an action index below ``size``."""
    kind = type(action)
    if kind is int or kind is _INT64:  # the common cases, at once
        index = _as_index(action)
        if 0 <= index < size:
            return index
    try:
        # Anything with __index__ will do (a NumPy integer too); the rest
        # raises TypeError here, and is refused below.
        index = _as_index(action)
    except (AttributeError, TypeError):
        index = -1
    if isinstance(action, bool) or not 0 <= index < size:
        raise ValueError(
            f"an action is an index from 0 to {size - 1} (an int), not {action!r}; "
            "None only for an agent whose episode has ended"
        )
    return index


def observation_space(encoding: Encoding) -> spaces.Dict:
    """The space of the observations: the encoded vector (float32, every
    entry from 0 to 1, :meth:`Encoding.encode`) and the mask (int8, 0 or
    1)."""
    size = encoding.observation_size
    return spaces.Dict(
        {
            "observation": spaces.Box(low=0.0, high=1.0, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(encoding.num_actions,), dtype=np.int8),
        }
    )


class ResetNeeded(AttributeError, gymnasium.error.ResetNeeded):
    """An environment was used before its first ``reset()``."""


def reset_needed() -> ResetNeeded:
    """The error of an environment used before its first ``reset()``."""
    return ResetNeeded(
        "call reset() first: the environment has no deal before it "
        "(step, observe, last, render, action_masks and game need one)"
    )


class _NoDeal:
    """The deal of an environment before its first ``reset()``: reading
    anything of it raises :class:`ResetNeeded`. (A stand-in, not a
    ``__getattr__`` on the environment, which would slow every step.)"""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        raise reset_needed()


NO_DEAL: Final = cast(GameState, _NoDeal())
"""What :attr:`Deal.state` holds before the first ``reset()``."""


class SetByReset:
    """A class attribute that an environment's ``reset()`` shadows with
    an instance attribute; read before, it raises :class:`ResetNeeded`.
    Being a non-data descriptor, it costs nothing once shadowed."""

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        raise reset_needed()


class Deal:
    """A deal in progress with its encoding: the state, the mask of the
    seat to move (computed once per state) and the observations.

    With ``share_masks``, a mask is handed out again whenever the same
    actions are legal (it is read-only, so nobody can change it under
    another holder); without, every state gets a mask of its own, as
    Gymnasium's checker asks of the arrays an environment returns.
    """

    __slots__ = (
        "encoding",
        "state",
        "mask",
        "legal",
        "idle",
        "idle_info",
        "_zeros",
        "_blank",
        "_by_id",
        "_last",
        "_vectors",
        "_views",
        "_play_at",
        "_masks",
    )

    def __init__(self, rules: Rules, *, share_masks: bool = True) -> None:
        self.encoding = encoding_for(rules)
        size = self.encoding.num_actions
        self._zeros = bytes(4 * self.encoding.observation_size)
        self._blank = bytes(size)
        # The index of each action by identity: legal_actions hands out
        # interned actions, and the encoding's table holds the others
        # (every object keyed here lives as long as the tables holding it).
        by_id = {id(action): i for i, action in enumerate(self.encoding.actions)}
        interned: tuple[Action, ...] = (*PLAYS, *SWAPS, *CALLS, CUT, KNOCK, PASS, *SAYS, *SIGNS)
        for action in interned:
            i = self.encoding._index.get(action, -1)
            if i >= 0:
                by_id[id(action)] = i
        self._by_id = by_id
        self.legal = self._blank
        """Per action index, 1 if legal now (the environment's own copy,
        which no agent can change)."""
        idle = np.zeros(size, dtype=np.int8)
        idle.setflags(write=False)
        self.idle: Mask = idle
        """The mask of a seat that is not to move: all zeros, read-only
        (one array shared by every such observation)."""
        self.idle_info: dict[str, Any] = {"action_mask": idle}
        """The info of a seat that is not to move."""
        self.mask: Mask = idle
        """The mask handed out for the seat to move (read-only)."""
        self.state: GameState = NO_DEAL
        """The deal in progress (:data:`NO_DEAL` before :meth:`start`)."""
        n = rules.players
        self._last: list[Observation | None] = [None] * n
        self._vectors = [array.array("f", self._zeros) for _ in range(n)]
        self._views: list[Vector] = self._views_of(self._vectors)
        # The index of each card's play, and the masks made so far by the
        # legal actions they show (a NumPy array costs more to make than
        # to find again), if they are shared.
        self._play_at = {
            action.card: i for i, action in enumerate(self.encoding.actions) if type(action) is Play
        }
        self._masks: dict[bytes, Mask] | None = {} if share_masks else None

    @staticmethod
    def _views_of(
        vectors: list[array.array[float]],
    ) -> list[Vector]:
        """NumPy arrays sharing the seats' vectors' memory, to copy them
        from."""
        return [np.frombuffer(vector, dtype=np.float32) for vector in vectors]

    def __getstate__(self) -> dict[str, Any]:
        # The views are rebuilt on the vectors: pickled, they would be
        # copies, left behind when the vectors change.
        return {name: getattr(self, name) for name in self.__slots__ if name != "_views"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._views = self._views_of(self._vectors)

    def begin(self, state: GameState) -> None:
        """Make ``state``, a new deal, the deal in progress."""
        self._last = [None] * len(self._last)
        self.start(state)

    def start(self, state: GameState) -> None:
        """Make ``state``, the deal in progress after an action, the deal
        in progress."""
        self.state = state
        self.update()

    def update(self) -> None:
        """Recompute the mask after the state changed."""
        state = self.state
        if state.is_over:
            self.legal, self.mask = self._blank, self.idle
            return
        legal = bytearray(self._blank)
        hand = hand_to_play(state)
        if hand is not None:
            # The legal actions are the hand's plays: no need to list them.
            for i in map(self._play_at.__getitem__, hand):
                legal[i] = 1
        else:
            actions = legal_actions(state)
            try:
                for i in map(self._by_id.__getitem__, map(id, actions)):
                    legal[i] = 1
            except KeyError:  # an action that is not interned (a bid)
                for action in actions:
                    legal[self.encoding.index(action)] = 1
        self.legal = frozen = bytes(legal)
        self.mask = mask_for(frozen, self._masks)

    def deal(self, seed: int) -> None:
        """Make ``new_game(rules, seed=seed)`` the deal in progress."""
        self.begin(new_game(self.encoding.rules, seed=seed))

    def act(self, index: int) -> None:
        """Take the legal action ``index`` for the seat to move."""
        self.start(apply(self.state, self.encoding.actions[index]))

    @property
    def is_over(self) -> bool:
        """Whether the deal is over."""
        return self.state.is_over

    @property
    def to_move(self) -> int | None:
        """The seat to move, ``None`` once the deal is over."""
        return self.state.to_move

    def rewards(self, scheme: str) -> list[float]:
        """Per seat, the reward of the finished deal (:func:`rewards`)."""
        return rewards(self.state, scheme)

    def vector(self, seat: int) -> Vector:
        """The encoded observation of ``seat``, as a new float32 array.

        Each seat keeps the vector of its last observation of the deal and
        rewrites only what changed since (:meth:`Encoding._encode_change`).
        """
        seen = observe(self.state, seat)
        last = self._last[seat]
        out = self._vectors[seat]
        if last is None:
            out[:] = self.encoding._zero
            self.encoding.encode_into(seen, out)
        else:
            self.encoding._encode_change(last, seen, out)
        self._last[seat] = seen
        copy: Vector = self._views[seat].copy()
        return copy

    def observation(self, seat: int) -> Observed:
        """The observation dictionary of ``seat``: its mask is the legal
        actions' when it is to move, all zeros otherwise."""
        mask = self.mask if seat == self.state.to_move else self.idle
        return {"observation": self.vector(seat), "action_mask": mask}


def mask_for(legal: bytes, masks: dict[bytes, Mask] | None) -> Mask:
    """The mask of the legal actions ``legal`` (a byte per action, 1 if
    legal): read-only, over the bytes themselves, and kept in ``masks``
    (when given) to hand out again for the same legal actions."""
    mask = None if masks is None else masks.get(legal)
    if mask is None:
        # Over immutable bytes, so read-only: an agent cannot write to it.
        mask = np.frombuffer(legal, _INT8)
        if masks is not None:
            if len(masks) >= MASKS_KEPT:
                masks.clear()
            masks[legal] = mask
    return mask


class Dealing(Protocol):
    """What the environments use of a deal in progress: :class:`Deal`
    or ``briscola._rl_compiled.CompiledDeal``."""

    encoding: Encoding
    idle: Mask
    legal: bytes
    mask: Mask

    @property
    def state(self) -> GameState:
        """The deal in progress as a scalar state."""

    @property
    def is_over(self) -> bool:
        """Whether the deal is over."""

    @property
    def to_move(self) -> int | None:
        """The seat to move, ``None`` once over."""

    def deal(self, seed: int) -> None:
        """Deal ``new_game(rules, seed=seed)``'s deal."""

    def begin(self, state: GameState) -> None:
        """Make ``state`` the deal in progress."""

    def act(self, index: int) -> None:
        """Take the legal action ``index``."""

    def vector(self, seat: int) -> Vector:
        """The encoded observation of ``seat``, a new array."""

    def observation(self, seat: int) -> Observed:
        """The observation dictionary of ``seat``."""

    def rewards(self, scheme: str) -> list[float]:
        """Per seat, the reward of the finished deal."""


def render(mode: str | None, deal: Dealing) -> str | None:
    """An environment's ``render()``: the table as text, every card face
    up (for watching a game, not for an agent: it shows the hidden cards),
    returned for ``"ansi"`` and printed for ``"human"``."""
    if mode is None:
        gymnasium.logger.warn("render() was called without a render_mode (try 'ansi')")
        return None
    if deal.state is NO_DEAL:
        raise reset_needed()
    table = text(deal.state)
    if mode == "ansi":
        return table
    print(table)
    return None
