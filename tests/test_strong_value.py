"""StrongBot with a learned value at its leaves: where the search plays
out, each card's value is mixed with the value network's judgement of
the position after it, and nowhere else (Bots, "Search with what was
learned")."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from briscola import apply, observe, preset
from briscola.bots import HeuristicBot, LearnedBot, StrongBot
from briscola.bots._weights import save_weights
from briscola.encoding import encoding_for
from tests.seat_zero import seat_zero_decisions, seat_zero_histories

np = pytest.importorskip("numpy")

ITALIAN = preset("italian-2p")
BUDGET = 600


def network_file(path: Path, value: float | None, seed: int = 0) -> Path:
    """A small network for italian-2p: random layers 344-16-40 and, unless
    ``value`` is ``None``, a value head 16-8-1; a constant one (all weights
    0, output ``value``) when ``value`` is not NaN, else random."""
    encoding = encoding_for(ITALIAN)
    draw = np.random.default_rng(seed)
    layers = [
        (draw.normal(0, 0.3, (encoding.observation_size, 16)), draw.normal(0, 0.1, 16)),
        (draw.normal(0, 0.3, (16, encoding.num_actions)), np.zeros(encoding.num_actions)),
    ]
    head = []
    if value is not None:
        if value == value:
            head = [(np.zeros((16, 8)), np.zeros(8)), (np.zeros((8, 1)), np.array([value]))]
        else:
            head = [(draw.normal(0, 1, (16, 8)), draw.normal(0, 0.1, 8))]
            head.append((draw.normal(0, 1, (8, 1)), np.zeros(1)))
    save_weights(path, ITALIAN, layers, head, preset="italian-2p")
    return path


def test_a_constant_value_takes_every_trick_it_can_before_the_end(tmp_path: Path) -> None:
    """A value head that says "the seat to move is winning", weighed
    alone: after a card that takes the trick the bot is to move (a win),
    after one that gives it away its opponent is (a loss); so, replying
    while the search still plays out, it takes the trick whenever a card
    can."""
    value = LearnedBot(network_file(tmp_path / "sure.npz", 0.9))
    bot = StrongBot(BUDGET, value=value, value_weight=1.0)
    checked = 0
    for state, legal, action in seat_zero_decisions(ITALIAN, bot, range(4), random.Random(5)):
        seen = observe(state, 0)
        later = seen.stock_size + sum(seen.hand_sizes) > 10
        if state.trick and later:
            taking = [a for a in legal if apply(state, a).to_move == 0]
            if taking:
                assert action in taking
                checked += 1
    assert checked >= 5


def test_the_value_changes_moves_only_where_a_value_exists(tmp_path: Path) -> None:
    """A random value head, or the shipped italian-2p network's, changes
    some moves of italian-2p; a weights file without a value head, a value
    weighed 0, and rules the network has no weights for play exactly as
    the search alone."""
    random_value = LearnedBot(network_file(tmp_path / "random.npz", float("nan")))
    seeds = range(3)
    alone = seat_zero_histories(ITALIAN, StrongBot(BUDGET), seeds)
    assert seat_zero_histories(ITALIAN, StrongBot(BUDGET, value=random_value), seeds) != alone
    assert seat_zero_histories(ITALIAN, StrongBot(BUDGET, value=LearnedBot()), seeds) != alone
    policy_only = LearnedBot(network_file(tmp_path / "policy.npz", None))
    for value, weight in ((policy_only, 1.0), (random_value, 0.0)):
        guided = StrongBot(BUDGET, value=value, value_weight=weight)
        assert seat_zero_histories(ITALIAN, guided, seeds) == alone
    spanish = preset("spanish-2p")
    guided = StrongBot(BUDGET, value=random_value, value_weight=1.0)
    assert seat_zero_histories(spanish, guided, seeds) == seat_zero_histories(
        spanish, StrongBot(BUDGET), seeds
    )


def test_numpy_and_plain_python_choose_the_same_moves(tmp_path: Path) -> None:
    """The value network evaluated with NumPy and in plain Python leads
    the search to the same moves, deal after deal."""
    path = network_file(tmp_path / "random.npz", float("nan"), seed=7)
    moves = {}
    for backend in ("numpy", "python"):
        value = LearnedBot(path, backend=backend)
        bot = StrongBot(BUDGET, value=value, value_weight=0.7, value_worlds=4)
        moves[backend] = seat_zero_histories(ITALIAN, bot, range(3))
    assert moves["numpy"] == moves["python"]


def test_value_arguments_are_checked_and_shown() -> None:
    """The value is a LearnedBot, its weight a share from 0 to 1 and its
    worlds a positive int; ``repr`` names them when they are not the
    defaults."""
    with pytest.raises(TypeError, match="value must be a LearnedBot"):
        StrongBot(value=HeuristicBot())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="value_weight"):
        StrongBot(value=LearnedBot(), value_weight=1.5)
    with pytest.raises(ValueError, match="value_worlds"):
        StrongBot(value=LearnedBot(), value_worlds=0)
    assert repr(StrongBot(5000, value=LearnedBot(), value_weight=0.3, value_worlds=4)) == (
        "StrongBot(budget=5000, value=LearnedBot(), value_weight=0.3, value_worlds=4)"
    )
    assert repr(StrongBot(value=LearnedBot())) == "StrongBot(budget=25000, value=LearnedBot())"
