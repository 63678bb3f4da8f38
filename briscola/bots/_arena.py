"""Seating bots at a table: :func:`make_bot`, :func:`play_deal` and
:func:`play_match`."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias, TypeVar

from .._actions import Action
from .._deal import SeedLike, new_game
from .._engine import apply, legal_actions
from .._match import MatchState, new_match
from .._observe import Observation, observe
from .._rules import Rules
from .._state import GameState
from ._heuristic import HeuristicBot
from ._learned import LearnedBot
from ._montecarlo import MonteCarloBot
from ._protocol import Bot, RandomBot
from ._strong import StrongBot

__all__ = ["BOT_NAMES", "make_bot", "play_deal", "play_match", "ActionHook", "MatchHook"]


BOT_NAMES: Final[tuple[str, ...]] = (
    "random",
    "heuristic",
    "montecarlo",
    "strong",
    "search",
    "learned",
)
"""The names :func:`make_bot` knows.

>>> [make_bot(name) for name in BOT_NAMES]
[RandomBot(), HeuristicBot(), MonteCarloBot(samples=50, rollout='greedy'), StrongBot(budget=25000, prior=LearnedBot()), StrongBot(budget=25000), LearnedBot()]
"""


def make_bot(spec: str) -> Bot:
    """A bot from its name, as the command line names bots.

    Args:
        spec: ``"random"``, ``"heuristic"``, ``"montecarlo"``,
            ``"montecarlo:SAMPLES"`` (``"mc"`` is short for
            ``"montecarlo"``), ``"strong"`` or ``"strong:BUDGET"`` (the
            :class:`StrongBot`'s search budget, in cards played), guided
            by the shipped networks where there are weights for the rules
            (``StrongBot(prior=LearnedBot())``), ``"search"`` or
            ``"search:BUDGET"`` (the same search alone, ``StrongBot()``),
            or ``"learned"`` (:class:`LearnedBot`, from the shipped
            weights); case and surrounding spaces do not matter.

    Returns:
        A new bot.

    Raises:
        ValueError: If the name is unknown or the samples or the budget are
            not a positive number.

    >>> make_bot("heuristic"), make_bot("mc:50"), make_bot("strong:5000")
    (HeuristicBot(), MonteCarloBot(samples=50, rollout='greedy'), StrongBot(budget=5000, prior=LearnedBot()))
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'genius'; known: random, heuristic, montecarlo, strong, search, learned (or montecarlo:SAMPLES, strong:BUDGET, search:BUDGET)
    >>> make_bot("mc:0")
    Traceback (most recent call last):
    ...
    ValueError: montecarlo:SAMPLES needs a positive number of samples, not '0'
    """
    name, _, option = spec.strip().partition(":")
    name = {"mc": "montecarlo"}.get(name.lower(), name.lower())
    if name == "random" and not option:
        return RandomBot()
    if name == "heuristic" and not option:
        return HeuristicBot()
    if name == "montecarlo":
        if not option:
            return MonteCarloBot()
        return MonteCarloBot(
            samples=_positive(option, "montecarlo:SAMPLES", "a positive number of samples")
        )
    if name == "learned" and not option:
        return LearnedBot()
    if name in ("strong", "search"):
        prior = LearnedBot() if name == "strong" else None
        if not option:
            return StrongBot(prior=prior)
        return StrongBot(_positive(option, f"{name}:BUDGET", "a positive budget"), prior=prior)
    known = ", ".join(BOT_NAMES)
    raise ValueError(
        f"unknown bot {spec!r}; known: {known} (or montecarlo:SAMPLES, strong:BUDGET, search:BUDGET)"
    )


def _positive(option: str, form: str, wanted: str) -> int:
    """The positive number written after the colon of a bot's name."""
    number = 0
    # ASCII digits only: str.isdigit also accepts '²', which int()
    # refuses, as it refuses thousands of digits.
    if option.isascii() and option.isdigit():
        with contextlib.suppress(ValueError):
            number = int(option)
    if number > 0:
        return number
    raise ValueError(f"{form} needs {wanted}, not {option!r}")


def _seat_rngs(seed: SeedLike, players: int) -> list[random.Random]:
    if seed is None:
        return [random.Random() for _ in range(players)]
    return [random.Random(f"{seed!r}:bot:{seat}") for seat in range(players)]


def _checked(
    bot: Bot, observation: Observation, legal: tuple[Action, ...], rng: random.Random
) -> Action:
    action = bot.choose(observation, legal, rng)
    if action not in legal:
        raise ValueError(
            f"the bot at seat {observation.seat} ({bot!r}) chose {action!r}, "
            "which is not a legal action"
        )
    return action


ActionHook: TypeAlias = Callable[[GameState, int, Action, GameState], None]
"""Called after every action with the state before, the seat, the action
and the state after."""


def play_deal(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: SeedLike = None,
    state: GameState | None = None,
    on_action: ActionHook | None = None,
) -> GameState:
    """Play one deal to the end, one bot per seat.

    Args:
        rules: The rules of the deal.
        bots: One bot per seat, seat 0 first.
        seed: Deals ``new_game(rules, seed=seed)`` and seeds each bot's
            random generator, so the same seed and bots play the same
            deal; ``None`` for a random deal.
        state: Play on from this state instead of dealing a new one
            (``seed`` then only seeds the bots).
        on_action: Called after every action (for display or logging).

    Returns:
        The finished deal.

    Raises:
        ValueError: If the number of bots is not the number of seats, or a
            bot returns an action that is not legal.

    >>> from briscola import preset, outcome
    >>> final = play_deal(preset("bastardo"), [HeuristicBot()] * 5, seed=4)
    >>> final.is_over
    True
    """
    if len(bots) != rules.players:
        raise ValueError(f"play_deal needs {rules.players} bots, one per seat, not {len(bots)}")
    if state is None:
        state = new_game(rules, seed=seed)
    return _drive(state, bots, _seat_rngs(seed, rules.players), on_action)


MatchHook: TypeAlias = Callable[[MatchState, int, Action, MatchState], None]
"""Called after every action of a match with the match before, the seat,
the action and the match after."""


def play_match(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: int | str | None = None,
    state: MatchState | None = None,
    on_action: MatchHook | None = None,
) -> MatchState:
    """Play a match in the rules' format to the end, one bot per seat.

    Bots observe the match (:func:`briscola.observe` of the match), so
    they also see the results so far.

    Args:
        rules: The rules, match format included.
        bots: One bot per seat.
        seed: The match seed (:func:`briscola.new_match`), which also seeds
            the bots.
        state: Play on from this match instead of starting a new one
            (a match read back with :func:`briscola.loads`); its own seed
            then seeds the bots, and ``seed`` is not used.
        on_action: Called after every action.

    Returns:
        The finished match.

    Raises:
        ValueError: As :func:`play_deal`.

    >>> from briscola import preset, outcome
    >>> match = play_match(preset("split-2p"), [HeuristicBot(), RandomBot()], seed=3)
    >>> match.is_over, max(match.wins)
    (True, 4)
    >>> from briscola import apply, dumps, legal_actions, loads
    >>> begun = new_match(preset("split-2p"), seed=3)
    >>> begun = apply(begun, legal_actions(begun)[0])
    >>> resumed = play_match(preset("split-2p"), [HeuristicBot(), RandomBot()], state=loads(dumps(begun)))
    >>> resumed.is_over
    True
    """
    if len(bots) != rules.players:
        raise ValueError(f"play_match needs {rules.players} bots, one per seat, not {len(bots)}")
    match = new_match(rules, seed=seed) if state is None else state
    return _drive(match, bots, _seat_rngs(match.seed, rules.players), on_action)


_State = TypeVar("_State", GameState, MatchState)


def _drive(
    state: _State,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    on_action: Callable[[_State, int, Action, _State], None] | None,
) -> _State:
    """Let each seat's bot act on what it sees until the deal or match is
    over."""
    while not state.is_over:
        seat = state.to_move
        assert seat is not None  # the deal or match is not over
        legal = legal_actions(state)
        action = _checked(bots[seat], observe(state, seat), legal, rngs[seat])
        after = apply(state, action)
        if on_action is not None:
            on_action(state, seat, action, after)
        state = after
    return state
