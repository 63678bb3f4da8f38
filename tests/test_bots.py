"""The bots of ``briscola.bots``: legality everywhere, the heuristic's rules
of thumb on small explicit decks, and how the bots fare against each other.

Decks for two players (the standard deal of "Italian briscola, two to six
players"): seat 0 gets positions 0, 2 and 4, seat 1 positions 1, 3 and 5, the
trump card is position 6 and the stock starts at 7; the winner of a trick draws
first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given

from briscola import (
    PRESETS,
    Action,
    Auction,
    Bid,
    Call,
    GameState,
    Knock,
    Observation,
    Pass,
    Phase,
    Play,
    Suit,
    SwapTrump,
    apply,
    legal_actions,
    new_game,
    observe,
    outcome,
    preset,
)
from briscola.bots import (
    BOT_NAMES,
    Bot,
    HeuristicBot,
    MonteCarloBot,
    RandomBot,
    greedy_rollout,
    make_bot,
    play_deal,
    play_match,
    random_rollout,
)

from .strategies import card, deck_with, first_play, play_cards, reachable_states, seeds


def heuristic_move(state: GameState) -> Action:
    """What the heuristic bot does for the seat to move."""
    seat = state.to_move
    assert seat is not None
    return HeuristicBot().choose(observe(state, seat), legal_actions(state), random.Random(0))


def two_player_deal(
    rules_name: str, seat0: Sequence[str], seat1: Sequence[str], trump: str, *stock: str
) -> GameState:
    """A two-player deal with the given hands, trump card and first stock
    cards (the rest of the pack in canonical order)."""
    rules = preset(rules_name)
    placed = {2 * i: card(name) for i, name in enumerate(seat0)}
    placed.update({2 * i + 1: card(name) for i, name in enumerate(seat1)})
    placed[6] = card(trump)
    placed.update({7 + i: card(name) for i, name in enumerate(stock)})
    return new_game(rules, deck=deck_with(rules, placed))


# --- legality ---------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PRESETS))
def test_bots_play_legal_actions_in_every_preset(name: str) -> None:
    """Bots, "The protocol": ``apply`` takes only legal actions; ``play_deal``
    refuses any other, so a finished deal means every choice of every bot
    (random, heuristic, Monte Carlo) was legal, through cuts, knocks,
    exchanges, bids, calls and tricks."""
    rules = preset(name)
    lineups: list[list[Bot]] = [
        [HeuristicBot() for _ in range(rules.players)],
        [RandomBot() if seat % 2 else HeuristicBot() for seat in range(rules.players)],
    ]
    for seed in range(6):
        for bots in lineups:
            final = play_deal(rules, bots, seed=seed)
            assert final.is_over
            result = outcome(final)
            assert result is not None
            if final.contract is None or final.contract.called_card is not None:
                assert sum(result.points) == rules.total_points
    searcher: list[Bot] = [MonteCarloBot(samples=2)]
    searcher += [RandomBot() for _ in range(rules.players - 1)]
    assert play_deal(rules, searcher, seed=1).is_over


@given(state=reachable_states(), seed=seeds)
def test_bots_choose_legal_actions_anywhere(state: GameState, seed: int) -> None:
    """Bots, "The protocol": from any state reachable by legal play, under any
    preset or variation of one (chiamata auction, exchanges, dupla, teams,
    partners' hands...), every bot returns one of the legal actions."""
    if state.is_over:
        return
    seat = state.to_move
    assert seat is not None
    legal = legal_actions(state)
    seen = observe(state, seat)
    for bot in (RandomBot(), HeuristicBot(), MonteCarloBot(samples=1)):
        assert bot.choose(seen, legal, random.Random(seed)) in legal


@pytest.mark.parametrize("name", ["italian-2p", "romanian-4p", "spanish-2p", "bastardo"])
@pytest.mark.parametrize("policy", [random_rollout, greedy_rollout])
def test_rollout_policies_are_legal(name: str, policy: object) -> None:
    """The rollout policies play full states: every action they return is one
    of :func:`legal_actions`, exchanges included."""
    rules = preset(name)
    rng = random.Random(7)
    for seed in range(5):
        state = new_game(rules, seed=seed)
        while not state.is_over:
            action = policy(state, rng)  # type: ignore[operator]
            assert action in legal_actions(state)
            state = apply(state, action)


def test_play_deal_refuses_an_illegal_bot() -> None:
    """Bots, "The protocol": an action not in ``legal_actions`` is refused; the
    loop names the seat and the bot."""

    class Cheat:
        def choose(
            self, observation: Observation, legal: Sequence[Action], rng: random.Random
        ) -> Action:
            return Pass()

    with pytest.raises(ValueError, match="seat 0 .* not a legal action"):
        play_deal(preset("italian-2p"), [Cheat(), RandomBot()], seed=1)
    with pytest.raises(ValueError, match="needs 2 bots"):
        play_deal(preset("italian-2p"), [RandomBot()], seed=1)


def test_bots_see_only_their_observation() -> None:
    """Bots, "The protocol": a bot's choice depends only on what its seat may
    see: two deals that differ only in the opponent's hidden cards get the same
    heuristic move."""
    one = two_player_deal(
        "italian-2p",
        ["king of cups", "four of swords", "ace of clubs"],
        ["two of coins", "three of cups", "seven of swords"],
        "five of coins",
    )
    other = two_player_deal(
        "italian-2p",
        ["king of cups", "four of swords", "ace of clubs"],
        ["ace of coins", "six of cups", "jack of swords"],
        "five of coins",
    )
    assert observe(one, 0) == observe(other, 0)
    assert heuristic_move(one) == heuristic_move(other)


def test_play_deal_plays_on_from_a_state() -> None:
    """``play_deal`` can take over a deal in progress: the actions already
    taken stay in the history and the deal is played to the end."""
    rules = preset("italian-2p")
    start = play_cards(new_game(rules, seed=4), *new_game(rules, seed=4).hands[0][:1])
    final = play_deal(rules, [HeuristicBot(), HeuristicBot()], seed=4, state=start)
    assert final.is_over and final.history[:1] == start.history
    assert len(final.history) == 40


def test_seeded_play_is_reproducible() -> None:
    """The same seed and bots play the same deal: each bot draws only from
    its own seeded generator."""
    rules = preset("italian-4p")
    bots: list[Bot] = [RandomBot(), HeuristicBot(), MonteCarloBot(samples=2), RandomBot()]
    assert play_deal(rules, bots, seed=9) == play_deal(rules, bots, seed=9)


# --- the heuristic's rules of thumb ----------------------------------------------------


def test_heuristic_takes_with_the_cheapest_winning_card() -> None:
    """The rules as implemented, "What every family shares": any trump beats
    the king led. Spending the ace of trumps (11 points that no card can take
    from it) on a 4-point king would waste it: the heuristic trumps with the
    two."""
    state = two_player_deal(
        "italian-2p",
        ["king of cups", "four of swords", "five of swords"],
        ["ace of coins", "two of coins", "six of clubs"],
        "seven of coins",
    )
    state = play_cards(state, card("king of cups"))
    assert heuristic_move(state) == Play(card("two of coins"))


def test_heuristic_wins_points_with_a_card_of_the_suit_led() -> None:
    """The rules as implemented, "What every family shares": a higher card of
    the suit led takes the trick; taking a three led with the ace of that suit
    wins 21 points without a trump."""
    state = two_player_deal(
        "italian-2p",
        ["three of cups", "four of swords", "five of swords"],
        ["two of coins", "ace of cups", "six of clubs"],
        "seven of coins",
    )
    state = play_cards(state, card("three of cups"))
    assert heuristic_move(state) == Play(card("ace of cups"))


def test_heuristic_does_not_feed_points() -> None:
    """The rules as implemented, "What every family shares": with no trump and
    no higher card of the suit led, the ace led cannot be beaten; the heuristic
    gives a card worth nothing, not its three or its king."""
    state = two_player_deal(
        "italian-2p",
        ["ace of swords", "four of swords", "five of swords"],
        ["three of cups", "king of clubs", "five of cups"],
        "seven of coins",
    )
    state = play_cards(state, card("ace of swords"))
    assert heuristic_move(state) == Play(card("five of cups"))


def test_heuristic_leads_a_card_only_a_trump_can_beat() -> None:
    """Once the ace and the three of cups lie in a pile, the king of cups
    can only be beaten by a trump: the heuristic leads it rather than its
    blank cards."""
    state = two_player_deal(
        "italian-2p",
        ["ace of cups", "four of swords", "king of cups"],
        ["three of cups", "six of clubs", "seven of clubs"],
        "two of coins",
        "five of swords",
    )
    state = play_cards(state, card("ace of cups"), card("three of cups"))
    assert state.to_move == 0
    assert set(state.hands[0]) == {
        card("four of swords"),
        card("king of cups"),
        card("five of swords"),
    }
    assert heuristic_move(state) == Play(card("king of cups"))


def test_heuristic_sees_which_card_wins_a_dupla_trick() -> None:
    """In dupla each seat plays two cards to a trick, and a seat's second
    card may be the one winning it. Here the ace of trumps (swords) wins,
    which the two of trumps cannot beat: rather than waste that trump as if
    the three of cups led were still winning, the heuristic throws its
    weakest card worth nothing."""
    rules = preset("split-dupla-2p")
    names = [
        *("three of cups", "ace of swords", "six of clubs", "seven of clubs"),
        *("ace of cups", "two of swords", "four of coins", "five of clubs"),
        "king of swords",
    ]
    deck = deck_with(rules, {i: card(name) for i, name in enumerate(names)})
    state = apply(new_game(rules, deck=deck), Knock())
    state = play_cards(state, card("three of cups"), card("ace of cups"), card("ace of swords"))
    assert state.to_move == 1 and state.trump is Suit.SWORDS
    assert heuristic_move(state) == Play(card("four of coins"))


def test_heuristic_keeps_its_ace_back_while_trumps_are_about() -> None:
    """The rules as implemented, "What every family shares": a trump beats any
    card of another suit. Leading the ace of cups would hand 11 points to any
    trump, so with trumps unseen the heuristic leads a card worth nothing."""
    state = two_player_deal(
        "italian-2p",
        ["ace of cups", "four of swords", "five of clubs"],
        ["six of cups", "six of clubs", "seven of clubs"],
        "two of coins",
    )
    assert heuristic_move(state) in (Play(card("four of swords")), Play(card("five of clubs")))


def test_heuristic_adds_points_to_its_partners_trick() -> None:
    """Italian briscola, two to six players, "A trick at four": seat 3 plays
    last to a trick its partner (seat 1) is winning with the ace of the suit
    led and no trump about in the trick: it adds its three of clubs (10 points)
    rather than a blank."""
    rules = preset("italian-4p")
    # Standard deal from eldest 0: seat s gets positions s, s+4, s+8.
    hands = {
        0: ["four of swords", "six of cups", "six of clubs"],
        1: ["ace of swords", "seven of cups", "seven of clubs"],
        2: ["five of cups", "four of cups", "four of clubs"],
        3: ["three of clubs", "two of cups", "five of clubs"],
    }
    placed = {
        seat + 4 * i: card(name) for seat, names in hands.items() for i, name in enumerate(names)
    }
    placed[12] = card("king of coins")
    state = new_game(rules, deck=deck_with(rules, placed))
    state = play_cards(state, card("four of swords"), card("ace of swords"), card("five of cups"))
    assert state.to_move == 3
    assert heuristic_move(state) == Play(card("three of clubs"))


def test_heuristic_makes_a_worthwhile_exchange() -> None:
    """Romanian briscola, "The exchange": the holder of the two of trumps may
    take the face-up card during the first trick; the heuristic does so before
    playing when the face-up card is stronger."""
    state = two_player_deal(
        "romanian-2p",
        ["two of coins", "four of swords", "five of swords"],
        ["six of cups", "six of clubs", "seven of clubs"],
        "king of coins",
    )
    assert SwapTrump(card("two of coins")) in legal_actions(state)
    assert heuristic_move(state) == SwapTrump(card("two of coins"))


def test_heuristic_declines_a_losing_exchange() -> None:
    """Spanish brisca, "Other exchange rules" (seven after a win): the seven of
    trumps may be given for the face-up card; when that card is weaker (a four)
    the exchange would weaken the hand, and the heuristic plays a card
    instead."""
    import attrs

    from briscola import Exchange

    rules = attrs.evolve(preset("italian-2p"), exchange=Exchange.SEVEN_AFTER_WIN)
    placed = {
        0: card("ace of cups"),
        2: card("seven of coins"),
        4: card("five of swords"),
        1: card("six of cups"),
        3: card("six of clubs"),
        5: card("seven of clubs"),
        6: card("four of coins"),
    }
    state = new_game(rules, deck=deck_with(rules, placed))
    state = play_cards(state, card("ace of cups"), card("six of cups"))
    assert state.to_move == 0
    assert SwapTrump(card("seven of coins")) in legal_actions(state)
    assert type(heuristic_move(state)) is Play


def bastardo_deal(seat0: Sequence[str]) -> GameState:
    """A bastardo deal (whole deal, one card at a time from seat 0) in
    which seat 0 holds the eight named cards."""
    rules = preset("bastardo")
    placed = {5 * i: card(name) for i, name in enumerate(seat0)}
    return new_game(rules, deck=deck_with(rules, placed))


def test_heuristic_passes_a_weak_hand() -> None:
    """Briscola bastardo: a bid undertakes 61 points with a partner. A hand
    without a single point card and no long suit passes at once."""
    state = bastardo_deal(
        [
            "two of coins", "four of cups", "five of swords", "six of clubs",
            "two of cups", "four of swords", "five of clubs", "six of coins",
        ]
    )  # fmt: skip
    assert state.phase is Phase.BIDDING and state.to_move == 0
    assert heuristic_move(state) == Pass()


def test_heuristic_bids_a_strong_hand_and_calls_well() -> None:
    """Briscola bastardo: with five coins headed by the ace and the three and
    two more aces (63 points in hand) the heuristic bids the lowest bid; as
    declarer it calls the strongest coin it lacks (the seven), so that coins
    are trump and the partner holds a trump."""
    state = bastardo_deal(
        [
            "ace of coins", "three of coins", "king of coins", "knight of coins",
            "jack of coins", "ace of cups", "ace of swords", "four of clubs",
        ]
    )  # fmt: skip
    assert heuristic_move(state) == Bid(61)
    state = apply(state, Bid(61))
    for _ in range(4):
        state = apply(state, Pass())
    assert state.phase is Phase.CALLING and state.to_move == 0
    assert heuristic_move(state) == Call(card("seven of coins"))


# --- strength ---------------------------------------------------------------------


def win_rate(rules_name: str, bot: Bot, other: Bot, seeds: range) -> float:
    """``bot``'s share of deals won against ``other``, each seed played
    twice with the seats swapped (ties count half)."""
    rules = preset(rules_name)
    score = 0.0
    for seed in seeds:
        for seat in (0, 1):
            bots = [other, other]
            bots[seat] = bot
            result = outcome(play_deal(rules, bots, seed=seed))
            assert result is not None
            if not result.winners:
                score += 0.5
            elif seat in result.winners:
                score += 1
    return score / (2 * len(seeds))


def test_heuristic_beats_random() -> None:
    """The rules of thumb are worth something: over 200 deals (100 seeds,
    each with the seats swapped) the heuristic bot wins at least three
    deals in four against random play. (It wins about 90%; random play
    against random play wins half.)"""
    assert win_rate("italian-2p", HeuristicBot(), RandomBot(), range(100)) >= 0.75


def test_heuristic_beats_random_as_a_team() -> None:
    """Italian briscola, two to six players, "A trick at four": a pair of
    heuristic bots beats a pair of random bots in four-player briscola,
    partners adding points to each other's tricks."""
    rules = preset("italian-4p")
    score = 0
    for seed in range(50):
        for side in (0, 1):
            bots: list[Bot] = [
                HeuristicBot() if seat % 2 == side else RandomBot() for seat in range(4)
            ]
            result = outcome(play_deal(rules, bots, seed=seed))
            assert result is not None
            score += bool(result.winners) and result.winners[0] % 2 == side
    assert score >= 70  # of 100; about 83 in practice


def test_monte_carlo_beats_random() -> None:
    """Determinized search on :func:`briscola.sample_state`: even with few
    samples the Monte Carlo bot wins most deals against random play."""
    assert win_rate("italian-2p", MonteCarloBot(samples=4), RandomBot(), range(10)) >= 0.7


def test_monte_carlo_evaluates_every_action() -> None:
    """The search scores each legal action with the mean of its playouts:
    a win (1, a tie 1/2) plus the side's share of the pack's points, so
    every value lies between 0 and 2; it chooses the best."""
    state = two_player_deal(
        "italian-2p",
        ["king of cups", "four of swords", "five of swords"],
        ["ace of coins", "two of coins", "six of clubs"],
        "seven of coins",
    )
    state = play_cards(state, card("king of cups"))
    bot = MonteCarloBot(samples=6)
    seen = observe(state, 1)
    legal = legal_actions(state)
    values = bot.evaluate(seen, legal, random.Random(2))
    assert len(values) == len(legal)
    assert all(0 <= value <= 2 for value in values)
    best = legal[max(range(len(legal)), key=values.__getitem__)]
    assert bot.choose(seen, legal, random.Random(2)) == best


def test_monte_carlo_leaves_the_auction_to_its_fallback() -> None:
    """The auction, the call and the cut are not searched: the Monte Carlo
    bot asks its fallback bot (by default the heuristic)."""
    state = bastardo_deal(
        [
            "two of coins", "four of cups", "five of swords", "six of clubs",
            "two of cups", "four of swords", "five of clubs", "six of coins",
        ]
    )  # fmt: skip
    legal = legal_actions(state)
    assert MonteCarloBot(samples=1).choose(observe(state, 0), legal, random.Random(0)) == Pass()


# --- construction and matches --------------------------------------------------------


def test_make_bot() -> None:
    """The command line's bot names."""
    assert BOT_NAMES == ("random", "heuristic", "montecarlo", "strong", "search", "learned")
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot(" Heuristic "), HeuristicBot)
    searcher = make_bot("montecarlo:7")
    assert isinstance(searcher, MonteCarloBot) and searcher.samples == 7
    assert isinstance(make_bot("mc"), MonteCarloBot)
    for bad in ("montecarlo:0", "montecarlo:x", "random:3", "alphazero"):
        with pytest.raises(ValueError):
            make_bot(bad)
    with pytest.raises(ValueError, match="samples"):
        MonteCarloBot(samples=0)
    with pytest.raises(ValueError, match="rollout"):
        MonteCarloBot(rollout="clever")


def test_every_bot_satisfies_the_protocol() -> None:
    """The :class:`Bot` protocol is structural: the library's bots and any
    object with ``choose`` satisfy it."""
    for bot in (RandomBot(), HeuristicBot(), MonteCarloBot()):
        assert isinstance(bot, Bot)
    assert not isinstance(object(), Bot)


def test_play_match_plays_a_split_match_to_four() -> None:
    """Split briškula and dupla: Split is first to four won deals;
    ``play_match`` plays the whole match, cut or knock included, and the winner
    has four wins."""
    match = play_match(preset("split-2p"), [HeuristicBot(), RandomBot()], seed=5)
    result = outcome(match)
    assert match.is_over and result is not None
    assert len(result.winners) == 1
    assert match.wins[result.winners[0]] == 4
    assert max(match.wins[seat] for seat in range(2) if seat not in result.winners) < 4


def test_bots_in_the_chiamata_and_unseeded() -> None:
    """Heuristic bots bid in the chiamata (naming a rank at the minimum);
    an unseeded deal still ends; a match needs one bot per seat."""
    rules = attrs.evolve(preset("bastardo"), auction=Auction.CHIAMATA)
    bids: list[Bid] = []
    for seed in range(6):
        final = play_deal(rules, [HeuristicBot()] * 5, seed=seed)
        bids += [a for a in final.history if isinstance(a, Bid)]
        assert final.is_over
    assert bids and all(bid.rank is not None for bid in bids)
    assert play_deal(preset("italian-2p"), [RandomBot(), RandomBot()]).is_over
    with pytest.raises(ValueError, match="one per seat"):
        play_match(preset("italian-2p"), [RandomBot()], seed=1)


def test_monte_carlo_with_a_rollout_function() -> None:
    """A Monte Carlo bot takes any rollout policy function."""

    def first_action(state: Any, rng: random.Random) -> Any:
        return first_play(state)

    bot = MonteCarloBot(samples=2, rollout=first_action)
    assert bot.rollout_name == "first_action"
    final = play_deal(preset("italian-2p"), [bot, RandomBot()], seed=3)
    result = outcome(final)
    assert result is not None and sum(result.points) == 120


def test_heuristic_bot_passes_when_no_bid_is_left() -> None:
    """Once 120 is bid no higher bid exists: the heuristic bot passes."""
    from briscola import Pass, apply

    state = new_game(preset("bastardo"), seed=1)
    state = apply(state, Bid(120))
    seat = state.to_move
    assert seat is not None and legal_actions(state) == (Pass(),)
    choice = HeuristicBot().choose(observe(state, seat), legal_actions(state), random.Random(0))
    assert choice == Pass()
    assert play_deal(preset("bastardo"), [HeuristicBot()] * 5, state=state, seed=1).is_over
