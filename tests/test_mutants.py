"""Behaviours that the mutation run of 40 mutants per module (seed 17, see
the "Testing" page) showed no test asserted: each test here was written
for mutants that survived the rest of the suite.

Most are what a user reads when input is refused (the place in a saved
document, the kind of value found, the sampler's reason, the auction's
rule); the others are results: the first deal of a match, the card a cut
Split deal turned when an exchange took it, and a bastardo result in which
the declarer's side took every point.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from briscola import (
    Bid,
    Call,
    Card,
    Cut,
    DealStyle,
    Exchange,
    IllegalActionError,
    MatchFormat,
    Pass,
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
from briscola._build import constructor, copier
from briscola._layout import deal_layout
from briscola._match import deal_seed
from briscola._outcome import contract_outcome
from briscola._play import why_no_swap
from briscola._rules import _show

# -- loads: where in the document, and what it found -------------------------------


def _document(state: object) -> dict[str, Any]:
    loaded = json.loads(dumps(state))  # type: ignore[arg-type]
    assert isinstance(loaded, dict)
    return loaded


def _refused(document: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as refused:
        loads(json.dumps(document))
    assert str(refused.value) == message


def test_an_action_with_too_many_items_is_refused_where_it_stands() -> None:
    """A bare action is one item and a spoken word two: more is refused,
    naming the action's place in the history."""
    cut = _document(new_game(preset("split-2p"), seed=1))
    _refused(dict(cut, history=[["cut", 1]]), "game.history[0]: expected 1 item, found 2")
    talk = _document(new_game(preset("split-4p"), seed=1))
    _refused(
        dict(talk, history=[["cut"], ["say", "karik", "punti"]]),
        "game.history[1]: expected 2 items, found 3",
    )


def _bastardo_observation() -> dict[str, Any]:
    bid = apply(new_game(preset("bastardo"), seed=1), Bid(61))
    return _document(observe(bid, 1))


def test_a_missing_key_is_named() -> None:
    game = _document(new_game(preset("italian-2p"), seed=1))
    del game["history"]
    _refused(game, "game: missing key 'history'")


def test_observation_fields_are_named_when_refused() -> None:
    """A wrong card in an observation's contract or turned card, or a
    contract's bid that is another action, is refused at its field."""
    seen = _bastardo_observation()
    contract = seen["contract"]
    _refused(
        dict(seen, turned_card=40),
        "observation.turned_card: a card is an int from 0 to 39, found the number 40",
    )
    _refused(
        dict(seen, contract=dict(contract, called_card=40)),
        "observation.contract.called_card: a card is an int from 0 to 39, found the number 40",
    )
    _refused(
        dict(seen, contract=dict(contract, bid=["pass"])),
        "observation.contract.bid: expected a bid, found pass",
    )


def test_kinds_of_wrong_values_are_named() -> None:
    """The message says what kind of JSON value stood where another was
    expected, or which bound a count broke."""
    rules = _document(preset("italian-2p"))
    _refused(
        dict(rules, rules=dict(rules["rules"], card_points=[1])),
        "rules.card_points: expected an object of rank to points, found an array",
    )
    seen = _document(observe(new_game(preset("italian-2p"), seed=1), 0))
    for field in ("tricks_won", "hand_sizes"):
        _refused(
            dict(seen, **{field: [-1, 0]}),
            f"observation.{field}[0]: expected an int of at least 0, found -1",
        )
    match = _document(new_match(preset("italian-2p"), seed=3))
    _refused(
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


# -- matches ---------------------------------------------------------------------


def test_a_match_deals_its_first_deal_with_its_own_seed() -> None:
    """The first deal of a match seeded with ``s`` is the deal
    ``new_game`` makes with seed ``s``; later deals have their own seeds."""
    rules = preset("italian-2p")
    match = new_match(rules, seed=42)
    assert match.game.pack == new_game(rules, seed=42).pack
    assert match.game.pack != new_game(rules, seed="42:1").pack
    assert [deal_seed(42, k) for k in range(3)] == [42, "42:1", "42:2"]


# -- observations ----------------------------------------------------------------


def test_a_cut_split_deal_shows_the_card_it_turned_after_an_exchange() -> None:
    """In a cut Split deal the trump card is turned once half the hands
    are dealt, not after them. With an exchange in the rules (no preset
    has one), a seat that swaps the trump card away still sees, as the
    card turned at the deal, the card from that place of the pack."""
    rules = attrs.evolve(preset("split-2p"), exchange=Exchange.SEVEN_AFTER_WIN)
    cut_trump = deal_layout(rules, 1, DealStyle.CUT).trump
    standard_trump = deal_layout(rules, 1, DealStyle.STANDARD).trump
    assert cut_trump is not None and cut_trump != standard_trump
    for seed in range(200):
        state = apply(new_game(rules, seed=seed, dealer=1), Cut())
        rng = random.Random(seed)
        while not state.is_over:
            swaps = [a for a in legal_actions(state) if type(a) is SwapTrump]
            if swaps:
                state = apply(state, swaps[0])
                break
            state = apply(state, rng.choice(legal_actions(state)))
        if any(type(a) is SwapTrump for a in state.history):
            break
    else:
        pytest.fail("no deal of 200 had an exchange")
    for seat in range(rules.players):
        assert observe(state, seat).turned_card == state.pack[cut_trump]


# -- the auction and the call ------------------------------------------------------


def test_a_bid_equal_to_the_engines_own_is_taken_the_same() -> None:
    """``apply`` takes any action equal to a legal one: a copied or
    unpickled bid, not the object ``legal_actions`` lists, makes the same
    bid."""
    state = new_game(preset("bastardo"), seed=1)
    ladder = next(a for a in legal_actions(state) if a == Bid(61))
    for bid in (copy.copy(ladder), pickle.loads(pickle.dumps(ladder))):
        assert bid is not ladder
        assert is_legal(state, bid)
        assert apply(state, bid) == apply(state, ladder)


def test_a_refused_chiamata_bid_says_which_bids_there_are() -> None:
    state = new_game(preset("chiamata"), seed=1)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Bid(200))
    assert str(refused.value) == (
        "seat 0 cannot bid 200: a chiamata bid names a rank at 61 points, or the two at 62 to 120"
    )


def test_a_call_of_a_card_left_out_of_the_pack_is_refused_saying_so() -> None:
    """Bastardo with five cards left out and seven cards a hand (custom
    rules): the declarer cannot call a card the pack does not hold."""
    removed = tuple(Card(suit, Rank.TWO) for suit in Suit) + (Card(Suit.CLUBS, Rank.FOUR),)
    rules = attrs.evolve(preset("bastardo"), hand_size=7, removed=removed)
    state = apply(new_game(rules, seed=1), Bid(61))
    for _ in range(rules.players - 1):
        state = apply(state, Pass())
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Call(removed[0]))
    assert str(refused.value) == f"seat 0 cannot call the {removed[0]}: it is not in this pack"


# -- the front ---------------------------------------------------------------------


@pytest.mark.parametrize(("value", "kind"), [(42, "int"), ("deal", "str")])
def test_what_is_not_a_state_is_refused_naming_its_type(value: object, kind: str) -> None:
    message = f"expected a GameState or a MatchState, not {kind}$"
    with pytest.raises(TypeError, match=message):
        outcome(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        apply(value, Pass())  # type: ignore[call-overload]


# -- the sampler's reasons -------------------------------------------------------------

REASON = "no deal agrees with the observation: "


def _sample_refuses(seen: object, reason: str) -> None:
    with pytest.raises(ValueError) as refused:
        sample_state(seen, random.Random(1))  # type: ignore[arg-type]
    assert str(refused.value).startswith(REASON + reason)


def test_the_sampler_says_why_a_forged_observation_has_no_deal() -> None:
    state = new_game(preset("italian-2p"), seed=1)
    seen = observe(state, 0)
    _sample_refuses(
        attrs.evolve(seen, seat=5), "the seat and the dealer must be seats of the rules"
    )
    _sample_refuses(attrs.evolve(seen, actors=(0,)), "every action needs the seat that took it")
    _sample_refuses(
        attrs.evolve(seen, history=(Pass(),), actors=(0,)),
        "action 0 (pass) cannot be replayed: seat 0 cannot pass now",
    )
    three = preset("italian-3p")
    dealt = new_game(three, seed=1)
    assert dealt.to_move is not None
    shown = observe(dealt, dealt.to_move)
    hand = (three.removed[0],) + shown.hand[1:]
    hands = shown.known_hands[: shown.seat] + (hand,) + shown.known_hands[shown.seat + 1 :]
    _sample_refuses(
        attrs.evolve(shown, hand=hand, known_hands=hands), "the cards it shows do not fit the pack"
    )


def test_no_exchange_before_trick_play() -> None:
    """Custom Split rules with an exchange: while the pack waits to be cut
    or knocked, a seat is to move but no exchange may be made yet."""
    rules = attrs.evolve(preset("split-2p"), exchange=Exchange.SEVEN_AFTER_WIN)
    state = new_game(rules, seed=1)
    assert state.to_move is not None
    assert why_no_swap(state, state.pack[0]) == "there is no exchange outside trick play"


# -- rules -------------------------------------------------------------------------


def test_the_redraw_may_bury_up_to_half_the_undealt_cards_less_one() -> None:
    """Three seats of ten cards leave nine undealt (the two of clubs out):
    a redraw of the four aces buries at most four of the eight after the
    trump card, so it is allowed; the eight aces and threes are not."""
    three = preset("italian-3p")
    assert attrs.evolve(three, hand_size=10, redraw_ranks=(Rank.ACE,)).redraw_ranks == (Rank.ACE,)
    with pytest.raises(ValueError, match="9 undealt cards are too few for the redraw of 8 cards"):
        attrs.evolve(three, hand_size=10, redraw_ranks=(Rank.ACE, Rank.THREE))


def test_sequences_are_read_no_further_than_one_past_their_limit() -> None:
    read = 0

    def endless() -> Iterator[Card]:
        nonlocal read
        while True:
            read += 1
            yield Card(Suit.COINS, Rank.TWO)

    with pytest.raises(ValueError, match="Rules.removed may hold at most 40 items"):
        Rules(removed=endless())
    assert read == 41


def test_rules_refusals_word_for_word() -> None:
    with pytest.raises(ValueError) as teams:
        attrs.evolve(preset("bastardo"), teams=((0, 1), (2, 3, 4)))
    assert str(teams.value) == "bastardo's sides come from the call: Rules.teams must be None"
    with pytest.raises(ValueError) as points:
        Rules(card_points=[(Rank.ACE, "x")])  # type: ignore[list-item]
    assert str(points.value) == (
        "Rules.card_points maps a Rank to its points (an int), or is a sequence of "
        "(Rank, int) pairs; found (<Rank.ACE: 0>, 'x')"
    )


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ((1, 2, 3, 4, 5, 6), "(1, 2, 3, 4, 5, 6)"),
        ((1, 2, 3, 4, 5, 6, 7), "(1, 2, 3, 4, 5, 6, ...)"),
        (2**64 - 1, "18446744073709551615"),
        (2**64, "an int of 65 bits"),
    ],
)
def test_values_in_messages_are_cut_past_six_items_and_64_bits(value: object, shown: str) -> None:
    assert _show(value) == shown


# -- the generated constructors ------------------------------------------------------


def test_generated_builders_of_classes_with_no_or_many_fields() -> None:
    """A class with no fields gets a constructor of no arguments; a copier
    may change several fields at once; tracebacks name the generated
    functions after their class."""

    @attrs.frozen(weakref_slot=False)
    class Empty:
        pass

    @attrs.frozen(weakref_slot=False)
    class Pair:
        a: int
        b: int
        c: int = 0

    build = constructor(Empty)
    assert build() == Empty() and build.__qualname__ == "Empty.build"
    both = copier(Pair, ("a", "b"))
    assert both(Pair(1, 2, 3), a=7, b=8) == Pair(7, 8, 3)
    assert both.__qualname__ == "Pair.copy"
