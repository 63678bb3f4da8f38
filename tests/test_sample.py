"""Guessing the hidden cards: :func:`briscola.sample_state` (Observations and
search, "Search: sampling the hidden cards"; the determinization used by Monte
Carlo search)."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

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
    Rank,
    Suit,
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
    # (Split briškula and dupla, "Table talk").
    assert guess.history == seen.history and guess.actors == seen.actors
    if not state.rules.table_talk:
        assert guess.history == state.history and guess.actors == state.actors
    assert replayed(guess) == guess
    return guess


# -- properties -----------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
@given(data=st.data(), rng_seed=st.integers(0, 2**32 - 1))
def test_sample_agrees_with_the_observation(name: str, data: st.DataObject, rng_seed: int) -> None:
    """Observations and search, "Search: sampling the hidden cards": a sampled
    state gives the seat the very observation it was sampled from, and replays
    from its pack and history, at any point of a deal of every preset."""
    state = data.draw(reachable_states(PRESETS[name]))
    seat = data.draw(st.integers(0, state.rules.players - 1))
    check_sample(state, seat, random.Random(rng_seed))


@given(state=reachable_states(varied_rules()), data=st.data())
def test_sample_agrees_in_variations(state: GameState, data: st.DataObject) -> None:
    """Observations and search, "Search: sampling the hidden cards", over rules
    varied from the presets."""
    seat = data.draw(st.integers(0, state.rules.players - 1))
    check_sample(state, seat, random.Random(data.draw(st.integers(0, 9))))


@given(state=reachable_states(varied_rules()), rng_seed=st.integers(0, 99))
def test_sample_has_the_same_legal_actions(state: GameState, rng_seed: int) -> None:
    """Reference, "Playing" (``legal_actions``): the legal actions depend only
    on what the seat to move can see, so any sample of its observation offers
    the same actions in the same order (what a bot that only sees observations
    relies on)."""
    if state.to_move is None:
        return
    guess = sample_state(observe(state, state.to_move), random.Random(rng_seed))
    assert legal_actions(guess) == legal_actions(state)


@pytest.mark.parametrize("name", ["split-2p", "bastardo", "italian-4p"])
def test_sample_of_a_match_is_the_deal_in_progress(name: str) -> None:
    """Observations and search, "Matches": a match's observation samples to the
    deal in progress; the match record is public and not part of the deal."""
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
    """Observations and search, "Cards whose holder everyone knows": the
    redraw's buried card lies at its public place in every sample (index 15 of
    the stock, see tests/test_observe.py), and the trump card is the one
    turned."""
    rules = preset("finnish-2p")
    deck = deck_with(rules, {6: card("ace of cups"), 7: card("king of swords")})
    state = new_game(rules, deck=deck, dealer=1)
    for k in range(30):
        guess = sample_state(observe(state, 1), random.Random(k))
        assert guess.stock[15] == card("ace of cups")
        assert guess.buried == (card("ace of cups"),)
        assert guess.trump_card == card("king of swords")


def test_the_exchanged_trump_card_stays_with_its_taker() -> None:
    """Observations and search, "Cards whose holder everyone knows": after seat
    0 gives the two of swords for the face-up king of swords, every sample of
    seat 1's view has the king in seat 0's hand and the two face up."""
    rules = preset("romanian-2p")
    deck = deck_with(rules, {0: card("two of swords"), 6: card("king of swords")})
    state = apply(new_game(rules, deck=deck, dealer=1), SwapTrump(card("two of swords")))
    for k in range(30):
        guess = sample_state(observe(state, 1), random.Random(k))
        assert card("king of swords") in guess.hands[0]
        assert guess.trump_card == card("two of swords")


def test_own_hand_order_kept_after_an_exchange() -> None:
    """Observations and search, "What a seat sees" (its own hand, in the order
    the cards came): the seat's own hand keeps its order in every sample, the
    king taken in the exchange last, also after tricks and draws (the order of
    legal_actions depends on it)."""
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
    """Observations and search, "Cards whose holder everyone knows": who drew
    the trump card is public, so the drawer holds it in every sample until it
    plays it."""
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
    """Observations and search, "Bastardo's secret partner": the king of coins,
    called by seat 0, lies with seat 4.

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
    """Observations and search, "Bastardo's secret partner": once the called
    card is played its holder is public: every sample agrees on the partner."""
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


def _edits() -> list[Any]:
    """Observations edited by hand, each with the two fields that then
    disagree, as the refusal names them."""
    state = new_game(preset("italian-2p"), seed=1)
    for _ in range(5):
        state = apply(state, legal_actions(state)[0])
    seen = observe(state, 0)
    taken = seen.piles[1][0]
    unseen = next(c for c in seen.unseen if c.suit is not seen.trump)
    hand = (taken,) + seen.hand[1:]
    assert seen.trump is not Suit.CUPS
    edits = [
        (
            "the hand alone",
            attrs.evolve(seen, hand=hand),
            f"its hand holds the {taken}, which its known_hands[0] "
            "(the seat's own hand again) lacks",
        ),
        (
            "a taken card in hand",
            attrs.evolve(seen, hand=hand, known_hands=(hand, ())),
            f"its piles[1] holds the {taken}, which its hand also holds",
        ),
        (
            "the face-up card in hand",
            attrs.evolve(seen, trump_card=seen.hand[0]),
            f"its trump_card is the {seen.hand[0]}, which its hand also holds",
        ),
        (
            "the opponent's hand",
            attrs.evolve(seen, known_hands=(seen.hand, (unseen,))),
            f"its known_hands[1] holds the {unseen}, which replaying its history "
            "does not put there",
        ),
        (
            "a pile",
            attrs.evolve(seen, piles=(seen.piles[0] + (unseen,), seen.piles[1])),
            f"its piles[0] holds the {unseen}, which replaying its history does not put there",
        ),
        (
            "a hand size",
            attrs.evolve(seen, hand_sizes=(3, 7)),
            "its hand_sizes[1] is 7, but its history leaves seat 1 holding 2 cards",
        ),
        (
            "the stock's size",
            attrs.evolve(seen, stock_size=seen.stock_size - 2),
            f"its stock_size is {seen.stock_size - 2}, but replaying its history gives "
            f"{seen.stock_size}",
        ),
        (
            "the trump suit",
            attrs.evolve(seen, trump=Suit.CUPS),
            f"its trump is cups, but its turned_card is the {seen.turned_card}",
        ),
        (
            "tricks won",
            attrs.evolve(seen, tricks_won=(5, 5)),
            f"its tricks_won is (5, 5), but replaying its history gives {seen.tricks_won}",
        ),
    ]
    unseen_trump = next(c for c in seen.unseen if c.suit is seen.trump)
    twice = (seen.hand[0],) + seen.hand[:2]
    edits += [
        (
            "the known hand beyond the hand",
            attrs.evolve(seen, known_hands=(seen.hand + (unseen,), ())),
            f"its known_hands[0] holds the {unseen}, which its hand lacks",
        ),
        (
            "the known hand in another order",
            attrs.evolve(seen, known_hands=(tuple(reversed(seen.hand)), ())),
            "its known_hands[0] lists the seat's hand otherwise than its hand",
        ),
        (
            "a card twice in a pile",
            attrs.evolve(seen, piles=(seen.piles[0], seen.piles[1] + seen.piles[1][:1])),
            f"its piles[1] holds the {seen.piles[1][0]} twice",
        ),
        (
            "a card twice in the hand",
            attrs.evolve(seen, hand=twice, known_hands=(twice, ())),
            f"its hand holds the {seen.hand[0]} twice",
        ),
        (
            "another face-up card",
            attrs.evolve(seen, trump_card=unseen_trump),
            f"its trump_card is the {unseen_trump}, but its turned_card is the "
            f"{seen.turned_card} and its history exchanges no card for it",
        ),
    ]
    return [pytest.param(edited, why, id=what) for what, edited, why in edits]


@pytest.mark.parametrize(("edited", "why"), _edits())
def test_an_edited_observation_names_the_fields_that_disagree(
    edited: Observation, why: str
) -> None:
    """Observations and search, "Search: sampling the hidden cards": an
    observation edited by hand is refused with the field that no longer
    agrees and the field (or the replay of its history) it disagrees with."""
    with pytest.raises(ValueError) as refused:
        sample_state(edited, random.Random(0))
    assert str(refused.value) == REASON + why


def test_sample_state_takes_an_observation() -> None:
    """The sampler reads observations, not states."""
    with pytest.raises(TypeError):
        sample_state(new_game(preset("italian-2p"), seed=1), random.Random(0))  # type: ignore[arg-type]


REASON = "no deal agrees with the observation: "


def _sample_refuses(seen: object, reason: str) -> None:
    with pytest.raises(ValueError) as refused:
        sample_state(seen, random.Random(1))  # type: ignore[arg-type]
    assert str(refused.value).startswith(REASON + reason)


def test_the_sampler_says_why_a_forged_observation_has_no_deal() -> None:
    """Saving games, "Bad input" (an observation that no deal agrees with):
    the sampler says why a forged observation has no deal: a seat out of
    range, an action without its seat, an action that cannot be replayed,
    a card that is not in the pack."""
    state = new_game(preset("italian-2p"), seed=1)
    seen = observe(state, 0)
    _sample_refuses(attrs.evolve(seen, seat=5), "its seat is 5, but the rules have seats 0 to 1")
    _sample_refuses(
        attrs.evolve(seen, actors=(0,)), "its history holds 0 actions, but its actors name 1 seats"
    )
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
        attrs.evolve(shown, hand=hand, known_hands=hands),
        f"its hand holds the {three.removed[0]}, which the rules' pack lacks",
    )


def _forgeries() -> list[tuple[str, Observation, str]]:
    """Seat 0's observation of an italian-2p deal seven cards in, each
    edited by hand in one way, with the reason the sampler gives."""
    _, seen = _midgame()
    unseen = sorted(seen.unseen, key=lambda card: card.index)
    trump = seen.trump_card
    assert trump is not None and seen.piles[0]

    def own(hand: tuple[Card, ...]) -> Observation:
        known = (hand,) + seen.known_hands[1:]
        return attrs.evolve(seen, hand=hand, known_hands=known)

    def played(actor: int, card: Card) -> Observation:
        at = seen.actors.index(actor)
        history = seen.history[:at] + (Play(card),) + seen.history[at + 1 :]
        return attrs.evolve(seen, history=history)

    pile, last = seen.piles[0], seen.history[-1]
    assert isinstance(last, Play)
    return [
        (
            "a card twice in a hand",
            own((seen.hand[0],) * 2),
            f"its hand holds the {seen.hand[0]} twice",
        ),
        (
            "the trump card in hand",
            own((trump, seen.hand[1])),
            f"its trump_card is the {trump}, which its hand also holds",
        ),
        (
            "a card gone from a pile",
            attrs.evolve(seen, piles=(pile[1:],) + seen.piles[1:]),
            f"its piles[0] lacks the {pile[0]}, which replaying its history puts there",
        ),
        (
            "a card added to a pile",
            attrs.evolve(seen, piles=(pile + (unseen[0],),) + seen.piles[1:]),
            f"its piles[0] holds the {unseen[0]}, which replaying its history does not put there",
        ),
        (
            "another trump card",
            attrs.evolve(seen, trump_card=unseen[0]),
            f"its trump_card is the {unseen[0]}, but its turned_card is the {trump}",
        ),
        (
            "an own play of a card held",
            played(0, seen.hand[0]),
            f"its history (action 0) holds the {seen.hand[0]}, which its hand also holds",
        ),
        (
            "an own play of the trump card",
            played(0, trump),
            f"its history (action 0) holds the {trump}, which is also its turned_card",
        ),
        (
            "another's play of a card held",
            played(1, seen.hand[0]),
            f"its hand holds the {seen.hand[0]}, which its history (action 1) also holds",
        ),
        (
            "another's play of the trump card",
            played(1, trump),
            f"its history (action 1) holds the {trump}, which is also its turned_card",
        ),
        (
            "a card known in the stock",
            attrs.evolve(seen, stock_known=((3, unseen[0]),)),
            "its stock_known is ((3, ",
        ),
        (
            "a card too many in hand",
            own(seen.hand + (unseen[0],)),
            f"its history (action 6) has the seat play the {last.card} before the seat could hold it",
        ),
    ]


@pytest.mark.parametrize(("what", "forged", "why"), _forgeries(), ids=lambda x: str(x)[:32])
def test_the_sampler_names_what_a_forgery_breaks(what: str, forged: Observation, why: str) -> None:
    """Saving games, "Bad input": an observation edited in one place is
    refused with the fields that disagree and the card between them."""
    _sample_refuses(forged, why)


def test_sampler_refuses_a_partner_hand_that_does_not_fit() -> None:
    """Observations and search, "Partners' hands": a partner's hand shown as
    dealt must fit the deal; the sampler refuses one that does not, or one
    shown for the seat itself."""
    rules = preset("romanian-4p")
    seen = observe(new_game(rules, seed=4), 0)
    assert seen.shown_dealt[2] and not seen.shown_dealt[0]
    short = list(seen.shown_dealt)
    short[2] = seen.shown_dealt[2][:2]
    own = list(seen.shown_dealt)
    own[0] = seen.hand
    for forged in (
        attrs.evolve(seen, shown_dealt=tuple(short)),
        attrs.evolve(seen, shown_dealt=tuple(own)),
    ):
        with pytest.raises(ValueError, match="shown as dealt"):
            sample_state(forged, random.Random(0))
    assert observe(sample_state(seen, random.Random(0)), 0) == seen


def test_sampler_refuses_hand_sizes_that_do_not_add_up() -> None:
    """The cards unseen must fill exactly the places unseen: a hand size
    or stock size changed by hand is refused."""
    seen = observe(new_game(preset("italian-3p"), seed=8), 1)
    sizes = list(seen.hand_sizes)
    sizes[0] += 1
    forgeries = [
        attrs.evolve(seen, hand_sizes=tuple(sizes)),
        attrs.evolve(seen, stock_size=seen.stock_size - 1),
    ]
    for forged in forgeries:
        with pytest.raises(ValueError, match="no deal agrees"):
            sample_state(forged, random.Random(0))


def test_sampler_refuses_a_cut_where_the_deal_has_none() -> None:
    """Split briškula and dupla, "Cut or knock": only Split's dealing starts
    with a cut or a knock, and only there; a history that says otherwise is
    refused."""
    split = new_game(preset("split-2p"), seed=5)
    after = apply_first(split)
    seen = observe(after, 0)
    doubled = attrs.evolve(seen, history=seen.history * 2, actors=seen.actors * 2)
    with pytest.raises(ValueError, match="no deal agrees"):
        sample_state(doubled, random.Random(0))
    plain = observe(new_game(preset("italian-2p"), seed=5), 0)
    cut_first = attrs.evolve(plain, history=seen.history, actors=(1,))
    with pytest.raises(ValueError, match="no deal agrees"):
        sample_state(cut_first, random.Random(0))


def apply_first(state: Any) -> Any:
    """The state after the first legal action."""
    from briscola import apply

    return apply(state, legal_actions(state)[0])


def test_sampler_keeps_the_trump_card_once_drawn() -> None:
    """Observations and search, "Cards whose holder everyone knows": once the
    face-up card is drawn, everyone knows who holds it; samples keep it in that
    hand until it is played."""
    state = new_game(preset("italian-2p"), seed=9)
    while state.trump_card is not None:
        state = apply_first(state)
    assert state.trump_drawn is not None
    drawer, taken = state.trump_drawn
    for seat in (0, 1):
        seen = observe(state, seat)
        guess = sample_state(seen, random.Random(seat))
        if taken in state.hands[drawer]:
            assert taken in guess.hands[drawer]
        assert observe(guess, seat) == seen


def test_sampler_refuses_more_known_cards_than_a_hand_holds() -> None:
    """A seat cannot know more cards of another hand than it holds."""
    seen = observe(new_game(preset("italian-2p"), seed=6), 0)
    shown = {*seen.hand, seen.turned_card}
    unseen = [c for c in preset("italian-2p").pack if c not in shown]
    known = (seen.known_hands[0], tuple(sorted(unseen[:4])))
    with pytest.raises(ValueError, match="no deal agrees"):
        sample_state(attrs.evolve(seen, known_hands=known), random.Random(0))


def _no_deal_because(seen: Observation, why: str) -> None:
    with pytest.raises(ValueError, match=re.escape(f"no deal agrees with the observation: {why}")):
        sample_state(seen, random.Random(0))


def _until_stock_empty(seed: int) -> GameState:
    state = new_game(preset("italian-2p"), seed=seed)
    while state.trump_card is not None:
        state = apply(state, legal_actions(state)[0])
    return state


def test_sampler_refuses_a_card_turned_before_the_cut() -> None:
    """Split deals nothing before the cut or knock: an observation that
    shows a turned card then is forged."""
    seen = observe(new_game(preset("split-2p"), seed=5), 0)
    assert seen.turned_card is None
    _no_deal_because(
        attrs.evolve(seen, turned_card=Card(Suit.COINS, Rank.ACE)),
        "nothing is turned before the cut or knock",
    )


def test_sampler_refuses_an_exchange_without_a_face_up_card() -> None:
    """Bastardo deals the whole pack: no face-up card to exchange."""
    state = new_game(preset("bastardo"), seed=1)
    seen = observe(state, 0)
    assert state.to_move is not None
    forged = attrs.evolve(seen, history=(SwapTrump(seen.hand[0]),), actors=(state.to_move,))
    _no_deal_because(forged, "an exchange needs a face-up trump card")


def test_sampler_refuses_a_play_of_the_face_up_card_at_once() -> None:
    """The face-up trump card is under the stock: nobody can play it on
    the first trick."""
    state = new_game(preset("italian-2p"), seed=3)
    mover = state.to_move
    assert mover is not None and state.trump_card is not None
    seen = observe(state, 1 - mover)
    face_up = state.trump_card
    forged = attrs.evolve(
        seen,
        history=(Play(face_up),),
        actors=(mover,),
        hand_sizes=tuple(2 if seat == mover else 3 for seat in range(2)),
        trick=((mover, face_up),),
    )
    _no_deal_because(forged, f"its trump_card is the {face_up}, which its trick also holds")


def test_sampler_refuses_more_plays_than_cards_dealt() -> None:
    """Bastardo deals eight cards each and nothing more: a ninth card
    played by the same seat cannot be."""
    seen = observe(new_game(preset("bastardo"), seed=1), 0)
    cards = seen.unseen[:9]
    forged = attrs.evolve(seen, history=tuple(Play(c) for c in cards), actors=(1,) * 9)
    _no_deal_because(
        forged,
        f"its history (action 8) has seat 1 play the {cards[8]}, "
        "but seat 1 has no card left that could be it",
    )


def test_sampler_refuses_an_own_play_before_the_card_arrived() -> None:
    """The seat's own first play must be of a card it was dealt; one it
    still holds besides a full hand was never received."""
    state = new_game(preset("italian-2p"), seed=3)
    mover = state.to_move
    assert mover is not None
    seen = observe(state, mover)
    extra = seen.unseen[0]
    forged = attrs.evolve(seen, history=(Play(extra),), actors=(mover,), trick=((mover, extra),))
    _no_deal_because(
        forged,
        f"its history (action 0) has the seat play the {extra} before the seat could hold it",
    )


def test_sampler_checks_the_face_up_card_the_seat_drew() -> None:
    """Everyone saw the seat take the face-up card in the last draw: its
    hand must hold it, in the order received (last)."""
    start = new_game(preset("italian-2p"), seed=3)
    face_up = start.trump_card
    assert face_up is not None
    state = _until_stock_empty(3)
    holder = next(seat for seat, hand in enumerate(state.hands) if face_up in hand)
    seen = observe(state, holder)
    assert sample_state(seen, random.Random(0)).hands[holder] == seen.hand

    def with_hand(hand: tuple[Card, ...]) -> Observation:
        known = list(seen.known_hands)
        known[holder] = hand
        return attrs.evolve(seen, hand=hand, known_hands=tuple(known))

    reordered = (face_up,) + tuple(c for c in seen.hand if c is not face_up)
    _no_deal_because(
        with_hand(reordered),
        f"its hand lists the {face_up} before cards its history gives the seat earlier",
    )
    other = seen.unseen[0]
    swapped = tuple(other if c is face_up else c for c in seen.hand)
    _no_deal_because(
        with_hand(swapped), f"its hand lacks the {face_up}, which its history shows the seat taking"
    )


def test_sampler_refuses_a_redraw_that_could_not_be() -> None:
    """With the ace/three redraw, only cards of those ranks are buried and
    the card left turned is of another rank."""
    why = "the buried cards, and only they, have redrawn ranks"
    rules = preset("finnish-2p")
    seen = observe(new_game(rules, seed=1), 0)
    assert not seen.buried and seen.turned_card is not None
    ace = next(card for card in seen.unseen if card.rank is Rank.ACE)
    _no_deal_because(attrs.evolve(seen, turned_card=ace, trump=ace.suit), why)
    redrawn = observe(new_game(rules, seed=4), 0)
    assert [card.rank for card in redrawn.buried] == [Rank.THREE]
    assert observe(sample_state(redrawn, random.Random(0)), 0) == redrawn
    two = next(card for card in redrawn.unseen if card.rank is Rank.TWO)
    _no_deal_because(attrs.evolve(redrawn, buried=(two,)), why)


def test_sampler_refuses_split_play_before_the_cut() -> None:
    """Split's deal begins with the cut or the knock: a history that
    begins with a card played is refused."""
    state = new_game(preset("split-2p"), seed=5)
    for _ in range(2):
        state = apply(state, legal_actions(state)[0])
    seen = observe(state, 0)
    assert type(seen.history[0]).__name__ == "Cut"
    forged = attrs.evolve(seen, history=seen.history[1:], actors=seen.actors[1:])
    _no_deal_because(forged, "Split dealing starts with a cut or a knock")
