"""Short representations (Pictures of the table, "In a REPL"): ``repr()`` of
the rules is Python that builds them, ``repr()`` of a deal, an observation
and a match one line saying what it is, and a notebook's HTML shows the
summary, a table and the picture; equality, pickling and saving do not
change with them."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import briscola
from briscola import (
    PRESETS,
    Card,
    GameState,
    Rank,
    Rules,
    Suit,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    new_match,
    observe,
    preset,
)
from briscola.names import french_symbol
from tests.strategies import reachable_states
from tests.strategies import rules as varied_rules

NAMESPACE = {"attrs": attrs, **{name: getattr(briscola, name) for name in briscola.__all__}}
"""What a session has after ``import attrs`` and ``from briscola import *``."""


def play_out(state: GameState) -> GameState:
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    return state


@pytest.mark.parametrize("name", PRESETS)
def test_a_presets_rules_show_as_the_preset(name: str) -> None:
    """Pictures of the table, "In a REPL": a preset's rules show as the call
    that gives them."""
    assert repr(PRESETS[name]) == f"preset({name!r})"
    assert eval(repr(PRESETS[name]), NAMESPACE) == PRESETS[name]


def test_other_rules_show_the_fields_that_differ() -> None:
    """Pictures of the table, "In a REPL": rules that match no preset show
    the fields that differ from the closest preset, or from the defaults."""
    assert repr(Rules(hand_size=4)) == "Rules(hand_size=4)"
    three = Rules(players=3, removed=(Card(Suit.CLUBS, Rank.TWO),), hand_size=4)
    assert repr(three) == "attrs.evolve(preset('italian-3p'), hand_size=4)"
    split = attrs.evolve(preset("split-4p"), match_target=2)
    assert repr(split) == "attrs.evolve(preset('split-4p'), match_target=2)"


@given(varied_rules())
def test_a_rules_repr_builds_equal_rules(rules: Rules) -> None:
    """Pictures of the table, "In a REPL": every rules' repr is Python that
    builds equal rules."""
    assert eval(repr(rules), NAMESPACE) == rules


def test_a_deal_shows_its_preset_trick_turn_and_points() -> None:
    """Pictures of the table, "In a REPL": a deal in one line: its rules, the
    trick, the seat to move and the sides' points; at the end the result."""
    state = new_game(preset("italian-2p"), seed=1)
    assert repr(state) == "<GameState italian-2p: trick 1 of 20, seat 0 to move, points 0-0>"
    for _ in range(6):
        state = apply(state, legal_actions(state)[0])
    assert sum(state.tricks_won) == 3
    taken = [sum(map(state.rules.points_of, pile)) for pile in state.piles]
    assert repr(state) == (
        f"<GameState italian-2p: trick 4 of 20, seat {state.to_move} to move, "
        f"points {taken[0]}-{taken[1]}>"
    )
    over = play_out(state)
    result = briscola.final_outcome(over)
    points = "-".join(map(str, result.points))
    (winner,) = result.winners
    assert repr(over) == (
        f"<GameState italian-2p: over after 20 tricks, points {points}, seat {winner} won>"
    )
    assert len(repr(over)) < 80 and str(over) == briscola.text(over)


def test_the_phases_before_play_say_who_is_to_act() -> None:
    """Pictures of the table, "In a REPL": Split's cut or knock, bastardo's
    auction and call name the seat to act."""
    assert repr(new_game(preset("split-2p"), seed=2)) == (
        "<GameState split-2p: seat 0 to cut or knock>"
    )
    state = apply(new_game(preset("bastardo"), seed=1), briscola.Bid(70))
    assert repr(state) == "<GameState bastardo: auction, seat 1 to bid, high bid 70 by seat 0>"
    custom = new_game(attrs.evolve(preset("italian-2p"), hand_size=5), seed=1)
    assert repr(custom).startswith("<GameState italian-2p with hand_size=5: trick 1 of 20,")


def test_an_observation_shows_its_seat_and_hand() -> None:
    """Pictures of the table, "In a REPL": an observation names its seat and
    shows its own hand, nothing hidden."""
    state = new_game(preset("italian-4p"), seed=8)
    seen = observe(state, 2)
    hand = " ".join(map(french_symbol, seen.hand))
    assert repr(seen) == (
        f"<Observation italian-4p, seat 2: trick 1 of 10, seat 0 to move, points 0-0, hand {hand}>"
    )


@given(reachable_states(varied_rules(vary=False)), st.data())
def test_an_observations_repr_and_html_name_no_hidden_card(
    state: GameState, data: st.DataObject
) -> None:
    """Observations and search, "Nothing else": an observation's repr and
    HTML name its own hand's cards and no card the seat cannot place."""
    seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
    seen = observe(state, seat)
    summary, page = repr(seen), seen._repr_html_()
    table = page[: page.index("<svg")]
    assert summary.startswith("<Observation ") and f"seat {seat}:" in summary
    assert all(french_symbol(card) in summary for card in seen.hand)
    placed = {card for hand in seen.known_hands for card in hand}
    placed |= {card for pile in seen.piles for card in pile}
    placed |= {card for _, card in seen.trick}
    # Bastardo's called card is named by the call, which every seat hears,
    # though its holder is unseen: the picture draws it beside the contract.
    if seen.contract is not None and seen.contract.called_card is not None:
        placed.add(seen.contract.called_card)
    for card in set(seen.unseen) - placed:
        assert french_symbol(card) not in summary and french_symbol(card) not in table
        assert str(card) not in page


def test_a_match_shows_its_format_standing_and_deal() -> None:
    """Pictures of the table, "In a REPL": a match in one line: its rules and
    format, the deal, the deals won, and the deal's turn; at the end the
    winner."""
    match = new_match(preset("split-2p"), seed=3)
    assert repr(match) == (
        "<MatchState split-2p, first to 4: deal 1, wins 0-0, seat 0 to cut or knock>"
    )
    while not match.is_over:
        match = apply(match, legal_actions(match)[0])
    assert (
        repr(match) == "<MatchState split-2p, first to 4: over after 6 deals, wins 4-2, seat 0 won>"
    )
    bastardo = new_match(preset("bastardo"), seed=3)
    assert repr(bastardo).startswith(
        "<MatchState bastardo, to 11 points: deal 1, totals 0-0-0-0-0,"
    )


def test_a_notebook_shows_the_summary_a_table_and_the_picture() -> None:
    """Pictures of the table, "In Jupyter": the HTML of a deal and an
    observation holds the summary, a table of the seats and the SVG
    picture; a match's holds a row per finished deal and the totals."""
    state = new_game(preset("italian-2p"), seed=1)
    page = state._repr_html_()
    assert page.startswith('<div class="briscola">') and page.endswith("</svg></div>")
    assert "&lt;GameState italian-2p: trick 1 of 20" in page
    assert page.count("<tr>") == 1 + state.rules.players
    match = new_match(preset("split-2p"), seed=3)
    while not match.is_over:
        match = apply(match, legal_actions(match)[0])
    page = match._repr_html_()
    assert page.count("<tr>") == 1 + len(match.results) + 1
    assert "<td>totals</td>" in page and "<svg" in page


@given(reachable_states())
def test_representations_change_no_equality_pickle_or_save(state: GameState) -> None:
    """Saving games: equality, pickling and the saved form do not depend on
    the representations."""
    assert pickle.loads(pickle.dumps(state)) == state
    assert loads(dumps(state)) == state
    assert repr(pickle.loads(pickle.dumps(state))) == repr(state)
    assert "setup=" not in repr(state) and "\n" not in repr(state)
