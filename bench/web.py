"""Benchmark of the web site on PostgreSQL: every public page type, 100,000 players, 1,000,000
results.

Loads a synthetic rating database (players, events and results by COPY, then the real rating
service: engine replay and the stored histories and lists) and the demo's games (``palmares
demo``'s data: the 2007 World Championship with its boards, the NZ 2000 Tantrix tournament, the
Wizard month, Junior session and tournament), serves the site with gunicorn (``palmares serve``)
and measures every public page type under 32 concurrent clients on loopback (a small asyncio
HTTP/1.1 keep-alive client, no extra dependency): home, the ranking's tabs (Permanent, a year,
a nation, a nation and a year), the player page, the event report, the events list, search, the
formula, the Diplomacy tournaments, the tournament page after each round, the Tantrix list,
event and player, the Wizard index, month, Junior session, tournament and ledger, the "which
rating predicts" pages (Wizard, Dip Pouch), and a mix of all of them. The projector pages are
picked up by name: every URL whose name starts with ``projector`` (``tournament_id`` and
optionally ``number``) is measured for each tournament (and round) — see
:func:`projector_targets`. A static file served by the same processes is the baseline of the
same run. Prints requests/s and p50/p95/p99 per
target, the error count, and the CPU one request cost the server's processes ("app ms") and
its PostgreSQL backends ("db ms"): on a shared machine the latencies move with the other work,
the CPU per request much less. Targets: p95 ≤ 1.5 × the static file's, ≤ 1 ms app CPU, 0 errors.

``--processes 2`` starts two servers (ports ``--port`` and ``--port`` + 1) on the one database
and spreads the clients over both; ``--scale`` measures the mixed target on one server, then on
two, and prints the throughput ratio. Every run ends with the cross-process check: a write made
by this process (a third one) is seen at once by a cached page of every server.

    .venv/bin/python bench/web.py [--players 100000] [--results 1000000] [--seconds 20]
        [--clients 32] [--workers N] [--threads N] [--processes N] [--scale] [--only WORD]
        [--warmup SECONDS] [--reload]

``--warmup`` runs each target unmeasured first: a process builds a page (and computes its
figures) once per data generation, so the measured seconds are the steady state; without it
the first requests of each process are in the figures.

DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/palmares_bench) is created if needed.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote, urlparse

import numpy as np
from webclient import HEADER, CpuMeter, Figures, measure, wait_until_up

if TYPE_CHECKING:
    from django.core.management.color import Style

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/palmares_bench"
T = TypeVar("T")
EVENT_COLUMNS = (
    "id", "name", "key", "date", "kind", "external_id", "country", "place", "rounds", "players",
    "world_championship", "coefficient",
)  # fmt: skip
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
            "tournaments_team, tournaments_tournament_directors, "
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
            EVENT_COLUMNS,
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
    with connection.cursor() as cursor:  # the planner's statistics of the fresh tables
        cursor.execute("ANALYZE")
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


def load_games() -> None:
    """The demo's tournament, Tantrix and Wizard data (``palmares demo``), beside the synthetic
    Dip Pouch history (its own players; the demo's history and the WC join the lists)."""
    from palmares.web.faces.demo import load_demo

    t0 = time.perf_counter()
    load_demo()
    took = time.perf_counter() - t0
    print(f"demo games (WC 2007, Tantrix, Wizard) and the recompute in {took:.1f} s")


Target = tuple[str, Callable[[], str]]


def page_targets(rnd: random.Random, players: int) -> list[Target]:
    """Every public page type, with the ids of the stored data (drawn at random per request)."""
    from django.db.models import Count

    from palmares.web.events.models import Event
    from palmares.web.ratinglists.models import ListBlock, Standing
    from palmares.web.tantrixdb.models import Match
    from palmares.web.tournaments.models import Tournament
    from palmares.web.wizarddb import adapters as wizard_adapters
    from palmares.web.wizarddb.models import Month, Placement, TournamentPlace

    def pick(values: list[T]) -> Callable[[], T]:
        values = values or []
        return lambda: rnd.choice(values)

    listed = Standing.objects.filter(system="dip-pouch", year=0).count()
    pages = max(1, (listed + 49) // 50)
    years = sorted(
        set(
            ListBlock.objects.filter(system="dip-pouch")
            .exclude(year=0)
            .values_list("year", flat=True)
        )
    ) or [0]
    nations = [n for n in NATIONS if Standing.objects.filter(nationality=n).exists()] or NATIONS
    event_ids = list(Event.objects.filter(kind=Event.Kind.DIPLOMACY).values_list("id", flat=True))
    event_pages = max(1, (len(event_ids) + 99) // 100)
    tournaments = list(
        Tournament.objects.annotate(n=Count("rounds")).values_list("id", "n").order_by("id")
    )
    tantrix_events = list(
        Event.objects.filter(kind=Event.Kind.TANTRIX).values_list("id", flat=True)
    )
    tantrix_players = sorted(
        set(Match.objects.values_list("player_a_id", flat=True))
        | set(Match.objects.values_list("player_b_id", flat=True))
    )
    months = [m.strftime("%Y-%m") for m in Month.objects.values_list("month", flat=True)]
    juniors = [f"{s.first:%Y-%m}" for s in wizard_adapters.junior_sessions()]
    wizard_events = sorted(set(TournamentPlace.objects.values_list("event_id", flat=True)))
    wizard_players = sorted(set(Placement.objects.values_list("player_id", flat=True)))
    event, nation, year = pick(event_ids), pick(nations), pick(years)
    targets: list[Target] = [
        ("home", lambda: "/"),
        (
            "ranking: Permanent (random page)",
            lambda: f"/dip-pouch/?page={rnd.randrange(1, pages + 1)}",
        ),
        (
            "ranking: a year (random page)",
            lambda: f"/dip-pouch/?year={year()}&page={rnd.randrange(1, 40)}",
        ),
        (
            "ranking: a nation",
            lambda: f"/dip-pouch/?nation={quote(nation())}&page={rnd.randrange(1, 6)}",
        ),
        (
            "ranking: nation + year",
            lambda: (
                f"/dip-pouch/?nation={quote(nation())}&year={year()}&page={rnd.randrange(1, 6)}"
            ),
        ),
        ("player page (random player)", lambda: f"/players/{rnd.randrange(1, players + 1)}/"),
        ("event report (random event)", lambda: f"/events/{event()}/"),
        (
            "events list (random page)",
            lambda: f"/dip-pouch/events/?page={rnd.randrange(1, event_pages + 1)}",
        ),
        ("search (random 4 letters)", lambda: f"/search?q={_letters(rnd, 4)}"),
        ("formula", lambda: "/dip-pouch/formula/"),
        ("Diplomacy tournaments", lambda: "/diplomacy/"),
    ]
    if tournaments:
        rounds = [(t, r) for t, n in tournaments for r in range(1, n + 1)]
        tr = pick(rounds)
        targets.append(("tournament (no round: the last)", lambda: f"/diplomacy/{tr()[0]}/"))
        targets.append(("tournament (each round)", lambda: "/diplomacy/{}/?round={}".format(*tr())))
    targets += [
        ("Tantrix list", lambda: "/tantrix/"),
        ("Tantrix event", lambda: f"/tantrix/events/{rnd.choice(tantrix_events)}/"),
        ("Tantrix player", lambda: f"/tantrix/players/{rnd.choice(tantrix_players)}/"),
        ("Wizard index", lambda: "/wizard/"),
        ("Wizard month", lambda: f"/wizard/{rnd.choice(months)}/"),
        ("Wizard Junior session", lambda: f"/wizard/junior/{rnd.choice(juniors)}/"),
        ("Wizard tournament", lambda: f"/wizard/tournaments/{rnd.choice(wizard_events)}/"),
        ("Wizard ledger (random player)", lambda: f"/wizard/players/{rnd.choice(wizard_players)}/"),
        ("which predicts: Wizard", lambda: "/ratings/wizard/"),
        ("which predicts: Dip Pouch", lambda: "/ratings/dip-pouch/"),
    ]
    targets += projector_targets(rnd, tournaments)
    return [(name, paths) for name, paths in targets if _has_data(paths)]


def projector_targets(rnd: random.Random, tournaments: list[tuple[int, int]]) -> list[Target]:
    """The projector pages (branch ``screens``): every URL named ``projector…`` whose
    arguments are ``tournament_id`` and optionally ``number`` (a round), for a random
    tournament (and round). None yet: an empty list."""
    from django.urls import get_resolver

    found: list[Target] = []
    if not tournaments:
        return found
    rounds = [(t, r) for t, n in tournaments for r in range(1, n + 1)] or [(tournaments[0][0], 1)]
    resolver: Any = get_resolver()
    for name in sorted(n for n in resolver.reverse_dict if isinstance(n, str)):
        if not name.startswith("projector"):
            continue
        params = set(resolver.reverse_dict.getlist(name)[0][0][0][1])
        if params == {"tournament_id"}:

            def whole(n: str = name) -> str:
                return _reverse(n, tournament_id=rnd.choice(rounds)[0])

            found.append((name, whole))
        elif params == {"tournament_id", "number"}:

            def path(n: str = name) -> str:
                t, r = rnd.choice(rounds)
                return _reverse(n, tournament_id=t, number=r)

            found.append((name, path))
    return found


def _reverse(name: str, **kwargs: int) -> str:
    from django.urls import reverse

    return reverse(name, kwargs=kwargs)


def _has_data(paths: Callable[[], str]) -> bool:
    try:
        paths()
    except IndexError:  # random.choice of nothing: no such data in the database
        return False
    return True


def start_servers(args: argparse.Namespace, count: int) -> list[subprocess.Popen[bytes]]:
    servers = []
    for i in range(count):
        servers.append(
            subprocess.Popen(
                [
                    str(Path(sys.executable).parent / "palmares"),
                    "serve",
                    "--port",
                    str(args.port + i),
                    "--workers",
                    str(args.workers),
                    "--threads",
                    str(args.threads),
                    "--server",
                    args.server,
                ],
                env=os.environ.copy(),
            )
        )
    for i in range(count):
        wait_until_up(args.port + i)
    return servers


def stop_servers(servers: list[subprocess.Popen[bytes]]) -> None:
    for server in servers:
        server.terminate()
    for server in servers:
        server.wait(timeout=30)


def run_targets(
    args: argparse.Namespace, url: str, count: int, targets: list[Target]
) -> list[Figures]:
    servers = start_servers(args, count)
    ports = [args.port + i for i in range(count)]
    try:
        print(
            f"{args.clients} concurrent clients, {args.seconds:.0f} s per target, {count} "
            f"server(s) × {args.workers} {args.server} workers"
            + (f" × {args.threads} threads" if args.server == "gunicorn" else "")
            + f" on ports {', '.join(map(str, ports))}"
        )
        print(HEADER)
        meter = CpuMeter([s.pid for s in servers], url)
        figures = []
        for name, paths in targets:
            if args.warmup:  # unmeasured: each process builds its pages once per generation
                measure(ports, name, paths, args.clients, args.warmup, None, quiet=True)
            figures.append(measure(ports, name, paths, args.clients, args.seconds, meter))
        cross_process_check(ports)
        return figures
    finally:
        stop_servers(servers)


def cross_process_check(ports: list[int]) -> None:
    """A write made here (a third process, through its own connection) is seen at once by a
    cached page of every server: the Tantrix list's first name, renamed and renamed back."""
    import urllib.request

    from palmares.web.players.models import Player
    from palmares.web.tantrixdb.adapters import current_list

    first = current_list().select_related("player").order_by("-rating").first()
    if first is None:
        return
    person = first.player
    old = person.name
    stale = 0
    for round_trip in ("Renamed For The Check", old):
        for port in ports:  # cached before the write
            urllib.request.urlopen(f"http://127.0.0.1:{port}/tantrix/").read()
        Player.objects.filter(pk=person.pk).update(name=round_trip)
        for port in ports * 4:  # every worker, probably
            page = urllib.request.urlopen(f"http://127.0.0.1:{port}/tantrix/").read().decode()
            stale += round_trip not in page
    print(f"cross-process check: {stale} stale page(s) of {len(ports) * 8} after a write elsewhere")


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
    parser.add_argument("--processes", type=int, default=1, help="servers on one database")
    parser.add_argument(
        "--warmup", type=float, default=0.0, help="unmeasured seconds before each target"
    )
    parser.add_argument("--scale", action="store_true", help="mixed on 1 server, then on 2")
    parser.add_argument("--only", action="append", default=[], help="targets naming WORD")
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
    from palmares.web.tournaments.models import Tournament

    call_command("migrate", interactive=False, verbosity=0)
    synthetic = Player.objects.filter(name__startswith="Player ").count()
    if args.reload or synthetic != args.players:
        load(args.players, args.results)
    if args.reload or not Tournament.objects.exists():
        load_games()
    from palmares.web.ratinglists.backtests import store_dip_pouch

    t0 = time.perf_counter()
    store_dip_pouch()  # stored after each recompute; here if the data predates it
    print(f"the Dip Pouch backtest (which rating predicts): {time.perf_counter() - t0:.1f} s")
    listed = Standing.objects.filter(year=0).count()
    print(f"database: {url} — {Player.objects.count():,} players, {listed:,} in the Permanent list")

    from palmares.cli.web import THREADS, WORKERS

    args.workers = args.workers or WORKERS
    args.threads = args.threads or THREADS
    rnd = random.Random(1)
    pages = page_targets(rnd, args.players)
    mixed = [paths for _, paths in pages]
    targets: list[Target] = [("baseline: static file", lambda: "/static/palmares/site.css")]
    if args.only:
        targets += [(n, p) for n, p in pages if any(w.lower() in n.lower() for w in args.only)]
    else:
        targets += pages
    targets.append((f"mixed (the {len(mixed)} page types)", lambda: rnd.choice(mixed)()))
    if not args.scale:
        run_targets(args, url, args.processes, targets)
        return
    scaled = [targets[0], targets[-1]]
    one = run_targets(args, url, 1, scaled)
    two = run_targets(args, url, 2, scaled)
    ratio = two[-1].rate / max(one[-1].rate, 1e-9)
    print(
        f"two servers / one: {ratio:.2f}× the mixed target's requests/s "
        f"(p95 {one[-1].p95:.1f} → {two[-1].p95:.1f} ms; static p95 {one[0].p95:.1f} → "
        f"{two[0].p95:.1f} ms; app CPU {one[-1].app_ms:.2f} → {two[-1].app_ms:.2f} ms/request; "
        f"the client's own CPU {two[-1].client_ms:.2f} ms/request)"
    )


def _letters(rnd: random.Random, n: int) -> str:
    """``n`` random lowercase letters: a search query (most find nothing: the costly case)."""
    return "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(n))


if __name__ == "__main__":
    main()
