"""Saving and loading: :func:`dumps` and :func:`loads`.

Rules, deals (:class:`~briscola.GameState`), matches
(:class:`~briscola.MatchState`), observations
(:class:`~briscola.Observation`), actions and tuples of actions are
written as JSON text. A deal is saved
as its rules, pack order, dealer and history, and a match as its rules,
seed and the history of every deal; both are loaded by replaying their
actions through the engine, so a saved game can only ever load as play
the rules allow.

The format (version 2)
----------------------

Every document is a JSON object with two keys in common: ``"format"``, the
format version (the int ``2``), and ``"type"``: ``"rules"``, ``"game"``,
``"match"``, ``"observation"``, ``"action"`` or ``"actions"``. The
values inside:

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
  rank]``; with table talk ``["say", word]`` and ``["sign", signal]``,
  the word and the signal as their ``value`` strings (``"points"``,
  ``"ace-of-trumps"``);
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
- ``"match"``: ``{"format", "type", "rules", "seed", "deals"}``: the
  match seed (an int or a string) and, per deal, the array of its
  actions, the deal in progress last. Loading starts the match from the
  seed with :func:`~briscola.new_match` and replays every action, so the
  results of the finished deals are proven, not taken on trust; every
  deal but the last must end where its actions end;
- ``"observation"``: the rules and one key per other
  :class:`~briscola.Observation` field, under the field's name;
- ``"action"``: ``{"format", "type", "action"}``, one action;
- ``"actions"``: ``{"format", "type", "actions"}``, an array of actions
  (a list of legal actions, say): the wire format of a game server.
  Loading checks each action's form, not whether the rules allow it now:
  that is :func:`~briscola.apply`'s business.

Loading checks everything: malformed JSON, a wrong type anywhere, an
unknown version, type tag, enum value or action, a pack with missing or
repeated cards, a history the rules do not allow, an observation that no
deal agrees with. Each raises :class:`ValueError` saying what and where.
Nothing in the input is executed, imported or looked up as an attribute.
An observation of a match carries the match's public record but not the
play of its earlier deals: its results are checked for agreeing with the
rules' scoring, with each other and with the deal in progress, not
replayed. Limits guard the reader's time: at most :data:`MAX_DEALS` deals
in a match and :data:`MAX_ACTIONS` actions in a deal or in an
``"actions"`` document, checked before anything in them is read.

Version 1 documents of rules, deals and observations still load. A
version 1 match does not: it kept only the results of its finished deals,
which cannot be proven without their play. Action documents are new in
version 2.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, Final, TypeAlias, TypeVar, overload

import attrs

from ._actions import (
    Action,
    Bid,
    Call,
    Cut,
    IllegalActionError,
    Knock,
    Pass,
    Play,
    Say,
    Sign,
    SwapTrump,
)
from ._cards import Card
from ._deal import new_game
from ._engine import apply, outcome
from ._game import short_repr as _short
from ._json import (
    Json,
    action_json,
    card_json,
    contract_json,
    fail,
    kind_of,
    no_constant,
    object_without_repeats,
    outcome_json,
    outcome_reader,
    read_action,
    read_card,
    read_cards,
    read_contract,
    read_count,
    read_int,
    read_list,
    read_object,
    read_optional,
    read_phase,
    read_place_card,
    read_rules,
    read_suit,
    read_tuple,
    rules_json,
)
from ._match import MatchState, match_goes_on, new_match, next_dealer
from ._observe import Observation
from ._rules import Rules
from ._sample import sample_state
from ._state import PHASE_OVER, GameState, Outcome

_T = TypeVar("_T")
_State = TypeVar("_State", GameState, MatchState)

__all__ = ["dumps", "loads", "FORMAT", "MAX_DEALS", "MAX_ACTIONS"]

FORMAT: Final = 2
"""The version of the saved-game format written by :func:`dumps`."""

READABLE: Final = (1, 2)
"""The format versions :func:`loads` reads (a match only in version 2)."""

MAX_DEALS: Final = 5_000
"""The most deals :func:`loads` accepts in a match."""

MAX_ACTIONS: Final = 2_000
"""The most actions :func:`loads` accepts in one deal's history or one
``"actions"`` document: far more than any deal takes (forty cards, a few
exchanges, a bastardo auction)."""

_ACTION_TYPES: Final = frozenset((Play, Cut, Knock, SwapTrump, Bid, Pass, Call, Say, Sign))

Saved: TypeAlias = Rules | GameState | MatchState | Observation | Action | tuple[Action, ...]
"""What :func:`dumps` writes and :func:`loads` reads."""


def dumps(obj: Saved) -> str:
    """Write rules, a deal, a match, an observation, an action or a tuple
    of actions as JSON text.

    Args:
        obj: What to save.

    Returns:
        A JSON document that :func:`loads` turns back into an equal object.

    Raises:
        TypeError: If ``obj`` is none of those (a tuple holding anything
            but actions included).

    >>> from briscola import dumps, loads, new_game, preset, apply, legal_actions
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> state = apply(state, legal_actions(state)[0])
    >>> text = dumps(state)
    >>> text[:40]
    '{"format":2,"type":"game","rules":{"play'
    >>> loads(text) == state
    True

    An action, or a tuple of them (the legal actions, say), is a document
    of its own, in the form a saved deal's history uses:

    >>> dumps(state.history[0])
    '{"format":2,"type":"action","action":["play",5]}'
    >>> dumps(legal_actions(state))
    '{"format":2,"type":"actions","actions":[["play",14],["play",3],["play",31]]}'
    """
    document: dict[str, Json] = {"format": FORMAT}
    if isinstance(obj, Rules):
        document.update(type="rules", rules=rules_json(obj))
    elif type(obj) is GameState:
        document.update(
            type="game",
            rules=rules_json(obj.rules),
            pack=[card.index for card in obj.pack],
            dealer=obj.dealer,
            history=[action_json(action) for action in obj.history],
        )
    elif isinstance(obj, MatchState):
        document.update(
            type="match",
            rules=rules_json(obj.rules),
            seed=obj.seed,
            deals=[
                [action_json(action) for action in deal.history]
                for deal in (*obj.finished, obj.game)
            ],
        )
    elif isinstance(obj, Observation):
        document.update(type="observation")
        document.update(_observation_out(obj))
    elif type(obj) in _ACTION_TYPES:
        document.update(type="action", action=_action_out(obj))
    elif type(obj) is tuple:
        document.update(type="actions", actions=[_action_out(action) for action in obj])
    else:
        raise TypeError(
            "dumps saves Rules, a GameState, a MatchState, an Observation, an action "
            f"or a tuple of actions, not {_short(obj)}"
        )
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


def _action_out(action: object) -> Json:
    if type(action) not in _ACTION_TYPES:
        raise TypeError(f"dumps saves a tuple of actions only, not one holding {_short(action)}")
    try:
        return action_json(action)  # type: ignore[arg-type]
    except AttributeError:  # a Say or Sign built around something else
        raise TypeError(f"dumps cannot save {_short(action)}: it is not a valid action") from None


_Saved = TypeVar("_Saved", Rules, GameState, MatchState, Observation)
_Action = TypeVar("_Action", Play, Cut, Knock, SwapTrump, Bid, Pass, Call, Say, Sign)


@overload
def loads(text: str | bytes) -> Saved: ...
@overload
def loads(text: str | bytes, expect: type[_Saved]) -> _Saved: ...
@overload
def loads(text: str | bytes, expect: type[_Action]) -> _Action: ...
@overload
def loads(text: str | bytes, expect: type[tuple[Any, ...]]) -> tuple[Action, ...]: ...
def loads(text: str | bytes, expect: type | None = None) -> Saved:
    """Read what :func:`dumps` wrote.

    Args:
        text: A JSON document (see the module's documentation for the
            format).
        expect: The kind of object the caller wants: :class:`~briscola.Rules`,
            :class:`~briscola.GameState`, :class:`~briscola.MatchState`,
            :class:`~briscola.Observation`, an action class such as
            :class:`~briscola.Play`, or ``tuple`` for a tuple of actions.
            Anything else raises :class:`ValueError`, and type checkers
            know the result's type: ``loads(text, MatchState).results``
            type-checks.

    Returns:
        The :class:`~briscola.Rules`, :class:`~briscola.GameState`,
        :class:`~briscola.MatchState`, :class:`~briscola.Observation`,
        action or tuple of actions the document describes.

    Raises:
        ValueError: If ``text`` is not such a document, or describes
            something the rules do not allow (or goes past a limit: an
            auction spanning more than 10,000 points, a match of more than
            5,000 deals); the message says what and where.

    >>> from briscola import loads, preset, dumps
    >>> loads(dumps(preset("split-4p"))) == preset("split-4p")
    True
    >>> from briscola import GameState, Rules
    >>> loads(dumps(preset("split-4p")), Rules).players
    4
    >>> loads(dumps(preset("split-4p")), GameState)
    Traceback (most recent call last):
    ...
    ValueError: expected a saved game document, found a rules document
    >>> loads('{"format": 1, "type": "game", "rules": {}, "pack": [0, 0], "dealer": 1, "history": []}')
    Traceback (most recent call last):
    ...
    ValueError: game: the deck must be an order of the rules' 40 cards (it has 2; ...)
    >>> loads('{"format": 3, "type": "rules", "rules": {}}')
    Traceback (most recent call last):
    ...
    ValueError: unsupported format version 3: this version of briscola reads versions 1 and 2

    Actions are checked for their form only: whether one is legal now is
    for :func:`~briscola.apply` to say.

    >>> from briscola import Bid, Play
    >>> loads('{"format": 2, "type": "action", "action": ["bid", 61, "ace"]}')
    Bid(points=61, rank=<Rank.ACE: 0>)
    >>> loads('{"format": 2, "type": "actions", "actions": [["pass"], ["play", 7]]}')
    (Pass(), Play(card=Card(Suit.COINS, Rank.JACK)))
    >>> loads('{"format": 2, "type": "action", "action": ["pass"]}', Play)
    Traceback (most recent call last):
    ...
    ValueError: expected a Play, found Pass()
    >>> loads('{"format": 2, "type": "action", "action": ["play", 40]}')
    Traceback (most recent call last):
    ...
    ValueError: action[1]: a card is an int from 0 to 39, found the number 40
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
            text, object_pairs_hook=object_without_repeats, parse_constant=no_constant
        )
    except RecursionError:
        raise ValueError("not a saved document: the JSON is nested too deeply") from None
    except ValueError as error:  # json.JSONDecodeError is a ValueError
        raise ValueError(f"not valid JSON: {error}") from None
    if not isinstance(document, dict):
        raise ValueError(f"a saved document is a JSON object, not {kind_of(document)}")
    version = document.get("format")
    if type(version) is not int:
        raise ValueError('a saved document needs an int "format" version')
    if version not in READABLE:
        shown = version if abs(version) < 10**6 else "(too large)"
        raise ValueError(
            f"unsupported format version {shown}: this version of briscola reads versions 1 and 2"
        )
    kind = document.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        known = ", ".join(repr(name) for name in _READERS)
        shown = kind_of(kind) if not isinstance(kind, str) else repr(kind[:40])
        raise ValueError(f"unknown document type {shown}; known types: {known}")
    if kind == "match" and version == 1:
        raise ValueError(
            "a match saved in format version 1 cannot be loaded: that format kept only "
            "the results of the finished deals, not their play, so they cannot be proven "
            "by replay; matches are saved in version 2 since briscola 0.2"
        )
    if kind in ("action", "actions") and version == 1:
        raise ValueError(f"{kind} documents exist since format version 2, not in version 1")
    wanted = "action" if expect in _ACTION_TYPES else _KINDS.get(expect) if expect else kind
    if wanted != kind:
        named = wanted or getattr(expect, "__name__", "?")
        found_kind = ("an " if str(kind)[0] in "aeiou" else "a ") + str(kind)
        raise ValueError(f"expected a saved {named} document, found {found_kind} document")
    try:
        found: Saved = reader(document)
    except ValueError as error:
        raise ValueError(_bounded(str(error))) from None
    if expect is not None and expect in _ACTION_TYPES and type(found) is not expect:
        raise ValueError(f"expected a {expect.__name__}, found {_short(found)}")
    return found


MAX_MESSAGE = 1_000
"""The longest error message :func:`loads` gives: a message never echoes
unbounded input."""


def _bounded(message: str) -> str:
    if len(message) <= MAX_MESSAGE:
        return message
    return message[: MAX_MESSAGE - 40] + f"... (cut from {len(message):,} characters)"


_KINDS: Final[dict[type, str]] = {
    Rules: "rules",
    GameState: "game",
    MatchState: "match",
    Observation: "observation",
    tuple: "actions",
}


def _read_rules(document: dict[str, Json]) -> Rules:
    fields = read_object(document, "rules document", ("rules",), top=True)
    return read_rules(fields["rules"], "rules")


def _step(state: _State, action: Action, where: str) -> _State:
    """``apply(state, action)``, refusing an illegal action at ``where``."""
    try:
        return apply(state, action)
    except IllegalActionError as error:
        raise fail(where, f"{action} is not legal: {error}") from None


def _replay(state: _State, history: tuple[Action, ...], where: str) -> _State:
    for number, action in enumerate(history):
        state = _step(state, action, f"{where}.history[{number}]")
    return state


def _read_game(document: dict[str, Json]) -> GameState:
    fields = read_object(document, "game", ("rules", "pack", "dealer", "history"), top=True)
    rules = read_rules(fields["rules"], "game.rules")
    pack = read_tuple(fields["pack"], "game.pack", read_card)
    dealer = read_int(fields["dealer"], "game.dealer", 0, rules.players - 1)
    history = _history(fields["history"], "game.history")
    try:
        state = new_game(rules, deck=pack, dealer=dealer)
    except ValueError as error:
        raise fail("game", str(error)) from None
    return _replay(state, history, "game")


def _read_action(document: dict[str, Json]) -> Action:
    fields = read_object(document, "action document", ("action",), top=True)
    return read_action(fields["action"], "action")


def _read_actions(document: dict[str, Json]) -> tuple[Action, ...]:
    fields = read_object(document, "actions document", ("actions",), top=True)
    return _history(fields["actions"], "actions")


def _history(value: Json, where: str) -> tuple[Action, ...]:
    """A deal's actions (or an actions document's), refused before any is
    read if there are more than :data:`MAX_ACTIONS`."""
    actions = read_list(value, where)
    if len(actions) > MAX_ACTIONS:
        raise fail(where, f"at most {MAX_ACTIONS} actions are read, found {len(actions)}")
    return read_tuple(actions, where, read_action)


def _seed(value: Json, where: str) -> int | str:
    if type(value) is int:
        return value
    if not isinstance(value, str):
        raise fail(where, f"a match seed is an int or a string, found {kind_of(value)}")
    try:
        value.encode("utf-8")  # random.Random seeds with a string's UTF-8 bytes
    except UnicodeEncodeError as error:
        raise fail(where, f"a string seed must be valid Unicode text: {error}") from None
    return value


def _read_match(document: dict[str, Json]) -> MatchState:
    fields = read_object(document, "match", ("rules", "seed", "deals"), top=True)
    deals = read_list(fields["deals"], "match.deals")
    # The limits apply before anything is read: a document cannot make the
    # reader convert or replay more than they allow.
    if not 1 <= len(deals) <= MAX_DEALS:
        raise fail("match.deals", f"a match has from 1 to {MAX_DEALS} deals, found {len(deals)}")
    rules = read_rules(fields["rules"], "match.rules")
    seed = _seed(fields["seed"], "match.seed")
    match = new_match(rules, seed=seed)
    for k, actions in enumerate(deals):
        where = f"match.deals[{k}]"
        if match.is_over:
            raise fail(where, "the match was over before this deal")
        if k < len(deals) - 1 and not actions:
            raise fail(where, "only the deal in progress may have no actions yet")
        for number, action in enumerate(_history(actions, where)):
            if len(match.results) != k:
                raise fail(f"{where}[{number}]", f"{action} comes after the end of the deal")
            match = _step(match, action, f"{where}[{number}]")
        if k < len(deals) - 1 and len(match.results) != k + 1:
            raise fail(where, "the deal does not end, yet another deal follows")
    return match


_OBSERVATION_FIELDS: Final = tuple(field.name for field in attrs.fields(Observation))


def _observation_out(seen: Observation) -> dict[str, Json]:
    return {
        "rules": rules_json(seen.rules),
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
        "trump_card": card_json(seen.trump_card),
        "turned_card": card_json(seen.turned_card),
        "buried": [card.index for card in seen.buried],
        "trump_drawn": None
        if seen.trump_drawn is None
        else [seen.trump_drawn[0], seen.trump_drawn[1].index],
        "trick": [[seat, card.index] for seat, card in seen.trick],
        "piles": [[card.index for card in pile] for pile in seen.piles],
        "tricks_won": list(seen.tricks_won),
        "history": [action_json(action) for action in seen.history],
        "actors": list(seen.actors),
        "contract": contract_json(seen.contract),
        "match_results": None
        if seen.match_results is None
        else [outcome_json(result) for result in seen.match_results],
        "match_totals": None if seen.match_totals is None else list(seen.match_totals),
    }


def _read_observation(document: dict[str, Json]) -> Observation:
    w = "observation"
    fields = read_object(document, w, _OBSERVATION_FIELDS, top=True)
    rules = read_rules(fields["rules"], f"{w}.rules")
    n = rules.players

    def seat(value: Json, where: str) -> int:
        return read_int(value, where, 0, n - 1)

    def per_seat(value: Json, where: str, item: Callable[[Json, str], _T]) -> tuple[_T, ...]:
        return read_tuple(value, where, item, n)

    def get(name: str, read: Callable[[Json, str], _T]) -> _T:
        return read(fields[name], f"{w}.{name}")

    def seat_card(value: Json, where: str) -> tuple[int, Card]:
        items = read_list(value, where, 2)
        return seat(items[0], f"{where}[0]"), read_card(items[1], f"{where}[1]")

    def seat_cards(value: Json, where: str) -> tuple[tuple[int, Card], ...]:
        return read_tuple(value, where, seat_card)

    seen = Observation(
        rules=rules,
        seat=get("seat", seat),
        dealer=get("dealer", seat),
        phase=get("phase", read_phase),
        to_move=get("to_move", lambda v, where: read_optional(v, where, seat)),
        hand=get("hand", read_cards),
        hand_sizes=get("hand_sizes", lambda v, where: per_seat(v, where, read_count)),
        known_hands=get("known_hands", lambda v, where: per_seat(v, where, read_cards)),
        shown_dealt=get("shown_dealt", lambda v, where: per_seat(v, where, read_cards)),
        stock_size=get("stock_size", lambda v, where: read_int(v, where, 0)),
        stock_known=get("stock_known", lambda v, where: read_tuple(v, where, read_place_card)),
        trump=get("trump", lambda v, where: read_optional(v, where, read_suit)),
        trump_card=get("trump_card", lambda v, where: read_optional(v, where, read_card)),
        turned_card=get("turned_card", lambda v, where: read_optional(v, where, read_card)),
        buried=get("buried", read_cards),
        trump_drawn=get("trump_drawn", lambda v, where: read_optional(v, where, seat_card)),
        trick=get("trick", seat_cards),
        piles=get("piles", lambda v, where: per_seat(v, where, read_cards)),
        tricks_won=get("tricks_won", lambda v, where: per_seat(v, where, read_count)),
        history=get("history", _history),
        actors=get("actors", lambda v, where: read_tuple(v, where, seat)),
        contract=get("contract", lambda v, where: read_optional(v, where, read_contract)),
        match_results=get(
            "match_results",
            lambda v, where: read_optional(
                v, where, lambda x, y: read_tuple(x, y, outcome_reader(rules))
            ),
        ),
        match_totals=get(
            "match_totals",
            lambda v, where: read_optional(v, where, lambda x, y: per_seat(x, y, read_int)),
        ),
    )
    _check_observation(seen)
    return seen


def _check_observation(seen: Observation) -> None:
    """Check that some deal (and match) agrees with ``seen``."""
    if (seen.match_results is None) != (seen.match_totals is None):
        raise fail("observation", "match_results and match_totals go together")
    if seen.match_results is not None:
        results = seen.match_results
        over = seen.phase is PHASE_OVER
        if over and not results:
            raise fail("observation", "a finished deal of a match has a result")
        before = results[:-1] if over else results
        _check_results_go_on(seen.rules, before)
        sums = tuple(
            sum(column) for column in zip((0,) * seen.rules.players, *(r.scores for r in results))
        )
        if seen.match_totals != sums:
            raise fail("observation.match_totals", "the totals are not the sums of the scores")
        if over and match_goes_on(seen.rules, results, sums):
            raise fail("observation", "the match would go on after this deal")
        if seen.dealer != _dealer_after(seen.rules, before):
            raise fail("observation.dealer", "the match's deals are not dealt by this seat")
    try:
        deal = sample_state(seen, random.Random(0))
    except ValueError as error:
        raise fail("observation", str(error)) from None
    if seen.match_results is not None and deal.is_over:
        # Every card of a finished deal lies where the seat saw it (in the
        # piles, or in the hands of a void deal): its outcome is fixed.
        ended = outcome(deal)
        if seen.match_results[-1] != ended:
            raise fail(
                "observation.match_results",
                f"the last result is not how the deal ended ({ended})",
            )


def _check_results_go_on(rules: Rules, results: tuple[Outcome, ...]) -> None:
    """Check that a match went on after each of ``results``."""
    totals = (0,) * rules.players
    for k, result in enumerate(results):
        totals = tuple(t + s for t, s in zip(totals, result.scores))
        if not match_goes_on(rules, results[: k + 1], totals):
            raise fail(
                f"observation.match_results[{k}]",
                "the match would have ended after this deal",
            )


def _dealer_after(rules: Rules, results: tuple[Outcome, ...]) -> int:
    """The dealer of the deal after ``results``: the first deal of a match
    is dealt by the last seat."""
    dealer = rules.players - 1
    for result in results:
        dealer = next_dealer(rules, dealer, result)
    return dealer


_READERS: Final[dict[str, Callable[[dict[str, Json]], Any]]] = {
    "rules": _read_rules,
    "game": _read_game,
    "match": _read_match,
    "observation": _read_observation,
    "action": _read_action,
    "actions": _read_actions,
}
