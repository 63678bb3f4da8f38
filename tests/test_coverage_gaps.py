"""Behaviours the rest of the suite reached only one way: the less-used
refusals of rules, cards, the sampler and ``loads``, and the command line's
less-used texts (issue 17: the branches of ``briscola/`` that no test took).

Each test asserts what a user sees through the public API.
"""

from __future__ import annotations

import io
import json
import random
import re
from typing import Any

import attrs
import pytest

from briscola import (
    Auction,
    Bid,
    Card,
    DealStyle,
    Exchange,
    MatchFormat,
    Rank,
    Rules,
    Suit,
    dumps,
    legal_actions,
    loads,
    new_game,
    new_match,
    observe,
    outcome,
    preset,
    sample_state,
)
from briscola.bots import HeuristicBot, MonteCarloBot, RandomBot, play_deal, play_match
from briscola.cli import describe_rules, main, play, simulate

from .strategies import card, first_play, play_cards

# -- Rules: the rarer refusals ----------------------------------------------------

BASTARDO: dict[str, Any] = {
    "players": 5,
    "deal": DealStyle.WHOLE,
    "hand_size": 8,
    "auction": Auction.POINTS,
}


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"redraw_ranks": ("ace", "three")}, ["redraw_ranks", "ranks"]),
        ({**BASTARDO, "hand_size": 4}, ["whole deal", "8 cards"]),
        ({**BASTARDO, "teams": ((0, 1), (2, 3, 4))}, ["Rules.teams must be None"]),
        ({**BASTARDO, "min_bid": 121}, ["min_bid", "120"]),
        ({**BASTARDO, "auction": Auction.CHIAMATA, "min_bid": 120}, ["chiamata", "below"]),
        ({"strength": (Rank.ACE,) * 9 + ("two",)}, ["strength"]),
        ({"card_points": [(Rank.ACE, 11), (Rank.ACE, 11)]}, ["card_points", "once"]),
    ],
)
def test_rarer_rules_refusals(changes: dict[str, Any], words: list[str]) -> None:
    """SPEC §10: impossible rules raise ValueError naming the problem."""
    with pytest.raises(ValueError) as info:
        Rules(**changes)
    for word in words:
        assert word in str(info.value)


def test_bastardo_bounds_that_are_allowed() -> None:
    """SPEC §7: the points auction may start at the pack's points; the
    chiamata needs room above its minimum."""
    assert Rules(**BASTARDO, min_bid=120).min_bid == 120
    assert Rules(**{**BASTARDO, "auction": Auction.CHIAMATA}, min_bid=119).min_bid == 119


# -- Cards -------------------------------------------------------------------------


def test_card_takes_a_suit_and_a_rank() -> None:
    """SPEC §10: a card is built from a Suit and a Rank, nothing else."""
    for suit, rank in (("coins", Rank.ACE), (Suit.COINS, 0), (0, 0)):
        with pytest.raises(TypeError, match="Suit and a Rank"):
            Card(suit, rank)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _ = card("ace of coins") <= 3  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = card("ace of coins") > 3  # type: ignore[operator]


def test_non_rules_are_refused() -> None:
    """SPEC §10: a deal and a match are made from Rules."""
    with pytest.raises(TypeError, match="Rules"):
        new_game("italian-2p", seed=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Rules"):
        new_match("italian-2p", seed=1)  # type: ignore[arg-type]


# -- The sampler's rarer checks -----------------------------------------------------


def test_sampler_refuses_a_partner_hand_that_does_not_fit() -> None:
    """SPEC §6: a partner's hand shown as dealt must fit the deal; the
    sampler refuses one that does not, or one shown for the seat itself."""
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
    """SPEC §3: only Split's dealing starts with a cut or a knock, and only
    there; a history that says otherwise is refused."""
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
    """SPEC §6: once the face-up card is drawn, everyone knows who holds it;
    samples keep it in that hand until it is played."""
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


# -- loads: rarer refusals -----------------------------------------------------------


def test_loads_refuses_a_bid_of_the_wrong_length() -> None:
    """A bid is ``["bid", points]`` or ``["bid", points, rank]``."""
    rules = preset("bastardo")
    document = json.loads(dumps(new_game(rules, seed=1)))
    for bad in (["bid"], ["bid", 70, "ace", 1]):
        document["history"] = [bad]
        with pytest.raises(ValueError, match="bid"):
            loads(json.dumps(document))


def test_loads_refuses_observations_that_do_not_hold_together() -> None:
    """A saved observation of a match needs both its results and its
    totals, and a dealer that follows from them."""
    match = new_match(preset("italian-2p"), seed=2)
    while not match.results:
        match = apply_first(match)
    seen = observe(match, 0)
    document = json.loads(dumps(seen))
    assert loads(dumps(seen)) == seen
    key = next(k for k in document if "totals" in k)
    without = {k: v for k, v in document.items() if k != key}
    with pytest.raises(ValueError):
        loads(json.dumps(without))
    moved = dict(document)
    moved["dealer"] = (document["dealer"] + 1) % 2
    with pytest.raises(ValueError):
        loads(json.dumps(moved))


# -- The command line's rarer texts ---------------------------------------------------


_ODD = Rules(
    removed=(card("two of clubs"), card("four of clubs")),
    card_points={
        Rank.ACE: 11,
        Rank.THREE: 10,
        Rank.KING: 4,
        Rank.KNIGHT: 3,
        Rank.JACK: 2,
        Rank.TWO: 1,
    },
)


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (attrs.evolve(preset("italian-2p"), deal=DealStyle.KNOCK), ["at once"]),
        (
            attrs.evolve(preset("italian-2p"), exchange=Exchange.SEVEN_AFTER_WIN),
            ["seven of trumps", "two tricks with drawing"],
        ),
        (attrs.evolve(preset("bastardo"), auction=Auction.CHIAMATA), ["naming a rank", "two"]),
        (attrs.evolve(preset("bastardo"), cappotto_doubles=True), ["doubled"]),
        (_ODD, ["(62 of 123) wins the deal."]),
    ],
    ids=["knock", "seven", "chiamata", "cappotto", "odd-total"],
)
def test_describe_rules_rarer_options(rules: Rules, words: list[str]) -> None:
    """``briscola rules`` describes every option from the fields, including
    the rarer ones (a knock deal, the seven after a win, the chiamata,
    cappotto, a pack of an odd number of points, where no tie is
    possible)."""
    text = " ".join(describe_rules(rules, width=10_000).split())
    for word in words:
        assert word in text, (word, text)
    if rules is _ODD:
        assert _ODD.total_points == 123 and "tie" not in text.split("Match")[0].split("Winning")[-1]


def _play(name: str, seed: int, bot: str = "random", stdin: str = "1\n" * 400, **kw: Any) -> str:
    out = io.StringIO()
    status = play(name, 0, seed, bot, stdin=io.StringIO(stdin), out=out, err=io.StringIO(), **kw)
    assert status == 0
    return out.getvalue()


def _points(text: str) -> list[int]:
    return [int(p) for p in re.findall(r": (\d+) points\.", text)]


def test_play_reports_a_tie_and_a_win() -> None:
    """``briscola play`` ends a deal with its points and who won: a 60-60
    deal is a tie; more than 60 for the player is a win."""
    tie = _play("italian-2p", 63)
    assert "The deal is a tie." in tie and _points(tie) == [60, 60]
    win = _play("italian-2p", 0)
    assert "You win the deal." in win and _points(win)[0] > 60


def test_play_help_and_exchange() -> None:
    """``?`` lists the choices again; an exchange is told as such."""
    text = _play("romanian-2p", 16, stdin="?\nexchange\n" + "1\n" * 400)
    assert text.count("4. exchange the two of cups for the face-up king of cups") == 2
    assert "You exchange the two of cups for the trump card, the king of cups." in text


def test_play_bastardo_texts() -> None:
    """Bastardo at the table: the auction before any bid, a deal won with
    its scores, and a void deal when everybody passes."""
    first = _play("bastardo", 2, bot="heuristic", stdin="pass\n" + "1\n" * 400)
    assert "Auction: no bid yet." in first
    assert "You win the deal" in first and "Scores: you " in first
    void = _play("bastardo", 40, bot="heuristic", stdin="pass\n" + "1\n" * 400)
    assert "Everybody passed: the deal is void." in void


def test_play_a_match_and_a_bad_seat() -> None:
    """``--match`` plays the preset's whole match, telling the deals won
    after each deal; a seat outside the table is refused."""
    text = _play("split-2p", 3, match=True)
    assert "Match (deals won): you " in text and "Game over." in text
    assert "the match" in text or "The match is drawn." in text
    with pytest.raises(ValueError, match="seat"):
        play("italian-2p", 2, 1, "random", stdin=io.StringIO(""), out=io.StringIO())


def test_simulate_seat_by_seat_and_bad_deals(capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate`` takes one bot per seat in a team game (a row per seat),
    counts tied deals, and refuses a negative number of deals."""
    out = io.StringIO()
    status = simulate(
        "italian-4p",
        6,
        ["random", "heuristic", "random", "heuristic"],
        3,
        out=out,
        err=io.StringIO(),
        progress=False,
    )
    assert status == 0
    assert out.getvalue().count("random") >= 2
    assert main(["simulate", "--preset", "italian-2p", "--deals", "-1"]) == 2
    assert "--deals must be at least 1" in capsys.readouterr().err


def test_demo_with_french_ten_for_three_names(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo names cards in the French ten-for-three style when asked."""
    assert (
        main(["demo", "--preset", "romanian-2p", "--seed", "16", "--names", "french-ten-for-three"])
        == 0
    )
    text = capsys.readouterr().out
    assert "ten of" in text or "10" in text


# -- Bots: rarer paths ------------------------------------------------------------------


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


def test_played_cards_stay_public() -> None:
    """SPEC §6: after a trick both seats see its cards in the winner's pile."""
    rules = preset("italian-2p")
    state = new_game(rules, seed=1)
    a, b = state.hands[0][0], state.hands[1][0]
    after = play_cards(state, a, b)
    for seat in (0, 1):
        piles = observe(after, seat).piles
        assert sorted(c for pile in piles for c in pile) == sorted([a, b])
    assert MatchFormat.SINGLE is rules.match


def test_sampler_refuses_more_known_cards_than_a_hand_holds() -> None:
    """A seat cannot know more cards of another hand than it holds."""
    seen = observe(new_game(preset("italian-2p"), seed=6), 0)
    shown = {*seen.hand, seen.turned_card}
    unseen = [c for c in preset("italian-2p").pack if c not in shown]
    known = (seen.known_hands[0], tuple(sorted(unseen[:4])))
    with pytest.raises(ValueError, match="no deal agrees"):
        sample_state(attrs.evolve(seen, known_hands=known), random.Random(0))


def test_loads_refuses_misshapen_parts() -> None:
    """Rules that are not an object, a match's deals that are not lists of
    actions, a match that goes on after it was over, a contract whose bid
    is not a bid and an observation without match totals: each a
    ValueError."""
    rules = json.loads(dumps(preset("italian-2p")))
    rules["rules"] = []
    with pytest.raises(ValueError, match="object"):
        loads(json.dumps(rules))

    match = new_match(preset("italian-2p"), seed=13)
    while not match.is_over:
        match = apply_first(match)
    document = json.loads(dumps(match))
    assert len(document["deals"]) == 1
    bad_deals: list[Any] = [[[[]]], [{}], document["deals"] * 2]
    for deals in bad_deals:
        with pytest.raises(ValueError):
            loads(json.dumps({**document, "deals": deals}))

    bastardo = new_match(preset("bastardo"), seed=2)
    from briscola import apply

    bastardo = apply(bastardo, Bid(61))
    seen = json.loads(dumps(observe(bastardo, 0)))
    assert seen["contract"]["bid"] == ["bid", 61]
    with pytest.raises(ValueError, match="bid"):
        loads(json.dumps({**seen, "contract": {**seen["contract"], "bid": ["pass"]}}))
    with pytest.raises(ValueError, match="match_totals"):
        loads(json.dumps({**seen, "match_totals": None}))


def test_demo_reports_a_tie(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo ends with the points and, on a 60-60 deal, no winner."""
    assert main(["demo", "--preset", "italian-2p", "--seed", "137"]) == 0
    text = capsys.readouterr().out
    assert "no winner" in text and text.count(": 60 points") == 2


def test_play_a_single_deal_match_drawn_and_won() -> None:
    """``--match`` with a single-deal preset: a tied deal draws the match,
    a won deal wins it."""
    assert "The match is drawn." in _play("italian-2p", 63, match=True)
    assert "You win the match." in _play("italian-2p", 0, match=True)


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


def test_simulate_counts_ties() -> None:
    """``simulate`` counts tied deals in their own column."""
    out = io.StringIO()
    assert (
        simulate("italian-2p", 40, ["random"], 13, out=out, err=io.StringIO(), progress=False) == 0
    )
    text = out.getvalue()
    assert "tie" in text.lower()


@pytest.mark.parametrize("hand_size", [12, 13, 16])
def test_big_hands_play_out(hand_size: int) -> None:
    """Hands of any allowed size play like hands of three: each play
    removes exactly the card played (from the mutation run: hands of
    thirteen cards and more take another path through the engine)."""
    rules = Rules(hand_size=hand_size)
    state = new_game(rules, seed=hand_size)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        hand = state.hands[seat]
        card_played = hand[len(hand) // 2]
        after = apply_first_play(state, card_played)
        if after.trick:
            assert after.hands[seat] == tuple(c for c in hand if c != card_played)
        state = after
    result = outcome(state)
    assert result is not None and sum(result.points) == 120


def apply_first_play(state: Any, played: Card) -> Any:
    """``state`` after ``Play(played)``."""
    from briscola import Play, apply

    return apply(state, Play(played))
