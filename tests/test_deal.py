"""Starting a deal: pack order, dealer, deal layouts, Split's cut and knock and
the Finnish redraw ("Italian briscola, two to six players", "Split briškula and
dupla", "Finnish briscola", and ``new_game`` in the reference)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from briscola import (
    Card,
    Cut,
    GameState,
    IllegalActionError,
    Knock,
    Phase,
    Play,
    Rank,
    Rules,
    Suit,
    apply,
    legal_actions,
    new_game,
    new_match,
    observe,
    preset,
)
from briscola._deal import MAX_SEED_BITS, MAX_SEED_LENGTH
from tests.strategies import card, deck_with


def mixed_deck(rules: Rules) -> tuple[Card, ...]:
    """A fixed, non-canonical order of the rules' pack (no card is where the
    canonical order would put it by chance of a simple pattern)."""
    cards = list(rules.pack)
    random.Random("layout").shuffle(cards)
    return tuple(cards)


def check_layout(
    state: GameState,
    deck: tuple[Card, ...],
    from_eldest: list[list[int]],
    trump_at: int,
    stock_from: int,
) -> None:
    """Seat ``eldest + j`` holds ``deck[i]`` for ``i`` in ``from_eldest[j]``
    (in that order), the trump card is ``deck[trump_at]`` and the stock is
    ``deck[stock_from:]``."""
    n = state.rules.players
    for j, positions in enumerate(from_eldest):
        seat = (state.eldest + j) % n
        assert state.hands[seat] == tuple(deck[i] for i in positions), seat
    assert state.trump_card == deck[trump_at]
    assert state.trump is deck[trump_at].suit
    assert state.stock == deck[stock_from:]
    assert state.trick == ()
    assert state.piles == ((),) * n
    assert state.tricks_won == (0,) * n
    assert state.trump_drawn is None
    assert state.buried == ()


# --- standard deal ---------------------------------------------------------


def test_standard_two_player_layout() -> None:
    """Tutorial: deal, play, score, "Dealing": two players: seat 0 (eldest)
    gets deck[0], deck[2], deck[4], seat 1 deck[1], deck[3], deck[5]; trump
    card deck[6]; stock deck[7:]."""
    rules = preset("italian-2p")
    deck = mixed_deck(rules)
    state = new_game(rules, deck=deck)
    assert state.hands[0] == (deck[0], deck[2], deck[4])
    assert state.hands[1] == (deck[1], deck[3], deck[5])
    assert state.trump_card == deck[6]
    assert state.trump is deck[6].suit
    assert state.stock == deck[7:]
    assert len(state.stock) == 33
    assert state.pack == deck
    assert state.history == ()
    assert state.phase is Phase.PLAYING


@pytest.mark.parametrize(
    ("name", "n"),
    [
        ("italian-3p", 3),
        ("briscacard-3p", 3),
        ("italian-4p", 4),
        ("italian-5p", 5),
        ("italian-6p", 6),
    ],
)
def test_standard_layout_many_players(name: str, n: int) -> None:
    """Italian briscola, two to six players, "The game": standard deal, one
    card at a time to each seat from eldest, three rounds; the next card is the
    trump card, the rest the stock."""
    rules = preset(name)
    deck = mixed_deck(rules)
    state = new_game(rules, deck=deck)
    check_layout(state, deck, [[j, j + n, j + 2 * n] for j in range(n)], 3 * n, 3 * n + 1)


def test_standard_four_player_layout_written_out() -> None:
    """Italian briscola, two to six players, "A trick at four": seat 0 gets
    deck[0], [4], [8]; seat 3 gets deck[3], [7], [11]; trump card deck[12];
    stock deck[13:] (27 cards)."""
    rules = preset("italian-4p")
    deck = mixed_deck(rules)
    state = new_game(rules, deck=deck)
    assert state.hands[0] == (deck[0], deck[4], deck[8])
    assert state.hands[3] == (deck[3], deck[7], deck[11])
    assert state.trump_card == deck[12]
    assert len(state.stock) == 27


@pytest.mark.parametrize(
    "name", ["italian-2p", "italian-3p", "italian-4p", "italian-5p", "italian-6p"]
)
def test_default_dealer_is_last_seat(name: str) -> None:
    """Tutorial: deal, play, score, "Dealing": the dealer defaults to seat n -
    1, so seat 0 is eldest and leads the first trick."""
    rules = preset(name)
    state = new_game(rules, seed=3)
    assert state.dealer == rules.players - 1
    assert state.eldest == 0
    assert state.to_move == 0


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_explicit_dealer_changes_eldest(dealer: int) -> None:
    """The rules as implemented, "What every family shares": eldest is (dealer
    + 1) % n; it gets the first card and leads; the deal runs on in playing
    order from there."""
    rules = preset("italian-4p")
    deck = mixed_deck(rules)
    state = new_game(rules, deck=deck, dealer=dealer)
    eldest = (dealer + 1) % 4
    assert state.dealer == dealer
    assert state.eldest == eldest
    assert state.to_move == eldest
    assert state.hands[eldest] == (deck[0], deck[4], deck[8])
    assert state.hands[(eldest + 1) % 4] == (deck[1], deck[5], deck[9])
    assert state.hands[dealer] == (deck[3], deck[7], deck[11])
    assert state.trump_card == deck[12]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**40, "a string seed"])
@pytest.mark.parametrize("name", ["italian-2p", "italian-3p", "italian-6p", "split-4p", "bastardo"])
def test_seeded_shuffle_is_random_shuffle_of_canonical_pack(name: str, seed: int | str) -> None:
    """Reference, "Deals" (``new_game``): a seed shuffles the canonical pack
    (suits COINS, CUPS, SWORDS, CLUBS, each ACE..SEVEN, JACK, KNIGHT, KING,
    less the removed cards) with random.Random(seed).shuffle; the deal equals
    the one from that deck."""
    rules = preset(name)
    removed = set(rules.removed)
    canonical = [Card(s, r) for s in Suit for r in Rank if Card(s, r) not in removed]
    random.Random(seed).shuffle(canonical)
    state = new_game(rules, seed=seed)
    assert state.pack == tuple(canonical)
    assert state == new_game(rules, deck=canonical)


def test_same_seed_same_deal() -> None:
    """Reference, "Deals" (``new_game``): any program reproduces a seeded
    deal."""
    rules = preset("italian-5p")
    assert new_game(rules, seed=99) == new_game(rules, seed=99)
    assert new_game(rules, seed=99).pack != new_game(rules, seed=100).pack


# --- deck validation ---------------------------------------------------------


def test_deck_missing_a_card() -> None:
    """Reference, "Deals" (``new_game``): the deck must be a permutation of the
    rules' pack: a missing card (wrong length) is a ValueError naming the
    card."""
    rules = preset("italian-2p")
    with pytest.raises(ValueError, match="missing") as excinfo:
        new_game(rules, deck=rules.pack[1:])
    assert "ace of coins" in str(excinfo.value)


def test_deck_with_a_duplicate() -> None:
    """Reference, "Deals" (``new_game``): a repeated card is a ValueError
    naming it."""
    rules = preset("italian-2p")
    deck = (rules.pack[1],) + rules.pack[1:]
    with pytest.raises(ValueError, match="repeated") as excinfo:
        new_game(rules, deck=deck)
    assert "two of coins" in str(excinfo.value)


def test_deck_with_a_foreign_card() -> None:
    """Reference, "Deals" (``new_game``): a card the rules removed (the two of
    clubs in three-player Italian) is not in the pack: ValueError naming it."""
    rules = preset("italian-3p")
    deck = list(rules.pack)
    deck[0] = Card(Suit.CLUBS, Rank.TWO)
    with pytest.raises(ValueError, match="two of clubs"):
        new_game(rules, deck=deck)


def test_deck_too_long() -> None:
    """Reference, "Deals" (``new_game``): a 40-card deck for the 36-card
    six-player pack is refused."""
    rules = preset("italian-6p")
    with pytest.raises(ValueError, match="36"):
        new_game(rules, deck=preset("italian-2p").pack)


def test_deck_of_non_cards() -> None:
    """Reference, "Deals" (``new_game``): a deck must hold cards."""
    rules = preset("italian-2p")
    with pytest.raises(ValueError, match="cards"):
        new_game(rules, deck=[str(c) for c in rules.pack])  # type: ignore[misc]


def test_seed_and_deck_together_refused() -> None:
    """Reference, "Deals" (``new_game``): a seed or a deck; both is a
    ValueError."""
    rules = preset("italian-2p")
    with pytest.raises(ValueError, match="seed"):
        new_game(rules, seed=1, deck=rules.pack)


@pytest.mark.parametrize("dealer", [-1, 2, 7])
def test_dealer_must_be_a_seat(dealer: int) -> None:
    """Reference, "Deals" (``new_game``): the dealer is a seat 0..n-1."""
    with pytest.raises(ValueError, match="dealer"):
        new_game(preset("italian-2p"), seed=1, dealer=dealer)


# --- Split: cut or knock -----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "dealer"),
    [
        ("split-2p", None),
        ("split-4p", None),
        ("split-4p", 0),
        ("split-5p", 2),
        ("split-dupla-2p", None),
        ("split-dupla-4p", 1),
    ],
)
def test_split_waits_for_cut_or_knock(name: str, dealer: int | None) -> None:
    """Split briškula and dupla, "Cut or knock": the previous dealer, seat
    (dealer - 1) % n, first chooses Cut() or Knock(); until then no card is
    dealt: hands are empty, no trump card, the whole pack is the stock in pack
    order."""
    rules = preset(name)
    deck = mixed_deck(rules)
    state = new_game(rules, deck=deck, dealer=dealer)
    n = rules.players
    the_dealer = n - 1 if dealer is None else dealer
    assert state.phase is Phase.CUT_OR_KNOCK
    assert state.to_move == (the_dealer - 1) % n
    assert state.hands == ((),) * n
    assert state.trump_card is None
    assert state.trump is None
    assert state.stock == deck
    assert legal_actions(state) == (Cut(), Knock())
    with pytest.raises(IllegalActionError):
        apply(state, Play(deck[0]))


# name, action, cards per seat from eldest (pack positions), trump, stock start
LAYOUTS: list[tuple[str, str, list[list[int]], int, int]] = [
    # Split briškula and dupla, "Cut or knock", two players:
    # A 0, B 1, A 2, trump 3, B 4, A 5, B 6.
    ("split-2p", "cut", [[0, 2, 5], [1, 4, 6]], 3, 7),
    ("split-2p", "knock", [[0, 1, 2], [3, 4, 5]], 6, 7),
    # four players: 6 of 12 cards dealt, then the trump card.
    ("split-4p", "cut", [[0, 4, 9], [1, 5, 10], [2, 7, 11], [3, 8, 12]], 6, 13),
    ("split-4p", "knock", [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]], 12, 13),
    # five players: floor(15 / 2) = 7 cards dealt, then the trump card.
    ("split-5p", "cut", [[0, 5, 11], [1, 6, 12], [2, 8, 13], [3, 9, 14], [4, 10, 15]], 7, 16),
    ("split-5p", "knock", [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11], [12, 13, 14]], 15, 16),
    # dupla: packets of two, the trump card after half of the hands' cards.
    ("split-dupla-2p", "cut", [[0, 1, 5, 6], [2, 3, 7, 8]], 4, 9),
    ("split-dupla-2p", "knock", [[0, 1, 2, 3], [4, 5, 6, 7]], 8, 9),
    (
        "split-dupla-4p",
        "cut",
        [[0, 1, 9, 10], [2, 3, 11, 12], [4, 5, 13, 14], [6, 7, 15, 16]],
        8,
        17,
    ),
    (
        "split-dupla-4p",
        "knock",
        [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]],
        16,
        17,
    ),
]


@pytest.mark.parametrize("dealer", [None, 0])
@pytest.mark.parametrize(("name", "how", "from_eldest", "trump_at", "stock_from"), LAYOUTS)
def test_split_cut_and_knock_layouts(
    name: str,
    how: str,
    from_eldest: list[list[int]],
    trump_at: int,
    stock_from: int,
    dealer: int | None,
) -> None:
    """Split briškula and dupla, "Cut or knock": after a cut, packets of 1 (2
    in dupla) round-robin from eldest with the trump card turned after
    floor(n*h/2) cards; after a knock, one packet of a whole hand to each seat
    from eldest, then the trump card. Eldest then leads."""
    rules = preset(name)
    deck = mixed_deck(rules)
    start = new_game(rules, deck=deck, dealer=dealer)
    action = Cut() if how == "cut" else Knock()
    state = apply(start, action)
    check_layout(state, deck, from_eldest, trump_at, stock_from)
    assert state.phase is Phase.PLAYING
    assert state.to_move == state.eldest
    assert state.history == (action,)
    assert state.actors == (start.to_move,)
    assert state.dealer == start.dealer


def test_split_two_player_cut_written_out() -> None:
    """Split briškula and dupla, "Cut or knock", the two-player cut in words: A
    deck[0], B deck[1], A deck[2], trump deck[3], B deck[4], A deck[5], B
    deck[6], stock deck[7:]."""
    rules = preset("split-2p")
    deck = mixed_deck(rules)
    state = apply(new_game(rules, deck=deck), Cut())
    assert state.hands[0] == (deck[0], deck[2], deck[5])
    assert state.hands[1] == (deck[1], deck[4], deck[6])
    assert state.trump_card == deck[3]
    assert state.stock == deck[7:]


# --- Finnish redraw ----------------------------------------------------------


def test_redraw_buries_ace_then_three() -> None:
    """Finnish briscola, "Choices the library makes": an ace or three turned as
    trump goes to index len(rest) // 2 of the undealt cards and the next card
    is turned, repeatedly; buried records them in order. Worked by hand: the
    ace (deck[6]) goes in at 16 of deck[7:], then the three (deck[7]) at 16 of
    deck[8:] + ace, and the five (deck[8]) is turned."""
    rules = preset("finnish-2p")
    ace, three, five = card("ace of coins"), card("three of cups"), card("five of swords")
    deck = deck_with(rules, {6: ace, 7: three, 8: five})
    state = new_game(rules, deck=deck)
    assert state.trump_card == five
    assert state.trump is Suit.SWORDS
    assert state.buried == (ace, three)
    assert state.stock == deck[9:23] + (ace, three) + deck[23:]
    assert len(state.stock) == 33
    assert state.hands[0] == (deck[0], deck[2], deck[4])


def test_redraw_once() -> None:
    """Finnish briscola, "The redraw": a three turned goes to index 33 // 2 =
    16 of deck[7:] and deck[7] is turned instead, so the three is the stock's
    card 15."""
    rules = preset("finnish-2p")
    three, king = card("three of clubs"), card("king of cups")
    deck = deck_with(rules, {6: three, 7: king})
    state = new_game(rules, deck=deck)
    assert state.trump_card == king
    assert state.buried == (three,)
    assert state.stock == deck[8:23] + (three,) + deck[23:]
    assert state.stock[15] == three


def test_redraw_four_players() -> None:
    """Finnish briscola, "The redraw", four players: the ace turned at deck[12]
    goes to index 27 // 2 = 13 of deck[13:] (after deck[25]); deck[13] is
    turned."""
    rules = preset("finnish-4p")
    ace, jack = card("ace of swords"), card("jack of coins")
    deck = deck_with(rules, {12: ace, 13: jack})
    state = new_game(rules, deck=deck)
    assert state.trump_card == jack
    assert state.buried == (ace,)
    assert state.stock == deck[14:26] + (ace,) + deck[26:]


def test_no_redraw_without_ace_or_three() -> None:
    """Finnish briscola: the redraw only moves an ace or a three; a king stays
    the trump card and nothing is buried."""
    rules = preset("finnish-2p")
    king = card("king of clubs")
    deck = deck_with(rules, {6: king})
    state = new_game(rules, deck=deck)
    assert state.trump_card == king
    assert state.buried == ()
    assert state.stock == deck[7:]


def test_no_redraw_in_italian() -> None:
    """Finnish briscola, "The presets": the redraw is an option: in Italian an
    ace turned stays the trump card."""
    rules = preset("italian-2p")
    ace = card("ace of cups")
    state = new_game(rules, deck=deck_with(rules, {6: ace}))
    assert state.trump_card == ace
    assert state.buried == ()


@pytest.mark.parametrize("seed", [[1], (1, 2), 1j, "\ud800"])
def test_unusable_seeds_refused_with_value_error(seed: object) -> None:
    """Reference, "Deals" (``new_game``): a seed is what ``random.Random``
    takes; anything else (a list, a complex number, text that is not valid
    Unicode) is malformed input and raises ValueError saying so, for a deal and
    for a match."""
    with pytest.raises(ValueError, match="seed"):
        new_game(preset("italian-2p"), seed=seed)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        new_match(preset("italian-2p"), seed=seed)  # type: ignore[arg-type]


def test_non_rules_are_refused() -> None:
    """Reference, "Deals" and "Matches": a deal and a match are made from
    Rules."""
    with pytest.raises(TypeError, match="Rules"):
        new_game("italian-2p", seed=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Rules"):
        new_match("italian-2p", seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seed", "words"),
    [
        (True, "not the bool True"),
        (2 ** (MAX_SEED_BITS + 1), f"at most {MAX_SEED_BITS} bits"),
        (b"x" * (MAX_SEED_LENGTH + 1), f"at most {MAX_SEED_LENGTH} characters"),
        ("\ud800", "valid Unicode text"),
        ([1, 2], "not list"),
    ],
)
def test_new_game_refuses_bad_seeds(seed: Any, words: str) -> None:
    """A seed that would deal differently in every process, or that is
    unbounded, is refused before any card is shuffled."""
    with pytest.raises(ValueError, match=words):
        new_game(preset("italian-2p"), seed=seed)


@pytest.mark.parametrize("seed", [1.5, b"split", "split"])
def test_new_game_takes_float_bytes_and_str_seeds(seed: float | bytes | str) -> None:
    """Finite floats, bytes and strings are seeds too: the same seed deals
    the same pack, another seed another pack."""
    rules = preset("italian-2p")
    assert new_game(rules, seed=seed) == new_game(rules, seed=seed)
    assert new_game(rules, seed=seed).pack != new_game(rules, seed=7).pack


def test_new_game_refuses_a_deck_too_long_or_not_a_sequence() -> None:
    """A deck is read only after its length is bounded: a set (no order)
    or a deck longer than two packs is refused with its size."""
    rules = preset("italian-2p")
    with pytest.raises(ValueError, match=r"it has \?"):
        new_game(rules, deck=set(rules.pack))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="it has 81"):
        new_game(rules, deck=list(rules.pack) * 2 + [rules.pack[0]])


@pytest.mark.parametrize("name", ["split-2p", "split-dupla-4p"])
def test_split_deal_before_the_cut_has_taken_nothing(name: str) -> None:
    """Before the cut or knock nobody holds a card or has won a trick, and
    every seat sees it so."""
    state = new_game(preset(name), seed=1)
    n = state.rules.players
    assert state.tricks_won == (0,) * n and state.piles == ((),) * n
    assert state.hands == ((),) * n and len(state.stock) == 40
    assert observe(state, 0).tricks_won == (0,) * n
