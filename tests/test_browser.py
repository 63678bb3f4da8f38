"""The pictures and the documentation render in a real browser: headless
Chromium screenshots of tables for two to six seats are not blank, and no
column of any documentation page, at 1024, 1400 or 1920 pixels, is
narrower than the longest word it holds.

Skipped when ``chromium`` is not installed, except in CI's full run
(``BRISCOLA_REQUIRE_EXTRAS=1``, see the repository's ``conftest.py``),
which installs Debian's ``chromium`` first and fails without it. Set ``BRISCOLA_SCREENSHOTS`` to a directory to keep the
screenshots (with the tutorial's at each width).
"""

from __future__ import annotations

import functools
import html
import http.server
import importlib.util
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from briscola.svg import table
from tests.test_svg import playout

WIDTH, HEIGHT = 800, 720


def chromium() -> str:
    """The browser's path, or skip without one."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("chromium is not installed")
    return found


def headless(browser: str, *arguments: str) -> str:
    """Run headless Chromium with ``arguments``; its standard output."""
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
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
                *arguments,
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=180,
        )
    return done.stdout


def screenshot(
    browser: str, page: Path | str, png: Path, width: int = WIDTH, height: int = HEIGHT
) -> None:
    """A headless screenshot of ``page`` (a file or a URL) into ``png``."""
    url = page.as_uri() if isinstance(page, Path) else page
    headless(browser, f"--screenshot={png}", f"--window-size={width},{height}", url)


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


# -- the documentation's columns ----------------------------------------------

DOC_WIDTHS = (1024, 1400, 1920)
"""Window widths, in CSS pixels: below the theme's 67em breakpoint (one
column), between 82em and 97em (three columns), and a wide screen."""

MEASURE = r"""
function measure(doc, win) {
  // Per column of the theme that lies on screen: its width, its widest
  // word, and the words wider than the line that holds them. Code blocks
  // (which wrap anywhere on purpose) and tables (which scroll) are left out.
  const columns = [];
  for (const selector of [".sidebar-drawer", ".content", ".toc-drawer"]) {
    const column = doc.querySelector(selector);
    if (!column) continue;
    const box = column.getBoundingClientRect();
    if (box.width === 0 || box.right <= 0 || box.left >= win.innerWidth) continue;
    let widest = 0, word = "";
    const broken = [];
    const walker = doc.createTreeWalker(column, win.NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const parent = node.parentElement;
      if (!parent || parent.closest("pre, table, svg, script, style, .headerlink")) continue;
      for (const match of node.textContent.matchAll(/[^\s\-\u2013\u2014\/]+/g)) {
        const range = doc.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (rects.length === 0) continue;
        if (Math.min(...rects.map((r) => r.left)) >= win.innerWidth) continue;
        if (Math.max(...rects.map((r) => r.right)) <= 0) continue;
        const width = rects.reduce((sum, r) => sum + r.width, 0);
        let block = parent;
        while (block !== column && win.getComputedStyle(block).display.startsWith("inline")) {
          block = block.parentElement;
        }
        const style = win.getComputedStyle(block);
        const room = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (room <= 1) continue;  // visually hidden text, for screen readers
        if (width > widest) { widest = width; word = match[0]; }
        if (width > room + 1 && broken.length < 5) {
          broken.push(`${match[0]} (${Math.round(width)} px in ${Math.round(room)} px)`);
        }
      }
    }
    columns.push({column: selector, width: Math.round(box.width), widest: Math.round(widest), word, broken});
  }
  return columns;
}
window.addEventListener("load", () => {
  const pages = [...document.querySelectorAll("iframe")].map((frame) => ({
    page: frame.getAttribute("src"),
    columns: measure(frame.contentDocument, frame.contentWindow),
  }));
  const out = document.createElement("pre");
  out.id = "measured";
  out.textContent = JSON.stringify(pages);
  document.body.appendChild(out);
});
"""


@pytest.fixture(scope="module")
def built_docs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """The HTML documentation, built once, and the address it is served at
    (over HTTP, so that a page may measure the pages in its frames)."""
    chromium()
    if importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("furo") is None:
        pytest.skip("the docs extra (sphinx, furo) is not installed")
    out = tmp_path_factory.mktemp("docs") / "html"
    subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", "docs", str(out)],
        cwd=Path(__file__).resolve().parent.parent,
        check=True,
        capture_output=True,
        timeout=600,
    )

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(out))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield out, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        thread.join()


def doc_pages(root: Path) -> list[str]:
    """Every page of the built documentation, relative to its root."""
    return sorted(
        path.relative_to(root).as_posix()
        for path in root.rglob("*.html")
        if not {"_static", "_sources"} & set(path.parts) and not path.name.startswith("_")
    )


@pytest.mark.parametrize("width", DOC_WIDTHS)
def test_no_documentation_column_is_narrower_than_a_word(
    width: int, built_docs: tuple[Path, str], tmp_path: Path
) -> None:
    """Every page in a window ``width`` pixels wide: the theme's columns (the
    navigation, the content, "On this page") each leave every word they
    hold on one line, outside code blocks and tables. A column squashed to
    a letter a line (a content column grown over its neighbour) fails."""
    browser = chromium()
    root, address = built_docs
    pages = doc_pages(root)
    frames = "".join(
        f'<iframe src="/{page}" style="width:{width}px;height:900px;border:0;display:block">'
        "</iframe>"
        for page in pages
    )
    harness = root / f"_measure_{width}.html"
    harness.write_text(
        f"<!doctype html><html><body>{frames}<script>{MEASURE}</script></body></html>",
        encoding="utf-8",
    )
    dom = headless(
        browser, f"--window-size={width + 40},900", "--dump-dom", f"{address}/{harness.name}"
    )
    found = re.search(r'<pre id="measured">(.*?)</pre>', dom, re.S)
    assert found is not None, "the measuring script did not run"
    measured = json.loads(html.unescape(found.group(1)))
    assert [row["page"] for row in measured] == [f"/{page}" for page in pages]
    assert len(pages) > 20
    squashed = [
        f"{row['page']} {column['column']} ({column['width']} px): {', '.join(column['broken'])}"
        for row in measured
        for column in row["columns"]
        if column["broken"]
    ]
    assert not squashed, f"at {width} px, words wider than their column:\n" + "\n".join(squashed)
    for row in measured:
        seen = {column["column"] for column in row["columns"]}
        assert ".content" in seen, f"{row['page']}: no content column measured"
        if width >= 1400 and row["page"] == "/tutorial.html":
            assert seen == {".sidebar-drawer", ".content", ".toc-drawer"}
    keep = os.environ.get("BRISCOLA_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        png = Path(keep) / f"tutorial-{width}.png"
        screenshot(browser, f"{address}/tutorial.html", png, width, 900)
