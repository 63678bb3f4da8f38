"""Saving and loading: :func:`briscola.dumps` and :func:`briscola.loads` (the
"Saving games" guide: ``loads(dumps(s)) == s``)."""

from __future__ import annotations

import copy
import functools
import json
import random
import sys
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import briscola._match
from briscola import (
    PRESETS,
    Bid,
    Call,
    Card,
    Cut,
    GameState,
    Knock,
    MatchFormat,
    MatchState,
    Observation,
    Outcome,
    Pass,
    Play,
    Rank,
    Rules,
    Suit,
    SwapTrump,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    new_match,
    observe,
    outcome,
    preset,
)
from briscola._json import RULES_FIELDS
from briscola._outcome import contract_outcome
from tests.strategies import (
    PRESET_NAMES,
    TRICK_PRESET_NAMES,
    card,
    deck_with,
    reachable_states,
    seeds,
)
from tests.strategies import rules as varied_rules

Json = Any


def play_match(rules: Rules, seed: int, steps: int) -> MatchState:
    """A match after ``steps`` random legal actions (or at its end)."""
    match = new_match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        match = apply(match, rng.choice(legal_actions(match)))
    return match


# -- round trips ------------------------------------------------------------------


@given(rules=varied_rules())
def test_rules_round_trip(rules: Rules) -> None:
    """Saving games: ``loads(dumps(rules)) == rules`` for presets and their
    variations."""
    assert loads(dumps(rules)) == rules


def test_every_rules_field_is_saved() -> None:
    """Saving games, "The documents": every option of Rules must survive a
    save; the writer knows each field of Rules."""
    assert set(RULES_FIELDS) == {field.name for field in attrs.fields(Rules)}
    document = json.loads(dumps(preset("bastardo")))
    assert set(document["rules"]) == set(RULES_FIELDS)


@pytest.mark.parametrize("name", PRESET_NAMES)
@given(data=st.data())
def test_game_and_observation_round_trip(name: str, data: st.DataObject) -> None:
    """Saving games: ``loads(dumps(s)) == s`` for a deal of every preset at any
    point, and for every seat's observation of it."""
    state = data.draw(reachable_states(PRESETS[name]))
    assert loads(dumps(state)) == state
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = observe(state, seat)
    assert loads(dumps(seen)) == seen


@given(state=reachable_states(varied_rules()))
def test_game_round_trip_in_variations(state: GameState) -> None:
    """Saving games: ``loads(dumps(s)) == s``, over rules varied from the
    presets."""
    again = loads(dumps(state))
    assert again == state
    assert dumps(again) == dumps(state)


@pytest.mark.parametrize("name", PRESET_NAMES)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 250))
def test_match_round_trip(name: str, seed: int, steps: int) -> None:
    """Saving games: ``loads(dumps(match)) == match`` at any point of a match
    of every preset, and for a seat's observation of the match."""
    match = play_match(PRESETS[name], seed, steps)
    assert loads(dumps(match)) == match
    seen = observe(match, seed % match.rules.players)
    assert loads(dumps(seen)) == seen


@pytest.mark.parametrize("name", ["split-4p", "bastardo", "italian-3p"])
def test_finished_match_round_trip(name: str) -> None:
    """Saving games: a finished match (a Split match to four won deals, a
    bastardo match to 11 points) saves and loads with its results and the last
    deal."""
    match = play_match(PRESETS[name], 3, 10_000)
    assert match.is_over
    again = loads(dumps(match))
    assert again == match and again.is_over and again.results == match.results
    assert loads(dumps(observe(match, 1))) == observe(match, 1)


def test_string_seed_match_round_trip() -> None:
    """Matches, "Seeding": a match seed may be a string (its deals use
    f"{seed}:{k}")."""
    rules = attrs.evolve(preset("italian-2p"), match=preset("split-2p").match, match_target=3)
    match = new_match(rules, seed="Split, 1 May")
    for _ in range(45):
        match = apply(match, legal_actions(match)[0])
    assert len(match.results) == 1
    assert loads(dumps(match)) == match


# -- the format -------------------------------------------------------------------


def test_cards_are_saved_by_index() -> None:
    """The documented card code, ``10 * suit + rank``: the ace of coins is
    0, the seven of cups 16, the knight of swords 28, the king of clubs
    39; the canonical pack is saved as 0 to 39."""
    rules = preset("italian-2p")
    document = json.loads(dumps(new_game(rules, deck=deck_with(rules, {}), dealer=1)))
    assert document["pack"] == list(range(40))
    codes = {"ace of coins": 0, "seven of cups": 16, "knight of swords": 28, "king of clubs": 39}
    for name, code in codes.items():
        state = new_game(rules, deck=deck_with(rules, {0: card(name)}), dealer=1)
        assert json.loads(dumps(state))["pack"][0] == code
        assert json.loads(dumps(observe(state, 0)))["hand"][0] == code


def test_a_game_written_by_hand() -> None:
    """The documented "game" document, written by hand: empty rules (every
    field at its default: two-player Italian), the canonical pack, dealer 1,
    and two plays. Seat 0 holds the ace, three and five of coins (pack
    positions 0, 2, 4); it leads the ace, seat 1 plays the two of coins
    (position 1); the ace wins, seat 0 draws position 7 (jack of coins) and
    seat 1 position 8 (knight of coins) (Italian briscola, two to six players:
    "The game")."""
    text = json.dumps(
        {
            "format": 1,
            "type": "game",
            "rules": {},
            "pack": list(range(40)),
            "dealer": 1,
            "history": [["play", 0], ["play", 1]],
        }
    )
    state = loads(text)
    assert isinstance(state, GameState)
    assert state.rules == preset("italian-2p")
    assert state.piles[0] == (card("ace of coins"), card("two of coins"))
    assert state.hands[0] == (card("three of coins"), card("five of coins"), card("jack of coins"))
    assert state.hands[1][-1] == card("knight of coins")
    assert state.to_move == 0


def test_actions_are_short_arrays() -> None:
    """The documented action codes."""
    ace = Card(Suit.COINS, Rank.ACE)
    king = Card(Suit.CLUBS, Rank.KING)
    rules = preset("split-2p")
    state = new_game(rules, seed=1)
    assert json.loads(dumps(apply(state, Cut())))["history"] == [["cut"]]
    assert json.loads(dumps(apply(state, Knock())))["history"] == [["knock"]]
    chiamata = preset("bastardo")
    bid = apply(new_game(chiamata, seed=1), Bid(61))
    assert json.loads(dumps(bid))["history"] == [["bid", 61]]
    passed = apply(new_game(chiamata, seed=1), Pass())
    assert json.loads(dumps(passed))["history"] == [["pass"]]
    from briscola._json import action_json, read_action

    for action, code in (
        (Play(ace), ["play", 0]),
        (SwapTrump(king), ["swap", 39]),
        (Call(king), ["call", 39]),
        (Bid(61, Rank.KING), ["bid", 61, "king"]),
    ):
        assert action_json(action) == code
        assert read_action(code, "test") == action


def test_documents_carry_format_and_type() -> None:
    """Every document is an object with "format": 2 and a "type" tag."""
    state = new_game(preset("italian-2p"), seed=1)
    for obj, kind in (
        (state.rules, "rules"),
        (state, "game"),
        (new_match(state.rules, seed=1), "match"),
        (observe(state, 0), "observation"),
    ):
        document = json.loads(dumps(obj))
        assert document["format"] == 2 and document["type"] == kind


def test_dumps_refuses_other_objects() -> None:
    """Only rules, deals, matches, observations and actions are saved."""
    with pytest.raises(TypeError):
        dumps({"players": 2})  # type: ignore[arg-type]


# -- malformed and inconsistent input -------------------------------------------


def _doc(kind: str, **fields: Json) -> str:
    return json.dumps({"format": 1, "type": kind, **fields})


def _game(**changes: Json) -> str:
    fields: dict[str, Json] = {
        "rules": {},
        "pack": list(range(40)),
        "dealer": 1,
        "history": [],
    }
    fields.update(changes)
    return _doc("game", **fields)


def _match_document() -> dict[str, Json]:
    rules = attrs.evolve(preset("italian-2p"), match=preset("split-2p").match, match_target=3)
    match = play_match(rules, 4, 90)
    assert match.results and not match.is_over
    return dict(json.loads(dumps(match)))


def _observation_document() -> dict[str, Json]:
    state = new_game(preset("italian-2p"), seed=5)
    for _ in range(9):
        state = apply(state, legal_actions(state)[0])
    return dict(json.loads(dumps(observe(state, 0))))


def _changed(document: dict[str, Json], **changes: Json) -> str:
    return json.dumps({**document, **changes})


def _forged_deal() -> str:
    """The saved match with the first card of its first deal replaced by
    the card the other seat answered with, which the leader does not
    hold."""
    document = _match_document()
    first = document["deals"][0]
    return _changed(document, deals=[[first[1], *first[1:]], *document["deals"][1:]])


def _observation_with_played_card_in_hand() -> str:
    document = _observation_document()
    pile = next(p for p in document["piles"] if p)
    hand = [pile[0], *document["hand"][1:]]
    known = [hand, *document["known_hands"][1:]]
    return _changed(document, hand=hand, known_hands=known)


MALFORMED: list[tuple[str, str | bytes, str]] = [
    ("not JSON", "briscola!", "not valid JSON"),
    ("empty", "", "not valid JSON"),
    ("top-level array", "[1, 2]", "JSON object, not an array"),
    ("top-level number", "42", "JSON object"),
    ("no format", json.dumps({"type": "rules", "rules": {}}), '"format"'),
    ("bool format", json.dumps({"format": True, "type": "rules", "rules": {}}), '"format"'),
    ("future format", json.dumps({"format": 3, "type": "rules", "rules": {}}), "version 3"),
    ("unknown type", _doc("pickle", data="gASVAAAA"), "unknown document type 'pickle'"),
    ("no type", json.dumps({"format": 1, "rules": {}}), "unknown document type null"),
    ("extra key", _doc("rules", rules={}, colour="red"), "unknown key 'colour'"),
    ("missing key", _doc("game", rules={}, pack=list(range(40)), dealer=1), "missing key"),
    ("unknown enum", _doc("rules", rules={"deal": "sideways"}), "unknown DealStyle 'sideways'"),
    ("float int", _doc("rules", rules={"players": 2.0}), "expected an int"),
    ("invalid rules", _doc("rules", rules={"players": 7}), "cannot be shared by 7 seats"),
    ("unknown field", _doc("rules", rules={"__class__": "os"}), "unknown rules field"),
    ("bad rank", _doc("rules", rules={"strength": ["ace", "queen"]}), "unknown rank 'queen'"),
    ("points table", _doc("rules", rules={"card_points": [["ace", 11]]}), "rank to points"),
    (
        "auction too wide",
        _doc(
            "rules",
            rules={
                "auction": "points",
                "players": 5,
                "hand_size": 8,
                "deal": "whole",
                "card_points": {"ace": 2**64},
            },
        ),
        "Rules.card_points must be whole numbers from 0 to 100",
    ),
    ("too many deals", _changed(_match_document(), deals=[[]] * 5001), "from 1 to 5000 deals"),
    ("no deals", _changed(_match_document(), deals=[]), "from 1 to 5000 deals"),
    ("long history", _game(history=[["pass"]] * 2001), "at most 2000 actions"),
    ("repeated card", _game(pack=[0, *range(39)]), "repeated: ace of coins"),
    ("missing card", _game(pack=list(range(39))), "missing king of clubs"),
    ("card 40", _game(pack=[*range(39), 40]), "a card is an int from 0 to 39"),
    ("card string", _game(pack=["ace of coins", *range(1, 40)]), "game.pack[0]"),
    ("card bool", _game(pack=[True, *range(1, 40)]), "a card is an int"),
    ("card float", _game(pack=[0.0, *range(1, 40)]), "a card is an int"),
    ("dealer", _game(dealer=2), "game.dealer"),
    ("pack not array", _game(pack="0123"), "expected an array"),
    ("illegal history", _game(history=[["play", 39]]), "game.history[0]: play the king"),
    ("unknown action", _game(history=[["jump", 3]]), "unknown action 'jump'"),
    ("action not array", _game(history=["play"]), "expected an array"),
    ("short action", _game(history=[["play"]]), "expected 2 items"),
    ("bid rank", _game(history=[["bid", 61, "queen"]]), "unknown rank 'queen'"),
    ("bid in trick play", _game(history=[["bid", 61]]), "is not legal"),
    ("repeated key", '{"format": 1, "format": 1, "type": "rules", "rules": {}}', "twice"),
    ("NaN", '{"format": NaN, "type": "rules", "rules": {}}', "NaN"),
    ("deep nesting", "[" * 100_000 + "]" * 100_000, ""),
    ("huge number", '{"format": 1' + "0" * 5000 + "}", "not valid JSON"),
    ("bad UTF-8", b'{"format": 1, "type": "\xff"}', "UTF-8"),
    ("forged deal", _forged_deal(), "match.deals[0][0]: play the"),
    (
        "unfinished deal",
        _changed(_match_document(), deals=[_match_document()["deals"][0][:-1], []]),
        "the deal does not end",
    ),
    ("format 1 match", _changed(_match_document(), format=1), "cannot be proven by replay"),
    ("float seed", _changed(_match_document(), seed=1.5), "match.seed"),
    ("lone surrogate seed", _changed(_match_document(), seed="\ud800"), "match.seed"),
    ("observation", _observation_with_played_card_in_hand(), "no deal agrees"),
    ("observation seat", _changed(_observation_document(), seat=2), "from 0 to 1"),
    (
        "observation totals",
        _changed(_observation_document(), match_results=[], match_totals=[1, 0]),
        "totals",
    ),
]


@pytest.mark.parametrize(
    ("text", "message"),
    [(text, message) for _, text, message in MALFORMED],
    ids=[name for name, _, _ in MALFORMED],
)
def test_malformed_input_raises_value_error(text: str | bytes, message: str) -> None:
    """Saving games, "Bad input": malformed or inconsistent input raises
    ValueError with a clear message (naming where the problem is)."""
    with pytest.raises(ValueError) as error:
        loads(text)
    assert message in str(error.value)


def test_loads_refuses_what_is_not_text() -> None:
    """Anything but JSON text is refused with ValueError too."""
    for bad in (42, None, ["format", 1], {"format": 1}):
        with pytest.raises(ValueError, match="JSON text"):
            loads(bad)  # type: ignore[call-overload]


def test_nothing_is_imported_from_the_input() -> None:
    """Saving games, "Bad input": nothing is executed or imported from the
    input: a type tag naming a module is an unknown type, and the module stays
    unimported."""
    assert "antigravity" not in sys.modules
    for kind in ("antigravity", "briscola._serial.os.system", "__import__"):
        with pytest.raises(ValueError, match="unknown document type"):
            loads(_doc(kind, rules={}))
    assert "antigravity" not in sys.modules


# -- fuzzing --------------------------------------------------------------------


def _loads_or_value_error(text: str) -> None:
    """Load ``text``: anything but ValueError is a failure; whatever loads
    must save and load again to an equal object."""
    try:
        found = loads(text)
    except ValueError:
        return
    assert loads(dumps(found)) == found


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)


@given(text=st.text())
def test_fuzz_random_text(text: str) -> None:
    """Random text never raises anything but ValueError."""
    _loads_or_value_error(text)


@given(value=json_values)
def test_fuzz_random_json(value: Json) -> None:
    """Random JSON never raises anything but ValueError."""
    _loads_or_value_error(json.dumps(value))


@given(
    kind=st.sampled_from(["rules", "game", "match", "observation", "action", "actions"]),
    fields=st.dictionaries(
        st.sampled_from(
            ["rules", "pack", "dealer", "history", "seed", "deals", "seat", "hand", "action"]
        ),
        json_values,
    ),
    version=st.sampled_from([1, 2]),
)
def test_fuzz_documents_with_random_fields(
    kind: str, fields: dict[str, Json], version: int
) -> None:
    """A document with a valid header and random fields never raises
    anything but ValueError."""
    _loads_or_value_error(json.dumps({"format": version, "type": kind, **fields}))


@functools.cache
def valid_documents() -> dict[str, list[Json]]:
    """Valid documents of each type, from several presets and points of
    play."""
    found: dict[str, list[Json]] = {
        "rules": [],
        "game": [],
        "match": [],
        "observation": [],
        "action": [],
        "actions": [],
    }
    for name in ("italian-3p", "finnish-2p", "split-dupla-2p", "romanian-4p", "bastardo"):
        rules = PRESETS[name]
        state = new_game(rules, seed=17)
        for _ in range(13):
            state = apply(state, legal_actions(state)[-1])
        found["rules"].append(json.loads(dumps(rules)))
        found["game"].append(json.loads(dumps(state)))
        found["observation"].append(json.loads(dumps(observe(state, 1))))
        found["actions"].append(json.loads(dumps(state.history)))
        found["action"] += [json.loads(dumps(action)) for action in state.history[:3]]
        match = play_match(attrs.evolve(rules, match_target=2), 5, 70)
        found["match"].append(json.loads(dumps(match)))
        found["observation"].append(json.loads(dumps(observe(match, 0))))
    return found


def _paths(value: Json, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


@st.composite
def mutated_documents(draw: st.DrawFn, kind: str) -> str:
    """A valid document of ``kind`` with one to three random changes: a
    value replaced, a key or item removed, added or repeated, an int
    nudged, two items swapped."""
    document = copy.deepcopy(draw(st.sampled_from(valid_documents()[kind])))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(document)))
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        value = parent[key]
        change = draw(st.sampled_from(["replace", "remove", "nudge", "add", "repeat", "swap"]))
        if change == "replace":
            parent[key] = draw(json_values)
        elif change == "remove":
            del parent[key]
        elif change == "nudge" and type(value) is int:
            parent[key] = value + draw(st.sampled_from([-1, 1, -40, 40, 2**64]))
        elif change == "add":
            if isinstance(value, list):
                value.insert(draw(st.integers(0, len(value))), draw(json_values))
            elif isinstance(value, dict):
                value[draw(st.text(max_size=6))] = draw(json_values)
        elif change == "repeat" and isinstance(value, list) and value:
            value.append(value[draw(st.integers(0, len(value) - 1))])
        elif change == "swap" and isinstance(value, list) and len(value) > 1:
            i, j = draw(st.lists(st.integers(0, len(value) - 1), min_size=2, max_size=2))
            value[i], value[j] = value[j], value[i]
        if not document or not _paths(document):
            break
    return json.dumps(document)


@pytest.mark.parametrize("kind", ["rules", "game", "match", "observation", "action", "actions"])
@given(data=st.data())
def test_fuzz_mutated_documents(kind: str, data: st.DataObject) -> None:
    """Valid documents, randomly damaged, load (to something that saves and
    loads again) or raise ValueError: never KeyError, TypeError,
    IndexError, AttributeError or RecursionError."""
    _loads_or_value_error(data.draw(mutated_documents(kind)))


def test_loaded_objects_are_of_the_right_type() -> None:
    """Each document type loads as its class."""
    state = new_game(preset("italian-2p"), seed=1)
    assert isinstance(loads(dumps(state.rules)), Rules)
    assert isinstance(loads(dumps(state)), GameState)
    assert isinstance(loads(dumps(new_match(state.rules, seed=1))), MatchState)
    assert isinstance(loads(dumps(observe(state, 1))), Observation)
    assert loads(dumps(state).encode()) == state


# -- found in review: what no match could produce, and loading's cost --------------
#
# Each test below pins a defect found in review of ``briscola/_serial.py``:
# loads accepting documents that no match could produce, refusing matches
# the engine did produce, or doing work that grows with input the format
# forbids.


STANDARD_POINTS_BY_RANK: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.THREE: 10,
    Rank.KING: 4,
    Rank.KNIGHT: 3,
    Rank.JACK: 2,
}
"""The standard points ("The rules as implemented"), written out here (other
ranks count 0)."""


def finish_match(match: MatchState) -> MatchState:
    """Play ``match`` to its end, always taking the first legal action."""
    while not match.is_over:
        match = apply(match, legal_actions(match)[0])
    return match


def fixed_sides_outcome(rules: Rules, points: tuple[int, ...]) -> Outcome:
    """The outcome a deal with fixed sides that took ``points``: the side with
    the most points wins, a shared top is a tie; each winning seat scores 1
    (Italian briscola, two to six players: "The game" and "Choices the library
    makes"). Written here from the rules, not from the engine."""
    best = max(points)
    leaders = [side for side, p in zip(rules.sides, points) if p == best]
    winners = leaders[0] if len(leaders) == 1 else ()
    scores = tuple(1 if seat in winners else 0 for seat in range(rules.players))
    return Outcome(sides=rules.sides, points=points, winners=winners, scores=scores)


def void_deal_outcome(players: int) -> Outcome:
    """Briscola bastardo, "Choices the library makes": a void bastardo deal
    (every seat passed) has no winners and no score; each seat is listed
    alone."""
    return Outcome(
        sides=tuple((seat,) for seat in range(players)),
        points=(0,) * players,
        winners=(),
        scores=(0,) * players,
    )


def pass_out(match: MatchState) -> MatchState:
    """Every seat passes: the bastardo deal in progress ends void."""
    for _ in range(match.rules.players):
        match = apply(match, Pass())
    return match


def result_of(result: Outcome) -> dict[str, Any]:
    """``result`` as a saved match writes it (format version 1)."""
    return {
        "sides": [list(side) for side in result.sides],
        "points": list(result.points),
        "winners": list(result.winners),
        "scores": list(result.scores),
        "sweep": result.is_sweep,
    }


def match_document(rules: Rules, seed: int, deals: list[list[list[Any]]]) -> str:
    """A saved match in the format of ``briscola._serial`` (version 2):
    the actions of each deal."""
    saved = json.loads(dumps(new_match(rules, seed=seed)))
    saved.update(deals=deals)
    return json.dumps(saved)


# -- finished match observations: the last result is the deal's outcome ----------


def test_finished_match_observation_with_a_false_last_result_is_refused() -> None:
    """Saving games, "Bad input": in an observation of a finished match every
    card lies face up in the piles, so the last result is fixed by the
    observation itself. A document whose last result gives the deal to the seat
    that took fewer points is inconsistent and must not load.

    Reproduction: italian-2p, seed 1, first legal action each turn, played
    to the end; the forged document swaps the two seats' points (and so
    the winner) in the last result and the totals.
    """
    match = finish_match(new_match(preset("italian-2p"), seed=1))
    seen = observe(match, 0)
    # The points in the piles, counted with the standard table.
    taken = tuple(sum(STANDARD_POINTS_BY_RANK.get(c.rank, 0) for c in pile) for pile in seen.piles)
    assert seen.match_results is not None and seen.match_results[-1].points == taken
    assert taken[0] != taken[1]
    forged_result = fixed_sides_outcome(match.rules, (taken[1], taken[0]))
    forged = attrs.evolve(seen, match_results=(forged_result,), match_totals=forged_result.scores)
    assert loads(dumps(seen)) == seen  # the true record loads
    with pytest.raises(ValueError):
        loads(dumps(forged))


@given(name=st.sampled_from(TRICK_PRESET_NAMES), seed=seeds)
def test_finished_match_last_result_must_match_the_piles(name: str, seed: int) -> None:
    """Saving games, "Bad input", as a property over every trick-taking preset
    played as a single deal: replacing the last result of a finished match's
    observation by the outcome of other card points (the same points rotated
    between the sides, so sums and signs stay plausible) must make loads refuse
    the document."""
    rules = attrs.evolve(preset(name), match=MatchFormat.SINGLE)
    match = finish_match(new_match(rules, seed=seed))
    seen = observe(match, 0)
    assert seen.match_results is not None
    real = seen.match_results[-1]
    rotated = real.points[1:] + real.points[:1]
    if rotated == real.points:
        return  # every side took the same points: nothing to forge
    forged_result = fixed_sides_outcome(rules, rotated)
    forged = attrs.evolve(seen, match_results=(forged_result,), match_totals=forged_result.scores)
    with pytest.raises(ValueError):
        loads(dumps(forged))


# -- bastardo matches and void deals ---------------------------------------------


def test_bastardo_single_deal_match_round_trips_after_a_void_deal() -> None:
    """Briscola bastardo, "Choices the library makes" (a void deal has no
    score; the next dealer deals) and Saving games (``loads(dumps(m)) == m``):
    bastardo played as a single-deal match goes on after a void deal, so its
    record holds a void result while the match is not over. Saving and loading
    it must give it back.

    Reproduction: ``attrs.evolve(preset("bastardo"), match=SINGLE)``,
    seed 1, five passes; loads refuses with "the match was over after deal
    0, yet it goes on".
    """
    rules = attrs.evolve(preset("bastardo"), match=MatchFormat.SINGLE)
    match = pass_out(new_match(rules, seed=1))
    assert not match.is_over and match.results == (void_deal_outcome(5),)
    assert loads(dumps(match)) == match
    seen = observe(match, 2)
    assert loads(dumps(seen)) == seen


@given(
    fmt=st.sampled_from(MatchFormat),
    target=st.integers(1, 3),
    voids=st.integers(1, 3),
    seed=seeds,
)
def test_bastardo_match_round_trips_after_void_deals(
    fmt: MatchFormat, target: int, voids: int, seed: int
) -> None:
    """Saving games (``loads(dumps(s)) == s``) for bastardo in every match
    format: void deals never decide a match, so after any number of them the
    match and every seat's observation of it save and load unchanged."""
    rules = attrs.evolve(preset("bastardo"), match=fmt, match_target=target)
    match = new_match(rules, seed=seed)
    for _ in range(voids):
        match = pass_out(match)
    assert not match.is_over
    assert loads(dumps(match)) == match
    for seat in range(rules.players):
        seen = observe(match, seat)
        assert loads(dumps(seen)) == seen


def test_observation_of_a_match_ended_by_a_void_deal_is_refused() -> None:
    """Briscola bastardo, "Choices the library makes": after a void deal the
    next dealer deals, so no match ends on a void deal (the engine never
    produces it: see the test above). An observation claiming that a
    single-deal bastardo match is over after one void deal is inconsistent and
    must raise ValueError (Saving games, "Bad input")."""
    rules = attrs.evolve(preset("bastardo"), match=MatchFormat.SINGLE)
    deal: GameState = new_game(rules, seed=1)
    for _ in range(rules.players):
        deal = apply(deal, Pass())
    assert deal.is_over and outcome(deal) == void_deal_outcome(5)
    forged: Observation = attrs.evolve(
        observe(deal, 0), match_results=(void_deal_outcome(5),), match_totals=(0,) * 5
    )
    with pytest.raises(ValueError):
        loads(dumps(forged))


# -- loading stays proportionate -------------------------------------------------


def test_loads_does_not_deal_past_the_deal_in_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving games, "Bad input": the format's own guard (MAX_DEALS "guards the
    reader's time"): a match's history is the history of the deal in progress,
    so loads must stop at the first action past that deal's end instead of
    replaying into the deals that follow. Today it replays every void bastardo
    deal the history spells out, each step copying the growing results: time in
    the square of the input (about 22 s for a 3 MB document of passes). Counted
    here as the deals dealt, not timed."""
    dealt = 0

    def counting_new_game(*args: Any, **kwargs: Any) -> GameState:
        nonlocal dealt
        dealt += 1
        return new_game(*args, **kwargs)

    monkeypatch.setattr(briscola._match, "new_game", counting_new_game)
    rules = preset("bastardo")
    text = match_document(rules, 1, [[["pass"]] * (rules.players * 200)])
    with pytest.raises(ValueError):
        loads(text)
    # Building the document deals once; loading deals the first deal and
    # the one that follows it when it ends void, then stops.
    assert dealt <= 3


def test_history_past_the_deal_in_progress_names_the_first_action_too_many() -> None:
    """Saving games, "Bad input" (inconsistent input raises ValueError saying
    where): once every bastardo seat has passed, the deal is over, so the sixth
    pass of a saved match's history lies past the deal in progress, and the
    message names it."""
    rules = preset("bastardo")
    text = match_document(rules, 1, [[["pass"]] * 6])
    with pytest.raises(ValueError, match=r"match\.deals\[0\]\[5\]: pass comes after the end"):
        loads(text)


def test_match_ended_by_a_void_deal_is_refused() -> None:
    """Briscola bastardo, "Choices the library makes": after a void deal (every
    seat passed) the next dealer deals, so in a saved single-deal bastardo
    match the five passes end the first deal, not the match: a document that
    stops there with no deal in progress describes no match (Saving games, "Bad
    input")."""
    rules = attrs.evolve(preset("bastardo"), match=MatchFormat.SINGLE)
    assert isinstance(loads(match_document(rules, 1, [[["pass"]] * 5, []])), MatchState)
    with pytest.raises(ValueError, match="the deal does not end|comes after the end"):
        loads(match_document(rules, 1, [[["pass"]] * 4, []]))


def test_a_deal_after_the_end_of_the_match_is_refused() -> None:
    """Saving games, "Bad input" (format version 2): a match is proven by
    replay, so a deal saved after the match was decided is refused."""
    match = play_match(preset("italian-2p"), 1, 10_000)
    assert match.is_over
    document = json.loads(dumps(match))
    with pytest.raises(ValueError, match="the match was over before this deal"):
        loads(json.dumps({**document, "deals": [*document["deals"], []]}))


def test_results_are_replayed_not_read() -> None:
    """Saving games, "Versions": a version 2 match document has no results to
    forge; the results come from replaying every deal, and a version 1 match
    (results only) is refused with a message saying why."""
    match = play_match(PRESETS["split-2p"], 5, 10_000)
    document = json.loads(dumps(match))
    assert set(document) == {"format", "type", "rules", "seed", "deals"}
    assert len(document["deals"]) == len(match.results)
    assert loads(dumps(match), MatchState).results == match.results
    with pytest.raises(ValueError, match="format version 1 cannot be loaded"):
        loads(json.dumps({**document, "format": 1}))


def test_finished_bastardo_observation_with_a_false_last_result_is_refused() -> None:
    """Saving games, "Bad input": a finished bastardo deal shows every card in
    the piles and the called card's holder, so its result is fixed. Seed 2, the
    last legal action each turn: seat 0 bids 120, everyone else passes, and the
    declarer's side takes 93 points, short of the bid. A record saying the
    contract was made (the other side's winners and every score negated:
    +2/+1/-1 against -2/-1/+1) is a result a deal of 93 points could have, but
    not this deal's."""
    rules = attrs.evolve(preset("bastardo"), match=MatchFormat.SINGLE)
    match = new_match(rules, seed=2)
    while not match.is_over:
        match = apply(match, legal_actions(match)[-1])
    real = match.results[-1]
    ours, theirs = real.sides
    assert real.points == (93, 27) and real.winners == theirs
    forged_result = Outcome(
        sides=real.sides,
        points=real.points,
        winners=ours,
        scores=tuple(-score for score in real.scores),
    )
    seen = observe(match, 1)
    assert loads(dumps(seen)) == seen
    forged = attrs.evolve(seen, match_results=(forged_result,), match_totals=forged_result.scores)
    with pytest.raises(ValueError, match="the last result is not how the deal ended"):
        loads(dumps(forged))


def _document(state: object) -> dict[str, Any]:
    loaded = json.loads(dumps(state))  # type: ignore[arg-type]
    assert isinstance(loaded, dict)
    return loaded


def _loads_refuses(document: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as refused:
        loads(json.dumps(document))
    assert str(refused.value) == message


def test_an_action_with_too_many_items_is_refused_where_it_stands() -> None:
    """A bare action is one item and a spoken word two: more is refused,
    naming the action's place in the history."""
    cut = _document(new_game(preset("split-2p"), seed=1))
    _loads_refuses(dict(cut, history=[["cut", 1]]), "game.history[0]: expected 1 item, found 2")
    talk = _document(new_game(preset("split-4p"), seed=1))
    _loads_refuses(
        dict(talk, history=[["cut"], ["say", "karik", "punti"]]),
        "game.history[1]: expected 2 items, found 3",
    )


def _bastardo_observation() -> dict[str, Any]:
    bid = apply(new_game(preset("bastardo"), seed=1), Bid(61))
    return _document(observe(bid, 1))


def test_a_missing_key_is_named() -> None:
    """Saving games, "Bad input": a missing key is named with its place in
    the document."""
    game = _document(new_game(preset("italian-2p"), seed=1))
    del game["history"]
    _loads_refuses(game, "game: missing key 'history'")


def test_observation_fields_are_named_when_refused() -> None:
    """A wrong card in an observation's contract or turned card, or a
    contract's bid that is another action, is refused at its field."""
    seen = _bastardo_observation()
    contract = seen["contract"]
    _loads_refuses(
        dict(seen, turned_card=40),
        "observation.turned_card: a card is an int from 0 to 39, found the number 40",
    )
    _loads_refuses(
        dict(seen, contract=dict(contract, called_card=40)),
        "observation.contract.called_card: a card is an int from 0 to 39, found the number 40",
    )
    _loads_refuses(
        dict(seen, contract=dict(contract, bid=["pass"])),
        "observation.contract.bid: expected a bid, found pass",
    )


def test_kinds_of_wrong_values_are_named() -> None:
    """The message says what kind of JSON value stood where another was
    expected, or which bound a count broke."""
    rules = _document(preset("italian-2p"))
    _loads_refuses(
        dict(rules, rules=dict(rules["rules"], card_points=[1])),
        "rules.card_points: expected an object of rank to points, found an array",
    )
    seen = _document(observe(new_game(preset("italian-2p"), seed=1), 0))
    for field in ("tricks_won", "hand_sizes"):
        _loads_refuses(
            dict(seen, **{field: [-1, 0]}),
            f"observation.{field}[0]: expected an int of at least 0, found -1",
        )
    match = _document(new_match(preset("italian-2p"), seed=3))
    _loads_refuses(
        dict(match, seed=1.5),
        "match.seed: a match seed is an int or a string, found the number 1.5",
    )


def test_a_result_where_the_declarer_took_every_point_loads() -> None:
    """In bastardo the declarer's side may take all 120 points: an
    observation of a match whose finished deal ended so loads as saved."""
    rules = attrs.evolve(preset("bastardo"), match=MatchFormat.FIRST_TO, match_target=200)
    match = new_match(rules, seed=1)
    rng = random.Random(1)
    while not match.results:
        match = apply(match, rng.choice(legal_actions(match)))
    seen = observe(match, 0)
    for taken in (120, 119):
        result = contract_outcome(rules, 0, 1, taken, True)
        assert result.points == (taken, 120 - taken)
        claimed = attrs.evolve(seen, match_results=(result,), match_totals=result.scores)
        assert loads(dumps(claimed)) == claimed


def apply_first(state: Any) -> Any:
    """The state after the first legal action."""
    from briscola import apply

    return apply(state, legal_actions(state)[0])


def test_loads_refuses_a_bid_of_the_wrong_length() -> None:
    """A bid is ``["bid", points]`` or ``["bid", points, rank]``."""
    rules = preset("bastardo")
    document = json.loads(dumps(new_game(rules, seed=1)))
    for bad in (["bid"], ["bid", 70, "ace", 1]):
        document["history"] = [bad]
        with pytest.raises(ValueError, match="bid"):
            loads(json.dumps(document))


def test_loads_refuses_observations_that_do_not_hold_together() -> None:
    """A saved observation of a match needs both its results and its
    totals, and a dealer that follows from them."""
    match = new_match(preset("italian-2p"), seed=2)
    while not match.results:
        match = apply_first(match)
    seen = observe(match, 0)
    document = json.loads(dumps(seen))
    assert loads(dumps(seen)) == seen
    key = next(k for k in document if "totals" in k)
    without = {k: v for k, v in document.items() if k != key}
    with pytest.raises(ValueError):
        loads(json.dumps(without))
    moved = dict(document)
    moved["dealer"] = (document["dealer"] + 1) % 2
    with pytest.raises(ValueError):
        loads(json.dumps(moved))


def test_loads_refuses_misshapen_parts() -> None:
    """Rules that are not an object, a match's deals that are not lists of
    actions, a match that goes on after it was over, a contract whose bid
    is not a bid and an observation without match totals: each a
    ValueError."""
    rules = json.loads(dumps(preset("italian-2p")))
    rules["rules"] = []
    with pytest.raises(ValueError, match="object"):
        loads(json.dumps(rules))

    match = new_match(preset("italian-2p"), seed=13)
    while not match.is_over:
        match = apply_first(match)
    document = json.loads(dumps(match))
    assert len(document["deals"]) == 1
    bad_deals: list[Any] = [[[[]]], [{}], document["deals"] * 2]
    for deals in bad_deals:
        with pytest.raises(ValueError):
            loads(json.dumps({**document, "deals": deals}))

    bastardo = new_match(preset("bastardo"), seed=2)
    from briscola import apply

    bastardo = apply(bastardo, Bid(61))
    seen = json.loads(dumps(observe(bastardo, 0)))
    assert seen["contract"]["bid"] == ["bid", 61]
    with pytest.raises(ValueError, match="bid"):
        loads(json.dumps({**seen, "contract": {**seen["contract"], "bid": ["pass"]}}))
    with pytest.raises(ValueError, match="match_totals"):
        loads(json.dumps({**seen, "match_totals": None}))


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (True, "a boolean"),
        (None, "null"),
        (1.5, "the number 1.5"),
        ("x", "a string"),
        ([1], "an array"),
    ],
)
def test_loads_names_the_kind_of_a_wrong_value(value: object, kind: str) -> None:
    """A value of the wrong JSON kind is named as such in the message."""
    import json

    from briscola import dumps, loads

    document = json.loads(dumps(new_game(preset("italian-2p"), seed=1)))
    document["rules"] = value
    with pytest.raises(ValueError, match=f"^game.rules: expected an object, found {kind}$"):
        loads(json.dumps(document))


def test_loads_says_where_a_deck_is_wrong() -> None:
    """A saved deal whose pack lacks a card: the message starts with where
    (``game``) and says which card is missing."""
    import json

    from briscola import dumps, loads

    state = new_game(preset("italian-2p"), seed=1)
    document = json.loads(dumps(state))
    document["pack"] = document["pack"][:-1]
    with pytest.raises(ValueError) as refused:
        loads(json.dumps(document))
    assert str(refused.value) == (
        f"game: the deck must be an order of the rules' 40 cards (it has 39; missing {state.pack[-1]})"
    )


@pytest.mark.parametrize(
    ("kind", "field", "value", "message"),
    [
        ("game", "zz", 1, "game: unknown key 'aa', 'zz'"),
        ("game", "history", 5, "game.history: expected an array, found the number 5"),
        ("observation", "seat", 5, "observation.seat: expected an int from 0 to 1, found 5"),
        ("observation", "to_move", 9, "observation.to_move: expected an int from 0 to 1, found 9"),
        (
            "observation",
            "actors",
            [7],
            "observation.actors[0]: expected an int from 0 to 1, found 7",
        ),
        ("rules", "colour", 1, "rules: unknown rules field 'colour'"),
    ],
)
def test_loads_says_where_a_value_is_wrong(
    kind: str, field: str, value: object, message: str
) -> None:
    """Every refusal of ``loads`` starts with the path of the wrong value
    in the document, then says what was expected and what was found."""
    import json

    from briscola import dumps, loads

    state = new_game(preset("italian-2p"), seed=1)
    saved: Any = {"game": state, "observation": observe(state, 0), "rules": state.rules}[kind]
    document = json.loads(dumps(saved))
    if kind == "rules":
        document["rules"][field] = value
    else:
        document[field] = value
    if field == "zz":
        document["aa"] = 2
    with pytest.raises(ValueError) as refused:
        loads(json.dumps(document))
    assert str(refused.value) == message


def test_loads_names_the_kind_of_document_expected() -> None:
    """``loads(text, expect)`` refuses another kind of document, naming
    both kinds in the words of the format."""
    from briscola import MatchState, dumps, loads, new_match

    rules = preset("italian-2p")
    with pytest.raises(
        ValueError, match="^expected a saved game document, found a rules document$"
    ):
        loads(dumps(rules), GameState)
    with pytest.raises(
        ValueError, match="^expected a saved match document, found a game document$"
    ):
        loads(dumps(new_game(rules, seed=1)), MatchState)
    with pytest.raises(ValueError, match="^expected a saved observation document, found a match"):
        loads(dumps(new_match(rules, seed=1)), Observation)
