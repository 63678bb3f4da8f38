"""Matches: sequences of deals in every format (the "Matches" guide, and
"Briscola bastardo" for bastardo's points target)."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    PRESETS,
    Action,
    Auction,
    Card,
    IllegalActionError,
    MatchFormat,
    MatchState,
    Outcome,
    Pass,
    Phase,
    Rank,
    Rules,
    Suit,
    apply,
    legal_actions,
    new_game,
    new_match,
    outcome,
    preset,
)
from briscola._deal import MAX_SEED_BITS, MAX_SEED_LENGTH
from briscola._match import deal_seed
from tests.strategies import rules as varied_rules
from tests.strategies import seeds

#: A match is a few thousand actions at most (a bastardo match to 11 takes
#: some 20-60 deals of about 50 actions); a match that needs more is stuck.
ACTION_CAP = 20_000

Policy = Callable[[MatchState], Action]


def first_action(match: MatchState) -> Action:
    """Always the first legal action (in bastardo: always pass)."""
    return legal_actions(match)[0]


def random_policy(policy_seed: int) -> Policy:
    """A uniformly random legal action, reproducible from ``policy_seed``."""
    rng = random.Random(policy_seed)

    def choose(match: MatchState) -> Action:
        return rng.choice(legal_actions(match))

    return choose


def play_match(
    rules: Rules, seed: int | str, policy: Policy
) -> tuple[MatchState, list[MatchState], list[Action]]:
    """Play a match to its end; return the final match, the match as it was
    at the start of each deal, and every action applied."""
    match = new_match(rules, seed=seed)
    starts = [match]
    actions: list[Action] = []
    while not match.is_over:
        assert len(actions) < ACTION_CAP, f"match {seed} did not finish"
        action = policy(match)
        before = len(match.results)
        match = apply(match, action)
        actions.append(action)
        if len(match.results) != before and not match.is_over:
            starts.append(match)
    return match, starts, actions


def first_to(rules: Rules, target: int) -> Rules:
    """``rules`` with a first-to-``target`` match."""
    return attrs.evolve(rules, match=MatchFormat.FIRST_TO, match_target=target)


def best_of(rules: Rules, target: int) -> Rules:
    """``rules`` with a best-of-``target`` match."""
    return attrs.evolve(rules, match=MatchFormat.BEST_OF, match_target=target)


def side_wins(match: MatchState) -> list[int]:
    """Per side of the rules, the deals it won, counted from the results."""
    return [
        sum(1 for result in match.results if set(side) <= set(result.winners))
        for side in match.rules.sides
    ]


def expected_dealers(match: MatchState) -> list[int]:
    """The dealer of each deal played so far and of the one in progress, worked
    out from the results alone (Matches, "Dealers"): the last seat deals first;
    a tied deal with ``tie_same_dealer`` is dealt again by the same seat;
    otherwise (a void bastardo deal included) the deal passes to the next
    seat."""
    rules = match.rules
    dealers = [rules.players - 1]
    for result in match.results:
        same = rules.tie_same_dealer and not result.winners and rules.auction is Auction.NONE
        dealers.append(dealers[-1] if same else (dealers[-1] + 1) % rules.players)
    return dealers


MATCH_RULES = {
    "split-2p": preset("split-2p"),
    "split-4p": preset("split-4p"),
    "split-dupla-2p": preset("split-dupla-2p"),
    "italian-2p first to 2": first_to(preset("italian-2p"), 2),
    "italian-4p first to 3": first_to(preset("italian-4p"), 3),
    "italian-3p best of 3": best_of(preset("italian-3p"), 3),
    "italian-2p best of 4": best_of(preset("italian-2p"), 4),
    "bastardo": preset("bastardo"),
}


# --- the first deal and the deals after it ------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", [0, 7, 2024, "table-3"])
def test_first_deal_is_new_game(name: str, seed: int | str) -> None:
    """Matches, "Dealers" and "Seeding": the first deal of a match is dealt by
    the last seat, shuffled with random.Random(seed): the same deal as
    new_game(rules, seed=seed)."""
    rules = PRESETS[name]
    match = new_match(rules, seed=seed)
    assert match.game == new_game(rules, seed=seed)
    assert match.game.dealer == rules.players - 1
    assert match.results == ()
    assert match.totals == (0,) * rules.players
    assert not match.is_over
    assert match.seed == seed
    assert match.to_move == match.game.to_move
    assert legal_actions(match) == legal_actions(match.game)
    assert outcome(match) is None


@pytest.mark.parametrize("name", sorted(MATCH_RULES))
@pytest.mark.parametrize("seed", [1, "abc"])
def test_later_deals_reproduce_from_the_seed(name: str, seed: int | str) -> None:
    """Matches, "Seeding": deal k >= 1 is shuffled with
    random.Random(f"{seed}:{k}"); the dealer moves on one seat per deal, except
    that a tied deal with tie_same_dealer is dealt again by the same seat."""
    rules = MATCH_RULES[name]
    _, starts, _ = play_match(rules, seed, random_policy(5))
    assert len(starts) >= 2  # every format here needs two deals at least
    for k, match in enumerate(starts):
        assert len(match.results) == k
        dealer = expected_dealers(match)[-1]
        deal_seed = seed if k == 0 else f"{seed}:{k}"
        assert match.game == new_game(rules, seed=deal_seed, dealer=dealer)
        assert match.game.pack == shuffled_by_hand(rules, deal_seed)
        assert match.game.dealer == dealer
        assert match.game.history == ()


def shuffled_by_hand(rules: Rules, seed: int | str) -> tuple[Card, ...]:
    """Tutorial: deal, play, score, "Dealing": the canonical pack (suits COINS,
    CUPS, SWORDS, CLUBS, each ACE, TWO, ... KING, less the removed cards)
    shuffled with random.Random(seed).shuffle, written out without the
    engine."""
    cards = [
        Card(suit, rank) for suit in Suit for rank in Rank if Card(suit, rank) not in rules.removed
    ]
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def test_dealer_moves_one_seat_per_deal() -> None:
    """Matches, "Dealers": the deal passes to the next seat in playing order:
    in a bastardo match the dealers run 4, 0, 1, 2, 3, 4, 0, ..."""
    _, starts, _ = play_match(preset("bastardo"), 3, random_policy(3))
    assert len(starts) >= 6
    assert [m.game.dealer for m in starts] == [(4 + k) % 5 for k in range(len(starts))]


def find_match(
    rules: Rules,
    wanted: Callable[[MatchState, list[MatchState]], bool],
    policy_of: Callable[[int], Policy] = lambda seed: first_action,
    seeds: int = 300,
) -> tuple[int, MatchState, list[MatchState]]:
    """The first match seed below ``seeds`` whose play shows ``wanted``."""
    for seed in range(seeds):
        final, starts, _ = play_match(rules, seed, policy_of(seed))
        if wanted(final, starts):
            return seed, final, starts
    raise AssertionError(f"no seed below {seeds} gives the wanted situation")


def has_tie(final: MatchState, starts: list[MatchState]) -> bool:
    """Some deal of the match was tied."""
    return any(not result.winners for result in final.results)


def test_tie_same_dealer_deals_again() -> None:
    """Matches, "Ties" (Split): after a tied deal the same dealer shuffles and
    deals again; the tie counts for nobody."""
    rules = preset("split-2p")
    assert rules.tie_same_dealer
    seed, final, starts = find_match(rules, has_tie)
    ties = [k for k, result in enumerate(final.results) if not result.winners]
    for k in ties:
        if k + 1 < len(starts):
            assert starts[k + 1].game.dealer == starts[k].game.dealer
            assert starts[k + 1].game == new_game(
                rules, seed=f"{seed}:{k + 1}", dealer=starts[k].game.dealer
            )
        assert final.results[k].scores == (0, 0)
    assert sum(final.wins) == len(final.results) - len(ties)


def test_tie_without_the_option_passes_the_deal_on() -> None:
    """Matches, "Ties" (the Swedish table): a tied deal does not count, and
    without tie_same_dealer the deal passes to the next seat."""
    rules = first_to(preset("italian-2p"), 3)
    assert not rules.tie_same_dealer
    seed, final, starts = find_match(rules, has_tie)
    ties = [k for k, result in enumerate(final.results) if not result.winners]
    for k in ties:
        if k + 1 < len(starts):
            assert starts[k + 1].game.dealer == (starts[k].game.dealer + 1) % 2
    assert max(final.wins) == 3
    assert len(final.results) == sum(final.wins) + len(ties)


# --- formats ------------------------------------------------------------------


def test_single_deal_match() -> None:
    """Matches, "Formats": a single-deal match ends after its deal; the match's
    winners are the deal's."""
    rules = preset("italian-2p")
    match = new_match(rules, seed=12)
    game = match.game
    while not match.is_over:
        action = legal_actions(match)[0]
        match = apply(match, action)
        game = apply(game, action)
    assert match.game == game
    deal = outcome(game)
    result = outcome(match)
    assert deal is not None and result is not None
    assert match.results == (deal,)
    assert result.winners == deal.winners
    assert result.scores == match.totals == deal.scores


def test_single_deal_tie_is_a_drawn_match() -> None:
    """Matches, "Ties": a single deal that ties ends the match drawn: no
    winners."""
    rules = preset("italian-2p")
    _, final, _ = find_match(rules, has_tie, random_policy)
    result = outcome(final)
    assert result is not None
    assert final.is_over
    assert len(final.results) == 1
    assert result.winners == ()
    assert result.scores == (0, 0)


def is_sweep_match(final: MatchState, starts: list[MatchState]) -> bool:
    """One side won every deal that had a winner."""
    return sum(1 for wins in side_wins(final) if wins) == 1


def test_split_first_to_four_and_comb() -> None:
    """Split briškula and dupla: Split plays to four won deals; a 4-0 match (a
    češalj, "comb") is recognisable through Outcome.is_sweep."""
    rules = preset("split-2p")
    _, comb, _ = find_match(rules, is_sweep_match)
    result = outcome(comb)
    assert result is not None
    assert sorted(side_wins(comb)) == [0, 4]
    assert result.is_sweep
    _, close, _ = find_match(rules, lambda f, s: sorted(side_wins(f)) == [3, 4])
    result = outcome(close)
    assert result is not None
    assert not result.is_sweep
    assert result.winners == ((0,) if close.wins[0] == 4 else (1,))


def test_split_teams_first_to_four() -> None:
    """Split briškula and dupla: split-4p is first to four won deals by a
    pair."""
    final, _, _ = play_match(preset("split-4p"), 8, random_policy(8))
    result = outcome(final)
    assert result is not None
    wins = side_wins(final)
    assert max(wins) == 4 and sorted(wins)[0] < 4
    assert result.winners == final.rules.sides[wins.index(4)]
    assert list(result.points) == wins
    assert result.is_sweep == (min(wins) == 0)


@pytest.mark.parametrize("target", [2, 3])
@pytest.mark.parametrize("seed", range(6))
def test_seed_004_first_to_n(target: int, seed: int) -> None:
    """The Swedish table: italian-2p with a first-to-2 or first-to-3 match; a
    60-60 deal does not count. The match ends as soon as a seat has won
    ``target`` deals, not before."""
    rules = first_to(preset("italian-2p"), target)
    final, starts, _ = play_match(rules, seed, random_policy(seed))
    for match in starts:
        assert max(match.wins) < target
    assert max(final.wins) == target and min(final.wins) < target
    ties = sum(1 for result in final.results if not result.winners)
    assert len(final.results) == sum(final.wins) + ties
    result = outcome(final)
    assert result is not None
    assert result.winners == (final.wins.index(target),)


def check_best_of(match: MatchState) -> None:
    """Matches, "Formats" (best of N): ties are not counted; the match ends
    when a side has won more than N/2 counted deals, or after N counted
    deals."""
    target = match.rules.match_target
    wins = side_wins(match)
    counted = sum(1 for result in match.results if result.winners)
    ends = 2 * max(wins) > target or counted >= target
    assert match.is_over == ends, (wins, counted)


@pytest.mark.parametrize("name", ["italian-2p", "italian-3p", "italian-4p"])
@pytest.mark.parametrize("target", [3, 4])
def test_best_of(name: str, target: int) -> None:
    """Matches, "Formats": best of N, checked after every deal of several
    matches; the winner is the side with most wins, and an even split is a
    draw."""
    rules = best_of(preset(name), target)
    for seed in range(8):
        final, starts, actions = play_match(rules, seed, random_policy(seed))
        for match in starts[1:]:
            check_best_of(match)
        check_best_of(final)
        wins = side_wins(final)
        result = outcome(final)
        assert result is not None
        leaders = [side for side, w in zip(rules.sides, wins) if w == max(wins)]
        assert result.winners == (leaders[0] if len(leaders) == 1 else ())
        assert list(result.points) == wins


def test_best_of_four_can_end_drawn() -> None:
    """Matches, "Formats": best of 4 ends after four counted deals; at 2-2 it
    is drawn."""
    rules = best_of(preset("italian-2p"), 4)
    _, final, _ = find_match(rules, lambda f, s: side_wins(f) == [2, 2], random_policy)
    result = outcome(final)
    assert result is not None
    assert result.winners == ()
    assert sum(1 for r in final.results if r.winners) == 4


def test_best_of_ties_are_not_counted() -> None:
    """Matches, "Ties": in best of N, tied deals are not counted: a best-of-3
    match that went 2-1 with a tie along the way lasts four deals, and was not
    over after the third."""
    rules = best_of(preset("italian-2p"), 3)

    def two_one_with_tie(final: MatchState, starts: list[MatchState]) -> bool:
        return has_tie(final, starts) and sorted(side_wins(final)) == [1, 2]

    _, final, starts = find_match(rules, two_one_with_tie, random_policy)
    assert len(final.results) == 4
    assert len(starts) == 4 and not starts[3].is_over
    assert sum(1 for r in final.results if not r.winners) == 1


def check_points_target(match: MatchState) -> None:
    """Briscola bastardo, "Choices the library makes" (the match): a
    points-target match ends after the deal in which a seat's total reaches the
    target, if one seat then leads alone."""
    totals = match.totals
    best = max(totals)
    ends = best >= match.rules.match_target and totals.count(best) == 1
    assert match.is_over == ends, totals


@pytest.mark.parametrize("seed", range(8))
def test_bastardo_points_target(seed: int) -> None:
    """Matches, "A points target": bastardo plays deals until a seat's total
    reaches 11 with that seat alone in front; totals are zero-sum after every
    deal."""
    rules = preset("bastardo")
    final, starts, _ = play_match(rules, seed, random_policy(seed))
    for match in starts[1:] + [final]:
        check_points_target(match)
        assert sum(match.totals) == 0
    result = outcome(final)
    assert result is not None
    leader = final.totals.index(max(final.totals))
    assert result.winners == (leader,)
    assert result.scores == final.totals
    assert result.points == final.totals


def test_bastardo_tie_at_the_top_plays_on() -> None:
    """Briscola bastardo, "Choices the library makes" (the match): when a deal
    brings a seat to the target but another seat has the same total, nobody
    leads alone and play goes on."""
    rules = preset("bastardo")

    def tied_at_top(final: MatchState, starts: list[MatchState]) -> bool:
        for match in starts[1:]:
            best = max(match.totals)
            if best >= 11 and match.totals.count(best) > 1:
                return True
        return False

    _, final, starts = find_match(rules, tied_at_top, random_policy)
    for match in starts[1:] + [final]:
        check_points_target(match)


def test_bastardo_void_deal_in_a_match() -> None:
    """Briscola bastardo, "Choices the library makes": if all five pass, the
    deal is void: no score, and the next dealer deals (deal 1 of the match,
    from seed "s:1")."""
    rules = preset("bastardo")
    match = new_match(rules, seed=21)
    for _ in range(5):
        match = apply(match, Pass())
    assert not match.is_over
    assert len(match.results) == 1
    assert match.results[0].winners == ()
    assert match.results[0].scores == (0,) * 5
    assert match.totals == (0,) * 5
    assert match.game == new_game(rules, seed="21:1", dealer=0)
    assert match.game.phase is Phase.BIDDING


def test_bastardo_void_deals_never_end_the_match() -> None:
    """Briscola bastardo, "Choices the library makes": void deals score
    nothing, so a table that always passes never reaches the target; the dealer
    still moves on each deal."""
    rules = preset("bastardo")
    match = new_match(rules, seed=2)
    for k in range(12):
        assert match.game.dealer == (4 + k) % 5
        for _ in range(5):
            match = apply(match, Pass())
    assert not match.is_over
    assert match.totals == (0,) * 5
    assert len(match.results) == 12


def test_bastardo_lower_target() -> None:
    """Briscola bastardo: the target is agreed (Rules.match_target); the same
    ending rule applies at any target."""
    rules = attrs.evolve(preset("bastardo"), match_target=3)
    for seed in range(10):
        final, starts, _ = play_match(rules, seed, random_policy(seed))
        for match in starts[1:] + [final]:
            check_points_target(match)


def test_bastardo_void_deal_passes_on_even_with_tie_same_dealer() -> None:
    """Matches, "Dealers": a void deal is followed by the next dealer's deal;
    it is not a tied deal (no card was played), so tie_same_dealer does not
    keep the dealer."""
    rules = attrs.evolve(preset("bastardo"), tie_same_dealer=True)
    match = new_match(rules, seed=21)
    for _ in range(5):
        match = apply(match, Pass())
    assert match.game == new_game(rules, seed="21:1", dealer=0)


def test_single_deal_bastardo_void_deal_is_dealt_again() -> None:
    """Briscola bastardo, "Choices the library makes": when all five pass, the
    deal is void, and the next dealer deals. A single-deal bastardo match (an
    option) therefore goes on to the next dealer's deal after a void deal: a
    void deal is no tie, so it does not end the match drawn."""
    rules = attrs.evolve(preset("bastardo"), match=MatchFormat.SINGLE)
    match = new_match(rules, seed=21)
    for _ in range(5):
        match = apply(match, Pass())
    assert match.results[0].scores == (0,) * 5
    assert not match.is_over
    assert match.game == new_game(rules, seed="21:1", dealer=0)
    assert outcome(match) is None


def test_match_without_seed_keeps_the_seed_it_drew() -> None:
    """Matches, "Seeding": a match is reproducible from its seed; without one
    it draws a seed at random and keeps it."""
    rules = preset("split-2p")
    match = new_match(rules)
    assert isinstance(match.seed, int)
    assert new_match(rules, seed=match.seed) == match


# --- the API on matches ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(MATCH_RULES))
def test_totals_agree_with_results(name: str) -> None:
    """Matches, "Formats": totals are, per seat, the sum of the finished deals'
    scores; each result is the outcome of the deal played."""
    rules = MATCH_RULES[name]
    match = new_match(rules, seed=4)
    policy = random_policy(4)
    while not match.is_over:
        action = policy(match)
        after = apply(match.game, action)
        match = apply(match, action)
        if after.is_over:
            assert match.results[-1] == outcome(after)
        assert match.totals == tuple(
            sum(result.scores[seat] for result in match.results) for seat in range(rules.players)
        )
        if rules.auction is not Auction.NONE:
            assert sum(match.totals) == 0


@pytest.mark.parametrize("name", sorted(MATCH_RULES))
def test_same_seed_same_actions_same_match(name: str) -> None:
    """Testing, "Tests and properties" (purity and replay): the same seed and
    the same actions give equal matches; apply never changes the match it is
    given."""
    rules = MATCH_RULES[name]
    final, _, actions = play_match(rules, 9, random_policy(9))
    match = new_match(rules, seed=9)
    for action in actions:
        before = attrs.evolve(match)
        after = apply(match, action)
        assert match == before
        match = after
    assert match == final


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_random_matches_finish(name: str) -> None:
    """Matches: seeded random matches of every preset finish within a generous
    action cap (play_match asserts the cap)."""
    rules = PRESETS[name]
    for seed in range(3):
        final, _, actions = play_match(rules, seed, random_policy(seed))
        assert final.is_over
        assert len(actions) < ACTION_CAP


def test_match_api_before_and_after_the_end() -> None:
    """Matches: legal_actions, apply and outcome take a MatchState; outcome is
    None until the match is over, then gives winners, scores (the totals) and
    points; an over match has no legal action."""
    rules = preset("split-2p")
    match = new_match(rules, seed=30)
    policy = random_policy(30)
    while not match.is_over:
        assert outcome(match) is None
        assert match.to_move == match.game.to_move
        actions = legal_actions(match)
        assert actions and actions == legal_actions(match.game)
        match = apply(match, policy(match))
        assert isinstance(match, MatchState)
    assert match.to_move is None
    assert legal_actions(match) == ()
    result = outcome(match)
    assert result is not None
    assert result.scores == match.totals
    assert result.sides == rules.sides
    assert list(result.points) == side_wins(match)
    assert result.winners in rules.sides
    with pytest.raises(IllegalActionError):
        apply(match, legal_actions(new_game(rules, seed=0))[0])


def test_illegal_action_leaves_the_match_unchanged() -> None:
    """Reference, "Playing": an illegal action on a match raises
    IllegalActionError and the match is unchanged and still usable."""
    match = new_match(preset("bastardo"), seed=6)
    copy = attrs.evolve(match)
    with pytest.raises(IllegalActionError):
        apply(match, legal_actions(new_game(preset("italian-2p"), seed=0))[0])
    assert match == copy
    assert legal_actions(match)[0] == Pass()


# --- properties ---------------------------------------------------------------

FORMATS = st.one_of(
    st.tuples(st.just(MatchFormat.SINGLE), st.just(1)),
    st.tuples(st.just(MatchFormat.FIRST_TO), st.integers(1, 4)),
    st.tuples(st.just(MatchFormat.BEST_OF), st.integers(1, 5)),
    st.tuples(st.just(MatchFormat.POINTS_TARGET), st.integers(1, 4)),
)


BASTARDO_FORMATS = st.one_of(
    st.tuples(st.just(MatchFormat.SINGLE), st.just(1)),
    st.tuples(st.just(MatchFormat.POINTS_TARGET), st.integers(1, 11)),
)


@st.composite
def match_rules(draw: st.DrawFn) -> Rules:
    """Any preset or variation of one, with a drawn match format (bastardo,
    whose sides change every deal, with the formats it allows: a points target,
    or one deal)."""
    base = draw(varied_rules())
    fmt, target = draw(FORMATS if base.auction is Auction.NONE else BASTARDO_FORMATS)
    same = draw(st.booleans())
    return attrs.evolve(base, match=fmt, match_target=target, tie_same_dealer=same)


def is_void(rules: Rules, result: Outcome) -> bool:
    """A void bastardo deal: every seat passed (bastardo never ties)."""
    return rules.auction is not Auction.NONE and not result.winners


def format_says_over(match: MatchState) -> bool | None:
    """Whether the match formats (Matches, "Formats") end the match after the
    deals in its results; ``None`` for a single-deal match after a void
    bastardo deal, which
    :func:`test_single_deal_bastardo_void_deal_is_dealt_again` pins alone."""
    rules = match.rules
    wins = side_wins(match)
    target = rules.match_target
    if rules.match is MatchFormat.SINGLE:
        if any(is_void(rules, result) for result in match.results):
            return None
        return True
    if rules.match is MatchFormat.FIRST_TO:
        return max(wins) >= target
    if rules.match is MatchFormat.BEST_OF:
        counted = sum(1 for result in match.results if result.winners)
        return 2 * max(wins) > target or counted >= target
    values = [max(match.totals[seat] for seat in side) for side in rules.sides]
    return max(values) >= target and values.count(max(values)) == 1


@given(match_rules(), seeds, st.integers(0, 2**16))
def test_property_match_invariants(rules: Rules, seed: int, policy_seed: int) -> None:
    """Matches: in every format, every deal is reproducible from the seed and
    the dealer rule, totals are the sum of the results, the match ends exactly
    when its format says, and outcome agrees."""
    final, starts, _ = play_match(rules, seed, random_policy(policy_seed))
    for k, match in enumerate(starts):
        dealer = expected_dealers(match)[-1]
        assert match.game == new_game(rules, seed=seed if k == 0 else f"{seed}:{k}", dealer=dealer)
    for match in starts[1:] + [final]:
        assert match.totals == tuple(
            sum(r.scores[seat] for r in match.results) for seat in range(rules.players)
        )
        if rules.auction is not Auction.NONE:
            assert sum(match.totals) == 0
        over = format_says_over(match)
        if over is not None:
            assert match.is_over == over
    result = outcome(final)
    assert result is not None
    assert result.scores == final.totals
    assert result.sides == rules.sides
    if rules.match is MatchFormat.SINGLE:
        # The match is won by whoever won its deal (in bastardo, the
        # declarer's side or the defenders).
        assert result.winners == final.results[-1].winners
    else:
        assert result.winners == () or result.winners in rules.sides


def test_a_match_deals_its_first_deal_with_its_own_seed() -> None:
    """The first deal of a match seeded with ``s`` is the deal
    ``new_game`` makes with seed ``s``; later deals have their own seeds."""
    rules = preset("italian-2p")
    match = new_match(rules, seed=42)
    assert match.game.pack == new_game(rules, seed=42).pack
    assert match.game.pack != new_game(rules, seed="42:1").pack
    assert [deal_seed(42, k) for k in range(3)] == [42, "42:1", "42:2"]


def test_new_match_bounds_its_seed_and_draws_a_wide_one() -> None:
    """A match's seed is bounded as a deal's is (a huge int or text is
    refused before any deal), and without a seed one is drawn from 2**63
    values, so that matches do not repeat."""
    from briscola import new_match

    rules = preset("italian-2p")
    with pytest.raises(ValueError, match=f"at most {MAX_SEED_BITS} bits"):
        new_match(rules, seed=2 ** (MAX_SEED_BITS + 1))
    with pytest.raises(ValueError, match=f"at most {MAX_SEED_LENGTH} characters"):
        new_match(rules, seed="x" * (MAX_SEED_LENGTH + 1))
    seeds = [new_match(rules).seed for _ in range(10)]
    assert all(isinstance(seed, int) and 0 <= seed < 2**63 for seed in seeds)
    assert max(int(seed) for seed in seeds) >= 2**32  # all ten below: one chance in 2**310
