"""A player that evaluates a small trained network: :class:`LearnedBot`,
and the weights file it reads."""

from __future__ import annotations

import ast
import io
import json
import math
import operator
import os
import random
import warnings
import zipfile
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Final, Literal, TypeAlias

from .._actions import Action
from .._json import read_rules, rules_json
from .._observe import Observation
from .._rules import Rules
from ..encoding import LAYOUT_VERSION, encoding_for
from ._heuristic import HeuristicBot

__all__ = ["LearnedBot", "Network", "load_weights", "shipped_weights"]

FORMAT: Final = "briscola-learned-weights"
"""The ``format`` entry of a weights file's metadata."""

Backend: TypeAlias = Literal["auto", "numpy", "python"]
_Matrix: TypeAlias = "list[list[float]]"

_WEIGHTS_PACKAGE: Final = "briscola.bots"
_WEIGHTS_DIR: Final = "weights"
_LIMIT: Final = 4 * 1024 * 1024  # bytes of one array, far above the shipped ones


class Network:
    """A multilayer perceptron read from a weights file: ReLU between the
    layers, one logit per action index of the :class:`~briscola.encoding.Encoding`
    of its rules.

    Build it with :func:`load_weights`; the bot evaluates it.

    Attributes:
        rules: The rules the weights were trained for.
        layout_version: The observation layout they expect
            (:data:`briscola.encoding.LAYOUT_VERSION`).
        metadata: The whole metadata of the file (its ``preset``, how it
            was trained, ...).
        sizes: The width of each layer, the input first.

    >>> net = shipped_weights()[0]
    >>> net.sizes[0], net.sizes[-1], net.metadata["preset"]
    (344, 40, 'italian-2p')
    """

    def __init__(
        self,
        rules: Rules,
        metadata: Mapping[str, Any],
        layers: Sequence[tuple[_Matrix, list[float]]],
    ) -> None:
        self.rules: Final = rules
        self.layout_version: Final[int] = int(metadata["layout_version"])
        self.metadata: Final = dict(metadata)
        self.sizes: Final = (len(layers[0][0]), *(len(bias) for _, bias in layers))
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
        >>> net = shipped_weights()[0]
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> len(net.logits_python(encoding_for(state.rules).encode(observe(state, 0))))
        40
        """
        hidden = list(self._bias0)
        rows = self._rows0
        for i, x in enumerate(vector):
            if x:
                hidden = [h + x * w for h, w in zip(hidden, rows[i])]
        mul = operator.mul
        for columns, bias in self._columns:
            hidden = [max(h, 0.0) for h in hidden]
            hidden = [b + sum(map(mul, hidden, column)) for column, b in zip(columns, bias)]
        return hidden

    def logits_numpy(self, vector: Sequence[float]) -> list[float]:
        """The same output with NumPy (which must be installed).

        >>> import numpy
        >>> from briscola import new_game, observe, preset
        >>> from briscola.encoding import encoding_for
        >>> net = shipped_weights()[0]
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> vector = encoding_for(state.rules).encode(observe(state, 0))
        >>> fast, slow = net.logits_numpy(vector), net.logits_python(vector)
        >>> max(abs(a - b) for a, b in zip(fast, slow)) < 1e-3
        True
        """
        import numpy as np

        if self._arrays is None:
            layers = [(self._rows0, self._bias0)]
            layers += [
                ([list(row) for row in zip(*columns)], bias) for columns, bias in self._columns
            ]
            self._arrays = [
                (np.asarray(weights, dtype=np.float32), np.asarray(bias, dtype=np.float32))
                for weights, bias in layers
            ]
        hidden = np.asarray(vector, dtype=np.float32)
        last = len(self._arrays) - 1
        for i, (weights, bias) in enumerate(self._arrays):
            hidden = hidden @ weights + bias
            if i < last:
                np.maximum(hidden, 0.0, out=hidden)
        result: list[float] = hidden.tolist()
        return result


def _read_npy(data: bytes, name: str) -> tuple[tuple[int, ...], str, bytes]:
    """The shape, type and raw little-endian data of one ``.npy`` member,
    read without NumPy (and without unpickling: object arrays are refused)."""
    if data[:6] != b"\x93NUMPY" or len(data) < 10:
        raise ValueError(f"weights file: {name} is not a .npy array")
    major = data[6]
    if major == 1:
        length, start = int.from_bytes(data[8:10], "little"), 10
    elif major in (2, 3):
        length, start = int.from_bytes(data[8:12], "little"), 12
    else:
        raise ValueError(f"weights file: {name} has .npy version {major}, not 1 to 3")
    try:
        header = ast.literal_eval(data[start : start + length].decode("latin-1"))
    except (ValueError, SyntaxError) as error:
        raise ValueError(f"weights file: {name} has a malformed .npy header") from error
    if not isinstance(header, dict) or set(header) != {"descr", "fortran_order", "shape"}:
        raise ValueError(f"weights file: {name} has a malformed .npy header")
    shape, descr = header["shape"], header["descr"]
    if header["fortran_order"] is not False or descr not in ("<f4", "|u1"):
        raise ValueError(
            f"weights file: {name} must be a C-ordered float32 or uint8 array, not {descr!r}"
        )
    if not isinstance(shape, tuple) or not all(type(n) is int and n >= 0 for n in shape):
        raise ValueError(f"weights file: {name} has a malformed shape {shape!r}")
    body = data[start + length :]
    count = math.prod(shape) * (4 if descr == "<f4" else 1)
    if len(body) != count:
        raise ValueError(f"weights file: {name} holds {len(body)} bytes, not {count}")
    return shape, descr, body


def _floats(shape: tuple[int, ...], body: bytes, name: str) -> list[float]:
    import array
    import sys

    values = array.array("f")
    values.frombytes(body)
    if sys.byteorder != "little":
        values.byteswap()
    floats = values.tolist()
    if not all(math.isfinite(x) for x in floats):
        raise ValueError(f"weights file: {name} holds a value that is not finite")
    return floats


def load_weights(source: str | os.PathLike[str] | bytes) -> Network:
    """Read a weights file: a ``.npz`` archive of float32 arrays ``w0``,
    ``b0``, ``w1``, ``b1``, ... (``w`` of shape inputs x outputs) and a
    ``meta`` array, the UTF-8 bytes of a JSON object naming the
    ``format``, the ``layout_version`` of the observations and the
    ``rules`` (as :func:`briscola.dumps` writes rules) they were trained
    for. Nothing in it is unpickled; NumPy is not needed.

    Args:
        source: A path, or the file's bytes.

    Returns:
        The network.

    Raises:
        ValueError: If the file is not such an archive, its arrays do not
            fit together or the rules' encoding, or it was made for
            another observation layout than :data:`briscola.encoding.LAYOUT_VERSION`.

    >>> load_weights(b"not a zip file")
    Traceback (most recent call last):
    ...
    ValueError: weights file: not a .npz archive
    """
    data = source if isinstance(source, bytes) else open(source, "rb").read()  # noqa: SIM115
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = {}
        for info in archive.infolist():
            if info.file_size > _LIMIT:
                raise ValueError(f"weights file: {info.filename} is too large")
            members[info.filename.removesuffix(".npy")] = archive.read(info)
    except (zipfile.BadZipFile, EOFError, OSError) as error:
        raise ValueError("weights file: not a .npz archive") from error
    if "meta" not in members:
        raise ValueError("weights file: no 'meta' array")
    shape, descr, body = _read_npy(members["meta"], "meta")
    if descr != "|u1" or len(shape) != 1:
        raise ValueError("weights file: 'meta' must be a 1-D uint8 array")
    try:
        metadata = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError("weights file: 'meta' is not UTF-8 JSON") from error
    if not isinstance(metadata, dict) or metadata.get("format") != FORMAT:
        raise ValueError(f"weights file: 'meta' must be a JSON object with format {FORMAT!r}")
    version = metadata.get("layout_version")
    if version != LAYOUT_VERSION:
        raise ValueError(
            f"weights file: trained on observation layout version {version!r}, "
            f"but this briscola encodes version {LAYOUT_VERSION}"
        )
    rules = read_rules(metadata.get("rules"), "weights file: meta.rules")
    encoding = encoding_for(rules)
    layers: list[tuple[_Matrix, list[float]]] = []
    width = encoding.observation_size
    count = sum(1 for name in members if name.startswith("w"))
    if count == 0 or set(members) != {"meta", *(f"{k}{i}" for k in "wb" for i in range(count))}:
        raise ValueError(
            f"weights file: expected arrays meta, w0, b0, ..., found {', '.join(sorted(members))}"
        )
    for i in range(count):
        wshape, wdescr, wbody = _read_npy(members[f"w{i}"], f"w{i}")
        bshape, bdescr, bbody = _read_npy(members[f"b{i}"], f"b{i}")
        if wdescr != "<f4" or bdescr != "<f4":
            raise ValueError(f"weights file: w{i} and b{i} must be float32")
        if len(wshape) != 2 or wshape[0] != width or bshape != (wshape[1],):
            raise ValueError(
                f"weights file: layer {i} has shapes {wshape} and {bshape}, "
                f"which do not follow a layer of width {width}"
            )
        flat = _floats(wshape, wbody, f"w{i}")
        outputs = wshape[1]
        rows = [flat[r * outputs : (r + 1) * outputs] for r in range(wshape[0])]
        layers.append((rows, _floats(bshape, bbody, f"b{i}")))
        width = outputs
    if width != encoding.num_actions:
        raise ValueError(
            f"weights file: the network gives {width} outputs, "
            f"but the rules have {encoding.num_actions} actions"
        )
    return Network(rules, metadata, layers)


def save_weights(
    path: str | os.PathLike[str],
    rules: Rules,
    layers: Sequence[tuple[Any, Any]],
    **metadata: Any,
) -> None:
    """Write a weights file that :func:`load_weights` reads (needs NumPy).

    Args:
        path: Where to write the ``.npz`` file.
        rules: The rules the network was trained for.
        layers: ``(weights, bias)`` per layer, weights of shape inputs x outputs.
        **metadata: More JSON entries for the metadata (``preset``, ...).
    """
    import numpy as np

    meta = {
        "format": FORMAT,
        "layout_version": LAYOUT_VERSION,
        "rules": rules_json(rules),
        **metadata,
    }
    arrays: dict[str, Any] = {
        "meta": np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8)
    }
    for i, (weights, bias) in enumerate(layers):
        arrays[f"w{i}"] = np.ascontiguousarray(weights, dtype="<f4")
        arrays[f"b{i}"] = np.ascontiguousarray(bias, dtype="<f4")
    with open(path, "wb") as file:
        np.savez_compressed(file, **arrays)


_shipped: list[Network] | None = None


def shipped_weights() -> list[Network]:
    """The networks shipped in the package, one per set of rules they were
    trained for (read once, then kept).

    Returns:
        The networks, in the order of their files' names.

    >>> [net.metadata["preset"] for net in shipped_weights()]
    ['italian-2p']
    """
    global _shipped
    if _shipped is None:
        folder = resources.files(_WEIGHTS_PACKAGE) / _WEIGHTS_DIR
        files = sorted(
            (item for item in folder.iterdir() if item.name.endswith(".npz")),
            key=lambda item: item.name,
        )
        _shipped = [load_weights(item.read_bytes()) for item in files]
    return _shipped


def _numpy_available() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


class LearnedBot:
    """Plays the action its network likes best: the network reads the
    seat's encoded observation (:meth:`briscola.encoding.Encoding.encode`)
    and gives a logit per action index; the legal action with the highest
    logit is played. The networks were fitted to :class:`StrongBot`'s
    values of the legal actions (the "Bots" guide says how, and how strong
    the result is); they ship with the package for the rules the guide lists,
    keyed by the whole rules. For other rules it plays as
    :class:`HeuristicBot`, and says so once, with a warning, when it is
    first asked to choose under those rules.

    A move costs well under a millisecond with NumPy installed; without
    it, the same network is evaluated in plain Python, a few milliseconds
    a move.

    Args:
        weights: The path of a weights file to play from, instead of the shipped
            ones (the format is in the "Bots" guide).
        temperature: 0 plays the best action; above 0 draws an action from
            the softmax of the logits divided by it (from ``rng``).
        backend: ``"numpy"``, ``"python"``, or ``"auto"`` (NumPy when it
            imports).

    Raises:
        ValueError: If the weights file is malformed or for another
            observation layout, or an argument is out of range.

    >>> from briscola import preset, outcome
    >>> from briscola.bots import HeuristicBot, play_deal
    >>> state = play_deal(preset("italian-2p"), [LearnedBot(), HeuristicBot()], seed=1)
    >>> sum(outcome(state).points)
    120
    """

    def __init__(
        self,
        weights: str | os.PathLike[str] | None = None,
        *,
        temperature: float = 0.0,
        backend: Backend = "auto",
    ) -> None:
        if not 0 <= temperature < math.inf:
            raise ValueError(f"temperature must be 0 or more, not {temperature!r}")
        if backend not in ("auto", "numpy", "python"):
            raise ValueError(f"backend must be 'auto', 'numpy' or 'python', not {backend!r}")
        self.weights = weights
        self.temperature = temperature
        self.backend = backend
        self._networks = None if weights is None else [load_weights(weights)]
        self._numpy = backend == "numpy" or (backend == "auto" and _numpy_available())
        self._rules: Rules | None = None
        self._network: Network | None = None
        self._warned = False
        self._heuristic = HeuristicBot()

    def __repr__(self) -> str:
        options = [] if self.weights is None else [repr(os.fspath(self.weights))]
        if self.temperature:
            options.append(f"temperature={self.temperature!r}")
        if self.backend != "auto":
            options.append(f"backend={self.backend!r}")
        return f"LearnedBot({', '.join(options)})"

    def has_weights(self, rules: Rules) -> bool:
        """Whether the bot has a network for ``rules`` (else it plays them
        as :class:`HeuristicBot`).

        Args:
            rules: The rules of a deal.

        Returns:
            ``True`` if its weights were trained for exactly these rules.

        >>> from briscola import preset
        >>> LearnedBot().has_weights(preset("italian-2p"))
        True
        >>> LearnedBot().has_weights(preset("spanish-2p"))
        False
        """
        return self._network_for(rules) is not None

    def _network_for(self, rules: Rules) -> Network | None:
        networks = shipped_weights() if self._networks is None else self._networks
        return next((net for net in networks if net.rules == rules), None)

    def _network_in(self, rules: Rules, warn: bool) -> Network | None:
        """The network for ``rules``, looked up once per rules in a row;
        with ``warn``, the first time rules without one are met says so."""
        if rules is not self._rules:
            if self._rules is None or rules != self._rules:
                self._network = self._network_for(rules)
                self._warned = False
            self._rules = rules
        if warn and self._network is None and not self._warned:
            self._warned = True
            warnings.warn(
                "LearnedBot has no weights for these rules; it plays as "
                "HeuristicBot (the 'Bots' guide lists the rules with weights)",
                stacklevel=3,
            )
        return self._network

    def _scores(
        self, network: Network, observation: Observation, legal: Sequence[Action]
    ) -> list[float]:
        """The network's logit of each action of ``legal``, in order."""
        encoding = encoding_for(observation.rules)
        vector = encoding.encode(observation)
        logits = network.logits_numpy(vector) if self._numpy else network.logits_python(vector)
        return [logits[encoding.index(action)] for action in legal]

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The legal action with the highest logit (see the class).

        Args:
            observation: What the seat to move may see.
            legal: The legal actions; never empty.
            rng: Draws the action when ``temperature`` is above 0.

        Returns:
            One of ``legal``.
        """
        network = self._network_in(observation.rules, warn=True)
        if network is None:
            return self._heuristic.choose(observation, legal, rng)
        if len(legal) == 1:
            return legal[0]
        scores = self._scores(network, observation, legal)
        if self.temperature:
            top = max(scores)
            weights = [math.exp((s - top) / self.temperature) for s in scores]
            return rng.choices(legal, weights)[0]
        return legal[max(range(len(legal)), key=scores.__getitem__)]

    def policy(self, observation: Observation, legal: Sequence[Action]) -> tuple[float, ...] | None:
        """The network's probability of each action of ``legal``: the
        softmax of its logits over them (``temperature`` aside), or
        ``None`` for rules it has no weights for (without a warning).
        :class:`StrongBot` takes it as a prior (its ``prior`` argument).

        Args:
            observation: What the seat to move may see.
            legal: The actions to weigh; never empty.

        Returns:
            Per action, in order, its probability; they sum to 1.

        >>> from briscola import legal_actions, new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> odds = LearnedBot().policy(observe(state, 0), legal_actions(state))
        >>> len(odds), round(sum(odds), 6)
        (3, 1.0)
        """
        network = self._network_in(observation.rules, warn=False)
        if network is None:
            return None
        scores = self._scores(network, observation, legal)
        top = max(scores)
        odds = [math.exp(score - top) for score in scores]
        total = sum(odds)
        return tuple(value / total for value in odds)
