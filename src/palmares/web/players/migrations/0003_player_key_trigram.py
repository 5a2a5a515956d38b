"""Trigram indexes on the name keys of players and events, on PostgreSQL where ``pg_trgm`` is
available.

Search (``ui.queries.search_players``, ``search_events``) matches the accent- and case-free key
by prefix (the key's own index) and then by substring (``LIKE '%…%'``), which only a trigram
index serves without reading every row. The events' index is made here too, with the players'
(one search, one migration), so it depends on the events' first migration. Other databases (SQLite), or a PostgreSQL without the extension
or the right to create it, keep the plain scan: the migration does nothing there."""

from __future__ import annotations

from typing import Any

from django.db import DatabaseError, migrations, transaction

INDEXES = {"players_player_key_trgm": "players_player", "events_event_key_trgm": "events_event"}


def create(apps: Any, schema_editor: Any) -> None:
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'")
        if cursor.fetchone() is None:
            return
    try:
        with transaction.atomic(using=connection.alias):  # a savepoint: a refusal undoes only this
            schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except DatabaseError:
        return  # not allowed to create it here (pg_trgm is trusted from PostgreSQL 13 on)
    for index, table in INDEXES.items():
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {index} ON {table} USING gin (key gin_trgm_ops)"
        )


def drop(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        for index in INDEXES:
            schema_editor.execute(f"DROP INDEX IF EXISTS {index}")


class Migration(migrations.Migration):
    dependencies = [("players", "0002_clear_name_ids"), ("events", "0001_initial")]

    operations = [migrations.RunPython(create, drop)]
