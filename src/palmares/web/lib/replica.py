"""A read replica for the public pages (issue 37): the database router and its middleware.

With ``DATABASE_REPLICA_URL`` set (``settings``: the ``replica`` alias), the reads of an
anonymous visitor's GET go to the replica, a PostgreSQL streaming standby; everything else goes
to the primary (``default``):

- writes, always (:meth:`ReplicaRouter.db_for_write`); migrations run on the primary only (the
  standby is read-only and replays them);
- every read outside a request (commands, the bulk loader, a worker), of a request that is not
  a GET or HEAD, of a signed-in visitor, of a request with an ``Authorization`` header (API
  scripts keep no cookies), and of a visitor *pinned* to the primary: a request that wrote
  sets the cookie :data:`PIN_COOKIE` for ``DATABASE_REPLICA_PIN_SECONDS`` (10 s by default),
  so whoever has just written reads their own writes on the next pages;
- the reads of the apps in :data:`PRIMARY_APPS` (sessions, accounts, logins and their
  throttle, the data generations): what decides who a visitor is, and what they did a moment
  ago, is never read from a copy that may lag.

The page cache's staleness check reads the data generations from the primary, as before
(``lib.generations`` reads them through the ``default`` connection's own cursor, which no
router sees): a page cached under a generation must hold data at least that new. So the first
routed read of a request compares the sum of all generations (it only ever grows) on the
replica with the primary's: a replica behind the primary (replay lag, or paused) serves none
of that request, which reads the primary instead; a replica that cannot be reached likewise.
Lag is thus tolerated, never shown: a page is never built from data older than the
generation it is cached under.

Hand-written SQL sent through ``django.db.connection`` (the ``default`` alias) is not routed:
it reads the primary. :data:`read_connection` is the same connection object for the current
request's reads (the replica when the router would send them there): the public pages' own
queries (``ui.queries``) use it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.models import Model
from django.http import HttpRequest, HttpResponse

from palmares.web.lib.generations import TABLE, scope_of

__all__ = [
    "PIN_COOKIE",
    "PRIMARY_APPS",
    "REPLICA",
    "ReplicaMiddleware",
    "ReplicaRouter",
    "pin_seconds",
    "read_connection",
]

log = logging.getLogger(__name__)

#: The alias of the read replica in ``DATABASES``.
REPLICA = "replica"
#: The cookie that pins a visitor who has just written to the primary.
PIN_COOKIE = "palmares_primary"
#: Apps whose rows are always read from the primary.
PRIMARY_APPS = frozenset({"sessions", "auth", "contenttypes", "admin", "axes", "accounts", "ui"})
_SAFE = ("GET", "HEAD")


class _Reads:
    """What the current request may read from the replica: ``allowed`` by the middleware,
    and (checked at its first routed read) whether the replica is as new as the primary."""

    __slots__ = ("allowed", "fresh")

    def __init__(self, allowed: bool) -> None:
        self.allowed = allowed
        self.fresh: bool | None = None

    def use_replica(self) -> bool:
        if not self.allowed:
            return False
        if self.fresh is None:
            self.fresh = _caught_up()
        return self.fresh


_reading: ContextVar[_Reads | None] = ContextVar("palmares_replica_reads", default=None)


def _total(alias: str) -> int:
    with connections[alias].cursor() as cursor:
        cursor.execute(f"SELECT COALESCE(SUM(generation), 0) FROM {TABLE}")
        row = cursor.fetchone()
    return int(row[0]) if row else 0


def _caught_up() -> bool:
    """Whether the replica holds every write the primary's generations count (read from the
    primary first: the replica, read after, must be at least as far)."""
    try:
        primary = _total(DEFAULT_DB_ALIAS)
        replica = _total(REPLICA)
    except DatabaseError:
        log.warning("read replica: not reachable, reading the primary", exc_info=True)
        return False
    return replica >= primary


def read_alias() -> str:
    """Where the current request's hand-written reads go (as the router sends the ORM's)."""
    state = _reading.get()
    return REPLICA if state is not None and state.use_replica() else DEFAULT_DB_ALIAS


class _ReadConnection:
    """``django.db.connection`` for reads: the connection of :func:`read_alias`."""

    def __getattr__(self, item: str) -> Any:
        return getattr(connections[read_alias()], item)


#: Use as ``django.db.connection`` for a page's read-only queries.
read_connection: Any = _ReadConnection()


def pin_seconds() -> int:
    return int(getattr(settings, "DATABASE_REPLICA_PIN_SECONDS", 10))


class ReplicaRouter:
    """``DATABASE_ROUTERS``: an allowed request's reads to the replica, the rest to the
    primary."""

    def db_for_read(self, model: type[Model], **hints: Any) -> str | None:
        if model._meta.app_label in PRIMARY_APPS:
            return DEFAULT_DB_ALIAS
        state = _reading.get()
        if state is None or not state.use_replica():
            return DEFAULT_DB_ALIAS
        return REPLICA

    def db_for_write(self, model: type[Model], **hints: Any) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Model, obj2: Model, **hints: Any) -> bool:
        return True  # one database, two copies of it

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == DEFAULT_DB_ALIAS


class ReplicaMiddleware:
    """Placed after the authentication middleware: decides whether the request may read the
    replica, notes whether it wrote, and pins a writer to the primary (:data:`PIN_COOKIE`).
    Inactive unless ``DATABASE_REPLICA_READS`` (set with ``DATABASE_REPLICA_URL``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not getattr(settings, "DATABASE_REPLICA_READS", False):
            return self.get_response(request)
        allowed = (
            request.method in _SAFE
            and PIN_COOKIE not in request.COOKIES
            and "HTTP_AUTHORIZATION" not in request.META
            and not request.user.is_authenticated
        )
        wrote: list[bool] = []

        def note(
            execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any
        ) -> Any:
            result = execute(sql, params, many, context)
            if not wrote and isinstance(sql, str) and scope_of(sql) is not None:
                wrote.append(True)
            return result

        token = _reading.set(_Reads(allowed))
        try:
            with connections[DEFAULT_DB_ALIAS].execute_wrapper(note):
                response = self.get_response(request)
        finally:
            _reading.reset(token)
        # A request that wrote (a bulk COPY is not seen by the wrapper: any write method
        # that succeeded counts too) pins its visitor to the primary for a while.
        if wrote or (request.method not in _SAFE and response.status_code < 400):
            response.set_cookie(
                PIN_COOKIE,
                "1",
                max_age=pin_seconds(),
                httponly=True,
                samesite="Lax",
                secure=bool(settings.SESSION_COOKIE_SECURE),
            )
        return response
