"""Writes of the Dip Pouch inputs: their own transaction, a stamp, the recompute after the
commit (skipped when already covered), and retries of what the database undid."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, OperationalError, transaction

from palmares.web.lib.concurrency import ATTEMPTS, WriteConflict, retrying
from palmares.web.ratinglists.models import Publication
from palmares.web.ratinglists.writes import refresh, write_results


def _publication() -> Publication:
    return Publication.objects.get(system="dip-pouch")


def test_a_write_is_stamped_and_the_recompute_covers_it(db: None) -> None:
    before = _publication()
    assert write_results(lambda: "done") == "done"
    after = _publication()
    assert after.requested == before.requested + 1
    assert after.computed == after.requested
    assert after.generation == before.generation + 1


def test_a_covered_stamp_is_not_recomputed_again(db: None) -> None:
    write_results(lambda: None)
    covered = _publication()
    assert refresh(covered.computed) is False
    assert _publication().generation == covered.generation
    assert refresh(covered.computed + 1) is True
    assert refresh() is True
    assert _publication().generation == covered.generation + 2


def test_a_write_never_runs_inside_another_transaction(db: None) -> None:
    with pytest.raises(RuntimeError, match="durable"), transaction.atomic():
        write_results(lambda: None)


def test_retries_what_a_retry_cures_then_gives_a_conflict(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("palmares.web.lib.concurrency.time.sleep", lambda _: None)
    tries: list[int] = []

    def twice_locked() -> str:
        tries.append(1)
        if len(tries) < 3:
            raise OperationalError("database is locked")
        return "written"

    assert retrying(twice_locked) == "written" and len(tries) == 3

    def always_locked() -> None:
        tries.append(1)
        raise OperationalError("database is locked")

    tries.clear()
    with pytest.raises(WriteConflict, match=f"{ATTEMPTS} times"):
        retrying(always_locked, what="the results of X")
    assert len(tries) == ATTEMPTS

    def broken() -> None:
        tries.append(1)
        raise IntegrityError("CHECK constraint failed: result_rank_positive")

    tries.clear()
    with pytest.raises(IntegrityError):
        retrying(broken)
    assert len(tries) == 1  # not a race: raised at once
