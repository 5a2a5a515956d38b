"""The rating moves and list lines of a full replay as columns for PostgreSQL's binary copy
(``lib.pgbinary``): the same values as the text rows of ``columns.entry_columns`` and
``lists.standing_columns``, digit for digit (each decimal the integer of 10⁻¹² that the text
``columns.decimals`` gives shows), without a string per value."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from palmares.ratings.engine import Engine
from palmares.ratings.percentile import percentile
from palmares.web.lib.pgbinary import Column, pg_days
from palmares.web.ratinglists.columns import I64, Stored, decimal_units, exact_units
from palmares.web.ratinglists.lists import ListColumns

__all__ = ["entry_binary", "standing_binary"]

SYSTEM = b"dip-pouch"


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
        [exact_units(percentile(int(k // width), int(k % width))) for k in pairs.tolist()],
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
