"""The read replica against a real PostgreSQL streaming standby (issue 37): the test server's
cluster copied by ``pg_basebackup -R`` and started on another port by the ``pg_replica``
fixture (tests/web/pg_replica.py), once per run.

Anonymous pages read the standby; while it lags (its replay paused here) they read the
primary, so no page is built from data older than the generation it is cached under; a
signed-in director, and a visitor pinned after a write, read the primary at once."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, connections
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from palmares.web.faces.demo import SAMPLE
from palmares.web.lib.replica import PIN_COOKIE
from palmares.web.players.models import Player
from palmares.web.tantrixdb.services import import_matches

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="a streaming replica is PostgreSQL's"
    ),
    pytest.mark.django_db(transaction=True, databases=["default", "replica"]),
    # Under pytest-xdist (``--dist loadgroup``) one worker runs them all: one standby per run.
    pytest.mark.xdist_group("pg-replica"),
]

PAGE = "/tantrix/"


def _one(alias: str, sql: str) -> object:
    with connections[alias].cursor() as cursor:
        cursor.execute(sql)
        row = cursor.fetchone()
    assert row is not None
    return row[0]


def _run(alias: str, sql: str) -> None:
    with connections[alias].cursor() as cursor:
        cursor.execute(sql)


def _caught_up() -> None:
    """Until the standby has replayed everything the primary has written so far (a bounded
    wait for the stream, not an assertion on time)."""
    target = _one("default", "SELECT pg_current_wal_lsn()::text")
    for _ in range(600):
        if _one("replica", f"SELECT pg_last_wal_replay_lsn() >= '{target}'::pg_lsn"):
            return
        time.sleep(0.05)
    raise AssertionError("the standby did not catch up")


def _replica_reads(client: Client, path: str = PAGE) -> tuple[str, list[str]]:
    with CaptureQueriesContext(connections["replica"]) as seen:
        page = client.get(path).content.decode()
    return page, [query["sql"] for query in seen.captured_queries]


def test_the_replica_is_a_streaming_standby(pg_replica: str) -> None:
    assert _one(pg_replica, "SELECT pg_is_in_recovery()") is True
    Player.objects.create(name="Streamed Across", key="streamed across")
    _caught_up()
    assert Player.objects.using(pg_replica).filter(name="Streamed Across").exists()


@override_settings(DATABASE_REPLICA_READS=True)
def test_anonymous_pages_read_the_replica_writers_read_their_own_writes(
    pg_replica: str,
) -> None:
    import_matches(
        SAMPLE / "tantrix-nz-2000-matches.csv", ratings=SAMPLE / "tantrix-nz-2000-ratings.csv"
    )
    _caught_up()
    anonymous = Client()
    page, reads = _replica_reads(anonymous)
    assert ">Pekko<" in page
    assert any("tantrixdb" in sql or "players_player" in sql for sql in reads), reads

    _run(pg_replica, "SELECT pg_wal_replay_pause()")
    try:
        Player.objects.filter(name="Pekko").update(name="Pekko Primary")  # committed
        # the standby has not seen the write ...
        assert Player.objects.using(pg_replica).filter(name="Pekko").exists()
        # ... so the anonymous page reads the primary: only the freshness check went there
        page, reads = _replica_reads(anonymous)
        assert ">Pekko Primary<" in page
        assert reads and all("ui_datageneration" in sql for sql in reads), reads

        # a signed-in director reads the primary, not even asking the standby
        director = Client()
        director.force_login(User.objects.create_user("director", password="director-pw-37"))
        page, reads = _replica_reads(director, PAGE + "?director")
        assert ">Pekko Primary<" in page and reads == []

        # a visitor pinned by their write: the same, without signing in
        pinned = Client()
        pinned.cookies[PIN_COOKIE] = "1"
        page, reads = _replica_reads(pinned, PAGE + "?pinned")
        assert ">Pekko Primary<" in page and reads == []
    finally:
        _run(pg_replica, "SELECT pg_wal_replay_resume()")

    _caught_up()
    cache.clear()  # (the page built from the primary meanwhile is still current)
    page, reads = _replica_reads(anonymous)
    assert ">Pekko Primary<" in page
    assert any("players_player" in sql or "tantrixdb" in sql for sql in reads), reads


@override_settings(DATABASE_REPLICA_READS=True)
def test_the_player_pages_own_query_reads_the_replica(pg_replica: str) -> None:
    """The player page is one hand-written query (``ui.queries``): it reads the replica too,
    and the primary while the replica lags."""
    player = Player.objects.create(name="Hand Written", key="hand written")
    _caught_up()
    page, reads = _replica_reads(Client(), f"/players/{player.pk}/")
    assert "Hand Written" in page
    assert any("players_player" in sql for sql in reads), reads
    _run(pg_replica, "SELECT pg_wal_replay_pause()")
    try:
        Player.objects.filter(pk=player.pk).update(name="Hand Rewritten")
        page, reads = _replica_reads(Client(), f"/players/{player.pk}/")
        assert "Hand Rewritten" in page
        assert all("ui_datageneration" in sql for sql in reads), reads
    finally:
        _run(pg_replica, "SELECT pg_wal_replay_resume()")
