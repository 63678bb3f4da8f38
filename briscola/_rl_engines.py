"""Which engine steps an environment's deal (internal): the scalar engine
(:class:`briscola._rl.Deal`) or, with the ``vector`` extra, a one-deal
batch of the compiled kernels (``briscola._rl_compiled.CompiledDeal``),
imported only when asked for, so that the environments need neither
NumPy's kernels nor Numba otherwise."""

from __future__ import annotations

from ._rl import Deal, Dealing
from ._rules import Rules

__all__ = ["new_deal"]


def new_deal(rules: Rules, engine: str, *, share_masks: bool = True) -> Dealing:
    """An environment's deal on ``engine`` (``"scalar"`` or ``"compiled"``).

    Raises:
        ValueError: For an unknown engine, or rules the compiled engine
            does not hold.
        ImportError: For the compiled engine without the ``vector`` extra.
    """
    if engine == "scalar":
        return Deal(rules, share_masks=share_masks)
    if engine == "compiled":
        from ._rl_compiled import CompiledDeal

        return CompiledDeal(rules, share_masks=share_masks)
    raise ValueError(f"engine must be 'scalar' or 'compiled', not {engine!r}")
