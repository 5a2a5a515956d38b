"""Data generations: one number per part of the stored data, bumped after every write that
commits, read from the database by every process (issue 21: "nothing per-process may serve
stale pages across processes").

A *scope* is a Django app's label (``tournaments``, ``tantrixdb``, ``wizarddb``, ``players``,
``events``, ``ratinglists`` …). Every SQL statement the site sends through Django's cursors
passes :func:`watch` (installed on each new connection by ``ui.apps``): an ``INSERT``,
``UPDATE`` or ``DELETE`` notes its table's scope; a statement it cannot place (``TRUNCATE``,
DDL, a ``WITH`` …) notes :data:`ANY`, which every page depends on. The bulk loader's ``COPY``
(``lib.bulk``) notes its table itself. After the transaction commits (``on_commit``; at once
in autocommit) the noted scopes' rows of :class:`~palmares.web.ui.models.DataGeneration` are
bumped in one short statement of their own: no lock is held while the write runs, so writers
of different data never wait for each other, and a page read after a write has returned sees
the new number in every process.

A page is cached under :func:`data_generation` of the scopes it shows (the sum of their numbers:
it only ever grows). Inside a transaction that has written but not committed, the number also
carries a marker of that transaction (its writes are visible to it alone), so a page or a
figure built there is never taken for the committed one. Writes made outside palmares (psql, a
script without Django) bump nothing: run ``palmares`` for every write, or bump by hand
(``UPDATE ui_datageneration SET generation = generation + 1``).
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.apps import apps
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.transaction import TransactionManagementError

from palmares import __version__

__all__ = [
    "ANY",
    "TABLE",
    "builds_afresh",
    "cache_key",
    "cached_read",
    "data_generation",
    "discard_pending",
    "generation_sql",
    "local_marker",
    "note_write",
    "scope_of",
    "watch",
]

log = logging.getLogger(__name__)
T = TypeVar("T")

#: The scope of a write nobody could place: every page depends on it.
ANY = "*"
#: The table of the numbers (``ui.models.DataGeneration``); writes to it note nothing.
TABLE = "ui_datageneration"
#: Tables whose writes change no public page (sessions, logins, the admin's log, migrations).
IGNORED_PREFIXES = ("django_", "auth_", "axes_", TABLE)

_WRITE = re.compile(
    r'\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"?([A-Za-z0-9_]+)"?', re.I
)
#: Statements that write no data: reads, transaction control, and schema statements
#: (migrations change no stored figure; the processes restart after them).
_READ_OR_CONTROL: tuple[str, ...] = (
    "SELECT", "SAVEPOI", "RELEASE", "ROLLBAC", "BEGIN", "COMMIT", "SET ", "SHOW ", "PRAGMA",
    "EXPLAIN", "VALUES", "LOCK ", "DECLARE", "FETCH ", "CLOSE ", "CREATE ", "ALTER ", "DROP ",
    "ANALYZE", "VACUUM", "COMMENT", "REINDEX",
)  # fmt: skip
_tokens = itertools.count(1)
_scope_of_table: dict[str, str] = {}


def _scopes_by_table() -> dict[str, str]:
    if not _scope_of_table:
        for model in apps.get_models(include_auto_created=True):
            _scope_of_table[model._meta.db_table.lower()] = model._meta.app_label
    return _scope_of_table


def scope_of(sql: str) -> str | None:
    """The scope a statement writes (None: it writes nothing a page shows)."""
    head = sql.lstrip()[:7].upper()
    if head.startswith(_READ_OR_CONTROL):
        return None
    found = _WRITE.match(sql)
    if found is None:
        return ANY
    table = found.group(1).lower()
    if table.startswith(IGNORED_PREFIXES):
        return None
    return _scopes_by_table().get(table, ANY)


class _Pending:
    """The scopes one connection has written since its last bump, and a marker of them."""

    __slots__ = ("scopes", "token", "writes")

    def __init__(self) -> None:
        self.scopes: set[str] = set()
        self.token = 0
        self.writes = 0


def _pending(connection: BaseDatabaseWrapper) -> _Pending:
    found: _Pending | None = getattr(connection, "_palmares_pending", None)
    if found is None:
        found = _Pending()
        connection._palmares_pending = found  # type: ignore[attr-defined]
    return found


def note_write(scope: str | None, using: str = DEFAULT_DB_ALIAS) -> None:
    """Note a write of ``scope`` on connection ``using``: bumped after its commit."""
    if scope is None:
        return
    connection = connections[using]
    pending = _pending(connection)
    if not pending.scopes:
        pending.token = next(_tokens)
    pending.scopes.add(scope)
    pending.writes += 1
    try:
        # One callback per write: a savepoint rolled back drops its own, never another's.
        transaction.on_commit(lambda: _bump(connection), using=using)
    except TransactionManagementError:  # manual transaction management: bump within it
        _bump(connection)


def _bump(connection: BaseDatabaseWrapper) -> None:
    pending = _pending(connection)
    if not pending.scopes:
        return
    scopes = sorted(pending.scopes)
    pending.scopes.clear()
    pending.writes = 0
    values = ", ".join(["(%s, 1)"] * len(scopes))
    sql = (
        f"INSERT INTO {TABLE} (scope, generation) VALUES {values} ON CONFLICT (scope) "
        f"DO UPDATE SET generation = {TABLE}.generation + 1"
    )
    try:
        with connection.cursor() as cursor:
            cursor.execute(sql, scopes)
    except DatabaseError:
        if not _table_exists(connection):  # migrating, before ui 0001: nothing is cached yet
            log.debug("data generations: no table yet for %s", ", ".join(scopes))
            return
        log.warning("data generations: could not bump %s", ", ".join(scopes), exc_info=True)
        pending.scopes.update(scopes)


def _table_exists(connection: BaseDatabaseWrapper) -> bool:
    try:
        return TABLE in connection.introspection.table_names()
    except DatabaseError:  # e.g. PostgreSQL's aborted transaction: say it may exist
        return True


def watch(
    execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]
) -> Any:
    """Django's execute wrapper: run the statement, then note the scope it wrote."""
    result = execute(sql, params, many, context)
    if isinstance(sql, str) and not sql.startswith("SELECT"):
        scope = scope_of(sql)
        if scope is not None:
            note_write(scope, context["connection"].alias)
    return result


def generation_sql(scopes: Iterable[str]) -> str:
    """A scalar subquery of the number of ``scopes`` (with :data:`ANY`), to read it in the same
    query as a page's own rows (the scopes are app labels, never a visitor's text)."""
    names = sorted({*scopes, ANY})
    if not all(re.fullmatch(r"[a-z_*]+", name) for name in names):
        raise ValueError(f"not a scope: {names}")
    listed = ", ".join(f"'{name}'" for name in names)
    return f"(SELECT COALESCE(SUM(generation), 0) FROM {TABLE} WHERE scope IN ({listed}))"


def data_generation(scopes: Iterable[str], using: str = DEFAULT_DB_ALIAS) -> tuple[int, ...]:
    """The number of ``scopes`` (with :data:`ANY`) in the database: one small query. Inside a
    transaction with uncommitted writes, also that transaction's marker."""
    with connections[using].cursor() as cursor:
        cursor.execute("SELECT " + generation_sql(scopes))
        row = cursor.fetchone()
    number = int(row[0]) if row else 0
    return (number, *local_marker(using))


def discard_pending(using: str = DEFAULT_DB_ALIAS) -> None:
    """Forget the writes noted on connection ``using`` (its transaction was rolled back, as a
    test's is: the next transaction starts with no marker)."""
    pending = _pending(connections[using])
    pending.scopes.clear()
    pending.writes = 0


def local_marker(using: str = DEFAULT_DB_ALIAS) -> tuple[int, ...]:
    """This connection's uncommitted writes, as a marker (empty: none)."""
    connection = connections[using]
    pending = _pending(connection)
    if not pending.scopes:
        return ()
    if not connection.in_atomic_block:  # its transaction was rolled back: nothing to bump
        pending.scopes.clear()
        pending.writes = 0
        return ()
    return (pending.token, pending.writes)


def cache_key(*parts: object) -> str:
    """A cache key for ``parts`` (which must include the generation), stable across processes
    and releases of the same version (the page cache's, ``ui.pagecache``, and this module's
    :func:`cached_read`)."""
    return "page:" + hashlib.sha256(repr((__version__, *parts)).encode()).hexdigest()


def builds_afresh(using: str = "") -> bool:
    """Whether :func:`cached_read` builds its value afresh here: inside a transaction (a
    write's "before" must be the database's, never a cached one). A caller that has just read
    what the build would read again may then hand it over instead."""
    return connections[using or DEFAULT_DB_ALIAS].in_atomic_block


def cached_read(
    scopes: Iterable[str], parts: tuple[object, ...], build: Callable[[], T], *, using: str = ""
) -> T:
    """``build()``, cached in this process under the generation of ``scopes`` and ``parts``
    (which name what is built): the figures a page shows are computed once per change of
    their data, not per request. Inside a transaction the value is built afresh (a write's
    "before" must be the database's, never a cached one: :func:`builds_afresh`)."""
    if builds_afresh(using):
        return build()
    key = cache_key("read", data_generation(scopes, using or DEFAULT_DB_ALIAS), *parts)
    missing = object()
    found = cache.get(key, missing)
    if found is missing:
        found = build()
        cache.set(key, found)
    return found  # type: ignore[no-any-return]
