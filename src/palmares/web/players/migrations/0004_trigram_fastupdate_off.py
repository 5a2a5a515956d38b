"""The trigram indexes of migration 0003 without GIN's pending list (``fastupdate = off``).

With the pending list on, the rows inserted since the last vacuum are kept in an unsorted list
that every search reads through: after loading 100,000 players a four-letter search cost
15.8 ms of PostgreSQL time instead of 0.16 ms (bench/web.py, issue 21). Names are written
rarely and read on every search, so each insert updates the index at once; the list already
pending is merged now. Nothing to do where the indexes do not exist (SQLite, no ``pg_trgm``)."""

from __future__ import annotations

from typing import Any

from django.db import migrations

INDEXES = ("players_player_key_trgm", "events_event_key_trgm")


def _existing(schema_editor: Any) -> list[str]:
    if schema_editor.connection.vendor != "postgresql":
        return []
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexname FROM pg_indexes WHERE indexname = ANY(%s)", [list(INDEXES)]
        )
        return sorted(row[0] for row in cursor.fetchall())


def fastupdate_off(apps: Any, schema_editor: Any) -> None:
    for index in _existing(schema_editor):
        schema_editor.execute(f"ALTER INDEX {index} SET (fastupdate = off)")
        schema_editor.execute(f"SELECT gin_clean_pending_list('{index}'::regclass)")


def fastupdate_on(apps: Any, schema_editor: Any) -> None:
    for index in _existing(schema_editor):
        schema_editor.execute(f"ALTER INDEX {index} RESET (fastupdate)")


class Migration(migrations.Migration):
    dependencies = [("players", "0003_player_key_trigram")]

    operations = [migrations.RunPython(fastupdate_off, fastupdate_on)]
