"""Concurrent writes on PostgreSQL: results, boards and imports from many clients at once.

Loads the demo data into a PostgreSQL database, serves the site with gunicorn (``palmares
serve``, 2 processes × 4 threads) on loopback and lets ``--clients`` logged-in ratings officers
send ``--requests`` writes each, all at once, cycling through three kinds:

- ``PUT /api/events/{id}/results`` of one shared event (Dip in the Ocean 2004: every client
  rewrites the same classification, ranks of its first two players swapped or not);
- ``POST /api/tournaments/{id}/boards`` of one shared board (the 2007 WC, round 1's first board);
- ``POST /api/imports/results`` of a small results.csv (four events shared by the clients).

Prints the status counts per kind (the baseline of the same run is the first, sequential, pass:
one client, the same requests), the wall time, and whether the stored state is one the clients
wrote (no lost write: the shared event's classification equals one submitted payload and its
field size agrees; every imported event is there with its rows; the board has its seven seats).

    .venv/bin/python bench/concurrency.py [--clients 16] [--requests 8] [--port 18400]

DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/palmares_concurrency) is created if
needed and loaded with the demo (``--no-load`` keeps what is there).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlparse

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/palmares_concurrency"
KINDS = ("results", "board", "import")
IMPORT_EVENTS = 4


def ensure_database(url: str) -> None:
    import psycopg

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not found:
            conn.execute(f'CREATE DATABASE "{name}"')


def setup(load: bool) -> dict[str, Any]:
    """The demo data, an officer's session, and what the clients will write."""
    import django

    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import Group, User
    from django.contrib.sessions.backends.db import SessionStore

    from palmares.web.accounts.roles import RATINGS_OFFICERS
    from palmares.web.events.models import Event
    from palmares.web.faces.demo import load_demo
    from palmares.web.lib.schema import migrate
    from palmares.web.tournaments.models import Board

    if load:
        load_demo()
    else:
        migrate()
    user, _ = User.objects.get_or_create(username="bench-officer")
    group, _ = Group.objects.get_or_create(name=RATINGS_OFFICERS)
    user.groups.add(group)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    ocean = Event.objects.get(name="Dip in the Ocean 2004")
    rows = [
        {"player": r.player.name, "rank": r.rank, "nationality": r.nationality, "player_id": ""}
        for r in ocean.results.select_related("player").order_by("rank", "player_id")
    ]
    swapped = [dict(r) for r in rows]
    swapped[0]["player"], swapped[1]["player"] = rows[1]["player"], rows[0]["player"]
    board = (
        Board.objects.filter(round__tournament__event__name="World Diplomacy Championship 2007")
        .order_by("round__number", "id")
        .select_related("round__tournament")
        .first()
    )
    assert board is not None
    board.round.tournament.directors.add(user)  # boards are entered by the tournament's TDs
    seats = [
        {
            "power": s.power,
            "player_id": s.player_id,
            "centres": s.centres,
            "eliminated": s.eliminated,
            "in_draw": s.in_draw,
        }
        for s in board.seats.order_by("power")
    ]
    return {
        "session": session.session_key,
        "event": ocean.pk,
        "payloads": [rows, swapped],
        "tournament": board.round.tournament.pk,
        "board": {"round": board.round.number, "board": board.label, "seats": seats},
    }


def results_csv(i: int) -> bytes:
    lines = ["event,date,country,place,rounds,players,rank,player"]
    lines += [
        f"Bench Cup {i},2009-0{i + 1}-15,Canada,Vancouver,3,6,{r},Bench Player {i}-{r}"
        for r in range(1, 7)
    ]
    return ("\n".join(lines) + "\n").encode()


def multipart(name: str, content: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
        f"Content-Type: text/csv\r\n\r\n"
    ).encode()
    body += content + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def client(
    port: int, plan: dict[str, Any], me: int, n: int, counts: Counter[tuple[str, int]]
) -> None:
    csrf = secrets.token_hex(16)  # 32 characters: a CSRF secret, sent as cookie and header
    headers = {
        "Cookie": f"sessionid={plan['session']}; csrftoken={csrf}",
        "X-CSRFToken": csrf,
    }
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    for k in range(n):
        kind = KINDS[(me + k) % len(KINDS)]
        if kind == "results":
            body = json.dumps(plan["payloads"][(me + k) % 2]).encode()
            method, path, ctype = "PUT", f"/api/events/{plan['event']}/results", "application/json"
        elif kind == "board":
            body = json.dumps(plan["board"]).encode()
            method, path, ctype = (
                "POST",
                f"/api/tournaments/{plan['tournament']}/boards",
                "application/json",
            )
        else:
            i = (me + k) % IMPORT_EVENTS
            body, ctype = multipart(f"bench-{i}.csv", results_csv(i))
            method, path = "POST", "/api/imports/results"
        try:
            conn.request(method, path, body=body, headers={**headers, "Content-Type": ctype})
            response = conn.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            status = 0
        with LOCK:
            counts[(kind, status)] += 1
    conn.close()


LOCK = threading.Lock()


def run(port: int, plan: dict[str, Any], clients: int, n: int) -> tuple[Counter[Any], float]:
    counts: Counter[tuple[str, int]] = Counter()
    threads = [
        threading.Thread(target=client, args=(port, plan, me, n, counts)) for me in range(clients)
    ]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return counts, time.perf_counter() - t0


def check_state(plan: dict[str, Any]) -> list[str]:
    """What is stored is one of the writes (empty list: nothing lost or mixed)."""
    from palmares.web.events.models import Event
    from palmares.web.tournaments.models import Board

    problems = []
    ocean = Event.objects.get(pk=plan["event"])
    stored = [
        (r.player.name, r.rank) for r in ocean.results.select_related("player").order_by("rank")
    ]
    wanted = [sorted((r["player"], r["rank"]) for r in p) for p in plan["payloads"]]
    if sorted(stored) not in wanted:
        problems.append(f"the shared event holds {len(stored)} rows matching no payload")
    if ocean.players != len(stored):
        problems.append(f"the shared event's field size {ocean.players} != {len(stored)} rows")
    for i in range(IMPORT_EVENTS):
        found = Event.objects.filter(name=f"Bench Cup {i}").first()
        if found is None or found.results.count() != 6:
            problems.append(f"Bench Cup {i} missing or incomplete")
    b = plan["board"]
    board = Board.objects.get(
        round__tournament_id=plan["tournament"], round__number=b["round"], label=b["board"]
    )
    if board.seats.count() != 7:
        problems.append(f"the shared board has {board.seats.count()} seats")
    return problems


def generation() -> int:
    from palmares.web.ratinglists.models import Publication

    found = Publication.objects.filter(system="dip-pouch").first()
    return int(found.generation) if found is not None else 0


def show(title: str, counts: Counter[Any], seconds: float) -> None:
    total = sum(counts.values())
    print(f"{title}: {total} requests in {seconds:.1f} s")
    for kind in KINDS:
        by_status = {s: c for (k, s), c in sorted(counts.items()) if k == kind}
        line = ", ".join(f"{s}: {c}" for s, c in by_status.items())
        print(f"  {kind:8s} {line}")
    errors = sum(c for (_, s), c in counts.items() if s >= 500 or s == 0)
    print(f"  5xx or no answer: {errors} of {total}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--requests", type=int, default=8)
    parser.add_argument("--port", type=int, default=18400)
    parser.add_argument("--no-load", action="store_true")
    args = parser.parse_args()
    url = os.environ.setdefault("DATABASE_URL", DEFAULT_URL)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "palmares.web.settings")
    os.environ.setdefault("PALMARES_SECRET_KEY", secrets.token_urlsafe(40))
    ensure_database(url)
    plan = setup(load=not args.no_load)
    with tempfile.TemporaryFile() as log:
        serve_and_measure(args, plan, log)
    problems = check_state(plan)
    print("stored state:", problems if problems else "one of the writes, nothing lost")


def serve_and_measure(args: argparse.Namespace, plan: dict[str, Any], log: IO[bytes]) -> None:
    palmares = Path(sys.executable).with_name("palmares")
    server = subprocess.Popen(
        [str(palmares), "serve", "--port", str(args.port), "--workers", "2", "--threads", "4"],
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    try:
        for _ in range(100):
            try:
                probe = http.client.HTTPConnection("127.0.0.1", args.port, timeout=10)
                probe.request("GET", "/")
                probe.getresponse().read()
                probe.close()
                break
            except OSError:
                time.sleep(0.2)
        base, took = run(args.port, plan, 1, len(KINDS))
        show("sequential baseline (1 client)", base, took)
        before = generation()
        counts, took = run(args.port, plan, args.clients, args.requests)
        show(f"{args.clients} clients x {args.requests} requests", counts, took)
        writes = sum(c for (k, s), c in counts.items() if k != "board" and s == 200)
        print(f"  Dip Pouch recomputes: {generation() - before} for {writes} results writes")
    finally:
        server.terminate()
        server.wait(timeout=60)
    log.seek(0)
    kinds = Counter(
        line.split(":")[0]
        for line in log.read().decode(errors="replace").splitlines()
        if "Error:" in line and not line.startswith(" ")
    )
    if kinds:
        print("server errors logged:", dict(kinds.most_common(5)))


if __name__ == "__main__":
    main()
