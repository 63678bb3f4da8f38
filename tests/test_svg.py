"""SVG pictures of the table: :func:`briscola.svg.table` (Pictures of the
table, "SVG pictures": every face-up card carries a ``<title>`` with
``str(card)``, face-down cards carry no name; an observation's picture shows no
hidden card)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import attrs
import pytest
from attrs import fields
from hypothesis import given
from hypothesis import strategies as st

import briscola
from briscola import (
    Card,
    GameState,
    Observation,
    Play,
    Suit,
    SwapTrump,
    apply,
    legal_actions,
    new_game,
    new_match,
    observe,
    preset,
)
from briscola.names import card_name, french_name
from briscola.svg import table
from tests.strategies import reachable_states
from tests.strategies import rules as varied_rules

SVG = "{http://www.w3.org/2000/svg}"


def card_groups(picture: str) -> tuple[list[ET.Element], list[ET.Element]]:
    """The face-up and face-down card groups of a picture (it must parse)."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    up, down = [], []
    for group in root.iter(f"{SVG}g"):
        classes = group.get("class", "").split()
        if "face-up" in classes:
            up.append(group)
        elif "face-down" in classes:
            down.append(group)
    return up, down


def titles(picture: str) -> list[str]:
    """The ``<title>`` of each face-up card, in drawing order."""
    up, _ = card_groups(picture)
    found = []
    for group in up:
        title = group.find(f"{SVG}title")
        assert title is not None and title.text
        found.append(title.text)
    return found


def last_trick(state: GameState | Observation) -> tuple[Card, ...]:
    """The cards of the last completed trick while no trick is in progress
    (the picture shows it: every card played is public)."""
    if state.trick:
        return ()
    plays = [a.card for a in state.history if isinstance(a, Play)]
    size = state.rules.players * state.rules.plays_per_trick
    return tuple(plays[-size:]) if len(plays) >= size else ()


def public_cards(deal: GameState | Observation) -> set[Card]:
    """Cards every seat sees face up: the trick, the trump card, the called
    card and the last trick."""
    cards = {card for _, card in deal.trick} | set(last_trick(deal))
    if deal.trump_card is not None:
        cards.add(deal.trump_card)
    if deal.contract is not None and deal.contract.called_card is not None:
        cards.add(deal.contract.called_card)
    return cards


def playout(name: str, seed: int, steps: int) -> GameState:
    """A seeded random playout of ``steps`` actions (or to the end)."""
    state = new_game(preset(name), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    return state


@given(reachable_states(varied_rules(vary=False)), st.data())
def test_omniscient_picture_shows_every_hand(state: GameState, data: st.DataObject) -> None:
    """The picture of a state parses, draws every card in every hand face up,
    and names exactly the cards on view (Pictures of the table, "SVG
    pictures")."""
    picture = table(state)
    shown = titles(picture)
    expected = {card for hand in state.hands for card in hand} | public_cards(state)
    assert set(shown) == {str(card) for card in expected}
    _, down = card_groups(picture)
    assert all(group.find(f"{SVG}title") is None for group in down)


@given(reachable_states(varied_rules(vary=False)), st.data())
def test_a_seat_sees_exactly_its_cards(state: GameState, data: st.DataObject) -> None:
    """From a seat, the face-up cards are its observation's known hands and
    the public cards, and no card it cannot place appears anywhere in the
    picture, in English or in the ``<desc>`` of another language."""
    seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
    seen = observe(state, seat)
    for picture in (table(state, seat=seat), table(seen, language="it")):
        expected = {card for hand in seen.known_hands for card in hand} | public_cards(seen)
        assert set(titles(picture)) == {str(card) for card in expected}
        # the called card is shown as called, wherever it lies
        called = seen.contract.called_card if seen.contract else None
        for card in set(seen.unseen) - {called}:
            assert f">{card}<" not in picture
            assert f">{card_name(card, 'it')}<" not in picture
        _, down = card_groups(picture)
        hidden = sum(seen.hand_sizes) - sum(map(len, seen.known_hands))
        # hidden cards in hands, the stock's top (at most three backs) and piles
        assert len(down) >= hidden
        assert all(group.find(f"{SVG}title") is None for group in down)
        assert all(group.find(f"{SVG}desc") is None for group in down)


@given(reachable_states(varied_rules(vary=False)), st.data())
def test_legal_moves_only_for_the_mover(state: GameState, data: st.DataObject) -> None:
    """The legal plays are outlined in the omniscient picture and in the
    mover's view, never from another seat (an outlined exchange would show
    a trump in the mover's hand)."""
    seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
    cards = {a.card for a in legal_actions(state) if isinstance(a, (Play, SwapTrump))}
    legal = {str(c) for c in cards}
    for picture in (table(state),) + ((table(state, seat=seat),) if seat == state.to_move else ()):
        up, _ = card_groups(picture)
        marked = {g.findtext(f"{SVG}title") for g in up if "legal" in g.get("class", "")}
        assert marked == legal
    if seat != state.to_move:
        assert "legal" not in table(state, seat=seat)


def test_every_seat_count_and_phase_draws() -> None:
    """Two to six seats and every phase: Split's cut, bastardo's auction and
    call, play, the end with its result."""
    for name in ("italian-2p", "italian-3p", "italian-4p", "italian-5p", "italian-6p"):
        for steps in (0, 7, 1000):
            state = playout(name, 3, steps)
            picture = table(state)
            card_groups(picture)
            if state.is_over:
                assert "Result" in picture
                assert ("won by" in picture) == bool(briscola.outcome(state).winners)  # type: ignore[union-attr]
    split = new_game(preset("split-2p"), seed=1)
    assert "the pack: 40 cards" in table(split) and "cut, knock" in table(split)
    auction = playout("bastardo", 2, 2)
    assert "auction: " in table(auction)
    called = playout("bastardo", 2, 12)
    assert called.contract is not None and called.contract.called_card is not None
    assert f"<title>{called.contract.called_card}</title>" in table(called, seat=1)


def test_french_faces_and_names_in_desc() -> None:
    """A French-suited face keeps the English title; the displayed name is
    in ``<desc>``."""
    state = new_game(preset("finnish-2p"), seed=4)
    picture = table(state, faces="french-ten-for-three")
    root = ET.fromstring(picture)
    pairs = {
        g.findtext(f"{SVG}title"): g.findtext(f"{SVG}desc")
        for g in root.iter(f"{SVG}g")
        if "face-up" in g.get("class", "")
    }
    for card in state.hands[0]:
        assert pairs[str(card)] == french_name(card, "ten-for-three")
    english = table(state)
    assert "<desc>" not in english


def test_options_and_errors() -> None:
    """Size scales the picture; a bad seat, an observation drawn as another
    seat, unknown options and other objects are refused."""
    state = new_game(preset("italian-4p"), seed=2)
    root = ET.fromstring(table(state, size=500))
    assert (root.get("width"), root.get("height")) == ("500", "450")
    with pytest.raises(ValueError, match="seat"):
        table(state, seat=4)
    with pytest.raises(ValueError, match="cannot be drawn as seat 2"):
        table(observe(state, 1), seat=2)
    with pytest.raises(ValueError, match="unknown language"):
        table(state, language="de")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size"):
        table(state, size=0)
    with pytest.raises(TypeError):
        table(42)  # type: ignore[arg-type]


def test_jupyter_shows_pictures() -> None:
    """States, observations and matches draw themselves in Jupyter."""
    state = new_game(preset("italian-2p"), seed=1)
    assert state._repr_svg_() == table(state)
    seen = observe(state, 1)
    assert seen._repr_svg_() == table(seen)
    match = new_match(preset("split-4p"), seed=3)
    assert match._repr_svg_() == table(match)
    assert "match totals: 0 0 0 0" in match._repr_svg_()
    ET.fromstring(observe(match, 2)._repr_svg_())


def test_an_open_exchange_is_outlined_for_the_mover_only() -> None:
    """Spanish brisca: seat 1 has won the first trick and holds the two of
    trumps under a face-up six; its view outlines the exchange, seat 0's view
    shows neither the outline nor the card (Spanish brisca, "The presets")."""
    state = playout_first(new_game(preset("spanish-2p"), seed=1), 2)
    swaps = [a for a in legal_actions(state) if isinstance(a, SwapTrump)]
    assert state.to_move == 1 and len(swaps) == 1
    mine = table(state, seat=1)
    up, _ = card_groups(mine)
    classes = {g.findtext(f"{SVG}title"): g.get("class", "") for g in up}
    assert "legal exchange" in classes[str(swaps[0].card)]
    assert "exchange-target" in classes[str(state.trump_card)]
    theirs = table(state, seat=0)
    assert "exchange" not in theirs and f">{swaps[0].card}<" not in theirs


def playout_first(state: GameState, steps: int) -> GameState:
    """``steps`` times the first legal action."""
    for _ in range(steps):
        state = apply(state, legal_actions(state)[0])
    return state


def test_the_pictures_draw_only_the_engines_classes() -> None:
    """The pictures draw a GameState, an Observation or a MatchState, told
    apart by their classes: an object that only has a state's attributes
    is refused, by the text table and the SVG picture alike."""
    state = new_game(preset("italian-2p"), seed=1)
    values = {field.name: getattr(state, field.name) for field in fields(GameState)}
    lookalike = SimpleNamespace(rules=state.rules, dealer=state.dealer, **values)
    refused = "expected a GameState, an Observation or a MatchState"
    with pytest.raises(TypeError, match=refused):
        table(lookalike)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=refused):
        briscola.text(lookalike)  # type: ignore[arg-type]


class _Forged:
    """A suit that is not one: its name would close the attribute it is
    written in and open another."""

    name = 'CUPS" onload="alert(1)'

    def __hash__(self) -> int:
        return hash(Suit.CUPS)

    def __eq__(self, other: object) -> bool:
        return other is Suit.CUPS


def test_the_picture_escapes_every_value_it_writes() -> None:
    """Pictures of the table, "SVG pictures": what the picture writes into an
    attribute is escaped, so a
    forged value that got past the constructors (set with
    ``object.__setattr__``) cannot add an attribute or an element."""
    forged = attrs.evolve(new_game(preset("italian-2p"), seed=1))
    object.__setattr__(forged, "trump", _Forged())
    picture = table(forged)
    root = ET.fromstring(picture)
    assert all("onload" not in element.attrib for element in root.iter())
    assert "#briscola-italia-cups&quot; onload=&quot;alert(1)" in picture
