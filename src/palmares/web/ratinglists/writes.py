"""Writes of a rating list's inputs, and the recompute after their commit.

Every write of Dip Pouch results (the API's ``PUT /api/events/{id}/results``, a results import
from the page, the API or ``palmares import results``) goes through :func:`write_results`:

1. the write is one transaction of its own (``atomic(durable=True)``: never inside a caller's
   transaction) that first takes the list's lock (:func:`palmares.web.lib.concurrency.hold`),
   so writers of one list and its recompute run one at a time and never deadlock; it then
   notes that the list is stale (``Publication.requested`` + 1, the write's stamp);
2. after the commit the list is brought up to date (:func:`refresh`), again under the lock, in
   its own transaction: if a recompute has already covered this write's stamp (another write's
   recompute ran after this commit) it is skipped, so sixteen writes at once cost one or two
   replays, not sixteen;
3. both transactions are retried when the database undid them for a reason a retry cures, and
   a write that keeps conflicting is a :class:`~palmares.web.lib.concurrency.WriteConflict`.

Pages are up to date when the write returns (the refresh runs before it does).

The records' services (``events.services``) stand on the floor below and do not import this
module: they write through ``lib.hooks.write_through("results", …)`` and tell which events they
replace through ``lib.hooks.replacing``; :func:`write_recorded` and :func:`keep_replaced` are
what this app registers for them (``ratinglists.apps``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import TypeVar

from django.db import transaction
from django.db.models import F

from palmares.web.lib.bulk import derived_writes
from palmares.web.lib.concurrency import WriteConflict, hold, retrying
from palmares.web.ratinglists.changes import Change
from palmares.web.ratinglists.incremental import apply_change
from palmares.web.ratinglists.models import Publication
from palmares.web.ratinglists.services import SYSTEM, recompute_dip_pouch

__all__ = ["keep_replaced", "refresh", "write_recorded", "write_results"]

T = TypeVar("T")
log = logging.getLogger(__name__)

#: The changes the write under way has kept (:func:`keep_replaced`; a retried write appends
#: again: the last one is the committed one); None outside :func:`write_recorded`.
_CHANGES: ContextVar[list[Change] | None] = ContextVar("palmares_changes", default=None)


def _stale(system: str) -> int:
    """Note one more write of ``system``'s inputs (inside the write); return its stamp."""
    Publication.objects.get_or_create(system=system)
    Publication.objects.filter(system=system).update(requested=F("requested") + 1)
    return int(Publication.objects.values_list("requested", flat=True).get(system=system))


def write_results(
    work: Callable[[], T],
    *,
    what: str = "the results",
    change: Callable[[T], Change | None] | None = None,
) -> T:
    """Run ``work`` (database writes only) as one write of the Dip Pouch inputs, then bring
    the histories and lists up to date; return what ``work`` returned. ``change`` tells what
    the write changed (from what ``work`` returned): the update then rewrites only that
    (``ratinglists.incremental``) when the stored figures cover every write before it."""

    def attempt() -> tuple[T, int]:
        with transaction.atomic(durable=True):
            hold(SYSTEM)
            done = work()
            stamp = _stale(SYSTEM)
        return done, stamp

    done, stamp = retrying(attempt, what=what)
    try:
        changed = change(done) if change is not None else None
        retrying(lambda: refresh(stamp, changed), what="the recompute")
    except WriteConflict:
        # The write is committed; its figures come with the next recompute (its stamp stays
        # uncovered). Only writers that bypass the lock (raw admin edits) can cause this.
        log.exception("dip-pouch: the recompute after %s kept conflicting", what)
    return done


def refresh(stamp: int | None = None, change: Change | None = None) -> bool:
    """Recompute the Dip Pouch figures unless a recompute already covered write ``stamp``
    (``None``: always); True if it ran. With the write's ``change``, only what it changed is
    rewritten when every earlier write is covered (else the full replay)."""
    with derived_writes(), transaction.atomic():
        hold(SYSTEM)
        if stamp is not None:
            computed = (
                Publication.objects.filter(system=SYSTEM).values_list("computed", flat=True).first()
            )
            if computed is not None and computed >= stamp:
                return False
            if change is not None:
                apply_change(change, stamp)
                return True
        recompute_dip_pouch()
    return True


def write_recorded(
    work: Callable[[], T], *, what: str, committed: Callable[[], None] | None = None
) -> T:
    """:func:`write_results` for a write of results by the records' services (registered as
    ``lib.hooks.on_write("results", …)``): what the write replaced is what
    :func:`keep_replaced` kept while it ran; ``committed`` runs after the commit, before the
    update."""
    changes: list[Change] = []

    def change(_: T) -> Change | None:
        if committed is not None:
            committed()
        return changes[-1] if changes else None

    token = _CHANGES.set(changes)
    try:
        return write_results(work, what=what, change=change)
    finally:
        _CHANGES.reset(token)


def keep_replaced(ids: Sequence[int]) -> Callable[[Sequence[int]], None]:
    """The stored state of the events ``ids`` a write is about to replace (``Change.before``,
    registered as ``lib.hooks.on_replacing("results", …)``); the function returned notes the
    events written. Outside :func:`write_recorded` (a write in the caller's transaction, which
    recomputes after it), nothing is kept."""
    changes = _CHANGES.get()
    if changes is None:
        return _ignore
    change = Change.before(ids)

    def written(events: Sequence[int]) -> None:
        change.events = list(events)
        changes.append(change)

    return written


def _ignore(events: Sequence[int]) -> None:
    """Nothing to note (no write under way keeps its changes)."""
