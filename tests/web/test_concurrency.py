"""Concurrent writes on PostgreSQL: sixteen clients replacing one event's results, entering one
board and importing results files at once never get a server error, and nothing is lost. The
imports are queued (issue 37): two job workers (threads) run them while the clients write.

The clients are threads with their own database connections, so their writes really commit
(outside the test's transaction) and really contend; the test puts the demo data back after.
PostgreSQL only: on SQLite one writer at a time is the database's own rule.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, connections
from django.test import Client
from django_tasks_db.models import DBTaskResult

from palmares.web.accounts.roles import RATINGS_OFFICERS
from palmares.web.events.models import Event, Result
from palmares.web.jobs.models import Job
from palmares.web.players.models import Player
from palmares.web.ratinglists.models import Publication, RatingEntry
from palmares.web.ratinglists.writes import refresh
from palmares.web.tournaments.models import Board
from tests.web.jobs.run import drain

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="concurrent writers contend only on PostgreSQL"
)

T = TypeVar("T")
CLIENTS = 16
REQUESTS = 3
CUPS = 4


def committed(work: Callable[[], T]) -> T:
    """Run ``work`` on a connection of its own (autocommit: outside the test's transaction)."""
    found: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            found.append(work())
        except BaseException as exc:  # handed to the test below
            failed.append(exc)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return found[0]


def _cup(i: int) -> bytes:
    lines = ["event,date,country,rounds,players,rank,player"]
    lines += [f"Race Cup {i},2009-0{i + 1}-15,Canada,3,6,{r},Race Player {i}-{r}" for r in (1, 2)]
    lines += [f"Race Cup {i},2009-0{i + 1}-15,Canada,3,6,{r},Race Player {i}-{r}" for r in (3, 4)]
    return ("\n".join(lines) + "\n").encode()


def _plan() -> dict[str, Any]:
    user = User.objects.create_user("race-officer", password="race-officer-password")
    user.groups.add(Group.objects.get_or_create(name=RATINGS_OFFICERS)[0])
    ocean = Event.objects.get(name="Dip in the Ocean 2004")
    rows = [
        {"player": r.player.name, "rank": r.rank, "nationality": r.nationality}
        for r in ocean.results.select_related("player").order_by("rank", "player_id")
    ]
    swapped = [dict(r) for r in rows]
    swapped[0]["player"], swapped[1]["player"] = rows[1]["player"], rows[0]["player"]
    board = (
        Board.objects.filter(round__tournament__event__name="World Diplomacy Championship 2007")
        .select_related("round__tournament")
        .order_by("round__number", "id")
        .first()
    )
    assert board is not None
    board.round.tournament.directors.add(user)  # boards are entered by the tournament's TDs
    seats = [
        {"power": s.power, "player_id": s.player_id, "centres": s.centres, "in_draw": s.in_draw}
        for s in board.seats.order_by("power")
    ]
    return {
        "user": user.pk,
        "event": ocean.pk,
        "payloads": [rows, swapped],
        "tournament": board.round.tournament_id,
        "board": {"round": board.round.number, "board": board.label, "seats": seats},
        "board_id": board.pk,
    }


def _client_run(plan: dict[str, Any], me: int, statuses: Counter[tuple[str, int]]) -> None:
    client = Client(raise_request_exception=False)  # a server error is a 500, counted
    client.force_login(User.objects.get(pk=plan["user"]))
    try:
        for k in range(REQUESTS):
            step = (me + k) % 3
            if step == 0:
                kind = "results"
                answer = client.put(
                    f"/api/events/{plan['event']}/results",
                    data=json.dumps(plan["payloads"][(me + k) % 2]),
                    content_type="application/json",
                )
            elif step == 1:
                kind = "board"
                answer = client.post(
                    f"/api/tournaments/{plan['tournament']}/boards",
                    data=json.dumps(plan["board"]),
                    content_type="application/json",
                )
            else:
                kind = "import"
                i = (me + k) % CUPS
                upload = SimpleUploadedFile(f"cup-{i}.csv", _cup(i), content_type="text/csv")
                answer = client.post("/api/imports/results", {"file": upload})
            statuses[(kind, answer.status_code)] += 1
    finally:
        connections.close_all()


def _job_worker(me: int, clients: list[threading.Thread], failed: list[BaseException]) -> None:
    """Run the queued imports until the clients are done and none is left."""
    try:
        while True:
            going = any(t.is_alive() for t in clients)
            if not drain(f"tests:{me}:worker") and not going:
                return
    except BaseException as exc:  # handed to the test
        failed.append(exc)
    finally:
        connections.close_all()


def _restore(plan: dict[str, Any]) -> None:
    client = Client()
    client.force_login(User.objects.get(pk=plan["user"]))
    answer = client.put(
        f"/api/events/{plan['event']}/results",
        data=json.dumps(plan["payloads"][0]),
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    Event.objects.filter(name__startswith="Race Cup ").delete()
    Player.objects.filter(name__startswith="Race Player ").delete()
    Job.objects.all().delete()  # the imports' jobs, committed (the only ones: tests roll back)
    DBTaskResult.objects.all().delete()
    User.objects.filter(pk=plan["user"]).delete()
    refresh()


def test_sixteen_writers_at_once_no_server_error_nothing_lost(db: None) -> None:
    plan = committed(_plan)
    statuses: Counter[tuple[str, int]] = Counter()
    try:
        threads = [
            threading.Thread(target=_client_run, args=(plan, me, statuses)) for me in range(CLIENTS)
        ]
        failed: list[BaseException] = []
        workers = [
            threading.Thread(target=_job_worker, args=(me, threads, failed)) for me in range(2)
        ]
        for t in [*threads, *workers]:
            t.start()
        for t in [*threads, *workers]:
            t.join()
        assert not failed, failed
        assert sum(statuses.values()) == CLIENTS * REQUESTS
        assert {s for _, s in statuses} <= {200, 201, 202, 409}, statuses
        jobs = committed(lambda: list(DBTaskResult.objects.values_list("status", flat=True)))
        assert set(jobs) == {"SUCCESSFUL"}, jobs
        # every write either happened or was answered 409 with nothing written; under this load
        # the lock and the retries let all of them through
        assert statuses[("results", 409)] + statuses[("import", 409)] == 0, statuses

        def state() -> dict[str, Any]:
            ocean = Event.objects.get(pk=plan["event"])
            stored = sorted((r.player.name, r.rank) for r in Result.objects.filter(event=ocean))
            entries = RatingEntry.objects.filter(event=ocean, result__isnull=False).count()
            cups = {
                e.name: (e.results.count(), RatingEntry.objects.filter(event=e).count())
                for e in Event.objects.filter(name__startswith="Race Cup ")
            }
            publication = Publication.objects.get(system="dip-pouch")
            board = Board.objects.get(pk=plan["board_id"])
            seats = sorted(board.seats.values_list("power", "player_id", "centres"))
            return {
                "ocean": stored,
                "field": ocean.players,
                "entries": entries,
                "cups": cups,
                "covered": publication.computed >= publication.requested,
                "seats": seats,
            }

        found = committed(state)
        wanted = [sorted((r["player"], r["rank"]) for r in p) for p in plan["payloads"]]
        assert found["ocean"] in wanted
        assert found["field"] == 24 and found["entries"] == 24
        assert found["cups"] == {f"Race Cup {i}": (4, 4) for i in range(CUPS)}
        assert found["covered"]
        sent = sorted((s["power"], s["player_id"], s["centres"]) for s in plan["board"]["seats"])
        assert found["seats"] == sent
    finally:
        committed(lambda: _restore(plan))
