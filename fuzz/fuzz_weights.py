"""Fuzz the learned bot's weights-file loader (coverage-guided).

The first byte chooses how the rest is read. Even: the rest is the file
itself, mutated from real weights files (stored and deflated). Odd: the
fuzzer's bytes build an archive member by member: names from those a
weights file holds and others, ``.npy`` headers right, fuzzed or long,
shapes that chain or not, bodies of any length, metadata right or
fuzzed, stored, deflated or compressed otherwise, sometimes flagged
encrypted. Loading must either raise ``ValueError`` or give a network
within the documented bounds whose shapes chain from the rules'
observation size to their number of actions, and which evaluates.
Anything else, an input that takes longer than the timeout or
more memory than the limit of ``fuzz/run.sh``, is a crash.

Run: ``python fuzz/fuzz_weights.py -max_total_time=60 fuzz/corpus/weights``
"""

from __future__ import annotations

import io
import json
import math
import struct
import warnings
import zipfile
from typing import Any

import atheris

with atheris.instrument_imports(include=["briscola"]):
    import briscola
    from briscola._json import rules_json
    from briscola.bots._weights import (
        FORMAT,
        MAX_LAYERS,
        MAX_UNITS,
        MAX_VALUES,
        load_weights,
    )
    from briscola.encoding import LAYOUT_VERSION, encoding_for

from _common import run

RULES = briscola.preset("italian-2p")
ENCODING = encoding_for(RULES)
META = {"format": FORMAT, "layout_version": LAYOUT_VERSION, "rules": rules_json(RULES)}
NAMES = [
    "meta.npy",
    *(f"{kind}{i}.npy" for i in range(MAX_LAYERS + 1) for kind in "wb"),
    "meta",
    "w0",
    "junk.npy",
    "../w0.npy",
]
METHODS = [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA]
DESCRS = ["<f4", "|u1", ">f4", "<f8", "|O", "<i4"]


def npy_bytes(header: str, body: bytes, version: int = 1) -> bytes:
    """A ``.npy`` array of this header and body (a version 1 length field
    holds at most 65,535 bytes; longer headers use version 2)."""
    raw = header.encode("utf-8", errors="replace")
    if version == 1 and len(raw) < 0x10000:
        return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(raw)) + raw + body
    return b"\x93NUMPY" + bytes([version, 0]) + struct.pack("<I", len(raw)) + raw + body


def _header(fdp: Any, descr: str, shape: tuple[int, ...]) -> str:
    """The header NumPy writes, one with fuzzed parts, or fuzzed text."""
    kind = fdp.ConsumeIntInRange(0, 5)
    if kind == 0:
        return str(fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 300)))
    if kind == 1:
        shape_text = str(fdp.ConsumeUnicode(40))
    elif kind == 2:
        shape_text = "(" + "1, " * fdp.ConsumeIntInRange(0, 30_000) + ")"
    else:
        shape_text = repr(shape)
    order = "True" if kind == 3 and fdp.ConsumeBool() else "False"
    return f"{{'descr': '{descr}', 'fortran_order': {order}, 'shape': {shape_text}, }}\n"


def _array(fdp: Any, shape: tuple[int, ...]) -> bytes:
    """A float32 array of this shape, its body right, cut, longer, or
    with values that are not finite."""
    count = math.prod(shape)
    descr = "<f4" if fdp.ConsumeIntInRange(0, 7) else fdp.PickValueInList(DESCRS)
    body = fdp.ConsumeBytes(min(4 * count, 64))
    body = (body + bytes(4 * count))[: 4 * count]
    cut = fdp.ConsumeIntInRange(0, 3)
    if cut == 1:
        body = body[: fdp.ConsumeIntInRange(0, len(body))]
    elif cut == 2:
        body += fdp.ConsumeBytes(8)
    return npy_bytes(_header(fdp, descr, shape), body, fdp.PickValueInList([1, 1, 2, 3, 4]))


def _meta(fdp: Any) -> bytes:
    """The metadata, right, with one entry replaced, or fuzzed bytes."""
    kind = fdp.ConsumeIntInRange(0, 4)
    meta: dict[str, Any] = dict(META)
    if kind == 1:
        meta[fdp.PickValueInList(["format", "layout_version", "rules", "preset"])] = (
            fdp.PickValueInList([2.0, True, "2", None, [], {}, 10**40, LAYOUT_VERSION + 1])
        )
    if kind == 2:
        text = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 2000))
    elif kind == 3:
        text = b"[" * fdp.ConsumeIntInRange(0, 70_000)
    else:
        text = json.dumps(meta).encode()
    return npy_bytes(
        _header(fdp, "|u1", (len(text),))
        if kind == 4
        else f"{{'descr': '|u1', 'fortran_order': False, 'shape': ({len(text)},), }}\n",
        text,
    )


def built(fdp: Any) -> bytes:
    """An archive built member by member by the fuzzer."""
    layers = fdp.ConsumeIntInRange(1, MAX_LAYERS + 1)
    widths = [ENCODING.observation_size]
    for _ in range(layers - 1):  # one layer at most wider than allowed
        wide = MAX_UNITS + 1 not in widths and fdp.ConsumeIntInRange(0, 15) == 0
        widths.append(MAX_UNITS + 1 if wide else fdp.PickValueInList([1, 2, 3, 16]))
    widths.append(
        ENCODING.num_actions if fdp.ConsumeIntInRange(0, 7) else fdp.ConsumeIntInRange(0, 50)
    )
    parts: list[tuple[str, bytes]] = [("meta.npy", _meta(fdp))]
    for i, (inputs, outputs) in enumerate(zip(widths, widths[1:])):
        parts.append((f"w{i}.npy", _array(fdp, (inputs, outputs))))
        parts.append((f"b{i}.npy", _array(fdp, (outputs,))))
    for _ in range(fdp.ConsumeIntInRange(0, 2)):
        parts.append((fdp.PickValueInList(NAMES), fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 200))))
    if parts and fdp.ConsumeIntInRange(0, 5) == 0:
        parts.pop(fdp.ConsumeIntInRange(0, len(parts) - 1))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a name twice, as the fuzzer wants
        for name, data in parts:
            method = METHODS[1] if fdp.ConsumeIntInRange(0, 5) else fdp.PickValueInList(METHODS)
            info = zipfile.ZipInfo(name)
            info.compress_type = method
            if fdp.ConsumeIntInRange(0, 15) == 0:
                info.flag_bits |= 1
            archive.writestr(info, data)
    return buffer.getvalue()


def test_one_input(data: bytes) -> None:
    """Load the file ``data`` gives; ValueError is the only refusal allowed."""
    if not data:
        return
    if data[0] % 2 == 0:
        source = data[1:]
    else:
        source = built(atheris.FuzzedDataProvider(data[1:]))
    try:
        network = load_weights(source)
    except ValueError:
        return
    sizes = network.sizes
    assert sizes[0] == ENCODING.observation_size and sizes[-1] == ENCODING.num_actions, sizes
    assert len(sizes) - 1 <= MAX_LAYERS and max(sizes) <= MAX_UNITS, sizes
    values = sum(a * b + b for a, b in zip(sizes, sizes[1:]))
    assert values <= MAX_VALUES, sizes
    if values <= 200_000:
        logits = network.logits_python([1.0] * sizes[0])
        assert len(logits) == sizes[-1]


if __name__ == "__main__":
    run(test_one_input)
