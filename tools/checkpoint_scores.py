"""Score a training run's checkpoints against bots it never trained on.

Run ``python tools/checkpoint_scores.py --run runs/learned --iterations
0,3,6 --opponents mc:200,search --packs 100``: each iteration's weights
(``weights-NN.npz`` in the run folder) play duplicate packs
(:func:`briscola.bots.duplicate_match`, seeds from ``--first``) against each
opponent (a :func:`briscola.bots.make_bot` name), and one JSON line per
iteration and opponent (the score over the packs and its 95% interval,
normal over the packs) is printed and appended to ``--log``. Lines
already in the log are skipped, so a stopped run resumes.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from briscola import preset
from briscola.bots import LearnedBot, duplicate_match


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", default="runs/learned", help="the training's run folder")
    parser.add_argument("--iterations", default="0", help="iterations, separated by commas")
    parser.add_argument("--opponents", default="search", help="make_bot names, by commas")
    parser.add_argument("--preset", default="italian-2p")
    parser.add_argument("--packs", type=int, default=100)
    parser.add_argument("--first", type=int, default=20_000, help="seed of the first pack")
    parser.add_argument("--log", default=None, help="append here (default: RUN/checkpoints.jsonl)")
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    run = Path(args.run)
    log = Path(args.log) if args.log else run / "checkpoints.jsonl"
    done = set()
    if log.exists():
        done = {(e["iteration"], e["opponent"]) for e in map(json.loads, log.open())}
    for iteration in (int(i) for i in args.iterations.split(",")):
        for name in args.opponents.split(","):
            if (iteration, name) in done:
                continue
            bot = LearnedBot(run / f"weights-{iteration:02d}.npz")
            result = duplicate_match(rules, bot, name, args.packs, seed=args.first)
            entry = {
                "iteration": iteration,
                "opponent": name,
                "packs": result.packs,
                "first": args.first,
                "score": round(result.score, 4),
                "ci95": round(result.half_width, 4),
            }
            with log.open("a") as file:
                file.write(json.dumps(entry) + "\n")
            print(json.dumps(entry), flush=True)


if __name__ == "__main__":
    main()
