"""Past one machine (issue 37): pages per second and p95 for 1, 2 and 4 web processes on one
PostgreSQL, with and without the shared Redis cache, with and without a read replica.

Loads a synthetic rating database and the demo's games into its own PostgreSQL database (the
loaders of ``bench/web.py``), then, for every configuration, starts N ``palmares serve``
processes (gunicorn, each with ``palmares serve``'s default workers and threads) on ports
``--port`` … ``--port`` + N − 1 and measures, on loopback, under ``--clients`` keep-alive clients
spread over the processes:

- the baseline of the same configuration: the site's stylesheet (a static file served by the
  same processes: what the processes can do with no page and no database at all);
- ``mixed``: a random public page of every type (home, rankings, player, event, search,
  tournaments, Tantrix, Wizard …; anonymous, so the replica serves it where there is one).

Configurations: ``--processes`` (default 1,2,4) × the page cache per process (today's default)
or in Redis (``REDIS_URL``, a fresh key prefix per configuration so no run reads another's
pages) × the primary alone or a real streaming hot standby (``pg_basebackup -R`` on
``--replica-port``, ``tests/web/pg_replica.py``; anonymous reads go to it through
``DATABASE_REPLICA_URL``). Each configuration's first ``--warmup`` seconds are not measured (a
process builds a page once per data generation). Prints one line per configuration and the
requests/s of ``mixed`` against the first configuration's (one process, no Redis, no replica).

On this 2-core machine the processes, their database backends, the standby and the client share
two cores: more processes add capacity only while a core waits (on the database, on the
network); the ratios say what a larger machine gains, not the absolute rates.

    .venv/bin/python bench/scale.py [--players 20000] [--results 200000] [--seconds 10]
        [--clients 16] [--processes 1,2,4] [--no-redis] [--no-replica] [--reload]

DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/palmares_scale) is created if needed;
REDIS_URL defaults to redis://127.0.0.1:6379/3.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.web.pg_replica

from webclient import Figures

from web import Target, ensure_database, load, load_games, page_targets, run_targets

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/palmares_scale"
DEFAULT_REDIS = "redis://127.0.0.1:6379/3"


@dataclass(frozen=True)
class Configuration:
    processes: int
    redis: bool
    replica: bool

    @property
    def label(self) -> str:
        cache = "Redis cache" if self.redis else "cache per process"
        database = "primary + replica" if self.replica else "primary only"
        return f"{self.processes} process{'es' if self.processes > 1 else ''}, {cache}, {database}"


def _wait_for_replica(primary_url: str, replica_url: str, timeout: float = 60.0) -> float:
    """Seconds until the standby has replayed everything the primary had written when asked."""
    import psycopg

    with psycopg.connect(primary_url) as primary:
        lsn = primary.execute("SELECT pg_current_wal_lsn()").fetchone()[0]  # type: ignore[index]
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        try:
            with psycopg.connect(replica_url) as replica:
                caught = replica.execute(
                    "SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", (str(lsn),)
                ).fetchone()[0]  # type: ignore[index]
            if caught:
                return time.perf_counter() - start
        except psycopg.OperationalError:
            pass
        time.sleep(0.2)
    raise SystemExit("the standby did not catch up with the primary")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--results", type=int, default=200_000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--processes", default="1,2,4")
    parser.add_argument("--port", type=int, default=8865)
    parser.add_argument("--replica-port", type=int, default=55433)
    parser.add_argument("--no-redis", action="store_true")
    parser.add_argument("--no-replica", action="store_true")
    parser.add_argument("--reload", action="store_true")
    args = parser.parse_args()
    # run_targets reads these (bench/web.py's servers: palmares serve's defaults)
    args.workers, args.threads, args.server = None, None, "gunicorn"

    url = os.environ.setdefault("DATABASE_URL", DEFAULT_URL)
    redis_url = os.environ.pop("REDIS_URL", DEFAULT_REDIS)
    os.environ.pop("DATABASE_REPLICA_URL", None)
    os.environ.setdefault("PALMARES_SECRET_KEY", secrets.token_urlsafe(50))
    os.environ["DJANGO_SETTINGS_MODULE"] = "palmares.web.settings"
    ensure_database(url)
    import django

    django.setup()
    from django.core.management import call_command

    from palmares.cli.web import THREADS, WORKERS
    from palmares.web.players.models import Player
    from palmares.web.tournaments.models import Tournament

    call_command("migrate", interactive=False, verbosity=0)
    args.workers, args.threads = WORKERS, THREADS
    synthetic = Player.objects.filter(name__startswith="Player ").count()
    if args.reload or synthetic != args.players:
        load(args.players, args.results)
    if args.reload or not Tournament.objects.exists():
        load_games()
    print(
        f"database: {url} — {Player.objects.count():,} players; each process: gunicorn, "
        f"{WORKERS} workers × {THREADS} threads; {os.cpu_count()} cores on this machine"
    )

    rnd = random.Random(1)
    pages = page_targets(rnd, args.players)
    mixed = [paths for _, paths in pages]
    targets: list[Target] = [
        ("baseline: static file", lambda: "/static/palmares/site.css"),
        (f"mixed ({len(mixed)} page types)", lambda: rnd.choice(mixed)()),
    ]
    counts = [int(n) for n in args.processes.split(",")]
    configurations = [
        Configuration(n, redis, replica)
        for replica in ([False] if args.no_replica else [False, True])
        for redis in ([False] if args.no_redis else [False, True])
        for n in counts
    ]

    standby = None
    results: list[tuple[Configuration, Figures, Figures]] = []
    try:
        for configuration in configurations:
            os.environ.pop("REDIS_URL", None)
            os.environ.pop("DATABASE_REPLICA_URL", None)
            if configuration.redis:
                os.environ["REDIS_URL"] = redis_url
                os.environ["PALMARES_CACHE_PREFIX"] = f"scale-{secrets.token_hex(4)}"
            if configuration.replica:
                if standby is None:
                    from tests.web.pg_replica import start_standby

                    parts = urlparse(url)
                    standby = start_standby(
                        parts.hostname or "127.0.0.1",
                        parts.port or 5432,
                        parts.username or "postgres",
                        args.replica_port,
                    )
                user = urlparse(url).username or "postgres"
                replica_url = (
                    urlparse(url)._replace(netloc=f"{user}@127.0.0.1:{args.replica_port}").geturl()
                )
                lag = _wait_for_replica(url, replica_url)
                print(f"the standby on port {args.replica_port} caught up in {lag:.1f} s")
                os.environ["DATABASE_REPLICA_URL"] = replica_url
            print(f"\n== {configuration.label}")
            static, page = _run(args, url, configuration.processes, targets)
            results.append((configuration, static, page))
    finally:
        if standby is not None:
            standby.stop()

    first = results[0][2].rate
    print(f"\n{'configuration':<52} {'static/s':>9} {'pages/s':>9} {'p95 ms':>8} {'× first':>8}")
    for configuration, static, page in results:
        print(
            f"{configuration.label:<52} {static.rate:>9.0f} {page.rate:>9.1f} {page.p95:>8.1f} "
            f"{page.rate / max(first, 1e-9):>8.2f}"
            + (f"  ({page.errors} errors)" if page.errors else "")
        )


def _run(
    args: argparse.Namespace, url: str, count: int, targets: list[Target]
) -> tuple[Figures, Figures]:
    """The static baseline and the mixed pages on ``count`` processes (warm-up unmeasured)."""
    figures = run_targets(args, url, count, targets)
    return figures[0], figures[1]


if __name__ == "__main__":
    main()
