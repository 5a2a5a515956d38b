"""The HTTP side of bench/web.py: a small asyncio HTTP/1.1 keep-alive client (no extra
dependency), the CPU the servers' processes and their PostgreSQL backends spent, and one
target's figures."""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import urlopen

__all__ = ["HEADER", "CpuMeter", "Figures", "measure", "wait_until_up"]


async def _get(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str) -> int:
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n".encode()
    )
    await writer.drain()
    status_line = await reader.readline()
    status = int(status_line.split()[1])
    length = None
    chunked = False
    close = False
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        if name.lower() == "content-length":
            length = int(value)
        elif name.lower() == "transfer-encoding" and "chunked" in value.lower():
            chunked = True
        elif name.lower() == "connection" and "close" in value.lower():
            close = True
    if chunked:
        while True:
            size = int((await reader.readline()).split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                break
    elif length is not None:
        await reader.readexactly(length)
    return -status if close else status


async def _client(
    port: int, paths: Callable[[], str], until: float, out: list[float], errors: list[int]
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while time.perf_counter() < until:
            path = paths()
            t = time.perf_counter()
            try:
                status = await _get(reader, writer, path)
            except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
                errors.append(0)
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                continue
            out.append(time.perf_counter() - t)
            if abs(status) != 200:
                errors.append(abs(status))
                if len(errors) <= 3:
                    print(f"  HTTP {abs(status)} for {path}", file=sys.stderr)
            if status < 0:  # the server closed the connection: open another
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
    finally:
        writer.close()


def _cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User + system CPU time of each live process in ``pids`` (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / tick
    return out


def _server_pids(root: int) -> list[int]:
    """The server process and its workers."""
    found = [root]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == root:
                found.append(int(stat.parent.name))
        except (OSError, ValueError):
            continue
    return found


def _database_pids(url: str) -> list[int]:
    """The PostgreSQL backends serving the bench database (the server's pooled connections)."""
    import psycopg

    name = urlparse(url).path.lstrip("/")
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        ).fetchall()
    return [int(row[0]) for row in rows]


class CpuMeter:
    """CPU spent by the servers' processes and by their database backends between two
    readings: what a request costs, whatever else the machine is doing (the latencies are
    not)."""

    def __init__(self, server_pids: list[int], url: str) -> None:
        self.server_pids, self.url = server_pids, url
        self.before: tuple[dict[int, float], dict[int, float]] = ({}, {})

    def _read(self) -> tuple[dict[int, float], dict[int, float]]:
        pids = [pid for root in self.server_pids for pid in _server_pids(root)]
        return _cpu_seconds(pids), _cpu_seconds(_database_pids(self.url))

    def start(self) -> None:
        self.before = self._read()

    def stop(self) -> tuple[float, float]:
        after = self._read()
        return tuple(  # type: ignore[return-value]
            sum(t - b.get(pid, 0.0) for pid, t in a.items())
            for a, b in zip(after, self.before, strict=True)
        )


@dataclass
class Figures:
    """One target's figures."""

    name: str
    requests: int
    rate: float
    p50: float
    p95: float
    p99: float
    errors: int
    app_ms: float
    db_ms: float
    client_ms: float


def measure(
    ports: list[int],
    name: str,
    paths: Callable[[], str],
    clients: int,
    seconds: float,
    meter: CpuMeter | None = None,
    *,
    quiet: bool = False,
) -> Figures:
    """``clients`` keep-alive clients (spread over ``ports``) asking for ``paths()`` for
    ``seconds``; prints and returns the figures."""
    times: list[float] = []
    errors: list[int] = []
    if meter is not None:
        meter.start()
    client_before = time.process_time()

    async def run() -> float:
        start = time.perf_counter()
        until = start + seconds
        await asyncio.gather(
            *(_client(ports[i % len(ports)], paths, until, times, errors) for i in range(clients))
        )
        return time.perf_counter() - start

    elapsed = asyncio.run(run())
    client_cpu = time.process_time() - client_before
    server_cpu, database_cpu = meter.stop() if meter is not None else (0.0, 0.0)
    q = statistics.quantiles(times, n=100) if len(times) >= 2 else [0.0] * 99
    per = 1000 / max(1, len(times))
    figures = Figures(
        name, len(times), len(times) / elapsed, q[49] * 1000, q[94] * 1000, q[98] * 1000,
        len(errors), server_cpu * per, database_cpu * per, client_cpu * per,
    )  # fmt: skip
    if quiet:
        return figures
    print(
        f"{name:<34} {figures.requests:>7} {figures.rate:>8.1f} {figures.p50:>7.1f} "
        f"{figures.p95:>7.1f} {figures.p99:>7.1f} {figures.errors:>6} "
        f"{figures.app_ms:>7.2f} {figures.db_ms:>7.2f}",
        flush=True,
    )
    return figures


HEADER = (
    f"{'target':<34} {'requests':>7} {'req/s':>8} {'p50 ms':>7} {'p95 ms':>7} "
    f"{'p99 ms':>7} {'errors':>6} {'app ms':>7} {'db ms':>7}"
)


def wait_until_up(port: int, timeout: float = 120.0) -> None:
    """Wait until the server on ``port`` answers its home page (a worker ready, not only the
    socket bound: a request sent earlier would wait for the worker's start)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the server did not start on port {port}")
