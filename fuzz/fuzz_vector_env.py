"""Fuzz :class:`briscola.vector.gymnasium.BriscolaVectorEnv`'s ``reset``
and ``step`` (coverage-guided).

The fuzzer's bytes choose a preset the batched engine holds, the number
of deals, the learner's seat, the reward and autoreset mode, and the
opponents: random, a fixed legal policy, or one that misbehaves when told
(raises, or gives actions of the wrong shape, type or legality). Then
each call: a reset with a seed (good or bad) or with options (decks and
dealers, good, malformed or of the wrong shape or type, and unknown
keys), or a step with legal actions or any int, float or bool array of
any shape.

``ValueError`` is the answer to bad input, and a refused call changes
nothing: the observations and masks, and the random generator, are as
before. An opponents' policy that misbehaves leaves the environment
needing ``reset()``: ``step`` then raises ``ResetNeeded`` until it is
reset. Anything else is a crash.

Run: ``python fuzz/fuzz_vector_env.py -max_total_time=60 fuzz/corpus/vector_env``
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import atheris

# The engine's compiled kernels stay as they are: Numba cannot compile
# the bytecode atheris adds, and the fuzzer cannot see inside machine code.
_VECTOR = Path(__file__).resolve().parent.parent / "briscola" / "vector"
KERNELS = [
    f"briscola.vector.{path.stem}"
    for path in sorted(_VECTOR.glob("_*.py"))
    if path.stem == "_compiling" or "from ._compiling import" in path.read_text(encoding="utf-8")
]

with atheris.instrument_imports(include=["briscola"], exclude=KERNELS):
    import gymnasium
    import numpy as np

    import briscola
    from briscola.vector import unsupported
    from briscola.vector.gymnasium import BriscolaVectorEnv

from _common import run  # noqa: E402

PRESETS = sorted(name for name, rules in briscola.PRESETS.items() if unsupported(rules) is None)
FAULTS = ("raise", "shape", "type", "illegal")
DTYPES = (np.int8, np.int64, np.uint8, np.float64, np.bool_)


class PolicyFault(Exception):
    """What the misbehaving policy raises."""


class Opponents:
    """The legal action of lowest index, until told to misbehave."""

    def __init__(self) -> None:
        self.fault: str | None = None
        self.fired = False

    def __call__(self, observations: Any, masks: Any) -> Any:
        chosen = masks.argmax(axis=1)
        if self.fault is None:
            return chosen
        self.fired = True
        if self.fault == "raise":
            raise PolicyFault("the policy failed")
        if self.fault == "shape":
            return np.append(chosen, 0)
        if self.fault == "type":
            return chosen.astype(np.float64)
        return (~masks).argmax(axis=1) if (~masks).any() else np.full_like(chosen, -1)


def _array(fdp: Any, shape: tuple[int, ...], low: int, high: int) -> Any:
    """Fuzzed ints from ``low`` to ``high`` of ``shape``, in a fuzzed type."""
    size = int(np.prod(shape))
    values = np.array([fdp.ConsumeIntInRange(low, high) for _ in range(size)], dtype=np.int64)
    return values.reshape(shape).astype(fdp.PickValueInList(list(DTYPES)))


def _shape(fdp: Any, right: tuple[int, ...]) -> tuple[int, ...]:
    """``right`` mostly; else one dimension off, or another rank."""
    pick = fdp.ConsumeIntInRange(0, 3)
    if pick == 0 and right:
        return right[:-1] + (right[-1] + fdp.ConsumeIntInRange(-1, 1),)
    if pick == 1:
        return right + (1,)
    return right


def _options(fdp: Any, envs: BriscolaVectorEnv) -> dict[str, Any]:
    b, n = envs.num_envs, envs.rules.players
    pack = np.array([card.index for card in envs.rules.pack])
    options: dict[str, Any] = {}
    if fdp.ConsumeBool():
        if fdp.ConsumeBool():
            rng = np.random.default_rng(fdp.ConsumeIntInRange(0, 2**16))
            options["decks"] = np.array([rng.permutation(pack) for _ in range(b)])
        else:
            options["decks"] = _array(fdp, _shape(fdp, (b, len(pack))), -2, 41)
    if fdp.ConsumeBool():
        options["dealers"] = _array(fdp, _shape(fdp, (b,)), -1, n)
    if fdp.ConsumeIntInRange(0, 7) == 0:
        options["shuffle"] = True
    return options


def _view(envs: BriscolaVectorEnv) -> tuple[Any, ...]:
    """What a refused call must leave as it was."""
    seen = [envs.np_random.bit_generator.state]
    if envs._dealt and envs._broken is None:
        observations, _ = envs._observed()
        seen += [observations["observation"].copy(), observations["action_mask"].copy()]
    return tuple(seen)


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return (
        len(a) == len(b)
        and a[0] == b[0]
        and all(np.array_equal(x, y) for x, y in zip(a[1:], b[1:]))
    )


def test_one_input(data: bytes) -> None:
    """Reset and step a vector environment with fuzzed arguments."""
    fdp = atheris.FuzzedDataProvider(data)
    name = fdp.PickValueInList(PRESETS)
    players = briscola.preset(name).players
    opponents = Opponents() if fdp.ConsumeBool() else None
    envs = BriscolaVectorEnv(
        name,
        num_envs=fdp.ConsumeIntInRange(1, 4),
        seat=fdp.ConsumeIntInRange(0, players - 1),
        opponents=opponents,
        reward=fdp.PickValueInList(["outcome", "points"]),
        autoreset_mode=fdp.PickValueInList(["NextStep", "SameStep"]),
    )
    for _ in range(fdp.ConsumeIntInRange(0, 60)):
        if opponents is not None and fdp.ConsumeIntInRange(0, 15) == 0:
            opponents.fault = fdp.PickValueInList(list(FAULTS))
        before = _view(envs)
        broken = not envs._dealt or envs._broken is not None
        try:
            if broken or fdp.ConsumeIntInRange(0, 7) == 0:
                how = fdp.ConsumeIntInRange(0, 3)
                if how == 0:
                    envs.reset(seed=fdp.ConsumeIntInRange(-2, 2**32))
                elif how == 1:
                    envs.reset(options=_options(fdp, envs))
                else:
                    envs.reset()
            elif fdp.ConsumeIntInRange(0, 3) < 3:
                masks = envs.action_masks()
                envs.step(np.where(masks.any(axis=1), masks.argmax(axis=1), -1))
            else:
                shape = _shape(fdp, (envs.num_envs,))
                envs.step(_array(fdp, shape, -2, envs.encoding.num_actions + 1))
        except gymnasium.error.ResetNeeded:
            assert broken, "ResetNeeded although the environment was dealt"
        except (ValueError, PolicyFault) as error:
            if opponents is not None and opponents.fired:
                # The opponents broke the call off: it now needs reset.
                try:
                    envs.step(np.zeros(envs.num_envs, dtype=np.int64))
                except gymnasium.error.ResetNeeded:
                    pass
                else:
                    raise AssertionError("a step broken off did not need reset") from error
                opponents.fault, opponents.fired = None, False
            else:
                assert not isinstance(error, PolicyFault)
                assert _same(_view(envs), before), f"refused ({error}) but changed"
        else:
            assert opponents is None or not opponents.fired, "a misbehaving policy was accepted"


if __name__ == "__main__":
    run(test_one_input)
