"""Display names of the cards (the "Card names" guide: localized names and
French-suited equivalents are for display only)."""

from __future__ import annotations

import pytest

from briscola import FULL_PACK, STANDARD_STRENGTH, Card, Rank, Suit, preset
from briscola.names import (
    FRENCH_MAPPINGS,
    LANGUAGES,
    card_name,
    french_name,
    french_rank,
    french_suit,
    french_symbol,
    rank_name,
    suit_name,
)

CANONICAL_RANKS = list(Rank)  # ACE, TWO, ... SEVEN, JACK, KNIGHT, KING
CANONICAL_SUITS = list(Suit)  # COINS, CUPS, SWORDS, CLUBS


def test_english_is_the_library_name() -> None:
    """Card names: card names are English in the API; "en" is ``str(card)``."""
    for card in FULL_PACK:
        assert card_name(card) == str(card) == card_name(card, "en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_has_its_own_name(language: str) -> None:
    """Card names, "Localized names": a display name must tell the 40 cards
    apart."""
    names = {card_name(card, language) for card in FULL_PACK}  # type: ignore[arg-type]
    assert len(names) == 40


def test_italian_words() -> None:
    """Card names, "Localized names": Italian ranks asso ... fante, cavallo,
    re; suits denari, coppe, spade, bastoni (the words of an Italian pack)."""
    assert [rank_name(rank, "it") for rank in CANONICAL_RANKS] == [
        "asso", "due", "tre", "quattro", "cinque", "sei", "sette", "fante", "cavallo", "re",
    ]  # fmt: skip
    assert [suit_name(suit, "it") for suit in CANONICAL_SUITS] == [
        "denari", "coppe", "spade", "bastoni",
    ]  # fmt: skip
    assert card_name(Card(Suit.COINS, Rank.ACE), language="it") == "asso di denari"
    assert card_name(Card(Suit.CLUBS, Rank.KNIGHT), "it") == "cavallo di bastoni"


def test_croatian_words_follow_seed_000() -> None:
    """Card names, "Localized names": the Croatian source (*Briškula*, see
    "Split briškula and dupla") says "as (aš) ... trica, pa kralj, konj, fanat
    ... od sedmice prema dvici"; the four suits "baštone, špade, kupe, dinare";
    a card named with "od", as in "asa od briškule"."""
    words = {rank: rank_name(rank, "hr") for rank in Rank}
    assert words[Rank.ACE] == "as"
    assert words[Rank.THREE] == "trica"
    assert words[Rank.KING] == "kralj"
    assert words[Rank.KNIGHT] == "konj"
    assert words[Rank.JACK] == "fanat"
    assert words[Rank.SEVEN] == "sedmica"
    assert words[Rank.TWO] == "dvica"
    assert {suit_name(suit, "hr") for suit in Suit} == {"baštone", "špade", "kupe", "dinare"}
    assert card_name(Card(Suit.CUPS, Rank.THREE), "hr") == "trica od kupa"
    assert card_name(Card(Suit.COINS, Rank.KING), "hr") == "kralj od dinara"


def test_spanish_words() -> None:
    """Card names, "Localized names": Spanish brisca ("Spanish brisca") is
    played with the Spanish pack: as ... sota, caballo, rey of oros, copas,
    espadas, bastos."""
    assert [rank_name(rank, "es") for rank in CANONICAL_RANKS] == [
        "as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "sota", "caballo", "rey",
    ]  # fmt: skip
    assert [suit_name(suit, "es") for suit in CANONICAL_SUITS] == [
        "oros", "copas", "espadas", "bastos",
    ]  # fmt: skip
    assert card_name(Card(Suit.SWORDS, Rank.JACK), "es") == "sota de espadas"


def test_portuguese_words_read_bisca_order() -> None:
    """Portuguese bisca, "The preset": Portuguese bisca ranks the seven second,
    and the knight is the queen (dama) of a French-suited pack, below the jack
    (valete); suits ouros, copas, espadas, paus."""
    order = [rank_name(rank, "pt") for rank in preset("portuguese-2p").strength]
    assert order == [
        "ás", "sete", "rei", "valete", "dama", "sena", "quina", "quadra", "terno", "duque",
    ]  # fmt: skip
    assert [suit_name(suit, "pt") for suit in CANONICAL_SUITS] == [
        "ouros", "copas", "espadas", "paus",
    ]  # fmt: skip
    assert card_name(Card(Suit.CLUBS, Rank.SEVEN), "pt") == "sete de paus"


def test_unknown_language() -> None:
    """An unknown language is a ValueError naming the known ones."""
    with pytest.raises(ValueError, match="unknown language 'de'; known: en, it, hr, es, pt"):
        card_name(FULL_PACK[0], "de")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="known: en, it, hr, es, pt"):
        suit_name(Suit.CUPS, "fr")  # type: ignore[arg-type]


def test_french_suits() -> None:
    """Card names, "French-suited equivalents": a French pack stands in for the
    Italian one; coins are diamonds, cups hearts, swords spades, clubs
    clubs."""
    assert [french_suit(suit) for suit in CANONICAL_SUITS] == [
        "diamonds", "hearts", "spades", "clubs",
    ]  # fmt: skip


def test_french_drop_8_9_10() -> None:
    """Card names, "French-suited equivalents": an Italian pack is made from a
    standard one by removing the 10, 9 and 8 of every suit; the order is then
    A, 3, K, Q, J, 7, 6, 5, 4, 2 (the knight reads as the queen)."""
    labels = [french_rank(rank, "drop-8-9-10") for rank in Rank]
    assert set(labels) == {"A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"}
    assert [french_rank(rank) for rank in STANDARD_STRENGTH] == [
        "A", "3", "K", "Q", "J", "7", "6", "5", "4", "2",
    ]  # fmt: skip
    assert french_name(Card(Suit.SWORDS, Rank.KNIGHT)) == "queen of spades"
    assert french_name(Card(Suit.CUPS, Rank.JACK), "drop-8-9-10") == "jack of hearts"


def test_french_ten_for_three() -> None:
    """Card names, "French-suited equivalents": players of ace-ten games may
    find the order A, 10, K, Q, J, 9, 8, 7, 6, 5 easier: the ten replaces the
    three."""
    assert [french_rank(rank, "ten-for-three") for rank in STANDARD_STRENGTH] == [
        "A", "10", "K", "Q", "J", "9", "8", "7", "6", "5",
    ]  # fmt: skip
    assert french_name(Card(Suit.COINS, Rank.THREE), mapping="ten-for-three") == ("ten of diamonds")
    assert french_symbol(Card(Suit.CLUBS, Rank.SEVEN), "ten-for-three") == "9♣"


@pytest.mark.parametrize("mapping", FRENCH_MAPPINGS)
def test_french_names_are_distinct(mapping: str) -> None:
    """Each mapping gives the 40 cards 40 different French cards."""
    assert len({french_name(card, mapping) for card in FULL_PACK}) == 40  # type: ignore[arg-type]
    assert len({french_symbol(card, mapping) for card in FULL_PACK}) == 40  # type: ignore[arg-type]


def test_unknown_french_mapping() -> None:
    """An unknown mapping is a ValueError naming the known ones."""
    with pytest.raises(ValueError, match="unknown mapping 'ace-ten'; known: drop-8-9-10"):
        french_name(FULL_PACK[0], "ace-ten")  # type: ignore[arg-type]
