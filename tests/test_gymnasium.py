"""The single-agent Gymnasium environment: :mod:`briscola.gymnasium`
(Reinforcement learning, "The Gymnasium environment").

It passes Gymnasium's environment checker for every preset and seat; the
bots of :mod:`briscola.bots` (or any function) play the other seats; an
illegal action ends the episode with -1; the mask is in the observation
and in ``info``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from briscola import (  # noqa: E402
    Action,
    Observation,
    apply,
    new_game,
    observe,
    outcome,
    preset,
)
from briscola.bots import HeuristicBot  # noqa: E402
from briscola.encoding import Encoding, encoding_for  # noqa: E402
from briscola.gymnasium import ENV_ID, BriscolaEnv  # noqa: E402
from tests.strategies import PRESET_NAMES  # noqa: E402

# Gymnasium can test other render modes only for environments made by id.
NO_SPEC = "ignore:.*Not able to test alternative render modes"


@pytest.mark.filterwarnings(NO_SPEC)
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_gymnasium_checker(name: str) -> None:
    """``check_env`` passes at every seat (it steps with unmasked random
    actions, so illegal ones end episodes)."""
    for seat in range(preset(name).players):
        check_env(BriscolaEnv(name, seat=seat, render_mode="ansi"), skip_render_check=False)


def test_a_registered_id_passes_the_checker() -> None:
    """Registered with Gymnasium, the environment is made by id, and the
    checker tests its render modes too."""
    gymnasium.register(id="briscola/Test-v0", entry_point="briscola.gymnasium:BriscolaEnv")
    made = gymnasium.make("briscola/Test-v0", preset="spanish-2p", render_mode="ansi")
    check_env(made.unwrapped, skip_render_check=False)


# The checker warns of an environment it is handed wrapped, as
# gymnasium.make wraps it.
WRAPPED = "ignore:.*is different from the unwrapped version"


@pytest.mark.filterwarnings(WRAPPED)
@pytest.mark.parametrize("name", ["italian-2p", "split-4p", "bastardo"])
def test_importing_the_module_registers_the_environment(name: str) -> None:
    """Importing :mod:`briscola.gymnasium` registers
    ``briscola/Briscola-v0``: ``gymnasium.make`` takes
    :class:`BriscolaEnv`'s keywords, and the checker passes on the made
    environment, render modes included."""
    assert ENV_ID == "briscola/Briscola-v0" and ENV_ID in gymnasium.registry
    made = gymnasium.make(ENV_ID, preset=name, seat=1, render_mode="ansi")
    inner = made.unwrapped
    assert isinstance(inner, BriscolaEnv)
    assert (inner.rules, inner.seat, inner.render_mode) == (preset(name), 1, "ansi")
    check_env(made, skip_render_check=False)
    check_env(inner, skip_render_check=False)
    observation, info = made.reset(seed=3)
    assert (
        observation["observation"].tolist()
        == BriscolaEnv(name, seat=1).reset(seed=3)[0]["observation"].tolist()
    )


def greedy_episode(env: BriscolaEnv, seed: int) -> tuple[float, int]:
    """Play the first legal index each step; the reward and the steps."""
    observation, info = env.reset(seed=seed)
    steps = 0
    while True:
        assert observation["action_mask"].tolist() == info["action_mask"].tolist()
        action = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert not truncated
        if terminated:
            return reward, steps
        assert reward == 0


@pytest.mark.parametrize("name", ["italian-2p", "split-dupla-4p", "romanian-4p", "bastardo"])
def test_an_episode_is_one_deal(name: str) -> None:
    """``reset(seed=k)`` deals ``new_game(rules, seed=k)``; the learner
    acts only on its turns, sees only its observation (the encoding as
    float32, within the ``Box`` from 0 to 1, of the layout version the
    metadata name), and is rewarded at the end of the deal."""
    env = BriscolaEnv(name, seat=1)
    observation, info = env.reset(seed=12)
    assert env.game.pack == new_game(preset(name), seed=12).pack
    assert env.game.to_move == 1
    encoding = Encoding(preset(name))
    expected_vector = np.array(encoding.encode(observe(env.game, 1)), dtype=np.float32)
    assert observation["observation"].tolist() == expected_vector.tolist()
    assert env.observation_space.contains(observation)
    assert env.metadata["layout_version"] == encoding.layout_version
    assert info["action_mask"].tolist() == encoding.mask(env.game)
    reward, steps = greedy_episode(env, seed=12)
    result = outcome(env.game)
    assert env.game.is_over and result is not None
    if preset(name).auction is preset(name).auction.NONE:
        expected = 0.0 if not result.winners else (1.0 if 1 in result.winners else -1.0)
    else:
        expected = float(result.scores[1])
    assert reward == expected
    assert 1 <= steps <= len(env.game.history)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_observation_is_the_whole_encoding(name: str) -> None:
    """At every step of random deals, at every seat, the observation is
    :meth:`Encoding.encode` of what the learner's seat sees, as float32
    (the environment rewrites its vector only where the deal changed)."""
    encoding = encoding_for(preset(name))
    rng = random.Random(name)
    for seat in range(encoding.rules.players):
        env = BriscolaEnv(name, seat=seat)
        for seed in range(2):
            observation, info = env.reset(seed=seed)
            terminated = False
            while not terminated:
                expected = encoding.encode(observe(env.game, seat))
                assert (
                    observation["observation"].tolist()
                    == np.array(expected, dtype=np.float32).tolist()
                )
                action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
                observation, _, terminated, _, info = env.step(action)


def test_same_seed_same_episode() -> None:
    """Deals and bots are seeded: the same seed plays the same episode."""

    def run(seed: int) -> tuple[object, ...]:
        env = BriscolaEnv("italian-4p", seat=2)
        greedy_episode(env, seed)
        return env.game.history

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_illegal_action_ends_the_episode() -> None:
    """An illegal index: terminated, -1, ``info["illegal_action"]``; the
    deal is left as it was and further steps change nothing."""
    env = BriscolaEnv("italian-2p")
    _, info = env.reset(seed=1)
    state = env.game
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.game is state
    _, reward, terminated, _, _ = env.step(0)
    assert (reward, terminated) == (0.0, True)
    with pytest.raises(ValueError):
        env.step(40)


def test_opponents_of_every_kind() -> None:
    """A bot, a bot's name, a function, or one per other seat."""
    seen: list[int] = []

    def first(observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        seen.append(observation.seat)
        return legal[0]

    env = BriscolaEnv("italian-4p", seat=0, opponents=[HeuristicBot(), "random", first])
    greedy_episode(env, seed=5)
    assert set(seen) == {3}
    greedy_episode(BriscolaEnv("bastardo", seat=4, opponents="heuristic"), seed=5)
    with pytest.raises(ValueError, match="one opponent"):
        BriscolaEnv("italian-4p", opponents=["random"])
    with pytest.raises(ValueError, match="unknown bot"):
        BriscolaEnv(opponents="genius")
    with pytest.raises(TypeError):
        BriscolaEnv(opponents=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        BriscolaEnv(seat=2)
    with pytest.raises(ValueError, match="reward"):
        BriscolaEnv(reward="money")


def test_an_opponent_must_play_legally() -> None:
    """A function that returns an illegal action is reported."""

    def cheat(observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        return apply  # type: ignore[return-value]

    env = BriscolaEnv("italian-2p", seat=1, opponents=cheat)
    with pytest.raises(ValueError, match="not a legal action"):
        env.reset(seed=1)


def test_point_rewards_and_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    """``reward="points"`` gives the point difference over 120;
    ``render_mode="human"`` prints the table."""
    env = BriscolaEnv("italian-2p", reward="points", render_mode="human")
    reward, _ = greedy_episode(env, seed=9)
    points = outcome(env.game).points  # type: ignore[union-attr]
    assert reward == pytest.approx((points[0] - points[1]) / 120)
    assert "trump card" in capsys.readouterr().out


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_trick_point_rewards_add_up_to_the_point_reward(name: str) -> None:
    """``reward="trick-points"`` pays the point reward as the points are
    taken: each step the change in the learner's side's margin, in sum the
    deal's ``"points"`` reward (Reinforcement learning, "Rewards")."""
    rules = preset(name)
    for seat in range(rules.players):
        paid = BriscolaEnv(name, seat=seat, reward="trick-points", opponents="heuristic")
        final = BriscolaEnv(name, seat=seat, reward="points", opponents="heuristic")
        rng = random.Random(seat)
        observation, info = paid.reset(seed=20 + seat)
        final.reset(seed=20 + seat)
        rewards: list[float] = []
        margins: list[float] = []
        terminated = False
        while not terminated:
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            observation, reward, terminated, _, info = paid.step(action)
            _, last, _, _, _ = final.step(action)
            rewards.append(reward)
            state = paid.game
            taken = [
                sum(state.setup.table.points[card.index] for s in side for card in state.piles[s])
                for side in rules.sides
            ]
            mine = next(k for k, side in enumerate(rules.sides) if seat in side)
            others = (sum(taken) - taken[mine]) / (len(taken) - 1)
            margins.append((taken[mine] - others) / rules.total_points)
        assert paid.game == final.game
        assert sum(rewards) == pytest.approx(last, abs=1e-9)
        if rules.auction is rules.auction.NONE:
            # Step by step, the margin's change since the learner's last move.
            changes = [b - a for a, b in zip([0.0, *margins], margins)]
            assert rewards == pytest.approx(changes, abs=1e-9)
            assert any(rewards[:-1]), "some points are paid before the last step"


def test_an_environment_pickles_mid_deal() -> None:
    """Vectorized environments in worker processes copy them by pickling:
    the copy, bots included, plays on the same deal."""
    import pickle

    env = BriscolaEnv("italian-4p", seat=3, opponents="heuristic")
    env.reset(seed=2)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game == env.game
    action = int(np.flatnonzero(env.action_masks())[0])
    assert (
        copy.step(action)[0]["observation"].tolist() == env.step(action)[0]["observation"].tolist()
    )


def test_using_the_environment_before_reset_says_so() -> None:
    """Reinforcement learning, "The Gymnasium environment": before the first ``reset()``
    there is no deal, so ``step``, ``render``, ``action_masks`` and
    ``game`` raise Gymnasium's ``ResetNeeded`` naming ``reset()`` (an
    ``AttributeError`` too, as before), not an error about an attribute
    of the internals."""
    uses: tuple[Callable[[BriscolaEnv], object], ...] = (
        lambda env: env.step(0),
        lambda env: env.render(),
        lambda env: env.action_masks(),
        lambda env: env.game,
    )
    for use in uses:
        with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) first"):
            use(BriscolaEnv("italian-2p", render_mode="ansi"))
    with pytest.raises(AttributeError, match=r"call reset\(\) first"):
        BriscolaEnv("italian-2p").step(0)


def test_the_action_mask_handed_out_is_read_only() -> None:
    """Reinforcement learning, "The Gymnasium environment": the mask in an observation
    cannot be written, so an agent cannot change what a later observation
    or the environment says is legal."""
    env = BriscolaEnv("italian-2p")
    observation, info = env.reset(seed=1)
    for mask in (observation["action_mask"], info["action_mask"]):
        with pytest.raises(ValueError, match="read-only"):
            mask[0] = 1
    observation, *_ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    with pytest.raises(ValueError, match="read-only"):
        observation["action_mask"][0] = 1
