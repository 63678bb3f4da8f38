"""Write the fuzz targets' seed corpus: real ``dumps`` output for
``fuzz_loads``, real serialized OpenSpiel states for ``fuzz_serialized``
and fixed pseudo-random bytes for the other targets.

Run from the repository root: ``python fuzz/make_corpus.py`` (rewrites
``fuzz/corpus/``). The files are committed; run again after a change of
the save format.
"""

from __future__ import annotations

import random
import shutil
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


def main() -> None:
    """Rewrite ``fuzz/corpus``."""
    shutil.rmtree(CORPUS, ignore_errors=True)
    for target in ("loads", "rules", "apply", "serialized", "vector_env"):
        (CORPUS / target).mkdir(parents=True)
    for name, data in serialized().items():
        (CORPUS / "serialized" / name).write_bytes(data)
    for name, text in documents().items():
        (CORPUS / "loads" / f"{name}.json").write_text(text, encoding="utf-8")
    rng = random.Random(2024)
    for target in ("rules", "apply"):
        for index in range(12):
            size = rng.choice((16, 64, 256, 1024))
            (CORPUS / target / f"random-{index:02}").write_bytes(rng.randbytes(size))
    rng = random.Random(2025)  # a generator of its own: the files above stay as they were
    for index in range(12):
        size = rng.choice((16, 64, 256, 1024))
        (CORPUS / "vector_env" / f"random-{index:02}").write_bytes(rng.randbytes(size))


if __name__ == "__main__":
    main()
