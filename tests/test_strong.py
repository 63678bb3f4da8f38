"""StrongBot and its search: legal play in every preset, the exact endgame
solver against brute-force minimax, reproducibility, the budget, and the
bastardo auction decisions (Bots, "Strong bot").

Budgets are tiny throughout: these tests pin behaviour, not strength
(strength is measured by ``benchmarks/strong.py``).
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from briscola import (
    PRESETS,
    Auction,
    Bid,
    Card,
    GameState,
    Pass,
    Phase,
    Play,
    Rank,
    Suit,
    apply,
    legal_actions,
    new_game,
    observe,
    outcome,
    preset,
    sample_state,
)
from briscola.bots import HeuristicBot, StrongBot, play_deal, play_match
from briscola.bots._solver import world_from_state
from briscola.bots._strong import _called
from briscola.bots._worlds import Slots, redealt

from .strategies import deck_with, reachable_states, seeds
from .strategies import rules as varied_rules


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_plays_whole_deals_of_every_preset(name: str) -> None:
    """Every seat played by StrongBot, a deal of each preset runs to the end
    (play_deal refuses any action not in legal_actions) and the piles hold the
    pack's points (Testing, "Tests and properties": conservation; a void
    bastardo deal has none)."""
    rules = preset(name)
    final = play_deal(rules, [StrongBot(budget=200)] * rules.players, seed=11)
    result = outcome(final)
    assert result is not None
    if rules.auction is Auction.NONE:
        assert sum(result.points) == rules.total_points
    else:  # a bastardo deal is void when every seat passes
        assert sum(result.points) in (0, rules.total_points)


def test_plays_a_split_match() -> None:
    """In a Split match the bot also cuts or knocks (Split briškula and dupla,
    "Cut or knock") and the match runs to its end."""
    match = play_match(preset("split-2p"), [StrongBot(budget=100), HeuristicBot()], seed=5)
    assert match.is_over


def _brute_force(state: GameState, seat: int, modelled: bool = False) -> int:
    """Search over the engine itself: the points ``seat``'s side ends the
    deal with, its side maximizing and every other seat minimizing (or, if
    ``modelled``, playing the card of ``World.expected`` in that position)."""
    if state.is_over:
        result = outcome(state)
        assert result is not None
        return next(p for side, p in zip(result.sides, result.points) if seat in side)
    mover: int = state.to_move  # type: ignore[assignment]
    ours = any(seat in side and mover in side for side in state.rules.sides)
    if modelled and not ours:
        index = world_from_state(state, seat).expected()
        card = next(card for card in state.hands[mover] if card.index == index)
        return _brute_force(apply(state, Play(card)), seat, modelled)
    values = [_brute_force(apply(state, a), seat, modelled) for a in legal_actions(state)]
    return max(values) if ours else min(values)


def _endgame(name: str, seed: int, cards_left: int) -> GameState:
    """A position of a random deal with at most ``cards_left`` cards left in
    hands and stock."""
    state = new_game(preset(name), seed=seed)
    rng = random.Random(seed)
    while True:
        world = world_from_state(state, state.to_move)  # type: ignore[arg-type]
        if world.cards_left <= cards_left:
            return state
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))])


@given(
    name=st.sampled_from(["italian-2p", "italian-4p", "split-dupla-2p", "italian-3p"]),
    seed=seeds,
    cards_left=st.integers(min_value=1, max_value=9),
)
def test_solver_agrees_with_brute_force(name: str, seed: int, cards_left: int) -> None:
    """The alpha-beta solver with its transposition table gives the same value
    as plain minimax through apply (trick winner, drawing, the trump card drawn
    last: Italian briscola, two to six players, "The game"), also after each
    first card."""
    state = _endgame(name, seed, cards_left)
    seat: int = state.to_move  # type: ignore[assignment]
    world = world_from_state(state, seat)
    already = world.captured[world.side[seat]]
    assert already + world.solve() == _brute_force(state, seat)
    for card in state.hands[seat]:
        after = apply(state, Play(card))
        assert already + world.solve_after(card.index) == _brute_force(after, seat)


@given(
    name=st.sampled_from(["italian-2p", "italian-4p", "split-dupla-2p", "italian-3p"]),
    seed=seeds,
    cards_left=st.integers(min_value=1, max_value=12),
)
def test_modelled_solver_agrees_with_search_over_the_engine(
    name: str, seed: int, cards_left: int
) -> None:
    """With ``modelled`` set, the solver's other seats play by the rules of
    thumb: its value is that of searching the engine's states with the
    seat's side maximizing and the others playing ``World.expected``'s card,
    also after each first card; and it is never below the minimax value."""
    state = _endgame(name, seed, cards_left)
    seat: int = state.to_move  # type: ignore[assignment]
    world = world_from_state(state, seat, modelled=True)
    minimax = world_from_state(state, seat)
    already = world.captured[world.side[seat]]
    assert already + world.solve() == _brute_force(state, seat, modelled=True)
    for card in state.hands[seat]:
        after = apply(state, Play(card))
        value = world.solve_after(card.index)
        assert already + value == _brute_force(after, seat, modelled=True)
        assert value >= minimax.solve_after(card.index)


def test_solver_leaves_the_world_unchanged() -> None:
    """Search plays and takes back cards in place: the world is as it was."""
    world = world_from_state(_endgame("italian-4p", 3, 12), 0)
    before = ([list(h) for h in world.hands], world.drawn, list(world.captured), world.to_move)
    world.solve()
    assert ([list(h) for h in world.hands], world.drawn, list(world.captured), world.to_move) == (
        before
    )


def test_playout_conserves_points() -> None:
    """A rule-of-thumb playout in compact form deals every point out, and its
    fast loop plays the deal as :meth:`World.greedy` played card by card
    does (each card one of the mover's hand): every side ends with the same
    points."""
    for name, seed in itertools.product(["italian-2p", "italian-3p", "italian-4p"], range(8)):
        world = world_from_state(new_game(preset(name), seed=seed), 0)
        stepped = world.copy()
        world.playout()
        assert sum(world.captured) == 120
        assert world.cards_left == 0
        while stepped.hands[stepped.to_move]:
            card = stepped.greedy()
            assert card in stepped.hands[stepped.to_move]
            stepped.play(card)
        assert stepped.cards_left == 0
        assert stepped.captured == world.captured


@given(seed=seeds, steps=st.integers(min_value=0, max_value=30))
def test_same_rng_same_choice(seed: int, steps: int) -> None:
    """With a node budget the bot is reproducible: the same observation and
    the same rng state give the same values and the same action."""
    state = new_game(preset("italian-2p"), seed=seed)
    for _ in range(steps):
        state = apply(state, legal_actions(state)[-1])
    if state.is_over:
        return
    seat: int = state.to_move  # type: ignore[assignment]
    seen, legal = observe(state, seat), legal_actions(state)
    first = StrongBot(budget=300).evaluate(seen, legal, random.Random(seed))
    again = StrongBot(budget=300).evaluate(seen, legal, random.Random(seed))
    assert first == again
    choice = StrongBot(budget=300).choose(seen, legal, random.Random(seed))
    assert choice == StrongBot(budget=300).choose(seen, legal, random.Random(seed))
    assert choice in legal


def test_budget_is_respected() -> None:
    """The search stops once the budget is spent: one world for a budget
    of 1, several for a larger one, and never more than one world past the
    budget; a time limit that has passed also stops it after one world."""
    state = new_game(preset("italian-2p"), seed=8)
    seen, legal = observe(state, 0), legal_actions(state)
    small = StrongBot(budget=1)
    small.choose(seen, legal, random.Random(0))
    assert small.worlds == 1
    large = StrongBot(budget=3000)
    large.choose(seen, legal, random.Random(0))
    assert large.worlds > 5
    per_world = large.nodes / large.worlds
    assert large.nodes < 3000 + 2 * per_world
    hurried = StrongBot(budget=10**9, time_limit=1e-9)
    hurried.choose(seen, legal, random.Random(0))
    assert hurried.worlds == 1


@pytest.mark.parametrize("steps", [0, 28])
def test_points_weight_scales_the_share_of_points(steps: int) -> None:
    """A world is worth its win plus ``points_weight`` times the share of
    the pack's points: over the same worlds (same rng) the mean values are
    linear in the weight, and with weight 0 they are win rates (0 to 1).
    Step 0 is searched by playouts, step 28 (12 cards left) exactly."""
    state = new_game(preset("italian-2p"), seed=4)
    for _ in range(steps):
        state = apply(state, legal_actions(state)[0])
    seat: int = state.to_move  # type: ignore[assignment]
    seen, legal = observe(state, seat), legal_actions(state)
    by_weight = [
        StrongBot(budget=600, exact_cards=12, points_weight=w).evaluate(
            seen, legal, random.Random(7)
        )
        for w in (0.0, 1.0, 2.0)
    ]
    assert all(0 <= value <= 1 for value in by_weight[0])
    for none, one, two in zip(*by_weight):
        assert two - one == pytest.approx(one - none)
        assert 0 <= one - none <= 1
    assert any(one > none for none, one, _ in zip(*by_weight))
    assert repr(StrongBot(points_weight=1.0)) == "StrongBot(budget=25000, points_weight=1.0)"


def test_known_endgame_is_searched_once() -> None:
    """With two seats and the stock empty every card is known: the bot
    searches the one real deal, exactly."""
    state = new_game(preset("italian-2p"), seed=2)
    while state.trump_card is not None:
        state = apply(state, legal_actions(state)[0])
    bot = StrongBot(budget=10**6)
    bot.choose(observe(state, state.to_move), legal_actions(state), random.Random(0))  # type: ignore[arg-type]
    assert bot.worlds == 1


def test_opponent_model_sets_how_the_endgame_expects_replies() -> None:
    """In the fully known ending of two-seat deals the bot searches the
    real deal once: expecting the rules of thumb it values no action below
    what it gets against best replies, and some above (the others' cards
    are predicted, not chosen to hurt it)."""
    pairs: list[tuple[float, float]] = []
    for seed in range(6):
        state = new_game(preset("italian-2p"), seed=seed)
        while state.trump_card is not None:
            state = apply(state, legal_actions(state)[0])
        seat: int = state.to_move  # type: ignore[assignment]
        seen, legal = observe(state, seat), legal_actions(state)
        rules = StrongBot().evaluate(seen, legal, random.Random(0))
        minimax = StrongBot(opponent_model="minimax").evaluate(seen, legal, random.Random(0))
        pairs.extend(zip(rules, minimax))
    assert all(rules >= minimax for rules, minimax in pairs)
    assert any(rules > minimax for rules, minimax in pairs)
    assert repr(StrongBot(opponent_model="minimax")) == (
        "StrongBot(budget=25000, opponent_model='minimax')"
    )


def _bastardo_hand(ranks: tuple[Rank, ...]) -> GameState:
    """A bastardo deal whose eldest (seat 0, dealt every fifth card from
    the top) holds the given ranks of coins and cups."""
    rules = preset("bastardo")
    cards = [Card(suit, rank) for rank in ranks for suit in (Suit.COINS, Suit.CUPS)]
    return new_game(rules, deck=deck_with(rules, {5 * i: c for i, c in enumerate(cards)}))


def test_bids_on_a_strong_hand_and_passes_on_a_weak_one() -> None:
    """Bastardo's auction ("Briscola bastardo"): aces, threes and kings of two
    suits make a bid; a hand of fours and fives passes."""
    bot = StrongBot(budget=3000)
    strong = _bastardo_hand((Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT))
    choice = bot.choose(observe(strong, 0), legal_actions(strong), random.Random(1))
    assert type(choice) is Bid
    weak = _bastardo_hand((Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.TWO))
    assert bot.choose(observe(weak, 0), legal_actions(weak), random.Random(1)) == Pass()


def test_calls_a_card_it_lacks() -> None:
    """As declarer, the bot calls a card it does not hold, of a suit it is long
    in (Briscola bastardo: the called card's suit is trump)."""
    state = _bastardo_hand((Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT))
    state = apply(state, Bid(61))
    while state.phase is Phase.BIDDING:
        state = apply(state, Pass())
    assert state.phase is Phase.CALLING
    call = StrongBot(budget=2000).choose(observe(state, 0), legal_actions(state), random.Random(2))
    assert call in legal_actions(state)
    assert call.card not in state.hands[0]  # type: ignore[union-attr]
    assert call.card.suit in (Suit.COINS, Suit.CUPS)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "options",
    [
        {"budget": 0},
        {"budget": 1.5},
        {"time_limit": 0},
        {"exact_cards": -1},
        {"bid_confidence": 2},
        {"points_weight": -1},
        {"points_weight": float("nan")},
        {"opponent_model": "best"},
    ],
)
def test_bad_options_raise(options: dict[str, object]) -> None:
    """Out-of-range options are refused with ValueError."""
    with pytest.raises(ValueError):
        StrongBot(**options)  # type: ignore[arg-type]


def test_a_convention_of_another_type_is_refused() -> None:
    """The convention is a :class:`Convention`, not its name."""
    with pytest.raises(TypeError, match="convention must be a Convention, not str"):
        StrongBot(convention="honest")  # type: ignore[arg-type]


def test_make_bot_names_the_strong_bot() -> None:
    """``make_bot("strong")`` (and ``--bots strong``) builds the strong bot
    with its default budget, guided by the shipped networks at the default
    weight; ``strong:BUDGET`` sets the budget, which must be a positive
    number."""
    from briscola.bots import BOT_NAMES, LearnedBot, make_bot

    assert "strong" in BOT_NAMES
    default = make_bot("strong")
    assert isinstance(default, StrongBot) and default.budget == StrongBot().budget
    assert isinstance(default.prior, LearnedBot) and default.prior.weights is None
    assert default.prior_weight == StrongBot().prior_weight and StrongBot().prior is None
    small = make_bot(" Strong:500 ")
    assert isinstance(small, StrongBot) and small.budget == 500
    assert isinstance(small.prior, LearnedBot)
    for bad in ("strong:0", "strong:-3", "strong:lots", "strong:²"):
        with pytest.raises(ValueError, match="strong:BUDGET needs a positive budget"):
            make_bot(bad)


def test_make_bot_names_the_search_alone() -> None:
    """``make_bot("search")`` is the strong bot's search without a network,
    ``StrongBot()``; ``search:BUDGET`` sets its budget."""
    from briscola.bots import BOT_NAMES, make_bot

    assert "search" in BOT_NAMES
    alone = make_bot("search")
    assert isinstance(alone, StrongBot) and repr(alone) == repr(StrongBot())
    assert repr(make_bot("SEARCH:700")) == repr(StrongBot(700))
    with pytest.raises(ValueError, match="search:BUDGET needs a positive budget"):
        make_bot("search:0")


@given(
    state=reachable_states(
        varied_rules(
            ["italian-2p", "italian-4p", "italian-3p", "split-dupla-4p", "spanish-2p"], vary=False
        )
    ),
    seed=seeds,
)
def test_redealt_worlds_agree_with_the_observation(state: GameState, seed: int) -> None:
    """A world dealt again over the hidden places (Slots) differs from any
    sampled world only in which hidden card lies in which hidden place:
    the seat's hand, what it saw in other hands and in the stock, the
    trick, the points taken and the turn are those of every sample, and
    the hidden places hold the unseen cards."""
    assume(not state.is_over and state.phase is Phase.PLAYING)
    rng = random.Random(seed)
    seat: int = state.to_move  # type: ignore[assignment]
    seen = observe(state, seat)
    hidden = frozenset(card.index for card in seen.unseen)
    base = world_from_state(sample_state(seen, rng), seat)
    slots = Slots(base, hidden, seat)
    assert sorted(slots.cards) == sorted(hidden)
    other = world_from_state(sample_state(seen, rng), seat)
    again = redealt(base, slots, rng)
    for world in (other, again):
        assert sorted(Slots(world, hidden, seat).cards) == sorted(hidden)
        assert world.hands[seat] == base.hands[seat]
        assert [len(hand) for hand in world.hands] == [len(hand) for hand in base.hands]
        for s, hand in enumerate(world.hands):
            # A hand shown as dealt (a partner's) is sampled in any order.
            assert sorted(c for c in hand if c not in hidden) == sorted(
                c for c in base.hands[s] if c not in hidden
            )
        assert [c if c not in hidden else -1 for c in world.draw[world.drawn :]] == [
            c if c not in hidden else -1 for c in base.draw[base.drawn :]
        ]
        assert (world.trick_cards, world.captured, world.to_move) == (
            base.trick_cards,
            base.captured,
            base.to_move,
        )
    assert base.hands[seat] == [card.index for card in state.hands[seat]]


@given(state=reachable_states(varied_rules(["bastardo", "chiamata"], vary=False)), seed=seeds)
def test_redealt_bastardo_worlds_take_the_sides_of_their_deal(state: GameState, seed: int) -> None:
    """In bastardo a world dealt again moves the called card, and with it
    the partner: its sides, its seats' friends and the points per side are
    those of the same deal turned into a world the slow way (the sampled
    state with those hands and that partner)."""
    assume(not state.is_over and state.phase is Phase.PLAYING)
    rng = random.Random(seed)
    seat: int = state.to_move  # type: ignore[assignment]
    seen = observe(state, seat)
    hidden = frozenset(card.index for card in seen.unseen)
    sampled = sample_state(seen, rng)
    contract = sampled.contract
    assert contract is not None and contract.called_card is not None
    called = _called(sampled, hidden, seat)
    assert (called is None) == (contract.called_card.index not in hidden)
    assert called is None or called.card == contract.called_card.index
    base = world_from_state(sampled, seat)
    slots = Slots(base, hidden, seat, called)
    cards = {card.index: card for card in sampled.rules.pack}
    for _ in range(3):
        world = redealt(base, slots, rng)
        partner = contract.partner
        if called is not None:
            card = called.card
            partner = next(s for s, hand in enumerate(world.hands) if card in hand)
        same = attrs.evolve(
            sampled,
            hands=tuple(tuple(cards[c] for c in hand) for hand in world.hands),
            contract=attrs.evolve(contract, partner=partner),
        )
        slow = world_from_state(same, seat)
        assert (world.side, world.mine, world.captured) == (slow.side, slow.mine, slow.captured)
        assert world.hands == slow.hands


@given(
    state=reachable_states(
        varied_rules(sorted(set(PRESETS) - {"bastardo", "chiamata"}), vary=False)
    )
)
def test_playout_plays_the_rules_of_thumb_card_by_card(state: GameState) -> None:
    """The fused playout loop plays exactly the cards of playing the
    world's greedy card again and again, from any point of a deal (a
    trick half played, the stock running out, the trump card drawn)."""
    assume(not state.is_over and state.phase is Phase.PLAYING)
    fused = world_from_state(state, state.to_move)  # type: ignore[arg-type]
    stepped = fused.copy()
    fused.playout()
    played = 0
    while stepped.hands[stepped.to_move]:
        stepped.play(stepped.greedy())
        played += 1
    assert fused.captured == stepped.captured
    assert sum(fused.captured) == state.rules.total_points
    assert (fused.nodes, fused.drawn, fused.leader, fused.to_move) == (
        played,
        stepped.drawn,
        stepped.leader,
        stepped.to_move,
    )
