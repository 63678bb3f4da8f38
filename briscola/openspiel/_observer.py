"""What a seat observes of an OpenSpiel state: strings and tensors."""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import pyspiel

from .._actions import Play, Sign
from .._observe import Observation, observe
from .._rules import Rules
from .._state import GameState
from .._text import text
from ..encoding import Encoding


class _Game(Protocol):
    """What an observer needs of its game."""

    @property
    def rules(self) -> Rules: ...

    @property
    def encoding(self) -> Encoding: ...


class _State(Protocol):
    """What an observer reads of a state."""

    @property
    def game_state(self) -> GameState | None: ...

    @property
    def pack_so_far(self) -> tuple[int, ...]: ...


class BriscolaObserver:
    """Observations of one kind for any seat, built from
    :func:`briscola.observe`.

    The kinds OpenSpiel asks for:

    - the information state (``perfect_recall=True``): the string is the
      seat's table (:func:`briscola.text` of its observation) followed by
      every public action with its seat; the tensor is the
      observation's :class:`~briscola.encoding.Encoding` followed by the
      section ``play-order``: for each card of the pack, 0, or its place
      among the cards played (from 1) divided by the pack's size, so that
      every entry of either tensor lies in [0, 1] (``k / size`` as a
      Python float, stored as float32, as the encoding scales its counts).
    - the observation (``perfect_recall=False``): the seat's table, and
      the encoding alone.
    - the public part (no private information): the public actions (not
      the signs of table talk, which only a partner sees), the trump card,
      the stock and the hand sizes, the same for every seat; the private part (no
      public information): the seat's hand and any partner hand it sees.
      These two have strings only.

    During the shuffle a seat has seen nothing: the strings say how many
    cards are placed, the tensors are zeros.

    Args:
        game: The game (a :class:`BriscolaGame`).
        iig_obs_type: A ``pyspiel.IIGObservationType``.
        params: Must be empty.

    Raises:
        ValueError: If ``params`` is not empty.

    >>> from briscola.openspiel import load_game
    >>> game = load_game("italian-2p")
    >>> observer = game.make_py_observer()
    >>> [name for name in observer.dict][:3]
    ['hand', 'known-hands', 'played']
    """

    def __init__(
        self, game: _Game, iig_obs_type: Any, params: dict[str, Any] | None = None
    ) -> None:
        if params:
            raise ValueError(f"the briscola observer takes no parameters, not {params!r}")
        self._encoding = game.encoding
        self._size = len(game.rules.pack)
        self._slot = {card.index: i for i, card in enumerate(game.rules.pack)}
        self._recall = bool(iig_obs_type.perfect_recall)
        self._public = bool(iig_obs_type.public_info)
        self._private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._full = self._public and self._private
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        """Named views of :attr:`tensor`, one per section of the encoding
        (and ``play-order``)."""
        if self._full:
            size = self._encoding.observation_size + (self._size if self._recall else 0)
            self.tensor: np.ndarray[Any, np.dtype[np.float32]] = np.zeros(size, np.float32)
            """The tensor that :meth:`set_from` fills (empty for the
            public and private parts)."""
            for section in self._encoding.observation_sections:
                self.dict[section.name] = self.tensor[section.start : section.stop]
            if self._recall:
                start = self._encoding.observation_size
                self.dict["play-order"] = self.tensor[start:]
        else:
            self.tensor = np.zeros(0, np.float32)

    def set_from(self, state: _State, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees of ``state``."""
        tensor = self.tensor
        tensor.fill(0)
        deal = state.game_state
        if deal is None or not self._full:
            return
        seen = observe(deal, player)
        self._encoding.encode_into(seen, tensor)
        if self._recall:
            order = self.dict["play-order"]
            slot = self._slot
            size = self._size
            k = 0
            for action in seen.history:
                if type(action) is Play:
                    k += 1
                    order[slot[action.card.index]] = k / size

    def string_from(self, state: _State, player: int) -> str:
        """What ``player`` sees of ``state``, as text."""
        deal = state.game_state
        if deal is None:
            placed = len(state.pack_so_far)
            if self._public and not self._private:
                return f"shuffling, {placed} of {self._size} cards placed"
            return f"seat {player}: shuffling, {placed} of {self._size} cards placed"
        seen = observe(deal, player)
        if self._full:
            table = text(seen)
            if not self._recall:
                return table
            return f"{table}\nhistory: {_history(seen)}"
        if self._public:
            return _public_text(seen)
        if self._private:
            return _private_text(seen)
        return ""


def _history(seen: Observation, *, public: bool = False) -> str:
    """The actions the seat saw, each with its seat; ``public``: only those
    every seat sees (a sign is seen by the partner alone)."""
    return "; ".join(
        f"{actor}: {action}"
        for actor, action in zip(seen.actors, seen.history)
        if not (public and type(action) is Sign)
    )


def _public_text(seen: Observation) -> str:
    parts = [f"dealer {seen.dealer}", f"phase {seen.phase.name.lower()}"]
    if seen.trump is not None:
        parts.append(f"trump {seen.trump.name.lower()}")
    if seen.trump_card is not None:
        parts.append(f"trump card {seen.trump_card}")
    parts.append(f"stock {seen.stock_size}")
    parts.append("hand sizes " + " ".join(map(str, seen.hand_sizes)))
    parts.append(f"history: {_history(seen, public=True)}")
    return "; ".join(parts)


def _private_text(seen: Observation) -> str:
    parts = [f"seat {seen.seat} holds: " + ", ".join(map(str, seen.hand))]
    for seat, cards in enumerate(seen.known_hands):
        if seat != seen.seat and cards:
            parts.append(f"sees seat {seat}: " + ", ".join(map(str, cards)))
    return "; ".join(parts)
