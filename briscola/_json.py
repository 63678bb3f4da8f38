"""Reading and writing the values inside saved documents: cards, ranks,
enums, actions, rules, outcomes and contracts, each read with a check of
its JSON type and range and an error that says where (internal; the
documents themselves are in :mod:`briscola._serial`)."""

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
from ._rules import Auction, DealStyle, Exchange, MatchFormat, PartnerHands, Rules
from ._state import Contract, Outcome, Phase

_T = TypeVar("_T")
_E = TypeVar("_E", bound=enum.Enum)
Json = Any


def _object_without_repeats(pairs: list[tuple[str, Json]]) -> dict[str, Json]:
    document: dict[str, Json] = {}
    for key, value in pairs:
        if key in document:
            raise ValueError(f"key {key!r} appears twice in one object")
        document[key] = value
    return document


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a saved document may hold")


def _kind(value: Json) -> str:
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


def _fail(where: str, message: str) -> ValueError:
    return ValueError(f"{where}: {message}")


def _fields(
    value: Json, where: str, required: tuple[str, ...], *, top: bool = False
) -> dict[str, Json]:
    """``value`` as an object with exactly the ``required`` keys (plus
    ``format`` and ``type`` in a document's top object)."""
    if not isinstance(value, dict):
        raise _fail(where, f"expected an object, found {_kind(value)}")
    extra = sorted(set(value) - set(required) - ({"format", "type"} if top else set()))
    if extra:
        raise _fail(where, "unknown key " + ", ".join(map(repr, extra)))
    missing = [key for key in required if key not in value]
    if missing:
        raise _fail(where, "missing key " + ", ".join(map(repr, missing)))
    return value


def _int(value: Json, where: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:
        raise _fail(where, f"expected an int, found {_kind(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise _fail(where, f"expected an int {bounds}, found {value}")
    return value


def _count(value: Json, where: str) -> int:
    return _int(value, where, 0)


def _bool(value: Json, where: str) -> bool:
    if type(value) is not bool:
        raise _fail(where, f"expected true or false, found {_kind(value)}")
    return value


def _list(value: Json, where: str, length: int | None = None) -> list[Json]:
    if not isinstance(value, list):
        raise _fail(where, f"expected an array, found {_kind(value)}")
    if length is not None and len(value) != length:
        raise _fail(where, f"expected {length} item{'s' * (length != 1)}, found {len(value)}")
    return value


def _tuple_of(
    value: Json, where: str, item: Callable[[Json, str], _T], length: int | None = None
) -> tuple[_T, ...]:
    return tuple(item(x, f"{where}[{i}]") for i, x in enumerate(_list(value, where, length)))


def _optional(value: Json, where: str, item: Callable[[Json, str], _T]) -> _T | None:
    return None if value is None else item(value, where)


# -- cards, ranks, suits, enums, actions ----------------------------------------


def _card(value: Json, where: str) -> Card:
    if type(value) is not int or not 0 <= value < 40:
        raise _fail(where, f"a card is an int from 0 to 39, found {_kind(value)}")
    return FULL_PACK[value]


def _card_out(card: Card | None) -> int | None:
    return None if card is None else card.index


_RANKS: Final = {str(rank): rank for rank in Rank}
_SUITS: Final = {str(suit): suit for suit in Suit}


def _named(table: Mapping[str, _T], what: str) -> Callable[[Json, str], _T]:
    def read(value: Json, where: str) -> _T:
        found = table.get(value) if isinstance(value, str) else None
        if found is None:
            known = ", ".join(repr(name) for name in table)
            raise _fail(where, f"unknown {what} {value!r}; expected one of {known}")
        return found

    return read


_rank = _named(_RANKS, "rank")
_suit = _named(_SUITS, "suit")


def _enum(kind: type[_E]) -> Callable[[Json, str], _E]:
    return _named({member.value: member for member in kind}, kind.__name__)


_phase = _enum(Phase)


def _action_out(action: Action) -> list[Json]:
    kind = type(action)
    if kind is Play or kind is SwapTrump or kind is Call:
        name = {Play: "play", SwapTrump: "swap", Call: "call"}[kind]
        return [name, action.card.index]  # type: ignore[union-attr]
    if kind is Bid:
        bid: Bid = action  # type: ignore[assignment]
        return ["bid", bid.points] if bid.rank is None else ["bid", bid.points, str(bid.rank)]
    if kind is Say:
        return ["say", action.word.value]  # type: ignore[union-attr]
    if kind is Sign:
        return ["sign", action.signal.value]  # type: ignore[union-attr]
    return [{Cut: "cut", Knock: "knock", Pass: "pass"}[kind]]


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


def _action(value: Json, where: str) -> Action:
    items = _list(value, where)
    name = items[0] if items and isinstance(items[0], str) else None
    if name in _BARE_ACTIONS:
        _list(items, where, 1)
        return _BARE_ACTIONS[name]
    if name in _CARD_ACTIONS:
        _list(items, where, 2)
        return _CARD_ACTIONS[name][_card(items[1], f"{where}[1]").index]
    if name == "bid":
        if len(items) not in (2, 3):
            raise _fail(
                where,
                f'a bid is ["bid", points] or ["bid", points, rank], found {len(items)} items',
            )
        points = _int(items[1], f"{where}[1]")
        rank = _rank(items[2], f"{where}[2]") if len(items) == 3 else None
        return Bid(points, rank)
    if name in _TALK_ACTIONS:
        _list(items, where, 2)
        return _TALK_ACTIONS[name](items[1], f"{where}[1]")
    known = ", ".join(
        repr(k) for k in (*_CARD_ACTIONS, "bid", *_BARE_ACTIONS, *_TALK_ACTIONS)
    )
    raise _fail(
        where, f"unknown action {name!r}; an action is an array starting with one of {known}"
    )


# -- rules --------------------------------------------------------------------


def _ints_out(value: tuple[int, ...]) -> list[int]:
    return list(value)


def _seat_groups(value: Json, where: str) -> tuple[tuple[int, ...], ...] | None:
    if value is None:
        return None
    return _tuple_of(value, where, lambda v, w: _tuple_of(v, w, _int))


def _points_table(value: Json, where: str) -> tuple[tuple[Rank, int], ...]:
    if not isinstance(value, dict):
        raise _fail(where, f"expected an object of rank to points, found {_kind(value)}")
    return tuple(
        (_rank(name, f"{where} key"), _int(points, f"{where}[{name!r}]", 0))
        for name, points in value.items()
    )


# Every Rules field: how it is written and read. A test checks that this
# covers the fields of Rules.
_RULES_FIELDS: Final[dict[str, tuple[Callable[[Any], Json], Callable[[Json, str], Any]]]] = {
    "players": (int, _int),
    "removed": (lambda cards: [c.index for c in cards], lambda v, w: _tuple_of(v, w, _card)),
    "hand_size": (int, _int),
    "strength": (lambda ranks: [str(r) for r in ranks], lambda v, w: _tuple_of(v, w, _rank)),
    "card_points": (lambda table: {str(r): p for r, p in table}, _points_table),
    "deal": (lambda e: e.value, _enum(DealStyle)),
    "packet_size": (int, _int),
    "plays_per_trick": (int, _int),
    "redraw_ranks": (lambda ranks: [str(r) for r in ranks], lambda v, w: _tuple_of(v, w, _rank)),
    "exchange": (lambda e: e.value, _enum(Exchange)),
    "exchange_side_wins": (bool, _bool),
    "teams": (
        lambda teams: None if teams is None else [list(team) for team in teams],
        _seat_groups,
    ),
    "partner_hands": (lambda e: e.value, _enum(PartnerHands)),
    "table_talk": (bool, _bool),
    "piles_by_side": (bool, _bool),
    "auction": (lambda e: e.value, _enum(Auction)),
    "min_bid": (int, _int),
    "cappotto_doubles": (bool, _bool),
    "match": (lambda e: e.value, _enum(MatchFormat)),
    "match_target": (int, _int),
    "tie_same_dealer": (bool, _bool),
    "clockwise": (bool, _bool),
}


def _rules_out(rules: Rules) -> dict[str, Json]:
    return {
        field.name: _RULES_FIELDS[field.name][0](getattr(rules, field.name))
        for field in attrs.fields(Rules)
    }


def _rules(value: Json, where: str) -> Rules:
    if not isinstance(value, dict):
        raise _fail(where, f"expected an object, found {_kind(value)}")
    unknown = sorted(set(value) - set(_RULES_FIELDS))
    if unknown:
        raise _fail(where, "unknown rules field " + ", ".join(map(repr, unknown)))
    options = {
        name: _RULES_FIELDS[name][1](item, f"{where}.{name}") for name, item in value.items()
    }
    try:
        rules = Rules(**options)
    except (ValueError, TypeError) as error:
        raise _fail(where, str(error)) from None
    return rules


# -- outcomes ------------------------------------------------------------------


def _outcome_out(outcome: Outcome) -> dict[str, Json]:
    return {
        "sides": [list(side) for side in outcome.sides],
        "points": list(outcome.points),
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "sweep": outcome.is_sweep,
    }


def _outcome(rules: Rules) -> Callable[[Json, str], Outcome]:
    """A reader of one deal's outcome under ``rules``, which checks that it
    is an outcome the rules' scoring gives (the sides and scores that go
    with its points)."""

    def read(value: Json, where: str) -> Outcome:
        fields = _fields(value, where, ("sides", "points", "winners", "scores", "sweep"))
        result = Outcome(
            sides=_tuple_of(fields["sides"], f"{where}.sides", lambda v, w: _tuple_of(v, w, _int)),
            points=_tuple_of(fields["points"], f"{where}.points", _int),
            winners=_tuple_of(fields["winners"], f"{where}.winners", _int),
            scores=_tuple_of(fields["scores"], f"{where}.scores", _int),
            is_sweep=_bool(fields["sweep"], f"{where}.sweep"),
        )
        if result not in _possible_outcomes(rules, result):
            raise _fail(where, f"no deal under these rules ends with {result}")
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


def _place_card(value: Json, where: str) -> tuple[int, Card]:
    items = _list(value, where, 2)
    return _int(items[0], f"{where}[0]", 0), _card(items[1], f"{where}[1]")


def _cards(value: Json, where: str) -> tuple[Card, ...]:
    return _tuple_of(value, where, _card)


def _bid(value: Json, where: str) -> Bid:
    action = _action(value, where)
    if type(action) is not Bid:
        raise _fail(where, f"expected a bid, found {action}")
    return action


def _contract_out(contract: Contract | None) -> dict[str, Json] | None:
    if contract is None:
        return None
    return {
        "bid": None if contract.bid is None else _action_out(contract.bid),
        "declarer": contract.declarer,
        "passed": list(contract.passed),
        "called_card": _card_out(contract.called_card),
        "partner": contract.partner,
    }


def _contract(value: Json, where: str) -> Contract:
    fields = _fields(value, where, ("bid", "declarer", "passed", "called_card", "partner"))
    return Contract(
        bid=_optional(fields["bid"], f"{where}.bid", _bid),
        declarer=_optional(fields["declarer"], f"{where}.declarer", _int),
        passed=_tuple_of(fields["passed"], f"{where}.passed", _bool),
        called_card=_optional(fields["called_card"], f"{where}.called_card", _card),
        partner=_optional(fields["partner"], f"{where}.partner", _int),
    )
