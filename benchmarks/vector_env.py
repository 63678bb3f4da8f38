"""What a step of the vector environment costs, beside the floor.

Run ``python benchmarks/vector_env.py --preset split-2p --size 256``. It
plays random deals through
:class:`briscola.vector.gymnasium.BriscolaVectorEnv` as the reinforcement
learning guide's example does: ``num_envs`` deals at once, and at every
step the learner's mask (``action_masks()``), a random legal index where
the learner is to move (``-1`` where it is not) and ``step``, the random
opponents moving inside it, until ``--deals`` deals have ended. A round
measures the floor (``benchmarks/floor.py``) before and after the
environment; the ratio is the environment's deals per second over the
mean of the two floors' deals per second, and the script prints the
median over the rounds of the milliseconds per step, the deals per
second, the steps per deal and the ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import floor
import numpy as np

from briscola.vector.gymnasium import BriscolaVectorEnv


def floor_rate(deals: int) -> float:
    """The floor's deals per second over ``deals`` deals."""
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(deals):
        floor.deal(rng)
    return deals / (time.perf_counter() - start)


def environment_run(envs: BriscolaVectorEnv, deals: int, seed: int) -> tuple[float, int, int]:
    """Step ``envs`` with random legal actions until ``deals`` deals have
    ended; the seconds spent, the steps taken and the deals ended."""
    rng = np.random.default_rng(seed)
    envs.reset(seed=seed)
    ended = steps = 0
    start = time.perf_counter()
    while ended < deals:
        mask = envs.action_masks()
        noise = rng.random(mask.shape) * mask
        actions = np.where(mask.any(axis=1), noise.argmax(axis=1), -1)
        _, _, terminated, truncated, _ = envs.step(actions)
        ended += int((terminated | truncated).sum())
        steps += 1
    return time.perf_counter() - start, steps, ended


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="split-2p")
    parser.add_argument("--size", type=int, default=256, help="deals at once (num_envs)")
    parser.add_argument("--deals", type=int, default=4096, help="deals per measurement")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    envs = BriscolaVectorEnv(args.preset, num_envs=args.size)
    environment_run(envs, args.size, seed=0)  # warm up
    floor_deals = 2000
    step_ms, rates, ratios, lengths = [], [], [], []
    for k in range(args.rounds):
        before = floor_rate(floor_deals)
        spent, steps, ended = environment_run(envs, args.deals, seed=k + 1)
        after = floor_rate(floor_deals)
        step_ms.append(1e3 * spent / steps)
        rates.append(ended / spent)
        ratios.append(rates[-1] / ((before + after) / 2))
        lengths.append(steps * args.size / ended)
    median = statistics.median
    print(
        f"{args.preset}, {args.size} deals at once, median of {args.rounds} rounds of "
        f"{args.deals:,} deals"
    )
    print(
        f"{'ms per step':>11}  {'deals/s':>9}  {'steps per deal':>14}  {'deals/s ratio to floor':>22}"
    )
    print(
        f"{median(step_ms):>11.2f}  {median(rates):>9,.0f}  {median(lengths):>14.1f}  "
        f"{median(ratios):>22.3f}"
    )


if __name__ == "__main__":
    main()
