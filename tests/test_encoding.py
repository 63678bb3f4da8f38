"""The encodings for learning agents: :mod:`briscola.encoding` (Reinforcement
learning, "The encodings").

Action indices are fixed per rules and cover every action the rules allow;
masks agree with :func:`briscola.legal_actions`, and a mask computed from an
observation agrees with the state's (legal actions depend only on what the
mover sees); an encoded observation reads the observation only, so two states
with the same observation encode the same (Observations and search, "Nothing
else"). Every entry lies in [0, 1]: flags are 0 or 1, and each count is the
count divided by its bound, from which it can be read back exactly
(Reinforcement learning, "Observations").
"""

from __future__ import annotations

import array
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola import (
    PRESETS,
    Auction,
    Bid,
    Call,
    Card,
    Cut,
    GameState,
    Knock,
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
from briscola.encoding import LAYOUT_VERSION, Encoding, Section, encoding_for
from tests.strategies import (
    PRESET_NAMES,
    Playout,
    card,
    playouts,
    presets,
    reachable_states,
)
from tests.strategies import rules as varied_rules


def playout(rules_name: str, seed: int) -> list[GameState]:
    """Every state of one random deal of the preset, the last one over."""
    rng = random.Random(seed)
    state = new_game(preset(rules_name), seed=seed)
    states = [state]
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_index_names_one_action_and_back(name: str) -> None:
    """``index(action(i)) == i`` for every index, the sections tile the
    range in order, and out-of-range indices are refused."""
    encoding = Encoding(preset(name))
    assert [encoding.index(encoding.action(i)) for i in range(encoding.num_actions)] == list(
        range(encoding.num_actions)
    )
    assert len(set(encoding.actions)) == encoding.num_actions
    sections = encoding.action_sections
    assert sections[0] == Section("play", 0, len(preset(name).pack))
    assert all(a.stop == b.start for a, b in zip(sections, sections[1:]))
    assert sections[-1].stop == encoding.num_actions
    for bad in (-1, encoding.num_actions, 1.0, "3", None, True):
        with pytest.raises(ValueError, match="action index"):
            encoding.action(bad)  # type: ignore[arg-type]


def test_sections_follow_the_rules() -> None:
    """Each rule option brings its section, in the documented order."""

    def names(rules_name: str) -> list[str]:
        return [s.name for s in Encoding(preset(rules_name)).action_sections]

    assert names("italian-2p") == ["play"]
    assert names("split-2p") == ["play", "cut", "knock"]
    assert names("spanish-4p") == ["play", "swap-trump"]
    assert names("bastardo") == ["play", "pass", "bid", "call"]
    bastardo = Encoding(preset("bastardo"))
    assert bastardo.action(bastardo.action_sections[2].start) == Bid(61)
    assert bastardo.action(bastardo.action_sections[2].stop - 1) == Bid(120)
    assert Encoding(preset("italian-3p")).num_actions == 39


def test_actions_the_rules_lack_are_refused() -> None:
    """Italian briscola, two to six players, "Number of players": italian-3p
    has no two of clubs; games without the option have no index for its
    actions."""
    italian = Encoding(preset("italian-2p"))
    for action in (
        Bid(61),
        Pass(),
        Cut(),
        Knock(),
        SwapTrump(card("two of swords")),
        Call(card("ace of clubs")),
    ):
        with pytest.raises(ValueError, match="these rules have no action"):
            italian.index(action)
    with pytest.raises(ValueError, match="two of clubs"):
        Encoding(preset("italian-3p")).index(Play(Card(Suit.CLUBS, Rank.TWO)))
    with pytest.raises(ValueError):
        Encoding(preset("bastardo")).index(Bid(60))
    with pytest.raises(TypeError):
        Encoding("italian-2p")  # type: ignore[arg-type]


def test_chiamata_bids_have_indices() -> None:
    """Briscola bastardo, "Choices the library makes" (the Italian auction):
    the chiamata option bids ranks at the minimum, then points with the weakest
    rank; every legal bid has an index, in ladder order."""
    rules = attrs.evolve(preset("bastardo"), auction=Auction.CHIAMATA)
    encoding = Encoding(rules)
    state = new_game(rules, seed=1)
    legal = legal_actions(state)
    assert [encoding.action(i) for i in encoding.legal_indices(state)] == list(legal)
    assert encoding.index(Bid(61, Rank.ACE)) < encoding.index(Bid(61, Rank.TWO))
    assert encoding.index(Bid(61, Rank.TWO)) < encoding.index(Bid(62, Rank.TWO))


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_masks_of_states_and_observations_agree(name: str) -> None:
    """The mask of a state marks exactly its legal actions; the mask of the
    mover's observation is the same, every other seat's is empty."""
    rules = preset(name)
    encoding = encoding_for(rules)
    for state in playout(name, seed=PRESET_NAMES.index(name)):
        legal = legal_actions(state)
        assert [encoding.action(i) for i in encoding.legal_indices(state)] == list(legal)
        mask = encoding.mask(state)
        assert sum(mask) == len(legal)
        for seat in range(rules.players):
            seen = encoding.mask(observe(state, seat))
            assert seen == (mask if seat == state.to_move else [0] * encoding.num_actions)


def test_a_match_masks_like_its_deal() -> None:
    """Matches: legal actions take a match like a deal."""
    match = new_match(preset("split-2p"), seed=4)
    encoding = Encoding(match.rules)
    assert encoding.mask(match) == encoding.mask(match.game)
    assert encoding.encode(observe(match, 0)) == encoding.encode(observe(match.game, 0))


def test_other_rules_are_refused() -> None:
    """An encoding belongs to one set of rules."""
    encoding = Encoding(preset("italian-2p"))
    state = new_game(preset("italian-4p"), seed=1)
    with pytest.raises(ValueError, match="other rules"):
        encoding.mask(state)
    with pytest.raises(ValueError, match="other rules"):
        encoding.encode(observe(state, 0))
    with pytest.raises(TypeError):
        encoding.mask("state")  # type: ignore[arg-type]


def counts_of(seen: Observation) -> dict[str, list[int]]:
    """What each count section of an encoding should hold, read from the
    observation directly: the stock's size, per seat from the observer the
    hand sizes, per side (the observer's first, then by nearest seat) the
    points and the tricks; ``known-in-stock`` maps card places to 1 + the
    card's place in the stock (0 elsewhere)."""
    rules = seen.rules
    n = rules.players
    seat = seen.seat
    sides = sorted(rules.sides, key=lambda side: min((s - seat) % n for s in side))
    known = [0] * len(rules.pack)
    for position, held in seen.stock_known:
        known[rules.pack.index(held)] = position + 1
    return {
        "stock-size": [seen.stock_size],
        "hand-sizes": [seen.hand_sizes[(seat + k) % n] for k in range(n)],
        "points": [sum(rules.points_of(c) for s in side for c in seen.piles[s]) for side in sides],
        "tricks": [sum(seen.tricks_won[s] for s in side) for side in sides],
        "known-in-stock": known,
    }


def check_scaled(encoding: Encoding, seen: Observation) -> None:
    """Every entry of the encoding of ``seen`` is a float in [0, 1]: a flag
    0.0 or 1.0, a count ``count / high`` exactly, which is 1.0 only at the
    count's bound, and which gives the count back as ``round(value * high)``
    also once stored as float32."""
    vector = encoding.encode(seen)
    stored = array.array("f", vector)
    assert all(type(v) is float and 0.0 <= v <= 1.0 for v in vector)
    counts = counts_of(seen)
    high = encoding.observation_high
    for section in encoding.observation_sections:
        expected = counts.get(section.name)
        for offset, i in enumerate(range(section.start, section.stop)):
            if expected is None:
                assert high[i] == 1 and vector[i] in (0.0, 1.0), section.name
                continue
            count = expected[offset]
            assert vector[i] == count / high[i], section.name
            assert (vector[i] == 1.0) == (count == high[i]), section.name
            assert round(vector[i] * high[i]) == count == round(stored[i] * high[i])


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_observations_encode_within_bounds_and_hide_nothing(name: str) -> None:
    """Fixed length, entries in [0, 1], counts scaled by their bounds; a
    state sampled from an observation (same observation, other hidden cards)
    encodes the same (Observations and search, "Nothing else")."""
    rules = preset(name)
    encoding = Encoding(rules)
    rng = random.Random(7)
    states = playout(name, seed=11)
    for state in states[:: max(1, len(states) // 6)] + states[-1:]:
        for seat in range(rules.players):
            seen = observe(state, seat)
            vector = encoding.encode(seen)
            assert len(vector) == encoding.observation_size
            check_scaled(encoding, seen)
            other = sample_state(seen, rng)
            assert encoding.encode(observe(other, seat)) == vector


@settings(max_examples=15, deadline=None)
@given(playout=playouts(presets()))
def test_every_entry_of_every_deal_is_scaled(playout: Playout) -> None:
    """Random deals of every preset, every state, every seat: each entry is
    in [0, 1], a flag 0 or 1, a count divided by its bound and read back
    exactly (Reinforcement learning, "Observations")."""
    encoding = encoding_for(playout.rules)
    for state in playout.states:
        for seat in range(playout.rules.players):
            check_scaled(encoding, observe(state, seat))


def test_scaled_counts_are_the_same_in_float32() -> None:
    """The documented value of a count, ``count / high`` in double precision
    rounded to float32, is also the float32 quotient, so a batched float32
    implementation reproduces it bit for bit (Reinforcement learning,
    "Observations")."""
    np = pytest.importorskip("numpy")
    highs = {h for rules in PRESETS.values() for h in encoding_for(rules).observation_high}
    for high in highs:
        counts = np.arange(high + 1)
        doubles = np.array([count / high for count in range(high + 1)], dtype=np.float32)
        singles = counts.astype(np.float32) / np.float32(high)
        assert doubles.tobytes() == singles.tobytes()
        assert doubles.tobytes() == (counts / high).astype(np.float32).tobytes()


def test_the_layout_has_a_version() -> None:
    """Saved models name the layout they were trained on: version 2 scales
    the counts (Reinforcement learning, "Observations")."""
    assert LAYOUT_VERSION == 2
    assert Encoding(preset("bastardo")).layout_version == LAYOUT_VERSION


@settings(max_examples=20)
@given(state=reachable_states(varied_rules()), data=st.data())
def test_any_reachable_state(state: GameState, data: st.DataObject) -> None:
    """Over varied rules (chiamata, cappotto, other teams and exchanges):
    the observation's mask equals the state's, the encoding of an
    observation does not depend on the cards hidden from the seat, and its
    entries are scaled to [0, 1]."""
    encoding = Encoding(state.rules)
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = observe(state, seat)
    check_scaled(encoding, seen)
    if seat == state.to_move:
        assert encoding.mask(seen) == encoding.mask(state)
    other = sample_state(seen, random.Random(data.draw(st.integers(0, 100))))
    assert encoding.encode(observe(other, seat)) == encoding.encode(seen)


def test_the_layout_of_a_first_trick() -> None:
    """Seat 0 leads the six of coins (italian-2p, seed 3): seat 1 sees it in
    the trick, as played by the seat one place after it, led by it."""
    state = new_game(preset("italian-2p"), seed=3)
    encoding = Encoding(state.rules)
    after = apply(state, Play(card("six of coins")))
    described = encoding.describe(encoding.encode(observe(after, 1)))
    six = card("six of coins").index
    assert described["trick"] == [six, 1]
    assert described["trick-leader"] == [1, 1]
    assert described["played"] == [40 + six, 1]
    assert described["to-move"] == [0, 1]
    assert described["hand-sizes"] == [0, 3 / 3, 1, 2 / 3]
    assert described["stock-size"] == [0, 33 / 40]
    assert described["phase"] == [3, 1]  # Phase.PLAYING
    assert sorted(described["hand"][::2]) == sorted(c.index for c in state.hands[1])
    with pytest.raises(ValueError, match="entries"):
        encoding.describe([0, 1])


def test_points_and_tricks_are_counted_for_the_observer_first() -> None:
    """Sides are listed from the observer's own; points and tricks match
    the piles."""
    rules = preset("italian-4p")
    encoding = Encoding(rules)
    state = playout("italian-4p", seed=5)[-1]
    for seat in range(4):
        described = encoding.describe(encoding.encode(observe(state, seat)))
        points = [0, 0]
        for offset, value in zip(described["points"][::2], described["points"][1::2]):
            points[int(offset)] = round(value * 120)
        ours = sum(rules.points_of(c) for s in (seat, (seat + 2) % 4) for c in state.piles[s])
        assert points == [ours, 120 - ours]


def test_encode_into_any_sequence() -> None:
    """The fast path writes the same entries into an array as into a list,
    rounded to float32 in an array of float32."""
    state = playout("finnish-4p", seed=2)[30]
    encoding = Encoding(state.rules)
    seen = observe(state, 1)
    out = array.array("f", bytes(4 * encoding.observation_size))
    encoding.encode_into(seen, out)
    assert out == array.array("f", encoding.encode(seen))
    listed = [0.0] * encoding.observation_size
    encoding.encode_into(seen, listed)
    assert listed == encoding.encode(seen)


def test_every_preset_has_an_encoding() -> None:
    """Every preset builds, and the cached encoding is shared."""
    for rules in PRESETS.values():
        assert encoding_for(rules) is encoding_for(rules)
        assert encoding_for(rules).observation_size == len(encoding_for(rules).observation_high)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_encoding_what_changed_gives_the_whole_encoding(name: str) -> None:
    """The environments' incremental encoding (each seat's vector of its
    last observation, rewritten where the deal changed since) equals
    :meth:`Encoding.encode` at every step of random deals, each seat
    observing at random steps, some long apart (Reinforcement learning,
    "Observations")."""
    encoding = encoding_for(preset(name))
    zeros = bytes(4 * encoding.observation_size)
    rng = random.Random(name)
    for seed in range(6):
        last: dict[int, Observation] = {}
        vectors: dict[int, array.array[float]] = {}
        for state in playout(name, seed):
            for seat in range(encoding.rules.players):
                if seat != state.to_move and rng.random() < 0.6:
                    continue
                seen = observe(state, seat)
                if seat in last:
                    encoding._encode_change(last[seat], seen, vectors[seat])
                else:
                    vectors[seat] = array.array("f", zeros)
                    encoding.encode_into(seen, vectors[seat])
                last[seat] = seen
                assert vectors[seat] == array.array("f", encoding.encode(seen))
