"""The pictures render in a real browser: headless Chromium screenshots of
tables for two to six seats are not blank.

Skipped when ``chromium`` is not installed, except in CI (``CI=true``),
where CI installs Debian's ``chromium`` first and its absence is a
failure. Set ``BRISCOLA_SCREENSHOTS`` to a directory to keep the
screenshots.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

import pytest

from briscola.svg import table
from tests.test_svg import playout

WIDTH, HEIGHT = 800, 720


def chromium() -> str:
    """The browser's path, or skip (fail in CI) without one."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed: CI installs it before the tests (.ci/run)")
        pytest.skip("chromium is not installed")
    return found


def screenshot(browser: str, picture: Path, png: Path) -> None:
    """A headless screenshot of ``picture`` into ``png``."""
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                f"--screenshot={png}",
                f"--window-size={WIDTH},{HEIGHT}",
                picture.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of RGB(A) pixels of an 8-bit truecolour
    PNG, decoded with zlib alone."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat = 8, b""
    width = height = channels = 0
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), f"unexpected PNG format {depth}/{colour}"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind_of_filter = raw[start]
        row = bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind_of_filter == 1:
                row[i] = (row[i] + left) & 255
            elif kind_of_filter == 2:
                row[i] = (row[i] + up) & 255
            elif kind_of_filter == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                best = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                row[i] = (row[i] + best) & 255
        rows.append(bytes(row))
        previous = row
    return width, height, [bytes(r) for r in rows]


def colours(rows: list[bytes], channels: int, step: int = 3) -> dict[bytes, int]:
    """How often each colour appears, sampling every ``step``-th pixel."""
    counts: dict[bytes, int] = {}
    for row in rows[::step]:
        for x in range(0, len(row), channels * step):
            pixel = row[x : x + 3]
            counts[pixel] = counts.get(pixel, 0) + 1
    return counts


@pytest.mark.parametrize(
    ("name", "seat", "steps"),
    [
        ("italian-2p", None, 5),
        ("italian-3p", 1, 10),
        ("italian-4p", 2, 6),
        ("bastardo", 0, 12),
        ("italian-6p", None, 4),
    ],
)
def test_pictures_render_in_chromium(
    name: str, seat: int | None, steps: int, tmp_path: Path
) -> None:
    """A screenshot of the picture holds the table: many colours (card
    faces, backs, felt), with no single colour filling the page."""
    browser = chromium()
    picture = tmp_path / f"{name}.svg"
    picture.write_text(table(playout(name, 4, steps), seat=seat, size=WIDTH), encoding="utf-8")
    png = tmp_path / f"{name}.png"
    screenshot(browser, picture, png)
    data = png.read_bytes()
    keep = os.environ.get("BRISCOLA_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(png, Path(keep) / png.name)
    width, height, rows = decode_png(data)
    assert (width, height) == (WIDTH, HEIGHT)
    channels = len(rows[0]) // width
    counts = colours(rows, channels)
    total = sum(counts.values())
    assert len(counts) > 50, f"only {len(counts)} colours: a blank picture?"
    assert max(counts.values()) < 0.8 * total, "one colour fills the page"
    felt = sum(n for pixel, n in counts.items() if pixel[1] > pixel[0] + 30 and pixel[1] > pixel[2])
    assert felt > 0.1 * total, "the green table is missing"
