"""Write the fuzz targets' seed corpus: real ``dumps`` output for
``fuzz_loads``, real serialized OpenSpiel states for ``fuzz_serialized``,
small real weights files for ``fuzz_weights`` and fixed pseudo-random
bytes for the other targets.

Run from the repository root: ``python fuzz/make_corpus.py`` (rewrites
``fuzz/corpus/``; name targets, as in ``python fuzz/make_corpus.py
weights``, to rewrite only theirs). The files are committed; run again
after a change of the save format.
"""

from __future__ import annotations

import io
import json
import random
import shutil
import struct
import sys
import zipfile
from pathlib import Path

import briscola

CORPUS = Path(__file__).parent / "corpus"
NAMES = ("italian-2p", "italian-4p", "split-4p", "finnish-3p", "spanish-2p", "bastardo")


def _played(
    state: briscola.GameState | briscola.MatchState, steps: int, rng: random.Random
) -> briscola.GameState | briscola.MatchState:
    for _ in range(steps):
        if state.is_over:
            break
        state = briscola.apply(state, rng.choice(briscola.legal_actions(state)))
    return state


def documents() -> dict[str, str]:
    """Name to saved document: each preset's rules, deals fresh, in play
    and finished, actions (one of each kind played, the legal actions and
    a history), and matches fresh and after a few deals."""
    rng = random.Random(17)
    talk_rng = random.Random(29)  # its own, so the other documents stay as they were
    found: dict[str, str] = {}
    for name in NAMES:
        rules = briscola.preset(name)
        found[f"rules-{name}"] = briscola.dumps(rules)
        game = briscola.new_game(rules, seed=rng.randrange(1000))
        found[f"game-{name}-fresh"] = briscola.dumps(game)
        found[f"game-{name}-played"] = briscola.dumps(_played(game, 9, rng))
        found[f"game-{name}-over"] = briscola.dumps(_played(game, 400, rng))
        played = _played(game, 12, talk_rng)
        assert isinstance(played, briscola.GameState)
        found[f"actions-{name}-legal"] = briscola.dumps(briscola.legal_actions(played))
        found[f"actions-{name}-history"] = briscola.dumps(played.history)
        for action in {type(action): action for action in played.history}.values():
            found[f"action-{name}-{type(action).__name__.lower()}"] = briscola.dumps(action)
        match = briscola.new_match(rules, seed=rng.randrange(1000))
        found[f"match-{name}"] = briscola.dumps(_played(match, 90, rng))
    return found


def serialized() -> dict[str, bytes]:
    """Name to a serialized OpenSpiel state (a byte choosing the game, then
    the text): ``serialize`` output and OpenSpiel's own, with its pickled
    ``__dict__=`` line, during the shuffle, in play and finished."""
    import pyspiel

    from briscola.openspiel import load_game

    rng = random.Random(5)
    found: dict[str, bytes] = {}
    for choice, name in enumerate(("italian-2p", "split-4p", "bastardo")):
        game = load_game(name)
        state = game.new_initial_state()
        for steps in (3, 60, 10_000):
            while steps and not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                steps -= 1
            ours = state.serialize()
            theirs = pyspiel.serialize_game_and_state(game, state).partition("[State]\n")[2]
            for kind, text in (("ours", ours), ("openspiel", theirs)):
                found[f"{name}-{len(state.history())}-{kind}"] = bytes([choice]) + text.encode()
    return found


def weights() -> dict[str, bytes]:
    """Name to a seed of ``fuzz_weights``: a byte choosing how it reads
    the rest (even: the file itself, odd: bytes that build one), then
    small weights files for italian-2p (one hidden layer of 4 units;
    stored, for mutations to reach the headers, and deflated)."""
    from briscola._json import rules_json
    from briscola.bots._weights import FORMAT
    from briscola.encoding import LAYOUT_VERSION, encoding_for

    rules = briscola.preset("italian-2p")
    encoding = encoding_for(rules)
    meta = {
        "format": FORMAT,
        "layout_version": LAYOUT_VERSION,
        "preset": "italian-2p",
        "rules": rules_json(rules),
    }
    rng = random.Random(48)
    arrays = {"meta": (json.dumps(meta, sort_keys=True).encode(), "|u1")}
    sizes = (encoding.observation_size, 4, encoding.num_actions)
    for i, (inputs, outputs) in enumerate(zip(sizes, sizes[1:])):
        for name, count in ((f"w{i}", inputs * outputs), (f"b{i}", outputs)):
            values = [rng.uniform(-1, 1) for _ in range(count)]
            arrays[name] = (struct.pack(f"<{count}f", *values), "<f4")
    shapes = {"w0": sizes[:2], "w1": sizes[1:], "b0": (4,), "b1": (sizes[2],)}
    found: dict[str, bytes] = {}
    for label, method in (("stored", zipfile.ZIP_STORED), ("deflated", zipfile.ZIP_DEFLATED)):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", method) as archive:
            for name, (body, descr) in arrays.items():
                shape = shapes.get(name, (len(body),))
                header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape!r}, }}"
                raw = header.encode().ljust(117) + b"\n"  # 128 bytes with the prefix
                prefix = b"\x93NUMPY\x01\x00" + struct.pack("<H", len(raw))
                archive.writestr(f"{name}.npy", prefix + raw + body)
        found[f"italian-2p-{label}"] = b"\x00" + buffer.getvalue()
    for index in range(6):
        found[f"built-{index:02}"] = bytes([1]) + rng.randbytes(rng.choice((64, 256, 1024)))
    return found


def main(targets: list[str]) -> None:
    """Rewrite ``fuzz/corpus``, or only the folders of the named targets."""
    names = targets or ["loads", "rules", "apply", "serialized", "vector_env", "weights"]
    for target in names:
        shutil.rmtree(CORPUS / target, ignore_errors=True)
        (CORPUS / target).mkdir(parents=True)
    if "weights" in names:
        for name, data in weights().items():
            (CORPUS / "weights" / name).write_bytes(data)
    if "serialized" in names:
        for name, data in serialized().items():
            (CORPUS / "serialized" / name).write_bytes(data)
    if "loads" in names:
        for name, text in documents().items():
            (CORPUS / "loads" / f"{name}.json").write_text(text, encoding="utf-8")
    rng = random.Random(2024)
    for target in ("rules", "apply"):
        for index in range(12):
            size = rng.choice((16, 64, 256, 1024))
            data = rng.randbytes(size)
            if target in names:
                (CORPUS / target / f"random-{index:02}").write_bytes(data)
    rng = random.Random(2025)  # a generator of its own: the files above stay as they were
    for index in range(12):
        size = rng.choice((16, 64, 256, 1024))
        data = rng.randbytes(size)
        if "vector_env" in names:
            (CORPUS / "vector_env" / f"random-{index:02}").write_bytes(data)


if __name__ == "__main__":
    main(sys.argv[1:])
