"""Benchmark of the web site on PostgreSQL: 100,000 players, 1,000,000 results.

Loads a synthetic rating database (players, events and results by COPY, then the real rating
service: engine replay and the stored histories and lists), serves the site with gunicorn
(``palmares serve``) and measures its pages under 32 concurrent clients on loopback (a small
asyncio HTTP/1.1 keep-alive client, no extra dependency): the ranking and player pages, the
event report, search (four random letters), the home page, the events list and a mix of the
first five (the bench database has no tournament, Tantrix or Wizard data, so those pages are
not measured here). A static file served by the same processes is the baseline of the same
run. Prints requests/s and p50/p95/p99 per target and the error count, and the CPU one request
cost the server's processes ("app ms") and its PostgreSQL backends ("db ms"): on a shared
machine the latencies move with the other work, the CPU per request much less. Target: p95 ≤
1.5 × the static file's, 0 errors.

    .venv/bin/python bench/web.py [--players 100000] [--results 1000000] [--seconds 20]
        [--clients 32] [--workers N] [--threads N] [--reload]

DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/palmares_bench) is created if needed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, urlparse

import numpy as np

if TYPE_CHECKING:
    from django.core.management.color import Style

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/palmares_bench"
NATIONS = [f"Nation {chr(65 + i)}{chr(65 + j)}" for i in range(6) for j in range(5)]


def ensure_database(url: str) -> None:
    import psycopg

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not found:
            conn.execute(f'CREATE DATABASE "{name}"')


def load(players: int, results: int, seed: int = 7) -> None:
    """Players, events and results by COPY (fresh tables), then the rating service."""
    from django.core.management import call_command
    from django.db import connection, transaction

    from palmares.web.events.models import Event, Result
    from palmares.web.lib.bulk import insert_rows
    from palmares.web.players.models import Player
    from palmares.web.ratinglists.services import recompute_dip_pouch

    call_command("migrate", interactive=False, verbosity=0)
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "TRUNCATE ratinglists_ratingentry, ratinglists_standing, events_result, "
            "tournaments_seat, tournaments_board, tournaments_round, tournaments_team_members, "
            "tournaments_team, tournaments_award, tournaments_tournament_directors, "
            "tournaments_tournament, tantrixdb_match, wizarddb_tournamentplace, events_event, "
            "tantrixdb_rating, wizarddb_placement, players_player CASCADE"
        )
        nation_of = rng.integers(0, len(NATIONS), players)
        insert_rows(
            Player,
            ("id", "name", "key", "external_id", "nationality"),
            (
                (i + 1, f"Player {i + 1:06d}", f"player {i + 1:06d}", "", NATIONS[nation_of[i]])
                for i in range(players)
            ),
        )
        sizes: list[int] = []
        total = 0
        while total < results:
            size = int(min(max(rng.normal(40, 15), 7), 120, results - total))
            sizes.append(size)
            total += size
        start = date(2001, 1, 1)
        days = rng.integers(0, 3650, len(sizes))
        insert_rows(
            Event,
            (
                "id",
                "name",
                "key",
                "date",
                "kind",
                "external_id",
                "country",
                "place",
                "rounds",
                "players",
                "world_championship",
                "coefficient",
            ),
            (
                (
                    e + 1,
                    f"Event {e + 1:05d}",
                    f"event {e + 1:05d}",
                    start + timedelta(days=int(days[e])),
                    "diplomacy",
                    "",
                    NATIONS[e % len(NATIONS)],
                    "",
                    3,
                    size,
                    False,
                    None,
                )
                for e, size in enumerate(sizes)
            ),
        )

        def result_rows() -> Iterator[tuple[int, int, int, int, str]]:
            rid = 0
            for e, size in enumerate(sizes):
                who = rng.choice(players, size, replace=False) + 1
                for rank, pid in enumerate(who, start=1):
                    rid += 1
                    yield (rid, e + 1, int(pid), rank, NATIONS[nation_of[pid - 1]])

        insert_rows(Result, ("id", "event_id", "player_id", "rank", "nationality"), result_rows())
        for model in (Player, Event, Result):
            for sql in connection.ops.sequence_reset_sql(_no_style(), [model]):
                cursor.execute(sql)
    t1 = time.perf_counter()
    moves = recompute_dip_pouch()
    t2 = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(
        f"loaded {players:,} players, {len(sizes):,} events, {total:,} results "
        f"by COPY in {t1 - t0:.1f} s"
    )
    print(f"rating service (engine replay + histories + lists): {moves:,} moves in {t2 - t1:.1f} s")


def _no_style() -> Style:
    from django.core.management.color import no_style

    return no_style()


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
    """CPU spent by the server's processes and by its database backends between two readings:
    what a request costs, whatever else the machine is doing (the latencies are not)."""

    def __init__(self, server_pid: int, url: str) -> None:
        self.server_pid, self.url = server_pid, url
        self.before: tuple[dict[int, float], dict[int, float]] = ({}, {})

    def _read(self) -> tuple[dict[int, float], dict[int, float]]:
        return _cpu_seconds(_server_pids(self.server_pid)), _cpu_seconds(_database_pids(self.url))

    def start(self) -> None:
        self.before = self._read()

    def stop(self) -> tuple[float, float]:
        after = self._read()
        return tuple(  # type: ignore[return-value]
            sum(t - b.get(pid, 0.0) for pid, t in a.items())
            for a, b in zip(after, self.before, strict=True)
        )


def measure(
    port: int,
    name: str,
    paths: Callable[[], str],
    clients: int,
    seconds: float,
    meter: CpuMeter | None = None,
) -> None:
    times: list[float] = []
    errors: list[int] = []
    if meter is not None:
        meter.start()

    async def run() -> float:
        start = time.perf_counter()
        until = start + seconds
        await asyncio.gather(*(_client(port, paths, until, times, errors) for _ in range(clients)))
        return time.perf_counter() - start

    elapsed = asyncio.run(run())
    server_cpu, database_cpu = meter.stop() if meter is not None else (0.0, 0.0)
    q = statistics.quantiles(times, n=100) if len(times) >= 2 else [0.0] * 99
    per = 1000 / max(1, len(times))
    print(
        f"{name:<30} {len(times):>7} {len(times) / elapsed:>8.1f} {q[49] * 1000:>7.1f} "
        f"{q[94] * 1000:>7.1f} {q[98] * 1000:>7.1f} {len(errors):>6} "
        f"{server_cpu * per:>7.2f} {database_cpu * per:>7.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--workers", type=int, default=None, help="default: palmares serve's")
    parser.add_argument("--threads", type=int, default=None, help="default: palmares serve's")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--server", choices=["gunicorn", "uvicorn"], default="gunicorn")
    parser.add_argument("--reload", action="store_true", help="reload even if already loaded")
    args = parser.parse_args()

    url = os.environ.setdefault("DATABASE_URL", DEFAULT_URL)
    os.environ.setdefault("PALMARES_SECRET_KEY", secrets.token_urlsafe(50))
    os.environ["DJANGO_SETTINGS_MODULE"] = "palmares.web.settings"
    ensure_database(url)
    import django

    django.setup()
    from django.core.management import call_command

    from palmares.web.players.models import Player
    from palmares.web.ratinglists.models import Standing

    call_command("migrate", interactive=False, verbosity=0)
    if args.reload or Player.objects.count() != args.players:
        load(args.players, args.results)
    from palmares.web.events.models import Event

    listed = Standing.objects.filter(year=0).count()
    pages = max(1, (listed + 49) // 50)
    event_ids = list(
        Event.objects.filter(kind=Event.Kind.DIPLOMACY).values_list("id", flat=True)
    ) or [0]
    event_pages = max(1, (len(event_ids) + 99) // 100)
    print(f"database: {url} — {Player.objects.count():,} players, {listed:,} in the Permanent list")

    from palmares.cli.web import THREADS, WORKERS

    args.workers = args.workers or WORKERS
    args.threads = args.threads or THREADS
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "palmares"),
            "serve",
            "--port",
            str(args.port),
            "--workers",
            str(args.workers),
            "--threads",
            str(args.threads),
            "--server",
            args.server,
        ],
        env=os.environ.copy(),
    )
    try:
        _wait_until_up(args.port)
        rnd = random.Random(1)
        targets: list[tuple[str, Callable[[], str]]] = [
            ("baseline: static file", lambda: "/static/palmares/site.css"),
            ("ranking (random page)", lambda: f"/dip-pouch/?page={rnd.randrange(1, pages + 1)}"),
            (
                "ranking, nation + year",
                lambda: (
                    f"/dip-pouch/?nation={quote(rnd.choice(NATIONS))}"
                    f"&year={rnd.randrange(2001, 2011)}&page={rnd.randrange(1, 6)}"
                ),
            ),
            (
                "player page (random player)",
                lambda: f"/players/{rnd.randrange(1, args.players + 1)}/",
            ),
            ("event report (random event)", lambda: f"/events/{rnd.choice(event_ids)}/"),
            ("search (random 4 letters)", lambda: f"/search?q={_letters(rnd, 4)}"),
            ("home", lambda: "/"),
            (
                "events list (random page)",
                lambda: f"/dip-pouch/events/?page={rnd.randrange(1, event_pages + 1)}",
            ),
        ]
        mixed = [paths for name, paths in targets[1:6]]
        targets.append(("mixed (the five above)", lambda: rnd.choice(mixed)()))
        print(
            f"{args.clients} concurrent clients, {args.seconds:.0f} s per target, "
            f"{args.workers} {args.server} workers"
            + (f" × {args.threads} threads" if args.server == "gunicorn" else "")
        )
        print(
            f"{'target':<30} {'requests':>7} {'req/s':>8} {'p50 ms':>7} {'p95 ms':>7} "
            f"{'p99 ms':>7} {'errors':>6} {'app ms':>7} {'db ms':>7}"
        )
        meter = CpuMeter(server.pid, url)
        for name, paths in targets:
            measure(args.port, name, paths, args.clients, args.seconds, meter)
    finally:
        server.terminate()
        server.wait(timeout=30)


def _letters(rnd: random.Random, n: int) -> str:
    """``n`` random lowercase letters: a search query (most find nothing: the costly case)."""
    return "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(n))


def _wait_until_up(port: int, timeout: float = 60.0) -> None:
    import socket

    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the server did not start on port {port}")


if __name__ == "__main__":
    main()
