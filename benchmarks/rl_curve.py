"""A learning curve for Stable-Baselines3's ``MaskablePPO`` on the
Gymnasium environment, measured by hand (torch is too heavy for CI).

The learner trains on :class:`briscola.gymnasium.BriscolaEnv` (two-player
Italian briscola by default), half of its environments at seat 0 (which
leads the first trick) and half at seat 1, against the random bot. After
every ``--every`` steps it saves a checkpoint, then plays ``--deals``
deals greedily against the random bot and as many against the heuristic
bot: the same packs twice, once from each seat. A deal counts 1 for a
win, 1/2 for a 60-60 tie, 0 for a loss; the 95% interval comes from the
spread of the per-pack means (normal approximation), as in
``benchmarks/bots_strength.py``.

Each evaluation is one line of JSON appended to ``OUT/curve.jsonl`` (and
a readable line to ``OUT/curve.log``); the run resumes from
``OUT/model.zip`` when started again with the same ``--out OUT``
(``rl-run`` by default). Run it niced, in the background::

    nice -n 10 python benchmarks/rl_curve.py --steps 1000000 --out rl-run &

The logs of the run in the guide are in ``benchmarks/rl_curve/``.

Needs ``torch``, ``stable-baselines3`` and ``sb3-contrib`` (not extras of
this project). ``--sb3-defaults`` trains with the library's default
hyperparameters and the deal's outcome as the only reward, as a first try
would: the baseline the guide "Reinforcement learning" compares with.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from briscola import outcome
from briscola.bots import DuplicateScore
from briscola.gymnasium import BriscolaEnv


def evaluate(
    model: Any, preset: str, opponent: str, packs: int, first_seed: int
) -> tuple[float, float]:
    """The greedy learner's mean score over ``packs`` packs, each played
    from both seats against ``opponent``, and the half-width of its 95%
    interval."""
    envs = [BriscolaEnv(preset, seat=seat, opponents=opponent) for seat in (0, 1)]
    per_pack = []
    for k in range(packs):
        total = 0.0
        for env in envs:
            observation, info = env.reset(seed=first_seed + k)
            terminated = False
            while not terminated:
                action, _ = model.predict(
                    observation, deterministic=True, action_masks=env.action_masks()
                )
                observation, _, terminated, _, info = env.step(int(action))
            result = outcome(env.game)
            assert result is not None
            if not result.winners:
                total += 0.5
            elif env.seat in result.winners:
                total += 1.0
        per_pack.append(total / len(envs))
    score = DuplicateScore("learner", opponent, first_seed, tuple(per_pack))
    return score.score, score.half_width


def measure(model: Any, args: argparse.Namespace, steps: int, seconds: float) -> dict[str, Any]:
    """The curve's entry after ``steps`` steps and ``seconds`` of training:
    the scores against the random and the heuristic bot, with their 95%
    half-widths."""
    start = time.perf_counter()
    packs = args.deals // 2
    random_score, random_half = evaluate(model, args.preset, "random", packs, 10**6)
    heuristic_score, heuristic_half = evaluate(model, args.preset, "heuristic", packs, 2 * 10**6)
    return {
        "steps": steps,
        "train_seconds": round(seconds, 1),
        "eval_seconds": round(time.perf_counter() - start, 1),
        "vs_random": round(random_score, 4),
        "vs_random_95": round(random_half, 4),
        "vs_heuristic": round(heuristic_score, 4),
        "vs_heuristic_95": round(heuristic_half, 4),
        "deals": 2 * packs,
    }


def make_model(args: argparse.Namespace, vec_env: Any) -> Any:
    """A new ``MaskablePPO``, with the recipe's settings unless
    ``--sb3-defaults``."""
    from sb3_contrib import MaskablePPO

    if args.sb3_defaults:
        return MaskablePPO("MultiInputPolicy", vec_env, seed=args.seed, device="cpu")
    return MaskablePPO(
        "MultiInputPolicy",
        vec_env,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        learning_rate=args.learning_rate,
        gamma=1.0,
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        device="cpu",
    )


def env_maker(preset: str, seat: int, reward: str) -> Callable[[], Any]:
    """A function that makes one training environment, monitored."""

    def make() -> Any:
        from stable_baselines3.common.monitor import Monitor

        return Monitor(BriscolaEnv(preset, seat=seat, reward=reward))

    return make


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="italian-2p")
    parser.add_argument("--steps", type=int, default=1_000_000, help="training steps in all")
    parser.add_argument("--every", type=int, default=100_000, help="steps between evaluations")
    parser.add_argument("--deals", type=int, default=400, help="evaluation deals per opponent")
    parser.add_argument("--out", type=Path, default=Path("rl-run"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--envs", type=int, default=32)
    parser.add_argument("--reward", default="trick-points")
    parser.add_argument("--n-steps", type=int, default=64, help="steps per environment per update")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--sb3-defaults", action="store_true")
    args = parser.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    checkpoint = out / "model.zip"
    curve = out / "curve.jsonl"
    reward = "outcome" if args.sb3_defaults else args.reward
    seats = [k % 2 for k in range(args.envs)] if not args.sb3_defaults else [0] * args.envs
    vec_env = DummyVecEnv([env_maker(args.preset, seat, reward) for seat in seats])
    done: list[dict[str, Any]] = []
    if curve.exists():
        done = [json.loads(line) for line in curve.read_text().splitlines() if line]
    if checkpoint.exists():
        model = MaskablePPO.load(checkpoint, env=vec_env, device="cpu")
    elif done:
        raise SystemExit(f"{out} holds a curve but no checkpoint to resume: choose another --out")
    else:
        model = make_model(args, vec_env)
    seconds = done[-1]["train_seconds"] if done else 0.0
    with open(out / "curve.log", "a") as log:
        if not done:
            log.write(
                f"# {args.preset}, {args.envs} envs, reward {reward}, "
                f"{'SB3 defaults' if args.sb3_defaults else 'recipe'}, seed {args.seed}; "
                f"torch {torch.__version__}, {platform.processor() or platform.machine()}, "
                f"{os.cpu_count()} cores\n"
            )
        while True:
            steps = model.num_timesteps
            if not done or done[-1]["steps"] < steps:
                entry = measure(model, args, steps, seconds)
                done.append(entry)
                with open(curve, "a") as lines:
                    lines.write(json.dumps(entry) + "\n")
                log.write(
                    f"{steps:>9,} steps  {seconds / 60:6.1f} min training  "
                    f"random {entry['vs_random']:.3f} ± {entry['vs_random_95']:.3f}  "
                    f"heuristic {entry['vs_heuristic']:.3f} ± {entry['vs_heuristic_95']:.3f}\n"
                )
                log.flush()
            if steps >= args.steps:
                break
            # Fresh deals after a resume, not the first chunk's again.
            vec_env.seed(args.seed + steps)
            start = time.perf_counter()
            model.learn(
                total_timesteps=min(args.every, args.steps - steps), reset_num_timesteps=False
            )
            seconds += time.perf_counter() - start
            model.save(checkpoint)
    vec_env.close()


if __name__ == "__main__":
    main()
