"""Hostile input: the reproducers of the reliability review (Testing, "Hostile
input") and the behaviours its mutation run found unpinned.

Every entry point bounds the work it does on input before doing it and
refuses what it cannot take with a ``ValueError`` (``IllegalActionError``
for an action the rules forbid now) whose message stays short. Each
reproducer here runs in well under a second; the property tests feed
``loads`` hostile JSON shapes within the Hypothesis profiles' budgets.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    FULL_PACK,
    Bid,
    Card,
    Exchange,
    GameState,
    IllegalActionError,
    Knock,
    MatchFormat,
    Rank,
    Rules,
    Suit,
    SwapTrump,
    apply,
    dumps,
    is_legal,
    legal_actions,
    loads,
    new_game,
    new_match,
    observe,
    outcome,
    preset,
    sample_state,
)

from .strategies import card, deck_with, first_play, play_cards

SHORT = 300
"""The longest error message a hostile value may produce (characters)."""


def refused(make: Callable[[], object], *words: str) -> str:
    """Call ``make``, expect a short ``ValueError`` naming ``words``, and
    return its message."""
    with pytest.raises(ValueError) as info:
        make()
    message = str(info.value)
    assert len(message) <= SHORT, message[:SHORT]
    for word in words:
        assert word in message, (word, message)
    return message


def make_rules(changes: dict[str, Any]) -> Rules:
    """``Rules(**changes)``, for values of any type."""
    return Rules(**changes)


def play_out(state: GameState) -> GameState:
    """Play ``state`` to its end with the first legal action."""
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    return state


def _nested(depth: int) -> tuple[Any, ...]:
    value: tuple[Any, ...] = ()
    for _ in range(depth):
        value = (value,)
    return value


# -- Rules: seats, bounds, clear errors ------------------------------------------


@pytest.mark.parametrize("seat", [3.0, True, "3", None, 3 + 0j, (3,)])
def test_team_seats_must_be_exact_ints(seat: Any) -> None:
    """Testing, "Hostile input" (a seat is an ``int``): ``teams=((0, 2), (1,
    3.0))`` used to equal the preset (and share its hash) and then break
    outcome, loads and every rules-keyed cache. A seat that is not exactly an
    ``int`` is refused, naming it."""
    four = preset("italian-4p")
    refused(lambda: attrs.evolve(four, teams=((0, 2), (1, seat))), "Rules.teams", "int")


def test_a_refused_team_leaves_equal_rules_working() -> None:
    """Testing, "Hostile input" (a seat is an ``int``): after a refused float
    seat, rules equal to the preset still deal, play and score (no poisoned
    cache)."""
    four = preset("italian-4p")
    float_seat: Any = ((0, 2.0), (1, 3))
    refused(lambda: attrs.evolve(four, teams=float_seat))
    again = attrs.evolve(four, teams=((0, 2), (1, 3)))
    assert again == four and hash(again) == hash(four)
    result = outcome(play_out(new_game(again, seed=7)))
    assert result is not None and sum(result.points) == 120
    assert loads(dumps(again)) == four


@pytest.mark.parametrize(
    "teams",
    [5, "ab", ((0, 2), 1), ((0, "2"), (1, 3)), (((0,), 2), (1, 3)), ((0, 2), (1, 3), ())],
)
def test_malformed_teams_are_value_errors(teams: Any) -> None:
    """Testing, "Hostile input": mixed-type or non-sequence teams gave
    TypeError ("'<' not supported", "not iterable"); now each is a clear
    ValueError."""
    refused(lambda: Rules(players=4, teams=teams), "Rules.teams")


@pytest.mark.parametrize(
    ("field", "high"),
    [
        ("players", 20),
        ("hand_size", 40),
        ("packet_size", 40),
        ("plays_per_trick", 40),
        ("min_bid", 4000),
        ("match_target", 200),
    ],
)
def test_counts_have_upper_bounds(field: str, high: int) -> None:
    """Testing, "Hostile input" (an upper bound for every count):
    ``Rules(players=10**5000)`` and ``Rules(match_target=10**5000)`` failed
    late or in ``repr``. Each count is refused above its documented bound, at
    once and in a short message that does not print the number."""
    for value in (10**5000, high + 1, -(10**5000), 2.0, True):
        message = refused(functools.partial(make_rules, {field: value}), f"Rules.{field}")
        assert f"to {high}" in message
    assert "bits" in refused(lambda: make_rules({field: 10**5000}))


def test_the_bounds_themselves_are_usable() -> None:
    """The bounds are where the game's own constraints take over: a
    first-to-200 match and 20 seats of one card each are fine."""
    long_match = Rules(match=MatchFormat.FIRST_TO, match_target=200)
    assert long_match.match_target == 200
    twenty = Rules(players=20, hand_size=1)
    assert twenty.tricks == 2
    refused(lambda: Rules(players=20, hand_size=2), "trump")


@pytest.mark.parametrize(
    ("points", "words"),
    [
        ({"ace": 11}, ["card_points", "'ace'"]),
        ("abc", ["card_points", "sequence"]),
        (5, ["card_points", "sequence"]),
        ({Rank.ACE: 11.0}, ["card_points", "11.0"]),
        ({Rank.ACE: True}, ["card_points"]),
        ([(Rank.ACE, 11, 1)], ["card_points"]),
        ([Rank.ACE], ["card_points"]),
        ([(Rank.ACE, 101)], ["card_points", "100"]),
        ([(Rank.ACE, 11), (Rank.ACE, 10)], ["card_points", "once"]),
        (((rank, 1) for rank in itertools.cycle(Rank)), ["card_points", "at most 10"]),
    ],
)
def test_card_points_errors_are_clear(points: object, words: list[str]) -> None:
    """Testing, "Hostile input": ``card_points={"ace": 11}`` raised
    AttributeError and ``card_points="abc"`` "not enough values to unpack". A
    mapping from ranks or (rank, points) pairs is the documented input;
    anything else is a ValueError that says so, without reading an endless
    iterable."""
    refused(lambda: make_rules({"card_points": points}), *words)


def test_card_points_accepts_a_mapping_of_ranks() -> None:
    """The documented input: a mapping of ranks equals the same pairs, in
    canonical order, with worthless ranks dropped."""
    mapping = {Rank.KING: 4, Rank.ACE: 11, Rank.TWO: 0, Rank.THREE: 10}
    rules = Rules(card_points=mapping)
    assert rules.card_points == ((Rank.ACE, 11), (Rank.THREE, 10), (Rank.KING, 4))
    assert rules == Rules(card_points=[(Rank.THREE, 10), (Rank.ACE, 11), (Rank.KING, 4)])


def test_duplicate_redraw_ranks_are_refused_like_duplicate_removed_cards() -> None:
    """Variants: presets and rules fields, "What the record refuses": duplicate
    ``redraw_ranks`` made unequal rules that play the same, while duplicate
    ``removed`` cards were refused. Both are refused now, and both fields are
    kept in canonical order, so that rules that play alike are equal."""
    ace, three = Rank.ACE, Rank.THREE
    refused(lambda: Rules(redraw_ranks=(ace, three, ace)), "redraw_ranks", "twice")
    two = card("two of clubs")
    refused(lambda: Rules(players=3, removed=(two, two)), "removed", "twice")
    assert Rules(redraw_ranks=(three, ace)) == Rules(redraw_ranks=(ace, three))
    assert Rules(redraw_ranks=(three, ace)).redraw_ranks == (ace, three)


@pytest.mark.parametrize("field", ["removed", "strength", "redraw_ranks", "card_points", "teams"])
def test_sequence_fields_are_bounded_before_reading(field: str) -> None:
    """Every public entry point bounds its input before working on it: an
    endless iterable is refused after one item past the field's limit."""
    endless: Iterator[Any] = itertools.repeat((0, 1) if field == "teams" else Rank.ACE)
    refused(lambda: make_rules({"players": 4, field: endless}), f"Rules.{field}")


@pytest.mark.parametrize(
    "changes",
    [
        {"deal": "x" * 10_000_000},
        {"exchange": 10**5000},
        {"clockwise": "y" * 10_000_000},
        {"strength": ("z" * 10_000_000,) * 10},
        {"removed": (10**5000,)},
        {"players": 4, "teams": ((0, 2), (1, 10**5000))},
        {"removed": (_nested(100_000),)},
        {"players": 4, "teams": (_nested(100_000), (1, 3))},
    ],
    ids=["deal", "exchange", "clockwise", "strength", "removed", "teams", "nested", "nested-teams"],
)
def test_messages_do_not_echo_huge_values(changes: dict[str, Any]) -> None:
    """Testing, "Hostile input", for rules: a 10 MB value gives a short
    message."""
    refused(lambda: make_rules(changes), "Rules.")


# -- Bid ------------------------------------------------------------------------


def test_a_huge_bid_is_refused_when_it_is_made() -> None:
    """Testing, "Hostile input" (``Bid`` takes points from 0 to 4,000):
    ``is_legal(state, Bid(10**5000))`` raised Python's int-to-text error
    instead of answering. No rules allow a bid above 4,000 points (every card
    at 100), so ``Bid`` refuses it at once; every bid it accepts gets an answer
    from ``is_legal``."""
    refused(lambda: Bid(10**5000), "0 to 4000", "out of range")
    refused(lambda: Bid(-1), "0 to 4000", "-1")
    refused(lambda: Bid(4001), "4001")
    with pytest.raises(TypeError):
        Bid(True)
    with pytest.raises(TypeError):
        Bid(61.0)  # type: ignore[arg-type]
    state = new_game(preset("bastardo"), seed=1)
    assert not is_legal(state, Bid(4000))
    assert not is_legal(state, Bid(0))
    assert is_legal(state, Bid(120))
    assert not is_legal(new_game(preset("italian-2p"), seed=1), Bid(4000))


# -- Cards are ordered by index --------------------------------------------------


def test_cards_order_by_their_place_in_the_pack() -> None:
    """Testing, "Hostile input": ``card < card`` compares canonical pack
    positions (not strength, which belongs to the rules), and so do ``<=``,
    ``>``, ``>=``; sorting any hand gives canonical order."""
    for a, b in itertools.product(FULL_PACK[::3], FULL_PACK[::4]):
        assert (a < b) is (a.index < b.index)
        assert (a <= b) is (a.index <= b.index)
        assert (a > b) is (a.index > b.index)
        assert (a >= b) is (a.index >= b.index)
    shuffled = list(FULL_PACK)
    random.Random(3).shuffle(shuffled)
    assert tuple(sorted(shuffled)) == FULL_PACK
    ace, king = Card(Suit.COINS, Rank.ACE), Card(Suit.COINS, Rank.KING)
    assert ace < king  # although the ace is the stronger card
    for other in (0, "ace of coins", None):
        with pytest.raises(TypeError):
            _ = ace < other  # type: ignore[operator]
        with pytest.raises(TypeError):
            _ = ace >= other  # type: ignore[operator]


# -- Seeds that are not ints or strings ------------------------------------------


@pytest.mark.parametrize("seed", [True, False, 1.5, 2.0, math.nan, b"seed", bytearray(b"x")])
def test_new_match_refuses_seeds_that_are_not_int_or_str(seed: Any) -> None:
    """Matches, "Seeding": a match's deals are shuffled with ``f"{seed}:{k}"``,
    so its seed must be an int or a string; bools, floats (NaN too) and bytes
    are refused with a ValueError naming the type of seed expected."""
    refused(lambda: new_match(preset("italian-2p"), seed=seed), "seed", "int or a str")


def test_new_match_takes_int_and_str_seeds() -> None:
    """The seeds a match does take replay: equal seeds, equal matches."""
    rules = preset("italian-2p")
    assert new_match(rules, seed=5) == new_match(rules, seed=5)
    assert new_match(rules, seed="five") == new_match(rules, seed="five")
    assert new_match(rules, seed=5).game == new_game(rules, seed=5)


# -- The redraw limit's boundary -------------------------------------------------


def _redrawn(rules: Rules, ranks: tuple[Rank, ...]) -> int:
    return sum(1 for c in rules.pack if c.rank in ranks)


def test_redraw_limit_boundary() -> None:
    """Finnish briscola, "Choices the library makes" (which deals allow it):
    the ace/three redraw allows at most ``(undealt - 1) // 2`` cards of redrawn
    ranks in the pack, so that a card of another rank can always be turned:
    exactly that many is accepted, one more refused. Six seats, 36 cards, 18
    undealt: the limit is 8."""
    six = preset("italian-6p")
    undealt = len(six.pack) - 6 * 3
    assert (undealt - 1) // 2 == 8
    at_limit = attrs.evolve(six, redraw_ranks=(Rank.ACE, Rank.THREE))
    assert _redrawn(at_limit, at_limit.redraw_ranks) == 8
    # The same pack size with three kings removed instead of three twos:
    # ace, three and king make 4 + 4 + 1 = 9 cards, one past the limit.
    kings = tuple(Card(suit, Rank.KING) for suit in (Suit.COINS, Suit.CUPS, Suit.SWORDS))
    other_pack = kings + (card("two of clubs"),)
    over = (Rank.ACE, Rank.THREE, Rank.KING)
    assert _redrawn(attrs.evolve(six, removed=other_pack), over) == 9
    refused(
        lambda: attrs.evolve(six, removed=other_pack, redraw_ranks=over),
        "18 undealt",
        "9 cards",
    )
    assert attrs.evolve(six, removed=other_pack, redraw_ranks=(Rank.ACE, Rank.KING))
    # At the limit every deal still turns a card of another rank.
    for seed in range(40):
        state = new_game(at_limit, seed=seed)
        assert state.trump_card is not None
        assert state.trump_card.rank not in at_limit.redraw_ranks
        assert len(state.stock) == undealt - 1


# -- Hostile JSON fed to loads ------------------------------------------------------


_HUGE = "<huge>"
_NEG_HUGE = "<-huge>"
"""Markers for numbers too long for ``json.dumps``: the text gets a
4,400-digit number in their place."""


def _text(value: Any) -> str:
    text = json.dumps(value)
    return text.replace('"<huge>"', "9" * 4_400).replace('"<-huge>"', "-" + "9" * 4_400)


def _only_value_errors(value: Any) -> None:
    """``loads`` of ``value`` as JSON text returns something that saves
    back to the same object, or raises a short ValueError; nothing else."""
    text = _text(value)
    try:
        loaded = loads(text)
    except ValueError:
        return
    assert loads(dumps(loaded)) == loaded


_json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.sampled_from([_HUGE, _NEG_HUGE, 2**63, -1, 0, 1, 39, 40])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["game", "match", "rules", "observation", "play", "bid", "ace", "cups"])
)
_json_values = st.recursive(
    _json_scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["format", "type", "rules", "pack", "dealer", "history", "seed"])
            | st.text(max_size=8),
            inner,
            max_size=5,
        )
    ),
    max_leaves=25,
)


@given(_json_values)
def test_loads_random_json_values(value: Any) -> None:
    """Any JSON value at all: loads reads it or refuses it with ValueError."""
    _only_value_errors(value)


@given(
    st.fixed_dictionaries(
        {"format": st.just(1), "type": st.sampled_from(["rules", "game", "match"])},
        optional={
            "rules": _json_values,
            "pack": _json_values,
            "dealer": _json_values,
            "history": _json_values,
            "seed": _json_values,
            "results": _json_values,
            "over": _json_values,
        },
    )
)
def test_loads_documents_of_the_right_kind_with_random_fields(value: Any) -> None:
    """A document of a real type with random field values: ValueError."""
    _only_value_errors(value)


def _real_documents() -> list[Any]:
    """Real ``dumps`` output: rules, deals and matches, fresh and played."""
    documents = []
    for name in ("italian-4p", "split-2p", "bastardo", "finnish-3p", "spanish-2p"):
        rules = preset(name)
        state = new_game(rules, seed=11)
        for _ in range(7):
            if state.is_over:
                break
            state = apply(state, legal_actions(state)[-1])
        match = new_match(rules, seed=4)
        documents += [json.loads(dumps(x)) for x in (rules, state, match)]
    return documents


_REAL = _real_documents()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indexes) to a value inside ``value``."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return copy


_hostile_values = (
    st.sampled_from(
        [
            None,
            True,
            False,
            -1,
            0,
            1.5,
            float("1e308"),
            _HUGE,
            _NEG_HUGE,
            2**64,
            "",
            "x" * 100_000,
            "ace of cups",
            [],
            {},
            [[[[[]]]]],
            [None] * 1000,
            {"type": "rules"},
        ]
    )
    | _json_values
)


@given(st.sampled_from(_REAL), st.data())
def test_loads_real_documents_with_a_wrong_value_anywhere(document: Any, data: Any) -> None:
    """Real ``dumps`` output with any one value (a field, an item, a
    nested item, the whole document) replaced by a wrong type, a huge
    number or text, or random JSON: loads gives a ValueError (or a valid
    object, when the replacement happens to be valid)."""
    path = data.draw(st.sampled_from(_paths(document)))
    new = data.draw(_hostile_values)
    _only_value_errors(_replaced(document, path, new))


@given(st.sampled_from(_REAL), st.data())
def test_loads_real_documents_with_a_key_removed_or_added(document: Any, data: Any) -> None:
    """Real documents missing one of their keys, or with one unknown key
    more, anywhere: ValueError or a valid object."""
    dicts = [p for p in _paths(document) if isinstance(_at(document, p), dict)]
    path = data.draw(st.sampled_from(dicts))
    target = json.loads(json.dumps(_at(document, path)))
    keys = sorted(target)
    if keys and data.draw(st.booleans()):
        del target[data.draw(st.sampled_from(keys))]
    else:
        target[data.draw(st.text(max_size=10))] = data.draw(_hostile_values)
    _only_value_errors(_replaced(document, path, target))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@pytest.mark.parametrize(
    "text",
    [
        "[" * 200_000 + "]" * 200_000,
        '{"a":' * 100_000 + "1" + "}" * 100_000,
        "[" * 200_000,
        "9" * 5_000,
        '{"format": 1, "type": "rules", "rules": {"players": ' + "9" * 4_000 + "}}",
        '{"format": 1e999, "type": "rules"}',
        '{"format": NaN, "type": "rules"}',
        '{"format": 1, "type": "' + "x" * 1_000_000 + '"}',
        '{"format": 1, "type": "game", "rules": {}, "pack": [' + "0," * 100_000 + "0]}",
        "\ufeff{}",
        "",
        "null",
    ],
    ids=range(12),
)
def test_loads_deep_huge_and_odd_texts(text: str) -> None:
    """Deep nesting, huge numbers, NaN, a megabyte of type name, a pack of
    100,001 cards: each a ValueError, quickly."""
    with pytest.raises(ValueError):
        loads(text)


# -- A knocked Split deal with an exchange ---------------------------------------


def _knocked_split_with_exchange() -> tuple[Rules, GameState]:
    """Split for four with the two-first-trick exchange, knocked: seat 0
    is dealt the two of coins and the ace of coins is turned."""
    rules = attrs.evolve(preset("split-4p"), exchange=Exchange.TWO_FIRST_TRICK)
    deck = deck_with(rules, {0: card("two of coins"), 12: card("ace of coins")})
    state = apply(new_game(rules, deck=deck), Knock())
    return rules, state


def test_knocked_split_deal_and_exchange_as_each_seat_sees_it() -> None:
    """Split briškula and dupla, "Cut or knock": after a knock each seat gets
    one packet of three (seat 0 ``deck[0:3]``, ...), the thirteenth card is
    turned; after seat 0 exchanges the two of trumps everyone knows seat 0
    holds the ace of coins, the two lies face up, and partners' hands stay
    hidden while the stock lasts."""
    rules, state = _knocked_split_with_exchange()
    deck = state.pack
    assert state.hands == tuple(tuple(deck[3 * s : 3 * s + 3]) for s in range(4))
    assert state.trump_card == card("ace of coins") and state.to_move == 0
    swapped = apply(state, SwapTrump(card("two of coins")))
    assert swapped.trump_card == card("two of coins")
    assert card("ace of coins") in swapped.hands[0]
    for seat in range(4):
        seen = observe(swapped, seat)
        assert seen.trump_card == card("two of coins")
        assert seen.turned_card == card("ace of coins")
        assert seen.hand == swapped.hands[seat]
        assert card("ace of coins") in seen.known_hands[0]
        if seat != 0:
            assert seen.known_hands[0] == (card("ace of coins"),)
        partner = (seat + 2) % 4
        if partner != 0:
            assert seen.known_hands[partner] == ()


def test_knocked_split_partner_hands_once_the_stock_is_gone() -> None:
    """Observations and search, "Partners' hands": in the knocked deal with an
    exchange, from the moment the stock and the trump card are gone each seat
    sees its partner's whole hand (in canonical order), and only its partner's;
    the sampler keeps what each seat sees at every step."""
    rules, state = _knocked_split_with_exchange()
    state = apply(state, SwapTrump(card("two of coins")))
    rng = random.Random(5)
    while not state.is_over:
        for seat in range(4):
            seen = observe(state, seat)
            partner = (seat + 2) % 4
            stock_gone = not state.stock and state.trump_card is None
            if stock_gone:
                assert seen.known_hands[partner] == tuple(sorted(state.hands[partner]))
            else:
                assert len(seen.known_hands[partner]) <= 1  # at most the ace taken
            for other in (seat + 1) % 4, (seat + 3) % 4:
                assert len(seen.known_hands[other]) <= 1  # at most the ace taken
            guess = sample_state(seen, rng)
            assert observe(guess, seat) == seen
            assert guess.hands[seat] == state.hands[seat]
            if stock_gone:
                assert sorted(guess.hands[partner]) == sorted(state.hands[partner])
        state = apply(state, first_play(state))


# -- Per-seat piles in team games ------------------------------------------------


def test_team_piles_are_per_seat_without_piles_by_side() -> None:
    """Italian briscola, two to six players, "Choices the library makes"
    (piles): in a team game without ``piles_by_side`` each trick goes to the
    pile of the seat that won it; with it, to the side's lowest seat. Either
    way the side's points add up both partners' piles."""
    rules = preset("italian-4p")
    assert not rules.piles_by_side
    # Seat 3 wins the first trick with the ace of the led suit; its side's
    # lowest seat is seat 1.
    deck = deck_with(
        rules,
        {
            0: card("two of cups"),
            1: card("four of cups"),
            2: card("five of cups"),
            3: card("ace of cups"),
            12: card("six of swords"),
        },
    )
    trick = [card("two of cups"), card("four of cups"), card("five of cups"), card("ace of cups")]
    after = play_cards(new_game(rules, deck=deck), *trick)
    assert sorted(after.piles[3]) == sorted(trick)
    assert after.piles[0] == after.piles[1] == after.piles[2] == ()
    assert after.to_move == 3
    by_side = attrs.evolve(rules, piles_by_side=True)
    lumped = play_cards(new_game(by_side, deck=deck), *trick)
    assert sorted(lumped.piles[1]) == sorted(trick)
    assert lumped.piles[0] == lumped.piles[2] == lumped.piles[3] == ()
    assert lumped.to_move == 3
    for state in (after, lumped):
        end = play_out(state)
        result = outcome(end)
        assert result is not None
        for side, points in zip(result.sides, result.points):
            assert points == sum(rules.points_of(c) for seat in side for c in end.piles[seat])
    assert observe(lumped, 0).piles == lumped.piles


# -- The sampler refuses forged observations -------------------------------------


def _forgeries() -> list[tuple[str, Any]]:
    rules = preset("finnish-4p")
    state = new_game(rules, seed=2)
    state = play_cards(state, state.hands[0][0], state.hands[1][0])
    seen = observe(state, 0)
    shown = {*seen.hand, *seen.buried, seen.turned_card, *(c for _, c in seen.trick)}
    unseen = [c for c in rules.pack if c not in shown]
    other = unseen[0]
    plain = next(c for c in unseen if c.rank not in rules.redraw_ranks)
    forged = [
        ("seat", attrs.evolve(seen, seat=4)),
        ("dealer", attrs.evolve(seen, dealer=-1)),
        ("actors", attrs.evolve(seen, actors=seen.actors[:-1])),
        ("actors range", attrs.evolve(seen, actors=(0, 9))),
        ("hands per seat", attrs.evolve(seen, known_hands=seen.known_hands[:3])),
        ("hand sizes", attrs.evolve(seen, hand_sizes=seen.hand_sizes[:3])),
        ("own hand", attrs.evolve(seen, known_hands=((other,),) + seen.known_hands[1:])),
        (
            "two places",
            attrs.evolve(
                seen,
                hand=seen.hand[:-1] + (seen.trick[0][1],),
                known_hands=(seen.hand[:-1] + (seen.trick[0][1],),) + seen.known_hands[1:],
            ),
        ),
        ("no turned card", attrs.evolve(seen, turned_card=None)),
        ("buried rank", attrs.evolve(seen, buried=(plain,))),
    ]
    split = new_game(preset("split-2p"), seed=3)
    before = observe(split, 1)
    forged.append(
        ("turned before the knock", attrs.evolve(before, turned_card=card("ace of cups")))
    )
    bastardo = observe(new_game(preset("bastardo"), seed=3), 0)
    forged.append(("bastardo turned", attrs.evolve(bastardo, turned_card=card("ace of cups"))))
    return forged


@pytest.mark.parametrize(
    ("what", "forged"), _forgeries(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_the_sampler_refuses_forged_observations(what: str, forged: Any) -> None:
    """Saving games, "Bad input" (an observation that no deal agrees with): an
    observation that ``observe`` could not have made (a seat or dealer out of
    range, actions without actors, hands for the wrong number of seats, a card
    in two places, a turned card where none is turned or missing where one is,
    buried cards of other ranks) is refused with a ValueError; nothing is
    sampled."""
    with pytest.raises(ValueError, match="no deal agrees|observation"):
        sample_state(forged, random.Random(1))


# -- Why an exchange is refused --------------------------------------------------


_TAKES = {
    Rank.SEVEN: {Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.JACK},
    Rank.TWO: {Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR},
}


def _reason_holds(state: GameState, offered: Card, reason: str) -> bool:
    """Whether the reason the engine gave for refusing ``SwapTrump(given)``
    is true of ``state`` (rule by rule, from the exchange modes as
    documented)."""
    rules = state.rules
    seat = state.to_move
    face_up = state.trump_card
    side = next((s for s in rules.sides if seat in s), ())
    side_won = any(state.tricks_won[s] for s in side)
    checks: dict[str, Callable[[], bool]] = {
        "these rules have no trump exchange": lambda: rules.exchange is Exchange.NONE,
        "there is no exchange outside trick play": lambda: seat is None or not state.hands[seat],
        "the trump card has already been drawn": lambda: face_up is None,
        f"the {offered} is not in seat {seat}'s hand": lambda: (
            seat is not None and offered not in state.hands[seat]
        ),
        f"the {offered} is not a trump": lambda: (
            face_up is not None and offered.suit is not face_up.suit
        ),
        "only the two of trumps may be exchanged": lambda: offered.rank is not Rank.TWO,
        "the two may be exchanged only during the first trick": lambda: sum(state.tricks_won) > 0,
        "only the seven of trumps may be exchanged": lambda: offered.rank is not Rank.SEVEN,
        f"seat {seat}'s side has not won a trick yet": lambda: not side_won,
        "the seven may be exchanged only while two tricks with drawing remain": lambda: (
            len(state.stock) + 1 < 2 * rules.players
        ),
        "only the seven or the two of trumps may be exchanged": lambda: offered.rank not in _TAKES,
        f"the {offered.rank} of trumps cannot take a face-up "
        f"{face_up.rank if face_up else None}": lambda: (
            face_up is not None and face_up.rank not in _TAKES.get(offered.rank, set())
        ),
        f"seat {seat} has not won a trick yet": lambda: (
            seat is not None and not state.tricks_won[seat]
        ),
        "no face-down card remains in the stock": lambda: not state.stock,
        "only one exchange is allowed per turn": lambda: (
            bool(state.history) and isinstance(state.history[-1], SwapTrump)
        ),
    }
    return reason in checks and checks[reason]()


def _exchange_walk(rules: Rules, seeds: range) -> set[str]:
    """Play deals of ``rules``, exchanging whenever allowed, and at every
    step try to exchange each card of the pack: every refusal must say why
    in the documented form, with a reason true of the state, and leave the
    state as it was. Returns the reasons seen."""
    seen: set[str] = set()
    for seed in seeds:
        state = new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            allowed = set(legal_actions(state))
            suit = state.trump or Suit.COINS
            tried = [Card(suit, rank) for rank in Rank] + [
                Card(Suit((suit.value + 1) % 4), Rank.TWO)
            ]
            for offered in tried:
                action = SwapTrump(offered)
                if action in allowed:
                    continue
                with pytest.raises(IllegalActionError) as info:
                    apply(state, action)
                prefix = f"seat {state.to_move} cannot exchange the {offered}: "
                message = str(info.value)
                if not message.startswith(prefix):
                    # Before the cut or knock the refusal is about the turn.
                    assert state.hands == ((),) * rules.players, message
                    continue
                reason = message[len(prefix) :]
                assert _reason_holds(state, offered, reason), (reason, state)
                seen.add(reason.replace(str(offered), "CARD").split(" of trumps cannot")[0])
            swaps = [a for a in allowed if isinstance(a, SwapTrump)]
            state = apply(state, swaps[0] if swaps and rng.random() < 0.7 else first_play(state))
    return seen


def test_exchange_refusals_give_their_reasons() -> None:
    """Romanian briscola and Spanish brisca (the exchange rules): every refused
    exchange, in every mode, says which rule forbids it, and that rule does
    hold in the state: no exchange in the rules, not in trick play, the trump
    card drawn, the card not held or not a trump, the wrong rank, outside the
    first trick, no trick won by the seat or its side, too few tricks with
    drawing left, a face-up card the rank cannot take. (The Spanish "a
    face-down card must remain" is never the reason given: the face-up card is
    drawn together with the last face-down one, so "the trump card has already
    been drawn" comes first.)"""
    two = preset("romanian-2p")
    seven = attrs.evolve(preset("italian-4p"), exchange=Exchange.SEVEN_AFTER_WIN)
    spanish = preset("spanish-2p")
    spanish_side = attrs.evolve(preset("spanish-4p"), exchange_side_wins=True)
    split = attrs.evolve(preset("split-2p"), exchange=Exchange.SPANISH)
    plain = _exchange_walk(preset("italian-2p"), range(1))
    assert plain == {"these rules have no trump exchange"}
    reasons = set()
    for rules in (two, seven, spanish, spanish_side, split):
        reasons |= _exchange_walk(rules, range(2))
    assert {
        "the trump card has already been drawn",
        "the CARD is not in seat 0's hand",
        "the CARD is not a trump",
        "only the two of trumps may be exchanged",
        "the two may be exchanged only during the first trick",
        "only the seven of trumps may be exchanged",
        "the seven may be exchanged only while two tricks with drawing remain",
        "only the seven or the two of trumps may be exchanged",
        "the seven",
    } <= reasons, reasons
    assert any(
        r.startswith("seat ") and r.endswith(" has not won a trick yet") and "side" not in r
        for r in reasons
    )


@pytest.mark.parametrize(
    "rules",
    [
        attrs.evolve(preset("italian-4p"), exchange=Exchange.SEVEN_AFTER_WIN),
        attrs.evolve(preset("spanish-4p"), exchange_side_wins=True),
    ],
    ids=["seven-after-win", "spanish-side"],
)
def test_a_side_must_have_won_a_trick(rules: Rules) -> None:
    """Spanish brisca, "Other exchange rules" and "Choices the library makes"
    (a trick first): with the seven after a win (and the Spanish exchange
    counting the side's tricks) a seat whose side has won nothing may not
    exchange; once its partner wins a trick, it may."""
    deck = deck_with(
        rules,
        {
            0: card("seven of coins"),
            4: card("two of cups"),
            6: card("ace of cups"),
            12: card("ace of coins"),
            1: card("four of swords"),
            5: card("five of swords"),
            9: card("six of swords"),
            3: card("four of clubs"),
            7: card("five of clubs"),
            11: card("six of clubs"),
        },
    )
    state = new_game(rules, deck=deck)
    with pytest.raises(IllegalActionError) as info:
        apply(state, SwapTrump(card("seven of coins")))
    assert str(info.value) == (
        "seat 0 cannot exchange the seven of coins: seat 0's side has not won a trick yet"
    )
    # Seat 0 leads the two of cups, seat 2 (its partner) takes with the ace.
    state = play_cards(state, card("two of cups"), *state.hands[1][:1])
    state = play_cards(state, card("ace of cups"), *state.hands[3][:1])
    assert sum(state.tricks_won[s] for s in (0, 2)) == 1 and state.tricks_won[0] == 0
    while state.to_move != 0:
        state = apply(state, first_play(state))
    assert is_legal(state, SwapTrump(card("seven of coins")))


def test_one_exchange_per_turn() -> None:
    """Spanish brisca, "Choices the library makes" (one at a time): after
    giving the seven for the face-up ace, the seat may not give the two for the
    seven in the same turn, although the two takes a seven; its next turn it
    may."""
    rules = preset("spanish-2p")
    deck = deck_with(
        rules,
        {
            0: card("king of cups"),
            2: card("seven of coins"),
            4: card("two of coins"),
            1: card("four of cups"),
            6: card("ace of coins"),
        },
    )
    state = play_cards(new_game(rules, deck=deck), card("king of cups"), card("four of cups"))
    assert state.to_move == 0 and state.tricks_won[0] == 1
    state = apply(state, SwapTrump(card("seven of coins")))
    assert state.trump_card == card("seven of coins") and state.to_move == 0
    with pytest.raises(IllegalActionError) as info:
        apply(state, SwapTrump(card("two of coins")))
    assert str(info.value) == (
        "seat 0 cannot exchange the two of coins: only one exchange is allowed per turn"
    )
    assert not is_legal(state, SwapTrump(card("two of coins")))


def test_no_exchange_before_the_cut_or_knock() -> None:
    """Split briškula and dupla, "Cut or knock": before the cut or knock
    nothing is dealt, so there is no exchange, even with rules that allow one;
    the refusal says what the deal waits for."""
    rules = attrs.evolve(preset("split-2p"), exchange=Exchange.TWO_FIRST_TRICK)
    state = new_game(rules, seed=1)
    assert state.hands == ((), ())
    with pytest.raises(IllegalActionError) as info:
        apply(state, SwapTrump(card("two of cups")))
    assert str(info.value) == (
        "seat 0 cannot exchange the two of cups for the trump card now: "
        "the pack is waiting to be cut or knocked"
    )


def test_forged_observations_are_refused_with_their_reason() -> None:
    """Observations and search, "Search: sampling the hidden cards": the
    sampler says what does not fit: a card of the seat's own hand also shown in
    its partner's hand as dealt is in two places, named both; a hand shorter
    than the cards the seat was dealt and played is too short."""
    seen = observe(new_game(preset("romanian-4p"), seed=4), 0)
    shown = list(seen.shown_dealt)
    shown[2] = (seen.hand[0],) + shown[2][1:]
    with pytest.raises(ValueError) as info:
        sample_state(attrs.evolve(seen, shown_dealt=tuple(shown)), random.Random(0))
    assert str(info.value) == (
        f"no deal agrees with the observation: its hand holds the {seen.hand[0]}, "
        "which its shown_dealt[2] also holds"
    )
    plain = observe(new_game(preset("italian-2p"), seed=3), 0)
    short = attrs.evolve(
        plain,
        hand=plain.hand[:2],
        known_hands=(plain.hand[:2],) + plain.known_hands[1:],
        hand_sizes=(2,) + plain.hand_sizes[1:],
    )
    with pytest.raises(ValueError) as info:
        sample_state(short, random.Random(0))
    assert str(info.value) == (
        "no deal agrees with the observation: "
        "its hand holds 2 cards, but its history leaves the seat holding 3"
    )


def test_nested_values_are_shown_by_their_kind() -> None:
    """Testing, "Hostile input", for rules: a nested value in a message is cut
    short at the third level, lists shown as lists and tuples as tuples."""
    with pytest.raises(ValueError) as info:
        Rules(removed=[[[1]]])  # type: ignore[list-item]
    assert str(info.value) == "Rules.removed must hold cards, not ([[...]])"
    with pytest.raises(ValueError) as info:
        Rules(removed=[(((1,),),)])  # type: ignore[list-item]
    assert str(info.value) == "Rules.removed must hold cards, not (((...)))"
    with pytest.raises(ValueError) as info:
        Rules(removed=list(range(7)))  # type: ignore[arg-type]
    assert str(info.value) == "Rules.removed must hold cards, not (0, 1, 2, 3, 4, 5, ...)"


def test_rules_messages_name_the_value_and_the_rule() -> None:
    """From the mutation run: the messages themselves are pinned, the value
    shown as given, the rule said in words."""
    with pytest.raises(ValueError) as info:
        Rules(clockwise=1)  # type: ignore[arg-type]
    assert str(info.value) == "Rules.clockwise must be a bool, not 1"
    for change in ({"exchange": Exchange.SPANISH}, {"redraw_ranks": (Rank.ACE,)}):
        with pytest.raises(ValueError) as info:
            attrs.evolve(preset("bastardo"), **change)
        assert str(info.value) == (
            "the whole deal turns no trump card: it allows no exchange and no redraw"
        )


@pytest.mark.parametrize("rng", [None, "seed", 7, random])
def test_sample_state_wants_a_random_generator(rng: Any) -> None:
    """Reference, "Observations" (``sample_state``):
    ``sample_state(observation, None)`` raised AttributeError; an rng that is
    not a ``random.Random`` is now a TypeError naming it."""
    seen = observe(new_game(preset("italian-2p"), seed=1), 0)
    with pytest.raises(TypeError, match="random.Random"):
        sample_state(seen, rng)


def test_an_edited_match_history_does_not_load() -> None:
    """A saved match is replayed from its seed: changing a finished deal's
    actions (swapping two plays, which keeps every card played once) makes
    the replay illegal or different, and loading refuses it."""
    match = new_match(preset("split-2p"), seed=5)
    while len(match.finished) < 2 and not match.is_over:
        match = apply(match, legal_actions(match)[-1])
    document = json.loads(dumps(match))
    first = document["deals"][0]
    plays = [i for i, action in enumerate(first) if action[0] == "play"]
    first[plays[0]], first[plays[1]] = first[plays[1]], first[plays[0]]
    with pytest.raises(ValueError):
        loads(json.dumps(document))
