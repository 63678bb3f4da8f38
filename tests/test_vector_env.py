"""The Gymnasium vector environment on the batched engine:
:mod:`briscola.vector.gymnasium` (Batched deals, "A vector environment").

Its spaces are the single environment's, batched, and everything it hands
out lies in them; it is made by id with ``gymnasium.make_vec`` and works
under Gymnasium's vector wrappers. With a seed it plays the same deals
again. Step by step it shows what a :class:`~briscola.vector.BatchGame`
driven by hand shows, and its rewards are those of the single
environment on the same deals (Reinforcement learning, "Rewards"). Deals
restart in the next-step or same-step mode; the mask is all zeros where
the learner is not to move, and there its action is ignored; bad input
raises ``ValueError`` naming the deal and changes nothing.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import attrs
import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from gymnasium.utils.passive_env_checker import check_obs  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402
from gymnasium.vector.utils import batch_space, iterate  # noqa: E402

from briscola import (  # noqa: E402
    PRESETS,
    Card,
    DealStyle,
    IllegalActionError,
    apply,
    new_game,
    preset,
)
from briscola._rl import rewards as single_rewards  # noqa: E402
from briscola.encoding import encoding_for  # noqa: E402
from briscola.gymnasium import ENV_ID, BriscolaEnv  # noqa: E402
from briscola.vector import BatchGame, unsupported  # noqa: E402
from briscola.vector.gymnasium import BriscolaVectorEnv, random_policy  # noqa: E402

BATCHED = [name for name, rules in PRESETS.items() if unsupported(rules) is None]
ENVS = 6


def _lowest(observations: Any, masks: Any) -> Any:
    """A deterministic policy: the legal action of lowest index."""
    return masks.argmax(axis=1)


def _highest(masks: Any) -> Any:
    """The legal action of highest index, per row."""
    return masks.shape[1] - 1 - masks[:, ::-1].argmax(axis=1)


def _decks(name: str, seed: int) -> tuple[Any, Any]:
    rng = np.random.default_rng(seed)
    pack = np.array([card.index for card in preset(name).pack])
    decks = np.array([rng.permutation(pack) for _ in range(ENVS)])
    dealers = rng.integers(0, preset(name).players, ENVS)
    return decks, dealers


def _random_actions(envs: BriscolaVectorEnv, rng: Any) -> Any:
    masks = envs.action_masks()
    return np.where(masks.any(axis=1), (rng.random(masks.shape) * masks).argmax(axis=1), -1)


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[key], b[key]) for key in a)


# -- spaces and Gymnasium's machinery -------------------------------------


@pytest.mark.parametrize("name", BATCHED)
def test_everything_handed_out_lies_in_the_spaces(name: str) -> None:
    """The spaces are the single environment's, batched; every
    observation of every step lies in them and passes Gymnasium's
    observation check, deal by deal."""
    envs = BriscolaVectorEnv(name, num_envs=ENVS)
    single = BriscolaEnv(name)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert envs.observation_space == batch_space(envs.single_observation_space, ENVS)
    assert envs.action_space == batch_space(envs.single_action_space, ENVS)
    assert isinstance(envs.metadata["autoreset_mode"], AutoresetMode)
    rng = np.random.default_rng(0)
    observations, info = envs.reset(seed=0)
    for _ in range(2 * len(preset(name).pack) + 4):
        assert envs.observation_space.contains(observations)
        for row in iterate(envs.observation_space, observations):
            check_obs(row, envs.single_observation_space, "step")
        previous = observations
        observations, rewards, terminated, truncated, info = envs.step(_random_actions(envs, rng))
        assert rewards.shape == terminated.shape == truncated.shape == (ENVS,)
        assert terminated.dtype == truncated.dtype == bool
        assert not truncated.any()
        # Gymnasium's checker asks that arrays are not handed out twice.
        assert observations["observation"] is not previous["observation"]
        assert not np.shares_memory(observations["observation"], previous["observation"])


def test_made_by_id_with_make_vec() -> None:
    """``gymnasium.make_vec`` makes it from the id by default, with the
    single environment's keywords, and the sync mode makes a
    ``SyncVectorEnv`` of the single environment with the same spaces."""
    made = gymnasium.make_vec(ENV_ID, num_envs=3, preset="split-2p", seat=1)
    assert isinstance(made, BriscolaVectorEnv)
    assert made.rules == preset("split-2p") and made.seat == 1 and made.num_envs == 3
    sync = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync", preset="split-2p")
    assert sync.single_observation_space == made.single_observation_space
    assert sync.observation_space == made.observation_space
    assert sync.action_space == made.action_space


def test_gymnasium_vector_wrappers() -> None:
    """Gymnasium's episode statistics count every deal, with its reward
    and length; the list-of-dicts info wrapper reads the masks."""
    from gymnasium.wrappers.vector import DictInfoToList, RecordEpisodeStatistics

    base = BriscolaVectorEnv("italian-2p", num_envs=ENVS)
    envs = RecordEpisodeStatistics(base)
    envs.reset(seed=1)
    rng = np.random.default_rng(1)
    finished: list[float] = []
    steps = 0
    while not finished:
        _, rewards, terminated, _, info = envs.step(_random_actions(base, rng))
        steps += 1
        if terminated.any():
            finished = info["episode"]["r"][info["_episode"]].tolist()
            assert finished == rewards[terminated].tolist()
            assert (info["episode"]["l"][info["_episode"]] == steps).all()
    assert len(finished) == ENVS
    listed = DictInfoToList(BriscolaVectorEnv("italian-2p", num_envs=2))
    _, infos = listed.reset(seed=1)
    assert len(infos) == 2 and infos[0]["action_mask"].sum() == 3


# -- seeds ----------------------------------------------------------------


def _run(seed: int | None, steps: int) -> list[Any]:
    envs = BriscolaVectorEnv("split-2p", num_envs=ENVS)
    observations, _ = envs.reset(seed=seed)
    rng = np.random.default_rng(5)
    seen = [observations["observation"]]
    for _ in range(steps):
        observations, rewards, *_ = envs.step(_random_actions(envs, rng))
        seen += [observations["observation"], rewards]
    return seen


def test_a_seed_plays_the_same_deals_again() -> None:
    """``reset(seed=k)`` deals the same packs, the random opponents play
    the same cards, and later deals follow from the seed too; another
    seed deals other packs (Split's first observation, before the cut,
    is the same whatever the pack)."""
    steps = 2 * 41 + 3  # into the third deal
    first, again, other = _run(4, steps), _run(4, steps), _run(5, steps)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other))


# -- the same game as BatchGame driven by hand ----------------------------


def _advance(states: list[Any], choice: Any, encoding: Any) -> list[Any]:
    """The scalar deals after one action each; a finished deal stays."""
    return [s if s.is_over else apply(s, encoding.actions[a]) for s, a in zip(states, choice)]


@pytest.mark.parametrize("name", BATCHED)
@pytest.mark.parametrize("reward", ["outcome", "points"])
def test_agrees_with_batchgame_by_hand_and_the_single_rewards(name: str, reward: str) -> None:
    """At every seat: with the same packs, the environment shows, step
    after step, what a BatchGame stepped by hand with the same actions
    shows the learner's seat, with the mask only where the learner is to
    move; steps where the learner moves nowhere are played through; each
    deal is reported ended once, in the step it ends (with a trump
    exchange deals end at different steps, and one that ended waits), and
    the rewards are the single environment's on the same deals."""
    rules = preset(name)
    encoding = encoding_for(rules)
    decks, dealers = _decks(name, 3)
    for seat in range(rules.players):
        envs = BriscolaVectorEnv(name, num_envs=ENVS, seat=seat, opponents=_lowest, reward=reward)
        observations, info = envs.reset(options={"decks": decks, "dealers": dealers})
        batch = BatchGame(rules, ENVS)
        batch.reset(decks=decks, dealers=dealers)
        states = [
            new_game(rules, deck=[Card.from_index(int(c)) for c in deck], dealer=int(dealer))
            for deck, dealer in zip(decks, dealers)
        ]
        learner = np.full(ENVS, seat)
        terminated = np.zeros(ENVS, dtype=bool)
        ended = np.zeros(ENVS, dtype=bool)
        final = np.zeros(ENVS)
        while True:
            while not batch.is_over.all() and not (batch.to_move == seat).any():
                choice = _lowest(None, batch.legal_mask())
                states = _advance(states, choice, encoding)
                batch.step(choice)
            assert np.array_equal(terminated, batch.is_over & ~ended)
            ended |= terminated
            mine = (batch.to_move == seat)[:, None]
            assert np.array_equal(observations["observation"], batch.observations(learner))
            assert np.array_equal(observations["action_mask"], batch.legal_mask() & mine)
            assert np.array_equal(info["action_mask"], observations["action_mask"])
            if ended.all():
                break
            masks = envs.action_masks()
            actions = np.where(mine[:, 0], _highest(masks), -1)
            observations, rewards, terminated, _, info = envs.step(actions)
            choice = np.where(mine[:, 0], actions, _lowest(None, batch.legal_mask()))
            states = _advance(states, choice, encoding)
            batch.step(choice)
            assert not rewards[~terminated].any()
            final[terminated] = rewards[terminated]
        assert all(s.is_over for s in states)
        expected = [single_rewards(s, reward)[seat] for s in states]
        assert final.tolist() == pytest.approx(expected)


# -- restarting -----------------------------------------------------------


def _to_the_end(envs: BriscolaVectorEnv, rng: Any) -> tuple[Any, ...]:
    while True:
        results = envs.step(_random_actions(envs, rng))
        if results[2].any():
            return results


def test_next_step_autoreset() -> None:
    """Next-step mode: the step that ends the deals shows their last
    observations, with no mask; the next one deals anew from the seed
    whatever its actions, with reward 0 and nothing terminated."""
    envs = BriscolaVectorEnv("italian-2p", num_envs=ENVS)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    envs.reset(seed=2)
    rng = np.random.default_rng(2)
    observations, rewards, terminated, _, _ = _to_the_end(envs, rng)
    assert terminated.all() and (np.abs(rewards) <= 1).all() and rewards.any()
    assert not observations["action_mask"].any() and not envs.action_masks().any()
    assert observations["observation"].any(axis=1).all()
    observations, rewards, terminated, truncated, info = envs.step(np.full(ENVS, 39))
    assert not rewards.any() and not terminated.any() and not truncated.any()
    assert (observations["action_mask"].sum(axis=1) == 3).all()
    # A fresh deal: three cards in hand, nothing taken yet.
    assert np.array_equal(envs.action_masks(), envs.batch.legal_mask())
    assert not envs.batch.is_over.any()


def test_same_step_autoreset() -> None:
    """Same-step mode: the step that ends the deals returns the new
    deals' observations, the last ones in ``info["final_obs"]`` and
    ``info["final_info"]``, and the rewards of the deals that ended."""
    envs = BriscolaVectorEnv("italian-2p", num_envs=ENVS, autoreset_mode="SameStep")
    twin = BriscolaVectorEnv("italian-2p", num_envs=ENVS)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    envs.reset(seed=8)
    twin.reset(seed=8)
    observations, rewards, terminated, _, info = _to_the_end(envs, np.random.default_rng(8))
    last, twin_rewards, *_ = _to_the_end(twin, np.random.default_rng(8))
    assert terminated.all() and rewards.tolist() == twin_rewards.tolist()
    assert info["_final_obs"].all() and info["_final_info"].all()
    for i, row in enumerate(info["final_obs"]):
        assert np.array_equal(row["observation"], last["observation"][i])
        assert not row["action_mask"].any()
    assert not info["final_info"]["action_mask"].any()
    # The new deals are those the twin deals on its next step.
    fresh, *_ = twin.step(np.zeros(ENVS, dtype=np.int64))
    assert _same(observations, fresh)
    assert envs.action_masks().any(axis=1).all()


def test_same_step_a_deal_that_ends_first_gives_its_last_observation() -> None:
    """With a trump exchange deals end at different steps: in same-step
    mode, a deal that ends before the others is reported in the step it
    ends with its last observation in ``info["final_obs"]``, then waits
    (no mask, reward 0) until the last one ends and all are dealt anew."""
    envs = BriscolaVectorEnv("spanish-2p", num_envs=16, autoreset_mode="SameStep")
    envs.reset(seed=3)
    rng = np.random.default_rng(3)
    reported = np.zeros(16, dtype=bool)
    early = False
    while True:
        observations, rewards, terminated, _, info = envs.step(_random_actions(envs, rng))
        assert not (terminated & reported).any() and not rewards[~terminated].any()
        reported |= terminated
        if reported.all():
            break
        if terminated.any():
            early = True
            assert np.array_equal(info["_final_obs"], terminated)
            for i in np.flatnonzero(terminated):
                row = info["final_obs"][i]
                assert np.array_equal(row["observation"], observations["observation"][i])
            assert not envs.action_masks()[reported].any()
    assert early, "every deal ended in the same step: pick another seed"
    assert info["_final_obs"].tolist() == terminated.tolist()
    assert envs.action_masks().any(axis=1).any()


# -- the mask and the opponents --------------------------------------------


def test_the_learner_acts_only_where_it_is_to_move() -> None:
    """Where another seat is to move the mask is all zeros and the
    learner's action is ignored: any int, even -1, steps the same."""
    envs = BriscolaVectorEnv("italian-2p", num_envs=16, opponents=_lowest)
    twin = BriscolaVectorEnv("italian-2p", num_envs=16, opponents=_lowest)
    envs.reset(seed=6)
    twin.reset(seed=6)
    idle_seen = False
    for _ in range(30):
        masks = envs.action_masks()
        mine = masks.any(axis=1)
        assert np.array_equal(mine, envs.batch.to_move == 0)
        idle_seen |= not mine.all()
        chosen = masks.argmax(axis=1)
        envs_step = envs.step(np.where(mine, chosen, -1))
        twin_step = twin.step(np.where(mine, chosen, 12345))
        assert _same(envs_step[0], twin_step[0])
    assert idle_seen


def test_self_play_hands_the_opponents_their_own_view() -> None:
    """A policy for the other seats gets the observations of the seat to
    move and its legal mask, for the deals where another seat moves."""
    calls: list[tuple[Any, Any, Any]] = []
    holder: list[BriscolaVectorEnv] = []

    def policy(observations: Any, masks: Any) -> Any:
        batch = holder[0].batch
        calls.append((observations, masks, batch.to_move))
        return _lowest(observations, masks)

    envs = BriscolaVectorEnv("split-dupla-2p", num_envs=ENVS, seat=1, opponents=policy)
    holder.append(envs)
    envs.reset(seed=9)
    for _ in range(5):
        envs.step(np.where(envs.action_masks().any(axis=1), envs.action_masks().argmax(axis=1), -1))
    assert calls
    for observations, masks, mover in calls:
        others = np.flatnonzero(mover == 0)
        assert observations.shape == (len(others), envs.encoding.observation_size)
        assert masks.shape == (len(others), envs.encoding.num_actions) and masks.any(axis=1).all()


def test_random_policy_plays_legal_actions_uniformly() -> None:
    """The default opponents pick among the legal actions only, each as
    often as the others."""
    policy = random_policy(np.random.default_rng(0))
    masks = np.zeros((4000, 6), dtype=bool)
    masks[:, [1, 3, 4]] = True
    chosen = np.asarray(policy(np.zeros((4000, 2), dtype=np.float32), masks))
    counts = np.bincount(chosen, minlength=6)
    assert counts[[0, 2, 5]].sum() == 0
    assert counts[[1, 3, 4]].min() > 1200


# -- bad input ------------------------------------------------------------


def test_bad_actions_raise_naming_the_deal_and_change_nothing() -> None:
    """A wrong shape or type, or an illegal action where the learner is
    to move, raises ``ValueError``; the deals are as they were."""
    envs = BriscolaVectorEnv("italian-2p", num_envs=4)
    twin = BriscolaVectorEnv("italian-2p", num_envs=4)
    envs.reset(seed=11)
    twin.reset(seed=11)
    good = envs.action_masks().argmax(axis=1)
    illegal = good.copy()
    illegal[2] = np.flatnonzero(~envs.action_masks()[2])[0]
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        envs.step(good[:3])
    with pytest.raises(ValueError, match="int array"):
        envs.step(good.astype(np.float64))
    with pytest.raises(ValueError, match="int array"):
        envs.step(good.astype(bool))
    with pytest.raises(IllegalActionError, match="deal 2: the learner"):
        envs.step(illegal)
    out_of_range = good.copy()
    out_of_range[1] = 40
    with pytest.raises(IllegalActionError, match="deal 1"):
        envs.step(out_of_range)
    assert _same(envs.step(good)[0], twin.step(good)[0])


def test_bad_options_and_opponents() -> None:
    """Rules the batch does not hold are refused with BatchGame's own
    message; so are bad seats, rewards, modes, options and opponents."""
    knocked = attrs.evolve(preset("split-2p"), deal=DealStyle.KNOCK)
    with pytest.raises(ValueError, match="BatchGame cannot hold these rules: the knock deal"):
        BriscolaVectorEnv(rules=knocked, num_envs=2)
    with pytest.raises(ValueError, match="size must be a positive int"):
        BriscolaVectorEnv(num_envs=0)
    with pytest.raises(ValueError, match="seat must be"):
        BriscolaVectorEnv(seat=2)
    with pytest.raises(ValueError, match="reward must be"):
        BriscolaVectorEnv(reward="money")
    for mode in ("Disabled", "sometimes"):
        with pytest.raises(ValueError, match="autoreset_mode must be"):
            BriscolaVectorEnv(autoreset_mode=mode)
    with pytest.raises(TypeError, match="opponents"):
        BriscolaVectorEnv(opponents="heuristic")  # type: ignore[arg-type]
    envs = BriscolaVectorEnv(num_envs=2)
    with pytest.raises(gymnasium.error.ResetNeeded):
        envs.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(gymnasium.error.ResetNeeded):
        envs.action_masks()
    with pytest.raises(ValueError, match="options"):
        envs.reset(options={"seed": 3})
    with pytest.raises(ValueError, match="deal 1"):
        envs.reset(
            options={
                "decks": np.array([[c.index for c in preset("italian-2p").pack]] * 2)
                * np.array([[1], [0]])
            }
        )

    def wrong(observations: Any, masks: Any) -> Any:
        return (~masks).argmax(axis=1)

    cheat = BriscolaVectorEnv(num_envs=2, seat=1, opponents=wrong)
    with pytest.raises(ValueError, match="deal 0: the opponents' policy chose"):
        cheat.reset(seed=1)
    short = BriscolaVectorEnv(num_envs=2, seat=1, opponents=lambda o, m: [0])
    with pytest.raises(ValueError, match="opponents' policy must give"):
        short.reset(seed=1)


def test_a_refused_reset_draws_nothing() -> None:
    """Batched deals, "Errors and half-done steps": a reset refused for a
    bad dealer, option or seed changes nothing, not even the random
    generator, so the environment deals on as a twin that never saw the
    call; the same for ``BatchGame.reset`` given a generator."""
    envs = BriscolaVectorEnv("italian-2p", num_envs=2)
    twin = BriscolaVectorEnv("italian-2p", num_envs=2)
    envs.reset(seed=5)
    twin.reset(seed=5)
    bad: list[dict[str, Any]] = [
        {"options": {"dealers": np.array([5, 5])}},
        {"options": {"dealers": np.array([0, 1, 0])}},
        {"options": {"dealers": np.array([0, 1]), "shuffle": True}},
        {"seed": -1},
        {"seed": 1.5},
    ]
    for arguments in bad:
        with pytest.raises(ValueError):
            envs.reset(**arguments)
        assert _same(envs._observed()[0], twin._observed()[0])
    assert _same(envs.reset()[0], twin.reset()[0])
    actions = envs.action_masks().argmax(axis=1)
    assert _same(envs.step(actions)[0], twin.step(actions)[0])

    rules = preset("italian-2p")
    batches = BatchGame(rules, 2), BatchGame(rules, 2)
    generators = np.random.default_rng(9), np.random.default_rng(9)
    with pytest.raises(ValueError, match="deal 0: a dealer"):
        batches[0].reset(seed=generators[0], dealers=np.array([5, 5]))
    for batch, generator in zip(batches, generators):
        batch.reset(seed=generator)
    assert np.array_equal(batches[0].observations(), batches[1].observations())


@pytest.mark.parametrize("failure", ["raises", "shape", "type", "illegal"])
def test_a_failing_opponent_leaves_the_environment_needing_reset(failure: str) -> None:
    """Batched deals, "Errors and half-done steps": the learner's action
    is checked before anything moves; when the opponents' policy fails
    after it has moved, the error comes through and the environment
    refuses ``step`` and ``action_masks`` with ``ResetNeeded`` naming it,
    until ``reset()`` deals anew."""
    calls = 0

    def opponents(observations: Any, masks: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls < 2:
            return masks.argmax(axis=1)
        if failure == "raises":
            raise ZeroDivisionError("the policy divided by zero")
        if failure == "shape":
            return masks.argmax(axis=1)[:1]
        if failure == "type":
            return masks.argmax(axis=1).astype(np.float64)
        return (~masks).argmax(axis=1)

    envs = BriscolaVectorEnv("italian-2p", num_envs=2, opponents=opponents)
    envs.reset(seed=3)
    actions = envs.action_masks().argmax(axis=1)
    with pytest.raises(IllegalActionError):
        envs.step(np.array([-1, -1]))  # refused before the opponents play
    assert calls == 0
    envs.step(actions)  # the opponents answer once
    expected = ZeroDivisionError if failure == "raises" else ValueError
    with pytest.raises(expected):
        envs.step(envs.action_masks().argmax(axis=1))
    for call in (lambda: envs.step(actions), envs.action_masks):
        with pytest.raises(gymnasium.error.ResetNeeded, match="step\\(\\) was broken off"):
            call()
    calls = 0
    observations, _ = envs.reset(seed=3)
    twin = BriscolaVectorEnv("italian-2p", num_envs=2, opponents=_lowest)
    assert _same(observations, twin.reset(seed=3)[0])
    assert envs.action_masks().any(axis=1).all()


def test_the_batched_engine_alone_needs_no_gymnasium() -> None:
    """``import briscola.vector`` stays NumPy-only: the environment's
    module, and Gymnasium, load only when asked for."""
    code = "import sys, briscola.vector; print(sorted(m for m in sys.modules if 'gymnasium' in m))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_observations_are_copies_unless_views_are_asked_for() -> None:
    """Reinforcement learning, "Many deals at once": by default the
    observations are copies, which the learner may keep and change; with
    ``copy=False`` they are read-only views of the batch's buffer, equal
    to the copies, which the next step overwrites."""
    envs = BriscolaVectorEnv(num_envs=4)
    first, _ = envs.reset(seed=3)
    kept = first["observation"].copy()
    first["observation"][...] = 9.0
    assert np.array_equal(envs.batch.observations(np.zeros(4, dtype=np.int64)), kept)
    views = BriscolaVectorEnv(num_envs=4, copy=False)
    seen, _ = views.reset(seed=3)
    assert not seen["observation"].flags.writeable
    assert np.array_equal(seen["observation"], kept)
    views.step(views.action_masks().argmax(axis=1))
    assert not np.array_equal(seen["observation"], kept)  # the view followed the batch
