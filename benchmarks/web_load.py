"""Load on ``briscola serve``: many italian-2p tables at once, on loopback.

Starts a real server (a subprocess, bound to 127.0.0.1 only, on a fresh
database), makes ``--tables`` tables between two people, and from this
process (a separate one) connects both seats of every table through the
WebSocket. The clients play random legal actions with no think time, one
deal per table, all tables at once. Reports the time from an action sent
to the next state received on that connection (p50, p95, p99), the
errors, the wall time, and the server's memory (its resident set at the
end and at its peak). The bar: every table finishes with no error and
p95 is under 50 ms::

    python benchmarks/web_load.py                 # 100 tables
    python benchmarks/web_load.py --tables 200 --limit 300

The run is bounded: past ``--limit`` seconds it stops and fails. Exits
with status 1 when the bar is not met.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent


def cpu_seconds(pid: int) -> float:
    """The processor time ``pid`` has used (user and system), in seconds
    (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> tuple[int, int]:
    """The resident and peak resident memory of ``pid``, in KiB (Linux)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


async def seat(
    address: str, table: str, number: int, token: str, seed: int, times: list[float]
) -> None:
    """Play one seat of a table to the end of the deal."""
    rng = random.Random(seed)
    async with connect(address.replace("http://", "ws://") + "ws", max_size=2**20) as socket:
        await socket.send(
            json.dumps({"type": "hello", "table": table, "seat": number, "token": token})
        )
        sent: float | None = None
        async for text in socket:
            message = json.loads(text)
            if message["type"] == "error":
                raise RuntimeError(f"table {table}, seat {number}: {message}")
            if message["type"] != "state":
                continue
            if sent is not None:
                times.append(time.perf_counter() - sent)
                sent = None
            if message["observation"]["to_move"] is None:
                return
            legal = message["legal"]["actions"]
            if legal:
                action = {"format": 2, "type": "action", "action": rng.choice(legal)}
                act = {"type": "act", "deal": message["deal"], "turn": message["turn"]}
                sent = time.perf_counter()
                await socket.send(json.dumps({**act, "action": action}))


async def make_tables(address: str, tables: int) -> list[Any]:
    """Make ``tables`` italian-2p tables between two people."""
    made: list[Any] = []
    async with httpx.AsyncClient(timeout=30) as client:
        for _ in range(tables):
            body = {"preset": "italian-2p", "seats": ["person", "person"]}
            response = await client.post(address + "api/tables", json=body)
            response.raise_for_status()
            made.append(response.json())
    return made


async def load(address: str, made: list[Any], limit: float) -> tuple[list[float], list[str], float]:
    """Play every table of ``made`` at once; the latencies, the errors
    and the wall time."""
    times: list[float] = []
    start = time.perf_counter()
    tasks = [
        seat(address, t["table"], number, t["tokens"][str(number)], k * 2 + number, times)
        for k, t in enumerate(made)
        for number in (0, 1)
    ]
    results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), limit)
    errors = [repr(result) for result in results if isinstance(result, BaseException)]
    return times, errors, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--limit", type=float, default=180.0, help="seconds the run may take")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "tables.sqlite3"
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "briscola",
                "serve",
                "--host",
                "127.0.0.1",
                "--db",
                str(database),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            assert server.stdout is not None
            found = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline())
            if found is None:
                print("web_load: the server did not start", file=sys.stderr)
                return 1
            address = found.group(0)
            made = asyncio.run(make_tables(address, args.tables))
            cpu_before = cpu_seconds(server.pid)
            ours = time.process_time()
            try:
                times, errors, wall = asyncio.run(load(address, made, args.limit))
            except asyncio.TimeoutError:
                print(f"web_load: not finished in {args.limit:g} s", file=sys.stderr)
                return 1
            resident, peak = memory(server.pid)
            server_cpu = cpu_seconds(server.pid) - cpu_before
            client_cpu = time.process_time() - ours
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    cuts = statistics.quantiles(times, n=100) if len(times) > 1 else [float("nan")] * 99
    p50, p95, p99 = cuts[49] * 1000, cuts[94] * 1000, cuts[98] * 1000
    load1 = os.getloadavg()[0]
    print(
        f"{args.tables} italian-2p tables at once, {len(times)} actions in {wall:.1f} s "
        f"({len(times) / wall:.0f} actions/s); errors: {len(errors)}"
    )
    print(f"action sent to next state: p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms")
    print(f"server memory: {resident / 1024:.1f} MiB resident, {peak / 1024:.1f} MiB peak")
    print(
        f"processor time in play: server {server_cpu:.2f} s "
        f"({server_cpu / max(1, len(times)) * 1e6:.0f} us an action), clients {client_cpu:.2f} s; "
        f"load average {load1:.2f} on {os.cpu_count()} cores"
    )
    for error in errors[:5]:
        print(f"error: {error[:300]}", file=sys.stderr)
    ok = not errors and len(times) == 40 * args.tables and p95 < 50
    print("bar (no error, every action answered, p95 < 50 ms):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
