"""The named presets (Variants: presets and rules fields, "The presets"),
checked against the table row by row."""

from __future__ import annotations

import attrs
import pytest

from briscola import (
    PRESETS,
    STANDARD_STRENGTH,
    Auction,
    Bid,
    Card,
    DealStyle,
    Exchange,
    MatchFormat,
    PartnerHands,
    Rank,
    Rules,
    Suit,
    legal_actions,
    new_game,
    preset,
)
from tests.strategies import PORTUGUESE_POINTS, PORTUGUESE_STRENGTH

TWO_OF_CLUBS = frozenset({Card(Suit.CLUBS, Rank.TWO)})
NO_TWOS = frozenset(Card(suit, Rank.TWO) for suit in Suit)
PAIRS = ((0, 2), (1, 3))
THREES = ((0, 2, 4), (1, 3, 5))
STANDARD_POINTS_MAP = {Rank.ACE: 11, Rank.THREE: 10, Rank.KING: 4, Rank.KNIGHT: 3, Rank.JACK: 2}

# fmt: off
# name: (seats, removed cards, hand, teams, deal, match, exchange, redraw,
#        partner_hands) — written from the table of the variants page.
TABLE: dict[
    str,
    tuple[
        int,
        frozenset[Card],
        int,
        tuple[tuple[int, ...], ...] | None,
        DealStyle,
        MatchFormat,
        Exchange,
        bool,
        PartnerHands,
    ],
] = {
    "italian-2p": (2, frozenset(), 3, None, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, False, PartnerHands.HIDDEN),
    "italian-3p": (3, TWO_OF_CLUBS, 3, None, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, False, PartnerHands.HIDDEN),
    "italian-4p": (4, frozenset(), 3, PAIRS, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, False, PartnerHands.HIDDEN),
    "italian-5p": (5, frozenset(), 3, None, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, False, PartnerHands.HIDDEN),
    "italian-6p": (6, NO_TWOS, 3, THREES, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, False, PartnerHands.HIDDEN),
    "italian-6p-pairs": (6, NO_TWOS, 3, ((0, 3), (1, 4), (2, 5)), DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, False, PartnerHands.HIDDEN),
    "briscacard-3p": (3, NO_TWOS, 3, None, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, False, PartnerHands.HIDDEN),
    "finnish-2p": (2, frozenset(), 3, None, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, True, PartnerHands.HIDDEN),
    "finnish-3p": (3, TWO_OF_CLUBS, 3, None, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, True, PartnerHands.HIDDEN),
    "finnish-4p": (4, frozenset(), 3, PAIRS, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, True, PartnerHands.AFTER_STOCK),
    "finnish-6p": (6, NO_TWOS, 3, THREES, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, True, PartnerHands.HIDDEN),
    "split-2p": (2, frozenset(), 3, None, DealStyle.CUT_OR_KNOCK, MatchFormat.FIRST_TO, Exchange.NONE, False, PartnerHands.HIDDEN),
    "split-4p": (4, frozenset(), 3, PAIRS, DealStyle.CUT_OR_KNOCK, MatchFormat.FIRST_TO, Exchange.NONE, False, PartnerHands.AFTER_STOCK),
    "split-5p": (5, frozenset(), 3, None, DealStyle.CUT_OR_KNOCK, MatchFormat.FIRST_TO, Exchange.NONE, False, PartnerHands.HIDDEN),
    "split-dupla-2p": (2, frozenset(), 4, None, DealStyle.CUT_OR_KNOCK, MatchFormat.FIRST_TO, Exchange.NONE, False, PartnerHands.HIDDEN),
    "split-dupla-4p": (4, frozenset(), 4, PAIRS, DealStyle.CUT_OR_KNOCK, MatchFormat.FIRST_TO, Exchange.NONE, False, PartnerHands.AFTER_STOCK),
    "romanian-2p": (2, frozenset(), 3, None, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.TWO_FIRST_TRICK, False, PartnerHands.HIDDEN),
    "romanian-4p": (4, frozenset(), 3, PAIRS, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.TWO_FIRST_TRICK, False, PartnerHands.BEFORE_FIRST_TRICK),
    "spanish-2p": (2, frozenset(), 3, None, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.SPANISH, False, PartnerHands.HIDDEN),
    "spanish-4p": (4, frozenset(), 3, PAIRS, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.SPANISH, False, PartnerHands.HIDDEN),
    "portuguese-2p": (2, frozenset(), 3, None, DealStyle.STANDARD, MatchFormat.SINGLE, Exchange.NONE, False, PartnerHands.HIDDEN),
    "bastardo": (5, frozenset(), 8, None, DealStyle.WHOLE, MatchFormat.POINTS_TARGET, Exchange.NONE, False, PartnerHands.HIDDEN),
    # Bastardo with the chiamata auction that
    # Rules documents (Auction.CHIAMATA), named for the Italian game.
    "chiamata": (5, frozenset(), 8, None, DealStyle.WHOLE, MatchFormat.POINTS_TARGET, Exchange.NONE, False, PartnerHands.HIDDEN),
}
# fmt: on


def test_presets_are_exactly_the_spec_names() -> None:
    """Variants: presets and rules fields, "The presets": PRESETS maps every
    preset name, and only those, with ``chiamata`` for the documented chiamata
    auction."""
    assert set(PRESETS) == set(TABLE)


def test_presets_mapping_is_read_only() -> None:
    """Reference, "Rules and presets": PRESETS is a Mapping[str, Rules] that
    callers cannot change."""
    with pytest.raises(TypeError):
        PRESETS["mine"] = preset("italian-2p")  # type: ignore[index]
    assert all(isinstance(value, Rules) for value in PRESETS.values())


@pytest.mark.parametrize("name", sorted(TABLE))
def test_preset_matches_table(name: str) -> None:
    """Variants: presets and rules fields, "The presets": seats, pack, hand,
    sides, deal style, match format, exchange, redraw and partner_hands of each
    preset as in the table."""
    seats, removed, hand, teams, deal, match, exchange, redraw, partners = TABLE[name]
    rules = preset(name)
    assert rules is PRESETS[name]
    assert rules.players == seats
    assert set(rules.removed) == removed
    assert len(rules.pack) == 40 - len(removed)
    assert rules.hand_size == hand
    assert rules.teams == teams
    assert rules.deal is deal
    assert rules.match is match
    assert rules.exchange is exchange
    assert bool(rules.redraw_ranks) is redraw
    if redraw:
        assert set(rules.redraw_ranks) == {Rank.ACE, Rank.THREE}
    assert rules.partner_hands is partners


@pytest.mark.parametrize("name", sorted(set(TABLE) - {"portuguese-2p"}))
def test_presets_use_standard_tables(name: str) -> None:
    """The rules as implemented, "What every family shares": every preset but
    Portuguese uses the standard strength and points (120 in the pack)."""
    rules = preset(name)
    assert rules.strength == STANDARD_STRENGTH
    assert dict(rules.card_points) == STANDARD_POINTS_MAP
    assert rules.total_points == 120


def test_finnish_partners_see_hands_only_with_four_players() -> None:
    """Finnish briscola, "The presets": Sackson's rule, for the four-player
    game only: finnish-4p shows partners' hands after the stock, the six-player
    teams of finnish-6p never see them."""
    assert preset("finnish-4p").partner_hands is PartnerHands.AFTER_STOCK
    assert preset("finnish-6p").partner_hands is PartnerHands.HIDDEN


def test_portuguese_preset_tables() -> None:
    """Portuguese bisca: portuguese-2p is italian-2p with Portuguese strength
    and points."""
    rules = preset("portuguese-2p")
    assert rules.strength == PORTUGUESE_STRENGTH
    assert dict(rules.card_points) == dict(PORTUGUESE_POINTS)


@pytest.mark.parametrize(
    "name", ["split-2p", "split-4p", "split-5p", "split-dupla-2p", "split-dupla-4p"]
)
def test_split_match(name: str) -> None:
    """Split briškula and dupla: Split plays first to 4 won deals, and after a
    tie the same dealer deals again."""
    rules = preset(name)
    assert rules.match is MatchFormat.FIRST_TO
    assert rules.match_target == 4
    assert rules.tie_same_dealer is True


def test_dupla_play() -> None:
    """Split briškula and dupla, "Two-player dupla": two-player dupla plays two
    cards each per trick, in packets of two; four-player dupla one card
    each."""
    two, four = preset("split-dupla-2p"), preset("split-dupla-4p")
    assert (two.plays_per_trick, two.packet_size) == (2, 2)
    assert (four.plays_per_trick, four.packet_size) == (1, 2)
    assert two.tricks == four.tricks == 10


def test_bastardo_preset() -> None:
    """Briscola bastardo, "The preset": bastardo is five seats, whole deal of
    8, points auction, match to 11 points, no fixed teams."""
    rules = preset("bastardo")
    assert rules.auction is Auction.POINTS
    assert rules.match_target == 11
    assert rules.min_bid == 61
    assert rules.teams is None


def test_chiamata_preset() -> None:
    """The ``chiamata`` preset is ``bastardo`` with the Italian auction
    (``Auction.CHIAMATA``: ranks from the ace down at ``min_bid``, then
    points with the weakest rank) and nothing else changed."""
    rules = preset("chiamata")
    assert rules.auction is Auction.CHIAMATA
    assert attrs.evolve(rules, auction=Auction.POINTS) == preset("bastardo")
    state = new_game(rules, seed=1)
    bids = [action for action in legal_actions(state) if isinstance(action, Bid)]
    assert [bid.rank for bid in bids[:10]] == list(STANDARD_STRENGTH)
    assert {bid.points for bid in bids[:10]} == {61}
    assert bids[10] == Bid(62, Rank.TWO)


@pytest.mark.parametrize(
    ("name", "tricks"),
    [
        ("italian-2p", 20),
        ("italian-3p", 13),
        ("italian-4p", 10),
        ("italian-5p", 8),
        ("italian-6p", 6),
        ("italian-6p-pairs", 6),
        ("briscacard-3p", 12),
        ("finnish-3p", 13),
        ("split-5p", 8),
        ("split-dupla-2p", 10),
        ("split-dupla-4p", 10),
        ("bastardo", 8),
        ("chiamata", 8),
    ],
)
def test_preset_trick_counts(name: str, tricks: int) -> None:
    """The number of tricks per deal of each preset (the "Number of players"
    table of Italian briscola; dupla and bastardo on their pages)."""
    assert preset(name).tricks == tricks


def test_unknown_preset_lists_known_names() -> None:
    """Reference, "Rules and presets": preset() of an unknown name raises
    ValueError listing the known names."""
    with pytest.raises(ValueError) as excinfo:
        preset("briscola-9p")
    message = str(excinfo.value)
    assert "briscola-9p" in message
    for name in TABLE:
        assert name in message
