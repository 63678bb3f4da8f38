"""Behaviours of the engine, the sampler and the PettingZoo environment
that no other test asserted (issue 17: the branches of ``briscola/`` still
untaken after the merges).

Each test asserts what a user sees through the public API, or (for the
sampler) the reason it gives for refusing a forged observation.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from briscola import (
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
    observe,
    preset,
    sample_state,
)
from briscola._deal import MAX_SEED_BITS, MAX_SEED_LENGTH

# -- new_game's seeds and decks ----------------------------------------------------


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


# -- the sampler's reasons for refusing a forged observation ------------------------


def _refused(seen: Observation, why: str) -> None:
    with pytest.raises(ValueError, match=f"no deal agrees with the observation: {why}"):
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
    _refused(
        attrs.evolve(seen, turned_card=Card(Suit.COINS, Rank.ACE)),
        "nothing is turned before the cut or knock",
    )


def test_sampler_refuses_an_exchange_without_a_face_up_card() -> None:
    """Bastardo deals the whole pack: no face-up card to exchange."""
    state = new_game(preset("bastardo"), seed=1)
    seen = observe(state, 0)
    assert state.to_move is not None
    forged = attrs.evolve(seen, history=(SwapTrump(seen.hand[0]),), actors=(state.to_move,))
    _refused(forged, "an exchange needs a face-up trump card")


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
    _refused(forged, f"seat {mover} cannot have held the {face_up}")


def test_sampler_refuses_more_plays_than_cards_dealt() -> None:
    """Bastardo deals eight cards each and nothing more: a ninth card
    played by the same seat cannot be."""
    seen = observe(new_game(preset("bastardo"), seed=1), 0)
    cards = seen.unseen[:9]
    forged = attrs.evolve(seen, history=tuple(Play(c) for c in cards), actors=(1,) * 9)
    _refused(forged, f"seat 1 has no card left that could be the {cards[8]}")


def test_sampler_refuses_an_own_play_before_the_card_arrived() -> None:
    """The seat's own first play must be of a card it was dealt; one it
    still holds besides a full hand was never received."""
    state = new_game(preset("italian-2p"), seed=3)
    mover = state.to_move
    assert mover is not None
    seen = observe(state, mover)
    extra = seen.unseen[0]
    forged = attrs.evolve(seen, history=(Play(extra),), actors=(mover,), trick=((mover, extra),))
    _refused(forged, f"the seat played the {extra} before it could hold it")


def test_sampler_checks_the_face_up_card_the_seat_drew() -> None:
    """Everyone saw the seat take the face-up card in the last draw: its
    hand must hold it, in the order received (last)."""
    start = new_game(preset("italian-2p"), seed=3)
    face_up = start.trump_card
    state = _until_stock_empty(3)
    holder = next(seat for seat, hand in enumerate(state.hands) if face_up in hand)
    seen = observe(state, holder)
    assert sample_state(seen, random.Random(0)).hands[holder] == seen.hand

    def with_hand(hand: tuple[Card, ...]) -> Observation:
        known = list(seen.known_hands)
        known[holder] = hand
        return attrs.evolve(seen, hand=hand, known_hands=tuple(known))

    reordered = (face_up,) + tuple(c for c in seen.hand if c is not face_up)
    _refused(with_hand(reordered), "the seat's hand is not in the order received")  # type: ignore[arg-type]
    other = seen.unseen[0]
    swapped = tuple(other if c is face_up else c for c in seen.hand)
    _refused(with_hand(swapped), "the seat's hand lacks a card everyone saw it take")


# -- PettingZoo: the order-enforcing wrapper and human rendering -------------------

pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from briscola.pettingzoo import BriscolaAECEnv, env  # noqa: E402


def test_pettingzoo_refuses_use_before_reset() -> None:
    """As PettingZoo's own wrapper does: stepping, observing or iterating
    before ``reset`` is an error, and so is reading what a reset sets."""
    game = env()
    for name in ("agents", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(game, name)
    with pytest.raises(AssertionError, match="before step"):
        game.step(0)
    with pytest.raises(AssertionError, match="before observe"):
        game.last()
    with pytest.raises(AssertionError, match="before agent_iter"):
        game.agent_iter()
    game.reset(seed=1)
    assert game.agents == ["player_0", "player_1"]
    assert game.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert not any(game.terminations.values()) and not any(game.truncations.values())
    assert "action_mask" in game.infos[game.agent_selection]


def test_pettingzoo_agent_iter_needs_a_step_in_between() -> None:
    """The agent iterator refuses to go on without a step, and stops after
    ``max_iter`` agents."""
    game = env()
    game.reset(seed=2)
    agents = iter(game.agent_iter())
    assert next(agents) == game.agent_selection
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)
    game.reset(seed=2)
    moved = []
    for agent in game.agent_iter(max_iter=3):
        moved.append(agent)
        game.step(int(np.flatnonzero(game.last()[0]["action_mask"])[0]))
    assert len(moved) == 3


def test_pettingzoo_human_rendering_prints_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    """``render_mode="human"`` prints the table at the reset, after each
    action and at the end of the episode."""
    game = BriscolaAECEnv("italian-2p", render_mode="human")
    game.reset(seed=4)
    first = capsys.readouterr().out
    assert "Trump" in first or "trump" in first
    steps = 0
    while game.agents and not all(game.terminations.values()):
        mask = game.infos[game.agent_selection]["action_mask"]
        game.step(int(np.flatnonzero(mask)[0]))
        steps += 1
    printed = capsys.readouterr().out
    assert steps == 40 and printed.count("\n") > steps
    assert all(game.terminations.values())


def test_pettingzoo_reset_to_a_finished_deal() -> None:
    """Starting from a deal already over: every agent is terminated at
    once and no agent's mask allows an action."""
    state = new_game(preset("italian-2p"), seed=6)
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    game = BriscolaAECEnv("italian-2p")
    game.reset(options={"state": state})
    assert all(game.terminations.values())
    assert all(not info["action_mask"].any() for info in game.infos.values())
    playing = BriscolaAECEnv("italian-2p")
    playing.reset(seed=6)
    assert playing.infos[playing.agent_selection]["action_mask"].sum() == 3


# -- trick_winner's refusals and the bounded caches of rules -------------------------


def test_trick_winner_refuses_what_is_not_a_trick() -> None:
    """Wrong rules, trump or trick items are refused with their reason."""
    from briscola import trick_winner

    rules = preset("italian-2p")
    ace = Card(Suit.CUPS, Rank.ACE)
    with pytest.raises(TypeError, match="takes Rules, not str"):
        trick_winner("italian-2p", None, [(0, ace)])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the trump is a Suit or None, not 'cups'"):
        trick_winner(rules, "cups", [(0, ace)])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="an empty trick has no winner"):
        trick_winner(rules, None, [])
    for bad in ([(0, ace, 1)], [(True, ace)], [(0, "ace")], [ace]):
        with pytest.raises(ValueError, match=r"a trick holds \(seat, card\) pairs"):
            trick_winner(rules, None, bad)  # type: ignore[arg-type]
    assert trick_winner(rules, None, [(1, Card(Suit.CUPS, Rank.TWO)), (0, ace)]) == 0


def test_the_tables_of_many_rules_stay_bounded() -> None:
    """The engine keeps compiled tables (trick order, bastardo's auction
    ladder) per rules; with hundreds of different rules the caches are
    emptied and refilled instead of growing, and play goes on correctly."""
    from briscola import _auction, _trick

    base = preset("bastardo")
    calling = _to_the_call(base, 0)
    calls = legal_actions(calling)
    many = [attrs.evolve(base, match_target=1 + k % 200, min_bid=61 + k // 200) for k in range(300)]
    for k, rules in enumerate(many):
        assert legal_actions(new_game(rules, seed=k))[1] == Bid(rules.min_bid)
    assert len(_trick._TABLES) <= 257 and len(_auction._LADDERS) <= 257
    state = new_game(many[0], seed=3)
    assert legal_actions(state) == legal_actions(new_game(base, seed=3))
    # A deal begun before the caches were emptied plays on: its ladder is
    # compiled again at the call.
    assert legal_actions(calling) == calls and len(calls) == 40


def _to_the_call(rules: Any, bid_choice: int) -> GameState:
    """A deal of ``rules`` (an auction) where the first bidder makes its
    ``bid_choice``-th bid and everyone else passes: the declarer to call."""
    state = new_game(rules, seed=1)
    while not isinstance(legal_actions(state)[0], Call):
        legal = legal_actions(state)
        bids = [action for action in legal if isinstance(action, Bid)]
        first = state.contract is None or state.contract.bid is None
        state = apply(state, bids[bid_choice] if first else legal[0])
    return state


@pytest.mark.parametrize(("bid_choice", "words"), [(0, "calls an ace"), (9, "calls a two")])
def test_chiamata_refuses_a_call_of_another_rank(bid_choice: int, words: str) -> None:
    """In the chiamata the declarer calls a card of the rank bid; another
    card is refused, saying which rank the contract calls."""
    from briscola import IllegalActionError

    state = _to_the_call(preset("chiamata"), bid_choice)
    assert state.contract is not None and state.contract.bid is not None
    rank = state.contract.bid.rank
    assert rank is not None and all(a.card.rank is rank for a in legal_actions(state))  # type: ignore[union-attr]
    other = Card(Suit.COINS, Rank.KING)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Call(other))
    assert (
        str(refused.value) == f"seat {state.to_move} cannot call the {other}: the contract {words}"
    )


def test_apply_names_what_is_not_an_action() -> None:
    """Something that is no action at all is refused as such."""
    from briscola import IllegalActionError, is_legal

    state = new_game(preset("italian-2p"), seed=1)
    with pytest.raises(IllegalActionError, match="42 is not an action"):
        apply(state, 42)  # type: ignore[call-overload]
    assert not is_legal(state, "play")  # type: ignore[arg-type]


# -- what the sampled mutation run found untested (docs/testing.rst) ------------------


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (True, "a boolean"),
        (None, "null"),
        (1.5, "the number 1.5"),
        ("x", "a string"),
        ([1], "an array"),
    ],
)
def test_loads_names_the_kind_of_a_wrong_value(value: object, kind: str) -> None:
    """A value of the wrong JSON kind is named as such in the message."""
    import json

    from briscola import dumps, loads

    document = json.loads(dumps(new_game(preset("italian-2p"), seed=1)))
    document["rules"] = value
    with pytest.raises(ValueError, match=f"^game.rules: expected an object, found {kind}$"):
        loads(json.dumps(document))


def test_loads_says_where_a_deck_is_wrong() -> None:
    """A saved deal whose pack lacks a card: the message starts with where
    (``game``) and says which card is missing."""
    import json

    from briscola import dumps, loads

    state = new_game(preset("italian-2p"), seed=1)
    document = json.loads(dumps(state))
    document["pack"] = document["pack"][:-1]
    with pytest.raises(ValueError) as refused:
        loads(json.dumps(document))
    assert str(refused.value) == (
        f"game: the deck must be an order of the rules' 40 cards (it has 39; missing {state.pack[-1]})"
    )


def test_final_outcome_of_deals_and_matches() -> None:
    """``final_outcome`` is ``outcome`` without ``None``: the same result
    for a finished deal or match, a ValueError naming which is unfinished."""
    from briscola import final_outcome, new_match, outcome

    state = new_game(preset("italian-2p"), seed=5)
    with pytest.raises(ValueError, match="^the deal is not over: it has no outcome yet$"):
        final_outcome(state)
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    assert final_outcome(state) == outcome(state) and sum(final_outcome(state).points) == 120
    match = new_match(preset("italian-2p"), seed=5)
    with pytest.raises(ValueError, match="^the match is not over: it has no outcome yet$"):
        final_outcome(match)
    while not match.is_over:
        match = apply(match, legal_actions(match)[0])
    assert final_outcome(match) == outcome(match)


def test_a_long_non_action_is_cut_in_the_message() -> None:
    """The message never echoes unbounded input: the repr of what is not an
    action is cut to 80 characters, the cut shown by ``...``."""
    from briscola import IllegalActionError

    state = new_game(preset("italian-2p"), seed=1)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, "x" * 200)  # type: ignore[call-overload]
    assert str(refused.value) == "'" + "x" * 76 + "... is not an action"
    with pytest.raises(IllegalActionError) as refused:
        apply(state, "x" * 78)  # type: ignore[call-overload]
    assert str(refused.value) == "'" + "x" * 78 + "' is not an action"


@pytest.mark.parametrize(
    ("kind", "field", "value", "message"),
    [
        ("game", "zz", 1, "game: unknown key 'aa', 'zz'"),
        ("game", "history", 5, "game.history: expected an array, found the number 5"),
        ("observation", "seat", 5, "observation.seat: expected an int from 0 to 1, found 5"),
        ("observation", "to_move", 9, "observation.to_move: expected an int from 0 to 1, found 9"),
        (
            "observation",
            "actors",
            [7],
            "observation.actors[0]: expected an int from 0 to 1, found 7",
        ),
        ("rules", "colour", 1, "rules: unknown rules field 'colour'"),
    ],
)
def test_loads_says_where_a_value_is_wrong(
    kind: str, field: str, value: object, message: str
) -> None:
    """Every refusal of ``loads`` starts with the path of the wrong value
    in the document, then says what was expected and what was found."""
    import json

    from briscola import dumps, loads

    state = new_game(preset("italian-2p"), seed=1)
    saved: Any = {"game": state, "observation": observe(state, 0), "rules": state.rules}[kind]
    document = json.loads(dumps(saved))
    if kind == "rules":
        document["rules"][field] = value
    else:
        document[field] = value
    if field == "zz":
        document["aa"] = 2
    with pytest.raises(ValueError) as refused:
        loads(json.dumps(document))
    assert str(refused.value) == message


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


def test_loads_names_the_kind_of_document_expected() -> None:
    """``loads(text, expect)`` refuses another kind of document, naming
    both kinds in the words of the format."""
    from briscola import MatchState, dumps, loads, new_match

    rules = preset("italian-2p")
    with pytest.raises(
        ValueError, match="^expected a saved game document, found a rules document$"
    ):
        loads(dumps(rules), GameState)
    with pytest.raises(
        ValueError, match="^expected a saved match document, found a game document$"
    ):
        loads(dumps(new_game(rules, seed=1)), MatchState)
    with pytest.raises(ValueError, match="^expected a saved observation document, found a match"):
        loads(dumps(new_match(rules, seed=1)), Observation)


def test_the_auction_from_cold_caches() -> None:
    """The auction's records of who has passed are worked out on first
    use: emptied, every bid and pass gives the same deal as before."""
    from briscola import _auction

    def auction(state: GameState) -> GameState:
        bids = 0
        while not isinstance(legal_actions(state)[0], Call):
            legal = legal_actions(state)
            state = apply(state, legal[1] if bids < 3 else Pass())
            bids += 1
        return state

    start = new_game(preset("bastardo"), seed=4)
    warm = auction(start)
    _auction._ROUNDS.clear()
    assert auction(start) == warm
    _auction._ROUNDS.clear()
    passes = start
    for _ in range(4):
        passes = apply(passes, Pass())
    assert passes.contract is not None and passes.contract.passed.count(True) == 4


def test_sampler_refuses_a_redraw_that_could_not_be() -> None:
    """With the ace/three redraw, only cards of those ranks are buried and
    the card left turned is of another rank."""
    why = "the buried cards, and only they, have redrawn ranks"
    rules = preset("finnish-2p")
    seen = observe(new_game(rules, seed=1), 0)
    assert not seen.buried and seen.turned_card is not None
    ace = next(card for card in seen.unseen if card.rank is Rank.ACE)
    _refused(attrs.evolve(seen, turned_card=ace, trump=ace.suit), why)
    redrawn = observe(new_game(rules, seed=4), 0)
    assert [card.rank for card in redrawn.buried] == [Rank.THREE]
    assert observe(sample_state(redrawn, random.Random(0)), 0) == redrawn
    two = next(card for card in redrawn.unseen if card.rank is Rank.TWO)
    _refused(attrs.evolve(redrawn, buried=(two,)), why)


def test_sampler_refuses_split_play_before_the_cut() -> None:
    """Split's deal begins with the cut or the knock: a history that
    begins with a card played is refused."""
    state = new_game(preset("split-2p"), seed=5)
    for _ in range(2):
        state = apply(state, legal_actions(state)[0])
    seen = observe(state, 0)
    assert type(seen.history[0]).__name__ == "Cut"
    forged = attrs.evolve(seen, history=seen.history[1:], actors=seen.actors[1:])
    _refused(forged, "Split dealing starts with a cut or a knock")


def test_rules_refusals_word_for_word() -> None:
    """Rules that cannot be played are refused with a message naming the
    field or the reason: a removed card named twice, and a redraw that
    could bury cards for ever (with two hands of 12 of 40 cards, 16 cards
    stay undealt, too few for the 8 aces and threes); a card may be worth
    nothing, not less."""
    from briscola import Rules

    def refused(**changes: Any) -> str:
        with pytest.raises(ValueError) as error:
            attrs.evolve(preset(changes.pop("base")), **changes)
        return str(error.value)

    two = Card(Suit.COINS, Rank.TWO)
    assert refused(base="italian-3p", removed=(two, two)) == "Rules.removed names a card twice"
    assert refused(base="finnish-2p", hand_size=12) == (
        "16 undealt cards are too few for the redraw of 8 cards: it could bury cards for ever"
    )
    assert isinstance(attrs.evolve(preset("finnish-2p"), hand_size=10), Rules)
    base = preset("italian-2p")
    nothing = tuple((rank, 0 if rank is Rank.JACK else p) for rank, p in base.card_points)
    worthless = attrs.evolve(base, card_points=nothing)
    assert worthless.total_points == 112 and Rank.JACK not in dict(worthless.card_points)
    negative = tuple((rank, -1 if rank is Rank.JACK else p) for rank, p in base.card_points)
    assert refused(base="italian-2p", card_points=negative) == (
        "Rules.card_points must be whole numbers from 0 to 100"
    )


@pytest.mark.parametrize("name", ["split-2p", "split-dupla-4p"])
def test_split_deal_before_the_cut_has_taken_nothing(name: str) -> None:
    """Before the cut or knock nobody holds a card or has won a trick, and
    every seat sees it so."""
    state = new_game(preset(name), seed=1)
    n = state.rules.players
    assert state.tricks_won == (0,) * n and state.piles == ((),) * n
    assert state.hands == ((),) * n and len(state.stock) == 40
    assert observe(state, 0).tricks_won == (0,) * n
