"""Writes under load: a lock per rating list, and retries of transactions the database undid.

- :func:`hold` takes a transaction-scoped lock named by a string: a PostgreSQL advisory lock
  (``pg_advisory_xact_lock``, released at commit or rollback, shared by every process). On
  SQLite the database itself lets one writer in at a time (``BEGIN IMMEDIATE``), so nothing
  more is needed there.
- :func:`retrying` runs a whole transaction again when the database refused it for a reason
  that retrying can cure — a deadlock, a serialisation failure, a unique key another writer
  took first, a locked SQLite file — and raises :class:`WriteConflict` (a ``PalmaresError``,
  answered with 409 by the site) when it keeps failing. Only call it with work that starts its
  own transaction and can be run again from scratch (every palmares write replaces what it
  writes).
"""

from __future__ import annotations

import logging
import random
import time
import zlib
from collections.abc import Callable
from typing import TypeVar

from django.db import IntegrityError, OperationalError, connection

from palmares.core.errors import PalmaresError

__all__ = ["ATTEMPTS", "LOCKS", "WriteConflict", "hold", "retrying"]

log = logging.getLogger(__name__)
T = TypeVar("T")

#: The locks a community's skill refresh holds (``ratinglists.skill_refresh``); the imports of
#: the community's rows (``tantrixdb``, ``wizarddb``, on the floor below) take them too, so rows
#: are committed in the order of their ids. Named here, below both, as their shared contract.
LOCKS = {"wizard": "wizard-skill", "tantrix": "tantrix"}

#: How often a write is tried before the caller hears of the conflict.
ATTEMPTS = 5

#: PostgreSQL states a retry can cure: serialization_failure, deadlock_detected,
#: unique_violation (a row another transaction inserted first), lock_not_available.
RETRYABLE_STATES = frozenset({"40001", "40P01", "23505", "55P03"})


class WriteConflict(PalmaresError):
    """Another write kept getting in the way; nothing of this one was written."""


def _key(name: str) -> int:
    """A stable 63-bit number for the lock ``name`` (the same in every process)."""
    return zlib.crc32(f"palmares:{name}".encode()) | (0x5A17 << 32)


def hold(name: str) -> None:
    """Take the lock ``name`` until the current transaction ends (call inside ``atomic``)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_key(name)])


def _retryable(exc: BaseException) -> bool:
    cause = exc.__cause__
    state = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
    if state is not None:
        return str(state) in RETRYABLE_STATES
    return isinstance(exc, OperationalError) and "locked" in str(exc).lower()


def retrying(work: Callable[[], T], *, what: str = "the write") -> T:
    """``work()``, run again (after a short random pause) while the database refuses it for a
    reason a retry cures; :class:`WriteConflict` after :data:`ATTEMPTS` tries."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return work()
        except (OperationalError, IntegrityError) as exc:
            if not _retryable(exc) or (connection.in_atomic_block and not _outermost()):
                raise
            log.info("%s: attempt %d refused by the database (%s)", what, attempt, exc)
            if attempt == ATTEMPTS:
                raise WriteConflict(
                    f"{what} conflicted with other writes {ATTEMPTS} times; nothing was "
                    "written, try again"
                ) from exc
            time.sleep(random.uniform(0.01, 0.05) * attempt)
    raise AssertionError("unreachable")


def _outermost() -> bool:
    """True when the only open transactions are a test case's (the work's own was undone)."""
    return all(getattr(block, "_from_testcase", False) for block in connection.atomic_blocks)
