"""The self-play trainer (``tools/train_selfplay.py``): its rollouts on the
batched engine, advantages and league run without torch; with torch, a
tiny run trains, saves, resumes and scores itself against a yardstick."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from briscola import preset
from briscola.bots import LearnedBot, play_deal
from tests.scripts import load_script

np = pytest.importorskip("numpy")

ROOT = Path(__file__).parent.parent


def _trainer() -> Any:
    return load_script("tools/train_selfplay.py")


def _options(**changes: Any) -> argparse.Namespace:
    options = {"self_share": 0.5, "league_power": 1.0, "reward": "margin"}
    return argparse.Namespace(**{**options, **changes})


def _small(module: Any, rules_name: str, seed: int) -> Any:
    """A small random network, with a value head, for ``rules_name``."""
    from briscola.encoding import encoding_for

    encoding = encoding_for(preset(rules_name))
    rng = np.random.default_rng(seed)
    sizes = [encoding.observation_size, 24, encoding.num_actions]
    layers = [(rng.normal(0, 0.3, (a, b)), rng.normal(0, 0.1, b)) for a, b in zip(sizes, sizes[1:])]
    return module.Policy(layers, [(rng.normal(0, 0.3, (24, 1)), np.zeros(1))])


def test_self_play_loop_runs_without_torch() -> None:
    """Bots, "Learned bot": a few steps of the self-play loop (rollouts
    on the batched engine against league members drawn per deal,
    advantages, the league's scores) need NumPy only; the learner starts
    from the shipped network, read by the package's loader."""
    module = _trainer()
    rules = preset("italian-2p")
    from briscola.vector import BatchGame

    shipped = module.Policy.load(ROOT / "briscola" / "bots" / "weights" / "italian-2p.npz")
    learner = module.Policy(shipped.layers, [(np.zeros((256, 1)), np.full(1, 0.1))])
    league = module.League()
    league.add("shipped", "shipped.npz", 3, pinned=True)
    league.add("old", "old.npz", 3)
    game = BatchGame(rules, 16)
    rng = np.random.default_rng(4)
    for _ in range(3):
        batch = module.collect(game, learner, [shipped, shipped], league, rng, _options())
        league.record(batch["versus"], batch["deal_score"])
        advantage, returns = module.advantages(batch, 0.95)
        assert len(advantage) == len(batch["action"]) > 16 * 10
        assert np.isfinite(advantage).all() and np.allclose(returns, advantage + batch["value"])
        assert (batch["mask"][np.arange(len(batch["action"])), batch["action"]]).all()
        assert (batch["mask"].sum(1) > 1).all()  # no forced moves are learned from
        assert set(np.unique(batch["versus"])) <= {module.SELF, 0, 1}
    assert sum(member["deals"] for member in league.members) > 0
    assert all(0 <= member["score"] <= 1 for member in league.members)


def test_partners_are_trained_together() -> None:
    """Bots, "Learned bot": in italian-4p against a league member, the
    learner's decisions are those of both seats of one side, and both
    partners get the side's reward; in self-play every seat learns."""
    module = _trainer()
    rules = preset("italian-4p")
    from briscola.vector import BatchGame

    learner, member = _small(module, "italian-4p", 1), _small(module, "italian-4p", 2)
    league = module.League()
    league.add("member", "member.npz", 2, pinned=True)
    game = BatchGame(rules, 12)
    batch = module.collect(
        game, learner, [member], league, np.random.default_rng(3), _options(self_share=0.0)
    )
    for deal in range(12):
        seats = set(batch["seat"][batch["deal"] == deal].tolist())
        assert seats in ({0, 2}, {1, 3})
        rewards = set(batch["reward"][batch["deal"] == deal].tolist())
        assert len(rewards) == 1
    alone = module.collect(
        game, learner, [member], league, np.random.default_rng(3), _options(self_share=1.0)
    )
    for deal in range(12):
        assert set(alone["seat"][alone["deal"] == deal].tolist()) == {0, 1, 2, 3}
        by_seat = {
            s: alone["reward"][(alone["deal"] == deal) & (alone["seat"] == s)][0] for s in range(4)
        }
        assert by_seat[0] == by_seat[2] == -by_seat[1] == -by_seat[3]


def test_rewards_are_the_deal_outcome() -> None:
    """Bots, "Learned bot": the reward is the side's points less the
    other side's over the pack's (``margin``), or its sign (``win``)."""
    module = _trainer()
    rules = preset("italian-2p")
    points = np.array([[70, 50], [60, 60], [10, 110]])
    expected = [[20 / 120, -20 / 120], [0, 0], [-100 / 120, 100 / 120]]
    assert np.allclose(module.outcomes(rules, points, "margin"), expected)
    assert module.outcomes(rules, points, "win").tolist() == [[1, -1], [0, 0], [-1, 1]]


def test_advantages_follow_each_seat_to_the_end_of_its_deal() -> None:
    """Bots, "Learned bot": with ``lam`` 1 the advantage is the outcome
    less the value; with 0 it is the next value of the same seat in the
    same deal less this one (the outcome at its last decision)."""
    module = _trainer()
    batch = {
        "deal": np.array([0, 0, 1, 0, 0]),
        "seat": np.array([0, 1, 0, 0, 1]),
        "value": np.array([0.1, 0.2, 0.3, 0.4, 0.5], np.float32),
        "reward": np.array([1.0, -1.0, 0.5, 1.0, -1.0], np.float32),
    }
    full, _ = module.advantages(batch, 1.0)
    assert full.tolist() == pytest.approx([0.9, -1.2, 0.2, 0.6, -1.5])
    one_step, returns = module.advantages(batch, 0.0)
    assert one_step.tolist() == pytest.approx([0.3, 0.3, 0.2, 0.6, -1.5])
    assert returns.tolist() == pytest.approx([0.4, 0.5, 0.5, 1.0, -1.0])


def test_league_draws_weaker_opponents_less_and_keeps_its_pins() -> None:
    """Bots, "Learned bot": members the learner beats are drawn less
    often (never never), self-play takes its share, and beyond the limit
    the oldest member that is not pinned leaves."""
    module = _trainer()
    league = module.League()
    league.add("shipped", "a", 3, pinned=True)
    league.add("one", "b", 3)
    league.members[0]["score"], league.members[1]["score"] = 0.9, 0.2
    drawn = league.sample(np.random.default_rng(0), 4000, 0.25, 1.0)
    assert abs((drawn == module.SELF).mean() - 0.25) < 0.03
    assert 0 < (drawn == 0).sum() < (drawn == 1).sum() / 3
    league.add("two", "c", 3)
    league.add("three", "d", 3)
    assert [m["name"] for m in league.members] == ["shipped", "two", "three"]


def test_a_tiny_run_trains_saves_and_resumes(tmp_path: Path) -> None:
    """Bots, "Learned bot": with torch, two tiny updates write weights
    with a value head that the bot plays from, a log of the updates and
    a yardstick score, and ``--resume`` carries on from the saved run."""
    pytest.importorskip("torch")
    module = _trainer()
    run = tmp_path / "run"
    module.main(["--smoke", "--run", str(run)])
    entries = [json.loads(line) for line in (run / "log.jsonl").read_text().splitlines()]
    assert [e["update"] for e in entries if e["kind"] == "update"] == [1, 2]
    (score,) = [e for e in entries if e["kind"] == "yardstick"]
    assert score["yardstick"] == "heuristic" and 0 <= score["low"] <= score["high"] <= 1
    bot = LearnedBot(run / "latest.npz")
    rules = preset("italian-2p")
    assert play_deal(rules, [bot, bot], seed=1).is_over
    from briscola import new_game, observe

    assert bot.value(observe(new_game(rules, seed=1), 0)) is not None
    with pytest.raises(SystemExit, match="--resume"):
        module.main(["--smoke", "--run", str(run)])
    module.main(["--run", str(run), "--resume", "--updates", "3"])
    entries = [json.loads(line) for line in (run / "log.jsonl").read_text().splitlines()]
    assert [e["update"] for e in entries if e["kind"] == "update"] == [1, 2, 3]
    assert json.loads((run / "progress.json").read_text())["deals"] == 24
