"""The batched engine, :class:`briscola.vector.BatchGame` (Batched deals).

With the same packs, dealers and actions, every array it hands out agrees
with the scalar engine at every step: the legal-action masks and the
encoded observations of :mod:`briscola.encoding` (bit for bit), the seat
to move, whether the deal is over, and at the end the points and scores of
:func:`briscola.outcome` (Batched deals, "The same game"). Rules it does
not handle yet are refused, naming the rule (Batched deals, "Supported
rules"), and bad input raises ``ValueError`` and leaves the batch as it was
(Batched deals, "Arrays in, arrays out").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings

from briscola import (
    PRESETS,
    Auction,
    Card,
    DealStyle,
    Exchange,
    GameState,
    Rank,
    Rules,
    Suit,
    apply,
    new_game,
    observe,
    outcome,
    preset,
)
from briscola.encoding import encoding_for

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from briscola.vector import BatchGame, unsupported  # noqa: E402

from . import strategies  # noqa: E402

SUPPORTED = (
    "italian-2p",
    "portuguese-2p",
    "finnish-2p",
    "split-2p",
    "split-dupla-2p",
    "romanian-2p",
    "spanish-2p",
    "italian-3p",
    "italian-4p",
    "italian-5p",
    "italian-6p",
    "italian-6p-pairs",
    "briscacard-3p",
    "finnish-3p",
    "finnish-4p",
    "finnish-6p",
    "split-5p",
    "split-4p",
    "split-dupla-4p",
    "romanian-4p",
    "spanish-4p",
    "bastardo",
    "chiamata",
)
COMPILED = os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")
"""Whether the kernels run compiled: the coverage run sets
``NUMBA_DISABLE_JIT=1``, and the tests then play fewer deals."""
DEALS = 200 if COMPILED else 6

# Beyond the presets: a pack without two cards (38 slots), hands of four
# and the redraw; the other exchange, and the Spanish one on the side's
# tricks, with the redraw and piles by side; bastardo with a smaller pack
# and other bids, and the chiamata, each doubling for cappotto.
SMALL_PACK = attrs.evolve(
    preset("finnish-2p"),
    removed=(Card(Suit.COINS, Rank.TWO), Card(Suit.CUPS, Rank.TWO)),
    hand_size=4,
)
RULES = {
    **{name: preset(name) for name in SUPPORTED},
    "finnish-2p, 38 cards, hands of 4": SMALL_PACK,
    "italian-2p, seven after a win": attrs.evolve(
        preset("italian-2p"), exchange=Exchange.SEVEN_AFTER_WIN
    ),
    "spanish-4p, side's tricks, redraw, piles by side": attrs.evolve(
        preset("spanish-4p"),
        exchange_side_wins=True,
        redraw_ranks=(Rank.ACE, Rank.THREE),
        piles_by_side=True,
    ),
    "bastardo, 35 cards, hands of 7, bids from 50, cappotto": attrs.evolve(
        preset("bastardo"),
        removed=(*(Card(suit, Rank.TWO) for suit in Suit), Card(Suit.COINS, Rank.FOUR)),
        hand_size=7,
        min_bid=50,
        cappotto_doubles=True,
    ),
    "chiamata, cappotto": attrs.evolve(preset("chiamata"), cappotto_doubles=True),
}


def _decks(rules: Rules, size: int, seed: int) -> tuple[Any, Any]:
    rng = np.random.default_rng(seed)
    pack = np.array([card.index for card in rules.pack])
    decks = np.array([rng.permutation(pack) for _ in range(size)])
    dealers = rng.integers(0, rules.players, size)
    return decks, dealers


def _games(rules: Rules, decks: Any, dealers: Any) -> list[GameState]:
    return [
        new_game(rules, deck=[Card.from_index(int(c)) for c in deck], dealer=int(dealer))
        for deck, dealer in zip(decks, dealers)
    ]


def _places(state: GameState) -> list[int]:
    """Where each card of the rules' pack lies, as BatchGame._places
    numbers the places."""
    n = state.rules.players
    where: dict[Card, int] = {}
    for seat, hand in enumerate(state.hands):
        where.update(dict.fromkeys(hand, seat))
    for seat, pile in enumerate(state.piles):
        where.update(dict.fromkeys(pile, n + seat))
    where.update(dict.fromkeys(state.stock, 2 * n))
    if state.trump_card is not None:
        where[state.trump_card] = 2 * n + 1
    where.update(dict.fromkeys((card for _, card in state.trick), 2 * n + 2))
    return [where.get(card, -1) for card in state.rules.pack]


def _bits(vectors: object) -> object:
    return np.asarray(vectors, dtype=np.float32).view(np.int32)


def _play_both(
    rules: Rules, decks: Any, dealers: Any, first: int | None = None
) -> tuple[BatchGame, list[GameState], int]:
    """Deal ``decks`` in a batch and one by one, take the same random legal
    actions in both (``first`` for every deal's first action, if given),
    and compare every array with the engine's at every step."""
    size = len(decks)
    encoding = encoding_for(rules)
    batch = BatchGame(rules, size)
    batch.reset(decks=decks, dealers=dealers)
    states = _games(rules, decks, dealers)
    rng = np.random.default_rng(7)
    n = rules.players
    swaps = next((s for s in encoding.action_sections if s.name == "swap-trump"), None)
    passes = next((s for s in encoding.action_sections if s.name == "pass"), None)
    steps = 0
    while True:
        assert batch.to_move.tolist() == [-1 if s.to_move is None else s.to_move for s in states]
        assert batch.is_over.tolist() == [s.is_over for s in states]
        mask = batch.legal_mask()
        assert mask.dtype == bool
        assert np.array_equal(mask, np.array([encoding.mask(s) for s in states], dtype=bool))
        width = encoding.observation_size
        mover = [
            encoding.encode(observe(s, s.to_move)) if s.to_move is not None else [0.0] * width
            for s in states
        ]
        observed = batch.observations()
        assert observed.dtype == np.float32
        assert np.array_equal(_bits(observed), _bits(mover))
        other = (np.arange(size) + steps) % n
        fixed = [encoding.encode(observe(s, int(seat))) for s, seat in zip(states, other)]
        assert np.array_equal(_bits(batch.observations(other)), _bits(fixed))
        assert batch._places().tolist() == [_places(s) for s in states]
        if all(s.is_over for s in states):
            break
        noise = rng.random(mask.shape) + mask
        if swaps is not None:
            # Take an exchange, where one is legal, in half the deals.
            eager = rng.random((size, 1)) < 0.5
            noise[:, swaps.start : swaps.stop] += eager * mask[:, swaps.start : swaps.stop]
        if passes is not None:
            # Pass, where the auction goes on, in a third of the deals: some
            # deals end void, some declarers pass after their bid.
            eager = rng.random(size) < 1 / 3
            noise[:, passes.start] += eager * mask[:, passes.start]
        actions = noise.argmax(axis=1)
        if steps == 0 and first is not None:
            actions[:] = first
        batch.step(actions)
        states = [
            s if s.is_over else apply(s, encoding.action(int(a))) for s, a in zip(states, actions)
        ]
        steps += 1
    return batch, states, steps


@pytest.mark.parametrize("name", RULES)
def test_every_array_agrees_with_the_engine_at_every_step(name: str) -> None:
    """Batched deals, "The same game": 200 deals from given packs and
    dealers, random legal actions; at every step the mask, the mover's
    observation and a fixed seat's, the seat to move, whether it is over
    and where every card lies agree with the scalar engine, and at the end
    the points and scores agree with its outcome."""
    rules = RULES[name]
    decks, dealers = _decks(rules, DEALS, seed=len(name))
    batch, states, steps = _play_both(rules, decks, dealers)
    assert steps >= len(rules.pack)
    results = [outcome(s) for s in states]
    assert all(result is not None for result in results)
    n = rules.players
    points = [
        [r.points[next(i for i, side in enumerate(r.sides) if seat in side)] for seat in range(n)]
        for r in results
        if r is not None
    ]
    assert batch.points().tolist() == points
    assert batch.scores().tolist() == [list(r.scores) for r in results if r is not None]


@pytest.mark.parametrize("name", ["split-2p", "split-dupla-2p"])
@pytest.mark.parametrize("first", [40, 41])
@pytest.mark.parametrize("size", [1, 3])
def test_a_batch_that_all_cuts_or_all_knocks_agrees_too(name: str, first: int, size: int) -> None:
    """Split briškula: cut or knock; Batched deals, "The same game": every
    deal of the batch cuts (or knocks), down to a batch of one deal."""
    rules = preset(name)
    decks, dealers = _decks(rules, size, seed=first + size)
    batch, states, _ = _play_both(rules, decks, dealers, first=first)
    assert batch.points().sum(axis=1).tolist() == [rules.total_points] * size


@pytest.mark.parametrize("name", RULES)
def test_every_card_lies_in_one_place_and_the_points_add_up(name: str) -> None:
    """Batched deals, "The same game": dealt from a seed, every card of
    every deal lies in exactly one place (a hand, a pile, the stock, the
    face-up card, the table) at every step, the pack's points are all
    there, and at the end the piles hold them all (in an auction, but for
    a void deal's, which stay in the hands), and the sides' points add up
    to the pack's."""
    rules = RULES[name]
    batch = BatchGame(rules, 64)
    batch.reset(seed=11)
    points = np.array([dict(rules.card_points).get(card.rank, 0) for card in rules.pack])
    rng = np.random.default_rng(3)
    while not batch.is_over.all():
        places = batch._places()
        assert (places >= 0).all()
        assert ((places >= 0) * points).sum(axis=1).tolist() == [rules.total_points] * 64
        mask = batch.legal_mask()
        batch.step((rng.random(mask.shape) + mask).argmax(axis=1))
    n = rules.players
    places = batch._places()
    points = batch.points()
    if rules.auction is not Auction.NONE:
        # A played deal has scores, never all zero; a void one none.
        played = batch.scores().any(axis=1)
        assert (places[~played] < n).all() and not points[~played].any()
        places = places[played]
        total = points.max(axis=1) + points.min(axis=1)  # the contract's two sides
        assert total[played].tolist() == [rules.total_points] * int(played.sum())
    else:
        one_seat_each = [side[0] for side in rules.sides]
        assert points[:, one_seat_each].sum(axis=1).tolist() == [rules.total_points] * 64
    assert ((places >= n) & (places < 2 * n)).all()  # every card in a pile


def test_every_rules_field_says_what_the_batch_supports() -> None:
    """Batched deals, "Supported rules": the batch states what it supports
    of every Rules field, and the values it refuses are field values."""
    from briscola.vector._rulebook import REFUSED, SUPPORTED

    assert set(SUPPORTED) == {field.name for field in attrs.fields(Rules)}
    assert {name for name, _ in REFUSED} <= set(SUPPORTED)


def test_the_supported_rules_are_named_and_the_others_refused() -> None:
    """Batched deals, "Supported rules": every preset is held; rules the
    batch cannot hold yet (the knocked deal alone, without Split's choice
    of a cut) are refused with a ValueError that says which rule is not
    yet supported."""
    held = [name for name, rules in PRESETS.items() if unsupported(rules) is None]
    assert sorted(held) == sorted(SUPPORTED) == sorted(PRESETS)
    knocked = attrs.evolve(preset("split-2p"), deal=DealStyle.KNOCK)
    reason = "the knock deal alone is not supported (only with the cut, as cut-or-knock)"
    assert unsupported(knocked) == reason
    with pytest.raises(ValueError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        BatchGame(knocked, 4)


@pytest.mark.parametrize("size", [0, -1, True, 2.0, "8"])
def test_a_batch_has_a_positive_number_of_deals(size: object) -> None:
    """Batched deals, "Arrays in, arrays out": the size is a positive int."""
    with pytest.raises(ValueError, match="size must be a positive int"):
        BatchGame(preset("italian-2p"), size)  # type: ignore[arg-type]


def test_rules_must_be_rules() -> None:
    """Batched deals, "Supported rules": a preset name is not rules."""
    with pytest.raises(TypeError):
        BatchGame("italian-2p", 4)  # type: ignore[arg-type]


def _snapshot(batch: BatchGame) -> list[object]:
    """Copies of every array the batch hands out (the mask and the
    observations are views, which later calls change)."""
    n = batch.rules.players
    return [
        batch.to_move,
        batch.is_over,
        batch.legal_mask().copy(),
        *(batch.observations(np.full(batch.size, seat)).copy() for seat in range(n)),
        batch.points(),
        batch._places(),
    ]


def _unchanged(batch: BatchGame, call: Callable[[], object], match: str) -> None:
    before = _snapshot(batch)
    with pytest.raises(ValueError, match=match):
        call()
    after = _snapshot(batch)
    assert all(np.array_equal(a, b) for a, b in zip(before, after))


def test_bad_actions_raise_and_leave_the_batch_unchanged() -> None:
    """Batched deals, "Arrays in, arrays out": a wrong shape or type, an
    index out of range or not legal in a deal that goes on raises a
    ValueError naming the first such deal, and the batch is unchanged."""
    batch = BatchGame(preset("italian-2p"), 5)
    batch.reset(seed=2)
    batch.step(batch.legal_mask().argmax(axis=1))
    good = batch.legal_mask().argmax(axis=1)
    _unchanged(batch, lambda: batch.step(good[:4]), r"shape \(5,\)")
    _unchanged(batch, lambda: batch.step(good.reshape(5, 1)), r"shape \(5,\)")
    _unchanged(batch, lambda: batch.step(good.astype(float)), "int array")
    _unchanged(batch, lambda: batch.step(good > 0), "int array")
    illegal = good.copy()
    illegal[3] = int(np.flatnonzero(~batch.legal_mask()[3])[0])
    _unchanged(batch, lambda: batch.step(illegal), "deal 3: action")
    out_of_range = good.copy()
    out_of_range[2] = 40
    out_of_range[4] = -1
    _unchanged(batch, lambda: batch.step(out_of_range), "deal 2: action 40 is not legal")
    batch.step(good)  # still usable
    assert batch.to_move.tolist() == batch._d.mover.tolist()


def test_finished_deals_ignore_their_actions() -> None:
    """Batched deals, "Arrays in, arrays out": where a deal is over its
    action is ignored, -1 or anything else; the arrays read as a finished
    deal's (no seat to move, no legal action, zero observations for the
    mover)."""
    batch = BatchGame(preset("split-2p"), 3)
    batch.reset(seed=5)
    while not batch.is_over.all():
        batch.step(batch.legal_mask().argmax(axis=1))
    before = _snapshot(batch)
    batch.step(np.array([-1, -1, -1]))
    batch.step(np.array([99, -7, 3]))
    assert all(np.array_equal(a, b) for a, b in zip(before, _snapshot(batch)))
    assert batch.to_move.tolist() == [-1, -1, -1]
    assert not batch.legal_mask().any()
    assert not batch.observations().any()
    assert batch.observations(np.array([0, 1, 0])).any()
    assert batch.scores().sum(axis=1).max() <= 1


def test_bad_packs_and_dealers_raise_and_leave_the_batch_unchanged() -> None:
    """Batched deals, "Arrays in, arrays out": packs that are not orders of
    the rules' pack, dealers that are not seats, a seed with packs, a wrong
    shape or type: a ValueError, the batch as it was."""
    rules = preset("italian-2p")
    batch = BatchGame(rules, 3)
    batch.reset(seed=1)
    decks, dealers = _decks(rules, 3, seed=4)
    assert isinstance(decks, np.ndarray) and isinstance(dealers, np.ndarray)
    _unchanged(batch, lambda: batch.reset(decks=decks[:2]), r"decks must be .* \(3, 40\)")
    _unchanged(batch, lambda: batch.reset(decks=decks.astype(float)), "int array")
    repeated = decks.copy()
    repeated[1, 0] = repeated[1, 1]
    _unchanged(batch, lambda: batch.reset(decks=repeated), r"deal 1: decks\[1\]")
    outside = decks.copy()
    outside[2, 5] = 40
    _unchanged(batch, lambda: batch.reset(decks=outside), r"deal 2: decks\[2\]")
    _unchanged(batch, lambda: batch.reset(decks=decks, seed=3), "a seed or decks")
    _unchanged(batch, lambda: batch.reset(dealers=np.array([0, 2, 1])), "deal 1: a dealer")
    _unchanged(batch, lambda: batch.reset(dealers=np.array([0, 1])), r"dealers must .* \(3,\)")
    _unchanged(
        batch, lambda: batch.observations(np.array([0, 1, 5])), "deal 2: a seat is from 0 to 1"
    )
    _unchanged(batch, lambda: batch.observations(np.array([0.0, 1.0, 0.0])), "int array")
    small = BatchGame(SMALL_PACK, 2)
    assert small.legal_mask().shape == (2, 38)
    with pytest.raises(ValueError, match="deal 0"):
        small.reset(decks=np.array([[c.index for c in rules.pack[:38]]] * 2))


def test_arrays_handed_out_are_copies_or_read_only() -> None:
    """Batched deals, "Arrays in, arrays out": the masks and observations
    are read-only views, which cannot be written and follow the batch;
    the other arrays are copies, whose changes leave the batch as it was."""
    batch = BatchGame(preset("finnish-2p"), 4)
    batch.reset(seed=9)
    before = _snapshot(batch)
    mask, seen = batch.legal_mask(), batch.observations()
    for view in (mask, seen):
        assert not view.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            view[...] = 1
    for array in (batch.to_move, batch.is_over, batch.points(), batch.scores()):
        array[...] = 1
    assert all(np.array_equal(a, b) for a, b in zip(before, _snapshot(batch)))
    kept = mask.copy()
    batch.step(mask.argmax(axis=1))
    assert not np.array_equal(kept, mask)  # the view follows the batch
    assert np.array_equal(mask, batch.legal_mask())


def test_a_seed_deals_the_same_batch_again() -> None:
    """Batched deals, "Arrays in, arrays out": the same seed deals the same
    packs; the dealer is the last seat unless given, so seat 0 leads."""
    rules = preset("portuguese-2p")
    batch = BatchGame(rules, 16)
    batch.reset(seed=21)
    first = batch.observations().copy()
    batch.reset(seed=22)
    assert not np.array_equal(first, batch.observations())
    batch.reset(seed=21)
    assert np.array_equal(first, batch.observations())
    assert batch.to_move.tolist() == [0] * 16
    deck = np.array([[c.index for c in rules.pack]] * 16)
    batch.reset(decks=deck, dealers=np.zeros(16, dtype=np.uint8))
    state = new_game(rules, deck=rules.pack, dealer=0)
    encoding = encoding_for(rules)
    assert batch.to_move.tolist() == [1] * 16
    assert np.array_equal(_bits(batch.observations()[0]), _bits(encoding.encode(observe(state, 1))))


def test_the_core_never_imports_the_batched_engine() -> None:
    """Batched deals: ``briscola.vector`` is an extra; importing the
    package and playing a deal does not load it (or NumPy)."""
    code = (
        "import sys, briscola\n"
        "s = briscola.new_game(briscola.preset('italian-2p'), seed=1)\n"
        "briscola.observe(s, 0)\n"
        "print('briscola.vector' in sys.modules, 'numpy' in sys.modules)\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert found == ["False", "False"]


def test_bad_auction_actions_raise_and_leave_the_batch_unchanged() -> None:
    """Briscola bastardo; Batched deals, "Arrays in, arrays out": in the
    chiamata's auction a bid not above the highest, a card played or
    called before the call, and then a call of a card of another rank
    than the rank bid raise a ValueError naming the first such deal, and
    the batch is unchanged."""
    rules = preset("chiamata")
    starts = {section.name: section.start for section in encoding_for(rules).action_sections}
    batch = BatchGame(rules, 3)
    batch.reset(seed=4)
    king = starts["bid"] + rules.strength.index(Rank.KING)
    batch.step(np.full(3, king))  # seat 0 bids the king at 61
    passes = np.full(3, starts["pass"])
    again = passes.copy()
    again[1] = king
    _unchanged(batch, lambda: batch.step(again), f"deal 1: action {king} is not legal")
    card = passes.copy()
    card[2] = 0
    _unchanged(batch, lambda: batch.step(card), "deal 2: action 0 is not legal")
    early = passes.copy()
    early[0] = starts["call"]
    _unchanged(batch, lambda: batch.step(early), "deal 0: action")
    for _ in range(4):
        batch.step(passes)  # the others pass: seat 0 declares
    mask = batch.legal_mask()
    kings = [starts["call"] + i for i, c in enumerate(rules.pack) if c.rank is Rank.KING]
    assert [np.flatnonzero(row).tolist() for row in mask] == [kings] * 3
    other = np.full(3, kings[0])
    other[1] = starts["call"] + rules.pack.index(Card(Suit.CUPS, Rank.ACE))
    _unchanged(batch, lambda: batch.step(other), "deal 1: action")
    batch.step(np.full(3, kings[0]))
    assert batch.to_move.tolist() == [0, 0, 0]


def _agree_and_score(rules: Rules, deals: int, seed: int, first: int | None = None) -> None:
    """Play ``deals`` random deals of ``rules`` in a batch and in the
    engine, comparing every array at every step, then the outcomes."""
    decks, dealers = _decks(rules, deals, seed=seed)
    batch, states, _ = _play_both(rules, decks, dealers, first=first)
    results = [outcome(s) for s in states]
    assert batch.scores().tolist() == [list(r.scores) for r in results if r is not None]


def test_a_trump_exchange_with_splits_cut_or_knock_offers_the_cut() -> None:
    """Split briškula: cut or knock; Batched deals, "Supported rules": with
    the Spanish exchange added to Split's deal, the first mask offers the
    cut and the knock, as the engine does, and the deals agree with the
    engine to the end whichever the cutter chose."""
    rules = attrs.evolve(preset("split-2p"), exchange=preset("spanish-2p").exchange)
    assert unsupported(rules) is None
    batch = BatchGame(rules, 4)
    batch.reset(seed=1)
    encoding = encoding_for(rules)
    engine = encoding.mask(new_game(rules, seed=1))
    assert batch.legal_mask().tolist() == [list(engine)] * 4
    cut = next(s.start for s in encoding.action_sections if s.name == "cut")
    for first in (cut, cut + 1):
        _agree_and_score(rules, 24, seed=first, first=first)


@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(rules=strategies.rules(), seed=strategies.seeds)
def test_every_rule_set_the_batch_accepts_agrees_with_the_engine(rules: Rules, seed: int) -> None:
    """Batched deals, "Supported rules" and "The same game": random rule
    sets (presets and their variations: seats, removed cards, hand sizes,
    strength and point orders, deals, exchanges, teams, partners' hands,
    talk, auctions) that the batch accepts agree with the engine in every
    array at every step of 6 random deals."""
    assume(unsupported(rules) is None)
    _agree_and_score(rules, 6, seed=seed % 1000)


def test_few_drawn_rule_sets_are_refused() -> None:
    """Batched deals, "Supported rules": of 200 rule sets drawn as the
    test above draws them, at most one in ten is refused, and only for a
    cut or a knocked deal alone (16 of 200 when this was written)."""
    refused: list[str] = []

    @settings(max_examples=200, derandomize=True, database=None, deadline=None)
    @given(rules=strategies.rules())
    def draw(rules: Rules) -> None:
        reason = unsupported(rules)
        if reason is not None:
            assert rules.deal in (DealStyle.CUT, DealStyle.KNOCK)
            refused.append(reason)

    draw()
    assert len(refused) <= 20


_UNCOMPILED = """
import json, sys
import numpy as np
from briscola import preset
from briscola.vector import BatchGame, _stepping
from tests.test_vector import RULES, _agree_and_score
assert not hasattr(_stepping.step_deals, "py_func")  # a plain function
for name in sys.argv[1:]:
    _agree_and_score(RULES[name], 3, seed=len(name))
batch = BatchGame(preset("split-4p"), 8)
batch.reset(seed=2)
print(json.dumps(batch.play_out("greedy", seed=5).tolist()))
"""


def test_the_kernels_agree_uncompiled_too() -> None:
    """Batched deals, "Speed": with NUMBA_DISABLE_JIT=1 the kernels run as
    plain Python (for coverage and debuggers); a sample of rule sets
    (trick play, exchanges, the redraw with partners' hands, talk, the
    auction) still agrees with the engine at every step, and a seeded
    play-out plays the same deals as the compiled one."""
    names = ["italian-2p", "spanish-4p", "finnish-4p", "split-dupla-4p", "chiamata"]
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    found = subprocess.run(
        [sys.executable, "-c", _UNCOMPILED, *names],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env=env,
    )
    batch = BatchGame(preset("split-4p"), 8)
    batch.reset(seed=2)
    assert json.loads(found.stdout) == batch.play_out("greedy", seed=5).tolist()


class _Sizes(NamedTuple):
    """A named tuple of the kernels' kind whose fields share names with
    the rulebook's packed numbers."""

    n: Any
    width: Any


def test_the_rulebook_reads_its_packed_numbers_by_name() -> None:
    """The rulebook keeps its numbers in one array for the kernels' calls,
    read by name the same compiled and in Python; other named tuples with
    fields of those names read their own fields in compiled code."""
    from numba import njit

    from briscola.vector._rulebook import Rulebook, rulebook

    rules = preset("spanish-4p")
    book = rulebook(rules)
    encoding = encoding_for(rules)

    def numbers(book: Rulebook) -> tuple[int, int, int, int]:
        return book.n, book.width, book.actions, book.exchange

    def fields(sizes: _Sizes) -> Any:
        return sizes.n[0] + sizes.width[1]

    compiled: Any = njit(numbers)
    expected = (4, encoding.observation_size, encoding.num_actions, book.exchange)
    assert compiled(book) == numbers(book) == expected
    assert book.exchange > 0 and book.talk == 0
    assert njit(fields)(_Sizes(np.array([3, 0]), np.array([0, 4]))) == 7


def test_a_rulebook_needs_every_number() -> None:
    """Building a rulebook without one of its numbers names it."""
    from briscola.vector._rulebook import Rulebook, rulebook

    fields = rulebook(preset("italian-2p"))._asdict()
    del fields["scalars"]
    with pytest.raises(TypeError, match="needs the numbers n, cards"):
        Rulebook.of(**fields)


def test_packed_numbers_are_numbered_without_gaps() -> None:
    """A table of packed numbers whose indices skip one is refused when
    its numbers are read."""
    from briscola.vector._compiling import Packed, packed_numbers

    class Gapped:
        first = Packed(0)
        third = Packed(2)

    with pytest.raises(TypeError, match="Gapped's Packed indices must run 0, 1, ... without gaps"):
        packed_numbers(Gapped, {"first": 1, "third": 3})
