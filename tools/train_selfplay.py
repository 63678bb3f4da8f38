"""Train the learned bot by self-play: PPO on the batched engine, against a
league of its own past selves.

Where ``tools/train_learned.py`` fits the network to StrongBot's values
(and so can only come as close as the search it imitates), this script
improves it from the outcome of its own deals. Each update:

1. **Rollouts.** ``--deals`` deals are played at once on
   :class:`briscola.vector.BatchGame` (random dealers, a random side for
   the learner). In a share of them (``--self-share``) the current
   network plays every seat and every decision is learned from; in the
   others the learner's side (both partners of a pair, with the same
   network) meets a member of the league: the start network (the shipped
   one by default) and checkpoints of this run, added every
   ``--league-every`` updates. Members are drawn by how well they still
   do against the learner (weight ``(1 - score) ** --league-power`` plus
   a floor, the score an average of recent deals), so that the policy
   keeps meeting, and does not forget how to beat, what it once beat.
   The learner samples from its policy; league members play their best
   action, as the bot does. A network fitted to soft targets (as
   ``tools/train_learned.py`` fits them) has flat logits: the one shipped
   in 0.2.0, sampled as it was, scored 0.28 against its own best-action
   play over 512 deals, and 0.49 with its logits times 3 (``--sharpen
   3``, as the first run started), which keeps an entropy of 0.57 nats a
   decision to explore with; the best action does not change. The
   heuristic bot, StrongBot and the Monte Carlo bot never play in
   training: they are the yardsticks.
2. **Rewards and advantages.** A deal's only reward is its outcome for
   each seat, at its end (``--reward margin``: the side's card points
   less the other side's over the pack's; ``win``: 1, 0 or -1). The value
   head (beside the policy, on the same hidden layers) predicts it; the
   advantage of each decision is the generalised advantage estimate
   over that seat's decisions (``--lam``; no discount within a deal).
   Decisions with one legal action are played, not learned from.
3. **PPO update.** ``--epochs`` passes over the decisions in minibatches
   (``--minibatch``): the clipped policy objective (``--clip``), the
   value's squared error (``--value-coef``), an entropy bonus
   (``--entropy``), stopping early once the policy has moved by more than
   ``--target-kl``. For its first ``--value-warmup`` updates only the
   value head learns (the start network has none, and a policy pushed by
   a random value's advantages would forget what it knew).

Why PPO: the deal's outcome is the only truth there is beyond the
search's own values (the ceiling of imitation), its clipped steps keep a
good start network from being wrecked by one noisy batch, and it needs
no model of the hidden cards. Self-play alone can chase its own tail;
the league keeps old opponents in the mix.

The run folder (``--run``) holds ``latest.npz`` (a weights file with the
value head, which ``LearnedBot`` reads), ``state.pt`` (the network and
the optimiser's state), ``progress.json`` (counters, random state and the
league), ``league/`` (the members' weights) and ``log.jsonl``: one JSON
line per update (steps, deals, wall time, losses) and one per yardstick
measurement (:func:`briscola.bots.duplicate_match` of a checkpoint, kept
in ``checkpoints/``, against each ``--yardsticks`` entry at its own
cadence, on packs from ``--eval-seed``, in ``--eval-jobs`` worker
processes while training goes on). A league member that leaves the
league has its file deleted. ``--resume`` carries on from the folder; the run stops
after ``--updates`` updates or ``--hours`` hours of training in all, or
on ``SIGINT``/``SIGTERM`` after saving.

Run::

    nice -n 10 python tools/train_selfplay.py --run runs/selfplay-2p --hours 8
    nice -n 10 python tools/train_selfplay.py --run runs/selfplay-2p --hours 8 --resume

``--preset italian-4p`` trains pairs from their shipped network,
``--start none`` from a new one; ``--smoke`` runs two tiny updates.
"""

from __future__ import annotations

import os

# One thread for NumPy's matrix products, set before NumPy loads: on a
# busy two-core machine more threads made a rollout 15 times slower.
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from concurrent.futures import Future, ProcessPoolExecutor  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from torch_layers import Layers, layers_of, load_layers, torch_module  # noqa: E402

from briscola import Rules, preset  # noqa: E402
from briscola.bots import LearnedBot, duplicate_match  # noqa: E402
from briscola.bots._weights import load_weights, save_weights  # noqa: E402
from briscola.encoding import encoding_for  # noqa: E402
from briscola.vector import BatchGame  # noqa: E402

SHIPPED = Path(__file__).parent.parent / "briscola" / "bots" / "weights"
SELF = -1
"""The opponent index of a deal the current network plays on both sides."""


class Policy:
    """A network as NumPy arrays: the policy layers (ReLU between them) and
    the value head, if any, reading the last hidden layer."""

    def __init__(self, layers: Layers, value_layers: Layers | None = None) -> None:
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]
        self.value_layers = [
            (np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in value_layers or []
        ]

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Policy:
        """A weights file, read by the package's own loader."""
        net = load_weights(path)
        return cls(
            [(np.asarray(w), np.asarray(b)) for w, b in net.layers],
            [(np.asarray(w), np.asarray(b)) for w, b in net.value_layers],
        )

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """The logits of a batch of encoded observations, and the values
        (``None`` without a value head)."""
        hidden = x
        for weights, bias in self.layers[:-1]:
            hidden = np.maximum(hidden @ weights + bias, 0.0)
        weights, bias = self.layers[-1]
        logits = hidden @ weights + bias
        if not self.value_layers:
            return logits, None
        value = hidden
        for i, (weights, bias) in enumerate(self.value_layers):
            value = (np.maximum(value, 0.0) if i else value) @ weights + bias
        return logits, value[:, 0]


def masked_log_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Log-probabilities over the legal actions (``-inf`` elsewhere)."""
    z = np.where(mask, logits, -np.inf)
    z = z - z.max(1, keepdims=True)
    result: np.ndarray = z - np.log(np.exp(z).sum(1, keepdims=True))
    return result


class League:
    """The opponents the learner meets: names, weights files (their names
    in the run folder's ``league/``) and the
        learner's recent score against each (an exponential average over
        deals, 0.5 at first). ``SELF`` (the current network) is not a member:
        it takes ``self_share`` of the deals."""

    def __init__(self, members: list[dict[str, Any]] | None = None) -> None:
        self.members: list[dict[str, Any]] = members or []

    def add(self, name: str, path: str, limit: int, pinned: bool = False) -> list[dict[str, Any]]:
        """Add a member; beyond ``limit`` members the oldest not pinned
        one leaves. The members that left."""
        self.members.append(
            {"name": name, "path": path, "score": 0.5, "deals": 0, "pinned": pinned}
        )
        gone = []
        while len(self.members) > limit:
            oldest = next((m for m in self.members if not m["pinned"]), None)
            if oldest is None:
                break
            self.members.remove(oldest)
            gone.append(oldest)
        return gone

    def weights(self, power: float) -> np.ndarray:
        """Each member's chance to be drawn: more for those the learner
        does worse against, never below a floor."""
        scores = np.array([m["score"] for m in self.members], dtype=np.float64)
        weights: np.ndarray = (1.0 - scores) ** power + 0.05
        chances: np.ndarray = weights / weights.sum()
        return chances

    def sample(
        self, rng: np.random.Generator, count: int, self_share: float, power: float
    ) -> np.ndarray:
        """An opponent per deal: a member's index, or ``SELF``."""
        if not self.members:
            return np.full(count, SELF)
        drawn = rng.choice(len(self.members), size=count, p=self.weights(power))
        return np.where(rng.random(count) < self_share, SELF, drawn)

    def record(self, opponents: np.ndarray, scores: np.ndarray, rate: float = 0.02) -> None:
        """Fold the learner's score in each deal (1, 1/2 or 0) into its
        average against that deal's member."""
        for index, member in enumerate(self.members):
            for score in scores[opponents == index]:
                member["score"] += rate * (float(score) - member["score"])
                member["deals"] += 1


def side_of_seats(rules: Rules) -> np.ndarray:
    """The index of each seat's side."""
    side = np.zeros(rules.players, dtype=np.intp)
    for index, seats in enumerate(rules.sides):
        side[list(seats)] = index
    return side


def outcomes(rules: Rules, points: np.ndarray, reward: str) -> np.ndarray:
    """Each seat's reward in each finished deal: ``margin``, the side's
    points less the best other side's over the pack's, or ``win``, its
    sign."""
    side = side_of_seats(rules)
    other = np.stack(
        [points[:, side != side[seat]].max(1) for seat in range(rules.players)], axis=1
    )
    margin: np.ndarray = (points - other) / rules.total_points
    return np.sign(margin) if reward == "win" else margin


def collect(
    game: BatchGame,
    learner: Policy,
    opponents: Sequence[Policy],
    league: League,
    rng: np.random.Generator,
    args: argparse.Namespace,
) -> dict[str, np.ndarray]:
    """Play one batch of deals; the learner's decisions with a choice, in
    the order they were taken, with what PPO needs, and each deal's
    result for the league."""
    rules = game.rules
    size, players = game.size, rules.players
    side = side_of_seats(rules)
    game.reset(seed=rng, dealers=rng.integers(players, size=size))
    learner_side = rng.integers(len(rules.sides), size=size)
    versus = league.sample(rng, size, args.self_share, args.league_power)
    rows: dict[str, list[np.ndarray]] = {
        k: [] for k in ("x", "mask", "action", "logp", "value", "deal", "seat")
    }
    deals = np.arange(size)
    while not game.is_over.all():
        mover = game.to_move
        live = mover >= 0
        x, mask = game.observations(), game.legal_mask()
        mine = live & ((side[np.maximum(mover, 0)] == learner_side) | (versus == SELF))
        actions = np.full(size, -1, dtype=np.intp)
        if mine.any():
            logits, value = learner.forward(x[mine])
            logp = masked_log_softmax(logits, mask[mine])
            gumbel = rng.gumbel(size=logp.shape)
            chosen = np.argmax(np.where(mask[mine], logp + gumbel, -np.inf), axis=1)
            actions[mine] = chosen
            choice = mask[mine].sum(1) > 1
            picked = np.flatnonzero(mine)[choice]
            rows["x"].append(x[picked])
            rows["mask"].append(mask[picked])
            rows["action"].append(chosen[choice])
            rows["logp"].append(logp[choice, chosen[choice]])
            rows["value"].append(
                np.zeros(len(picked), np.float32) if value is None else value[choice]
            )
            rows["deal"].append(deals[picked])
            rows["seat"].append(mover[picked])
        for index in np.unique(versus[live & ~mine]):
            theirs = live & ~mine & (versus == index)
            logits, _ = opponents[index].forward(x[theirs])
            actions[theirs] = np.argmax(np.where(mask[theirs], logits, -np.inf), axis=1)
        game.step(actions)
    result = {k: np.concatenate(v) for k, v in rows.items()}
    rewards = outcomes(rules, game.points(), args.reward)
    result["reward"] = rewards[result["deal"], result["seat"]].astype(np.float32)
    seat_of_side = np.array([seats[0] for seats in rules.sides])
    margin = outcomes(rules, game.points(), "win")[deals, seat_of_side[learner_side]]
    result["versus"], result["deal_score"] = versus, (margin + 1) / 2
    return result


def advantages(batch: dict[str, np.ndarray], lam: float) -> tuple[np.ndarray, np.ndarray]:
    """The generalised advantage estimate of each decision over its seat's
    decisions in its deal (no discount; the reward at the end), and the
    value targets (advantage plus value)."""
    value, reward = batch["value"], batch["reward"]
    key = batch["deal"] * 64 + batch["seat"]
    advantage = np.zeros(len(value), np.float32)
    next_value: dict[int, float] = {}
    next_advantage: dict[int, float] = {}
    for i in range(len(value) - 1, -1, -1):
        k = int(key[i])
        if k in next_value:
            delta = next_value[k] - value[i]
            advantage[i] = delta + lam * next_advantage[k]
        else:
            advantage[i] = reward[i] - value[i]
        next_value[k], next_advantage[k] = float(value[i]), float(advantage[i])
    return advantage, advantage + value


# -- the network in torch ------------------------------------------------


def build_model(policy: Policy, value_hidden: int, seed: int) -> Any:
    """A torch module with the policy's layers and its value head (a new
    one, ``value_hidden`` units then one output, if it has none)."""
    torch = torch_module()
    torch.manual_seed(seed)
    nn = torch.nn

    class Model(nn.Module):  # type: ignore[misc,name-defined]
        def __init__(self) -> None:
            super().__init__()
            self.trunk = nn.ModuleList(
                nn.Linear(w.shape[0], w.shape[1]) for w, _ in policy.layers[:-1]
            )
            w, _ = policy.layers[-1]
            self.head = nn.Linear(w.shape[0], w.shape[1])
            if policy.value_layers:
                sizes = [policy.value_layers[0][0].shape[0]] + [
                    b.shape[0] for _, b in policy.value_layers
                ]
            else:
                sizes = [w.shape[0], value_hidden, 1]
            self.value = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))

        def forward(self, x: Any, detach_value: bool = False) -> tuple[Any, Any]:
            for layer in self.trunk:
                x = torch.relu(layer(x))
            v = x.detach() if detach_value else x
            for i, layer in enumerate(self.value):
                v = layer(torch.relu(v) if i else v)
            return self.head(x), v[:, 0]

    model = Model()
    load_layers([*model.trunk, model.head], policy.layers)
    if policy.value_layers:
        load_layers(model.value, policy.value_layers)
    else:
        with torch.no_grad():
            model.value[-1].weight.mul_(0.01)
            model.value[-1].bias.zero_()
    return model


def to_policy(model: Any) -> Policy:
    """The torch module's weights as a :class:`Policy`."""
    return Policy(layers_of([*model.trunk, model.head]), layers_of(model.value))


def ppo_update(
    model: Any,
    optimiser: Any,
    batch: dict[str, np.ndarray],
    args: argparse.Namespace,
    warm: bool,
    rng: np.random.Generator,
) -> dict[str, float]:
    """One PPO update on a batch of decisions; the mean losses. With
    ``warm`` only the value head learns."""
    torch = torch_module()
    advantage, returns = advantages(batch, args.lam)
    normal = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
    x = torch.from_numpy(batch["x"])
    mask = torch.from_numpy(batch["mask"])
    action = torch.from_numpy(batch["action"].astype(np.int64))
    old_logp = torch.from_numpy(batch["logp"].astype(np.float32))
    adv = torch.from_numpy(normal.astype(np.float32))
    ret = torch.from_numpy(returns.astype(np.float32))
    draw = rng
    totals: dict[str, float] = {"policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0}
    totals |= {"approx_kl": 0.0, "clip_fraction": 0.0}
    count, epochs = 0, 0
    for _ in range(args.epochs):
        epochs += 1
        kls = []
        for rows in np.array_split(
            draw.permutation(len(action)), max(1, len(action) // args.minibatch)
        ):
            index = torch.from_numpy(rows)
            logits, value = model(x[index], detach_value=warm)
            logits = logits.masked_fill(~mask[index], -1e9)
            logp_all = torch.log_softmax(logits, 1)
            logp = logp_all.gather(1, action[index][:, None])[:, 0]
            ratio = torch.exp(logp - old_logp[index])
            a = adv[index]
            policy_loss = -torch.min(
                ratio * a, ratio.clamp(1 - args.clip, 1 + args.clip) * a
            ).mean()
            probs = logp_all.exp()
            entropy = (
                -(torch.where(mask[index], probs * logp_all, torch.zeros_like(probs))).sum(1).mean()
            )
            value_loss = ((value - ret[index]) ** 2).mean()
            loss = args.value_coef * value_loss
            if not warm:
                loss = loss + policy_loss - args.entropy * entropy
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
            optimiser.step()
            with torch.no_grad():
                kl = float((old_logp[index] - logp).mean())
                kls.append(kl)
                totals["policy_loss"] += float(policy_loss)
                totals["value_loss"] += float(value_loss)
                totals["entropy"] += float(entropy)
                totals["approx_kl"] += kl
                totals["clip_fraction"] += float(((ratio - 1).abs() > args.clip).float().mean())
                count += 1
        if not warm and np.mean(kls) > args.target_kl:
            break
    result = {k: round(v / max(1, count), 5) for k, v in totals.items()}
    result["epochs"] = epochs
    return result


# -- the run folder --------------------------------------------------------


def save_policy(
    path: Path, rules: Rules, policy: Policy, args: argparse.Namespace, note: str
) -> None:
    """Write a weights file the bot reads, via a temporary file."""
    temporary = path.with_suffix(".tmp")
    save_weights(
        temporary,
        rules,
        policy.layers,
        policy.value_layers,
        preset=args.preset,
        value_target=args.reward,
        trained=f"tools/train_selfplay.py: PPO self-play against a league, {note}",
    )
    os.replace(temporary, path)


def write_json(path: Path, data: Any) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data))
    os.replace(temporary, path)


def log(run: Path, entry: dict[str, Any]) -> None:
    with (run / "log.jsonl").open("a") as file:
        file.write(json.dumps(entry) + "\n")
    print(json.dumps(entry), flush=True)


def yardsticks(spec: str) -> list[tuple[str, int, int]]:
    """``NAME=PACKS@UPDATES`` entries separated by commas: score against
    ``NAME`` (a :func:`briscola.bots.make_bot` name) over ``PACKS``
    duplicate packs every ``UPDATES`` updates."""
    result = []
    for part in filter(None, spec.split(",")):
        name, _, rest = part.rpartition("=")
        packs, _, every = rest.partition("@")
        if not name or not packs.isdigit() or not every.isdigit() or 0 in (int(packs), int(every)):
            raise SystemExit(f"--yardsticks: {part!r} is not NAME=PACKS@UPDATES")
        result.append((name, int(packs), int(every)))
    return result


def score(
    weights: str, preset_name: str, name: str, packs: int, seed: int, at: dict[str, Any]
) -> dict[str, Any]:
    """A checkpoint's score against one yardstick, as a log entry (module
    level, so that it runs in a worker process)."""
    result = duplicate_match(preset(preset_name), LearnedBot(weights), name, packs, seed=seed)
    return {
        "kind": "yardstick",
        **at,
        "yardstick": name,
        "packs": result.packs,
        "seed": seed,
        "score": round(result.score, 4),
        "low": round(result.low, 4),
        "high": round(result.high, 4),
        "eval_seconds": round(result.seconds, 1),
    }


def parse(argv: Sequence[str] | None, saved: dict[str, Any] | None = None) -> argparse.Namespace:
    """The options: the command line's, else (with ``saved``, on resuming)
    the run's own, else the defaults."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--run", default="runs/selfplay", help="the run folder")
    add("--resume", action="store_true", help="carry on from the run folder")
    add("--preset", default="italian-2p")
    add("--start", default=None, help="weights to start from (default: shipped; 'none': new)")
    add("--hidden", default="512,256", help="hidden widths of a new network (--start none)")
    add(
        "--sharpen",
        type=float,
        default=1.0,
        help="multiply a loaded start network's logits by this (1: as it is)",
    )
    add("--value-hidden", type=int, default=64, help="units of a new value head's hidden layer")
    add("--reward", choices=("margin", "win"), default="margin")
    add("--deals", type=int, default=256, help="deals per rollout")
    add("--self-share", type=float, default=0.5, help="share of deals in pure self-play")
    add("--league-every", type=int, default=500, help="updates between league checkpoints")
    add("--league-size", type=int, default=20, help="most league members")
    add("--league-power", type=float, default=1.0, help="how much weaker members are shunned")
    add("--lr", type=float, default=1e-4)
    add("--epochs", type=int, default=4)
    add("--minibatch", type=int, default=1024)
    add("--clip", type=float, default=0.2)
    add("--lam", type=float, default=0.95)
    add("--value-coef", type=float, default=0.5)
    add("--entropy", type=float, default=0.003)
    add("--target-kl", type=float, default=0.02)
    add("--max-grad-norm", type=float, default=0.5)
    add("--value-warmup", type=int, default=10, help="first updates that train the value only")
    add("--updates", type=int, default=10**9, help="stop after this many updates in all")
    add("--hours", type=float, default=math.inf, help="stop after this much training in all")
    add("--save-every", type=int, default=5, help="updates between saves")
    add(
        "--yardsticks",
        default="heuristic=500@500,search=200@2000,mc:200=100@4000",
        help="NAME=PACKS@UPDATES,...: score against NAME over PACKS packs every UPDATES",
    )
    add(
        "--eval-jobs",
        type=int,
        default=1,
        help="worker processes that score the yardsticks while training goes on (0: here)",
    )
    add("--eval-seed", type=int, default=100_000, help="seed of the yardsticks' first pack")
    add("--threads", type=int, default=1, help="torch threads")
    add("--seed", type=int, default=1)
    add("--smoke", action="store_true", help="two tiny updates")
    if saved:
        parser.set_defaults(**{k: v for k, v in saved.items() if k not in ("run", "resume")})
    args = parser.parse_args(argv)
    if args.smoke and not saved:
        args.deals, args.updates, args.minibatch, args.value_warmup = 8, 2, 64, 1
        args.save_every, args.league_every, args.eval_jobs = 1, 1, 0
        args.yardsticks = "heuristic=2@2"
    return args


def start_policy(rules: Rules, args: argparse.Namespace) -> Policy:
    """The network to start from: ``--start``, the shipped one, or new."""
    if args.start == "none":
        encoding = encoding_for(rules)
        sizes = [encoding.observation_size, *map(int, args.hidden.split(",")), encoding.num_actions]
        rng = np.random.default_rng(args.seed)
        return Policy(
            [
                (rng.normal(0, math.sqrt(2 / a), (a, b)), np.zeros(b))
                for a, b in zip(sizes, sizes[1:])
            ]
        )
    path = Path(args.start) if args.start else SHIPPED / f"{args.preset}.npz"
    policy = Policy.load(path)
    if load_weights(path).rules != rules:
        raise SystemExit(f"{path} was trained for other rules than {args.preset}")
    weights, bias = policy.layers[-1]
    policy.layers[-1] = (weights * args.sharpen, bias * args.sharpen)
    return policy


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    run = Path(args.run)
    state_path, progress_path = run / "state.pt", run / "progress.json"
    if progress_path.exists() and not args.resume:
        raise SystemExit(f"{run} holds a run already: pass --resume to carry on, or another --run")
    if args.resume and progress_path.exists():
        args = parse(argv, json.loads(progress_path.read_text())["options"])
    torch = torch_module()
    torch.set_num_threads(args.threads)
    rules = preset(args.preset)
    (run / "league").mkdir(parents=True, exist_ok=True)
    if args.resume and progress_path.exists():
        saved = json.loads(progress_path.read_text())
        progress = {k: saved[k] for k in ("update", "deals", "steps", "seconds")}
        policy = Policy.load(run / "latest.npz")
        model = build_model(policy, args.value_hidden, args.seed)
        tensors = torch.load(state_path, weights_only=True)
        model.load_state_dict(tensors["model"])
        optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
        optimiser.load_state_dict(tensors["optimiser"])
        rng = np.random.default_rng()
        rng.bit_generator.state = saved["rng"]
        league = League(saved["league"])
    else:
        policy = start_policy(rules, args)
        model = build_model(policy, args.value_hidden, args.seed)
        optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
        rng = np.random.default_rng(args.seed)
        progress = {"update": 0, "deals": 0, "steps": 0, "seconds": 0.0}
        league = League()
        first = run / "league" / "start.npz"
        save_policy(first, rules, to_policy(model), args, "the start")
        league.add("start", first.name, args.league_size, pinned=True)
    sticks = yardsticks(args.yardsticks)
    (run / "checkpoints").mkdir(exist_ok=True)
    pool = ProcessPoolExecutor(args.eval_jobs) if args.eval_jobs else None
    scoring: list[Future[dict[str, Any]]] = []
    stop: list[int] = []
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, lambda signum, frame: stop.append(signum))
    game = BatchGame(rules, args.deals)
    opponents = [Policy.load(run / "league" / m["path"]) for m in league.members]

    def save() -> None:
        current = to_policy(model)
        save_policy(run / "latest.npz", rules, current, args, f"update {progress['update']}")
        torch.save({"model": model.state_dict(), "optimiser": optimiser.state_dict()}, state_path)
        saved = {"rng": rng.bit_generator.state, "league": league.members, "options": vars(args)}
        write_json(progress_path, {**progress, **saved})

    while (
        progress["update"] < args.updates and progress["seconds"] < args.hours * 3600 and not stop
    ):
        began = time.perf_counter()
        batch = collect(game, to_policy(model), opponents, league, rng, args)
        league.record(batch["versus"], batch["deal_score"])
        collected = time.perf_counter()
        warm = progress["update"] < args.value_warmup
        losses = ppo_update(model, optimiser, batch, args, warm, rng)
        done = time.perf_counter()
        progress["update"] += 1
        progress["deals"] += args.deals
        progress["steps"] += len(batch["action"])
        progress["seconds"] += done - began
        update = progress["update"]
        if update % args.league_every == 0:
            path = run / "league" / f"update-{update:06d}.npz"
            save_policy(path, rules, to_policy(model), args, f"update {update}")
            for gone in league.add(f"update-{update}", path.name, args.league_size):
                (run / "league" / gone["path"]).unlink(missing_ok=True)
            opponents = [Policy.load(run / "league" / m["path"]) for m in league.members]
        log(
            run,
            {
                "kind": "update",
                "update": update,
                "steps": progress["steps"],
                "deals": progress["deals"],
                "train_seconds": round(progress["seconds"], 1),
                "rollout_seconds": round(collected - began, 2),
                "update_seconds": round(done - collected, 2),
                "decisions": len(batch["action"]),
                "mean_reward": round(float(batch["reward"].mean()), 4),
                "value_only": warm,
                **losses,
                "league": {m["name"]: round(m["score"], 3) for m in league.members},
            },
        )
        due = [stick for stick in sticks if update % stick[2] == 0]
        if update % args.save_every == 0 or due:
            save()
        if due:
            checkpoint = run / "checkpoints" / f"update-{update:06d}.npz"
            shutil.copyfile(run / "latest.npz", checkpoint)
            at = {k: progress[k] for k in ("update", "deals")}
            at["train_seconds"] = round(progress["seconds"], 1)
            for name, packs, _ in due:
                job = (str(checkpoint), args.preset, name, packs, args.eval_seed, at)
                if pool is None:
                    log(run, score(*job))
                else:
                    scoring.append(pool.submit(score, *job))
        for future in [f for f in scoring if f.done()]:
            scoring.remove(future)
            log(run, future.result())
    save()
    for future in scoring:
        if stop:
            future.cancel()  # a stopped run scores only what is under way
        if not future.cancelled():
            log(run, future.result())
    if pool is not None:
        pool.shutdown()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
