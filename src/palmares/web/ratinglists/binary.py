"""The rating moves and list lines of a full replay as columns for PostgreSQL's binary copy
(``lib.pgbinary``): the same values as the text rows of ``columns.entry_columns`` and
``lists.standing_columns``, digit for digit (each decimal the integer of 10⁻¹² that the text
``columns.decimals`` gives shows), without a string per value."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

import numpy as np

from palmares.ratings.engine import Engine
from palmares.ratings.percentile import percentile
from palmares.web.lib.pgbinary import Column, pg_days
from palmares.web.ratinglists.columns import (
    F64,
    I64,
    Stored,
    _decimal,
    _near_a_half,
)
from palmares.web.ratinglists.lists import ListColumns

__all__ = ["decimal_units", "entry_binary", "standing_binary"]

SYSTEM = b"dip-pouch"
INT64_MAX = np.iinfo(np.int64).max
#: From this size on a value's integer of 10⁻¹² may pass int64.
INT64_UNITS = 9e6


def _units(text: str) -> int:
    return int(Decimal(text).scaleb(12))


def decimal_units(values: F64) -> I64 | None:
    """Each float as the integer of 10⁻¹² its text ``columns.decimals`` shows: away from a
    half, the scaled value rounded (``columns._near_a_half``), else through the exact text.
    ``None`` when a value is not finite or its integer passes int64 (the caller writes text)."""
    if not np.isfinite(values).all() or np.abs(values).max(initial=0.0) >= INT64_UNITS:
        return None
    scaled, near = _near_a_half(values)
    out = np.rint(np.where(near, 0.0, scaled)).astype(np.int64)
    for i in np.flatnonzero(near).tolist():
        exact = _units(_decimal(float(values[i])))
        if abs(exact) > INT64_MAX:
            return None
        out[i] = exact
    return out


def entry_binary(engine: Engine, stored: Stored, rows: I64) -> list[Column] | None:
    """:class:`RatingEntry`'s columns (``services.ENTRY_FIELDS``) of the engine's ``rows``."""
    n = rows.shape[0]
    ev = engine.row_event[rows]
    before = decimal_units(engine.before[rows])
    after = decimal_units(engine.after[rows])
    value = decimal_units(engine.ev_value)
    if before is None or after is None or value is None:
        return None
    sizes = engine.ev_players[ev].astype(np.int64)
    ranks = engine.row_rank[rows].astype(np.int64)
    width = int(sizes.max(initial=0)) + 1  # one percentile per (rank, field size)
    pairs, which = np.unique(ranks * width + sizes, return_inverse=True)
    pct = np.array(
        [_units(_decimal(percentile(int(k // width), int(k % width)))) for k in pairs.tolist()],
        dtype=np.int64,
    )
    days = pg_days([d.toordinal() for d in stored.event_dates])
    return [
        Column("text", np.zeros(n, dtype=np.int64), words=(SYSTEM,)),
        Column("int8", stored.player_ids[engine.row_player[rows]]),
        Column("int8", stored.event_ids[ev]),
        Column("int8", stored.result_ids[rows]),
        Column("date", days[ev]),
        Column("numeric", before),
        Column("numeric", after),
        Column("numeric", pct[which.reshape(-1)]),
        Column("numeric", value[ev]),
    ]


def standing_binary(
    lists: ListColumns, stored: Stored, nat_names: Sequence[str], subset: I64
) -> list[Column] | None:
    """:class:`Standing`'s columns (``services.STANDING_FIELDS``) of the list's lines
    ``subset`` (indexes in list order)."""
    n = subset.shape[0]
    rating = decimal_units(lists.ratings[subset])
    if rating is None:
        return None
    nations = lists.nations[subset].astype(np.int64)
    words = (*(name.encode() for name in nat_names), b"")  # code −1 → ""
    nrank = lists.national_ranks[subset]
    npos = lists.national_positions[subset]

    return [
        Column("text", np.zeros(n, dtype=np.int64), words=(SYSTEM,)),
        Column("int2", np.full(n, lists.year, dtype=np.int64)),
        Column("int8", stored.player_ids[lists.players[subset]]),
        Column("text", np.where(nations < 0, len(words) - 1, nations), words=words),
        Column("numeric", rating),
        Column("int4", lists.ranks[subset]),
        Column("int4", nrank, null=nrank < 0),
        Column("int4", lists.events[subset]),
        Column("int4", subset + 1),
        Column("int4", npos, null=npos < 0),
    ]
