"""The learned bot and its weights file: legal play from the shipped
network, reproducible choices, the checks of the loader, the fallback to
the heuristic bot, and the two ways of evaluating the network agree
(Bots, "Learned bot")."""

from __future__ import annotations

import io
import json
import math
import random
import warnings
import zipfile
from pathlib import Path
from typing import Any

import pytest

from briscola import (
    GameState,
    Observation,
    apply,
    bots,
    legal_actions,
    new_game,
    observe,
    outcome,
    preset,
)
from briscola.bots import HeuristicBot, LearnedBot, RandomBot, make_bot, play_deal
from briscola.bots._weights import MAX_VALUES, load_weights, save_weights, shipped_weights
from briscola.encoding import LAYOUT_VERSION, encoding_for
from tests.scripts import load_script

np = pytest.importorskip("numpy")

ITALIAN = preset("italian-2p")


def seen_by_mover(state: GameState) -> Observation:
    seat = state.to_move
    assert seat is not None
    return observe(state, seat)


def shipped_bytes() -> bytes:
    from importlib import resources

    return (resources.files("briscola.bots") / "weights" / "italian-2p.npz").read_bytes()


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def repacked(parts: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def with_meta(**changes: object) -> bytes:
    """The shipped file with its metadata changed."""
    parts = members(shipped_bytes())
    stream = io.BytesIO(parts["meta.npy"])
    meta = json.loads(np.lib.format.read_array(stream, allow_pickle=False).tobytes())
    meta.update(changes)
    out = io.BytesIO()
    np.save(out, np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8), allow_pickle=False)
    parts["meta.npy"] = out.getvalue()
    return repacked(parts)


def test_learned_bot_plays_legal_moves_over_random_deals() -> None:
    """Bots, "Learned bot": from the shipped weights it returns a legal
    action at every decision of random deals, from either seat, against
    random and heuristic play."""
    bot = LearnedBot()
    for seed in range(12):
        other = RandomBot() if seed % 2 else HeuristicBot()
        bots = [bot, other] if seed % 4 < 2 else [other, bot]
        final = play_deal(ITALIAN, bots, seed=seed)
        result = outcome(final)
        assert result is not None and sum(result.points) == 120


def test_learned_bot_uses_the_shipped_network() -> None:
    """Bots, "Learned bot": its move is the legal action with the highest
    logit of the shipped network."""
    net = shipped_weights()[0]
    encoding = encoding_for(ITALIAN)
    bot = LearnedBot()
    state = new_game(ITALIAN, seed=5)
    while not state.is_over:
        seen = seen_by_mover(state)
        legal = legal_actions(state)
        logits = net.logits_numpy(encoding.encode(seen))
        best = max(legal, key=lambda action: logits[encoding.index(action)])
        chosen = bot.choose(seen, legal, random.Random(0))
        assert chosen == best
        state = apply(state, chosen)


def test_learned_bot_is_deterministic_given_its_rng() -> None:
    """Bots, "Learned bot": the same seeds give the same deal, with and
    without a temperature."""
    for temperature in (0.0, 1.0):
        first = play_deal(ITALIAN, [LearnedBot(temperature=temperature), RandomBot()], seed=7)
        again = play_deal(ITALIAN, [LearnedBot(temperature=temperature), RandomBot()], seed=7)
        assert first.history == again.history


def test_temperature_draws_other_moves() -> None:
    """Bots, "Learned bot": above 0, the temperature draws from the
    softmax, so some seeds play another card than the best one."""
    state = new_game(ITALIAN, seed=3)
    seen, legal = seen_by_mover(state), legal_actions(state)
    best = LearnedBot().choose(seen, legal, random.Random(0))
    hot = LearnedBot(temperature=100.0)
    drawn = {hot.choose(seen, legal, random.Random(seed)) for seed in range(40)}
    assert best in drawn and len(drawn) > 1


def test_numpy_and_plain_python_agree() -> None:
    """Bots, "Learned bot": the NumPy and the plain-Python evaluations give
    the same logits (to float rounding) and the same moves."""
    net = shipped_weights()[0]
    encoding = encoding_for(ITALIAN)
    fast, slow = LearnedBot(backend="numpy"), LearnedBot(backend="python")
    for seed in range(4):
        state = new_game(ITALIAN, seed=seed)
        while not state.is_over:
            seen = seen_by_mover(state)
            vector = encoding.encode(seen)
            a, b = net.logits_numpy(vector), net.logits_python(vector)
            assert max(abs(x - y) for x, y in zip(a, b)) < 1e-3
            legal = legal_actions(state)
            action = fast.choose(seen, legal, random.Random(0))
            assert slow.choose(seen, legal, random.Random(0)) == action
            state = apply(state, action)


def test_loading_refuses_another_layout_version() -> None:
    """Bots, "Learned bot": weights name the observation layout they were
    trained on; another version is refused with a clear error."""
    with pytest.raises(
        ValueError, match=f"layout version {LAYOUT_VERSION - 1}.*version {LAYOUT_VERSION}"
    ):
        load_weights(with_meta(layout_version=LAYOUT_VERSION - 1))
    with pytest.raises(ValueError, match="layout version None"):
        load_weights(with_meta(layout_version=None))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda parts: {"x.npy": b"1"}, "no 'meta' array"),
        (lambda parts: {**parts, "meta.npy": b"\x93NUMPY\x01\x00\x05\x00{}{}{"}, "header"),
        (lambda parts: {k: v for k, v in parts.items() if k != "b1.npy"}, "expected arrays"),
        (lambda parts: {**parts, "w0.npy": parts["w1.npy"]}, "layer 0"),
        (lambda parts: {**parts, "w1.npy": parts["w1.npy"][:-4]}, "bytes"),
        (lambda parts: {**parts, "b0.npy": b"not an array"}, "not a .npy"),
    ],
)
def test_loading_refuses_a_malformed_file(damage: object, message: str) -> None:
    """Bots, "Learned bot": a weights file whose arrays are missing,
    truncated or do not fit together is refused with ValueError."""
    parts = members(shipped_bytes())
    with pytest.raises(ValueError, match=message):
        load_weights(repacked(damage(parts)))  # type: ignore[operator]


def test_loading_refuses_pickles_and_bad_metadata() -> None:
    """Bots, "Learned bot": nothing is unpickled: an object array is
    refused, as are metadata of another format and non-finite weights."""
    out = io.BytesIO()
    np.save(out, np.array([{"a": 1}], dtype=object), allow_pickle=True)
    parts = members(shipped_bytes())
    with pytest.raises(ValueError, match="float32 or uint8"):
        load_weights(repacked({**parts, "w0.npy": out.getvalue()}))
    with pytest.raises(ValueError, match="format"):
        load_weights(with_meta(format="something else"))
    with pytest.raises(ValueError, match="rules"):
        load_weights(with_meta(rules={"players": "two"}))
    with pytest.raises(ValueError, match="not a .npz"):
        load_weights(b"PK\x03\x04 broken")


def test_saved_weights_load_back(tmp_path: Path) -> None:
    """Bots, "Learned bot": a file written by the training's writer loads
    into a network with the same shapes and outputs."""
    rng = np.random.default_rng(0)
    encoding = encoding_for(ITALIAN)
    layers = [
        (rng.normal(size=(encoding.observation_size, 8)), rng.normal(size=8)),
        (rng.normal(size=(8, encoding.num_actions)), rng.normal(size=encoding.num_actions)),
    ]
    path = tmp_path / "w.npz"
    save_weights(path, ITALIAN, layers, preset="italian-2p")
    net = load_weights(path)
    assert net.sizes == (encoding.observation_size, 8, encoding.num_actions)
    vector = encoding.encode(observe(new_game(ITALIAN, seed=1), 0))
    hidden = np.maximum(np.asarray(vector) @ layers[0][0] + layers[0][1], 0)
    expected = hidden @ layers[1][0] + layers[1][1]
    assert np.allclose(net.logits_python(vector), expected, atol=1e-3)
    bad = tmp_path / "nan.npz"
    save_weights(bad, ITALIAN, [(layers[0][0] * np.nan, layers[0][1]), layers[1]])
    with pytest.raises(ValueError, match="not finite"):
        load_weights(bad)
    wrong = tmp_path / "wrong.npz"
    save_weights(wrong, ITALIAN, [layers[0], (layers[1][0][:, :5], layers[1][1][:5])])
    with pytest.raises(ValueError, match="5 outputs"):
        LearnedBot(wrong)


def test_pairs_play_from_the_italian_4p_network() -> None:
    """Bots, "Learned bot": italian-4p has a network of its own, so a pair
    of learned bots plays every move as that network's best legal action,
    with no warning of a fallback."""
    rules = preset("italian-4p")
    (net,) = [net for net in shipped_weights() if net.metadata["preset"] == "italian-4p"]
    assert net.rules == rules and LearnedBot().has_weights(rules)
    encoding = encoding_for(rules)
    bot = LearnedBot()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for seed in range(3):
            state = new_game(rules, seed=seed)
            while not state.is_over:
                seen, legal = seen_by_mover(state), legal_actions(state)
                logits = net.logits_numpy(encoding.encode(seen))
                chosen = bot.choose(seen, legal, random.Random(0))
                assert chosen == max(legal, key=lambda action: logits[encoding.index(action)])
                state = apply(state, chosen)


def test_the_shipped_networks_fit_in_the_weights_bound_together() -> None:
    """Bots, "Bounds of a weights file": the package's networks, one per
    preset, hold at most the weights and biases one file may hold in all
    (4 MiB of float32), and their files take at most 4 MB."""
    from importlib import resources

    nets = shipped_weights()
    presets = [net.metadata["preset"] for net in nets]
    assert len(set(presets)) == len(presets) and {"italian-2p", "italian-4p"} <= set(presets)
    values = sum(
        len(weights) * len(bias) + len(bias)
        for net in nets
        for weights, bias in net.layers + net.value_layers
    )
    assert values <= MAX_VALUES
    folder = resources.files("briscola.bots") / "weights"
    files = [item for item in folder.iterdir() if item.name.endswith(".npz")]
    assert len(files) == len(nets)
    assert sum(len(item.read_bytes()) for item in files) <= 4_000_000


def test_rules_without_weights_fall_back_to_the_heuristic_bot_once() -> None:
    """Bots, "Learned bot": under rules it has no weights for it plays as
    the heuristic bot, and warns once, at its first choice."""
    rules = preset("spanish-2p")
    bot = LearnedBot()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        final = play_deal(rules, [bot, RandomBot()], seed=2)
    assert [str(w.message) for w in caught] == [
        "LearnedBot has no weights for these rules; it plays as HeuristicBot "
        "(the 'Bots' guide lists the rules with weights)"
    ]
    heuristic = play_deal(rules, [HeuristicBot(), RandomBot()], seed=2)
    assert final.history == heuristic.history


def test_make_bot_learned() -> None:
    """Bots, "Learned bot": the command line's name for it."""
    assert isinstance(make_bot(" Learned "), LearnedBot)
    with pytest.raises(ValueError):
        make_bot("learned:3")
    with pytest.raises(ValueError, match="temperature"):
        LearnedBot(temperature=-1.0)
    with pytest.raises(ValueError, match="backend"):
        LearnedBot(backend="gpu")  # type: ignore[arg-type]
    assert repr(LearnedBot(temperature=0.5, backend="python")) == (
        "LearnedBot(temperature=0.5, backend='python')"
    )


def _training_script() -> Any:
    return load_script("tools/train_learned.py")


def test_training_smoke_run_needs_no_torch(tmp_path: Path) -> None:
    """Bots, "Learned bot": the training script's smoke run plays and
    labels a few games, fits with NumPy, writes weights the bot loads and
    logs the curve."""
    module = _training_script()
    module.main(["--smoke", "--out", str(tmp_path)])
    log = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert [entry["iteration"] for entry in log] == [0, 1]
    assert log[1]["samples"] > log[0]["samples"] > 0
    exported = tmp_path / "export.npz"
    module.main(["--smoke", "--out", str(tmp_path), "--export", str(exported)])
    bot = LearnedBot(exported)
    assert play_deal(ITALIAN, [bot, RandomBot()], seed=1).is_over
    assert exported.read_bytes() == (tmp_path / "weights-01.npz").read_bytes()
    module.main(["--smoke", "--out", str(tmp_path), "--export", str(exported), "--pick", "0"])
    assert exported.read_bytes() == (tmp_path / "weights-00.npz").read_bytes()
    with pytest.raises(SystemExit, match="iteration 2 is not in"):
        module.main(["--smoke", "--out", str(tmp_path), "--export", str(exported), "--pick", "2"])


def test_expert_iteration_from_a_network_keeps_its_value_head(tmp_path: Path) -> None:
    """Bots, "Expert iteration on the guided search": started from a
    network with a value head and labelled by the search it guides, the
    learner plays from the first game, every labelled decision keeps its
    side's margin at the deal's end, and the fitted weights keep the
    head."""
    start = tmp_path / "start.npz"
    start.write_bytes((Path(bots.__file__).parent / "weights" / "italian-2p.npz").read_bytes())
    run = tmp_path / "run"
    argv = ["--smoke", "--out", str(run), "--start", str(start), "--prior", str(start)]
    _training_script().main([*argv, "--beta", "0", "--self-share", "1"])
    log = [json.loads(line) for line in (run / "log.jsonl").read_text().splitlines()]
    assert [(entry["iteration"], entry["beta"]) for entry in log] == [(0, 0.0), (1, 0.0)]
    assert not (run / "pretrained.npz").exists()
    with np.load(run / "data" / "00-000.npz") as samples:
        margins, labels = samples["z"], samples["y"]
    assert len(margins) == len(labels) > 0
    # Two seats, every one labelled: each margin is one side's, the other
    # side's the opposite, and both are fractions of the pack's points.
    assert set(np.round(np.abs(margins) * 120).astype(int).tolist()) <= set(range(121))
    assert {float(m) for m in margins} >= {-float(m) for m in margins}
    fitted = load_weights(run / "weights-00.npz")
    assert fitted.value_layers and "prior=start.npz" in fitted.metadata["trained"]
    seen = seen_by_mover(new_game(ITALIAN, seed=2))
    assert LearnedBot(run / "weights-00.npz").value(seen) is not None
    missing = ["--smoke", "--out", str(tmp_path / "other"), "--start", str(tmp_path / "none.npz")]
    with pytest.raises(SystemExit, match="no weights file"):
        _training_script().main(missing)
    assert not (tmp_path / "none.npz").exists()


def test_checkpoints_are_scored_once_each(tmp_path: Path) -> None:
    """Bots, "How it was trained": the checkpoint scorer plays each named
    iteration's weights against each opponent, logs one line per pair
    with a score between 0 and 1, and skips the pairs already logged."""
    _training_script().main(["--smoke", "--out", str(tmp_path)])
    module = load_script("tools/checkpoint_scores.py")
    argv = ["--run", str(tmp_path), "--iterations", "0,1", "--opponents", "random,heuristic"]
    module.main([*argv, "--packs", "2"])
    log = tmp_path / "checkpoints.jsonl"
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(e["iteration"], e["opponent"]) for e in entries] == [
        (0, "random"),
        (0, "heuristic"),
        (1, "random"),
        (1, "heuristic"),
    ]
    assert all(0 <= e["score"] <= 1 and e["packs"] == 2 for e in entries)
    module.main([*argv, "--packs", "2"])
    assert len(log.read_text().splitlines()) == 4


def test_training_targets_share_out_the_expert_values() -> None:
    """Bots, "How it was trained": a sample with the expert's values is
    fitted to their softmax over its legal actions (equal values share
    alike, a better action gets more, an illegal one nothing); a sample
    with a label only is fitted to the label."""
    np = pytest.importorskip("numpy")
    module = _training_script()
    nan = float("nan")
    mask = np.array([[True, True, True, False], [True, True, False, False]])
    values = np.array([[1.0, 1.0, 1.2, nan], [nan, nan, nan, nan]], dtype=np.float32)
    labels = np.array([2, 1])
    target = module.soft_targets(mask, labels, values, 0.1)
    assert target.sum(1) == pytest.approx([1.0, 1.0])
    assert target[0, 0] == pytest.approx(target[0, 1])
    assert target[0, 2] == pytest.approx(target[0, 0] * math.exp(2.0))
    assert target[0, 3] == 0.0
    assert target[1].tolist() == [0.0, 1.0, 0.0, 0.0]
    assert module.soft_targets(mask, labels, values, 0.0)[0].tolist() == [0.0, 0.0, 1.0, 0.0]
