"""A trigram index on the players' name key, on PostgreSQL where ``pg_trgm`` is available.

Search (``ui.queries.search_players``) matches the accent- and case-free key by prefix (the
key's own index) and then by substring (``LIKE '%…%'``), which only a trigram index serves
without reading every player. Other databases (SQLite), or a PostgreSQL without the extension
or the right to create it, keep the plain scan: the migration does nothing there."""

from __future__ import annotations

from typing import Any

from django.db import DatabaseError, migrations, transaction

INDEX = "players_player_key_trgm"


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
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDEX} ON players_player USING gin (key gin_trgm_ops)"
    )


def drop(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("players", "0001_initial")]

    operations = [migrations.RunPython(create, drop)]
