"""Where the PettingZoo environment's time goes, part by part, beside the floor.

Run ``python benchmarks/env_parts.py --rounds 5``. Each row plays random
italian-2p deals through the loop of ``bench.py``'s environment rows
(``agent_iter``, ``last``, a random index of the mask, ``step``), doing
less and less of the work, so that the difference between two rows is
what one part costs:

- *the loop alone*: an AEC environment that plays no game (40 steps a
  deal, one observation dictionary built once), in the same
  order-enforcing wrapper as ``env()``;
- *game and mask*: ``env()``, but ``last(observe=False)`` and the mask
  read from ``infos``: the deal stepped with :func:`briscola.apply`, its
  legal actions turned into the mask;
- *+ observe*: the same, and :func:`briscola.observe` for the agent to
  act, not encoded;
- *env() as users get it*: every observation encoded;
- *env(engine="compiled")*: the same loop on the compiled engine (a
  one-deal :class:`briscola.vector.BatchGame`; needs the ``vector``
  extra).

A round measures the floor (``benchmarks/floor.py``) before and after
each row; each ratio is the row's deals per second over the mean of the
two floors around it, and the script prints the median over the rounds,
with the time per step.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import floor
import numpy as np
from pettingzoo import AECEnv

from briscola import observe
from briscola.pettingzoo import _OrderEnforcing, env

STEPS = 40
"""Steps of an italian-2p deal (every step plays a card)."""


class NoGame(AECEnv):  # type: ignore[misc]
    """An AEC environment of two agents that steps 40 times and ends,
    handing out one observation built once: the loop's own cost."""

    metadata = {"name": "no-game"}

    def __init__(self) -> None:
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        mask = np.zeros(40, dtype=np.int8)
        mask[:3] = 1
        self._seen: dict[str, np.ndarray] = {
            "observation": np.zeros(344, dtype=np.float32),
            "action_mask": mask,
        }

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = list(self.possible_agents)
        self.steps = 0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {"action_mask": self._seen["action_mask"]} for agent in self.agents}
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._seen

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        return (
            self._seen if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self.steps += 1
        if self.steps == STEPS:
            self.terminations = dict.fromkeys(self.agents, True)
            return
        self.agent_selection = self.agents[self.steps % 2]


def deals(game: Any, part: str) -> Callable[[int], float]:
    """``n`` deals through ``game`` doing ``part`` of the work; the seconds."""
    choice = random.Random(2024).choice
    raw = game.unwrapped

    def run(n: int) -> float:
        start = time.perf_counter()
        for seed in range(n):
            game.reset(seed=seed)
            for agent in game.agent_iter():
                if part == "full":
                    seen, _, terminated, truncated, _ = game.last()
                    mask = seen["action_mask"]
                else:
                    _, _, terminated, truncated, info = game.last(False)
                    mask = info["action_mask"]
                    if part == "observe" and not terminated:
                        observe(raw._deal.state, raw._seat_of[agent])
                if terminated or truncated:
                    game.step(None)
                else:
                    game.step(choice(mask.nonzero()[0]))
        return time.perf_counter() - start

    return run


def floor_deals(n: int) -> float:
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(n):
        floor.deal(rng)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=400, help="deals per measurement")
    args = parser.parse_args()
    rows = {
        "the loop alone (no game)": deals(_OrderEnforcing(NoGame()), "none"),
        "game and mask, no observation": deals(env("italian-2p"), "none"),
        "+ observe, not encoded": deals(env("italian-2p"), "observe"),
        "env() as users get it": deals(env("italian-2p"), "full"),
        'env(engine="compiled")': deals(env("italian-2p", engine="compiled"), "full"),
    }
    ratios: dict[str, list[float]] = {name: [] for name in rows}
    steps: dict[str, list[float]] = {name: [] for name in rows}
    floor_deals(args.deals * 10)
    for _ in range(args.rounds):
        for name, run in rows.items():
            before = floor_deals(args.deals * 10) / (args.deals * 10)
            spent = run(args.deals) / args.deals
            after = floor_deals(args.deals * 10) / (args.deals * 10)
            ratios[name].append((before + after) / 2 / spent)
            steps[name].append(spent / STEPS * 1e6)
    print(f"{'row':<34} {'deals/s ratio to floor':>22} {'µs per step':>12}")
    for name in rows:
        ratio = statistics.median(ratios[name])
        step = statistics.median(steps[name])
        print(f"{name:<34} {ratio:>22.3f} {step:>12.2f}")


if __name__ == "__main__":
    main()
