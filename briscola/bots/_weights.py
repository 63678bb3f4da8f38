"""The learned bot's weights file: :func:`load_weights` reads one within
bounds (a regular file only, members checked before they are
decompressed, layers and sizes no larger than a network of this kind
has, every malformed file a :class:`ValueError`), :func:`save_weights`
writes one, and :func:`shipped_weights` reads the package's own. The
format is in the "Bots" guide."""

from __future__ import annotations

import io
import json
import math
import os
import re
import stat
import struct
import zipfile
import zlib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Final, TypeAlias

from .._json import read_rules, rules_json
from .._rules import Rules
from ..encoding import LAYOUT_VERSION, encoding_for
from ._network import Network, _Matrix

__all__ = ["load_weights", "save_weights", "shipped_weights"]

FORMAT: Final = "briscola-learned-weights"
"""The ``format`` entry of a weights file's metadata."""


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
    ['italian-2p', 'italian-4p']
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
