"""Fuzz :class:`briscola.Rules` construction (coverage-guided).

The fuzzer's bytes choose a value for some of the fields, from a palette
of right and wrong types (ints small and huge, floats, bools, strings,
enums, ranks, cards, nested and endless sequences, mappings). Building
the rules must either raise ``ValueError`` or give rules that deal, play
to the end with legal actions, and save and load back equal.

Run: ``python fuzz/fuzz_rules.py -max_total_time=60 fuzz/corpus/rules``
"""

from __future__ import annotations

import itertools
from typing import Any

import atheris

with atheris.instrument_imports(include=["briscola"]):
    import attrs

    import briscola
    from briscola import FULL_PACK, Rank

from _common import run

FIELDS = [field.name for field in attrs.fields(briscola.Rules)]
ENUMS = [
    *briscola.DealStyle,
    *briscola.Exchange,
    *briscola.PartnerHands,
    *briscola.Auction,
    *briscola.MatchFormat,
]
PRESETS = sorted(briscola.PRESETS)


def _value(fdp: Any, depth: int = 0) -> Any:
    """One value of any type the palette knows, chosen by the fuzzer."""
    kind = fdp.ConsumeIntInRange(0, 17 if depth < 2 else 11)
    if kind == 0:
        return fdp.ConsumeIntInRange(-2, 45)
    if kind == 1:
        return fdp.ConsumeInt(4)
    if kind == 2:
        return 10 ** fdp.ConsumeIntInRange(10, 6000)
    if kind == 3:
        return fdp.ConsumeBool()
    if kind == 4:
        return fdp.ConsumeFloat()
    if kind == 5:
        return fdp.ConsumeUnicode(8)
    if kind == 6:
        return fdp.PickValueInList(ENUMS)
    if kind == 7:
        return fdp.PickValueInList(list(Rank))
    if kind == 8:
        return FULL_PACK[fdp.ConsumeIntInRange(0, 39)]
    if kind == 9:
        return None
    if kind == 10:
        return tuple(Rank)[: fdp.ConsumeIntInRange(0, 10)]
    if kind == 11:
        return tuple(FULL_PACK[i] for i in fdp.ConsumeIntListInRange(3, 0, 39))
    if kind == 12:
        return tuple(_value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 5)))
    if kind == 13:
        return [_value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 5))]
    if kind == 14:
        return {_hashable(fdp): _value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 4))}
    if kind == 15:
        return itertools.repeat(_value(fdp, depth + 1))
    if kind == 16:
        return tuple(
            tuple(fdp.ConsumeIntInRange(-1, 6) for _ in range(fdp.ConsumeIntInRange(0, 4)))
            for _ in range(fdp.ConsumeIntInRange(0, 4))
        )
    return {rank: fdp.ConsumeIntInRange(-1, 101) for rank in fdp.ConsumeIntListInRange(3, 0, 9)}


def _hashable(fdp: Any) -> Any:
    return fdp.PickValueInList([*Rank, "ace", 0, 1.5, None, FULL_PACK[0]])


def test_one_input(data: bytes) -> None:
    """Build rules from a preset and fuzzed field values."""
    fdp = atheris.FuzzedDataProvider(data)
    base = briscola.preset(fdp.PickValueInList(PRESETS))
    changes = {}
    for _ in range(fdp.ConsumeIntInRange(0, 4)):
        changes[fdp.PickValueInList(FIELDS)] = _value(fdp)
    try:
        rules = attrs.evolve(base, **changes)
    except ValueError:
        return
    assert briscola.loads(briscola.dumps(rules)) == rules
    state = briscola.new_game(rules, seed=fdp.ConsumeIntInRange(0, 2**16))
    while not state.is_over:
        legal = briscola.legal_actions(state)
        state = briscola.apply(state, legal[fdp.ConsumeIntInRange(0, len(legal) - 1)])
    result = briscola.outcome(state)
    assert result is not None and len(result.scores) == rules.players


if __name__ == "__main__":
    run(test_one_input)
