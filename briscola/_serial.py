"""Saving and loading: :func:`dumps` and :func:`loads` (SPEC §10).

Rules, deals (:class:`~briscola.GameState`), matches
(:class:`~briscola.MatchState`) and observations
(:class:`~briscola.Observation`) are written as JSON text. A deal is saved
as its rules, pack order, dealer and history, and loaded by replaying the
history through the engine, so a saved game can only ever load as a deal
the rules allow.

The format (version 1)
----------------------

Every document is a JSON object with two keys in common: ``"format"``, the
format version (the int ``1``), and ``"type"``: ``"rules"``, ``"game"``,
``"match"`` or ``"observation"``. The values inside:

- a **card** is its index in the canonical 40-card pack, an int from 0 to
  39: ``10 * suit + rank`` with the suits COINS, CUPS, SWORDS, CLUBS = 0 to
  3 and the ranks ACE, TWO, ... SEVEN, JACK, KNIGHT, KING = 0 to 9
  (:attr:`Card.index <briscola.Card>`): 0 is the ace of coins, 19 the king
  of cups, 39 the king of clubs;
- a **rank** or a **suit** is its lowercase English name (``"knight"``,
  ``"swords"``); enums of the rules and the phase are their ``value``
  strings (``"cut-or-knock"``, ``"after-stock"``);
- an **action** is an array: ``["play", card]``, ``["swap", card]``,
  ``["call", card]``, ``["cut"]``, ``["knock"]``, ``["pass"]``,
  ``["bid", points]`` or, in the chiamata auction, ``["bid", points,
  rank]``;
- **rules** are an object with one key per :class:`~briscola.Rules` field,
  under the field's name; a field left out takes its default;
- an **outcome** is ``{"sides", "points", "winners", "scores", "sweep"}``
  (arrays of ints, and a bool for :attr:`Outcome.is_sweep
  <briscola.Outcome>`).

The documents:

- ``"rules"``: ``{"format", "type", "rules"}``;
- ``"game"``: ``{"format", "type", "rules", "pack", "dealer",
  "history"}``: the pack order as cards, the dealing seat and the actions
  in order. Loading replays the history with :func:`~briscola.apply`;
- ``"match"``: ``{"format", "type", "rules", "seed", "results", "over",
  "history"}``: the match seed (an int or a string), the outcome of every
  finished deal, whether the match is over, and the history of the deal in
  progress (of the last deal, once the match is over). The deal is rebuilt
  from the seed and replayed through the match; no action may follow the
  end of that deal;
- ``"observation"``: the rules and one key per other
  :class:`~briscola.Observation` field, under the field's name.

Loading checks everything: malformed JSON, a wrong type anywhere, an
unknown version, type tag, enum value or action, a pack with missing or
repeated cards, a history the rules do not allow, results that no deal
could have (card points that no share of the pack's cards among the sides
gives, a match going on after a deal that decided it, or ended by a void
deal), an observation that no deal agrees with (of a finished match: a
last result other than the outcome of the cards in the piles): each
raises :class:`ValueError` saying what and where. Nothing in the input is
executed, imported or looked up as an attribute. Two limits guard the
reader's time: matches of more than :data:`MAX_DEALS` finished deals are
refused, and the search for shares of the pack stops after a bounded
number of steps per document, past which (only with many sides under odd
point tables, never under the presets' rules) results' card points are
taken on trust. (:class:`~briscola.Rules` itself caps card points, which
keeps bastardo's list of bids small.)
"""

from __future__ import annotations

import enum
import functools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, TypeVar

import attrs

from ._actions import (
    CALLS,
    CUT,
    KNOCK,
    PASS,
    PLAYS,
    SWAPS,
    Action,
    Bid,
    Call,
    Cut,
    IllegalActionError,
    Knock,
    Pass,
    Play,
    SwapTrump,
)
from ._bastardo import contract_outcome, void_outcome
from ._cards import FULL_PACK, Card, Rank, Suit
from ._deal import new_game
from ._engine import apply, outcome, sides_outcome
from ._match import MatchState, deal_seed, match_goes_on
from ._observe import Observation
from ._rules import Auction, DealStyle, Exchange, MatchFormat, PartnerHands, Rules
from ._sample import sample_state
from ._state import Contract, GameState, Outcome, Phase

__all__ = ["dumps", "loads", "FORMAT", "MAX_DEALS"]

FORMAT: Final = 1
"""The version of the saved-game format written by :func:`dumps`."""

MAX_DEALS: Final = 5_000
"""The most finished deals :func:`loads` accepts in a match: checking that
a match went on after each deal takes time in the square of their
number."""

_T = TypeVar("_T")
_E = TypeVar("_E", bound=enum.Enum)
Json = Any


def dumps(obj: Rules | GameState | MatchState | Observation) -> str:
    """Write rules, a deal, a match or an observation as JSON text.

    Args:
        obj: What to save.

    Returns:
        A JSON document that :func:`loads` turns back into an equal object.

    Raises:
        TypeError: If ``obj`` is none of the four.

    >>> from briscola import dumps, loads, new_game, preset, apply, legal_actions
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> state = apply(state, legal_actions(state)[0])
    >>> text = dumps(state)
    >>> text[:40]
    '{"format":1,"type":"game","rules":{"play'
    >>> loads(text) == state
    True
    """
    document: dict[str, Json] = {"format": FORMAT}
    if isinstance(obj, Rules):
        document.update(type="rules", rules=_rules_out(obj))
    elif type(obj) is GameState:
        document.update(
            type="game",
            rules=_rules_out(obj.rules),
            pack=[card.index for card in obj.pack],
            dealer=obj.dealer,
            history=[_action_out(action) for action in obj.history],
        )
    elif isinstance(obj, MatchState):
        document.update(
            type="match",
            rules=_rules_out(obj.rules),
            seed=obj.seed,
            results=[_outcome_out(result) for result in obj.results],
            over=obj.is_over,
            history=[_action_out(action) for action in obj.game.history],
        )
    elif isinstance(obj, Observation):
        document.update(type="observation")
        document.update(_observation_out(obj))
    else:
        raise TypeError(
            f"dumps saves Rules, a GameState, a MatchState or an Observation, not {obj!r}"
        )
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | bytes) -> Rules | GameState | MatchState | Observation:
    """Read what :func:`dumps` wrote.

    Args:
        text: A JSON document (see the module's documentation for the
            format).

    Returns:
        The :class:`~briscola.Rules`, :class:`~briscola.GameState`,
        :class:`~briscola.MatchState` or :class:`~briscola.Observation`
        the document describes.

    Raises:
        ValueError: If ``text`` is not such a document, or describes
            something the rules do not allow (or goes past a limit: an
            auction spanning more than 10,000 points, a match of more than
            5,000 deals); the message says what and where.

    >>> from briscola import loads, preset, dumps
    >>> loads(dumps(preset("split-4p"))) == preset("split-4p")
    True
    >>> loads('{"format": 1, "type": "game", "rules": {}, "pack": [0, 0], "dealer": 1, "history": []}')
    Traceback (most recent call last):
    ...
    ValueError: game: the deck must be an order of the rules' 40 cards (it has 2; ...)
    >>> loads('{"format": 2, "type": "rules", "rules": {}}')
    Traceback (most recent call last):
    ...
    ValueError: unsupported format version 2: this version of briscola reads version 1
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValueError(f"a saved document is UTF-8 text: {error}") from None
    if not isinstance(text, str):
        raise ValueError(f"loads reads JSON text, not {type(text).__name__}")
    try:
        document = json.loads(
            text, object_pairs_hook=_object_without_repeats, parse_constant=_no_constant
        )
    except RecursionError:
        raise ValueError("not a saved document: the JSON is nested too deeply") from None
    except ValueError as error:  # json.JSONDecodeError is a ValueError
        raise ValueError(f"not valid JSON: {error}") from None
    if not isinstance(document, dict):
        raise ValueError(f"a saved document is a JSON object, not {_kind(document)}")
    version = document.get("format")
    if type(version) is not int:
        raise ValueError('a saved document needs an int "format" version')
    if version != FORMAT:
        raise ValueError(
            f"unsupported format version {version}: this version of briscola reads version {FORMAT}"
        )
    kind = document.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        known = ", ".join(repr(name) for name in _READERS)
        raise ValueError(f"unknown document type {kind!r}; known types: {known}")
    found: Rules | GameState | MatchState | Observation = reader(document)
    return found


# -- JSON helpers -----------------------------------------------------------


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
        raise _fail(where, f"expected {length} items, found {len(value)}")
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
    return [{Cut: "cut", Knock: "knock", Pass: "pass"}[kind]]


_BARE_ACTIONS: Final[dict[str, Action]] = {"cut": CUT, "knock": KNOCK, "pass": PASS}
_CARD_ACTIONS: Final[dict[str, tuple[Action, ...]]] = {
    "play": PLAYS,
    "swap": SWAPS,
    "call": CALLS,
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
    known = ", ".join(repr(k) for k in (*_CARD_ACTIONS, "bid", *_BARE_ACTIONS))
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


# -- outcomes -----------------------------------------------------------------


def _outcome_out(outcome: Outcome) -> dict[str, Json]:
    return {
        "sides": [list(side) for side in outcome.sides],
        "points": list(outcome.points),
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "sweep": outcome.is_sweep,
    }


def _outcome(rules: Rules) -> Callable[[Json, str], Outcome]:
    """A reader of one deal's outcome under ``rules``, which checks that
    some deal could have ended so (in one document: see
    :data:`_SHARE_STEPS`)."""
    steps = _Steps()

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
        if any(result.points) and not _pack_shares(rules, result.points, steps):
            raise _fail(
                where,
                f"no deal under these rules ends with {result}: no share of the pack's "
                f"cards gives the sides {list(result.points)} card points",
            )
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


class _OutOfSteps(Exception):
    """The search for a share of the pack ran past a document's steps."""


class _Steps:
    """The steps left to one document's searches for shares of the pack
    (:data:`_SHARE_STEPS`)."""

    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = _SHARE_STEPS

    def take(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _OutOfSteps


_SHARE_STEPS: Final = 2_000_000
"""The most steps :func:`loads` spends in one document (a second or two)
checking that the results' card points are shares of the pack. Under the
presets' rules a result takes a few hundred steps at most, so even
:data:`MAX_DEALS` results are all checked; many sides under odd point
tables could make the search run for ever. Past this, the remaining
results' points are taken on trust."""

_SHARES_KNOWN: Final[dict[tuple[Rules, tuple[int, ...]], bool]] = {}
"""The settled searches, by rules and points sorted (without zeros)."""


@functools.lru_cache(maxsize=64)
def _pack_values(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The card values above 0 of the rules' pack, highest first; how many
    cards are worth each; and, for each ``j`` up to the number of values,
    the sums the cards of the values from ``j`` on can make, as an int
    whose bit ``s`` is set when some of them make ``s`` points."""
    table = dict(rules.card_points)
    counts = Counter(table.get(card.rank, 0) for card in rules.pack)
    values = tuple(sorted((value for value in counts if value > 0), reverse=True))
    sums = [1]
    for value in reversed(values):
        bits = sums[0]
        for _ in range(counts[value]):
            bits |= bits << value
        sums.insert(0, bits)
    return values, tuple(counts[value] for value in values), tuple(sums)


def _pack_shares(rules: Rules, points: tuple[int, ...], steps: _Steps) -> bool:
    """Whether the rules' pack can be shared out among sides so that they
    take ``points`` (card points per side, summing to the pack's); ``True``
    also when ``steps`` run out before the search settles it."""
    needs = tuple(sorted((p for p in points if p), reverse=True))
    known = _SHARES_KNOWN.get((rules, needs))
    if known is None:
        try:
            known = _shares(rules, needs, steps)
        except _OutOfSteps:
            return True
        if len(_SHARES_KNOWN) >= 4096:
            _SHARES_KNOWN.clear()
        _SHARES_KNOWN[rules, needs] = known
    return known


def _shares(rules: Rules, needs: tuple[int, ...], steps: _Steps) -> bool:
    """:func:`_pack_shares` with the points sorted, highest first, and the
    zeros left out (a side without points takes no card worth any).

    A search value by value, the highest first: how many cards of the value
    each side takes. Each side must still be able to make up its points
    from the lower values, which settles two sides at once (the second
    takes what the first leaves) and cuts most of the search for more.
    Sides needing the same points are alike, so the points still needed
    are kept sorted, and the ways that fail are remembered."""
    values, counts, sums = _pack_values(rules)
    if sum(needs) != sum(v * c for v, c in zip(values, counts)):
        return False
    if not all(sums[0] >> need & 1 for need in needs):
        return False
    failed: set[tuple[int, tuple[int, ...]]] = set()

    def place(j: int, needs: tuple[int, ...]) -> bool:
        """Whether the cards of the values from ``j`` on make ``needs``."""
        if not needs:
            return True
        if (j, needs) in failed:
            return False
        for after in deal(j, needs, 0, counts[j], ()):
            if place(j + 1, tuple(sorted((p for p in after if p), reverse=True))):
                return True
        failed.add((j, needs))
        return False

    def deal(
        j: int, needs: tuple[int, ...], i: int, cards: int, after: tuple[int, ...]
    ) -> Iterator[tuple[int, ...]]:
        """The points still needed once the ``cards`` of value ``values[j]``
        are shared among the sides from ``i`` on (``after``: the sides
        before ``i``, served), each able to make up the rest from the
        lower values. A side takes no more than the side before it when
        they need the same points."""
        steps.take()
        lower = sums[j + 1]
        if cards == 0:
            rest = needs[i:]
            if all(lower >> need & 1 for need in rest):
                yield after + rest
            return
        if i == len(needs):
            return
        value = values[j]
        need = needs[i]
        most = min(cards, need // value)
        if i and needs[i - 1] == need:
            most = min(most, (needs[i - 1] - after[i - 1]) // value)
        for taken in range(most, -1, -1):
            left = need - taken * value
            if lower >> left & 1:
                yield from deal(j, needs, i + 1, cards - taken, (*after, left))

    return place(0, needs)


def _dealer_after(rules: Rules, results: tuple[Outcome, ...]) -> int:
    """The dealer of the deal that follows ``results`` in a match
    (SPEC §8)."""
    n = rules.players
    dealer = n - 1
    for result in results:
        same = rules.tie_same_dealer and not result.winners and rules.auction is Auction.NONE
        if not same:
            dealer = (dealer + 1) % n
    return dealer


def _check_results_go_on(rules: Rules, results: tuple[Outcome, ...], where: str) -> None:
    """Check that the match was still undecided after each of ``results``."""
    if len(results) > MAX_DEALS:
        raise _fail(where, f"{len(results)} deals are more than loads accepts ({MAX_DEALS})")
    totals = [0] * rules.players
    for k, result in enumerate(results):
        totals = [t + s for t, s in zip(totals, result.scores)]
        if not match_goes_on(rules, results[: k + 1], tuple(totals)):
            raise _fail(where, f"the match was over after deal {k}, yet it goes on")


# -- documents ----------------------------------------------------------------


def _read_rules(document: dict[str, Json]) -> Rules:
    fields = _fields(document, "rules document", ("rules",), top=True)
    return _rules(fields["rules"], "rules")


def _step(state: _T, action: Action, where: str) -> _T:
    """``apply(state, action)``, refusing an illegal action at ``where``."""
    try:
        return apply(state, action)  # type: ignore[call-overload, no-any-return]
    except IllegalActionError as error:
        raise _fail(where, f"{action} is not legal: {error}") from None


def _replay(state: _T, history: tuple[Action, ...], where: str) -> _T:
    for number, action in enumerate(history):
        state = _step(state, action, f"{where}.history[{number}]")
    return state


def _read_game(document: dict[str, Json]) -> GameState:
    fields = _fields(document, "game", ("rules", "pack", "dealer", "history"), top=True)
    rules = _rules(fields["rules"], "game.rules")
    pack = _tuple_of(fields["pack"], "game.pack", _card)
    dealer = _int(fields["dealer"], "game.dealer", 0, rules.players - 1)
    history = _tuple_of(fields["history"], "game.history", _action)
    try:
        state = new_game(rules, deck=pack, dealer=dealer)
    except ValueError as error:
        raise _fail("game", str(error)) from None
    return _replay(state, history, "game")


def _seed(value: Json, where: str) -> int | str:
    if type(value) is int:
        return value
    if not isinstance(value, str):
        raise _fail(where, f"a match seed is an int or a string, found {_kind(value)}")
    try:
        value.encode("utf-8")  # random.Random seeds with a string's UTF-8 bytes
    except UnicodeEncodeError as error:
        raise _fail(where, f"a string seed must be valid Unicode text: {error}") from None
    return value


def _read_match(document: dict[str, Json]) -> MatchState:
    fields = _fields(document, "match", ("rules", "seed", "results", "over", "history"), top=True)
    rules = _rules(fields["rules"], "match.rules")
    seed = _seed(fields["seed"], "match.seed")
    results = _tuple_of(fields["results"], "match.results", _outcome(rules))
    over = _bool(fields["over"], "match.over")
    history = _tuple_of(fields["history"], "match.history", _action)
    if over and not results:
        raise _fail("match", "a match that is over has played a deal")
    before = results[:-1] if over else results
    _check_results_go_on(rules, before, "match.results")
    totals = tuple(sum(column) for column in zip((0,) * rules.players, *(r.scores for r in before)))
    game = new_game(rules, seed=deal_seed(seed, len(before)), dealer=_dealer_after(rules, before))
    # The saved history is the deal in progress's only, so no action may
    # follow the end of that deal: replay it as a deal, and only its last
    # action through the match, which ends the deal (and the match) or not.
    last = len(history) - 1
    for number, action in enumerate(history[:last]):
        game = _step(game, action, f"match.history[{number}]")
        if game.is_over:
            raise _fail(
                f"match.history[{number + 1}]",
                f"{history[number + 1]} comes after the end of the deal in progress",
            )
    match = MatchState(rules, seed, game, before, totals)
    if history:
        match = _step(match, history[last], f"match.history[{last}]")
    if match.results != results or match.is_over != over:
        if over:
            why = 'the history does not end the match with the last result, as "over" says'
        else:
            why = "the history runs past the end of the deal in progress"
        raise _fail("match", why)
    return match


_OBSERVATION_FIELDS: Final = tuple(field.name for field in attrs.fields(Observation))


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


def _observation_out(seen: Observation) -> dict[str, Json]:
    return {
        "rules": _rules_out(seen.rules),
        "seat": seen.seat,
        "dealer": seen.dealer,
        "phase": seen.phase.value,
        "to_move": seen.to_move,
        "hand": [card.index for card in seen.hand],
        "hand_sizes": list(seen.hand_sizes),
        "known_hands": [[card.index for card in cards] for cards in seen.known_hands],
        "shown_dealt": [[card.index for card in cards] for cards in seen.shown_dealt],
        "stock_size": seen.stock_size,
        "stock_known": [[i, card.index] for i, card in seen.stock_known],
        "trump": None if seen.trump is None else str(seen.trump),
        "trump_card": _card_out(seen.trump_card),
        "turned_card": _card_out(seen.turned_card),
        "buried": [card.index for card in seen.buried],
        "trump_drawn": None
        if seen.trump_drawn is None
        else [seen.trump_drawn[0], seen.trump_drawn[1].index],
        "trick": [[seat, card.index] for seat, card in seen.trick],
        "piles": [[card.index for card in pile] for pile in seen.piles],
        "tricks_won": list(seen.tricks_won),
        "history": [_action_out(action) for action in seen.history],
        "actors": list(seen.actors),
        "contract": _contract_out(seen.contract),
        "match_results": None
        if seen.match_results is None
        else [_outcome_out(result) for result in seen.match_results],
        "match_totals": None if seen.match_totals is None else list(seen.match_totals),
    }


def _read_observation(document: dict[str, Json]) -> Observation:
    w = "observation"
    fields = _fields(document, w, _OBSERVATION_FIELDS, top=True)
    rules = _rules(fields["rules"], f"{w}.rules")
    n = rules.players

    def seat(value: Json, where: str) -> int:
        return _int(value, where, 0, n - 1)

    def per_seat(value: Json, where: str, item: Callable[[Json, str], _T]) -> tuple[_T, ...]:
        return _tuple_of(value, where, item, n)

    def get(name: str, read: Callable[[Json, str], _T]) -> _T:
        return read(fields[name], f"{w}.{name}")

    def seat_card(value: Json, where: str) -> tuple[int, Card]:
        items = _list(value, where, 2)
        return seat(items[0], f"{where}[0]"), _card(items[1], f"{where}[1]")

    def seat_cards(value: Json, where: str) -> tuple[tuple[int, Card], ...]:
        return _tuple_of(value, where, seat_card)

    seen = Observation(
        rules=rules,
        seat=get("seat", seat),
        dealer=get("dealer", seat),
        phase=get("phase", _phase),
        to_move=get("to_move", lambda v, where: _optional(v, where, seat)),
        hand=get("hand", _cards),
        hand_sizes=get("hand_sizes", lambda v, where: per_seat(v, where, _count)),
        known_hands=get("known_hands", lambda v, where: per_seat(v, where, _cards)),
        shown_dealt=get("shown_dealt", lambda v, where: per_seat(v, where, _cards)),
        stock_size=get("stock_size", lambda v, where: _int(v, where, 0)),
        stock_known=get("stock_known", lambda v, where: _tuple_of(v, where, _place_card)),
        trump=get("trump", lambda v, where: _optional(v, where, _suit)),
        trump_card=get("trump_card", lambda v, where: _optional(v, where, _card)),
        turned_card=get("turned_card", lambda v, where: _optional(v, where, _card)),
        buried=get("buried", _cards),
        trump_drawn=get("trump_drawn", lambda v, where: _optional(v, where, seat_card)),
        trick=get("trick", seat_cards),
        piles=get("piles", lambda v, where: per_seat(v, where, _cards)),
        tricks_won=get("tricks_won", lambda v, where: per_seat(v, where, _count)),
        history=get("history", lambda v, where: _tuple_of(v, where, _action)),
        actors=get("actors", lambda v, where: _tuple_of(v, where, seat)),
        contract=get("contract", lambda v, where: _optional(v, where, _contract)),
        match_results=get(
            "match_results",
            lambda v, where: _optional(v, where, lambda x, y: _tuple_of(x, y, _outcome(rules))),
        ),
        match_totals=get(
            "match_totals", lambda v, where: _optional(v, where, lambda x, y: per_seat(x, y, _int))
        ),
    )
    _check_observation(seen)
    return seen


def _check_observation(seen: Observation) -> None:
    """Check that some deal (and match) agrees with ``seen``."""
    if (seen.match_results is None) != (seen.match_totals is None):
        raise _fail("observation", "match_results and match_totals go together")
    if seen.match_results is not None:
        results = seen.match_results
        over = seen.phase is Phase.OVER
        if over and not results:
            raise _fail("observation", "a finished deal of a match has a result")
        before = results[:-1] if over else results
        _check_results_go_on(seen.rules, before, "observation.match_results")
        sums = tuple(
            sum(column) for column in zip((0,) * seen.rules.players, *(r.scores for r in results))
        )
        if seen.match_totals != sums:
            raise _fail("observation.match_totals", "the totals are not the sums of the scores")
        if over and match_goes_on(seen.rules, results, sums):
            raise _fail("observation", "the match would go on after this deal")
        if seen.dealer != _dealer_after(seen.rules, before):
            raise _fail("observation.dealer", "the match's deals are not dealt by this seat")
    try:
        deal = sample_state(seen, random.Random(0))
    except ValueError as error:
        raise _fail("observation", str(error)) from None
    if seen.match_results is not None and deal.is_over:
        # Every card of a finished deal lies where the seat saw it (in the
        # piles, or in the hands of a void deal): its outcome is fixed.
        ended = outcome(deal)
        if seen.match_results[-1] != ended:
            raise _fail(
                "observation.match_results",
                f"the last result is not how the deal ended ({ended})",
            )


_READERS: Final[dict[str, Callable[[dict[str, Json]], Any]]] = {
    "rules": _read_rules,
    "game": _read_game,
    "match": _read_match,
    "observation": _read_observation,
}
