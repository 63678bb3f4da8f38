"""The PettingZoo environment: :mod:`briscola.pettingzoo` (Reinforcement
learning, "The PettingZoo environment").

It must pass PettingZoo's own tests for turn-based AEC environments for every
preset (Split's cut or knock, exchanges, dupla, bastardo's auction and call
included), and behave as its classic card environments do: dictionary
observations with an int8 action mask, reproducible seeds, rewards at the end
of the deal, and an illegal action ending the episode with -1 for the offender.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.test.render_test import render_test  # noqa: E402

from briscola import (  # noqa: E402
    PRESETS,
    apply,
    legal_actions,
    new_game,
    observe,
    outcome,
    preset,
)
from briscola.encoding import Encoding  # noqa: E402
from briscola.pettingzoo import BriscolaAECEnv, env, raw_env  # noqa: E402
from tests.strategies import PRESET_NAMES  # noqa: E402

# PettingZoo warns about every dictionary observation whose environment is
# not one of its own (its classic card games are exempted by name).
KNOWN_WARNINGS = [
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
]


def play(game: Any, rng: random.Random, *, masked: bool = True) -> dict[str, float]:
    """Play one episode with random (masked or not) actions; the rewards
    each agent collected."""
    collected: dict[str, float] = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        collected[agent] += reward
        if terminated or truncated:
            game.step(None)
        elif masked:
            game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        else:
            game.step(rng.randrange(game.action_space(agent).n))
    return collected


@pytest.mark.filterwarnings(*KNOWN_WARNINGS)
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_pettingzoo_suite(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's API test, seed test and render test pass for the preset.

    (Its bombardment test compares each observation with a dictionary
    observation as if it were an array, so no environment with dictionary
    observations, its own classic games included, can pass it; its
    parallel, max-cycles and state tests are for other kinds of
    environment.)"""
    api_test(env(name), num_cycles=100)
    seed_test(lambda: env(name), num_cycles=100)
    render_test(lambda render_mode=None: env(name, render_mode=render_mode))
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_observation_is_the_whole_encoding(name: str) -> None:
    """At every step of random deals, ``last()`` and ``observe(agent)`` of
    any agent give :meth:`Encoding.encode` of what the seat sees, as
    float32, though each seat's vector is only rewritten where the deal
    changed since its last observation; an array handed out is never
    written again."""
    game = raw_env(name)
    encoding = game.encoding
    rng = random.Random(name)
    for seed in range(4):
        game.reset(seed=seed)
        handed: list[tuple[Any, list[float]]] = []
        while game.agents:
            observation, _, terminated, truncated, _ = game.last()
            names = [game.agent_selection]
            names += [agent for agent in game.possible_agents if rng.random() < 0.3]
            for agent in names:
                seen = observe(game.unwrapped.game, game.possible_agents.index(agent))
                vector = game.observe(agent)["observation"]
                expected = np.array(encoding.encode(seen), dtype=np.float32)
                assert vector.dtype == np.float32 and vector.tolist() == expected.tolist()
                handed.append((vector, vector.tolist()))
            if terminated or truncated:
                game.step(None)
            else:
                assert observation is not None
                game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        assert all(vector.tolist() == copy for vector, copy in handed)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_deal_is_one_episode(name: str) -> None:
    """``reset(seed=k)`` deals ``new_game(rules, seed=k)``; agents act in
    the deal's order with the deal's legal actions in the mask (also in
    ``infos``) and the encoding as float32, within the observation space
    (a ``Box`` from 0 to 1) of the layout version the metadata name; the
    rewards come at the end and follow the outcome."""
    game = env(name)
    game.reset(seed=21)
    raw = game.unwrapped
    rules = preset(name)
    encoding = Encoding(rules)
    state = new_game(rules, seed=21)
    assert raw.game == state
    assert raw.metadata["layout_version"] == encoding.layout_version
    rng = random.Random(3)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        assert reward == 0
        assert agent == f"player_{state.to_move}"
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.tolist() == encoding.mask(state)
        assert info["action_mask"].tolist() == mask.tolist()
        vector = observation["observation"]
        assert vector.dtype == np.float32
        seat = state.to_move
        assert seat is not None
        expected = np.array(encoding.encode(observe(state, seat)), dtype=np.float32)
        assert vector.tolist() == expected.tolist()
        assert raw.observation_space(agent).contains(observation)
        index = rng.choice(np.flatnonzero(mask).tolist())
        state = apply(state, encoding.action(index))
        game.step(index)
    result = outcome(state)
    assert state.is_over and result is not None
    assert not game.agents
    scores = [totals[f"player_{seat}"] for seat in range(rules.players)]
    if rules.auction is not rules.auction.NONE:
        assert scores == list(result.scores)
        assert sum(scores) == 0
    elif result.winners:
        assert scores == [1.0 if seat in result.winners else -1.0 for seat in range(rules.players)]
    else:
        assert scores == [0.0] * rules.players


def test_point_rewards() -> None:
    """``reward="points"``: the side's points minus the other side's, over
    the pack's 120 points; zero-sum for two sides."""
    game = env("italian-4p", reward="points")
    game.reset(seed=8)
    totals = play(game, random.Random(8))
    assert abs(sum(totals.values())) < 1e-9
    assert totals["player_0"] == totals["player_2"]
    state = game.unwrapped.game
    ours = sum(state.rules.points_of(c) for s in (0, 2) for c in state.piles[s])
    assert totals["player_0"] == pytest.approx((ours - (120 - ours)) / 120)


def test_resets_are_reproducible() -> None:
    """The same seed plays the same deals, resets without a seed included."""

    def deals(seed: int) -> list[Any]:
        game = env("split-dupla-4p")
        game.reset(seed=seed)
        packs = [game.unwrapped.game.pack]
        for _ in range(3):
            game.reset()
            packs.append(game.unwrapped.game.pack)
        return packs

    assert deals(5) == deals(5)
    assert deals(5) != deals(6)


@pytest.mark.parametrize("engine", ["scalar", "compiled"])
def test_resets_without_a_seed_draw_from_the_last_seed(engine: str) -> None:
    """After ``reset(seed=s)``, each ``reset()`` deals the seed drawn next
    from ``random.Random(s)``, as the docstring says; a later seed starts
    the draws again."""
    if engine == "compiled":
        pytest.importorskip("numba")
    game = env("italian-2p", engine=engine)
    rules = game.unwrapped.rules
    game.reset(seed=9)
    game.reset(seed=5)
    draws = random.Random(5)
    for _ in range(3):
        game.reset()
        assert game.unwrapped.game.pack == new_game(rules, seed=draws.getrandbits(63)).pack


@pytest.mark.filterwarnings("ignore:.*[Ii]llegal")
@pytest.mark.parametrize("make", [env, raw_env])
def test_an_illegal_action_ends_the_episode(make: Any) -> None:
    """As in PettingZoo's classic games: the offender gets -1, the others
    0, every agent is done, and the deal is left as it was."""
    game = make("italian-4p")
    game.reset(seed=2)
    state = game.unwrapped.game
    offender = game.agent_selection
    mask = game.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    game.step(illegal)
    assert game.unwrapped.game is state
    assert all(game.terminations.values())
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        totals[agent] += game.last()[1]
        game.step(None)
    assert totals == {name: -1.0 if name == offender else 0.0 for name in game.possible_agents}


@pytest.mark.filterwarnings("ignore:.*[Ii]llegal")
def test_unmasked_random_play_always_ends() -> None:
    """Random indices, legal or not, end every episode, in every preset."""
    rng = random.Random(1)
    for name in PRESETS:
        game = env(name)
        game.reset(seed=rng.randrange(1000))
        totals = play(game, rng, masked=False)
        assert min(totals.values()) >= -8 and not game.agents


def test_bad_actions_and_options_are_refused() -> None:
    """An index outside the action space, a wrong option or a wrong start
    state is refused with a message."""
    game = raw_env("italian-2p")
    game.reset(seed=1)
    for bad in (40, -1, "3", 2.5, None):
        with pytest.raises(ValueError, match="an action is an index"):
            game.step(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="reward"):
        env(reward="money")
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="unknown preset"):
        env("briscola-9p")
    with pytest.raises(TypeError):
        env(rules="italian-2p")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="options"):
        game.reset(options={"state": new_game(preset("italian-4p"), seed=1)})
    with pytest.raises(AttributeError, match="before reset"):
        env().agent_selection  # noqa: B018


def test_start_from_a_given_state_and_render() -> None:
    """``reset(options={"state": ...})`` plays on from that deal;
    ``render()`` shows the table in ``ansi`` mode."""
    state = new_game(preset("bastardo"), seed=6)
    state = apply(state, legal_actions(state)[1])
    game = BriscolaAECEnv("bastardo", render_mode="ansi")
    game.reset(options={"state": state})
    assert game.game is state and game.agent_selection == f"player_{state.to_move}"
    text = game.render()
    assert isinstance(text, str) and "seat 0 bid 61" in text
    with pytest.warns(UserWarning, match="render_mode"):
        assert BriscolaAECEnv().render() is None


def test_an_environment_pickles_mid_deal() -> None:
    """Libraries that run environments in worker processes copy them by
    pickling: the copy carries on the same deal."""
    import pickle

    game = env("bastardo")
    game.reset(seed=1)
    game.step(int(np.flatnonzero(game.last()[0]["action_mask"])[1]))
    copy = pickle.loads(pickle.dumps(game))
    assert copy.unwrapped.game == game.unwrapped.game
    assert copy.agent_selection == game.agent_selection


def test_pettingzoo_refuses_use_before_reset() -> None:
    """As PettingZoo's own wrapper does: stepping, observing or iterating
    before ``reset`` is an error, and so is reading what a reset sets."""
    game = env()
    for name in ("agents", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(game, name)
    with pytest.raises(AssertionError, match="before step"):
        game.step(0)
    with pytest.raises(AssertionError, match="before observe"):
        game.last()
    with pytest.raises(AssertionError, match="before agent_iter"):
        game.agent_iter()
    game.reset(seed=1)
    assert game.agents == ["player_0", "player_1"]
    assert game.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert not any(game.terminations.values()) and not any(game.truncations.values())
    assert "action_mask" in game.infos[game.agent_selection]


def test_the_raw_environment_before_reset_says_so() -> None:
    """Reinforcement learning, "The PettingZoo environment": the raw environment (without
    PettingZoo's wrapper) used before ``reset()`` raises Gymnasium's
    ``ResetNeeded`` naming ``reset()`` (an ``AttributeError`` too), as the
    wrapped one says what is wrong."""
    import gymnasium

    uses: tuple[Callable[[BriscolaAECEnv], object], ...] = (
        lambda game: game.step(0),
        lambda game: game.observe("player_0"),
        lambda game: game.last(),
        lambda game: game.render(),
        lambda game: game.game,
        lambda game: game.infos,
        lambda game: game.agent_selection,
    )
    for use in uses:
        with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) first"):
            use(raw_env(render_mode="ansi"))
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        raw_env().nothing  # noqa: B018


def test_each_agent_gets_its_own_info_and_a_read_only_mask() -> None:
    """Reinforcement learning, "The PettingZoo environment": the ``infos`` of the agents are
    separate dictionaries (writing to one changes no other), and the masks
    handed out cannot be written."""
    game = raw_env("italian-4p")
    game.reset(seed=1)
    for _ in range(3):
        infos = game.infos
        assert len({id(info) for info in infos.values()}) == len(infos)
        infos["player_1"]["note"] = "mine"
        assert all("note" not in infos[name] for name in infos if name != "player_1")
        observation = game.observe(game.agent_selection)
        for mask in (observation["action_mask"], infos[game.agent_selection]["action_mask"]):
            with pytest.raises(ValueError, match="read-only"):
                mask[0] = 1
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_the_same_legal_actions_get_the_same_read_only_mask() -> None:
    """Reinforcement learning, "The PettingZoo environment": the mask
    handed out for legal actions met before is the array made then (it is
    read-only), and a different set of legal actions gets another."""
    game = raw_env("italian-2p")
    game.reset(seed=4)
    first = game.infos[game.agent_selection]["action_mask"]
    game.step(int(np.flatnonzero(first)[0]))
    second = game.infos[game.agent_selection]["action_mask"]
    assert second.tolist() != first.tolist()
    game.reset(seed=4)
    again = game.infos[game.agent_selection]["action_mask"]
    assert again is first and again.tolist() == first.tolist()
    assert game.observe(game.agent_selection)["action_mask"] is first


def test_pettingzoo_agent_iter_needs_a_step_in_between() -> None:
    """The agent iterator refuses to go on without a step, and stops after
    ``max_iter`` agents."""
    game = env()
    game.reset(seed=2)
    agents = iter(game.agent_iter())
    assert next(agents) == game.agent_selection
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)
    game.reset(seed=2)
    moved = []
    for agent in game.agent_iter(max_iter=3):
        moved.append(agent)
        game.step(int(np.flatnonzero(game.last()[0]["action_mask"])[0]))
    assert len(moved) == 3


def test_pettingzoo_human_rendering_prints_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    """``render_mode="human"`` prints the table at the reset, after each
    action and at the end of the episode."""
    game = BriscolaAECEnv("italian-2p", render_mode="human")
    game.reset(seed=4)
    first = capsys.readouterr().out
    assert "Trump" in first or "trump" in first
    steps = 0
    while game.agents and not all(game.terminations.values()):
        mask = game.infos[game.agent_selection]["action_mask"]
        game.step(int(np.flatnonzero(mask)[0]))
        steps += 1
    printed = capsys.readouterr().out
    assert steps == 40 and printed.count("\n") > steps
    assert all(game.terminations.values())


def test_pettingzoo_reset_to_a_finished_deal() -> None:
    """Starting from a deal already over: every agent is terminated at
    once and no agent's mask allows an action."""
    state = new_game(preset("italian-2p"), seed=6)
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    game = BriscolaAECEnv("italian-2p")
    game.reset(options={"state": state})
    assert all(game.terminations.values())
    assert all(not info["action_mask"].any() for info in game.infos.values())
    playing = BriscolaAECEnv("italian-2p")
    playing.reset(seed=6)
    assert playing.infos[playing.agent_selection]["action_mask"].sum() == 3
