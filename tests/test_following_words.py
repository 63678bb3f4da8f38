"""How the heuristic bot follows its partner's word in a trick under way
(Bots, "Table talk": a partner's word is followed where the hand and the
trick allow), word by word, on split-4p's table: the card it plays when
its side is winning the trick and when the other side is, and when it
cannot follow the word (it then plays as it would have without it)."""

from __future__ import annotations

from briscola import Card, Rank, Suit, Word, preset
from briscola.bots._heuristic import _follow_word
from briscola.bots._tables import suit_index, tables_for

TABLES = tables_for(preset("split-4p"))
TRUMP = suit_index(Suit.COINS)
BEATS = TABLES.trump_beats[TRUMP]


def card(rank: Rank, suit: Suit) -> int:
    return Card(suit, rank).index


def follow(word: Word, hand: list[int], winning: int, friendly: bool) -> int | None:
    """The card that follows ``word`` from ``hand`` when ``winning`` is
    the trick's winning card, on our side or not."""
    return _follow_word(word, hand, TRUMP, TABLES, BEATS, 40 * winning, friendly)


ACE_CUPS = card(Rank.ACE, Suit.CUPS)
THREE_SWORDS = card(Rank.THREE, Suit.SWORDS)
KING_CLUBS = card(Rank.KING, Suit.CLUBS)
TWO_CLUBS = card(Rank.TWO, Suit.CLUBS)
FOUR_COINS = card(Rank.FOUR, Suit.COINS)  # a small trump
JACK_COINS = card(Rank.JACK, Suit.COINS)  # a trump with points
SEVEN_CUPS = card(Rank.SEVEN, Suit.CUPS)
HAND = [ACE_CUPS, THREE_SWORDS, KING_CLUBS, TWO_CLUBS, FOUR_COINS, JACK_COINS]


def test_points_loads_the_partners_trick_with_the_richest_card_spared() -> None:
    """ "punti" on a trick our side is winning: the most points the hand can
    spare, never a trump kept back; on the other side's trick it says
    nothing this seat can follow."""
    assert follow(Word.POINTS, HAND, SEVEN_CUPS, friendly=True) == ACE_CUPS
    assert follow(Word.POINTS, [FOUR_COINS, TWO_CLUBS], SEVEN_CUPS, friendly=True) == TWO_CLUBS
    assert follow(Word.POINTS, HAND, SEVEN_CUPS, friendly=False) is None


def test_no_points_gives_the_cheapest_card_to_a_friendly_trick() -> None:
    """ "lišo": the card that costs least to give away (no points, no trump
    kept back), and only where our side is winning."""
    assert follow(Word.NO_POINTS, HAND, SEVEN_CUPS, friendly=True) == TWO_CLUBS
    assert follow(Word.NO_POINTS, HAND, SEVEN_CUPS, friendly=False) is None


def test_ace_or_three_plays_the_weakest_top_card_that_may() -> None:
    """*karik*: an ace or a three, not a trump if a plain one will do, the
    weakest first; against the other side's card only one that takes it,
    and none where the hand holds no such card."""
    assert follow(Word.ACE_OR_THREE, HAND, SEVEN_CUPS, friendly=True) == THREE_SWORDS
    assert follow(Word.ACE_OR_THREE, HAND, SEVEN_CUPS, friendly=False) == ACE_CUPS
    assert follow(Word.ACE_OR_THREE, [KING_CLUBS, TWO_CLUBS], SEVEN_CUPS, friendly=True) is None


def test_trump_words_take_the_other_sides_trick_with_the_cheapest_trump() -> None:
    """ "briškulu" and the small trump's word: against the other side's
    card, the weakest trump that takes it (for the small trump, one
    without points); on a trick our side is winning there is nothing to
    take."""
    assert follow(Word.TRUMP, HAND, SEVEN_CUPS, friendly=False) == FOUR_COINS
    assert follow(Word.TRUMP, HAND, SEVEN_CUPS, friendly=True) is None
    assert follow(Word.SMALL_TRUMP, [JACK_COINS, KING_CLUBS], SEVEN_CUPS, friendly=False) is None
    assert follow(Word.SMALL_TRUMP, HAND, SEVEN_CUPS, friendly=False) == FOUR_COINS
    # A trump already winning the trick: only a stronger trump takes it.
    assert follow(Word.TRUMP, HAND, card(Rank.FIVE, Suit.COINS), friendly=False) == JACK_COINS
