"""Layers between the weights files' NumPy arrays and torch modules, for
the two trainers (``tools/train_learned.py``, ``tools/train_selfplay.py``).

A layer is a ``(weights, bias)`` pair as :func:`briscola.bots._weights.
load_weights` gives it: ``weights`` of shape ``(inputs, outputs)``, where
``torch.nn.Linear`` keeps the transpose. torch stays untyped here, so that
the types check the same with or without it.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

import numpy as np

Layers = list[tuple[np.ndarray, np.ndarray]]
"""A network's layers, first to last."""


def torch_module() -> Any:
    """torch, imported when needed (untyped)."""
    return importlib.import_module("torch")


def linear(modules: Iterable[Any]) -> list[Any]:
    """The ``torch.nn.Linear`` modules among ``modules``, in order."""
    kind = torch_module().nn.Linear
    return [m for m in modules if isinstance(m, kind)]


def load_layers(modules: Iterable[Any], layers: Layers) -> None:
    """Copy ``layers`` into the linear modules among ``modules``, in order."""
    torch = torch_module()
    with torch.no_grad():
        for module, (weights, bias) in zip(linear(modules), layers, strict=True):
            module.weight.copy_(torch.from_numpy(np.asarray(weights, dtype=np.float32).T))
            module.bias.copy_(torch.from_numpy(np.asarray(bias, dtype=np.float32)))


def layers_of(modules: Iterable[Any]) -> Layers:
    """The linear modules among ``modules`` as layers of new arrays."""
    return [
        (m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
        for m in linear(modules)
    ]
