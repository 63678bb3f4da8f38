"""StrongBot guided by a learned prior: the network's probabilities are
added to the search's values before the best card is played, and only
there (Bots, "Search with what was learned")."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest

from briscola import GameState, apply, legal_actions, new_game, observe, preset
from briscola.bots import HeuristicBot, LearnedBot, StrongBot, play_deal
from briscola.bots._weights import save_weights
from briscola.encoding import encoding_for
from tests.seat_zero import seat_zero_decisions, seat_zero_histories

np = pytest.importorskip("numpy")

ITALIAN = preset("italian-2p")


def lowest_index_prior(path: Path) -> LearnedBot:
    """A one-layer network whose logits fall by 50 per action index: its
    policy puts all but nothing on the legal action of lowest index."""
    encoding = encoding_for(ITALIAN)
    weights = np.zeros((encoding.observation_size, encoding.num_actions))
    bias = -50.0 * np.arange(encoding.num_actions)
    save_weights(path, ITALIAN, [(weights, bias)], preset="italian-2p")
    return LearnedBot(path)


def test_policy_is_a_distribution_over_the_legal_actions() -> None:
    """The shipped network's policy: one probability per legal action, in
    order, summing to 1, its most likely action the one the bot plays;
    ``None`` without a warning for rules without weights."""
    bot = LearnedBot()
    rng = random.Random(0)
    for seed in range(4):
        state: GameState = new_game(ITALIAN, seed=seed)
        while state.to_move is not None:
            seen = observe(state, state.to_move)
            legal = legal_actions(state)
            odds = bot.policy(seen, legal)
            assert odds is not None and len(odds) == len(legal)
            assert sum(odds) == pytest.approx(1.0)
            assert all(0 <= p <= 1 for p in odds)
            if len(legal) > 1:
                assert legal[max(range(len(legal)), key=odds.__getitem__)] == bot.choose(
                    seen, legal, rng
                )
            state = apply(state, rng.choice(legal))
    spanish = new_game(preset("spanish-2p"), seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert bot.policy(observe(spanish, 0), legal_actions(spanish)) is None


def test_a_heavy_prior_decides_and_a_weightless_one_changes_nothing(tmp_path: Path) -> None:
    """With a prior that wants the lowest action index, weighed far above
    any value a world can give (at most 4), the bot plays that card at
    every decision; with weight 0, or under rules the prior has no
    weights for, it plays exactly as the search alone."""
    prior = lowest_index_prior(tmp_path / "low.npz")
    encoding = encoding_for(ITALIAN)
    heavy = StrongBot(600, prior=prior, prior_weight=50.0)
    for _, legal, action in seat_zero_decisions(ITALIAN, heavy, range(3), random.Random(3)):
        assert action == min(legal, key=encoding.index)
    for rules in (ITALIAN, preset("spanish-2p")):
        for seed in range(2):
            weightless = StrongBot(600, prior=prior, prior_weight=0.0)
            alone = play_deal(rules, [StrongBot(600), HeuristicBot()], seed=seed)
            guided = play_deal(rules, [weightless, HeuristicBot()], seed=seed)
            assert guided.history == alone.history
    spanish = play_deal(preset("spanish-2p"), [StrongBot(600), HeuristicBot()], seed=4)
    assert spanish.history == (
        play_deal(preset("spanish-2p"), [heavy, HeuristicBot()], seed=4).history
    )


def test_prior_arguments_are_checked_and_shown() -> None:
    """The prior is a LearnedBot and its weight a number from 0 to 100;
    ``repr`` names both when they are not the defaults."""
    with pytest.raises(TypeError, match="prior must be a LearnedBot"):
        StrongBot(prior=HeuristicBot())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="prior_weight"):
        StrongBot(prior=LearnedBot(), prior_weight=-1.0)
    assert repr(StrongBot(5000, prior=LearnedBot(), prior_weight=0.5)) == (
        "StrongBot(budget=5000, prior=LearnedBot(), prior_weight=0.5)"
    )
    assert repr(StrongBot(prior=LearnedBot())) == "StrongBot(budget=25000, prior=LearnedBot())"


def test_the_named_strong_bot_plays_alone_where_no_network_ships() -> None:
    """``make_bot("strong")`` under rules without shipped weights plays
    exactly as the search alone of the same budget; under rules with
    weights the prior changes some of its moves."""
    from briscola.bots import make_bot

    for rules in (preset("spanish-2p"), preset("italian-3p")):
        named = seat_zero_histories(rules, make_bot("strong:600"), range(2))
        assert named == seat_zero_histories(rules, StrongBot(600), range(2))
    guided = seat_zero_histories(ITALIAN, make_bot("strong:600"), range(4))
    assert guided != seat_zero_histories(ITALIAN, StrongBot(600), range(4))


def test_numpy_and_plain_python_priors_choose_the_same_moves() -> None:
    """The shipped network as a prior, evaluated with NumPy or in plain
    Python, leads the search to the same moves, deal after deal."""
    fast, slow = (StrongBot(2000, prior=LearnedBot(backend=b)) for b in ("numpy", "python"))
    assert seat_zero_histories(ITALIAN, fast, range(3)) == (
        seat_zero_histories(ITALIAN, slow, range(3))
    )
