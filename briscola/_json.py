"""The values inside saved documents: cards, ranks, enums, actions, rules,
outcomes and contracts, to JSON and back (internal).

:mod:`briscola._serial` builds and reads the documents from these parts;
this module is its internal API. Each ``read_*`` function takes a parsed
JSON value and ``where`` (the path to it, for the message), checks its
JSON type and range, and returns the value or raises :class:`ValueError`
saying where and what was found; each ``*_json`` function writes a value
as the JSON that the matching reader takes back. :func:`fail` and
:func:`kind_of` are the errors' wording, shared with the documents'
reader."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

import attrs

from ._actions import (
    CALLS,
    CUT,
    KNOCK,
    PASS,
    PLAYS,
    SAYS,
    SIGNS,
    SWAPS,
    Action,
    Bid,
    Call,
    Cut,
    Knock,
    Pass,
    Play,
    Say,
    Sign,
    Signal,
    SwapTrump,
    Word,
)
from ._cards import FULL_PACK, Card, Rank, Suit
from ._outcome import contract_outcome, sides_outcome, void_outcome
from ._rules import MAX_BID, Auction, DealStyle, Exchange, MatchFormat, PartnerHands, Rules
from ._state import Contract, Outcome, Phase

_T = TypeVar("_T")
_E = TypeVar("_E", bound=enum.Enum)
Json = Any


def object_without_repeats(pairs: list[tuple[str, Json]]) -> dict[str, Json]:
    document: dict[str, Json] = {}
    for key, value in pairs:
        if key in document:
            raise ValueError(f"key {key!r} appears twice in one object")
        document[key] = value
    return document


def no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a saved document may hold")


def kind_of(value: Json) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def fail(where: str, message: str) -> ValueError:
    return ValueError(f"{where}: {message}")


def read_object(
    value: Json, where: str, required: tuple[str, ...], *, top: bool = False
) -> dict[str, Json]:
    """``value`` as an object with exactly the ``required`` keys (plus
    ``format`` and ``type`` in a document's top object)."""
    if not isinstance(value, dict):
        raise fail(where, f"expected an object, found {kind_of(value)}")
    extra = sorted(set(value) - set(required) - ({"format", "type"} if top else set()))
    if extra:
        raise fail(where, "unknown key " + ", ".join(map(repr, extra)))
    missing = [key for key in required if key not in value]
    if missing:
        raise fail(where, "missing key " + ", ".join(map(repr, missing)))
    return value


def read_int(value: Json, where: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:
        raise fail(where, f"expected an int, found {kind_of(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise fail(where, f"expected an int {bounds}, found {value}")
    return value


def read_count(value: Json, where: str) -> int:
    return read_int(value, where, 0)


def read_bool(value: Json, where: str) -> bool:
    if type(value) is not bool:
        raise fail(where, f"expected true or false, found {kind_of(value)}")
    return value


def read_list(value: Json, where: str, length: int | None = None) -> list[Json]:
    if not isinstance(value, list):
        raise fail(where, f"expected an array, found {kind_of(value)}")
    if length is not None and len(value) != length:
        raise fail(where, f"expected {length} item{'s' * (length != 1)}, found {len(value)}")
    return value


def read_tuple(
    value: Json, where: str, item: Callable[[Json, str], _T], length: int | None = None
) -> tuple[_T, ...]:
    return tuple(item(x, f"{where}[{i}]") for i, x in enumerate(read_list(value, where, length)))


def read_optional(value: Json, where: str, item: Callable[[Json, str], _T]) -> _T | None:
    return None if value is None else item(value, where)


# -- cards, ranks, suits, enums, actions ----------------------------------------


def read_card(value: Json, where: str) -> Card:
    if type(value) is not int or not 0 <= value < 40:
        raise fail(where, f"a card is an int from 0 to 39, found {kind_of(value)}")
    return FULL_PACK[value]


def card_json(card: Card | None) -> int | None:
    return None if card is None else card.index


_RANKS: Final = {str(rank): rank for rank in Rank}
_SUITS: Final = {str(suit): suit for suit in Suit}


def _named(table: Mapping[str, _T], what: str) -> Callable[[Json, str], _T]:
    def read(value: Json, where: str) -> _T:
        found = table.get(value) if isinstance(value, str) else None
        if found is None:
            known = ", ".join(repr(name) for name in table)
            raise fail(where, f"unknown {what} {value!r}; expected one of {known}")
        return found

    return read


read_rank = _named(_RANKS, "rank")
read_suit = _named(_SUITS, "suit")


def _enum(kind: type[_E]) -> Callable[[Json, str], _E]:
    return _named({member.value: member for member in kind}, kind.__name__)


read_phase = _enum(Phase)


def action_json(action: Action) -> list[Json]:
    if type(action) is Play:
        return ["play", action.card.index]
    if type(action) is SwapTrump:
        return ["swap", action.card.index]
    if type(action) is Call:
        return ["call", action.card.index]
    if type(action) is Bid:
        points = action.points
        return ["bid", points] if action.rank is None else ["bid", points, str(action.rank)]
    if type(action) is Say:
        return ["say", action.word.value]
    if type(action) is Sign:
        return ["sign", action.signal.value]
    return [{Cut: "cut", Knock: "knock", Pass: "pass"}[type(action)]]


_BARE_ACTIONS: Final[dict[str, Action]] = {"cut": CUT, "knock": KNOCK, "pass": PASS}
_CARD_ACTIONS: Final[dict[str, tuple[Action, ...]]] = {
    "play": PLAYS,
    "swap": SWAPS,
    "call": CALLS,
}


_word = _enum(Word)
_signal = _enum(Signal)
_SAY_OF: Final = {say.word: say for say in SAYS}
_SIGN_OF: Final = {sign.signal: sign for sign in SIGNS}
_TALK_ACTIONS: Final[dict[str, Callable[[Json, str], Action]]] = {
    "say": lambda value, where: _SAY_OF[_word(value, where)],
    "sign": lambda value, where: _SIGN_OF[_signal(value, where)],
}


def read_action(value: Json, where: str) -> Action:
    """One action in the form of :func:`action_json`: the form of saved
    deals' histories and of action documents alike."""
    items = read_list(value, where)
    name = items[0] if items and isinstance(items[0], str) else None
    if name in _BARE_ACTIONS:
        read_list(items, where, 1)
        return _BARE_ACTIONS[name]
    if name in _CARD_ACTIONS:
        read_list(items, where, 2)
        return _CARD_ACTIONS[name][read_card(items[1], f"{where}[1]").index]
    if name == "bid":
        if len(items) not in (2, 3):
            raise fail(
                where,
                f'a bid is ["bid", points] or ["bid", points, rank], found {len(items)} items',
            )
        points = read_int(items[1], f"{where}[1]", 0, MAX_BID)
        rank = read_rank(items[2], f"{where}[2]") if len(items) == 3 else None
        return Bid(points, rank)
    if name in _TALK_ACTIONS:
        read_list(items, where, 2)
        return _TALK_ACTIONS[name](items[1], f"{where}[1]")
    known = ", ".join(repr(k) for k in (*_CARD_ACTIONS, "bid", *_BARE_ACTIONS, *_TALK_ACTIONS))
    if not items:
        found = "an empty array"
    elif name is None:
        found = f"an array starting with {kind_of(items[0])}"
    else:
        found = f"unknown action {name[:40]!r}"
    raise fail(where, f"{found}; an action is an array starting with one of {known}")


# -- rules --------------------------------------------------------------------


def _seat_groups(value: Json, where: str) -> tuple[tuple[int, ...], ...] | None:
    if value is None:
        return None
    return read_tuple(value, where, lambda v, w: read_tuple(v, w, read_int))


def _points_table(value: Json, where: str) -> tuple[tuple[Rank, int], ...]:
    if not isinstance(value, dict):
        raise fail(where, f"expected an object of rank to points, found {kind_of(value)}")
    return tuple(
        (read_rank(name, f"{where} key"), read_int(points, f"{where}[{name!r}]", 0))
        for name, points in value.items()
    )


# Every Rules field: how it is written and read. A test checks that this
# covers the fields of Rules.
RULES_FIELDS: Final[dict[str, tuple[Callable[[Any], Json], Callable[[Json, str], Any]]]] = {
    "players": (int, read_int),
    "removed": (lambda cards: [c.index for c in cards], lambda v, w: read_tuple(v, w, read_card)),
    "hand_size": (int, read_int),
    "strength": (lambda ranks: [str(r) for r in ranks], lambda v, w: read_tuple(v, w, read_rank)),
    "card_points": (lambda table: {str(r): p for r, p in table}, _points_table),
    "deal": (lambda e: e.value, _enum(DealStyle)),
    "packet_size": (int, read_int),
    "plays_per_trick": (int, read_int),
    "redraw_ranks": (
        lambda ranks: [str(r) for r in ranks],
        lambda v, w: read_tuple(v, w, read_rank),
    ),
    "exchange": (lambda e: e.value, _enum(Exchange)),
    "exchange_side_wins": (bool, read_bool),
    "teams": (
        lambda teams: None if teams is None else [list(team) for team in teams],
        _seat_groups,
    ),
    "partner_hands": (lambda e: e.value, _enum(PartnerHands)),
    "table_talk": (bool, read_bool),
    "piles_by_side": (bool, read_bool),
    "auction": (lambda e: e.value, _enum(Auction)),
    "min_bid": (int, read_int),
    "cappotto_doubles": (bool, read_bool),
    "match": (lambda e: e.value, _enum(MatchFormat)),
    "match_target": (int, read_int),
    "tie_same_dealer": (bool, read_bool),
    "clockwise": (bool, read_bool),
}


def rules_json(rules: Rules) -> dict[str, Json]:
    return {
        field.name: RULES_FIELDS[field.name][0](getattr(rules, field.name))
        for field in attrs.fields(Rules)
    }


def read_rules(value: Json, where: str) -> Rules:
    if not isinstance(value, dict):
        raise fail(where, f"expected an object, found {kind_of(value)}")
    unknown = sorted(set(value) - set(RULES_FIELDS))
    if unknown:
        raise fail(where, "unknown rules field " + ", ".join(map(repr, unknown)))
    options = {name: RULES_FIELDS[name][1](item, f"{where}.{name}") for name, item in value.items()}
    try:
        rules = Rules(**options)
    except (ValueError, TypeError) as error:
        raise fail(where, str(error)) from None
    return rules


# -- outcomes ------------------------------------------------------------------


def outcome_json(outcome: Outcome) -> dict[str, Json]:
    return {
        "sides": [list(side) for side in outcome.sides],
        "points": list(outcome.points),
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "sweep": outcome.is_sweep,
    }


def outcome_reader(rules: Rules) -> Callable[[Json, str], Outcome]:
    """A reader of one deal's outcome under ``rules``, which checks that it
    is an outcome the rules' scoring gives (the sides and scores that go
    with its points)."""

    def read(value: Json, where: str) -> Outcome:
        fields = read_object(value, where, ("sides", "points", "winners", "scores", "sweep"))
        result = Outcome(
            sides=read_tuple(
                fields["sides"], f"{where}.sides", lambda v, w: read_tuple(v, w, read_int)
            ),
            points=read_tuple(fields["points"], f"{where}.points", read_int),
            winners=read_tuple(fields["winners"], f"{where}.winners", read_int),
            scores=read_tuple(fields["scores"], f"{where}.scores", read_int),
            is_sweep=read_bool(fields["sweep"], f"{where}.sweep"),
        )
        if result not in _possible_outcomes(rules, result):
            raise fail(where, f"no deal under these rules ends with {result}")
        return result

    return read


def _possible_outcomes(rules: Rules, result: Outcome) -> list[Outcome]:
    """The outcomes a deal could have with the sides and points of
    ``result`` (bastardo: with its first side as the declarer's)."""
    n = rules.players
    total = rules.total_points
    points = result.points
    if rules.auction is Auction.NONE:
        if len(points) != len(rules.sides) or sum(points) != total or min(points) < 0:
            return []
        return [sides_outcome(rules, points)]
    found = [void_outcome(n)]
    if len(result.sides) != 2 or len(points) != 2 or not 1 <= len(result.sides[0]) <= 2:
        return found
    ours = result.sides[0]
    if list(ours) != sorted(set(ours)) or not all(0 <= seat < n for seat in ours):
        return found
    taken = points[0]
    if not 0 <= taken <= total or points != (taken, total - taken):
        return found
    for declarer in ours:
        partner = ours[-1] if ours[0] == declarer else ours[0]
        for made in (True, False):
            if (made and taken < rules.min_bid) or (not made and taken >= total):
                continue
            found.append(contract_outcome(rules, declarer, partner, taken, made))
    return found


# -- observations' parts ---------------------------------------------------


def read_place_card(value: Json, where: str) -> tuple[int, Card]:
    items = read_list(value, where, 2)
    return read_int(items[0], f"{where}[0]", 0), read_card(items[1], f"{where}[1]")


def read_cards(value: Json, where: str) -> tuple[Card, ...]:
    return read_tuple(value, where, read_card)


def _bid(value: Json, where: str) -> Bid:
    action = read_action(value, where)
    if type(action) is not Bid:
        raise fail(where, f"expected a bid, found {action}")
    return action


def contract_json(contract: Contract | None) -> dict[str, Json] | None:
    if contract is None:
        return None
    return {
        "bid": None if contract.bid is None else action_json(contract.bid),
        "declarer": contract.declarer,
        "passed": list(contract.passed),
        "called_card": card_json(contract.called_card),
        "partner": contract.partner,
    }


def read_contract(value: Json, where: str) -> Contract:
    fields = read_object(value, where, ("bid", "declarer", "passed", "called_card", "partner"))
    return Contract(
        bid=read_optional(fields["bid"], f"{where}.bid", _bid),
        declarer=read_optional(fields["declarer"], f"{where}.declarer", read_int),
        passed=read_tuple(fields["passed"], f"{where}.passed", read_bool),
        called_card=read_optional(fields["called_card"], f"{where}.called_card", read_card),
        partner=read_optional(fields["partner"], f"{where}.partner", read_int),
    )
