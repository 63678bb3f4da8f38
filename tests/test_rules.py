"""The Rules record: derived values and validation ("Variants: presets and
rules fields")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from briscola import (
    Auction,
    Card,
    DealStyle,
    Exchange,
    MatchFormat,
    PartnerHands,
    Rank,
    Rules,
    Suit,
    preset,
)
from briscola._rules import _show
from tests.strategies import SPLIT_ORIGINAL_POINTS

NO_TWOS = tuple(Card(suit, Rank.TWO) for suit in Suit)


def test_default_rules_are_two_player_italian() -> None:
    """Variants: presets and rules fields, "The presets": italian-2p is two
    seats, 40 cards, hands of 3, the standard deal and a single deal; Rules()
    defaults to the same."""
    assert Rules() == preset("italian-2p")


def test_rules_are_frozen_and_hashable() -> None:
    """Tutorial: deal, play, score, "Choosing the rules": Rules is immutable;
    equal rules hash alike."""
    rules = preset("italian-4p")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.players = 3  # type: ignore[misc]
    assert hash(rules) == hash(attrs.evolve(rules))
    assert rules == attrs.evolve(rules)


@pytest.mark.parametrize(
    ("changes", "tricks"),
    [
        ({}, 20),
        ({"players": 3, "removed": (Card(Suit.CLUBS, Rank.TWO),)}, 13),
        ({"players": 3, "removed": NO_TWOS}, 12),
        ({"players": 4}, 10),
        ({"players": 5}, 8),
        ({"players": 6, "removed": NO_TWOS}, 6),
        ({"hand_size": 4, "packet_size": 2, "plays_per_trick": 2}, 10),
        ({"players": 4, "hand_size": 4, "packet_size": 2}, 10),
    ],
)
def test_trick_counts(changes: dict[str, Any], tricks: int) -> None:
    """Italian briscola, two to six players, "Number of players" (and dupla on
    its page): 2p 20 tricks; 3p 13 with 39 cards and 12 with 36; 4p 10; 5p 8;
    6p 6; dupla 10 for two or four players."""
    assert Rules(**changes).tricks == tricks


def test_sides() -> None:
    """Variants: presets and rules fields: without teams every seat is a side
    alone; with teams the sides are the teams."""
    assert Rules(players=3, removed=NO_TWOS).sides == ((0,), (1,), (2,))
    assert Rules(players=4, teams=((0, 2), (1, 3))).sides == ((0, 2), (1, 3))


def test_teams_accept_lists() -> None:
    """Variants: presets and rules fields: teams are data; any iterable of
    seats gives equal rules."""
    rules = Rules(players=4, teams=[[0, 2], [1, 3]])
    assert rules.teams == ((0, 2), (1, 3))
    assert rules == preset("italian-4p")


def test_split_original_rule_is_a_rules_option() -> None:
    """Split briškula and dupla, "Choices the library makes": the 'original
    rule' (TWO worth 10) is reachable through Rules.card_points: total 160,
    every two worth 10."""
    rules = attrs.evolve(preset("split-2p"), card_points=SPLIT_ORIGINAL_POINTS)
    assert rules.total_points == 160
    assert all(rules.points_of(Card(suit, Rank.TWO)) == 10 for suit in Suit)


def test_seed_004_table_is_reachable() -> None:
    """The Swedish table, "The presets": italian-2p with a first-to-2 or
    first-to-3 match in which a tie does not count."""
    for target in (2, 3):
        rules = attrs.evolve(preset("italian-2p"), match=MatchFormat.FIRST_TO, match_target=target)
        assert rules.match_target == target
        assert rules.tie_same_dealer is False


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        # six seats need a 36-card pack: 40 cards do not share out.
        ({"players": 6}, ["40 cards", "6 seats"]),
        # a 39-card pack cannot be played by two seats a card each.
        ({"removed": (Card(Suit.CLUBS, Rank.TWO),)}, ["39 cards", "2 seats"]),
        ({"players": 4, "removed": (Card(Suit.CLUBS, Rank.TWO),)}, ["39 cards", "4 seats"]),
        ({"players": 1}, ["2 seats"]),
        ({"players": 0}, ["players"]),
        ({"players": "2"}, ["players"]),
        ({"hand_size": 0}, ["hand_size"]),
        ({"players": 4, "teams": ((0, 1), (2,))}, ["teams"]),
        ({"players": 4, "teams": ((0, 2), (1, 4))}, ["teams"]),
        ({"players": 4, "teams": ((0, 1, 2, 3),)}, ["two sides"]),
        ({"players": 4, "teams": ((0, 2), (0, 1, 3))}, ["teams"]),
        ({"partner_hands": PartnerHands.AFTER_STOCK}, ["partner_hands"]),
        ({"players": 5, "partner_hands": PartnerHands.BEFORE_FIRST_TRICK}, ["partner_hands"]),
        ({"piles_by_side": True}, ["piles_by_side"]),
        (
            {
                "players": 4,
                "teams": ((0,), (1,), (2,), (3,)),
                "partner_hands": PartnerHands.AFTER_STOCK,
            },
            ["partner_hands"],
        ),
        ({"strength": (Rank.ACE, Rank.THREE)}, ["strength"]),
        ({"strength": (Rank.ACE,) * 10}, ["strength"]),
        ({"card_points": ((Rank.ACE, -1),)}, ["card_points"]),
        ({"card_points": ((Rank.ACE, 11), (Rank.ACE, 10))}, ["card_points"]),
        ({"removed": (Card(Suit.CLUBS, Rank.TWO), Card(Suit.CLUBS, Rank.TWO))}, ["removed"]),
        ({"hand_size": 20}, ["no card", "trump"]),
        ({"hand_size": 4, "packet_size": 3}, ["packet_size"]),
        ({"plays_per_trick": 2}, ["hand_size", "plays_per_trick"]),
        ({"deal": DealStyle.CUT, "redraw_ranks": (Rank.ACE, Rank.THREE)}, ["redraw"]),
        ({"redraw_ranks": tuple(Rank)}, ["redraw_ranks"]),
        (
            {"players": 5, "hand_size": 7, "redraw_ranks": (Rank.ACE, Rank.THREE, Rank.KING)},
            ["redraw"],
        ),
        ({"auction": Auction.POINTS}, ["auction"]),
        ({"players": 5, "deal": DealStyle.WHOLE, "hand_size": 8}, ["auction"]),
        (
            {"players": 4, "deal": DealStyle.WHOLE, "hand_size": 10, "auction": Auction.POINTS},
            ["5 seats"],
        ),
        ({"deal": "standard"}, ["deal", "DealStyle"]),
        ({"exchange": "spanish"}, ["exchange", "Exchange"]),
        ({"match": MatchFormat.FIRST_TO, "match_target": 0}, ["match_target"]),
        ({"piles_by_side": 1}, ["piles_by_side", "bool"]),
    ],
)
def test_invalid_rules_raise_value_error(changes: dict[str, Any], words: list[str]) -> None:
    """Variants: presets and rules fields, "What the record refuses": invalid
    combinations raise ValueError at construction, and the message names the
    problem."""
    with pytest.raises(ValueError) as excinfo:
        Rules(**changes)
    message = str(excinfo.value)
    for word in words:
        assert word in message, (word, message)


def test_evolve_validates_too() -> None:
    """Variants: presets and rules fields, "What the record refuses": options
    are reached with attrs.evolve, and an impossible change of a preset raises
    ValueError like a construction."""
    with pytest.raises(ValueError, match="teams"):
        attrs.evolve(preset("italian-4p"), teams=((0, 1, 2),))
    with pytest.raises(ValueError, match="redraw"):
        attrs.evolve(preset("finnish-2p"), deal=DealStyle.CUT_OR_KNOCK)
    with pytest.raises(ValueError):
        attrs.evolve(preset("bastardo"), exchange=Exchange.SPANISH)


@pytest.mark.parametrize(
    "changes",
    [
        {"exchange": Exchange.SEVEN_AFTER_WIN},
        {"exchange": Exchange.SPANISH, "exchange_side_wins": True},
        {"piles_by_side": True},
        {"partner_hands": PartnerHands.BEFORE_FIRST_TRICK},
        {"deal": DealStyle.CUT_OR_KNOCK},
        {"redraw_ranks": (Rank.ACE, Rank.THREE)},
        {"teams": None},
        {"hand_size": 4, "packet_size": 2},
        {"card_points": SPLIT_ORIGINAL_POINTS},
        {"match": MatchFormat.BEST_OF, "match_target": 3},
    ],
)
def test_valid_variations_of_four_players(changes: dict[str, Any]) -> None:
    """Variants: presets and rules fields, "The fields of Rules": every option
    stays reachable from a preset with attrs.evolve (here from italian-4p)."""
    rules = attrs.evolve(preset("italian-4p"), **changes)
    for name, value in changes.items():
        if name == "card_points":
            assert dict(rules.card_points) == dict(value)
        else:
            assert getattr(rules, name) == value


def test_the_redraw_may_bury_up_to_half_the_undealt_cards_less_one() -> None:
    """Three seats of ten cards leave nine undealt (the two of clubs out):
    a redraw of the four aces buries at most four of the eight after the
    trump card, so it is allowed; the eight aces and threes are not."""
    three = preset("italian-3p")
    assert attrs.evolve(three, hand_size=10, redraw_ranks=(Rank.ACE,)).redraw_ranks == (Rank.ACE,)
    with pytest.raises(ValueError, match="9 undealt cards are too few for the redraw of 8 cards"):
        attrs.evolve(three, hand_size=10, redraw_ranks=(Rank.ACE, Rank.THREE))


def test_sequences_are_read_no_further_than_one_past_their_limit() -> None:
    """Testing, "Hostile input": Rules reads no sequence past its field's
    limit: an endless ``removed`` is read to one card past the 40 allowed."""
    read = 0

    def endless() -> Iterator[Card]:
        nonlocal read
        while True:
            read += 1
            yield Card(Suit.COINS, Rank.TWO)

    with pytest.raises(ValueError, match="Rules.removed may hold at most 40 items"):
        Rules(removed=endless())
    assert read == 41


def test_bastardo_teams_and_card_points_refused_word_for_word() -> None:
    """Variants: presets and rules fields, "What the record refuses":
    bastardo has no fixed teams, and a point table gives each rank an int;
    the messages say so word for word."""
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
    """Testing, "Hostile input": a bad value is named in a message that
    stays short: past six items a sequence is cut, past 64 bits an int is
    told by its size."""
    assert _show(value) == shown


BASTARDO: dict[str, Any] = {
    "players": 5,
    "deal": DealStyle.WHOLE,
    "hand_size": 8,
    "auction": Auction.POINTS,
}


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"redraw_ranks": ("ace", "three")}, ["redraw_ranks", "ranks"]),
        ({**BASTARDO, "hand_size": 4}, ["whole deal", "8 cards"]),
        ({**BASTARDO, "teams": ((0, 1), (2, 3, 4))}, ["Rules.teams must be None"]),
        ({**BASTARDO, "min_bid": 121}, ["min_bid", "120"]),
        ({**BASTARDO, "auction": Auction.CHIAMATA, "min_bid": 120}, ["chiamata", "below"]),
        ({"strength": (Rank.ACE,) * 9 + ("two",)}, ["strength"]),
        ({"card_points": [(Rank.ACE, 11), (Rank.ACE, 11)]}, ["card_points", "once"]),
    ],
)
def test_rarer_rules_refusals(changes: dict[str, Any], words: list[str]) -> None:
    """Variants: presets and rules fields, "What the record refuses":
    impossible rules raise ValueError naming the problem."""
    with pytest.raises(ValueError) as info:
        Rules(**changes)
    for word in words:
        assert word in str(info.value)


def test_bastardo_bounds_that_are_allowed() -> None:
    """Variants: presets and rules fields, "What the record refuses": the
    points auction may start at the pack's points; the chiamata needs room
    above its minimum."""
    assert Rules(**BASTARDO, min_bid=120).min_bid == 120
    assert Rules(**{**BASTARDO, "auction": Auction.CHIAMATA}, min_bid=119).min_bid == 119


def test_removed_cards_redraws_and_points_refused_word_for_word() -> None:
    """Rules that cannot be played are refused with a message naming the
    field or the reason: a removed card named twice, and a redraw that
    could bury cards for ever (with two hands of 12 of 40 cards, 16 cards
    stay undealt, too few for the 8 aces and threes); a card may be worth
    nothing, not less."""
    from briscola import Rules

    def refused(**changes: Any) -> str:
        with pytest.raises(ValueError) as error:
            attrs.evolve(preset(changes.pop("base")), **changes)
        return str(error.value)

    two = Card(Suit.COINS, Rank.TWO)
    assert refused(base="italian-3p", removed=(two, two)) == "Rules.removed names a card twice"
    assert refused(base="finnish-2p", hand_size=12) == (
        "16 undealt cards are too few for the redraw of 8 cards: it could bury cards for ever"
    )
    assert isinstance(attrs.evolve(preset("finnish-2p"), hand_size=10), Rules)
    base = preset("italian-2p")
    nothing = tuple((rank, 0 if rank is Rank.JACK else p) for rank, p in base.card_points)
    worthless = attrs.evolve(base, card_points=nothing)
    assert worthless.total_points == 112 and Rank.JACK not in dict(worthless.card_points)
    negative = tuple((rank, -1 if rank is Rank.JACK else p) for rank, p in base.card_points)
    assert refused(base="italian-2p", card_points=negative) == (
        "Rules.card_points must be whole numbers from 0 to 100"
    )
