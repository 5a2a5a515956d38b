"""Bring the stored Wizard and Tantrix skill ratings up to date after an import (issue 15).

Weng–Lin is sequential: competitions in order, each moving its players' (μ, σ). When every
competition an import adds comes after every one the stored rows were computed from (a new
month of Wizard games, a new Tantrix tournament), the ratings after the import are the stored
(μ, σ, count) of its players moved by the new competitions only — bit for bit the floats of
the full replay (the stored floats are exact doubles; ``rate_flat(..., start=…)`` is the same
walk). :func:`refresh` takes that path only when the community's
:class:`~palmares.web.ratinglists.models.SkillCoverage` proves the stored rows are the replay
of exactly the rows up to its last competition, and rewrites only the moved players' rows;
otherwise (a game inserted in the past, a deletion, a replaced tournament, no record yet, rows
written by something else) it replays the whole history as before. The record is written in
the transaction that writes the rows, under the community's lock.

The proof (``skill_sources``): the rows up to the recorded key have the recorded count and sum
of ids — a deletion lowers the count, and a row written since has an id above every id rated,
so replacing deleted rows by as many new ones raises the sum — and the sums of their contents
(players, places, scores, points), which catch a raw edit in place; the stored rows are as many
as recorded, under the recorded model. Raw edits of a game's date or code, or of an event's
date, in the admin are not seen (as for the Dip Pouch lists: such edits bypass the services).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np
from django.db import transaction

from palmares.ratings.skill import WengLin
from palmares.ratings.skill.history import flat_of, rate_flat
from palmares.web.lib.concurrency import LOCKS, hold
from palmares.web.ratinglists.models import SkillCoverage, SkillRating
from palmares.web.ratinglists.skill import MODEL, STORED, rewrite, store, stored_rows
from palmares.web.ratinglists.skill_sources import (
    TANTRIX,
    WIZARD,
    Key,
    Loaded,
    Source,
    combined,
    key_from_json,
    key_to_json,
)

__all__ = [
    "LOCKS",
    "Refreshed",
    "full_skill",
    "refresh",
    "refresh_wizard",
    "store_tantrix",
    "tantrix_changed",
    "wizard_changed",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Refreshed:
    """What a refresh did: the rows written, the competitions rated, and whether it replayed
    the whole history."""

    written: int
    rated: int
    full: bool


def refresh(source: Source, *, full: bool = False) -> Refreshed:
    """Make the stored skill of ``source``'s community the replay of its whole history,
    rating only the competitions after the stored ones when the record proves that is enough
    (``full``: replay the whole history regardless). Runs in a transaction under the lock."""
    with transaction.atomic():
        hold(LOCKS[source.community])
        cover = SkillCoverage.objects.filter(community=source.community).first()
        start = None if full or cover is None else _covered(source, cover)
        if start is None:
            return _replay(source)
        assert cover is not None
        return _append(source, cover, start)


def _covered(source: Source, cover: SkillCoverage) -> Key | None:
    """The recorded key when ``cover`` proves the stored rows are the replay of every row up
    to it (else ``None``)."""
    last = key_from_json(cover.last)
    if last is None or cover.model != MODEL:
        return None
    if SkillRating.objects.filter(community=source.community).count() != cover.players:
        return None
    if source.digest(source.upto(last)) != cover.digest:
        log.info("%s: the rated history changed: the skill is replayed whole", source.community)
        return None
    return last


def _replay(source: Source) -> Refreshed:
    """The full replay (what every refresh did before): every competition rated from nothing,
    the rows that differ rewritten, the record written."""
    loaded = source.load()
    history = (
        rate_flat(flat_of(loaded.competitions), WengLin(MODEL)) if loaded.competitions else None
    )
    written = store(source.community, history, before=STORED)
    _record(source, loaded, None)
    return Refreshed(written, len(loaded.competitions), True)


def _append(source: Source, cover: SkillCoverage, last: Key) -> Refreshed:
    """Rate the competitions after the recorded ``last`` from the stored ratings of their
    players (the model's initial rating for a new player), rewrite those players' rows."""
    loaded = source.load(last)
    if not loaded.competitions:
        return Refreshed(0, 0, False)
    model = WengLin(MODEL)
    flat = flat_of(loaded.competitions)
    ids = [int(p) for p in flat.players]
    stored = stored_rows(source.community, ids)
    initial = (model.mu, model.sigma, 0)
    before = [stored.get(p, initial) for p in ids]
    mu = np.array([b[0] for b in before], dtype=np.float64)
    sigma = np.array([b[1] for b in before], dtype=np.float64)
    history = rate_flat(flat, model, start=(mu, sigma))
    counts = np.bincount(flat.player, minlength=len(ids)).tolist()
    rows = {
        p: (m, s, b[2] + n)
        for p, m, s, b, n in zip(
            ids, history.mu.tolist(), history.sigma.tolist(), before, counts, strict=True
        )
    }
    written = rewrite(source.community, rows)
    _record(source, loaded, cover)
    log.info(
        "%s: %d competitions after the stored ones rated, %d skill ratings moved",
        source.community,
        len(loaded.competitions),
        written,
    )
    return Refreshed(written, len(loaded.competitions), False)


def _record(source: Source, loaded: Loaded, cover: SkillCoverage | None) -> None:
    """Record what the stored rows now cover: every row up to ``loaded.last`` (``cover``: the
    record they covered before ``loaded``, whose digest is extended by the rows after it)."""
    community = source.community
    if loaded.last is None:
        SkillCoverage.objects.filter(community=community).delete()
        return
    if cover is None:
        digest = source.digest(source.upto(loaded.last))
        rated = len(loaded.competitions)
    else:
        old = key_from_json(cover.last)
        assert old is not None
        between = source.after(old) & source.upto(loaded.last)
        digest = combined(cover.digest, source.digest(between))
        rated = cover.competitions + len(loaded.competitions)
    SkillCoverage.objects.update_or_create(
        community=community,
        defaults={
            "model": MODEL,
            "last": key_to_json(loaded.last),
            "digest": digest,
            "competitions": rated,
            "players": SkillRating.objects.filter(community=community).count(),
        },
    )


def full_skill(source: Source) -> dict[int, tuple[float, float, int]]:
    """Every player's (μ, σ, competitions) after the full replay of ``source``'s history,
    computed, not stored (what the stored rows must equal)."""
    loaded = source.load()
    if not loaded.competitions:
        return {}
    history = rate_flat(flat_of(loaded.competitions), WengLin(MODEL))
    counts = np.bincount(history.flat.player, minlength=len(history.flat.players)).tolist()
    return {
        int(p): (m, s, n)
        for p, m, s, n in zip(
            history.flat.players, history.mu.tolist(), history.sigma.tolist(), counts, strict=True
        )
    }


def refresh_wizard(*, full: bool = False) -> Refreshed:
    """Bring the Wizard community's skill up to date, in a transaction of its own that holds
    the Wizard skill lock (one refresh at a time); call after the games' write commits."""
    return refresh(WIZARD, full=full)


def store_tantrix(*, full: bool = False) -> Refreshed:
    """Bring the Tantrix community's skill up to date (call in the lists' recompute
    transaction, which holds the Tantrix lock)."""
    return refresh(TANTRIX, full=full)


def tantrix_changed(*, full: bool = False) -> None:
    """What a replay of the Tantrix lists asks of the skill, last in its transaction
    (``lib.hooks.records_changed("tantrix-matches", full=…)``): :func:`store_tantrix`."""
    store_tantrix(full=full)


def wizard_changed() -> None:
    """What an import of regular Wizard games asks of the skill after its commit
    (``lib.hooks.records_changed("wizard-games")``): :func:`refresh_wizard`."""
    refresh_wizard()
