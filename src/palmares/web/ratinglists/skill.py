"""Store every player's skill rating (μ ± σ) with each recompute of a community's history.

The player pages show a player's Weng–Lin skill (Plackett–Luce, openskill.py's defaults;
``palmares.ratings.skill``) beside the community's own rating (issue 18). It is computed when
the history changes, and stored in :class:`SkillRating` — never per request:

- ``dip-pouch``: every stored Diplomacy event by final rank, in the rating engine's order (the
  events the Dip Pouch recompute replays; :func:`store_dip_pouch`, called by it and by the
  incremental filing of one event, in their transactions);
- ``tantrix``: every stored Tantrix match by tournament points (illustrative matches left out,
  as in the backtest), after the lists' recompute (``skill_refresh.store_tantrix``);
- ``wizard``: every regular Wizard game by score, else place, after each import of games
  (``skill_refresh.refresh_wizard``, after the import's commit, in a transaction of its own).

The Tantrix and Wizard skill is brought up to date incrementally when an import only adds
competitions after the stored ones (``ratinglists.skill_refresh``, issue 15); this module
writes the rows. Players are keyed by database id (``str(pk)``), so namesakes never merge.
The incremental filing of one event rewrites only the rows whose figures moved
(``store(..., before=…)``, or ``before=STORED``: compared with the rows as stored, so the skill
is computed once): filing the latest event touches its players' rows, not the whole table.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import numpy as np
from django.db import connection

from palmares.ratings.engine import ResultArrays
from palmares.ratings.skill import SkillHistory, WengLin
from palmares.ratings.skill.history import flat_from_ids, rate_flat
from palmares.web.lib.bulk import insert_raw
from palmares.web.ratinglists.columns import Stored
from palmares.web.ratinglists.models import SkillCoverage, SkillRating

__all__ = [
    "COMMUNITIES",
    "MODEL",
    "STORED",
    "dip_pouch_skill",
    "rewrite",
    "store",
    "store_dip_pouch",
    "stored_rows",
    "stored_skill",
]

log = logging.getLogger(__name__)
COMMUNITIES = ("dip-pouch", "tantrix", "wizard")
MODEL = "plackett-luce"
FIELDS = ("community", "player_id", "mu", "sigma", "competitions")
CHUNK = 500
#: ``store(..., before=STORED)``: compare with the stored rows (no second skill computation).
STORED = "stored"


def dip_pouch_skill(arrays: ResultArrays, player_keys: list[str]) -> SkillHistory:
    """Plackett–Luce over the Dip Pouch engine's columns (``ResultArrays``: events in any
    order, ``event_position`` their application order; ``player_keys[i]`` the key of player i):
    each event with two or more players is a competition by final rank, in application order,
    built as arrays directly (no Python value per result). The ratings are keyed by
    ``player_keys``."""
    sizes = np.bincount(arrays.row_event, minlength=arrays.n_events)
    kept = sizes >= 2
    # Rows by the application order of their event, then rank (stable: ties keep their order).
    order = np.lexsort((arrays.row_rank, arrays.event_position[arrays.row_event]))
    order = order[kept[arrays.row_event[order]]]
    applied = np.argsort(arrays.event_position, kind="stable")
    counts = sizes[applied][kept[applied]]
    offsets = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
    flat = flat_from_ids(arrays.row_player[order], offsets, arrays.row_rank[order])
    history = rate_flat(flat, WengLin(MODEL))
    return _rekeyed(history, tuple(player_keys[int(i)] for i in flat.players))


def stored_skill(stored: Stored) -> SkillHistory:
    """:func:`dip_pouch_skill` of the stored results' columns (``columns.load``/``build``),
    keyed by player id."""
    return dip_pouch_skill(stored.arrays, [str(p) for p in stored.player_ids.tolist()])


def _rekeyed(history: SkillHistory, keys: tuple[str, ...]) -> SkillHistory:
    return replace(history, flat=replace(history.flat, players=keys))


def _rows(community: str, history: SkillHistory | None) -> dict[int, tuple[float, float, int]]:
    if history is None:
        return {}
    counts = np.bincount(history.flat.player, minlength=len(history.flat.players))
    mu = np.asarray(history.mu, dtype=np.float64).tolist()
    sigma = np.asarray(history.sigma, dtype=np.float64).tolist()
    return {
        int(key): (m, s, n)
        for key, m, s, n in zip(history.flat.players, mu, sigma, counts.tolist(), strict=True)
    }


def stored_rows(
    community: str, players: list[int] | None = None
) -> dict[int, tuple[float, float, int]]:
    """The stored rows of ``community`` (``players``: of those players only) as ``_rows``
    gives them (floats stored exactly: SQLite's REAL and PostgreSQL's double precision hold
    the float as written): plain queries, no model per row."""
    table = connection.ops.quote_name(SkillRating._meta.db_table)
    query = f"SELECT player_id, mu, sigma, competitions FROM {table} WHERE community = %s"
    chunks = (
        [None]
        if players is None
        else [players[at : at + CHUNK] for at in range(0, len(players), CHUNK)]
    )
    out: dict[int, tuple[float, float, int]] = {}
    with connection.cursor() as cursor:
        for chunk in chunks:
            if chunk is None:
                cursor.execute(query, [community])
            else:
                marks = ", ".join(["%s"] * len(chunk))
                cursor.execute(f"{query} AND player_id IN ({marks})", [community, *chunk])
            out.update((int(p), (float(m), float(s), int(n))) for p, m, s, n in cursor.fetchall())
    return out


def rewrite(community: str, rows: dict[int, tuple[float, float, int]]) -> int:
    """Replace the stored rows of the players of ``rows`` ({player id: (μ, σ, competitions)});
    return the rows written."""
    players = list(rows)
    for at in range(0, len(players), CHUNK):  # SQLite bounds the parameters of a query
        chunk = players[at : at + CHUNK]
        SkillRating.objects.filter(community=community, player_id__in=chunk).delete()
    return insert_raw(
        SkillRating, FIELDS, ((community, p, mu, sigma, n) for p, (mu, sigma, n) in rows.items())
    )


def store(
    community: str,
    history: SkillHistory | None,
    *,
    before: SkillHistory | str | None = None,
) -> int:
    """Make the stored skill of ``community`` the ratings after ``history`` (keys: player
    ids; ``None``: no competition). ``before``: the history the stored rows already hold, or
    :data:`STORED` to read them; only the rows that differ are rewritten (all when none is
    stored yet). Returns the rows written."""
    new = _rows(community, history)
    # Rows written here are no longer what a coverage record says (``skill_refresh`` writes
    # its own after this).
    SkillCoverage.objects.filter(community=community).delete()
    if before is None or not SkillRating.objects.filter(community=community).exists():
        # (none stored yet — a database migrated with its history in place: write them all)
        SkillRating.objects.filter(community=community).delete()
        written = insert_raw(
            SkillRating, FIELDS, ((community, p, m, s, n) for p, (m, s, n) in new.items())
        )
    else:
        old = stored_rows(community) if isinstance(before, str) else _rows(community, before)
        changed = {k: v for k, v in new.items() if old.get(k) != v}
        gone = [k for k in old if k not in new]
        for at in range(0, len(gone), CHUNK):  # SQLite bounds the parameters of a query
            chunk = gone[at : at + CHUNK]
            SkillRating.objects.filter(community=community, player_id__in=chunk).delete()
        written = rewrite(community, changed)
    log.info("%s: %d skill ratings written", community, written)
    return written


def store_dip_pouch(
    arrays: ResultArrays, player_keys: list[str], *, before: SkillHistory | None = None
) -> int:
    """Store the Dip Pouch community's skill after the history in ``arrays`` (call in the
    recompute's transaction); ``before``: the skill the stored rows hold (only the rows that
    moved are written)."""
    return store("dip-pouch", dip_pouch_skill(arrays, player_keys), before=before)
