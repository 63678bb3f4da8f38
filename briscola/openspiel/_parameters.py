"""The game's parameters: rules in game strings, game length, returns."""

from __future__ import annotations

import base64
import binascii
from typing import Any, Final

import pyspiel

from .._engine import outcome
from .._presets import PRESETS, preset
from .._rules import Auction, DealStyle, Exchange, Rules
from .._serial import dumps, loads
from .._state import GameState
from ..encoding import encoding_for

GAME_NAME: Final = "python_briscola"
"""The short name under which OpenSpiel knows the game."""

DEFAULT_PARAMETERS: Final = {"preset": "italian-2p", "rules_b64": ""}
MAX_PLAYERS: Final = 6


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
    return preset(str(parameters.get("preset", DEFAULT_PARAMETERS["preset"])))


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
    one pass per seat and a call; a trump exchange happens at most once
    per turn while the trump card is face up; and with table talk the seat
    to move may say a word and make a sign before each card it plays while
    cards are left to draw.

    >>> max_game_length(preset("italian-2p")), max_game_length(preset("split-2p"))
    (40, 41)
    >>> max_game_length(preset("spanish-2p")), max_game_length(preset("bastardo"))
    (74, 106)
    >>> max_game_length(preset("split-4p"))
    97
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
    if rules.table_talk:
        length += 2 * (size - rules.players * rules.hand_size)
    return length


def utility_bound(rules: Rules) -> int:
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
