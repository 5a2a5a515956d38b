"""Issue 15: the bulk writes of a large import — decimals bound as floats on SQLite, the
trigram indexes' pending list on PostgreSQL — store what the row-by-row writes store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from django.db import connection

from palmares.web.lib.bulk import GIN_BULK, MOSTLY_NEW, REBUILD_FROM
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.ratinglists.columns import _decimal, decimal_floats, decimals
from palmares.web.ui.queries import search_players


def test_decimal_floats_are_the_floats_of_the_decimal_texts() -> None:
    rng = np.random.default_rng(15)
    values = np.concatenate(
        [
            rng.random(20_000) * 100,  # ratings and percentiles
            rng.random(2_000) * 5_000,  # past 128: the exact path
            -rng.random(500) * 10,  # negative: the exact path
            np.array([0.0, 40.0, 1e-13, 5e-13, 0.5e-12, 1.5e-12, 2.5e-12, 99.9999999999995]),
            np.round(rng.random(2_000) * 100, 12) + 5e-13,  # on a half of the 12th place
        ]
    )
    halves = (np.floor(rng.random(20_000) * 100 * 1e12) + 0.5) / 1e12  # a half, or next to one
    values = np.concatenate([values, halves, np.nextafter(halves, 0), np.nextafter(halves, 200)])
    texts = decimals(values)
    assert texts == [_decimal(v) for v in values.tolist()]  # the fast path is the exact one's
    floats = decimal_floats(values)
    assert floats == [float(t) for t in texts]
    assert decimal_floats(np.array([2.5e-12, 3.5e-12])) == [2e-12, 4e-12]  # half to even


def _indexes(table: str) -> dict[str, tuple[Any, ...]]:
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, table)
    return {name: (c["columns"], c["unique"], c.get("type")) for name, c in found.items()}


@pytest.mark.django_db
@pytest.mark.parametrize("n", [GIN_BULK + 10, REBUILD_FROM + 10])  # pending list; rebuilt
def test_many_new_players_are_found_by_the_search_after_a_bulk_import(
    cli: Any, tmp_path: Path, n: int
) -> None:
    before = _indexes("players_player"), _indexes("events_event")
    assert MOSTLY_NEW * Player.objects.count() <= REBUILD_FROM + 10  # (the second: rebuilt)
    path = tmp_path / "results.csv"
    lines = ["event,date,player,rank"]
    lines += [f"Bulk Open,2026-05-01,Quentin Bulkplayer{i:05d},{i + 1}" for i in range(n)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = cli("import", "results", str(path), "--format", "csv")
    assert done.code == 0, done.err
    assert (_indexes("players_player"), _indexes("events_event")) == before
    assert Player.objects.filter(key__startswith=name_key("Quentin Bulkplayer")).count() == n
    found = search_players(name_key("bulkplayer01234"), 5)
    assert [p.name for p in found] == ["Quentin Bulkplayer01234"]
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT i.relname, i.reloptions FROM pg_index x "
                "JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_am a ON a.oid = i.relam "
                "WHERE x.indrelid IN ('players_player'::regclass, 'events_event'::regclass) "
                "AND a.amname = 'gin'"
            )
            options = dict(cursor.fetchall())
        # fastupdate is off again after the write: a search never scans a pending list
        assert options == {
            "players_player_key_trgm": ["fastupdate=off"],
            "events_event_key_trgm": ["fastupdate=off"],
        }


@pytest.mark.django_db(transaction=True)
def test_a_bulk_write_takes_its_locks_first_or_gives_way() -> None:
    """``lock_up_front``: every lock at once (a reader then only waits for the write), and a
    lock another transaction holds refuses the write at once, as a retry can cure."""
    from django.db import OperationalError, transaction

    from palmares.web.events.models import Event
    from palmares.web.lib.bulk import lock_up_front
    from palmares.web.lib.concurrency import _retryable

    def held() -> set[str]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                "WHERE l.pid = pg_backend_pid() AND l.mode = 'AccessExclusiveLock'"
            )
            return {str(r[0]) for r in cursor.fetchall()}

    with transaction.atomic():
        lock_up_front(Player, Event)
        if connection.vendor == "postgresql":
            assert {"players_player", "events_event"} <= held()
            with connection.cursor() as cursor:
                cursor.execute("SHOW lock_timeout")
                assert cursor.fetchone()[0] == "0"  # the transaction's own setting again
    if connection.vendor != "postgresql":
        return  # (SQLite: one writer at a time, readers never wait for a lock)
    import psycopg

    settings = connection.settings_dict
    other = psycopg.connect(
        host=settings["HOST"], port=settings["PORT"] or 5432, user=settings["USER"],
        dbname=settings["NAME"],
    )  # fmt: skip
    try:
        other.execute("BEGIN")
        other.execute("LOCK TABLE events_event IN ACCESS SHARE MODE")  # a reader, mid-query
        with pytest.raises(OperationalError) as refused, transaction.atomic():
            lock_up_front(Player, Event)
        assert _retryable(refused.value)
    finally:
        other.close()


@pytest.mark.django_db
def test_a_rebuild_after_a_bulk_write_gives_back_the_settings_it_raised() -> None:
    """``indexes_after`` raises the sort and join memory (PostgreSQL) or the page cache
    (SQLite) for its builds only: the rest of the transaction runs with its own again."""
    from django.db import transaction

    from palmares.web.lib.bulk import indexes_after
    from palmares.web.ratinglists.models import Standing

    setting = "SHOW work_mem" if connection.vendor == "postgresql" else "PRAGMA cache_size"

    def current() -> str:
        with connection.cursor() as cursor:
            cursor.execute(setting)
            return str(cursor.fetchone()[0])

    before = current()
    with transaction.atomic():
        with indexes_after(Standing, rows=None):
            Standing.objects.filter(year=9999).delete()
        assert current() == before
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_indexes WHERE tablename = 'ratinglists_standing'"
                )
                assert cursor.fetchone()[0] == 4  # the key, two list indexes, and the id's
