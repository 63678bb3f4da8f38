"""Cards, suits, ranks, the canonical pack and the point tables ("The rules as
implemented", and "Cards" in the reference)."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from briscola import (
    FULL_PACK,
    STANDARD_POINTS,
    STANDARD_STRENGTH,
    Card,
    Rank,
    Suit,
    new_game,
    preset,
)
from tests.strategies import (
    PORTUGUESE_POINTS,
    PORTUGUESE_STRENGTH,
    SPLIT_ORIGINAL_POINTS,
    card,
)


def test_suits_in_canonical_order() -> None:
    """Reference, "Cards": the suits are COINS, CUPS, SWORDS, CLUBS, in that
    order."""
    assert [suit.name for suit in Suit] == ["COINS", "CUPS", "SWORDS", "CLUBS"]


def test_ranks_in_pack_order() -> None:
    """Reference, "Cards": each suit runs ACE, TWO, ... SEVEN, JACK, KNIGHT,
    KING."""
    assert [rank.name for rank in Rank] == [
        "ACE",
        "TWO",
        "THREE",
        "FOUR",
        "FIVE",
        "SIX",
        "SEVEN",
        "JACK",
        "KNIGHT",
        "KING",
    ]


def test_full_pack_is_canonical_order() -> None:
    """Reference, "Cards": the canonical pack is suit by suit in suit order,
    each suit in rank order; a card's index is its place in it (10 * suit +
    rank)."""
    expected = [Card(suit, rank) for suit in Suit for rank in Rank]
    assert list(FULL_PACK) == expected
    assert [c.index for c in FULL_PACK] == list(range(40))
    assert FULL_PACK[13] == Card(Suit.CUPS, Rank.FOUR)


def test_cards_equal_by_value_and_hashable() -> None:
    """Reference, "Cards": Card(suit, rank) is immutable, hashable and equal by
    value."""
    a = Card(Suit.SWORDS, Rank.KNIGHT)
    b = Card(Suit.SWORDS, Rank.KNIGHT)
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, Card(Suit.SWORDS, Rank.KING)}) == 2
    assert a != Card(Suit.CLUBS, Rank.KNIGHT)


def test_cards_are_immutable() -> None:
    """Reference, "Cards": a card cannot be changed after it is made."""
    a = Card(Suit.COINS, Rank.ACE)
    with pytest.raises(AttributeError):
        a.rank = Rank.TWO
    with pytest.raises(AttributeError):
        del a.suit
    assert a.rank is Rank.ACE


def test_cards_survive_copy_and_pickle() -> None:
    """Reference, "Cards": cards are values; copies and round trips give equal
    cards."""
    a = Card(Suit.CUPS, Rank.SEVEN)
    assert copy.copy(a) == a
    assert copy.deepcopy(a) == a
    assert pickle.loads(pickle.dumps(a)) == a


def test_cards_and_deals_survive_cloudpickle() -> None:
    """Reference, "Cards": cards are interned values, also through
    cloudpickle, which Ray and Dask use to ship work to other processes;
    a deal holding them round-trips too."""
    cloudpickle = pytest.importorskip("cloudpickle")
    deal = new_game(preset("italian-2p"), seed=1)
    assert pickle.loads(cloudpickle.dumps(FULL_PACK)) == FULL_PACK
    assert pickle.loads(cloudpickle.dumps(FULL_PACK[7])) is FULL_PACK[7]
    assert pickle.loads(cloudpickle.dumps(deal)) == deal


def test_card_from_index_rejects_bad_indexes() -> None:
    """Reference, "Cards": there are exactly 40 cards, indexed 0..39."""
    assert Card.from_index(0) == Card(Suit.COINS, Rank.ACE)
    assert Card.from_index(39) == Card(Suit.CLUBS, Rank.KING)
    for bad in (-1, 40):
        with pytest.raises(ValueError, match="0 to 39"):
            Card.from_index(bad)


def test_card_names_in_english() -> None:
    """Card names: card names are English in the API."""
    assert str(Card(Suit.CLUBS, Rank.KNIGHT)) == "knight of clubs"
    assert str(Card(Suit.COINS, Rank.ACE)) == "ace of coins"


def test_standard_strength_order() -> None:
    """The rules as implemented, "What every family shares": standard strength,
    high to low: A, 3, K, Kn, J, 7, 6, 5, 4, 2."""
    assert STANDARD_STRENGTH == (
        Rank.ACE,
        Rank.THREE,
        Rank.KING,
        Rank.KNIGHT,
        Rank.JACK,
        Rank.SEVEN,
        Rank.SIX,
        Rank.FIVE,
        Rank.FOUR,
        Rank.TWO,
    )


def test_standard_points_table() -> None:
    """The rules as implemented, "What every family shares": ACE 11, THREE 10,
    KING 4, KNIGHT 3, JACK 2, others 0."""
    table = dict(STANDARD_POINTS)
    expected = {Rank.ACE: 11, Rank.THREE: 10, Rank.KING: 4, Rank.KNIGHT: 3, Rank.JACK: 2}
    assert {rank: table.get(rank, 0) for rank in Rank} == {
        rank: expected.get(rank, 0) for rank in Rank
    }


@pytest.mark.parametrize("name", ["italian-2p", "italian-3p", "italian-6p", "briscacard-3p"])
def test_removing_twos_keeps_120_points(name: str) -> None:
    """Italian briscola, two to six players, "Number of players": 40, 39 and
    36-card packs all hold 120 standard points."""
    rules = preset(name)
    table = dict(STANDARD_POINTS)
    assert sum(table.get(c.rank, 0) for c in rules.pack) == 120
    assert rules.total_points == 120


@pytest.mark.parametrize(
    ("name", "size", "missing"),
    [
        ("italian-2p", 40, set()),
        ("italian-3p", 39, {Card(Suit.CLUBS, Rank.TWO)}),
        ("briscacard-3p", 36, {Card(s, Rank.TWO) for s in Suit}),
        ("italian-6p", 36, {Card(s, Rank.TWO) for s in Suit}),
    ],
)
def test_rules_pack_is_canonical_less_removed(name: str, size: int, missing: set[Card]) -> None:
    """Italian briscola, two to six players, "Number of players": 39 cards drop
    the two of clubs, 36 drop every two; the pack keeps canonical order."""
    pack = preset(name).pack
    assert len(pack) == size
    assert pack == tuple(c for c in FULL_PACK if c not in missing)


def test_portuguese_tables() -> None:
    """Portuguese bisca, "The preset": Portuguese bisca's strength A, 7, K, J,
    Kn, 6, 5, 4, 3, 2 and points A 11, 7 10, K 4, J 3, Kn 2 (120 in all)."""
    rules = preset("portuguese-2p")
    assert rules.strength == PORTUGUESE_STRENGTH
    assert {rank: rules.points_of(Card(Suit.CUPS, rank)) for rank in Rank} == {
        rank: dict(PORTUGUESE_POINTS).get(rank, 0) for rank in Rank
    }
    assert rules.total_points == 120


def test_split_original_rule_holds_160_points() -> None:
    """Split briškula and dupla, "Choices the library makes" (the original
    rule): with the two worth 10 the pack holds 160 points; the option is a
    Rules value (card_points)."""
    rules = attrs.evolve(preset("split-2p"), card_points=SPLIT_ORIGINAL_POINTS)
    assert rules.points_of(Card(Suit.SWORDS, Rank.TWO)) == 10
    assert rules.points_of(Card(Suit.SWORDS, Rank.THREE)) == 10
    assert rules.total_points == 160


def test_card_points_accepts_a_mapping() -> None:
    """Variants: presets and rules fields: the point table is part of the
    rules; a mapping and the pair form give equal rules."""
    base = preset("italian-2p")
    as_map = attrs.evolve(base, card_points=dict(SPLIT_ORIGINAL_POINTS))
    as_pairs = attrs.evolve(base, card_points=SPLIT_ORIGINAL_POINTS)
    assert as_map == as_pairs
    assert as_map.total_points == 160


def test_card_takes_a_suit_and_a_rank() -> None:
    """Reference, "Cards": a card is built from a Suit and a Rank, nothing
    else."""
    for suit, rank in (("coins", Rank.ACE), (Suit.COINS, 0), (0, 0)):
        with pytest.raises(TypeError, match="Suit and a Rank"):
            Card(suit, rank)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _ = card("ace of coins") <= 3  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = card("ace of coins") > 3  # type: ignore[operator]
