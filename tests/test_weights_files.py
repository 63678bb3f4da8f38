"""A weights file cannot exhaust the machine: the loader reads a regular
file once and closes it, decompresses only the members a weights file
holds and only as far as their declared sizes, bounds the network it
builds and the headers it parses, and refuses everything else with
``ValueError`` (Bots, "Learned bot": the weights file).

The files are built with the standard library alone, so these tests run
without NumPy too; the bounds are checked by counting what is read and
decompressed, and a thread's timeout only guards against a hang.
"""

from __future__ import annotations

import io
import json
import os
import re
import struct
import threading
import warnings
import zipfile
import zlib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from briscola import preset
from briscola.bots import LearnedBot
from briscola.bots._weights import (
    MAX_LAYERS,
    MAX_META_BYTES,
    MAX_UNITS,
    MAX_VALUES,
    load_weights,
)
from briscola.encoding import LAYOUT_VERSION, encoding_for

ITALIAN = preset("italian-2p")
INPUTS = encoding_for(ITALIAN).observation_size
OUTPUTS = encoding_for(ITALIAN).num_actions


def npy(
    body: bytes, shape: tuple[int, ...], descr: str = "<f4", header: str | None = None
) -> bytes:
    """A ``.npy`` array: ``header`` or the one NumPy writes, then ``body``."""
    if header is None:
        header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape!r}, }}\n"
    raw = header.encode("latin-1")
    if len(raw) < 0x10000:
        return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(raw)) + raw + body
    return b"\x93NUMPY\x02\x00" + struct.pack("<I", len(raw)) + raw + body


def pack(parts: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _shipped() -> dict[str, bytes]:
    data = (resources.files("briscola.bots") / "weights" / "italian-2p.npz").read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


SHIPPED = _shipped()


def shipped_parts() -> dict[str, bytes]:
    """The members of the shipped weights file (read once, before any test
    counts what is decompressed)."""
    return dict(SHIPPED)


def shipped_meta() -> dict[str, Any]:
    data = SHIPPED["meta.npy"]
    length = struct.unpack_from("<H", data, 8)[0]
    meta: dict[str, Any] = json.loads(data[10 + length :])
    return meta


def meta_npy(text: bytes) -> bytes:
    return npy(text, (len(text),), "|u1")


def network(sizes: list[int], **meta: Any) -> dict[str, bytes]:
    """The members of a weights file for the italian-2p rules with layers
    of these widths, all weights zero, and the shipped metadata changed by
    ``meta``."""
    parts = {"meta.npy": meta_npy(json.dumps({**shipped_meta(), **meta}).encode())}
    for i, (inputs, outputs) in enumerate(zip(sizes, sizes[1:])):
        parts[f"w{i}.npy"] = npy(bytes(4 * inputs * outputs), (inputs, outputs))
        parts[f"b{i}.npy"] = npy(bytes(4 * outputs), (outputs,))
    return parts


@pytest.fixture
def decompressed(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The bytes read out of each member of an archive opened for reading
    while the test runs, by name (a member never opened is missing)."""
    counts: dict[str, int] = {}
    real_open = zipfile.ZipFile.open

    def counting_open(
        self: zipfile.ZipFile, name: Any, mode: str = "r", pwd: Any = None, **kwargs: Any
    ) -> Any:
        member = real_open(self, name, mode, pwd, **kwargs)  # type: ignore[arg-type]
        if mode == "r":
            key = name.filename if isinstance(name, zipfile.ZipInfo) else name
            counts.setdefault(key, 0)
            real_read = member.read

            def read(size: int = -1) -> bytes:
                data = real_read(size)
                counts[key] += len(data)
                return data

            member.read = read  # type: ignore[method-assign]
        return member

    monkeypatch.setattr(zipfile.ZipFile, "open", counting_open)
    return counts


class CountingFile:
    """A file the loader opened, counting the bytes it reads."""

    def __init__(self, file: io.BufferedReader) -> None:
        self.file = file
        self.bytes_read = 0

    def read(self, size: int = -1) -> bytes:
        data = self.file.read(size)
        self.bytes_read += len(data)
        return data

    def fileno(self) -> int:
        return self.file.fileno()

    def __enter__(self) -> CountingFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[CountingFile]:
    """Every file the loader opens while the test runs."""
    files: list[CountingFile] = []
    real_fdopen = os.fdopen

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> CountingFile:
        files.append(CountingFile(real_fdopen(fd, *args, **kwargs)))
        return files[-1]

    monkeypatch.setattr(os, "fdopen", fdopen)
    return files


def refusal_within(seconds: float, load: Callable[[], object]) -> str:
    """The message of the ``ValueError`` that ``load()`` raises, given
    ``seconds`` in a thread (a guard against a hang, not a measure)."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            load()
        except BaseException as error:  # noqa: BLE001 - handed to the test
            outcome.append(error)
        else:
            outcome.append(None)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"still loading after {seconds} s"
    assert isinstance(outcome[0], ValueError), outcome[0]
    return str(outcome[0])


# Regular files only, opened once and closed


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_an_endless_device_is_refused_unread(opened: list[CountingFile]) -> None:
    """Bots, "Learned bot": /dev/zero is not a regular file; it is refused
    before it is opened, where it used to be read until memory ran out."""
    message = refusal_within(60, lambda: load_weights("/dev/zero"))
    assert "not a regular file" in message
    assert opened == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(
    tmp_path: Path, opened: list[CountingFile]
) -> None:
    """Bots, "Learned bot": a FIFO is refused at once instead of waiting
    for someone to write to it."""
    fifo = tmp_path / "weights.npz"
    os.mkfifo(fifo)
    try:
        message = refusal_within(60, lambda: LearnedBot(fifo))
    finally:  # set a reader blocked by a regression free
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
    assert "not a regular file" in message
    assert opened == []


def test_a_folder_is_refused(tmp_path: Path) -> None:
    """Bots, "Learned bot": a path that names a folder is refused with
    ValueError."""
    with pytest.raises(ValueError, match="not a regular file"):
        load_weights(tmp_path)


def test_a_huge_file_is_refused_by_its_size_unread(
    tmp_path: Path, opened: list[CountingFile]
) -> None:
    """Bots, "Learned bot": a file larger than the largest weights file
    (here 64 MiB, sparse) is refused from its size, not one byte read."""
    path = tmp_path / "huge.npz"
    with open(path, "wb") as file:
        file.truncate(64 * 1024 * 1024)
    with pytest.raises(ValueError, match="67108864 bytes, more than"):
        load_weights(path)
    assert [file.bytes_read for file in opened] == [0]
    assert opened[0].file.closed


def test_the_file_is_read_once_and_closed(tmp_path: Path, opened: list[CountingFile]) -> None:
    """Bots, "Learned bot": a file that loads and one that is refused are
    each opened once, read once to their end, and closed."""
    good, bad = tmp_path / "good.npz", tmp_path / "bad.npz"
    good.write_bytes(pack(network([INPUTS, 8, OUTPUTS])))
    bad.write_bytes(pack(network([INPUTS, 8, OUTPUTS], layout_version=LAYOUT_VERSION + 1)))
    assert load_weights(good).sizes == (INPUTS, 8, OUTPUTS)
    with pytest.raises(ValueError, match="layout version"):
        load_weights(bad)
    assert [file.bytes_read for file in opened] == [good.stat().st_size, bad.stat().st_size]
    assert all(file.file.closed for file in opened)


# Members checked before they are decompressed


def test_a_deep_network_is_refused_before_anything_is_decompressed(
    decompressed: dict[str, int],
) -> None:
    """Bots, "Learned bot": 41 layers of 1020 x 1020 zeros (a small
    file that used to take gigabytes to load) hold more layers than a
    weights file may; nothing of them is decompressed."""
    data = pack(network([INPUTS, *[1020] * 40, OUTPUTS]))
    assert len(data) < 200_000
    with pytest.raises(ValueError, match="members"):
        load_weights(data)
    assert decompressed == {}


def with_junk(copies: int) -> bytes:
    """The shipped metadata and ``junk.npy``, 4 MiB of zeros in bzip2,
    then ``copies`` more members of other names that are the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("meta.npy", SHIPPED["meta.npy"], zipfile.ZIP_DEFLATED)
        archive.writestr("junk.npy", bytes(4 * 1024 * 1024), zipfile.ZIP_BZIP2)
        junk = archive.getinfo("junk.npy")
        for index in range(copies):
            copy = zipfile.ZipInfo(f"junk-{index:03}.npy")
            copy.compress_type = zipfile.ZIP_BZIP2
            copy.header_offset, copy.CRC = junk.header_offset, junk.CRC
            copy.file_size, copy.compress_size = junk.file_size, junk.compress_size
            archive.filelist.append(copy)
    return buffer.getvalue()


def test_extra_members_are_never_decompressed(decompressed: dict[str, int]) -> None:
    """Bots, "Learned bot": a member of a name a weights file does not
    hold is refused by its name before any member is decompressed, and so
    are 300 such members of 4 MiB zeros in bzip2 (a small file that used
    to take over a gigabyte to load)."""
    with pytest.raises(ValueError, match="unexpected member 'junk.npy'"):
        load_weights(with_junk(0))
    assert decompressed == {}
    data = with_junk(299)
    assert len(data) < 100_000
    with pytest.raises(ValueError, match="lists 301 members"):
        load_weights(data)
    assert decompressed == {}


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (
            lambda parts: {**parts, "w1.npy": npy(bytes(4 * 4097 * 1024), (4097, 1024))},
            "w1.npy has",
        ),
        (lambda parts: {**parts, "meta.npy": meta_npy(b" " * (MAX_META_BYTES + 2000))}, "meta.npy"),
        (
            lambda parts: {**parts, "b0.npy": npy(bytes(4 * MAX_UNITS + 2000), (MAX_UNITS + 500,))},
            "b0",
        ),
    ],
    ids=["weights", "metadata", "biases"],
)
def test_a_member_larger_than_its_bound_is_not_decompressed(
    damage: Callable[[dict[str, bytes]], dict[str, bytes]],
    message: str,
    decompressed: dict[str, int],
) -> None:
    """Bots, "Learned bot": a member whose declared size is beyond what
    its array may hold is refused before any member is decompressed."""
    with pytest.raises(ValueError, match=message):
        load_weights(pack(damage(shipped_parts())))
    assert decompressed == {}


def test_members_are_decompressed_no_further_than_their_declared_size(
    decompressed: dict[str, int],
) -> None:
    """Bots, "Learned bot": a member that holds more than it declares is
    read no further than its declared size, and refused."""
    parts = shipped_parts()
    data = bytearray(pack(parts))
    entry = data.find(b"PK\x01\x02")
    while data[entry + 46 : entry + 52] != b"w1.npy":
        entry = data.find(b"PK\x01\x02", entry + 1)
    # The list of members says w1 has its first 1,000 bytes only.
    crc = zlib.crc32(parts["w1.npy"][:1000])
    data[entry + 16 : entry + 20] = struct.pack("<I", crc)
    data[entry + 24 : entry + 28] = struct.pack("<I", 1000)
    with pytest.raises(ValueError, match="w1 holds 872 bytes"):
        load_weights(bytes(data))
    assert decompressed["w1.npy"] == 1000 < len(parts["w1.npy"])


@pytest.mark.parametrize(
    ("flag", "method", "message"),
    [(1, zipfile.ZIP_DEFLATED, "encrypted"), (0, 99, "method 99"), (0, 12, "method 12")],
    ids=["encrypted", "method-99", "bzip2"],
)
def test_encrypted_or_unknown_compression_is_refused(
    flag: int, method: int, message: str, decompressed: dict[str, int]
) -> None:
    """Bots, "Learned bot": a member flagged encrypted, or compressed
    otherwise than stored or deflated, is refused with ValueError (they
    used to raise RuntimeError or NotImplementedError)."""
    data = bytearray(pack(shipped_parts()))
    entry = data.find(b"PK\x01\x02")
    data[entry + 8] |= flag
    data[entry + 10 : entry + 12] = struct.pack("<H", method)
    with pytest.raises(ValueError, match=message):
        load_weights(bytes(data))
    assert decompressed == {}


def test_a_damaged_archive_is_a_value_error() -> None:
    """Bots, "Learned bot": an archive whose members lie before its start,
    whose data do not match their checksum or which is cut short is
    refused with ValueError naming the member or the archive."""
    data = pack(shipped_parts())
    end = data.rfind(b"PK\x05\x06")
    offset = struct.unpack_from("<I", data, end + 16)[0]
    before = data[: end + 16] + struct.pack("<I", offset + 100_000) + data[end + 20 :]
    with pytest.raises(ValueError, match="meta.npy is damaged"):
        load_weights(before)
    stored = bytearray(pack(shipped_parts(), zipfile.ZIP_STORED))
    stored[stored.find(b"\x93NUMPY", stored.find(b"w1.npy")) + 200] ^= 1
    with pytest.raises(ValueError, match="w1.npy is damaged"):
        load_weights(bytes(stored))
    with pytest.raises(ValueError, match="not a .npz archive"):
        load_weights(data[: len(data) // 2])


# The network and its headers bounded


def test_a_network_at_the_bounds_loads() -> None:
    """Bots, "Learned bot": a network of the most layers, and one with a
    layer of the most units, still load."""
    deep = load_weights(pack(network([INPUTS, *[16] * (MAX_LAYERS - 1), OUTPUTS])))
    assert len(deep.sizes) == MAX_LAYERS + 1
    wide = load_weights(pack(network([INPUTS, MAX_UNITS, OUTPUTS])))
    assert wide.sizes == (INPUTS, MAX_UNITS, OUTPUTS)


@pytest.mark.parametrize(
    ("sizes", "message"),
    [
        ([INPUTS, *[16] * MAX_LAYERS, OUTPUTS], f"members|unexpected member 'w{MAX_LAYERS}.npy'"),
        ([INPUTS, MAX_UNITS + 1, OUTPUTS], f"{MAX_UNITS + 1} units, more than {MAX_UNITS}"),
        ([INPUTS, MAX_UNITS, 653, OUTPUTS], f"weights and biases, more than {MAX_VALUES}"),
    ],
    ids=["layers", "units", "values"],
)
def test_a_network_beyond_the_bounds_is_refused(sizes: list[int], message: str) -> None:
    """Bots, "Learned bot": a network of more layers, a wider layer or
    more weights and biases than the bounds is refused."""
    with pytest.raises(ValueError, match=message):
        load_weights(pack(network(sizes)))


HEADER = "{'descr': '|u1', 'fortran_order': False, 'shape': %s}"


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (HEADER % ("(" + "1, " * 10**6 + ")"), "meta.npy has"),
        (HEADER % ("(" + "1, " * 5000 + ")"), "header of 15053 bytes"),
        ("1j+" * 300 + "1j", "malformed .npy header"),
        ("1j+" * 100_000 + "1j", "meta.npy has"),
        ("-" * 1000 + "1", "malformed .npy header"),
        ("-" * 100_000 + "1", "meta.npy has"),
        (HEADER % "((0,),)", "malformed .npy header"),
        ("{'descr': '|u1', " + (HEADER % "(0,)")[1:], "malformed .npy header"),
        (HEADER % "__import__('os')", "malformed .npy header"),
        (HEADER % "(0, 0, 0)", "malformed shape"),
    ],
    ids=[
        "million-entry-shape",
        "long-header",
        "complex-sum",
        "long-complex-sum",
        "minus-signs",
        "long-minus-signs",
        "nested-tuple",
        "key-twice",
        "call",
        "three-dimensions",
    ],
)
def test_a_hostile_header_is_refused(
    header: str, message: str, decompressed: dict[str, int]
) -> None:
    """Bots, "Learned bot": a .npy header is parsed by a small grammar
    within a bounded length, never evaluated; headers that used to take
    gigabytes, or run out of memory or recursion depth, are refused with
    ValueError, having decompressed no more than the metadata's bound."""
    with pytest.raises(ValueError, match=message):
        load_weights(pack({"meta.npy": npy(b"", (0,), header=header)}))
    assert decompressed.get("meta.npy", 0) <= MAX_META_BYTES + 2048


@pytest.mark.parametrize(
    ("meta", "message"),
    [
        (b"[" * 200_000, "meta.npy has"),
        (b"[" * 60_000, "not UTF-8 JSON"),
        (b" " * (MAX_META_BYTES + 1), f"{MAX_META_BYTES + 1} bytes, more than {MAX_META_BYTES}"),
        (json.dumps({**shipped_meta(), "layout_version": float(LAYOUT_VERSION)}).encode(), "2.0"),
        (json.dumps({**shipped_meta(), "layout_version": True}).encode(), "True"),
        (json.dumps({**shipped_meta(), "layout_version": str(LAYOUT_VERSION)}).encode(), "'2'"),
    ],
    ids=[
        "deep-json",
        "deep-json-in-bounds",
        "too-long",
        "float-version",
        "bool-version",
        "str-version",
    ],
)
def test_hostile_metadata_is_refused(meta: bytes, message: str) -> None:
    """Bots, "Learned bot": metadata longer than its bound or nested
    deeper than JSON can be read, and a layout version that is not an
    integer, are refused with ValueError."""
    with pytest.raises(ValueError, match=message):
        load_weights(pack({**shipped_parts(), "meta.npy": meta_npy(meta)}))


def test_the_shipped_file_still_loads(tmp_path: Path) -> None:
    """Bots, "Learned bot": the shipped weights load from a path as from
    their bytes, with their shapes."""
    data = pack(shipped_parts())
    path = tmp_path / "italian-2p.npz"
    path.write_bytes(data)
    from_path, from_bytes = load_weights(path), load_weights(data)
    assert from_path.sizes == from_bytes.sizes == (INPUTS, 512, 256, OUTPUTS)
    assert from_path.metadata == from_bytes.metadata == shipped_meta()


def _npy_version(data: bytes, major: int) -> bytes:
    """``data`` (a version 1 ``.npy`` array) rewritten as version ``major``
    (whose header length takes four bytes)."""
    length = struct.unpack_from("<H", data, 8)[0]
    return b"\x93NUMPY" + bytes([major, 0]) + struct.pack("<I", length) + data[10:]


def _twice(parts: dict[str, bytes], name: str) -> bytes:
    """An archive of ``parts`` with the member ``name`` written twice."""
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name
        with zipfile.ZipFile(buffer, "w") as archive:
            for member, data in parts.items():
                archive.writestr(member, data)
            archive.writestr(name, parts[name])
    return buffer.getvalue()


def test_npy_versions_two_and_three_are_read_and_others_refused() -> None:
    """Bots, "Bounds of a weights file": the arrays may be written in any
    ``.npy`` version NumPy writes (1 to 3, the later with a four-byte
    header length); another version is refused by name."""
    for major in (2, 3):
        parts = shipped_parts()
        parts["b0.npy"] = _npy_version(parts["b0.npy"], major)
        assert load_weights(pack(parts)).sizes == load_weights(pack(shipped_parts())).sizes
    parts = shipped_parts()
    parts["b0.npy"] = _npy_version(parts["b0.npy"], 4)
    with pytest.raises(ValueError, match="b0 has .npy version 4, not 1 to 3"):
        load_weights(pack(parts))


@pytest.mark.parametrize(
    ("change", "why"),
    [
        pytest.param(
            {"b0.npy": npy(b"", (0,), header="{'descr': '<f4', 'shape': (0,), }\n")},
            "b0 has a malformed .npy header",
            id="a header without fortran_order",
        ),
        pytest.param(
            {"meta.npy": npy(b"{}  ", (1,), "<f4")},
            "'meta' must be a 1-D uint8 array",
            id="metadata of floats",
        ),
        pytest.param(
            {"w1.npy": npy(bytes(256 * OUTPUTS), (256, OUTPUTS), "|u1")},
            "w1 and b1 must be float32",
            id="weights of bytes",
        ),
    ],
)
def test_arrays_of_the_wrong_form_are_refused(change: dict[str, bytes], why: str) -> None:
    """Bots, "Bounds of a weights file": a header without its three entries,
    metadata that is not bytes, weights that are bytes: each a
    ``ValueError`` naming the member."""
    parts = shipped_parts()
    assert set(change) <= set(parts)
    with pytest.raises(ValueError, match=re.escape(why)):
        load_weights(pack({**parts, **change}))


def test_a_member_written_twice_is_refused() -> None:
    """Bots, "Bounds of a weights file": an archive naming a member twice
    (which would let one copy hide behind the other) is refused."""
    with pytest.raises(ValueError, match="two members named 'w0.npy'"):
        load_weights(_twice(shipped_parts(), "w0.npy"))
