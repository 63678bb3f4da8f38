"""The learned bot's network: a multilayer perceptron evaluated in plain
Python or with NumPy (:class:`Network`). The weights file it is read
from is :mod:`briscola.bots._weights`'s business."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeAlias

from .._rules import Rules

__all__ = ["Network"]

_Matrix: TypeAlias = "list[list[float]]"


class Network:
    """A multilayer perceptron read from a weights file: ReLU between the
    layers, one logit per action index of the :class:`~briscola.encoding.Encoding`
    of its rules; and, if the file has one, a value head: more layers that
    read the last hidden layer (after its ReLU) and give one number, the
    outcome the network expects for the seat that observes.

    Build it with :func:`~briscola.bots._weights.load_weights`; the bot
    evaluates it.

    Attributes:
        rules: The rules the weights were trained for.
        layout_version: The observation layout they expect
            (:data:`briscola.encoding.LAYOUT_VERSION`).
        metadata: The whole metadata of the file (its ``preset``, how it
            was trained, ...).
        sizes: The width of each layer, the input first.
        layers: Each layer's weights (a list of rows, inputs by outputs)
            and biases, as plain lists.
        value_layers: The value head's layers, the same way (empty when
            the file has none).

    >>> from briscola.bots._weights import shipped_weights
    >>> net = shipped_weights()[0]
    >>> net.sizes[0], net.sizes[-1], net.metadata["preset"]
    (344, 40, 'italian-2p')
    """

    def __init__(
        self,
        rules: Rules,
        metadata: Mapping[str, Any],
        layers: Sequence[tuple[_Matrix, list[float]]],
        value_layers: Sequence[tuple[_Matrix, list[float]]] = (),
    ) -> None:
        self.rules: Final = rules
        self.layout_version: Final[int] = int(metadata["layout_version"])
        self.metadata: Final = dict(metadata)
        self.sizes: Final = (len(layers[0][0]), *(len(bias) for _, bias in layers))
        self.layers: Final = tuple(layers)
        self.value_layers: Final = tuple(value_layers)
        self._value_columns = [
            ([list(column) for column in zip(*weights)], bias) for weights, bias in value_layers
        ]
        self._value_arrays: list[tuple[Any, Any]] | None = None
        # Pure Python: the first layer by rows (its input is mostly zeros),
        # the others by columns (dot products).
        weights0, bias0 = layers[0]
        self._rows0 = weights0
        self._bias0 = bias0
        self._columns = [
            ([list(column) for column in zip(*weights)], bias) for weights, bias in layers[1:]
        ]
        self._arrays: list[tuple[Any, Any]] | None = None

    def __repr__(self) -> str:
        return f"<Network {'-'.join(map(str, self.sizes))} for {self.metadata.get('preset')}>"

    def logits_python(self, vector: Sequence[float]) -> list[float]:
        """The network's output for one encoded observation, in plain Python.

        >>> from briscola import new_game, observe, preset
        >>> from briscola.encoding import encoding_for
        >>> from briscola.bots._weights import shipped_weights
        >>> net = shipped_weights()[0]
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> len(net.logits_python(encoding_for(state.rules).encode(observe(state, 0))))
        40
        """
        return self._python(vector, last=True)

    def _python(self, vector: Sequence[float], last: bool) -> list[float]:
        """In plain Python, the logits (``last``), or the last hidden
        layer after its ReLU."""
        hidden = list(self._bias0)
        rows = self._rows0
        for i, x in enumerate(vector):
            if x:
                hidden = [h + x * w for h, w in zip(hidden, rows[i])]
        columns_of = self._columns if last else self._columns[:-1]
        for columns, bias in columns_of:
            hidden = _dense(_relu(hidden), columns, bias)
        return hidden if last else _relu(hidden)

    def value_python(self, vector: Sequence[float]) -> float | None:
        """The value head's output for one encoded observation, in plain
        Python; ``None`` if the network has no value head.

        >>> from briscola import new_game, observe, preset
        >>> from briscola.encoding import encoding_for
        >>> from briscola.bots._weights import shipped_weights
        >>> pairs, single = shipped_weights()[1], shipped_weights()[0]
        >>> state = new_game(preset("italian-4p"), seed=3)
        >>> print(pairs.value_python(encoding_for(state.rules).encode(observe(state, 0))))
        None
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> -1 <= single.value_python(encoding_for(state.rules).encode(observe(state, 0))) <= 1
        True
        """
        if not self._value_columns:
            return None
        hidden = self._python(vector, last=False) if len(self.layers) > 1 else list(vector)
        for i, (columns, bias) in enumerate(self._value_columns):
            hidden = _dense(_relu(hidden) if i else hidden, columns, bias)
        return hidden[0]

    def value_numpy(self, vector: Sequence[float]) -> float | None:
        """The same value with NumPy (which must be installed).

        >>> import numpy
        >>> from briscola import new_game, observe, preset
        >>> from briscola.encoding import encoding_for
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> from briscola.bots._weights import shipped_weights
        >>> net = shipped_weights()[0]
        >>> vector = encoding_for(state.rules).encode(observe(state, 0))
        >>> abs(net.value_numpy(vector) - net.value_python(vector)) < 1e-4
        True
        """
        import numpy as np

        if not self._value_columns:
            return None
        if self._value_arrays is None:
            self._value_arrays = [
                (np.asarray(weights, dtype=np.float32), np.asarray(bias, dtype=np.float32))
                for weights, bias in self.value_layers
            ]
        hidden = self._numpy(vector, last=False)
        for i, (weights, bias) in enumerate(self._value_arrays):
            if i:
                np.maximum(hidden, 0.0, out=hidden)
            hidden = hidden @ weights + bias
        return float(hidden[0])

    def logits_numpy(self, vector: Sequence[float]) -> list[float]:
        """The same output with NumPy (which must be installed).

        >>> import numpy
        >>> from briscola import new_game, observe, preset
        >>> from briscola.encoding import encoding_for
        >>> from briscola.bots._weights import shipped_weights
        >>> net = shipped_weights()[0]
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> vector = encoding_for(state.rules).encode(observe(state, 0))
        >>> fast, slow = net.logits_numpy(vector), net.logits_python(vector)
        >>> max(abs(a - b) for a, b in zip(fast, slow)) < 1e-3
        True
        """
        result: list[float] = self._numpy(vector, last=True).tolist()
        return result

    def _numpy(self, vector: Sequence[float], last: bool) -> Any:
        """With NumPy, the logits (``last``), or the last hidden layer
        after its ReLU."""
        import numpy as np

        if self._arrays is None:
            self._arrays = [
                (np.asarray(weights, dtype=np.float32), np.asarray(bias, dtype=np.float32))
                for weights, bias in self.layers
            ]
        hidden = np.asarray(vector, dtype=np.float32)
        arrays = self._arrays if last else self._arrays[:-1]
        for i, (weights, bias) in enumerate(arrays):
            hidden = hidden @ weights + bias
            if i < len(self._arrays) - 1:
                np.maximum(hidden, 0.0, out=hidden)
        return hidden


def _relu(values: list[float]) -> list[float]:
    return [max(value, 0.0) for value in values]


def _dense(inputs: list[float], columns: _Matrix, bias: list[float]) -> list[float]:
    """One layer in plain Python: the dot product of ``inputs`` with each
    column, plus its bias."""
    mul = operator.mul
    return [b + sum(map(mul, inputs, column)) for column, b in zip(columns, bias)]
