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

import base64
import binascii
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import generate_playthrough, ismcts, mcts

from . import (
    FULL_PACK,
    PRESETS,
    Auction,
    DealStyle,
    Exchange,
    GameState,
    Observation,
    Play,
    Rules,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    observe,
    outcome,
    preset,
    sample_state,
    text,
)
from .bots import Bot
from .encoding import Encoding, encoding_for

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

GAME_NAME: Final = "python_briscola"
"""The short name under which OpenSpiel knows the game."""

_DEFAULT_PARAMETERS: Final = {"preset": "italian-2p", "rules_b64": ""}
_MAX_PLAYERS: Final = 6

_REGISTERED_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Briscola (briscola rules engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=True,
    parameter_specification=_DEFAULT_PARAMETERS,
)


# -- rules and game strings ----------------------------------------------


def _encode_rules(rules: Rules) -> str:
    return base64.urlsafe_b64encode(dumps(rules).encode("utf-8")).decode("ascii").rstrip("=")


def _decode_rules(b64: str) -> Rules:
    padded = b64 + "=" * (-len(b64) % 4)
    try:
        raw = base64.b64decode(padded.encode("ascii"), altchars=b"-_", validate=True)
        rules = loads(raw.decode("utf-8"))
    except (binascii.Error, UnicodeError, ValueError) as error:
        raise ValueError(
            f"rules_b64 does not hold saved rules in URL-safe base64: {error}"
        ) from None
    if not isinstance(rules, Rules):
        raise ValueError(f"rules_b64 must hold saved rules, not a {type(rules).__name__}")
    return rules


def rules_of(parameters: dict[str, Any]) -> Rules:
    """The rules that game parameters name.

    Args:
        parameters: The game's parameters: ``preset`` and ``rules_b64``
            (either may be missing).

    Returns:
        The rules of ``rules_b64`` if it is not empty, else the preset's.

    Raises:
        ValueError: If the preset is unknown or ``rules_b64`` does not hold
            saved rules.

    >>> rules_of({"preset": "bastardo"}).players
    5
    >>> import attrs
    >>> rules = attrs.evolve(preset("italian-2p"), hand_size=4)
    >>> b64 = game_string(rules).split("rules_b64=")[1].rstrip(")")
    >>> rules_of({"preset": "bastardo", "rules_b64": b64}) == rules
    True
    """
    b64 = str(parameters.get("rules_b64", ""))
    if b64:
        return _decode_rules(b64)
    return preset(str(parameters.get("preset", _DEFAULT_PARAMETERS["preset"])))


def game_string(rules: Rules | str) -> str:
    """The OpenSpiel game string of a preset or of any rules.

    Rules equal to a preset are named by the preset; other rules travel as
    ``rules_b64``, URL-safe base64 of :func:`briscola.dumps` without its
    ``=`` padding: OpenSpiel splits game strings at commas and equals
    signs, which JSON and padding contain.

    Args:
        rules: A preset name or rules.

    Returns:
        A string for ``pyspiel.load_game``.

    Raises:
        ValueError: If ``rules`` names no preset.

    >>> game_string("split-2p")
    'python_briscola(preset=split-2p)'
    >>> import attrs
    >>> game_string(attrs.evolve(preset("italian-2p"), hand_size=4))[:29]
    'python_briscola(rules_b64=eyJ'
    """
    if isinstance(rules, str):
        preset(rules)  # raises on an unknown name
        return f"{GAME_NAME}(preset={rules})"
    for name, known in PRESETS.items():
        if known == rules:
            return f"{GAME_NAME}(preset={name})"
    return f"{GAME_NAME}(rules_b64={_encode_rules(rules)})"


def load_game(rules: Rules | str = "italian-2p") -> Any:
    """The OpenSpiel game of a preset or of any rules.

    Args:
        rules: A preset name or rules.

    Returns:
        A :class:`BriscolaGame`, as ``pyspiel.load_game`` gives it.

    >>> load_game("bastardo").num_players()
    5
    """
    return pyspiel.load_game(game_string(rules))


def max_game_length(rules: Rules) -> int:
    """The most player decisions a deal of ``rules`` can take.

    Every card of the pack is played once; before that, a Split cutter
    decides once, an auction takes at most one bid per step of its ladder,
    one pass per seat and a call; and a trump exchange happens at most once
    per turn while the trump card is face up.

    >>> max_game_length(preset("italian-2p")), max_game_length(preset("split-2p"))
    (40, 41)
    >>> max_game_length(preset("spanish-2p")), max_game_length(preset("bastardo"))
    (74, 106)
    """
    size = len(rules.pack)
    length = size
    if rules.deal is DealStyle.CUT_OR_KNOCK:
        length += 1
    if rules.exchange is not Exchange.NONE:
        length += size - rules.players * rules.hand_size
    if rules.auction is not Auction.NONE:
        bids = next(s for s in encoding_for(rules).action_sections if s.name == "bid")
        length += (bids.stop - bids.start) + rules.players + 1
    return length


def _utility_bound(rules: Rules) -> int:
    if rules.auction is Auction.NONE:
        return 1
    # Bastardo: a declarer playing alone wins or loses one unit from each
    # other seat, doubled for a cappotto when the rules say so.
    return (rules.players - 1) * (2 if rules.cappotto_doubles else 1)


def returns_of(state: GameState) -> list[float]:
    """Per seat, the OpenSpiel returns of a deal (0 for all until it ends).

    +1 for each seat of the winning side, -1 for every other seat, 0 for
    everybody on a tie; with an auction, the seats' zero-sum
    :attr:`~briscola.Outcome.scores` (0 for everybody if all passed).

    >>> from briscola import new_game, legal_actions, apply
    >>> state = new_game(preset("italian-2p"), seed=1)
    >>> while not state.is_over:
    ...     state = apply(state, legal_actions(state)[0])
    >>> returns_of(state)
    [1.0, -1.0]
    """
    result = outcome(state)
    n = state.rules.players
    if result is None:
        return [0.0] * n
    if state.rules.auction is not Auction.NONE:
        return [float(score) for score in result.scores]
    if not result.winners:
        return [0.0] * n
    return [1.0 if seat in result.winners else -1.0 for seat in range(n)]


# -- the game --------------------------------------------------------------


class BriscolaGame(pyspiel.Game):  # type: ignore[misc]
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
        parameters = dict(_DEFAULT_PARAMETERS)
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
        bound = _utility_bound(rules)
        game_type = pyspiel.GameType(
            short_name=GAME_NAME,
            long_name=_REGISTERED_TYPE.long_name,
            dynamics=_REGISTERED_TYPE.dynamics,
            chance_mode=_REGISTERED_TYPE.chance_mode,
            information=_REGISTERED_TYPE.information,
            utility=(
                pyspiel.GameType.Utility.ZERO_SUM
                if zero_sum
                else pyspiel.GameType.Utility.GENERAL_SUM
            ),
            reward_model=_REGISTERED_TYPE.reward_model,
            max_num_players=rules.players,
            min_num_players=rules.players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            provides_factored_observation_string=True,
            parameter_specification=_DEFAULT_PARAMETERS,
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


# -- the state ---------------------------------------------------------------


class BriscolaState(pyspiel.State):  # type: ignore[misc]
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
        self._facts = _Facts(game)
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
        left = sorted(index for index in self._facts.pack_indices if index not in placed)
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


class _Facts:
    """What every state of a game shares: the rules and their tables."""

    __slots__ = ("rules", "encoding", "size", "pack_indices", "in_pack")

    def __init__(self, game: BriscolaGame) -> None:
        self.rules: Final = game.rules
        self.encoding: Final = game.encoding
        self.size: Final = len(game.rules.pack)
        self.pack_indices: Final = game.pack_indices
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


# -- observers ---------------------------------------------------------------


class BriscolaObserver:
    """Observations of one kind for any seat, built from
    :func:`briscola.observe`.

    The kinds OpenSpiel asks for:

    - the information state (``perfect_recall=True``): the string is the
      seat's table (:func:`briscola.text` of its observation) followed by
      every public action with its seat; the tensor is the
      observation's :class:`~briscola.encoding.Encoding` followed by the
      section ``play-order`` (for each card of the pack, 0 or its place
      among the cards played, from 1).
    - the observation (``perfect_recall=False``): the seat's table, and
      the encoding alone.
    - the public part (no private information): the public actions, the
      trump card, the stock and the hand sizes; the private part (no
      public information): the seat's hand and any partner hand it sees.
      These two have strings only.

    During the shuffle a seat has seen nothing: the strings say how many
    cards are placed, the tensors are zeros.

    Args:
        game: The game.
        iig_obs_type: A ``pyspiel.IIGObservationType``.
        params: Must be empty.

    Raises:
        ValueError: If ``params`` is not empty.

    >>> game = load_game("italian-2p")
    >>> observer = game.make_py_observer()
    >>> [name for name in observer.dict][:3]
    ['hand', 'known-hands', 'played']
    """

    def __init__(
        self, game: BriscolaGame, iig_obs_type: Any, params: dict[str, Any] | None = None
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

    def set_from(self, state: BriscolaState, player: int) -> None:
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
            k = 0
            for action in seen.history:
                if type(action) is Play:
                    k += 1
                    order[slot[action.card.index]] = k

    def string_from(self, state: BriscolaState, player: int) -> str:
        """What ``player`` sees of ``state``, as text."""
        deal = state.game_state
        if deal is None:
            placed = len(state.pack_so_far)
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


def _history(seen: Observation) -> str:
    return "; ".join(f"{actor}: {action}" for actor, action in zip(seen.actors, seen.history))


def _public_text(seen: Observation) -> str:
    parts = [f"dealer {seen.dealer}", f"phase {seen.phase.name.lower()}"]
    if seen.trump is not None:
        parts.append(f"trump {seen.trump.name.lower()}")
    if seen.trump_card is not None:
        parts.append(f"trump card {seen.trump_card}")
    parts.append(f"stock {seen.stock_size}")
    parts.append("hand sizes " + " ".join(map(str, seen.hand_sizes)))
    parts.append(f"history: {_history(seen)}")
    return "; ".join(parts)


def _private_text(seen: Observation) -> str:
    parts = [f"seat {seen.seat} holds: " + ", ".join(map(str, seen.hand))]
    for seat, cards in enumerate(seen.known_hands):
        if seat != seen.seat and cards:
            parts.append(f"sees seat {seat}: " + ", ".join(map(str, cards)))
    return "; ".join(parts)


# -- bots ----------------------------------------------------------------------


class BriscolaBot(pyspiel.Bot):  # type: ignore[misc]
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


class _RestartableISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
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
    >>> game = load_game("italian-2p")
    >>> bots = [ismcts_bot(game, simulations=5, seed=1), BriscolaBot(HeuristicBot(), 1)]
    >>> returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(2))
    >>> len(returns)
    2
    """
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(rollouts, random_state)
    return _RestartableISMCTSBot(game, evaluator, uct_c, simulations, random_state=random_state)


pyspiel.register_game(_REGISTERED_TYPE, BriscolaGame)
