"""Insert many rows fast: PostgreSQL's COPY when the database is PostgreSQL, batched
``bulk_create`` otherwise. Rows are tuples in the order of ``fields`` (column attnames)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from itertools import islice
from typing import TYPE_CHECKING, Any

from django.db import DatabaseError, connection, models

from palmares.web.lib.generations import note_write

if TYPE_CHECKING:
    from palmares.web.lib.pgbinary import Column

__all__ = [
    "copy_columns",
    "derived_writes",
    "gin_pending",
    "indexes_after",
    "insert_raw",
    "insert_rows",
    "insert_typed",
    "lock_up_front",
    "new_ids",
    "new_rows",
]

BATCH = 5000
#: From this many rows written by COPY on, the table's statistics are taken again (``ANALYZE``).
ANALYZE_AFTER = 10_000
#: From this many rows on, a bulk write on PostgreSQL builds the indexes and constraints after
#: it (:func:`indexes_after`).
PG_BULK = 100_000
#: SQLite's page cache during a bulk write (:func:`indexes_after`), in KiB.
CACHE_KIB = 65536
#: PostgreSQL's memory for each index build after a bulk write (``maintenance_work_mem``; the
#: server's default, 64 MB, sorts a two-million-row list's index on disk).
BUILD_MEMORY = "256MB"
#: How long a bulk write waits for each of its locks (:func:`lock_up_front`), in ms.
LOCK_WAIT_MS = 200
#: From this many rows on, :func:`gin_pending` lets PostgreSQL's trigram indexes take the rows
#: in their pending list.
GIN_BULK = 5_000
#: From this many new rows on, :func:`new_rows` builds a table's indexes after the write when
#: the new rows are most of it (:data:`MOSTLY_NEW` times the stored ones, or more).
REBUILD_FROM = 20_000
MOSTLY_NEW = 3


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
        _statistics(raw, table, count)
    return count


def _statistics(raw: Any, table: str, count: int) -> None:
    """After a COPY of ``count`` rows (≥ :data:`ANALYZE_AFTER`), the planner's statistics of
    the table, now (a sample: a fraction of a second). Without them, after a bulk load into an
    empty table, PostgreSQL takes it for a few rows until autovacuum comes by, and the
    recompute's read of every result joined to its event ran as a nested loop for the better
    part of an hour. A table being rebuilt (:func:`_constraints_after`) gets them at its end."""
    if count >= ANALYZE_AFTER and table not in _rebuilding:
        raw.execute(f"ANALYZE {table}")


#: The binary form (``lib.pgbinary``) each column type of PostgreSQL takes.
BINARY_KINDS = {
    "smallint": "int2",
    "integer": "int4",
    "bigint": "int8",
    "date": "date",
    "numeric": "numeric",
    "varchar": "text",
    "text": "text",
}


def copy_columns(
    model: type[models.Model], fields: Sequence[str], columns: Sequence[Column] | None
) -> int | None:
    """On PostgreSQL, write the rows given as numpy ``columns`` (in the order of ``fields``)
    by binary COPY (``lib.pgbinary``) and return how many; ``None`` (nothing written) when
    they cannot go so: another database, ``columns`` ``None``, or a value that does not fit
    its binary form. The caller then writes them as text (:func:`insert_raw`)."""
    if connection.vendor != "postgresql" or columns is None:
        return None
    from palmares.web.lib.pgbinary import encode

    by_name = {f.attname: f for f in model._meta.concrete_fields}
    for name, column in zip(fields, columns, strict=True):
        kind = _kind(by_name[name])
        places = getattr(by_name[name], "decimal_places", 12)
        if BINARY_KINDS.get(kind) != column.kind or places != 12:
            raise TypeError(f"{model.__name__}.{name} is {kind}, given {column.kind}")
    stream = encode(columns)
    if stream is None:
        return None
    count = int(columns[0].values.shape[0])
    with _binary_copy(model, fields, count) as copy:
        for piece in stream:
            copy.write(piece)
    return count


def _kind(field: models.Field[Any, Any]) -> str:
    """The column type of ``field`` on this database, without its size (``varchar``)."""
    return str(field.db_type(connection)).split("(")[0].split()[0]


@contextmanager
def _binary_copy(model: type[models.Model], fields: Sequence[str], count: int) -> Iterator[Any]:
    """psycopg's binary COPY into ``fields`` of ``model``'s table, for ``count`` rows (their
    statistics taken after it, :func:`_statistics`)."""
    column_of = {f.attname: str(f.column) for f in model._meta.concrete_fields}
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(column_of[f]) for f in fields)
    note_write(model._meta.app_label)  # COPY bypasses Django's execute wrappers
    with connection.cursor() as cursor:
        raw: Any = cursor.cursor
        with raw.copy(f"COPY {table} ({names}) FROM STDIN (FORMAT BINARY)") as copy:
            yield copy
        _statistics(raw, table, count)


def insert_raw(
    model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence[Any]]
) -> int:
    """Insert ``rows`` given as the database takes them (text, integers, ``None``; decimals as
    their text, dates ISO): PostgreSQL's COPY, else one prepared INSERT run over every row
    (``executemany``), with no model object per row. The values are the caller's to check (the
    readers check every value against its column, ``palmares.io.limits``); the database's own
    constraints still refuse what does not fit."""
    if connection.vendor == "postgresql":
        return _copy(model, fields, rows)
    table = connection.ops.quote_name(model._meta.db_table)
    column_of = {f.attname: str(f.column) for f in model._meta.concrete_fields}
    columns = ", ".join(connection.ops.quote_name(column_of[f]) for f in fields)
    marks = ", ".join("?" for _ in fields)
    note_write(model._meta.app_label)  # the raw cursor bypasses Django's execute wrappers
    with connection.cursor() as cursor:
        raw: Any = cursor.cursor  # sqlite3's cursor: its executemany reads the rows lazily
        raw.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)
        # (the rows it inserted: an INSERT of a row that does not fit raises instead)
        return max(int(raw.rowcount), 0)


#: The binary COPY type of each column type whose values :func:`insert_typed` writes as they are.
TYPED_KINDS = {**BINARY_KINDS, "bytea": "bytea", "blob": "bytea", "numeric": ""}


def insert_typed(
    model: type[models.Model], fields: Sequence[str], rows: Sequence[Sequence[Any]]
) -> int:
    """Insert ``rows`` of Python values (``str``, ``int``, ``bytes``; no decimal or date):
    on PostgreSQL by binary COPY, each value in its column's binary form (a ``bytes`` value
    as it is, not as hexadecimal text), else as :func:`insert_raw` does."""
    if connection.vendor != "postgresql":
        return insert_raw(model, fields, rows)
    by_name = {f.attname: f for f in model._meta.concrete_fields}
    types = []
    for name in fields:
        kind = _kind(by_name[name])
        if not TYPED_KINDS.get(kind):
            raise TypeError(f"{model.__name__}.{name} is {kind}: not written by insert_typed")
        types.append(TYPED_KINDS[kind])
    with _binary_copy(model, fields, len(rows)) as copy:
        copy.set_types(types)
        for row in rows:
            copy.write_row(row)
    return len(rows)


def new_ids(model: type[models.Model], n: int) -> list[int]:
    """``n`` primary keys for new rows of ``model``, for :func:`insert_raw` to write with the
    rows (no ``RETURNING`` of each row, no model object per row). Call inside the writing
    transaction. PostgreSQL: ``n`` values of the table's own sequence (no other writer gets
    them, committed or not); SQLite: the ``n`` after the largest ever given (its
    ``AUTOINCREMENT`` counter, or the largest id): the writing transaction holds the database's
    one write lock, and SQLite moves the counter past the explicit ids it stores."""
    if n <= 0:
        return []
    table = model._meta.db_table
    column = str(model._meta.pk.column)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                [connection.ops.quote_name(table), column, n],
            )
            return [int(r[0]) for r in cursor.fetchall()]
        quoted = connection.ops.quote_name(table)
        cursor.execute(f"SELECT max({connection.ops.quote_name(column)}) FROM {quoted}")
        top = int(cursor.fetchone()[0] or 0)
        try:
            cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [table])
            row = cursor.fetchone()
        except DatabaseError:  # no table has used AUTOINCREMENT yet
            row = None
        if row is not None:
            top = max(top, int(row[0]))
    return list(range(top + 1, top + 1 + n))


@contextmanager
def indexes_after(*tables: type[models.Model], rows: int | None = None) -> Iterator[None]:
    """Inside a transaction, on SQLite: drop the tables' own indexes (unique ones included),
    and build them again when the block ends without an error (each in one sorted pass, which
    is many times quicker than keeping them up to date row by row when most of a table is
    written). A unique index that no longer holds fails its build, and with it the transaction:
    nothing is written. On an error in the block the transaction's rollback restores them.
    On PostgreSQL, the same for the tables' indexes and their unique and foreign-key
    constraints (:func:`_constraints_after`), else every row COPY writes is checked by a
    trigger per foreign key and entered in every index (most of a million-row import's time);
    only for a write of ``rows`` ≥ :data:`PG_BULK` (``None``: any), as it locks the tables."""
    if connection.vendor == "postgresql":
        with _constraints_after(tables) if rows is None or rows >= PG_BULK else nullcontext():
            yield
        return
    if connection.vendor != "sqlite":
        yield
        return
    names = [m._meta.db_table for m in tables]
    marks = ", ".join("?" for _ in names)
    with connection.cursor() as cursor:
        raw: Any = cursor.cursor
        # A page cache large enough for the bulk write (default: 2 MB, which a million rows
        # spill through the write-ahead log again and again), then the usual one again.
        cache = raw.execute("PRAGMA cache_size").fetchone()[0]
        raw.execute(f"PRAGMA cache_size = {-CACHE_KIB}")
        found = raw.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
            f"AND tbl_name IN ({marks})",
            names,
        ).fetchall()
        for name, _ in found:
            raw.execute(f"DROP INDEX {connection.ops.quote_name(name)}")
    try:
        yield
        with connection.cursor() as cursor:
            for _, sql in found:
                # (through Django's cursor: a unique index whose rows no longer hold fails
                # its build with Django's IntegrityError, as a row refused on insert would)
                cursor.execute(sql)
    finally:
        with connection.cursor() as cursor:
            cursor.cursor.execute(f"PRAGMA cache_size = {int(cache)}")


@contextmanager
def derived_writes() -> Iterator[None]:
    """Around a transaction that writes only figures derived from the stored rows (the rating
    histories and lists, ``ratinglists``): on SQLite, outside any transaction, without the
    per-row foreign-key lookups (``PRAGMA foreign_keys``, which SQLite lets change only
    between transactions; three lookups per rating move). Every id such a write stores was
    read from its parent table in the same transaction, which holds SQLite's one write lock,
    so no parent can go meanwhile; the transaction stays all-or-nothing. Inside a transaction
    (or on PostgreSQL) nothing changes."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        yield
        return
    with connection.constraint_checks_disabled():
        yield


#: The tables inside :func:`_constraints_after` (quoted names).
_rebuilding: set[str] = set()


@contextmanager
def _constraints_after(tables: Sequence[type[models.Model]]) -> Iterator[None]:
    """PostgreSQL: drop the tables' unique and foreign-key constraints and their other indexes
    (not the primary key), and create them again when the block ends without an error: each
    index in one sorted build, each foreign key checked by one join over the table
    (``ALTER TABLE … ADD CONSTRAINT``), in the same transaction. A constraint that no longer
    holds fails, and with it the transaction (nothing is written); an error in the block rolls
    the drops back with the rest. The tables are locked (``ACCESS EXCLUSIVE``) until the
    commit: readers of the lists wait for the bulk write rather than see its old rows."""
    quote = connection.ops.quote_name
    kept: list[tuple[str, str, str]] = []  # (table, what, SQL to build it again)
    names = [quote(m._meta.db_table) for m in tables]
    with connection.cursor() as cursor:
        # The checks the transaction has deferred so far run now: a table with pending
        # trigger events cannot be altered.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for model in tables:
            table = model._meta.db_table
            cursor.execute(
                "SELECT conname, contype, pg_get_constraintdef(oid) FROM pg_constraint "
                "WHERE conrelid = %s::regclass AND contype IN ('u', 'f') ORDER BY contype DESC",
                [quote(table)],
            )
            constraints = cursor.fetchall()
            cursor.execute(
                "SELECT i.relname, pg_get_indexdef(i.oid) FROM pg_index x "
                "JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = %s::regclass "
                "AND NOT x.indisprimary AND NOT EXISTS "
                "(SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)",
                [quote(table)],
            )
            indexes = cursor.fetchall()
            for name, _, definition in constraints:
                cursor.execute(f"ALTER TABLE {quote(table)} DROP CONSTRAINT {quote(name)}")
                kept.append(
                    (
                        table,
                        name,
                        f"ALTER TABLE {quote(table)} ADD CONSTRAINT {quote(name)} " + definition,
                    )
                )
            for name, definition in indexes:
                cursor.execute(f"DROP INDEX {quote(name)}")
                kept.append((table, name, definition))
    _rebuilding.update(names)  # (their statistics are taken once, at the end)
    try:
        yield
    finally:
        _rebuilding.difference_update(names)
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL maintenance_work_mem = '{BUILD_MEMORY}'")
        # A foreign key's check is one join of the table with its parent: in memory, not
        # in batches on disk (the server's default, 4 MB; a sixth quicker), for these only.
        cursor.execute("SHOW work_mem")
        work_mem = str(cursor.fetchone()[0])
        cursor.execute(f"SET LOCAL work_mem = '{BUILD_MEMORY}'")
        # Indexes first (the foreign keys' checks may use them), unique constraints, then
        # the foreign keys.
        order = sorted(kept, key=lambda k: (" FOREIGN KEY " in k[2], " UNIQUE " in k[2]))
        for _, _, sql in order:
            cursor.execute(sql)
        cursor.execute("SELECT set_config('work_mem', %s, true)", [work_mem])
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # Django's foreign keys' own mode
        for table in names:
            cursor.execute(f"ANALYZE {table}")


@contextmanager
def gin_pending(model: type[models.Model], rows: int) -> Iterator[None]:
    """Around a write of ``rows`` new rows of ``model`` (≥ :data:`GIN_BULK`), on PostgreSQL:
    its GIN indexes kept with ``fastupdate = off`` (the search's trigram indexes: a search
    never scans a pending list) take the rows in their pending list, which is merged into the
    index in one pass at the end (``gin_clean_pending_list``) before ``fastupdate`` is off
    again, all in the caller's transaction. Entered row by row, each new name costs a dozen
    trigram insertions: 100,000 new players took 9 s, against 0.4 s so. Changing the option
    locks the index (``ACCESS EXCLUSIVE``) until the commit: readers of the table wait for the
    bulk write, as for :func:`indexes_after`. Elsewhere, or for fewer rows, nothing changes."""
    if connection.vendor != "postgresql" or rows < GIN_BULK:
        yield
        return
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.relname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid "
            "JOIN pg_am a ON a.oid = i.relam WHERE x.indrelid = %s::regclass "
            "AND a.amname = 'gin' AND 'fastupdate=off' = ANY(i.reloptions)",
            [quote(model._meta.db_table)],
        )
        names = [str(r[0]) for r in cursor.fetchall()]
        for name in names:
            cursor.execute(f"ALTER INDEX {quote(name)} SET (fastupdate = on)")
    yield
    with connection.cursor() as cursor:
        for name in names:
            cursor.execute("SELECT gin_clean_pending_list(%s::regclass)", [quote(name)])
            cursor.execute(f"ALTER INDEX {quote(name)} SET (fastupdate = off)")


@contextmanager
def new_rows(model: type[models.Model], rows: int) -> Iterator[None]:
    """Around an insert of ``rows`` new rows of ``model`` (in a transaction): when they are
    many and most of the table (a first import; :data:`REBUILD_FROM`, :data:`MOSTLY_NEW`),
    its indexes built after the write (:func:`indexes_after`: one sorted build each, the
    trigram ones included, rather than every name entered in five indexes one by one: on
    PostgreSQL 100,000 new players took 4.1 s so, 2 s built after); else
    :func:`gin_pending`."""
    if rows >= REBUILD_FROM and rows >= MOSTLY_NEW * model._default_manager.count():
        with indexes_after(model):
            yield
        return
    with gin_pending(model, rows):
        yield


def lock_up_front(*tables: type[models.Model]) -> None:
    """On PostgreSQL, at the start of a bulk write's transaction: take the ``ACCESS EXCLUSIVE``
    locks its bulk steps will take (:func:`indexes_after` drops constraints, which locks the
    tables their foreign keys point to as well; :func:`gin_pending` alters indexes) at once,
    in one statement, waiting at most :data:`LOCK_WAIT_MS` for each. A page's query takes its
    locks one relation after another: were the write to take a second lock while a reader
    waits for its first one, holding the second, the two would deadlock and PostgreSQL would
    undo the reader (an error page). Taken first, a reader only ever waits for the write; a
    lock not granted in time undoes the write (``lock_not_available``), which
    :func:`~palmares.web.lib.concurrency.retrying` runs again. Elsewhere nothing happens."""
    if connection.vendor != "postgresql" or not tables:
        return
    quote = connection.ops.quote_name
    names = ", ".join(quote(m._meta.db_table) for m in tables)
    with connection.cursor() as cursor:
        cursor.execute("SHOW lock_timeout")
        before = str(cursor.fetchone()[0])
        cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_WAIT_MS}ms'")
        cursor.execute(f"LOCK TABLE {names} IN ACCESS EXCLUSIVE MODE")
        cursor.execute("SELECT set_config('lock_timeout', %s, true)", [before])
