"""What a seat may see: :func:`briscola.observe` (the "Observations and search"
guide)."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    PRESETS,
    Bid,
    Call,
    Card,
    Cut,
    DealStyle,
    Exchange,
    GameState,
    MatchFormat,
    MatchState,
    Observation,
    PartnerHands,
    Pass,
    Phase,
    Play,
    Sign,
    Suit,
    SwapTrump,
    apply,
    dumps,
    legal_actions,
    new_game,
    new_match,
    observe,
    preset,
)
from briscola._layout import deal_layout
from tests.strategies import PRESET_NAMES, card, deck_with, first_play, play_cards, reachable_states
from tests.strategies import rules as varied_rules


def play_first(state: GameState, steps: int) -> GameState:
    """Take the first legal play ``steps`` times."""
    for _ in range(steps):
        state = apply(state, first_play(state))
    return state


def states_until_over(state: GameState) -> Iterator[GameState]:
    """Every state from ``state`` to the end, always taking the first play."""
    yield state
    while not state.is_over:
        state = apply(state, first_play(state))
        yield state


def replay(state: GameState, pack: tuple[Card, ...]) -> GameState:
    """``state``'s history replayed from another pack order."""
    other = new_game(state.rules, deck=pack, dealer=state.dealer)
    for action in state.history:
        other = apply(other, action)
    return other


def reachable(obj: object) -> Iterator[object]:
    """Every object reachable from ``obj`` through tuples and attrs
    instances (cards, rules and enums are leaves)."""
    seen: set[int] = set()
    todo = [obj]
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, tuple) or attrs.has(type(item)):
            todo.extend(gc.get_referents(item))


# -- scenarios ------------------------------------------------------------------


def test_own_hand_seen_and_the_rest_hidden() -> None:
    """Observations and search, "What a seat sees": a seat sees its own hand,
    the number of cards in each hand and in the stock and the face-up trump
    card; the other hand and the stock stay hidden, in the observation's
    attributes and in its repr.

    Canonical deck, dealer 1: seat 0 gets pack positions 0, 2, 4 (ace, three,
    five of coins), seat 1 gets 1, 3, 5 (two, four, six of coins), position 6
    (seven of coins) is the trump card."""
    rules = preset("italian-2p")
    state = new_game(rules, deck=deck_with(rules, {}), dealer=1)
    seen = observe(state, 0)
    assert seen.hand == (card("ace of coins"), card("three of coins"), card("five of coins"))
    assert seen.hand_sizes == (3, 3)
    assert seen.known_hands == (seen.hand, ())
    assert seen.stock_size == 33
    assert seen.trump_card == card("seven of coins") == seen.turned_card
    assert seen.trump is Suit.COINS
    assert seen.phase is Phase.PLAYING and seen.to_move == 0 and seen.dealer == 1
    hidden = set(state.hands[1]) | set(state.stock)
    assert set(seen.unseen) == hidden and len(hidden) == 36
    text = repr(seen)
    for hidden_card in hidden:
        assert repr(hidden_card) not in text


def test_observation_holds_no_reference_to_the_state() -> None:
    """Observations and search, "Nothing else": nothing hidden may be derivable
    from the observation, so it must not keep the state (or its setup with the
    pack) inside."""
    rules = preset("finnish-4p")
    state = play_first(new_game(rules, seed=5), 9)
    for seat in range(4):
        for item in reachable(observe(state, seat)):
            assert not isinstance(item, (GameState, MatchState))
            assert item is not state.setup and item is not state.pack
            assert item is not state.stock or not state.stock


def test_cards_played_and_piles_are_public() -> None:
    """Observations and search, "What a seat sees": every card played is
    public: the trick in progress, the piles and the history with its seats are
    the same for every seat."""
    rules = preset("italian-4p")
    state = play_first(new_game(rules, seed=11), 6)
    seen = [observe(state, seat) for seat in range(4)]
    for view in seen:
        assert view.trick == state.trick and len(view.trick) == 2
        assert view.piles == state.piles and view.tricks_won == state.tricks_won
        assert view.history == state.history and view.actors == (0, 1, 2, 3, 0, 1)


def test_who_drew_the_trump_card_is_public() -> None:
    """Observations and search, "Cards whose holder everyone knows": the trump
    card while face up, and who drew it: the other seat knows the drawer holds
    it until it is played."""
    rules = preset("italian-2p")
    drawn = False
    for state in states_until_over(new_game(rules, seed=21)):
        if state.trump_drawn is None:
            assert observe(state, 0).trump_card == observe(state, 1).trump_card == state.trump_card
            assert state.trump_card is not None
            continue
        drawer, trump_card = state.trump_drawn
        watcher = observe(state, 1 - drawer)
        assert watcher.trump_card is None and watcher.trump_drawn == state.trump_drawn
        holds = trump_card in state.hands[drawer]
        assert watcher.known_hands[drawer] == ((trump_card,) if holds else ())
        drawn = drawn or holds
    assert drawn


def test_exchange_shows_the_card_taken() -> None:
    """Observations and search, "Cards whose holder everyone knows": an
    exchange is public with the card given; the seat that took the face-up card
    is known to hold it until it plays it (Romanian two-of-trumps exchange).

    Seat 0 (eldest, dealer 1) is dealt the two of swords at position 0;
    the king of swords is turned at position 6."""
    rules = preset("romanian-2p")
    deck = deck_with(rules, {0: card("two of swords"), 6: card("king of swords")})
    state = apply(new_game(rules, deck=deck, dealer=1), SwapTrump(card("two of swords")))
    other = observe(state, 1)
    assert other.trump_card == card("two of swords")
    assert other.turned_card == card("king of swords")
    assert other.known_hands[0] == (card("king of swords"),)
    assert other.history == (SwapTrump(card("two of swords")),) and other.actors == (0,)
    state = apply(state, Play(card("king of swords")))
    assert observe(state, 1).known_hands[0] == ()
    assert observe(state, 1).turned_card == card("king of swords")


def test_buried_cards_and_their_place_in_the_stock() -> None:
    """Finnish briscola, "Choices the library makes": the buried cards are
    public, and so is where they lie in the stock and who draws them.

    The ace of cups is turned first (position 6) and buried at index
    33 // 2 = 16 of the 33 cards left; the king of swords (position 7) is
    turned instead, so the ace lies at index 15 of the stock and moves two
    places nearer each trick (two seats draw). Drawn as the second card
    after the eighth trick, it goes to the seat that lost that trick."""
    rules = preset("finnish-2p")
    deck = deck_with(rules, {6: card("ace of cups"), 7: card("king of swords")})
    state = new_game(rules, deck=deck, dealer=1)
    ace = card("ace of cups")
    before = state.tricks_won
    for tricks in range(8):
        for seat in range(2):
            seen = observe(state, seat)
            assert seen.buried == (ace,) and seen.trump_card == card("king of swords")
            assert seen.stock_known == ((15 - 2 * tricks, ace),)
            assert ace not in seen.unseen
        before = state.tricks_won
        state = play_first(state, 2)
    winner = 0 if state.tricks_won[0] > before[0] else 1
    loser = 1 - winner
    assert ace in state.hands[loser]
    assert observe(state, winner).known_hands[loser] == (ace,)
    assert observe(state, winner).stock_known == ()


AFTER_STOCK_4P = attrs.evolve(preset("italian-4p"), partner_hands=PartnerHands.AFTER_STOCK)


def test_partner_hand_shown_once_the_stock_is_gone() -> None:
    """Observations and search, "Partners' hands" (Split, Sackson's Finnish
    rules): partners see each other's hands once the stock and the trump card
    are gone, and never the opponents' hands."""
    shown_at_least_once = False
    for state in states_until_over(new_game(AFTER_STOCK_4P, seed=8)):
        seen = observe(state, 0)
        drawn = () if state.trump_drawn is None else (state.trump_drawn[1],)
        if state.stock or state.trump_card is not None:
            assert seen.known_hands[2] == ()
        else:
            assert seen.known_hands[2] == tuple(sorted(state.hands[2]))
            shown_at_least_once = shown_at_least_once or bool(state.hands[2])
        for opponent in (1, 3):
            assert seen.known_hands[opponent] == tuple(
                c for c in state.hands[opponent] if c in drawn
            )
    assert shown_at_least_once


def test_partner_hand_shown_from_the_deal() -> None:
    """Observations and search, "Partners' hands" (Romanian four-player):
    partners show their hands before the first trick, "so each knows the
    other's hand as dealt": the dealt cards a partner still holds are known,
    the cards it draws later are not, and the opponents' hands stay hidden."""
    rules = preset("romanian-4p")
    state = new_game(rules, seed=4)
    dealt = [set(hand) for hand in state.hands]
    drawn_hidden = False
    for _ in range(12):
        for seat, partner in ((0, 2), (1, 3), (2, 0), (3, 1)):
            seen = observe(state, seat)
            known = set(seen.known_hands[partner])
            still_dealt = dealt[partner] & set(state.hands[partner])
            assert still_dealt <= known <= set(state.hands[partner])
            public = {state.trump_drawn[1]} if state.trump_drawn else set()
            assert known - still_dealt <= public
            drawn_hidden |= len(known) < len(state.hands[partner])
            for opponent in {0, 1, 2, 3} - {seat, partner}:
                assert len(seen.known_hands[opponent]) < len(state.hands[opponent])
        state = play_first(state, 1)
    assert drawn_hidden


def _bastardo_called(called: Card) -> GameState:
    """Bastardo from the canonical deck, dealer 4: seat ``s`` holds pack
    positions ``s, s + 5, ...`` (seat 0 the aces and sixes, seat 4 the
    fives and kings). Seat 0 bids 61, the others pass, seat 0 calls
    ``called``."""
    rules = preset("bastardo")
    state = new_game(rules, deck=deck_with(rules, {}), dealer=4)
    for action in (Bid(61), Pass(), Pass(), Pass(), Pass(), Call(called)):
        state = apply(state, action)
    return state


def test_bastardo_partner_known_only_to_the_partner() -> None:
    """Observations and search, "Bastardo's secret partner": the holder of the
    called card is the secret partner; only it knows, until the called card is
    played, then everyone knows.

    The king of coins (position 9) lies with seat 4."""
    king = card("king of coins")
    state = _bastardo_called(king)
    assert state.contract is not None and state.contract.partner == 4
    for _ in range(4):
        for seat in range(5):
            contract = observe(state, seat).contract
            assert contract is not None and contract.called_card == king
            assert contract.bid == Bid(61) and contract.declarer == 0
            assert contract.partner == (4 if seat == 4 else None)
        state = apply(state, Play(state.hands[state.to_move][0]))  # type: ignore[index]
    assert state.to_move == 4
    state = apply(state, Play(king))
    for seat in range(5):
        contract = observe(state, seat).contract
        assert contract is not None and contract.partner == 4


def test_bastardo_partner_cannot_be_told_from_the_observation() -> None:
    """Observations and search, "Bastardo's secret partner" and "Nothing else":
    moving the called card (king of coins) from seat 4 to seat 3, in exchange
    for a card of seat 3, changes the partner but not what seats 0-2 see; seats
    3 and 4 see the difference in their own hands."""
    king = card("king of coins")
    state = _bastardo_called(king)
    pack = list(state.pack)
    swap = pack.index(king), 3  # position 3 (four of coins) is seat 3's
    pack[swap[0]], pack[swap[1]] = pack[swap[1]], pack[swap[0]]
    moved = new_game(state.rules, deck=tuple(pack), dealer=4)
    for action in state.history:
        moved = apply(moved, action)
    assert moved.contract is not None and moved.contract.partner == 3
    for seat in range(3):
        assert observe(moved, seat) == observe(state, seat)
    for seat in (3, 4):
        assert observe(moved, seat) != observe(state, seat)


def test_bastardo_declarer_alone_knows_it() -> None:
    """Observations and search, "Bastardo's secret partner": calling a card of
    one's own hand means playing alone; the declarer knows it, the others
    cannot tell until the card is played.

    The ace of coins (position 0) lies with the declarer, seat 0."""
    ace = card("ace of coins")
    state = _bastardo_called(ace)
    assert observe(state, 0).contract.partner == 0  # type: ignore[union-attr]
    for seat in range(1, 5):
        assert observe(state, seat).contract.partner is None  # type: ignore[union-attr]
    state = apply(state, Play(ace))
    assert all(observe(state, s).contract.partner == 0 for s in range(5))  # type: ignore[union-attr]


def test_before_the_cut_nothing_is_dealt() -> None:
    """Split briškula and dupla, "Cut or knock": before the cut or knock
    nothing is dealt: no hand, no trump card; the whole pack is face down and
    unseen."""
    rules = preset("split-2p")
    seen = observe(new_game(rules, seed=3), 0)
    assert seen.phase is Phase.CUT_OR_KNOCK and seen.to_move == 0
    assert seen.hand == () and seen.hand_sizes == (0, 0) and seen.stock_size == 40
    assert seen.trump_card is None and seen.turned_card is None and seen.trump is None
    assert seen.unseen == rules.pack


def test_match_observation_has_the_record_but_not_the_seed() -> None:
    """Observations and search, "Matches": a match's observation is the deal's
    plus the public record (results and totals); the match seed would reveal
    every pack to come, so neither the observation nor its repr or JSON holds
    it."""
    rules = attrs.evolve(preset("italian-2p"), match=preset("split-2p").match, match_target=2)
    match = new_match(rules, seed="very secret seed")
    while not match.results:
        match = apply(match, legal_actions(match)[0])
    seen = observe(match, 1)
    assert seen.match_results == match.results and seen.match_totals == match.totals
    assert seen.hand == match.game.hands[1] and seen.history == ()
    assert "seed" not in {field.name for field in attrs.fields(Observation)}
    assert "very secret seed" not in repr(seen) and "very secret seed" not in dumps(seen)
    assert observe(match.game, 1) == attrs.evolve(seen, match_results=None, match_totals=None)


def test_bad_seat_and_bad_state() -> None:
    """Reference, "Observations": a seat is an int from 0 to n - 1."""
    state = new_game(preset("italian-3p"), seed=1)
    for seat in (-1, 3, True, "0"):
        with pytest.raises(ValueError, match="seat"):
            observe(state, seat)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        observe("a state", 0)  # type: ignore[call-overload]


# -- properties -----------------------------------------------------------------


def hidden_places(state: GameState, seat: int) -> list[int]:
    """Pack positions of the cards ``seat`` cannot place."""
    unseen = set(observe(state, seat).unseen)
    return [i for i, c in enumerate(state.pack) if c in unseen]


@pytest.mark.parametrize("name", PRESET_NAMES)
@given(data=st.data())
def test_hidden_cards_do_not_change_the_observation(name: str, data: st.DataObject) -> None:
    """Observations and search, "Nothing else": two states that differ only in
    cards hidden from a seat give it the same observation (and the same JSON).
    The second state swaps two hidden cards in the pack and replays the same
    history."""
    state = data.draw(reachable_states(PRESETS[name]))
    seat = data.draw(st.integers(0, state.rules.players - 1))
    places = hidden_places(state, seat)
    if len(places) < 2:
        return
    i, j = data.draw(st.lists(st.sampled_from(places), min_size=2, max_size=2, unique=True))
    pack = list(state.pack)
    pack[i], pack[j] = pack[j], pack[i]
    other = replay(state, tuple(pack))
    assert other != state
    assert observe(other, seat) == observe(state, seat)
    assert dumps(observe(other, seat)) == dumps(observe(state, seat))
    assert repr(observe(other, seat)) == repr(observe(state, seat))


@given(state=reachable_states(varied_rules()), data=st.data())
def test_hidden_cards_do_not_change_the_observation_in_variations(
    state: GameState, data: st.DataObject
) -> None:
    """Observations and search, "Nothing else", over rules varied from the
    presets (every exchange mode, the redraw, partner hands, deal styles,
    dupla)."""
    seat = data.draw(st.integers(0, state.rules.players - 1))
    places = hidden_places(state, seat)
    if len(places) < 2:
        return
    i, j = data.draw(st.lists(st.sampled_from(places), min_size=2, max_size=2, unique=True))
    pack = list(state.pack)
    pack[i], pack[j] = pack[j], pack[i]
    assert observe(replay(state, tuple(pack)), seat) == observe(state, seat)


@given(state=reachable_states(varied_rules()), data=st.data())
def test_a_card_the_seat_sees_changes_the_observation(
    state: GameState, data: st.DataObject
) -> None:
    """The control of the property above: swapping a card of the seat's own
    hand with a hidden card does change what it sees (so the equality
    above is not vacuous). A card of the hand that was turned face up is
    left out: moving it would change the trump suit."""
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = observe(state, seat)
    # Cards that lay face up keep their public place: leave them alone.
    face_up = {seen.turned_card, *seen.buried}
    face_up.update(a.card for a in state.history if isinstance(a, SwapTrump))
    own = [i for i, c in enumerate(state.pack) if c in seen.hand and c not in face_up]
    places = hidden_places(state, seat)
    if not own or not places:
        return
    i, j = data.draw(st.sampled_from(own)), data.draw(st.sampled_from(places))
    pack = list(state.pack)
    pack[i], pack[j] = pack[j], pack[i]
    assert observe(replay(state, tuple(pack)), seat) != observe(state, seat)


@given(state=reachable_states(varied_rules()), data=st.data())
def test_observation_shows_what_is_public(state: GameState, data: st.DataObject) -> None:
    """Observations and search, "What a seat sees": every public part of the
    state is in the observation as it is in the state; the hidden part is only
    counted."""
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = observe(state, seat)
    assert (seen.rules, seen.dealer, seen.phase, seen.to_move) == (
        state.rules,
        state.dealer,
        state.phase,
        state.to_move,
    )
    assert seen.hand == state.hands[seat] == seen.known_hands[seat]
    assert seen.hand_sizes == tuple(len(hand) for hand in state.hands)
    assert seen.stock_size == len(state.stock)
    assert (seen.trump, seen.trump_card, seen.trump_drawn) == (
        state.trump,
        state.trump_card,
        state.trump_drawn,
    )
    assert (seen.trick, seen.piles, seen.tricks_won) == (state.trick, state.piles, state.tricks_won)
    # All actions are public but secret signs, which only the
    # signer and its partner see (tests/test_talk.py).
    side = next(side for side in state.rules.sides if seat in side)
    public = [
        (action, actor)
        for action, actor in zip(state.history, state.actors)
        if type(action) is not Sign or actor in side
    ]
    assert list(zip(seen.history, seen.actors)) == public
    assert seen.buried == state.buried
    for other, known in enumerate(seen.known_hands):
        assert set(known) <= set(state.hands[other])
    for place, buried in seen.stock_known:
        assert state.stock[place] == buried
    everything = set(state.rules.pack)
    assert set(seen.unseen) <= everything - set(seen.hand)
    if state.contract is not None:
        assert seen.contract is not None
        assert attrs.evolve(seen.contract, partner=None) == attrs.evolve(
            state.contract, partner=None
        )
        assert seen.contract.partner in (None, state.contract.partner)


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


def test_played_cards_stay_public() -> None:
    """Observations and search, "What a seat sees": after a trick both seats
    see its cards in the winner's pile."""
    rules = preset("italian-2p")
    state = new_game(rules, seed=1)
    a, b = state.hands[0][0], state.hands[1][0]
    after = play_cards(state, a, b)
    for seat in (0, 1):
        piles = observe(after, seat).piles
        assert sorted(c for pile in piles for c in pile) == sorted([a, b])
    assert MatchFormat.SINGLE is rules.match


def test_the_constructor_refuses_a_field_of_the_wrong_kind() -> None:
    """Observations and search, "Nothing else": an observation built by its constructor
    (``attrs.evolve``, ``loads``) holds in each field what ``observe``
    puts there, so a forged trump, hand or history is refused with the
    field named; ``observe`` itself fills observations without the
    check."""
    from briscola._observe import _KINDS

    seen = observe(new_game(preset("italian-2p"), seed=1), 0)
    assert set(_KINDS) == {field.name for field in attrs.fields(Observation)}
    assert attrs.evolve(seen) == seen
    forgeries: tuple[tuple[str, object], ...] = (
        ("trump", 'x" onload="y'),
        ("seat", True),
        ("hand", list(seen.hand)),
        ("hand", (str(seen.hand[0]),)),
        ("trick", ((0, "ace"),)),
        ("trump_drawn", (0,)),
        ("history", ("play",)),
        ("to_move", 1.0),
        ("rules", None),
        ("match_totals", (1, None)),
    )
    for name, bad in forgeries:
        with pytest.raises(ValueError, match=f"Observation.{name} must be"):
            attrs.evolve(seen, **{name: bad})  # type: ignore[arg-type]
