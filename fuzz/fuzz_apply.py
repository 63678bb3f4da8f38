"""Fuzz random action sequences through :func:`briscola.apply`
(coverage-guided).

The fuzzer's bytes choose a preset (or a variation with an exchange, a
redraw, a match format), a seed, whether to play a deal or a match, and
then each step: a legal action, or any action at all (a play, exchange or
call of any card, a bid of any size and rank, a cut, knock or pass, any
word or sign, or a play, word or sign forged without its constructor
around a payload of the wrong kind).
Legal actions must apply; the others must raise ``IllegalActionError``
and leave the state as it was. Along the way observations must sample
back to themselves and states must save and load back equal.

Run: ``python fuzz/fuzz_apply.py -max_total_time=60 fuzz/corpus/apply``
"""

from __future__ import annotations

import random
from typing import Any

import atheris

with atheris.instrument_imports(include=["briscola"]):
    import attrs

    import briscola
    from briscola import (
        FULL_PACK,
        Bid,
        Call,
        Cut,
        Knock,
        Pass,
        Play,
        Rank,
        Say,
        Sign,
        Signal,
        SwapTrump,
        Word,
    )

from _common import run

PRESETS = sorted(briscola.PRESETS)
VARIATIONS: list[dict[str, Any]] = [
    {},
    {"exchange": briscola.Exchange.SPANISH},
    {"exchange": briscola.Exchange.TWO_FIRST_TRICK},
    {"exchange": briscola.Exchange.SEVEN_AFTER_WIN},
    {"redraw_ranks": (Rank.ACE, Rank.THREE)},
    {"match": briscola.MatchFormat.FIRST_TO, "match_target": 2},
    {"match": briscola.MatchFormat.BEST_OF, "match_target": 3},
]


# What a forged action may hold instead of its card, word or signal.
PAYLOADS: list[object] = [None, "ace of trumps", 3, FULL_PACK[0], *Word, *Signal]
FORGED = [(Play, "card"), (Say, "word"), (Sign, "signal")]


def _any_action(fdp: Any) -> briscola.Action:
    kind = fdp.ConsumeIntInRange(0, 8)
    card = FULL_PACK[fdp.ConsumeIntInRange(0, 39)]
    if kind == 0:
        return Play(card)
    if kind == 1:
        return SwapTrump(card)
    if kind == 2:
        return Call(card)
    if kind == 3:
        rank = fdp.PickValueInList([None, *Rank])
        return Bid(fdp.ConsumeIntInRange(0, 4000), rank)
    if kind == 4:
        return Say(fdp.PickValueInList(list(Word)))
    if kind == 5:
        return Sign(fdp.PickValueInList(list(Signal)))
    if kind == 6:
        # Built as object.__new__ and pickle build it, past the validators.
        cls, field = fdp.PickValueInList(FORGED)
        forged: Any = object.__new__(cls)
        object.__setattr__(forged, field, fdp.PickValueInList(PAYLOADS))
        return forged  # type: ignore[no-any-return]
    bare: briscola.Action = fdp.PickValueInList([Cut(), Knock(), Pass()])
    return bare


def test_one_input(data: bytes) -> None:
    """Play a fuzzed sequence of actions, legal and not."""
    fdp = atheris.FuzzedDataProvider(data)
    base = briscola.preset(fdp.PickValueInList(PRESETS))
    try:
        rules = attrs.evolve(base, **fdp.PickValueInList(VARIATIONS))
    except ValueError:
        rules = base
    seed = fdp.ConsumeIntInRange(0, 2**32)
    state: briscola.GameState | briscola.MatchState
    if fdp.ConsumeBool():
        state = briscola.new_match(rules, seed=seed)
    else:
        state = briscola.new_game(rules, seed=seed)
    for _ in range(fdp.ConsumeIntInRange(0, 400)):
        if state.is_over:
            break
        legal = briscola.legal_actions(state)
        # Exhausted input reads as zeros: then legal play, no extra checks.
        if fdp.ConsumeIntInRange(0, 3) < 3:
            action = legal[fdp.ConsumeIntInRange(0, len(legal) - 1)]
        else:
            action = _any_action(fdp)
        if action in legal:
            state = briscola.apply(state, action)
        else:
            before = attrs.evolve(state)
            try:
                briscola.apply(state, action)
            except briscola.IllegalActionError:
                pass
            else:
                raise AssertionError(f"{action} applied although not legal")
            assert state == before and briscola.legal_actions(state) == legal
        if fdp.ConsumeIntInRange(0, 15) == 15:
            assert briscola.loads(briscola.dumps(state)) == state
            game = state.game if isinstance(state, briscola.MatchState) else state
            if game.to_move is not None:
                seen = briscola.observe(game, game.to_move)
                guess = briscola.sample_state(seen, random.Random(seed))
                assert briscola.observe(guess, game.to_move) == seen
    assert bool(briscola.legal_actions(state)) is not state.is_over


if __name__ == "__main__":
    run(test_one_input)
