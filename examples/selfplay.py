"""Self-play on the batched engine, with nothing but NumPy: a small policy
learns two-player briscola by playing thousands of deals against itself.

The policy is a network with one hidden layer: the encoded observation of
the seat to move (:mod:`briscola.encoding`), 64 rectified units, then one
score per action index; a softmax over the legal actions of the mask
gives the chances of each. Both seats of every deal of a
:class:`briscola.vector.BatchGame` play with it. When the deals end, each
decision is credited with the card points its seat gains on the other
from then on (read from the observation's ``points`` section), each later
action's points counting ``--discount`` times less, less a learned
baseline (a linear estimate of that credit from the observation); the
policy then takes a few steps of Adam along that policy gradient
(REINFORCE with a baseline).

Every few batches it prints the learning curve: the win rate of the
greedy policy (its most likely legal action) against the random bot and
against the heuristic bot of :mod:`briscola.bots`, over the same test
deals, played on the scalar engine (half of them from each seat). Run it
with ``python examples/selfplay.py``: that is a short run of some
6,000 deals, under half a minute; ``--batches``, ``--size`` and
``--preset`` make longer ones (``--help`` lists them; the guide
"Reinforcement learning" shows the curve of a longer run). Install the
``vector`` extra.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

# The matrices are small: one BLAS thread is faster than several, above
# all on a busy machine (set before NumPy loads its BLAS).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from briscola import (  # noqa: E402
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
    outcome,
    preset,
)
from briscola.bots import Bot, HeuristicBot, RandomBot  # noqa: E402
from briscola.encoding import Encoding, encoding_for  # noqa: E402
from briscola.vector import BatchGame  # noqa: E402

Floats = NDArray[np.float64]


class Policy:
    """A masked softmax over action scores from one hidden layer, with a
    linear baseline, trained with Adam."""

    def __init__(self, encoding: Encoding, hidden: int, rate: float, seed: int) -> None:
        rng = np.random.default_rng(seed)
        inputs, actions = encoding.observation_size, encoding.num_actions
        self.params: dict[str, Floats] = {
            "w1": rng.normal(0.0, (2.0 / inputs) ** 0.5, (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0.0, 0.01, (hidden, actions)),
            "b2": np.zeros(actions),
            "value": np.zeros(inputs),
            "value_bias": np.zeros(1),
        }
        self.rate = rate
        self._moments = {
            key: (np.zeros_like(p), np.zeros_like(p)) for key, p in self.params.items()
        }
        self._steps = 0

    def chances(self, seen: Floats, masks: NDArray[np.bool_]) -> tuple[Floats, Floats]:
        """The hidden layer and the chance of each action, zero where it
        is not legal."""
        p = self.params
        hidden = np.maximum(seen @ p["w1"] + p["b1"], 0.0)
        scores = np.where(masks, hidden @ p["w2"] + p["b2"], -np.inf)
        scores -= scores.max(axis=1, keepdims=True)
        weights = np.exp(scores)
        chances: Floats = weights / weights.sum(axis=1, keepdims=True)
        return hidden, chances

    def greedy(self, seen: Floats, masks: NDArray[np.bool_]) -> NDArray[np.intp]:
        """The most likely legal action of each row."""
        chosen: NDArray[np.intp] = self.chances(seen, masks)[1].argmax(axis=1)
        return chosen

    def learn(
        self, seen: Floats, masks: NDArray[np.bool_], actions: NDArray[np.intp], results: Floats
    ) -> float:
        """One step of Adam along the policy gradient of ``results`` less
        the baseline, and of the baseline towards ``results``; the mean
        squared error of the baseline."""
        p = self.params
        rows = np.arange(len(actions))
        hidden, chances = self.chances(seen, masks)
        baseline = seen @ p["value"] + p["value_bias"][0]
        advantage = results - baseline
        advantage /= advantage.std() + 1e-8
        # d(-advantage * log chance[action]) / d scores, averaged.
        scores_grad = chances.copy()
        scores_grad[rows, actions] -= 1.0
        scores_grad *= advantage[:, None] / len(actions)
        hidden_grad = (scores_grad @ p["w2"].T) * (hidden > 0)
        error = baseline - results
        grads = {
            "w2": hidden.T @ scores_grad,
            "b2": scores_grad.sum(axis=0),
            "w1": seen.T @ hidden_grad,
            "b1": hidden_grad.sum(axis=0),
            "value": seen.T @ error / len(actions),
            "value_bias": np.array([error.mean()]),
        }
        self._steps += 1
        for key, grad in grads.items():
            first, second = self._moments[key]
            first *= 0.9
            first += 0.1 * grad
            second *= 0.999
            second += 0.001 * grad * grad
            unbiased = first / (1 - 0.9**self._steps)
            spread = np.sqrt(second / (1 - 0.999**self._steps)) + 1e-8
            p[key] -= self.rate * unbiased / spread
        return float((error * error).mean())


def self_play(
    batch: BatchGame,
    policy: Policy,
    rng: np.random.Generator,
    discount: float,
    epochs: int,
    pieces: int,
) -> float:
    """Deal the batch, play every deal to its end with ``policy`` at both
    seats, and learn from the results: ``epochs`` passes over the
    decisions in ``pieces`` shuffled parts. Returns the baseline's error."""
    encoding = encoding_for(batch.rules)
    # The observation's section of the points each seat has taken so far
    # (the observer's first), each entry a count over its bound.
    (section,) = (s for s in encoding.observation_sections if s.name == "points")
    bound = np.array(encoding.observation_high[section.start : section.stop], dtype=np.float64)
    batch.reset(seed=rng)
    seen, masks, actions, movers, margins = [], [], [], [], []
    while not batch.is_over.all():
        observed = batch.observations().astype(np.float64)
        mask = batch.legal_mask().copy()  # kept: the batch writes its own in place
        chances = policy.chances(observed, mask)[1]
        # One draw per deal from its chances (inverse of the running sum).
        draws = rng.random((batch.size, 1))
        chosen = (chances.cumsum(axis=1) < draws).sum(axis=1)
        chosen = np.minimum(chosen, chances.shape[1] - 1)
        chosen = np.where(mask[np.arange(batch.size), chosen], chosen, mask.argmax(axis=1))
        mover = batch.to_move
        taken = np.rint(observed[:, section.start : section.stop] * bound)
        # Seat 0's lead in points so far (the mover's, turned to seat 0).
        margins.append(np.where(mover == 0, 1.0, -1.0) * (taken[:, 0] - taken[:, 1]))
        seen.append(observed)
        masks.append(mask)
        actions.append(chosen)
        movers.append(mover)
        batch.step(chosen)
    points = batch.points()
    margins.append((points[:, 0] - points[:, 1]).astype(np.float64))
    # A decision's credit: the points its seat gains on the other from
    # then on, each action later counting ``discount`` times less, over
    # the pack's points (the points already taken are not its doing).
    credits: list[Floats] = []
    ahead = np.zeros(batch.size)
    for ply in reversed(range(len(movers))):
        ahead = margins[ply + 1] - margins[ply] + discount * ahead
        credits.append(np.where(movers[ply] == 0, ahead, -ahead) / batch.rules.total_points)
    all_seen, all_masks = np.concatenate(seen), np.concatenate(masks)
    all_actions, credit = np.concatenate(actions), np.concatenate(credits[::-1])
    error = 0.0
    for _ in range(epochs):
        for part in np.array_split(rng.permutation(len(credit)), pieces):
            error = policy.learn(all_seen[part], all_masks[part], all_actions[part], credit[part])
    return error


def win_rate(rules: Rules, policy: Policy, bot: Bot, deals: int) -> float:
    """The greedy policy's share of wins against ``bot`` over ``deals``
    test deals on the scalar engine, half of them from each seat."""
    encoding = encoding_for(rules)
    rng = random.Random(0)
    wins = 0
    for number in range(deals):
        state = new_game(rules, seed=10**6 + number)
        seat = number % 2
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            seen = observe(state, mover)
            if mover == seat:
                vector = np.array([encoding.encode(seen)])
                mask = np.array([encoding.mask(seen)], dtype=bool)
                action = encoding.actions[int(policy.greedy(vector, mask)[0])]
            else:
                action = bot.choose(seen, legal_actions(state), rng)
            state = apply(state, action)
        result = outcome(state)
        assert result is not None
        wins += seat in result.winners
    return wins / deals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--preset", default="italian-2p", help="a preset BatchGame holds")
    parser.add_argument("--batches", type=int, default=48, help="training batches")
    parser.add_argument("--size", type=int, default=128, help="deals per batch")
    parser.add_argument("--every", type=int, default=16, help="batches between two tests")
    parser.add_argument("--test-deals", type=int, default=100, help="test deals per bot")
    parser.add_argument("--hidden", type=int, default=64, help="hidden units")
    parser.add_argument("--rate", type=float, default=0.003, help="Adam's step size")
    parser.add_argument("--discount", type=float, default=0.8, help="per action, in [0, 1]")
    parser.add_argument("--epochs", type=int, default=2, help="passes over each batch")
    parser.add_argument("--pieces", type=int, default=4, help="steps per pass")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    for name in ("batches", "size", "every", "test_deals", "hidden", "epochs", "pieces"):
        if getattr(options, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if not 0.0 <= options.discount <= 1.0:
        parser.error("--discount must be from 0 to 1")
    rules = preset(options.preset)
    try:
        batch = BatchGame(rules, options.size)
    except ValueError as error:
        parser.error(str(error))
    policy = Policy(encoding_for(rules), options.hidden, options.rate, options.seed)
    rng = np.random.default_rng(options.seed)
    bots: dict[str, Any] = {"random": RandomBot(), "heuristic": HeuristicBot()}
    start = time.perf_counter()
    print(f"{'deals':>8}  {'seconds':>7}  {'vs random':>9}  {'vs heuristic':>12}")
    for done in range(options.batches + 1):
        if done:
            self_play(batch, policy, rng, options.discount, options.epochs, options.pieces)
        if done % options.every == 0 or done == options.batches:
            rates = [win_rate(rules, policy, bot, options.test_deals) for bot in bots.values()]
            print(
                f"{done * options.size:>8}  {time.perf_counter() - start:>7.1f}  "
                f"{rates[0]:>9.1%}  {rates[1]:>12.1%}",
                flush=True,
            )


if __name__ == "__main__":
    main()
