"""A real ``briscola serve`` in a subprocess, for the tests of the web
table that need one (a restart, a browser)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def server(database: Path, *options: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``briscola serve`` on a free loopback port, and its address; killed
    (with its bots' workers) on the way out."""
    process = subprocess.Popen(
        [sys.executable, "-m", "briscola", "serve", "--db", str(database), *options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its bots' workers in its own process group
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if found is None:
            stderr = process.stderr.read() if process.stderr else ""
            raise AssertionError(f"no address in {line!r}; stderr: {stderr}")
        yield process, found.group(0)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
