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
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from django.db import transaction
from django.db.models import F

from palmares.web.lib.bulk import derived_writes
from palmares.web.lib.concurrency import WriteConflict, hold, retrying
from palmares.web.ratinglists.changes import Change
from palmares.web.ratinglists.incremental import apply_change
from palmares.web.ratinglists.models import Publication
from palmares.web.ratinglists.services import SYSTEM, recompute_dip_pouch

__all__ = ["refresh", "write_results"]

T = TypeVar("T")
log = logging.getLogger(__name__)


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
