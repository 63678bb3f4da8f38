"""The strong bot's two-seat endgame over every world at once
(``briscola.bots._belief``): the worlds it enumerates, its values against a
search over the engine's own states grouped by what the seat observes
(Observations and search), and its place between playing on by the rules of
thumb and knowing every card.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from briscola import (
    Card,
    Cut,
    GameState,
    Phase,
    Play,
    Rank,
    Sign,
    Signal,
    Suit,
    apply,
    new_game,
    observe,
    outcome,
    preset,
    sample_state,
)
from briscola.bots import CONVENTIONS, HeuristicBot, StrongBot
from briscola.bots._belief import belief_values, world_count, worlds_of
from briscola.bots._solver import World, world_from_state
from briscola.bots._worlds import Slots

from .strategies import reachable_states, seeds
from .strategies import rules as varied_rules

#: Two-seat presets whose endgame the bot searches over every world.
TWO_SEATS = ["italian-2p", "spanish-2p", "finnish-2p", "romanian-2p"]


def _position(name: str, seed: int, cards_left: int) -> GameState:
    """A deal played by heuristic bots until at most ``cards_left`` cards
    are left in hands and stock."""
    state = new_game(preset(name), seed=seed)
    bot = HeuristicBot()
    rng = random.Random(seed)
    while True:
        seat: int = state.to_move  # type: ignore[assignment]
        if world_from_state(state, seat).cards_left <= cards_left:
            return state
        legal = _plays(state)
        state = apply(state, bot.choose(observe(state, seat), legal, rng))


def _plays(state: GameState) -> list[Play]:
    """The cards the seat to move may play, any trump exchange left aside
    (these tests weigh cards only, as the search over every world does)."""
    return [Play(card) for card in state.hands[state.to_move]]  # type: ignore[index]


def _key(world: World, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What tells worlds apart: the other hand's cards and the stock."""
    return tuple(sorted(world.hands[1 - seat])), tuple(world.draw[world.drawn :])


def _all_sampled(state: GameState, seat: int, tries: int) -> dict[object, GameState]:
    """Distinct full deals drawn by ``sample_state`` for ``seat``, by key."""
    seen = observe(state, seat)
    rng = random.Random(0)
    found: dict[object, GameState] = {}
    for _ in range(tries):
        sampled = sample_state(seen, rng)
        found.setdefault(_key(world_from_state(sampled, seat), seat), sampled)
    return found


@given(
    name=st.sampled_from(TWO_SEATS), seed=seeds, cards_left=st.integers(min_value=4, max_value=9)
)
def test_worlds_are_every_deal_that_agrees_with_what_the_seat_saw(
    name: str, seed: int, cards_left: int
) -> None:
    """The enumerated worlds are distinct, as many as ``world_count`` says, and
    exactly the deals ``sample_state`` draws for the seat (Observations and
    search, "Search: sampling the hidden cards")."""
    state = _position(name, seed, cards_left)
    seat: int = state.to_move  # type: ignore[assignment]
    seen = observe(state, seat)
    hidden = frozenset(card.index for card in seen.unseen)
    base = world_from_state(sample_state(seen, random.Random(1)), seat)
    slots = Slots(base, hidden, seat)
    worlds = worlds_of(base, slots)
    keys = {_key(world, seat) for world in worlds}
    assert len(keys) == len(worlds) == world_count(slots)
    assert keys == set(_all_sampled(state, seat, 40 * len(worlds) + 200))
    for world in worlds:
        assert world.hands[seat] == base.hands[seat]
        assert (world.trick_cards, world.captured, world.to_move) == (
            base.trick_cards,
            base.captured,
            base.to_move,
        )


def _engine_value(states: list[GameState], seat: int) -> float:
    """Over the engine's states, which ``seat`` cannot tell apart and in
    which it is to move (or the deal is over): the mean points of its side
    when it plays its best knowing only what it observes, the other seat
    playing ``World.expected``'s card."""
    if states[0].is_over:
        total = 0
        for state in states:
            result = outcome(state)
            assert result is not None
            total += next(p for side, p in zip(result.sides, result.points) if seat in side)
        return total / len(states)
    return max(_engine_after(states, seat, card) for card in states[0].hands[seat])


def _engine_after(states: list[GameState], seat: int, card: object) -> float:
    groups: dict[object, list[GameState]] = {}
    for state in states:
        state = apply(state, Play(card))  # type: ignore[arg-type]
        while not state.is_over and state.to_move != seat:
            index = world_from_state(state, seat).expected()
            mover: int = state.to_move  # type: ignore[assignment]
            state = apply(state, Play(next(c for c in state.hands[mover] if c.index == index)))
        groups.setdefault(observe(state, seat), []).append(state)
    total = sum(len(group) * _engine_value(group, seat) for group in groups.values())
    return total / len(states)


@given(
    name=st.sampled_from(TWO_SEATS), seed=seeds, cards_left=st.integers(min_value=2, max_value=9)
)
def test_values_agree_with_a_search_over_the_engine(name: str, seed: int, cards_left: int) -> None:
    """Per card, the value over every world is that of searching the engine's
    own states, the seat choosing one card for all the states whose
    observations are equal (Observations and search, "What a seat sees") and
    the other seat playing the rules of thumb; the points already taken count
    in both."""
    state = _position(name, seed, cards_left)
    seat: int = state.to_move  # type: ignore[assignment]
    states = list(_all_sampled(state, seat, 400).values())
    worlds = [world_from_state(s, seat, modelled=True) for s in states]
    mine = worlds[0].side[seat]
    cards = [card.index for card in state.hands[seat]]
    values, nodes = belief_values(
        worlds,
        cards,
        lambda captured: captured[mine],
        lambda captured, gain: captured[mine] + gain,
    )
    assert nodes > 0
    for card, value in zip(state.hands[seat], values):
        assert value == pytest.approx(_engine_after(states, seat, card))


@given(
    name=st.sampled_from(TWO_SEATS), seed=seeds, cards_left=st.integers(min_value=3, max_value=10)
)
def test_values_lie_between_the_rules_of_thumb_and_knowing_every_card(
    name: str, seed: int, cards_left: int
) -> None:
    """Knowing only what it sees, the seat does at least as well as by
    playing on with the playouts' rules of thumb (``World.greedy``, which
    needs nothing hidden), the other seat playing as expected, and at
    most as well as if it knew every card (each world solved alone); the
    worlds are left as they were."""
    state = _position(name, seed, cards_left)
    seat: int = state.to_move  # type: ignore[assignment]
    seen = observe(state, seat)
    hidden = frozenset(card.index for card in seen.unseen)
    base = world_from_state(sample_state(seen, random.Random(2)), seat, modelled=True)
    worlds = worlds_of(base, Slots(base, hidden, seat))
    before = [([list(h) for h in w.hands], w.drawn, list(w.captured)) for w in worlds]
    mine = base.side[seat]
    cards = list(base.hands[seat])
    values, _ = belief_values(
        worlds, cards, lambda captured: captured[mine], lambda captured, gain: captured[mine] + gain
    )
    assert before == [([list(h) for h in w.hands], w.drawn, list(w.captured)) for w in worlds]
    for card, value in zip(cards, values):
        knowing = sum(w.captured[mine] + w.solve_after(card) for w in worlds) / len(worlds)
        greedy = 0
        for world in worlds:
            child = world.copy()
            child.play(card)
            while child.hands[child.to_move]:
                mover = child.to_move
                child.play(child.greedy() if mover == seat else child.expected())
            greedy += child.captured[mine]
        assert greedy / len(worlds) - 1e-9 <= value <= knowing + 1e-9


def test_the_bot_searches_every_world_once_whatever_its_generator() -> None:
    """Near the end of a two-seat deal with cards still hidden, the bot's
    values come from every world at once: they do not depend on its
    random generator, and it reports as many worlds as there are."""
    for seed in range(4):
        state = _position("italian-2p", seed, 10)
        seat: int = state.to_move  # type: ignore[assignment]
        seen = observe(state, seat)
        legal = _plays(state)
        bot = StrongBot()
        values = bot.evaluate(seen, legal, random.Random(1))
        worlds = bot.worlds
        assert worlds > 1
        assert bot.evaluate(seen, legal, random.Random(99)) == values
        hidden = frozenset(card.index for card in seen.unseen)
        base = world_from_state(state, seat)
        assert worlds == world_count(Slots(base, hidden, seat))


def test_the_budget_and_the_opponent_model_decide_when_every_world_is_searched() -> None:
    """Every world is searched at once when the budget allows 100 cards
    played per world and the bot expects the rules of thumb: a budget just
    below that, or expecting best replies, goes back to world by world
    (other values, another count of worlds)."""
    state = _position("italian-2p", 5, 10)
    seat: int = state.to_move  # type: ignore[assignment]
    seen = observe(state, seat)
    legal = _plays(state)
    hidden = frozenset(card.index for card in seen.unseen)
    count = world_count(Slots(world_from_state(state, seat), hidden, seat))
    enough = StrongBot(budget=100 * count)
    together = enough.evaluate(seen, legal, random.Random(3))
    assert enough.worlds == count
    assert together == StrongBot().evaluate(seen, legal, random.Random(4))
    for bot in (StrongBot(budget=100 * count - 1), StrongBot(opponent_model="minimax")):
        assert bot.evaluate(seen, legal, random.Random(3)) != together
        assert bot.worlds != count


@given(
    state=reachable_states(
        varied_rules(
            [
                "italian-2p",
                "spanish-2p",
                "finnish-2p",
                "romanian-2p",
                "portuguese-2p",
                "split-2p",
                "split-dupla-2p",
                "italian-4p",
                "italian-6p",
                "italian-6p-pairs",
                "finnish-4p",
                "finnish-6p",
                "split-4p",
                "split-dupla-4p",
            ],
            vary=False,
        )
    )
)
def test_the_expected_card_is_the_heuristic_bots(state: GameState) -> None:
    """Where every seat knows its side, the exact search expects of another
    side's seat exactly the card ``HeuristicBot`` plays there, leading (it
    counts the cards: what the seat has not seen may still beat its cards;
    partners' hands shown after the stock are seen) and following (in
    dupla, its own first card may be winning the trick), reading its
    partner's word and signs as the bot does with table talk (Split
    briškula, "Table talk"), from any point of a deal (its exchanges left
    aside)."""
    assume(not state.is_over and state.phase is Phase.PLAYING)
    seat: int = state.to_move  # type: ignore[assignment]
    plays = _plays(state)
    chosen = HeuristicBot().choose(observe(state, seat), plays, random.Random(0))
    assert isinstance(chosen, Play)
    searcher = (seat + 1) % state.rules.players  # on the other side
    assert world_from_state(state, searcher).expected() == chosen.card.index


def test_the_expected_card_reads_the_partners_sign_as_the_bot_does() -> None:
    """A sign read by the heuristic bot changes its card, and the search
    expects that card (Bots, "Exact endgame"; Split briškula, "Table
    talk"): in split-4p seat 3 signs the ace of trumps (coins), which seat
    2 holds; seat 1, following seat 0's five of cups with its partner to
    play last, puts its ace of swords under the ace it was told of. Read
    with the silent convention (no talk), it throws the jack of cups."""
    state = new_game(preset("split-4p"), seed=38, dealer=0)
    for action in (
        Cut(),
        Play(Card(Suit.CLUBS, Rank.KING)),
        Play(Card(Suit.SWORDS, Rank.FIVE)),
        Sign(Signal.ACE_OF_TRUMPS),
        Play(Card(Suit.CLUBS, Rank.SEVEN)),
        Play(Card(Suit.COINS, Rank.SIX)),
        Play(Card(Suit.CUPS, Rank.FIVE)),
    ):
        state = apply(state, action)
    assert state.to_move == 1
    assert Card(Suit.COINS, Rank.ACE) in state.hands[2]
    plays = _plays(state)
    seen = observe(state, 1)
    ace, jack = Card(Suit.SWORDS, Rank.ACE), Card(Suit.CUPS, Rank.JACK)
    assert HeuristicBot().choose(seen, plays, random.Random(0)) == Play(ace)
    silent = HeuristicBot(convention=CONVENTIONS["silent"])
    assert silent.choose(seen, plays, random.Random(0)) == Play(jack)
    assert world_from_state(state, 2).expected() == ace.index
