"""A weights file may carry a value head beside the policy, and
``LearnedBot.value`` reads it the same with NumPy or without."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from briscola import apply, legal_actions, new_game, observe, preset
from briscola.bots import LearnedBot
from briscola.bots._weights import MAX_VALUE_LAYERS, load_weights, save_weights
from briscola.encoding import encoding_for

np = pytest.importorskip("numpy")

RULES = preset("italian-2p")
INPUTS = encoding_for(RULES).observation_size
OUTPUTS = encoding_for(RULES).num_actions


def _layers(sizes: list[int], seed: int) -> list[tuple[Any, Any]]:
    rng = np.random.default_rng(seed)
    return [
        (rng.normal(0, 0.2, (a, b)).astype(np.float32), rng.normal(0, 0.1, b).astype(np.float32))
        for a, b in zip(sizes, sizes[1:])
    ]


def _file(tmp_path: Path, value_sizes: list[int]) -> Path:
    path = tmp_path / "net.npz"
    save_weights(
        path,
        RULES,
        _layers([INPUTS, 32, 16, OUTPUTS], 1),
        _layers(value_sizes, 2),
        preset="italian-2p",
        value_target="margin",
    )
    return path


def test_value_is_the_same_with_numpy_and_without(tmp_path: Path) -> None:
    """Bots, "The weights file": the value head's output for an
    observation is the same evaluated in plain Python and with NumPy, at
    every seat of a deal played on, and differs from one position to the
    next."""
    path = _file(tmp_path, [16, 8, 1])
    fast, slow = LearnedBot(path, backend="numpy"), LearnedBot(path, backend="python")
    state = new_game(RULES, seed=5)
    values = []
    while not state.is_over:
        for seat in range(RULES.players):
            seen = observe(state, seat)
            a, b = fast.value(seen), slow.value(seen)
            assert a is not None and b is not None
            assert a == pytest.approx(b, abs=1e-4)
            values.append(a)
        state = apply(state, legal_actions(state)[0])
    assert len(set(round(v, 4) for v in values)) > 10
    assert load_weights(path).sizes == (INPUTS, 32, 16, OUTPUTS)


def test_a_one_layer_value_head_reads_the_last_hidden_layer(tmp_path: Path) -> None:
    """Bots, "The weights file": a value head of one layer is a linear
    reading of the last hidden layer (after its ReLU)."""
    path = _file(tmp_path, [16, 1])
    net = load_weights(path)
    state = new_game(RULES, seed=2)
    vector = encoding_for(RULES).encode(observe(state, 0))
    hidden = np.asarray(vector, dtype=np.float32)
    for weights, bias in net.layers[:-1]:
        hidden = np.maximum(hidden @ np.asarray(weights) + np.asarray(bias), 0)
    ((weights, bias),) = net.value_layers
    expected = float(hidden @ np.asarray(weights)[:, 0] + bias[0])
    assert net.value_python(vector) == pytest.approx(expected, abs=1e-4)
    assert net.value_numpy(vector) == pytest.approx(expected, abs=1e-4)


def test_files_without_a_value_head_still_load() -> None:
    """Bots, "The weights file": a file without a value head (the shipped
    italian-4p one) loads and plays, and its value is ``None``; so is the
    value of rules without weights. The shipped italian-2p file has one."""
    pairs = preset("italian-4p")
    state = new_game(pairs, seed=3)
    assert LearnedBot().value(observe(state, 0)) is None
    legal = legal_actions(state)
    assert LearnedBot().choose(observe(state, 0), legal, random.Random(0)) in legal
    assert LearnedBot().value(observe(new_game(preset("spanish-2p"), seed=3), 0)) is None
    value = LearnedBot().value(observe(new_game(RULES, seed=3), 0))
    assert value is not None and -1 <= value <= 1


@pytest.mark.parametrize(
    ("value_sizes", "message"),
    [
        ([16, 8, 2], "the value head gives 2 outputs, not 1"),
        ([15, 1], r"value head layer 0 has shapes \(15, 1\)"),
        ([16, *[4] * MAX_VALUE_LAYERS, 1], f"unexpected member 'value_w{MAX_VALUE_LAYERS}.npy'"),
    ],
    ids=["outputs", "chain", "layers"],
)
def test_a_malformed_value_head_is_refused(
    tmp_path: Path, value_sizes: list[int], message: str
) -> None:
    """Bots, "Bounds of a weights file": a value head that does not read
    the last hidden layer, gives more than one output or has more layers
    than the bound is refused with a ``ValueError``."""
    with pytest.raises(ValueError, match=message):
        load_weights(_file(tmp_path, value_sizes))
