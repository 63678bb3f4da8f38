"""Guessing the hidden cards: :func:`briscola.sample_state` (SPEC §6, §11
"Information"; the determinization used by Monte Carlo search)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    PRESETS,
    Bid,
    Call,
    Card,
    GameState,
    Observation,
    Pass,
    Play,
    SwapTrump,
    apply,
    legal_actions,
    new_game,
    new_match,
    observe,
    preset,
    sample_state,
)
from tests.strategies import PRESET_NAMES, card, deck_with, first_play, reachable_states
from tests.strategies import rules as varied_rules


def replayed(state: GameState) -> GameState:
    """``state`` rebuilt from its rules, pack, dealer and history."""
    again = new_game(state.rules, deck=state.pack, dealer=state.dealer)
    for action in state.history:
        again = apply(again, action)
    return again


def check_sample(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Sample from ``seat``'s observation of ``state`` and check that the
    sample agrees with it and replays."""
    seen = observe(state, seat)
    guess = sample_state(seen, rng)
    assert observe(guess, seat) == seen
    # The history the seat saw: all of it but the opponents' secret signs
    # (SPEC §6, table talk).
    assert guess.history == seen.history and guess.actors == seen.actors
    if not state.rules.table_talk:
        assert guess.history == state.history and guess.actors == state.actors
    assert replayed(guess) == guess
    return guess


# -- properties -----------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
@given(data=st.data(), rng_seed=st.integers(0, 2**32 - 1))
def test_sample_agrees_with_the_observation(name: str, data: st.DataObject, rng_seed: int) -> None:
    """SPEC §11 "Information": a sampled state gives the seat the very
    observation it was sampled from, and replays from its pack and
    history, at any point of a deal of every preset."""
    state = data.draw(reachable_states(PRESETS[name]))
    seat = data.draw(st.integers(0, state.rules.players - 1))
    check_sample(state, seat, random.Random(rng_seed))


@given(state=reachable_states(varied_rules()), data=st.data())
def test_sample_agrees_in_variations(state: GameState, data: st.DataObject) -> None:
    """SPEC §11 "Information", over rules varied from the presets."""
    seat = data.draw(st.integers(0, state.rules.players - 1))
    check_sample(state, seat, random.Random(data.draw(st.integers(0, 9))))


@given(state=reachable_states(varied_rules()), rng_seed=st.integers(0, 99))
def test_sample_has_the_same_legal_actions(state: GameState, rng_seed: int) -> None:
    """SPEC §10: the legal actions depend only on what the seat to move can
    see, so any sample of its observation offers the same actions in the
    same order (what a bot that only sees observations relies on)."""
    if state.to_move is None:
        return
    guess = sample_state(observe(state, state.to_move), random.Random(rng_seed))
    assert legal_actions(guess) == legal_actions(state)


@pytest.mark.parametrize("name", ["split-2p", "bastardo", "italian-4p"])
def test_sample_of_a_match_is_the_deal_in_progress(name: str) -> None:
    """SPEC §6: a match's observation samples to the deal in progress; the
    match record is public and not part of the deal."""
    match = new_match(attrs.evolve(PRESETS[name], match_target=3), seed=name)
    rng = random.Random(7)
    for step in range(400):
        if match.is_over:
            break
        if step % 13 == 0:
            seat = step % match.rules.players
            seen = observe(match, seat)
            guess = sample_state(seen, rng)
            assert observe(guess, seat) == attrs.evolve(seen, match_results=None, match_totals=None)
            assert guess.dealer == match.game.dealer
        match = apply(match, rng.choice(legal_actions(match)))


# -- randomness -----------------------------------------------------------------


def test_same_rng_same_sample_and_samples_vary() -> None:
    """Samples are reproducible from the random generator's state, and
    differ from one another where the seat cannot see."""
    state = new_game(preset("italian-2p"), seed=12)
    seen = observe(state, 0)
    assert sample_state(seen, random.Random(5)) == sample_state(seen, random.Random(5))
    hands = {sample_state(seen, random.Random(k)).hands[1] for k in range(20)}
    assert len(hands) > 10


def test_every_unseen_card_can_be_in_the_other_hand() -> None:
    """The unseen cards are dealt at random over the hidden places: over
    200 samples (fixed seeds), each of the 36 unseen cards lands in the
    other seat's hand at least once (each does so with probability 3/36
    per sample) and in the stock at least once."""
    state = new_game(preset("italian-2p"), seed=12)
    seen = observe(state, 0)
    in_hand: Counter[Card] = Counter()
    in_stock: Counter[Card] = Counter()
    for k in range(200):
        guess = sample_state(seen, random.Random(k))
        in_hand.update(guess.hands[1])
        in_stock.update(guess.stock)
    assert set(in_hand) == set(in_stock) == set(seen.unseen)


# -- what the sample must keep ------------------------------------------------


def test_buried_cards_stay_where_everyone_saw_them() -> None:
    """SPEC §3 (seed 001) and §6: the redraw's buried card lies at its
    public place in every sample (index 15 of the stock, see
    tests/test_observe.py), and the trump card is the one turned."""
    rules = preset("finnish-2p")
    deck = deck_with(rules, {6: card("ace of cups"), 7: card("king of swords")})
    state = new_game(rules, deck=deck, dealer=1)
    for k in range(30):
        guess = sample_state(observe(state, 1), random.Random(k))
        assert guess.stock[15] == card("ace of cups")
        assert guess.buried == (card("ace of cups"),)
        assert guess.trump_card == card("king of swords")


def test_the_exchanged_trump_card_stays_with_its_taker() -> None:
    """SPEC §5, §6: after seat 0 gives the two of swords for the face-up
    king of swords, every sample of seat 1's view has the king in seat 0's
    hand and the two face up."""
    rules = preset("romanian-2p")
    deck = deck_with(rules, {0: card("two of swords"), 6: card("king of swords")})
    state = apply(new_game(rules, deck=deck, dealer=1), SwapTrump(card("two of swords")))
    for k in range(30):
        guess = sample_state(observe(state, 1), random.Random(k))
        assert card("king of swords") in guess.hands[0]
        assert guess.trump_card == card("two of swords")


def test_own_hand_order_kept_after_an_exchange() -> None:
    """SPEC §5, §10: the seat's own hand keeps its order in every sample,
    the king taken in the exchange last, also after tricks and draws (the
    order of legal_actions depends on it)."""
    rules = preset("romanian-2p")
    deck = deck_with(rules, {0: card("two of swords"), 6: card("king of swords")})
    state = apply(new_game(rules, deck=deck, dealer=1), SwapTrump(card("two of swords")))
    assert state.hands[0][-1] == card("king of swords")
    for _ in range(5):
        for k in range(5):
            guess = sample_state(observe(state, 0), random.Random(k))
            assert guess.hands[0] == state.hands[0]
            assert legal_actions(guess) == legal_actions(state) or state.to_move != 0
        state = apply(state, first_play(state))


def test_the_drawn_trump_card_stays_with_its_drawer() -> None:
    """SPEC §6: who drew the trump card is public, so the drawer holds it
    in every sample until it plays it."""
    state = new_game(preset("italian-3p"), seed=2)
    while state.trump_drawn is None:
        state = apply(state, first_play(state))
    drawer, trump_card = state.trump_drawn
    watcher = (drawer + 1) % 3
    for k in range(30):
        guess = sample_state(observe(state, watcher), random.Random(k))
        assert trump_card in guess.hands[drawer]


def _bastardo(called: Card) -> GameState:
    """Canonical deck, dealer 4 (seat s holds positions s, s + 5, ...):
    seat 0 bids 61, the others pass, seat 0 calls ``called``."""
    rules = preset("bastardo")
    state = new_game(rules, deck=deck_with(rules, {}), dealer=4)
    for action in (Bid(61), Pass(), Pass(), Pass(), Pass(), Call(called)):
        state = apply(state, action)
    return state


def holders(state: GameState, seat: int, called: Card, samples: int = 200) -> Counter[int]:
    """Which seat holds ``called`` across samples of ``seat``'s view."""
    found: Counter[int] = Counter()
    for k in range(samples):
        guess = sample_state(observe(state, seat), random.Random(k))
        found[next(s for s, hand in enumerate(guess.hands) if called in hand)] += 1
    return found


def test_bastardo_sample_respects_what_each_seat_knows_of_the_partner() -> None:
    """SPEC §7: the king of coins, called by seat 0, lies with seat 4.

    - Seat 1 does not hold it and cannot tell who does: it may be any
      other seat, the declarer included (it might be playing alone).
    - The declarer knows it does not hold it: in its samples the card lies
      with any of seats 1-4, never with itself.
    - Seat 4 holds it: in every sample it is the partner."""
    king = card("king of coins")
    state = _bastardo(king)
    assert set(holders(state, 1, king)) == {0, 2, 3, 4}
    assert set(holders(state, 0, king)) == {1, 2, 3, 4}
    assert set(holders(state, 4, king, samples=20)) == {4}
    for k in range(20):
        contract = sample_state(observe(state, 4), random.Random(k)).contract
        assert contract is not None and contract.partner == 4


def test_bastardo_sample_after_the_called_card_is_played() -> None:
    """SPEC §7: once the called card is played its holder is public: every
    sample agrees on the partner."""
    king = card("king of coins")
    state = _bastardo(king)
    while king in state.hands[4]:
        mover: int = state.to_move  # type: ignore[assignment]
        state = apply(state, Play(king if mover == 4 else state.hands[mover][0]))
    for seat in range(5):
        for k in range(5):
            guess = sample_state(observe(state, seat), random.Random(k))
            assert guess.contract is not None and guess.contract.partner == 4


# -- inconsistent observations ---------------------------------------------------


def _midgame() -> tuple[GameState, Observation]:
    state = new_game(preset("italian-2p"), seed=31)
    for _ in range(7):
        state = apply(state, first_play(state))
    return state, observe(state, 0)


def _bad_observations() -> list[tuple[str, Observation]]:
    state, seen = _midgame()
    played = state.piles[0][0] if state.piles[0] else state.piles[1][0]
    other = next(c for c in seen.unseen if c.suit is not seen.trump)
    return [
        ("a played card in hand", attrs.evolve(seen, hand=(played,) + seen.hand[1:])),
        ("hand sizes", attrs.evolve(seen, hand_sizes=(seen.hand_sizes[0], 7))),
        ("an extra action", attrs.evolve(seen, history=seen.history + (Play(other),))),
        ("actors", attrs.evolve(seen, actors=seen.actors[:-1] + (5,))),
        ("turned card", attrs.evolve(seen, turned_card=other)),
        ("stock size", attrs.evolve(seen, stock_size=seen.stock_size - 2)),
        ("seat", attrs.evolve(seen, seat=2)),
        (
            "a hidden card shown",
            attrs.evolve(seen, known_hands=(seen.hand, (seen.hand[0],))),
        ),
    ]


@pytest.mark.parametrize(("what", "bad"), _bad_observations(), ids=lambda x: str(x)[:30])
def test_inconsistent_observation_is_refused(what: str, bad: Observation) -> None:
    """An observation that no deal agrees with raises ValueError with a
    message, never another error."""
    with pytest.raises(ValueError, match="no deal agrees with the observation"):
        sample_state(bad, random.Random(0))


def test_sample_state_takes_an_observation() -> None:
    """The sampler reads observations, not states."""
    with pytest.raises(TypeError):
        sample_state(new_game(preset("italian-2p"), seed=1), random.Random(0))  # type: ignore[arg-type]
