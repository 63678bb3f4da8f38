"""Text tables: ``str()`` of a deal, an observation and a match, and
:func:`briscola.text` (the tables themselves are pinned by the doctests of
``briscola/_text.py``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    Bid,
    GameState,
    apply,
    legal_actions,
    new_game,
    new_match,
    observe,
    preset,
    text,
)
from briscola.names import Language, card_name, french_symbol
from tests.strategies import reachable_states
from tests.strategies import rules as varied_rules


def test_str_is_the_table_and_repr_a_summary() -> None:
    """``str()`` prints the table; ``repr`` is a one-line summary (Pictures
    of the table, "In a REPL")."""
    state = new_game(preset("italian-4p"), seed=8)
    assert str(state) == text(state)
    assert repr(state).startswith("<GameState italian-4p: trick 1 of 10,")
    seen = observe(state, 2)
    assert str(seen) == text(seen)
    assert repr(seen).startswith("<Observation italian-4p, seat 2: ")
    match = new_match(preset("split-2p"), seed=2)
    assert str(match) == text(match)
    assert str(match).splitlines()[0] == "match (first-to 4): 0 deals finished; totals: 0 0"
    assert repr(match).startswith("<MatchState split-2p, first to 4: deal 1,")


@given(reachable_states(varied_rules(vary=False)), st.data())
def test_tables_show_what_the_viewer_may_know(state: GameState, data: st.DataObject) -> None:
    """The omniscient table lists every card in every hand; a seat's table
    lists its own hand and names no card the seat cannot place."""
    everything = text(state)
    lines = everything.splitlines()
    for seat, hand in enumerate(state.hands):
        row = next(line for line in lines if line[2:].startswith(f"seat {seat}"))
        assert all(str(card) in row for card in hand)
        assert row.startswith(">") == (seat == state.to_move)
    seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
    seen = observe(state, seat)
    languages: tuple[Language, ...] = ("en", "hr")
    for language in languages:
        table = text(seen, language=language)
        own = next(line for line in table.splitlines() if f"seat {seat} (you)" in line)
        assert all(card_name(card, language) in own for card in seen.hand)
        # the called card is named by the call, wherever it lies
        called = seen.contract.called_card if seen.contract else None
        for card in set(seen.unseen) - {called}:
            assert card_name(card, language) not in table


def test_symbols_and_languages() -> None:
    """Suit symbols and localized names; an unknown language is refused."""
    state = new_game(preset("italian-2p"), seed=11)
    short = text(state, symbols=True)
    assert all(french_symbol(card) in short for card in state.hands[0])
    assert "trump: " + "♦♥♠♣"[state.trump.value] in short  # type: ignore[union-attr]
    spanish = text(state, language="es")
    assert all(card_name(card, "es") in spanish for card in state.hands[1])
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        text(state, language="xx")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        text("a deal")  # type: ignore[arg-type]


def test_end_of_a_deal_and_bastardo() -> None:
    """The result line at the end; bastardo's auction, call and partner."""
    state = new_game(preset("bastardo"), seed=2)
    while state.contract is None or state.contract.called_card is None:
        # the first seat bids 61, the others pass, then the first card listed is called
        bid = state.contract is None or state.contract.bid is None
        state = apply(state, Bid(61) if bid else legal_actions(state)[0])
    table = text(state)
    assert "auction: seat " in table and "called: " in table
    assert f"partner: seat {state.contract.partner}" in table or "(alone)" in table
    declarer = state.contract.declarer
    assert declarer is not None
    others = [s for s in range(5) if s not in (declarer, state.contract.partner)]
    # the partner's identity is the partner's secret until the called card is played
    assert "partner: seat" not in text(observe(state, others[0]))
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    assert text(state).splitlines()[-1].startswith("result: ")
    assert text(observe(state, 0)).splitlines()[-1] == text(state).splitlines()[-1]
