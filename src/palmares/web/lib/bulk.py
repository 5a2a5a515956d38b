"""Insert many rows fast: PostgreSQL's COPY when the database is PostgreSQL, batched
``bulk_create`` otherwise. Rows are tuples in the order of ``fields`` (column attnames)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import islice
from typing import Any

from django.db import connection, models

from palmares.web.lib.generations import note_write

__all__ = ["insert_rows"]

BATCH = 5000


def insert_rows(
    model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence[Any]]
) -> int:
    """Insert ``rows`` into ``model``'s table; return how many."""
    if connection.vendor == "postgresql":
        return _copy(model, fields, rows)
    count = 0
    iterator = iter(rows)
    while batch := list(islice(iterator, BATCH)):
        model._default_manager.bulk_create(
            [model(**dict(zip(fields, r, strict=True))) for r in batch]
        )
        count += len(batch)
    return count


def _copy(model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
    table = connection.ops.quote_name(model._meta.db_table)
    column_of = {f.attname: str(f.column) for f in model._meta.concrete_fields}
    columns = ", ".join(connection.ops.quote_name(column_of[f]) for f in fields)
    count = 0
    note_write(model._meta.app_label)  # COPY bypasses Django's execute wrappers
    with connection.cursor() as cursor:
        raw: Any = cursor.cursor  # psycopg's own cursor, which speaks COPY
        with raw.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
                count += 1
    return count
