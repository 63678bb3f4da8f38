"""Train the learned bot's network by expert iteration (DAgger) on StrongBot.

Each iteration plays games at the table: the learner (at iteration 0
StrongBot itself, later the network of the iteration before, which plays
StrongBot's choice with probability ``beta`` and a random card with
probability ``epsilon``) against a league opponent drawn per game (the
learner's own network in ``--self-share`` of the games, else HeuristicBot
four times in five and RandomBot once). At every decision of the
learner's seats (its side's: partners are trained together; every seat when
it plays itself) with a choice, StrongBot
(``--budget``) values every legal card (:meth:`briscola.bots.StrongBot.evaluate`,
and the prior's share with ``--prior``):
the encoded observation (:meth:`briscola.encoding.Encoding.encode`), the
legal mask, the best card and the values are saved. Games go to worker
processes in chunks, each chunk to its own file, so an interrupted run
resumes where it stopped. Then a multilayer perceptron is fitted to every
sample gathered so far (cross-entropy on the logits masked to the legal
actions, against the softmax of the values at ``--temperature``; torch
when it imports, else a small NumPy fit), from the pretrained network or,
with ``--warm``, from the iteration before; it is saved as a weights file
and measured against HeuristicBot over duplicate packs. ``log.jsonl`` in
the run folder keeps the curve.

Expert iteration on the guided search: ``--start FILE`` starts from a
weights file (the shipped network, say) instead of one fitted to the
heuristic bot, and that network plays from the first iteration (with
``--beta 0`` the expert never plays for it); ``--prior FILE`` guides the
expert by a network (``StrongBot(prior=LearnedBot(FILE))``, whose labels
are the values it plays by: the search's plus the prior's share). When
the start has a value head, the head goes on learning beside the policy:
every labelled decision also keeps its side's margin at the deal's end
(card points less the other side's, over the pack's), the head's target.

Run ``nice -n 10 python tools/train_learned.py --out runs/learned`` (the
full run), ``--smoke`` for a seconds-long run without torch (CI), and
``--export PATH`` to copy the last iteration's weights to ``PATH``
(``--pick N``: iteration ``N``'s). ``tools/train_selfplay.py`` goes on
from such a network by self-play on the batched engine.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from torch_layers import Layers, layers_of, load_layers, torch_module

from briscola import (
    Card,
    Phase,
    Rules,
    Suit,
    apply,
    legal_actions,
    new_game,
    observe,
    preset,
)
from briscola._rewards import rewards
from briscola.bots import Bot, HeuristicBot, LearnedBot, RandomBot, StrongBot, duplicate_match
from briscola.bots._weights import load_weights, save_weights
from briscola.encoding import encoding_for


def _schedule(iteration: int) -> float:
    """The share of the learner's moves that follow the expert."""
    return 1.0 if iteration == 0 else max(0.1, 0.5 * 0.7 ** (iteration - 1))


def _beta(args: argparse.Namespace, iteration: int) -> float:
    """The expert's share of the learner's moves: ``--beta``, else the schedule."""
    return _schedule(iteration) if args.beta is None else float(args.beta)


def collect(job: dict[str, Any]) -> dict[str, Any]:
    """Play ``job["games"]`` games and label the learner's decisions."""
    rules = preset(job["preset"])
    encoding = encoding_for(rules)
    rng = random.Random(job["seed"])
    expert: Bot = HeuristicBot()
    if not job["teacher"]:
        prior = None if job["prior"] is None else LearnedBot(job["prior"])
        expert = StrongBot(budget=job["budget"], prior=prior)
    learner: Bot | None = None if job["weights"] is None else LearnedBot(job["weights"])
    beta, epsilon = job["beta"], job["epsilon"]
    league: list[tuple[str, Bot | None]] = [("self", None), ("heuristic", HeuristicBot())]
    league.append(("random", RandomBot()))
    share = job["self_share"]
    shares = (share, 0.8 * (1 - share), 0.2 * (1 - share))
    vectors: list[list[float]] = []
    masks: list[list[int]] = []
    labels: list[int] = []
    values: list[list[float]] = []
    seats: list[int] = []
    outcomes: list[float] = []
    side_of = {seat: index for index, side in enumerate(rules.sides) for seat in side}
    for game in range(job["games"]):
        state = new_game(rules, seed=rng.getrandbits(64))
        me = side_of[game % rules.players]
        name, opponent = rng.choices(league, weights=shares)[0]
        first = len(seats)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            legal = legal_actions(state)
            seen = observe(state, seat)
            mine = side_of[seat] == me or name == "self"
            if not mine:
                assert opponent is not None
                action = opponent.choose(seen, legal, rng)
            elif len(legal) == 1:
                action = legal[0]
            else:
                row = [math.nan] * encoding.num_actions
                if isinstance(expert, StrongBot) and seen.phase is Phase.PLAYING:
                    weighed = expert._weighed(seen, legal, rng)
                    label = legal[max(range(len(legal)), key=weighed.__getitem__)]
                    for action, value in zip(legal, weighed):
                        row[encoding.index(action)] = value
                else:
                    label = expert.choose(seen, legal, rng)
                vectors.append(encoding.encode(seen))
                masks.append(encoding.mask(seen))
                labels.append(encoding.index(label))
                values.append(row)
                seats.append(seat)
                if learner is None or rng.random() < beta:
                    action = label
                elif rng.random() < epsilon:
                    action = legal[rng.randrange(len(legal))]
                else:
                    action = learner.choose(seen, legal, rng)
            state = apply(state, action)
        # The value head's target: the labelled seat's side's margin.
        margins = rewards(state, "points")
        outcomes.extend(margins[seat] for seat in seats[first:])
    return {
        "x": np.asarray(vectors, dtype=np.float32).reshape(-1, encoding.observation_size),
        "mask": np.asarray(masks, dtype=bool).reshape(-1, encoding.num_actions),
        "y": np.asarray(labels, dtype=np.int16),
        "v": np.asarray(values, dtype=np.float32).reshape(-1, encoding.num_actions),
        "z": np.asarray(outcomes, dtype=np.float32),
    }


_CARD_SECTIONS = frozenset(
    ("hand", "known-hands", "shown-dealt", "played", "given-in-exchange", "trick")
    + ("trump-card", "turned-card", "buried", "known-in-stock", "called-card")
)


def suit_permutations(rules: Rules) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each of the 24 ways of renaming the suits, the index arrays that
    rename them in an encoded observation and in the action indices:
    ``x[:, obs]`` and ``mask[:, act]`` are the renamed deal's, and the
    renamed deal's label is ``inverse(act)[y]``. Briscola does not care
    about the suits' names, so this multiplies the samples by 24."""
    encoding = encoding_for(rules)
    pack = list(rules.pack)
    result = []
    for order in itertools.permutations(range(4)):
        # The card each slot shows after the renaming comes from this slot.
        source = [pack.index(Card(Suit(order.index(c.suit.value)), c.rank)) for c in pack]
        obs = np.arange(encoding.observation_size)
        for section in encoding.observation_sections:
            if section.name in _CARD_SECTIONS:
                for start in range(section.start, section.stop, len(pack)):
                    obs[start : start + len(pack)] = start + np.asarray(source)
            elif section.name == "trump-suit":
                obs[section.start : section.stop] = section.start + np.asarray(
                    [order.index(k) for k in range(4)]
                )
        act = np.arange(encoding.num_actions)
        for section in encoding.action_sections:
            if section.stop - section.start == len(pack):
                act[section.start : section.stop] = section.start + np.asarray(source)
        result.append((obs, act))
    return result


def soft_targets(
    mask: np.ndarray, y: np.ndarray, values: np.ndarray, temperature: float
) -> np.ndarray:
    """The distribution each sample is fitted to: where the expert's value
    of every legal action was kept, their softmax at ``temperature`` (the
    close second choices that a single label would call wrong keep their
    share), else all on the label."""
    target = np.zeros(mask.shape, dtype=np.float32)
    target[np.arange(len(y)), y] = 1.0
    weighed = ~np.isnan(values).all(1)
    if temperature > 0 and weighed.any():
        v = np.where(mask[weighed], np.nan_to_num(values[weighed], nan=0.0), -np.inf)
        z = np.exp((v - v.max(1, keepdims=True)) / temperature)
        target[weighed] = z / z.sum(1, keepdims=True)
    return target


def fit_torch(
    rules: Rules,
    x: np.ndarray,
    mask: np.ndarray,
    y: np.ndarray,
    target: np.ndarray,
    hidden: Sequence[int],
    epochs: int,
    seed: int,
    start: Layers | None = None,
    value: tuple[np.ndarray, Layers] | None = None,
    learning_rate: float = 2e-3,
    value_coef: float = 0.5,
) -> tuple[Layers, Layers, dict[str, float]]:
    """Fit the MLP with torch (from the layers ``start`` if given; one
    cycle up to ``learning_rate``); return its layers, its value head's
    and the accuracies. With ``value``, the samples' outcomes (NaN where
    unknown) and the value head's layers to start from, the head (reading
    the last hidden layer) learns the outcomes beside the policy (squared
    error times ``value_coef``)."""
    torch = torch_module()

    torch.manual_seed(seed)
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
    sizes = [x.shape[1], *hidden, mask.shape[1]]
    modules: list[Any] = []
    for i in range(len(sizes) - 1):
        modules.append(torch.nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            modules.append(torch.nn.ReLU())
    net = torch.nn.Sequential(*modules)
    trunk, head = net[:-1], net[-1]
    critic = torch.nn.Sequential()
    if value is not None:
        for i, (weights, _) in enumerate(value[1]):
            if i:
                critic.append(torch.nn.ReLU())
            critic.append(torch.nn.Linear(*np.shape(weights)))

    if start is not None:
        load_layers(net, start)
    if value is not None:
        load_layers(critic, value[1])
    outcome_of: Any = None if value is None else torch.from_numpy(value[0])
    order = np.random.default_rng(seed).permutation(len(y))
    held = max(1, len(y) // 20)
    val, train = order[:held], order[held:]
    tx, tm, ty, tt = (torch.from_numpy(a) for a in (x, mask, y.astype(np.int64), target))
    parameters = [*net.parameters(), *critic.parameters()]
    optimiser = torch.optim.AdamW(parameters, lr=learning_rate / 2, weight_decay=1e-4)
    batch = 512
    steps = epochs * math.ceil(len(train) / batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimiser, max_lr=learning_rate, total_steps=steps
    )

    def masked(rows: Any) -> Any:
        return net(tx[rows]).masked_fill(~tm[rows], -1e9)

    renamings = [
        (torch.from_numpy(obs), torch.from_numpy(act)) for obs, act in suit_permutations(rules)
    ]
    draw = np.random.default_rng(seed)
    for _ in range(epochs):
        net.train()
        shuffled = torch.from_numpy(draw.permutation(train))
        for first in range(0, len(train), batch):
            rows = shuffled[first : first + batch]
            obs, act = renamings[draw.integers(len(renamings))]
            hidden = trunk(tx[rows][:, obs])
            logits = head(hidden).masked_fill(~tm[rows][:, act], -1e9)
            loss = torch.nn.functional.cross_entropy(logits, tt[rows][:, act])
            if value is not None:
                known = ~torch.isnan(outcome_of[rows])
                if bool(known.any()):
                    guess = critic(hidden[known])[:, 0]
                    error = torch.nn.functional.mse_loss(guess, outcome_of[rows][known])
                    loss = loss + value_coef * error
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
    net.eval()
    with torch.no_grad():
        accuracy = {
            part: float((masked(torch.from_numpy(rows)).argmax(1) == ty[rows]).float().mean())
            for part, rows in (("train_accuracy", train[:20000]), ("val_accuracy", val))
        }
        if value is not None:
            known = val[~np.isnan(value[0][val])]
            rows = torch.from_numpy(known)
            guess = critic(trunk(tx[rows]))[:, 0]
            accuracy["val_value_mse"] = float(((guess - outcome_of[rows]) ** 2).mean())
    return layers_of(net), layers_of(critic), accuracy


def fit_numpy(
    rules: Rules,
    x: np.ndarray,
    mask: np.ndarray,
    y: np.ndarray,
    target: np.ndarray,
    hidden: Sequence[int],
    epochs: int,
    seed: int,
    start: Layers | None = None,
    value: tuple[np.ndarray, Layers] | None = None,
    learning_rate: float = 2e-3,
    value_coef: float = 0.5,
) -> tuple[Layers, Layers, dict[str, float]]:
    """The same fit in NumPy (plain gradient steps with Adam at half of
    ``learning_rate``), for runs without torch; it fits the policy only
    and hands a value head back as it was given."""
    rng = np.random.default_rng(seed)
    sizes = [x.shape[1], *hidden, mask.shape[1]]
    params = []
    for i in range(len(sizes) - 1):
        scale = math.sqrt(2.0 / sizes[i])
        params += [rng.normal(0, scale, (sizes[i], sizes[i + 1])), np.zeros(sizes[i + 1])]
    if start is not None:
        params = [np.array(a, dtype=np.float64) for layer in start for a in layer]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
    step = 0

    def forward(rows: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
        activations = [x[rows].astype(np.float64)]
        for i in range(0, len(params), 2):
            out = activations[-1] @ params[i] + params[i + 1]
            activations.append(np.maximum(out, 0) if i + 2 < len(params) else out)
        return activations, np.where(mask[rows], activations[-1], -1e9)

    for _ in range(epochs):
        for rows in np.array_split(rng.permutation(len(y)), max(1, len(y) // 128)):
            activations, logits = forward(rows)
            p = np.exp(logits - logits.max(1, keepdims=True))
            p /= p.sum(1, keepdims=True)
            delta = (p - target[rows]) / len(rows)
            grads: list[np.ndarray] = []
            for i in range(len(params) - 2, -1, -2):
                grads[:0] = [activations[i // 2].T @ delta, delta.sum(0)]
                if i:
                    delta = (delta @ params[i].T) * (activations[i // 2] > 0)
            step += 1
            for p_, g, (m, v) in zip(params, grads, moments):
                m[:] = 0.9 * m + 0.1 * g
                v[:] = 0.999 * v + 0.001 * g * g
                p_ -= (
                    learning_rate
                    / 2
                    * (m / (1 - 0.9**step))
                    / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
                )
    _, logits = forward(np.arange(len(y)))
    layers = [(params[i], params[i + 1]) for i in range(0, len(params), 2)]
    accuracy = {"train_accuracy": float((logits.argmax(1) == y).mean())}
    return layers, [] if value is None else value[1], accuracy


def score_vs_heuristic(rules: Rules, weights: Path, packs: int, seed: int) -> tuple[float, float]:
    """The learned bot's score against HeuristicBot over duplicate packs
    (:func:`briscola.bots.duplicate_match`), and the half-width of its 95%
    interval."""
    result = duplicate_match(rules, LearnedBot(weights), "heuristic", packs, seed=seed)
    return result.score, result.half_width


def _job(
    args: argparse.Namespace,
    path: Path,
    iteration: int,
    chunk: int,
    weights: Path | None,
    teacher: bool = False,
) -> dict[str, Any]:
    return {
        "preset": args.preset,
        "games": args.chunk,
        "seed": args.seed * 1_000_003 + iteration * 10_007 + chunk + (500_000 if teacher else 0),
        "budget": args.budget,
        "teacher": teacher,
        "prior": args.prior,
        "weights": None if weights is None else str(weights),
        "beta": _beta(args, iteration),
        "epsilon": args.epsilon,
        "self_share": args.self_share,
        "path": str(path),
    }


def _run(args: argparse.Namespace, jobs: list[dict[str, Any]]) -> None:
    """Play the jobs (on ``args.workers`` processes), each to its file."""
    if args.workers:
        with ProcessPoolExecutor(args.workers) as pool:
            for job, samples in zip(jobs, pool.map(collect, jobs)):
                np.savez_compressed(job["path"], **samples)
    else:
        for job in jobs:
            np.savez_compressed(job["path"], **collect(job))


def _samples(
    folder: Path,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every sample in the folder's files: vectors, masks, labels, the
    expert's values (NaN where it gave none) and the outcomes (NaN in
    files from before they were kept)."""
    parts = [np.load(path, allow_pickle=False) for path in sorted(folder.glob("*.npz"))]
    x = np.concatenate([p["x"] for p in parts])
    mask = np.concatenate([p["mask"] for p in parts])
    values = np.concatenate(
        [p["v"] if "v" in p.files else np.full(p["mask"].shape, np.nan, np.float32) for p in parts]
    )
    z = np.concatenate(
        [p["z"] if "z" in p.files else np.full(len(p["y"]), np.nan, np.float32) for p in parts]
    )
    return x, mask, np.concatenate([p["y"] for p in parts]).astype(np.int64), values, z


def _network(path: Path) -> tuple[Layers, Layers]:
    """The policy's and the value head's layers of a weights file (no
    head: none), read and checked by the package's loader."""
    net = load_weights(path)
    return (
        [(np.asarray(w), np.asarray(b)) for w, b in net.layers],
        [(np.asarray(w), np.asarray(b)) for w, b in net.value_layers],
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="italian-2p")
    parser.add_argument("--out", default="runs/learned", help="run folder (resumes from it)")
    parser.add_argument("--iterations", type=int, default=8)
    parser.add_argument("--games", type=int, default=400, help="games per iteration")
    parser.add_argument("--chunk", type=int, default=20, help="games per worker job")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--budget", type=int, default=8000, help="StrongBot budget of the labels")
    parser.add_argument(
        "--prior", default=None, help="weights file guiding the expert (StrongBot's prior)"
    )
    parser.add_argument(
        "--start",
        default=None,
        help="weights file to start from (and to play iteration 0), not a fresh pretrained one",
    )
    parser.add_argument(
        "--beta", type=float, default=None, help="the expert's share of the learner's moves"
    )
    parser.add_argument(
        "--self-share", type=float, default=0.5, help="share of games the learner plays alone"
    )
    parser.add_argument("--epsilon", type=float, default=0.05)
    parser.add_argument(
        "--temperature",
        type=float,
        default=0.1,
        help="softmax temperature of the expert's values as targets (0: its choice only)",
    )
    parser.add_argument(
        "--warm", action="store_true", help="start each fit from the iteration before's weights"
    )
    parser.add_argument("--hidden", default="256,128", help="hidden layer widths")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--lr", type=float, default=2e-3, help="the fit's peak learning rate")
    parser.add_argument(
        "--value-coef", type=float, default=0.5, help="weight of the value head's squared error"
    )
    parser.add_argument(
        "--teacher-games", type=int, default=4000, help="games labelled by HeuristicBot first"
    )
    parser.add_argument("--teacher-epochs", type=int, default=3)
    parser.add_argument("--packs", type=int, default=200, help="packs of each measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--numpy", action="store_true", help="fit with NumPy, not torch")
    parser.add_argument("--smoke", action="store_true", help="a tiny run in seconds")
    parser.add_argument("--export", default=None, help="copy the last weights here and stop")
    parser.add_argument(
        "--pick", type=int, default=None, help="with --export: this iteration's weights instead"
    )
    args = parser.parse_args(argv)
    if args.smoke:
        args.iterations, args.games, args.chunk, args.workers = 2, 2, 1, 0
        args.budget, args.hidden, args.epochs, args.packs, args.numpy = 200, "16", 3, 2, True
        args.teacher_games, args.teacher_epochs = 10, 2
    rules = preset(args.preset)
    out = Path(args.out)
    (out / "data").mkdir(parents=True, exist_ok=True)
    hidden = [int(h) for h in args.hidden.split(",") if h]
    log = out / "log.jsonl"
    done = {entry["iteration"] for entry in map(json.loads, log.open())} if log.exists() else set()
    if args.export:
        chosen = max(done) if args.pick is None else args.pick
        if chosen not in done:
            raise SystemExit(f"iteration {chosen} is not in {log} (it has {sorted(done)})")
        load_weights(out / f"weights-{chosen:02d}.npz")  # refuse a broken file
        Path(args.export).write_bytes((out / f"weights-{chosen:02d}.npz").read_bytes())
        print(f"exported iteration {chosen} to {args.export}")
        return
    fit = fit_numpy if args.numpy else fit_torch
    # The start: a network fitted to the heuristic bot's choices, which are
    # cheap, so that the expert's costly labels go to what it does better.
    pretrained = Path(args.start) if args.start else out / "pretrained.npz"
    if args.start and not pretrained.is_file():
        raise SystemExit(f"--start: no weights file at {pretrained}")
    if args.teacher_games and not pretrained.exists():
        (out / "teacher").mkdir(exist_ok=True)
        jobs = [
            _job(args, out / "teacher" / f"{chunk:03d}.npz", 0, chunk, None, teacher=True)
            for chunk in range(math.ceil(args.teacher_games / (args.chunk * 10)))
        ]
        for job in jobs:
            job["games"] = args.chunk * 10
        _run(args, [job for job in jobs if not Path(job["path"]).exists()])
        x, mask, y, values, _ = _samples(out / "teacher")
        target = soft_targets(mask, y, values, args.temperature)
        layers, _, accuracy = fit(rules, x, mask, y, target, hidden, args.teacher_epochs, args.seed)
        save_weights(pretrained, rules, layers, preset=args.preset, trained="HeuristicBot")
        print(json.dumps({"pretrained": len(y), **accuracy}), flush=True)
    start, head = _network(pretrained) if pretrained.exists() else (None, [])
    for iteration in range(args.iterations):
        if iteration in done:
            continue
        started = time.time()
        weights = out / f"weights-{iteration - 1:02d}.npz" if iteration else None
        if not iteration and args.start:
            weights = pretrained
        jobs = [
            _job(args, out / "data" / f"{iteration:02d}-{chunk:03d}.npz", iteration, chunk, weights)
            for chunk in range(math.ceil(args.games / args.chunk))
        ]
        _run(args, [job for job in jobs if not Path(job["path"]).exists()])
        x, mask, y, values, z = _samples(out / "data")
        target = soft_targets(mask, y, values, args.temperature)
        labelled = time.time()
        if args.warm and iteration:
            assert weights is not None
            start, head = _network(weights)
        layers, fitted_head, accuracy = fit(
            rules,
            x,
            mask,
            y,
            target,
            hidden,
            args.epochs,
            args.seed + iteration,
            start=start,
            value=(z, head) if head else None,
            learning_rate=args.lr,
            value_coef=args.value_coef,
        )
        path = out / f"weights-{iteration:02d}.npz"
        guide = "" if args.prior is None else f", prior={Path(args.prior).name}"
        save_weights(
            path,
            rules,
            layers,
            fitted_head,
            preset=args.preset,
            **({"value_target": "margin"} if fitted_head else {}),
            trained=(
                f"tools/train_learned.py: DAgger on StrongBot(budget={args.budget}{guide}), "
                f"iteration {iteration}, {len(y)} samples"
            ),
        )
        score, half = score_vs_heuristic(rules, path, args.packs, seed=10_000 + 1000 * iteration)
        entry = {
            "iteration": iteration,
            "samples": len(y),
            "beta": _beta(args, iteration),
            **accuracy,
            "score_vs_heuristic": round(score, 4),
            "ci95": round(half, 4),
            "packs": args.packs,
            "label_seconds": round(labelled - started),
            "fit_seconds": round(time.time() - labelled),
        }
        with log.open("a") as file:
            file.write(json.dumps(entry) + "\n")
        print(json.dumps(entry), flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    main()
