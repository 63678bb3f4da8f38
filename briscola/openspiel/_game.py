"""The OpenSpiel game and its states."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

import pyspiel

from .._cards import FULL_PACK
from .._deal import new_game
from .._engine import apply
from .._observe import observe
from .._rules import Auction, Rules
from .._sample import sample_state
from .._serial import dumps, loads
from .._state import GameState
from .._text import text
from ..encoding import Encoding, encoding_for
from ._observer import BriscolaObserver
from ._parameters import (
    DEFAULT_PARAMETERS,
    GAME_NAME,
    MAX_PLAYERS,
    max_game_length,
    returns_of,
    rules_of,
    utility_bound,
)


def _game_type(utility: Any, min_players: int, max_players: int) -> Any:
    """The game's OpenSpiel type: the same for every rules but for the
    utility and the player count."""
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Briscola (briscola rules engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=True,
        parameter_specification=DEFAULT_PARAMETERS,
    )


_REGISTERED_TYPE: Final = _game_type(pyspiel.GameType.Utility.GENERAL_SUM, 2, MAX_PLAYERS)


class BriscolaGame(pyspiel.Game):
    """The OpenSpiel game of one set of rules.

    OpenSpiel builds it from the parameters (``pyspiel.load_game``); build
    it directly with a dictionary of parameters if you prefer.

    Its type is that of the registered game, except for the player count
    (the rules') and the utility: zero-sum with two sides or an auction,
    general-sum with three sides or more (the losing seats outnumber the
    winners).

    Args:
        params: ``preset`` and ``rules_b64`` (see the module).

    Raises:
        ValueError: If the parameters name no rules.

    >>> game = BriscolaGame({"preset": "italian-6p-pairs"})
    >>> game.num_players(), game.get_type().utility
    (6, <Utility.GENERAL_SUM: 2>)
    >>> game.min_utility(), game.max_utility(), game.max_game_length()
    (-1.0, 1.0, 36)
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        parameters = dict(DEFAULT_PARAMETERS)
        parameters.update(params or {})
        rules = rules_of(parameters)
        self.rules: Final[Rules] = rules
        """The rules of the game."""
        self.encoding: Final[Encoding] = encoding_for(rules)
        """The encoding of its actions and observations."""
        self.pack_indices: Final[tuple[int, ...]] = tuple(card.index for card in rules.pack)
        """The chance outcomes: the :attr:`~briscola.Card.index` of each card
        of the rules' pack, in order."""
        self.in_pack: Final[frozenset[int]] = frozenset(self.pack_indices)
        """The same, as a set."""
        zero_sum = len(rules.sides) == 2 or rules.auction is not Auction.NONE
        bound = utility_bound(rules)
        game_type = _game_type(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
            rules.players,
            rules.players,
        )
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=40,
            num_players=rules.players,
            min_utility=float(-bound),
            max_utility=float(bound),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_game_length(rules),
        )
        given = {key: value for key, value in (params or {}).items() if key != "rules_b64" or value}
        self._facts = _Facts(self)
        super().__init__(game_type, game_info, given)

    def new_initial_state(self) -> BriscolaState:
        """A new deal, before the shuffle.

        >>> state = BriscolaGame().new_initial_state()
        >>> state.current_player() == pyspiel.PlayerId.CHANCE
        True
        """
        return BriscolaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BriscolaObserver:
        """An observer of this game for the given kind of observation.

        Args:
            iig_obs_type: A ``pyspiel.IIGObservationType``; by default the
                observation (without perfect recall).
            params: Must be empty: the observer has no parameters.

        Returns:
            The observer.

        >>> game = BriscolaGame()
        >>> observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
        >>> observer.tensor.shape
        (384,)
        """
        return BriscolaObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )

    def deserialize_state(self, text: str) -> BriscolaState:
        """The state that :meth:`BriscolaState.serialize` wrote as ``text``,
        rebuilt by replaying its history on a new state: nothing in the
        text is unpickled or run.

        The ``history=`` line is replayed action by action, each checked as
        :meth:`~pyspiel.State.apply_action` checks it; ``move_number=``, if
        given, must match; ``briscola=``, if given, must be the replayed
        deal as :func:`briscola.dumps` writes it. The ``__dict__=`` line of
        OpenSpiel's own format for Python games (a pickle) is never read,
        so the text of ``pyspiel.serialize_game_and_state`` loads here too.

        Args:
            text: The serialized state.

        Returns:
            A new state with the same history.

        Raises:
            ValueError: If the text is not a state of this game.

        >>> game = BriscolaGame()
        >>> state = game.new_initial_state()
        >>> state.apply_action(7)
        >>> game.deserialize_state(state.serialize()).pack_so_far
        (7,)
        >>> game.deserialize_state("history=-1:7,-1:7")
        Traceback (most recent call last):
        ...
        ValueError: serialized state: action 2 of its history, 7, is not legal now
        """
        if not isinstance(text, str):
            raise ValueError(f"a serialized state is text, not {type(text).__name__}")
        if len(text) > _MAX_SERIALIZED:
            raise ValueError(f"a serialized state has at most {_MAX_SERIALIZED} characters")
        fields: dict[str, str] = {}
        for line in text.splitlines():
            if not line:
                continue
            key, equals, value = line.partition("=")
            if not equals or key not in _SERIAL_KEYS or key in fields:
                raise ValueError(f"serialized state: unexpected line {line[:40]!r}")
            fields[key] = value
        state = self.new_initial_state()
        history = fields.get("history", "")
        for number, item in enumerate(history.split(",") if history else (), 1):
            player, colon, action = item.partition(":")
            try:
                who, index = int(player), int(action)
            except ValueError:
                raise ValueError(
                    f"serialized state: action {number} of its history, {item[:40]!r}, "
                    "is not PLAYER:ACTION"
                ) from None
            if (
                not colon
                or state.is_terminal()
                or who != state.current_player()
                or index not in state.legal_actions()
            ):
                raise ValueError(
                    f"serialized state: action {number} of its history, {index}, is not legal now"
                )
            state.apply_action(index)
        moves = fields.get("move_number")
        if moves is not None and moves != str(state.move_number()):
            raise ValueError(
                f"serialized state: move_number={moves[:40]} but its history has "
                f"{state.move_number()} moves"
            )
        deal = fields.get("briscola")
        if deal is not None and (state.game_state is None or loads(deal) != state.game_state):
            raise ValueError("serialized state: its briscola= deal is not its history's")
        return state

    def __reduce_ex__(self, protocol: Any) -> Any:
        _check_protocol(self, protocol)
        return super().__reduce_ex__(protocol)


class BriscolaState(pyspiel.State):
    """A deal in progress, as OpenSpiel sees it: first the shuffle, then
    the engine's :class:`~briscola.GameState`.

    Build it with :meth:`BriscolaGame.new_initial_state`.

    >>> game = BriscolaGame()
    >>> state = game.new_initial_state()
    >>> for card in game.rules.pack:
    ...     state.apply_action(card.index)
    >>> state.current_player(), state.legal_actions()
    (0, [0, 2, 4])
    >>> state.action_to_string(0, 0)
    'play the ace of coins'
    """

    def __init__(self, game: BriscolaGame) -> None:
        super().__init__(game)
        # OpenSpiel copies a Python state by deep-copying its attributes:
        # what is immutable or shared with the game sits in boxes that deep
        # copies share.
        self._facts = game._facts
        self._pack: list[int] = []
        self._placed: set[int] = set()
        self._held = _Held(None)
        # While a sampled deal is replayed into a fresh state (see
        # resample_from_infostate), the deal to adopt at the end and the
        # number of its actions applied so far.
        self._replay: GameState | None = None
        self._replayed = 0

    @property
    def _deal(self) -> GameState | None:
        return self._held.value

    @_deal.setter
    def _deal(self, deal: GameState | None) -> None:
        self._held = _Held(deal)

    @property
    def game_state(self) -> GameState | None:
        """The engine's deal once the pack is shuffled, else ``None``.

        >>> BriscolaGame().new_initial_state().game_state is None
        True
        """
        return self._deal

    @property
    def pack_so_far(self) -> tuple[int, ...]:
        """The card indices placed by chance so far, top of the pack first.

        >>> state = BriscolaGame().new_initial_state()
        >>> state.apply_action(7)
        >>> state.pack_so_far
        (7,)
        """
        return tuple(self._pack)

    # -- OpenSpiel's state interface --------------------------------------

    def current_player(self) -> int:
        """The seat to move, ``PlayerId.CHANCE`` during the shuffle, or
        ``PlayerId.TERMINAL`` once the deal is over."""
        if len(self._pack) < self._facts.size:
            return _CHANCE
        replay = self._replay
        if replay is not None:
            return replay.actors[self._replayed]
        deal = self._deal
        assert deal is not None
        if deal.to_move is None:
            return _TERMINAL
        return deal.to_move

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        deal = self._deal
        return deal is not None and deal.is_over

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._deal
        if deal is None or player != deal.to_move:
            return []
        return sorted(self._facts.encoding.legal_indices(deal))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet placed in the pack, each with the same
        probability."""
        placed = self._placed
        left = [index for index in self._facts.sorted_indices if index not in placed]
        probability = 1.0 / len(left)
        return [(index, probability) for index in left]

    def _apply_action(self, action: int) -> None:
        if len(self._pack) < self._facts.size:
            index = int(action)
            if index in self._placed or index not in self._facts.in_pack:
                raise ValueError(f"card index {index} cannot be placed in the pack now")
            self._pack.append(index)
            self._placed.add(index)
            if len(self._pack) == self._facts.size and self._replay is None:
                deck = [_CARDS[i] for i in self._pack]
                self._deal = new_game(self._facts.rules, deck=deck)
            return
        if self._replay is not None:
            self._replayed += 1
            return
        deal = self._deal
        assert deal is not None
        self._deal = apply(deal, self._facts.encoding.action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"next in the pack: {_CARDS[int(action)]}"
        return str(self._facts.encoding.action(action))

    def returns(self) -> list[float]:
        """Per seat, the deal's returns (0 for all until it ends); see
        :func:`returns_of`."""
        deal = self._deal
        if deal is None:
            return [0.0] * self._facts.rules.players
        return returns_of(deal)

    def __str__(self) -> str:
        deal = self._deal
        if deal is None:
            placed = ", ".join(str(_CARDS[i]) for i in self._pack)
            return f"shuffling: {len(self._pack)} of {self._facts.size} cards placed: {placed}"
        return text(deal)

    def serialize(self) -> str:
        """The state as text, for :meth:`BriscolaGame.deserialize_state`:
        its history (``history=PLAYER:ACTION,...``), its move number, and
        once the pack is shuffled the deal as :func:`briscola.dumps` writes
        it (``briscola=``). It is data only (no pickle), and it holds every
        hidden card: it is the omniscient view, like the state.

        >>> state = BriscolaGame().new_initial_state()
        >>> state.apply_action(7)
        >>> state.serialize()
        'history=-1:7\\nmove_number=1\\n'
        """
        history = ",".join(f"{step.player}:{step.action}" for step in self.full_history())
        text = f"history={history}\nmove_number={self.move_number()}\n"
        deal = self._deal
        if deal is not None:
            text += f"briscola={dumps(deal)}\n"
        return text

    def __reduce_ex__(self, protocol: Any) -> Any:
        _check_protocol(self, protocol)
        return super().__reduce_ex__(protocol)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> BriscolaState:
        """A state the seat ``player_id`` cannot tell from this one.

        Its pack is a :func:`briscola.sample_state` deal of what the seat
        has seen (during the shuffle, a random pack prefix of the same
        length), and its history replays that pack's chance nodes, then
        this deal's actions.

        Args:
            player_id: The seat whose information is kept.
            probability_sampler: A callable giving a float in [0, 1), such
                as ``pyspiel.UniformProbabilitySampler``; it seeds the
                sample.

        Returns:
            A new state with the same information state for that seat.

        >>> game = BriscolaGame()
        >>> state = game.new_initial_state()
        >>> for card in game.rules.pack:
        ...     state.apply_action(card.index)
        >>> guess = state.resample_from_infostate(0, random.Random(1).random)
        >>> guess.information_state_string(0) == state.information_state_string(0)
        True
        >>> guess.history() == state.history()
        False
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        game = self.get_game()
        fresh: BriscolaState = game.new_initial_state()
        deal = self._deal
        if deal is None:
            pack = list(self._facts.pack_indices)
            rng.shuffle(pack)
            for index in pack[: len(self._pack)]:
                fresh.apply_action(index)
            return fresh
        sample = sample_state(observe(deal, player_id), rng)
        fresh._replay = sample
        for card in sample.pack:
            fresh.apply_action(card.index)
        index_of = self._facts.encoding.index
        for action in sample.history:
            fresh.apply_action(index_of(action))
        fresh._replay = None
        fresh._deal = sample
        return fresh


def _check_protocol(value: object, protocol: Any) -> None:
    """Refuse the pickle protocols 0 and 1, which cannot rebuild OpenSpiel's
    objects (pybind11 aborts the interpreter when they load)."""
    if isinstance(protocol, int) and protocol < 2:
        raise TypeError(
            f"cannot pickle a {type(value).__name__} with protocol {protocol}: "
            "use protocol 2 or higher"
        )


# The keys of a serialized state's lines, and the longest text read: far
# above the longest deal (a finished deal's JSON and history are under
# 64 KiB).
_SERIAL_KEYS: Final = frozenset({"history", "move_number", "briscola", "__dict__"})
_MAX_SERIALIZED: Final = 4 * 1024 * 1024


class _Facts:
    """What every state of a game shares: the rules and their tables."""

    __slots__ = ("rules", "encoding", "size", "pack_indices", "sorted_indices", "in_pack")

    def __init__(self, game: BriscolaGame) -> None:
        self.rules: Final = game.rules
        self.encoding: Final = game.encoding
        self.size: Final = len(game.rules.pack)
        self.pack_indices: Final = game.pack_indices
        self.sorted_indices: Final = tuple(sorted(game.pack_indices))
        self.in_pack: Final = game.in_pack

    def __deepcopy__(self, memo: dict[int, Any]) -> _Facts:
        return self


class _Held:
    """A deal (immutable) that deep copies share."""

    __slots__ = ("value",)

    def __init__(self, value: GameState | None) -> None:
        self.value: Final = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self


_CARDS: Final = {card.index: card for card in FULL_PACK}
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
