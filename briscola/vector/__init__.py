"""Thousands of deals at once, in NumPy arrays (the ``vector`` extra).

:class:`BatchGame` holds ``size`` deals of one :class:`~briscola.Rules`
and steps them all together with vectorised NumPy: the legal-action
masks and the encoded observations of :mod:`briscola.encoding` come out
as arrays over the batch, and one array of action indices steps every
deal. With the same packs, dealers and actions it plays exactly the game
of the scalar engine. The guide "Batched deals" describes it, with the
rules it supports (every preset).

Install the extra with ``pip install 'briscola[vector]'``; the core never
imports this module.

>>> from briscola import preset
>>> batch = BatchGame(preset("italian-2p"), 3)
>>> batch.reset(seed=1)
>>> batch.legal_mask().sum(axis=1).tolist()
[3, 3, 3]
"""

from __future__ import annotations

from ._batch import BatchGame
from ._tables import unsupported

__all__ = ["BatchGame", "unsupported"]
