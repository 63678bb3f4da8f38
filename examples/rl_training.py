"""Reinforcement learning without a framework: a linear agent learns
two-player Italian briscola against the random bot.

The agent scores each action as a weighted sum of the encoded observation
(:mod:`briscola.encoding`, every entry in [0, 1]): one weight vector per
action index, so it can learn which card to play given the trump suit, the
card led, the cards seen and the score. It plays epsilon-greedily among the
legal actions of the mask, and after each deal moves the scores of the
actions it took towards the deal's reward (Monte Carlo control with a
constant step size). The environment is :class:`briscola.gymnasium.BriscolaEnv`
with the point-difference reward; install the ``gymnasium`` extra.

It prints the learning curve: after every block of training deals, the
greedy agent's win rate and average point margin over the same test deals
(a random player wins about half of them). Run it with
``python examples/rl_training.py [TRAINING_DEALS]``; it takes a few seconds.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from briscola import outcome
from briscola.gymnasium import BriscolaEnv

Vector = np.ndarray[Any, np.dtype[np.float64]]


class LinearAgent:
    """Action scores linear in the observation, learned from whole deals."""

    def __init__(self, env: BriscolaEnv, step_size: float, seed: int) -> None:
        self.layout_version = env.encoding.layout_version
        """The observation layout the weights read: save it with them."""
        self.weights: Vector = np.zeros((env.encoding.num_actions, env.encoding.observation_size))
        self.step_size = step_size
        self.rng = np.random.default_rng(seed)

    def features(self, observation: dict[str, Any]) -> Vector:
        """The observation vector (every entry in [0, 1]), in float64."""
        return np.asarray(observation["observation"], dtype=np.float64)

    def act(self, features: Vector, mask: Any, epsilon: float) -> int:
        """The best-scoring legal index, or with chance ``epsilon`` a
        random legal one."""
        legal = np.flatnonzero(mask)
        if self.rng.random() < epsilon:
            return int(self.rng.choice(legal))
        scores = self.weights[legal] @ features
        return int(legal[int(np.argmax(scores))])

    def learn(self, taken: list[tuple[Vector, int]], reward: float) -> None:
        """Move the score of each action taken towards the deal's reward."""
        for features, action in taken:
            error = reward - float(self.weights[action] @ features)
            self.weights[action] += self.step_size * error * features


def play(env: BriscolaEnv, agent: LinearAgent, seed: int, epsilon: float, learn: bool) -> float:
    """One deal; the learner's point margin (its points minus the other
    seat's)."""
    observation, info = env.reset(seed=seed)
    taken: list[tuple[Vector, int]] = []
    while True:
        features = agent.features(observation)
        action = agent.act(features, info["action_mask"], epsilon)
        taken.append((features, action))
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
    if learn:
        agent.learn(taken, float(reward))
    result = outcome(env.game)
    assert result is not None
    return float(result.points[0] - result.points[1])


def main(training_deals: int = 3000, blocks: int = 6, test_deals: int = 200) -> None:
    env = BriscolaEnv("italian-2p", seat=0, reward="points")
    agent = LinearAgent(env, step_size=0.02, seed=1)
    test_seeds = range(10**6, 10**6 + test_deals)
    print(f"{'deals':>6}  {'win rate':>8}  {'margin':>7}")
    trained = 0
    for block in range(blocks + 1):
        if block:
            for _ in range(training_deals // blocks):
                play(env, agent, seed=trained, epsilon=0.1, learn=True)
                trained += 1
        margins = [play(env, agent, seed, epsilon=0.0, learn=False) for seed in test_seeds]
        wins = sum(margin > 0 for margin in margins) / len(margins)
        print(f"{trained:>6}  {wins:>8.1%}  {np.mean(margins):>+7.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("deals", nargs="?", type=int, default=3000, help="training deals")
    main(parser.parse_args().deals)
