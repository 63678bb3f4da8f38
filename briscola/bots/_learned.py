"""A player that evaluates a small trained network: :class:`LearnedBot`,
and the weights file it reads."""

from __future__ import annotations

import io
import json
import math
import operator
import os
import random
import re
import stat
import struct
import warnings
import zipfile
import zlib
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

MAX_LAYERS: Final = 4
"""The most layers of a weights file's policy (the shipped networks have
3)."""

MAX_VALUE_LAYERS: Final = 2
"""The most layers of a weights file's value head (the shipped heads
have 2)."""

MAX_UNITS: Final = 1024
"""The most units a layer of a weights file may have (the shipped
networks' widest has 512)."""

MAX_VALUES: Final = 1024 * 1024
"""The most weights and biases of all layers of a weights file together,
value head included: 4 MiB of float32, the most the package's weights
may take in all."""

MAX_META_BYTES: Final = 64 * 1024
"""The longest metadata (its ``meta`` array) a weights file may hold."""

# What follows from those bounds, in bytes: a .npy header (NumPy writes
# about 128), the largest member of each name, all members together, the
# file (deflate may grow incompressible data by a little), and a member's
# entry in the archive's list of members.
_MAX_HEADER: Final = 1024
_MAX_NPY: Final = 12 + _MAX_HEADER
_MEMBERS: Final = {
    "meta.npy": _MAX_NPY + MAX_META_BYTES,
    **{f"w{i}.npy": _MAX_NPY + 4 * MAX_VALUES for i in range(MAX_LAYERS)},
    **{f"b{i}.npy": _MAX_NPY + 4 * MAX_UNITS for i in range(MAX_LAYERS)},
    **{f"value_w{i}.npy": _MAX_NPY + 4 * MAX_VALUES for i in range(MAX_VALUE_LAYERS)},
    **{f"value_b{i}.npy": _MAX_NPY + 4 * MAX_UNITS for i in range(MAX_VALUE_LAYERS)},
}
_MAX_TOTAL: Final = len(_MEMBERS) * _MAX_NPY + MAX_META_BYTES + 4 * MAX_VALUES
_MAX_FILE: Final = _MAX_TOTAL + _MAX_TOTAL // 64 + 64 * 1024
_MAX_ENTRY: Final = 1024
_END, _END64, _END_SIZE = b"PK\x05\x06", b"PK\x06\x07", 22
# What zipfile raises on a damaged archive (a ValueError for an offset
# before the start, for one).
_ZIP_ERRORS: Final = (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError, ValueError)
_TOKEN: Final = re.compile(
    r"""\s*(?:('[^'\\]{0,64}'|"[^"\\]{0,64}")|(True|False)|([0-9]{1,10})|([{}():,]))"""
)


class Network:
    """A multilayer perceptron read from a weights file: ReLU between the
    layers, one logit per action index of the :class:`~briscola.encoding.Encoding`
    of its rules; and, if the file has one, a value head: more layers that
    read the last hidden layer (after its ReLU) and give one number, the
    outcome the network expects for the seat that observes.

    Build it with :func:`load_weights`; the bot evaluates it.

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
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> print(shipped_weights()[0].value_python(encoding_for(state.rules).encode(observe(state, 0))))
        None
        """
        if not self._value_columns:
            return None
        hidden = self._python(vector, last=False) if len(self.layers) > 1 else list(vector)
        for i, (columns, bias) in enumerate(self._value_columns):
            hidden = _dense(_relu(hidden) if i else hidden, columns, bias)
        return hidden[0]

    def value_numpy(self, vector: Sequence[float]) -> float | None:
        """The same value with NumPy (which must be installed).

        >>> from briscola import new_game, observe, preset
        >>> from briscola.encoding import encoding_for
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> print(shipped_weights()[0].value_numpy(encoding_for(state.rules).encode(observe(state, 0))))
        None
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


def _npy_header(text: str, name: str) -> dict[str, object]:
    """The entries of a ``.npy`` header, a Python dict literal, parsed by
    a small grammar instead of evaluated: string keys, and values that are
    strings, ``True``/``False`` or tuples of integers."""
    malformed = ValueError(f"weights file: {name} has a malformed .npy header")
    tokens: list[tuple[str, Any]] = []
    position, text = 0, text.rstrip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise malformed
        string, boolean, number, mark = match.groups()
        if string is not None:
            tokens.append(("string", string[1:-1]))
        elif boolean is not None:
            tokens.append(("value", boolean == "True"))
        elif number is not None:
            tokens.append(("number", int(number)))
        else:
            tokens.append((mark, None))
        position = match.end()
    tokens.append(("end", None))
    entries: dict[str, object] = {}
    index = 0

    def take(*kinds: str) -> tuple[str, Any]:
        nonlocal index
        token = tokens[index]
        if token[0] not in kinds:
            raise malformed
        index += 1
        return token

    take("{")
    while tokens[index][0] != "}":
        key = take("string")[1]
        take(":")
        kind, value = take("string", "value", "(")
        if kind == "(":
            numbers: list[int] = []
            while tokens[index][0] != ")":
                numbers.append(take("number")[1])
                if tokens[index][0] != ")":
                    take(",")
            take(")")
            value = tuple(numbers)
        if key in entries:
            raise malformed
        entries[key] = value
        if tokens[index][0] != "}":
            take(",")
    take("}")
    take("end")
    return entries


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
    if length > _MAX_HEADER or start + length > len(data):
        raise ValueError(
            f"weights file: {name} has a .npy header of {length} bytes "
            f"(at most {_MAX_HEADER}, within the array)"
        )
    header = _npy_header(data[start : start + length].decode("latin-1"), name)
    if set(header) != {"descr", "fortran_order", "shape"}:
        raise ValueError(f"weights file: {name} has a malformed .npy header")
    shape, descr = header["shape"], header["descr"]
    if header["fortran_order"] is not False or descr not in ("<f4", "|u1"):
        raise ValueError(
            f"weights file: {name} must be a C-ordered float32 or uint8 array, not {descr!r}"
        )
    if not isinstance(shape, tuple) or len(shape) > 2:
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


def _read_file(source: str | os.PathLike[str] | bytes) -> bytes:
    """The bytes of a weights file: ``source`` itself, or the contents of
    the regular file it names, read once and no further than the bound."""
    if isinstance(source, bytes):
        data = source
    else:
        path = os.fspath(source)
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ValueError(f"weights file: {path!r} is not a regular file")
        # Not blocking: a file swapped for a FIFO since is refused below.
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        with os.fdopen(os.open(path, flags), "rb") as file:
            status = os.fstat(file.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise ValueError(f"weights file: {path!r} is not a regular file")
            if status.st_size > _MAX_FILE:
                raise ValueError(
                    f"weights file: {path!r} has {status.st_size} bytes, more than {_MAX_FILE}"
                )
            data = file.read(_MAX_FILE + 1)
    if len(data) > _MAX_FILE:
        raise ValueError(f"weights file: more than {_MAX_FILE} bytes")
    return data


def _check_directory(data: bytes) -> None:
    """Refuse an archive whose list of members, which :mod:`zipfile` reads
    whole when it opens it, is longer than a weights file's can be."""
    end = len(data) - _END_SIZE
    if data[end : end + 4] != _END or data[-2:] != b"\0\0":
        end = data.rfind(_END, max(0, len(data) - _END_SIZE - 0xFFFF))
    if end < 0 or len(data) < end + _END_SIZE:
        raise ValueError("weights file: not a .npz archive")
    entries, size = struct.unpack_from("<HI", data, end + 10)
    if (
        entries > len(_MEMBERS)
        or size > len(_MEMBERS) * _MAX_ENTRY
        or data[max(0, end - 20) : end - 16] == _END64
    ):
        raise ValueError(
            f"weights file: the archive lists {entries} members in {size} bytes, "
            f"more than a weights file has"
        )


def _check_members(infos: Sequence[zipfile.ZipInfo]) -> None:
    """Refuse an archive whose list of members names a member a weights
    file does not hold, or one that is encrypted, compressed otherwise
    than NumPy writes or larger than its array may be."""
    names = [info.filename for info in infos]
    if "meta.npy" not in names:
        raise ValueError("weights file: no 'meta' array")
    for info in infos:
        name = info.filename
        if name not in _MEMBERS:
            raise ValueError(
                f"weights file: unexpected member {name!r}: a weights file holds "
                f"meta.npy and w0.npy, b0.npy, ... for at most {MAX_LAYERS} layers, "
                f"and value_w0.npy, value_b0.npy, ... for at most {MAX_VALUE_LAYERS}"
            )
        if names.count(name) > 1:
            raise ValueError(f"weights file: two members named {name!r}")
        if info.flag_bits & 1:
            raise ValueError(f"weights file: {name} is encrypted")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise ValueError(
                f"weights file: {name} is compressed with method "
                f"{info.compress_type}, not stored or deflated"
            )
        if info.file_size > _MEMBERS[name]:
            raise ValueError(
                f"weights file: {name} has {info.file_size} bytes, "
                f"more than the {_MEMBERS[name]} it may have"
            )
    total = sum(info.file_size for info in infos)
    if total > _MAX_TOTAL:
        raise ValueError(f"weights file: its arrays have {total} bytes, more than {_MAX_TOTAL}")


def _members(data: bytes) -> dict[str, bytes]:
    """The arrays of a weights file by name (without ``.npy``), each member
    checked for its name and declared size before any is decompressed,
    and read no further than that size."""
    _check_directory(data)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except _ZIP_ERRORS as error:
        raise ValueError("weights file: not a .npz archive") from error
    with archive:
        infos = archive.infolist()
        _check_members(infos)
        members = {}
        for info in infos:
            try:
                with archive.open(info) as member:
                    body = member.read(info.file_size + 1)
            except _ZIP_ERRORS as error:
                raise ValueError(f"weights file: {info.filename} is damaged") from error
            if len(body) != info.file_size:
                raise ValueError(f"weights file: {info.filename} is not as long as it says")
            members[info.filename.removesuffix(".npy")] = body
    return members


def load_weights(source: str | os.PathLike[str] | bytes) -> Network:
    """Read a weights file: a ``.npz`` archive of float32 arrays ``w0``,
    ``b0``, ``w1``, ``b1``, ... (``w`` of shape inputs x outputs) and a
    ``meta`` array, the UTF-8 bytes of a JSON object naming the
    ``format``, the ``layout_version`` of the observations and the
    ``rules`` (as :func:`briscola.dumps` writes rules) they were trained
    for. Nothing in it is unpickled; NumPy is not needed.

    It may also hold a value head: float32 arrays ``value_w0``,
    ``value_b0``, ... whose first layer reads the network's last hidden
    layer and whose last gives one output.

    The bounds of what a network of this kind can have are checked
    before more of the file is read or decompressed: at most 4 layers
    (``MAX_LAYERS``) and 2 layers of value head (``MAX_VALUE_LAYERS``),
    1,024 units a layer (``MAX_UNITS``), 1,048,576 weights and biases in
    all, value head included (``MAX_VALUES``, 4 MiB of float32) and
    64 KiB of metadata (``MAX_META_BYTES``); the archive may hold only
    those arrays, stored or deflated, and the path must name a regular
    file.

    Args:
        source: A path, or the file's bytes.

    Returns:
        The network.

    Raises:
        ValueError: If the file is not such an archive, is larger than
            those bounds, its arrays do not fit together or the rules'
            encoding, or it was made for another observation layout than
            :data:`briscola.encoding.LAYOUT_VERSION`.
        OSError: If the path cannot be read.

    >>> load_weights(b"not a zip file")
    Traceback (most recent call last):
    ...
    ValueError: weights file: not a .npz archive
    """
    members = _members(_read_file(source))
    shape, descr, body = _read_npy(members["meta"], "meta")
    if descr != "|u1" or len(shape) != 1:
        raise ValueError("weights file: 'meta' must be a 1-D uint8 array")
    if len(body) > MAX_META_BYTES:
        raise ValueError(f"weights file: 'meta' has {len(body)} bytes, more than {MAX_META_BYTES}")
    try:
        metadata = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise ValueError("weights file: 'meta' is not UTF-8 JSON of a sane depth") from error
    if not isinstance(metadata, dict) or metadata.get("format") != FORMAT:
        raise ValueError(f"weights file: 'meta' must be a JSON object with format {FORMAT!r}")
    version = metadata.get("layout_version")
    if type(version) is not int or version != LAYOUT_VERSION:
        raise ValueError(
            f"weights file: trained on observation layout version {version!r}, "
            f"but this briscola encodes version {LAYOUT_VERSION}"
        )
    rules = read_rules(metadata.get("rules"), "weights file: meta.rules")
    encoding = encoding_for(rules)
    count = sum(1 for name in members if name.startswith("w"))
    heads = sum(1 for name in members if name.startswith("value_w"))
    expected = {"meta", *(f"{k}{i}" for k in "wb" for i in range(count))}
    expected |= {f"value_{k}{i}" for k in "wb" for i in range(heads)}
    if count == 0 or set(members) != expected:
        raise ValueError(
            "weights file: expected arrays meta, w0, b0, ... (and value_w0, value_b0, ...), "
            f"found {', '.join(sorted(members))}"
        )
    arrays = _chain(members, "", count, encoding.observation_size, "network")
    if arrays[-1][0][1] != encoding.num_actions:
        raise ValueError(
            f"weights file: the network gives {arrays[-1][0][1]} outputs, "
            f"but the rules have {encoding.num_actions} actions"
        )
    value_arrays: _Arrays = []
    if heads:
        value_arrays = _chain(members, "value_", heads, arrays[-1][0][0], "value head")
        if value_arrays[-1][0][1] != 1:
            raise ValueError(
                f"weights file: the value head gives {value_arrays[-1][0][1]} outputs, not 1"
            )
    values = sum(
        math.prod(wshape) + math.prod(bshape) for wshape, _, bshape, _ in arrays + value_arrays
    )
    if values > MAX_VALUES:
        raise ValueError(
            f"weights file: the network has {values} weights and biases, more than {MAX_VALUES}"
        )
    return Network(rules, metadata, _layers(arrays, ""), _layers(value_arrays, "value_"))


_Arrays: TypeAlias = "list[tuple[tuple[int, ...], bytes, tuple[int, ...], bytes]]"


def _chain(members: Mapping[str, bytes], prefix: str, count: int, width: int, what: str) -> _Arrays:
    """The shapes and bodies of the layers ``{prefix}w0``, ``{prefix}b0``,
    ... checked to be float32 and to chain from ``width`` inputs, each
    layer at most :data:`MAX_UNITS` wide."""
    arrays: _Arrays = []
    for i in range(count):
        w, b = f"{prefix}w{i}", f"{prefix}b{i}"
        wshape, wdescr, wbody = _read_npy(members[w], w)
        bshape, bdescr, bbody = _read_npy(members[b], b)
        if wdescr != "<f4" or bdescr != "<f4":
            raise ValueError(f"weights file: {w} and {b} must be float32")
        if len(wshape) != 2 or wshape[0] != width or bshape != (wshape[1],):
            raise ValueError(
                f"weights file: {what} layer {i} has shapes {wshape} and {bshape}, "
                f"which do not follow a layer of width {width}"
            )
        width = wshape[1]
        if width > MAX_UNITS:
            raise ValueError(
                f"weights file: {what} layer {i} has {width} units, more than {MAX_UNITS}"
            )
        arrays.append((wshape, wbody, bshape, bbody))
    return arrays


def _layers(arrays: _Arrays, prefix: str) -> list[tuple[_Matrix, list[float]]]:
    """The layers of :func:`_chain`'s arrays as lists of rows and biases,
    every value checked to be finite."""
    layers: list[tuple[_Matrix, list[float]]] = []
    for i, (wshape, wbody, bshape, bbody) in enumerate(arrays):
        flat = _floats(wshape, wbody, f"{prefix}w{i}")
        outputs = wshape[1]
        rows = [flat[r * outputs : (r + 1) * outputs] for r in range(wshape[0])]
        layers.append((rows, _floats(bshape, bbody, f"{prefix}b{i}")))
    return layers


def save_weights(
    path: str | os.PathLike[str],
    rules: Rules,
    layers: Sequence[tuple[Any, Any]],
    value_layers: Sequence[tuple[Any, Any]] = (),
    **metadata: Any,
) -> None:
    """Write a weights file that :func:`load_weights` reads (needs NumPy).

    Args:
        path: Where to write the ``.npz`` file.
        rules: The rules the network was trained for.
        layers: ``(weights, bias)`` per layer, weights of shape inputs x outputs.
        value_layers: The value head's layers the same way, if it has one:
            the first reads the last hidden layer, the last gives one
            output.
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
    for i, (weights, bias) in enumerate(value_layers):
        arrays[f"value_w{i}"] = np.ascontiguousarray(weights, dtype="<f4")
        arrays[f"value_b{i}"] = np.ascontiguousarray(bias, dtype="<f4")
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

    def value(self, observation: Observation) -> float | None:
        """The outcome the network's value head expects for the observing
        seat, from what it sees: in the units it was trained on (the
        weights file's ``value_target`` metadata: ``"margin"``, the side's
        card points less the other side's over the pack's, or ``"win"``,
        1 for a win and -1 for a loss; both from -1 to 1). ``None`` for
        rules it has no weights for, or weights without a value head
        (the networks shipped so far have none).

        Args:
            observation: What a seat may see (any seat, to move or not).

        Returns:
            The expected outcome, or ``None``.

        >>> from briscola import new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> print(LearnedBot().value(observe(state, 0)))
        None
        """
        network = self._network_in(observation.rules, warn=False)
        if network is None:
            return None
        vector = encoding_for(observation.rules).encode(observation)
        return network.value_numpy(vector) if self._numpy else network.value_python(vector)
