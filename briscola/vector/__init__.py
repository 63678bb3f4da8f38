"""Thousands of deals at once, in NumPy arrays stepped by compiled kernels
(the ``vector`` extra).

:class:`BatchGame` holds ``size`` deals of one :class:`~briscola.Rules`
and steps them all together with kernels compiled by Numba: the
legal-action masks and the encoded observations of
:mod:`briscola.encoding` come out as arrays over the batch, and one array
of action indices steps every deal; :meth:`BatchGame.play_out` plays
whole deals inside the kernels. With the same packs, dealers and actions
it plays exactly the game of the scalar engine. The guide "Batched deals"
describes it, with the rules it supports (every preset, and every rule
set but the cut or the knocked deal alone).

Install the extra with ``pip install 'briscola[vector]'`` (NumPy and
Numba); the core never imports this module. The kernels are compiled on
their first use and cached on disk.

>>> from briscola import preset
>>> batch = BatchGame(preset("italian-2p"), 3)
>>> batch.reset(seed=1)
>>> batch.legal_mask().sum(axis=1).tolist()
[3, 3, 3]
"""

from __future__ import annotations

from ._game import BatchGame
from ._rulebook import unsupported

__all__ = ["BatchGame", "unsupported"]
