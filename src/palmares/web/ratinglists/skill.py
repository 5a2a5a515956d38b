"""Store every player's skill rating (μ ± σ) with each recompute of a community's history.

The player pages show a player's Weng–Lin skill (Plackett–Luce, openskill.py's defaults;
``palmares.ratings.skill``) beside the community's own rating (issue 18). It is computed here,
when the history changes, and stored in :class:`SkillRating` — never per request:

- ``dip-pouch``: every stored Diplomacy event by final rank, in the rating engine's order (the
  events the Dip Pouch recompute replays; :func:`store_dip_pouch`, called by it and by the
  incremental filing of one event, in their transactions);
- ``tantrix``: every stored Tantrix match by tournament points (illustrative matches left out,
  as in the backtest), after the lists' recompute (:func:`store_tantrix`);
- ``wizard``: every regular Wizard game by score, else place, after each import of games
  (:func:`refresh_wizard`, after the import's commit, in a transaction of its own).

Players are keyed by database id (``str(pk)``), so namesakes never merge. The incremental
filing of one event rewrites only the rows whose figures moved (``store(..., before=…)``,
or ``before=STORED``: compared with the rows as stored, so the skill is computed once):
filing the latest event touches its players' rows, not the whole table.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from decimal import Decimal

import numpy as np
from django.db import connection, transaction

from palmares.ratings.competitions import from_games, from_matches
from palmares.ratings.engine import ResultArrays
from palmares.ratings.skill import SkillHistory, WengLin, rate_competitions
from palmares.ratings.skill.history import flat_from_ids, rate_flat
from palmares.tantrix.match import Match as MatchValue
from palmares.web.lib.bulk import insert_raw
from palmares.web.lib.concurrency import hold
from palmares.web.ratinglists.columns import Stored
from palmares.web.ratinglists.models import SkillRating
from palmares.web.tantrixdb.models import Match
from palmares.web.wizarddb.models import Game, Placement
from palmares.wizard.game import Finish
from palmares.wizard.game import Game as GameValue

__all__ = [
    "COMMUNITIES",
    "MODEL",
    "STORED",
    "dip_pouch_skill",
    "refresh_wizard",
    "store",
    "store_dip_pouch",
    "store_tantrix",
    "stored_skill",
    "tantrix_skill",
    "wizard_skill",
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


def _stored_rows(community: str) -> dict[int, tuple[float, float, int]]:
    """The stored rows of ``community`` as ``_rows`` gives them (floats stored exactly:
    SQLite's REAL and PostgreSQL's double precision hold the float as written): one plain
    query, no model per row."""
    table = connection.ops.quote_name(SkillRating._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT player_id, mu, sigma, competitions FROM {table} WHERE community = %s",
            [community],
        )
        return {int(p): (float(m), float(s), int(n)) for p, m, s, n in cursor.fetchall()}


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
    if before is None or not SkillRating.objects.filter(community=community).exists():
        # (none stored yet — a database migrated with its history in place: write them all)
        SkillRating.objects.filter(community=community).delete()
        changed = new
    else:
        old = _stored_rows(community) if isinstance(before, str) else _rows(community, before)
        changed = {k: v for k, v in new.items() if old.get(k) != v}
        moved = [*changed, *(k for k in old if k not in new)]
        for at in range(0, len(moved), CHUNK):  # SQLite bounds the parameters of a query
            chunk = moved[at : at + CHUNK]
            SkillRating.objects.filter(community=community, player_id__in=chunk).delete()

    def lines() -> Iterator[tuple[object, ...]]:
        for player, (mu, sigma, n) in changed.items():
            yield (community, player, mu, sigma, n)

    written = insert_raw(SkillRating, FIELDS, lines())
    log.info("%s: %d skill ratings written", community, written)
    return written


def store_dip_pouch(
    arrays: ResultArrays, player_keys: list[str], *, before: SkillHistory | None = None
) -> int:
    """Store the Dip Pouch community's skill after the history in ``arrays`` (call in the
    recompute's transaction); ``before``: the skill the stored rows hold (only the rows that
    moved are written)."""
    return store("dip-pouch", dip_pouch_skill(arrays, player_keys), before=before)


def tantrix_skill() -> SkillHistory | None:
    """Plackett–Luce over every stored Tantrix match (by tournament points), keyed by id."""
    rows = Match.objects.filter(illustrative=False).order_by("event__date", "event_id", "id")
    matches = [
        MatchValue(
            str(a),
            str(b),
            games,
            Decimal(tp_a),
            Decimal(tp_b),
            event=str(event),
            date=day,
        )
        for a, b, games, tp_a, tp_b, event, day in rows.values_list(
            "player_a_id", "player_b_id", "games", "tp_a", "tp_b", "event_id", "event__date"
        )
    ]
    competitions = from_matches(matches)
    return rate_competitions(competitions, WengLin(MODEL)) if competitions else None


def store_tantrix() -> int:
    """Store the Tantrix community's skill (call in the lists' recompute transaction)."""
    return store("tantrix", tantrix_skill())


def wizard_skill() -> SkillHistory | None:
    """Plackett–Luce over every regular Wizard game (by score, else place), keyed by id."""
    rows = (
        Placement.objects.filter(game__division=Game.Division.REGULAR)
        .order_by("game__date", "game__code", "game_id", "place", "-score", "id")
        .values_list("game_id", "game__code", "game__date", "player_id", "score", "place")
    )
    games: list[GameValue] = []
    current: int | None = None
    finishes: list[Finish] = []
    code, day = "", date.min
    for game_id, g_code, g_day, player, score, place in rows.iterator(chunk_size=5000):
        if game_id != current:
            if finishes:
                games.append(GameValue(code, day, tuple(finishes)))
            current, code, day, finishes = game_id, g_code, g_day, []
        finishes.append(Finish(str(player), score, place))
    if finishes:
        games.append(GameValue(code, day, tuple(finishes)))
    competitions = from_games(g for g in games if len(g.finishes) >= 2)
    return rate_competitions(competitions, WengLin(MODEL)) if competitions else None


def refresh_wizard() -> int:
    """Recompute and store the Wizard community's skill, in a transaction of its own that
    holds the Wizard lock (one refresh at a time); call after the games' write commits."""
    with transaction.atomic():
        hold("wizard-skill")
        return store("wizard", wizard_skill())
