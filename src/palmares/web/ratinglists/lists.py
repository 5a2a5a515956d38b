"""The rating lists of the stored Dip Pouch figures as columns (``columns.Stored``, the
engine's replay): each list in list order, and its :class:`Standing` rows (numpy, no object per
line), the same rows the per-row path (``services.standing_rows``) gives, digit for digit."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.ratings.dip_pouch import INITIAL_RATING
from palmares.ratings.engine import Engine
from palmares.ratings.ranking import competition_ranks_desc, year_end
from palmares.web.ratinglists.columns import F64, I64, Stored, stored_decimals

__all__ = [
    "ListColumns",
    "Lists",
    "by_name",
    "by_player",
    "list_columns",
    "sizes",
    "standing_columns",
]


@dataclass(frozen=True)
class ListColumns:
    """One rating list in list order (rank, then name): engine player indexes and figures."""

    year: int
    players: I64
    ratings: F64
    ranks: I64
    national_ranks: I64  # −1: no nationality
    nations: npt.NDArray[np.int32]  # nationality code, −1: none
    events: I64
    national_positions: I64  # −1: no nationality


def list_columns(engine: Engine, by_name: I64, year: int) -> ListColumns:
    """The list of ``year`` (0: Permanent, every event) as ``RatingHistory.ranking`` orders it:
    listed once an event with a value counts; by rating (competition ranks), ties by name then
    player index (``by_name``: the players in that order, :func:`by_name`). One sort: the
    listed players taken in name order, then stably by rating; national ranks and positions
    from the same order grouped stably by nation."""
    last, counted, nat = engine.as_of(_last_day(year))
    rating = np.where(last >= 0, engine.after[np.maximum(last, 0)], float(INITIAL_RATING))
    listed = by_name[counted[by_name] > 0]
    r = rating[listed]
    order = np.argsort(-r, kind="stable")
    listed, r = listed[order], r[order]
    ranks = competition_ranks_desc(r)
    nations = nat[listed]
    n = listed.shape[0]
    nranks = np.full(n, -1, dtype=np.int64)
    npos = np.full(n, -1, dtype=np.int64)
    has = np.flatnonzero(nations >= 0)
    if has.size:
        by_nation = has[np.argsort(nations[has], kind="stable")]
        g, v = nations[by_nation], r[by_nation]
        start = np.ones(g.shape[0], dtype=bool)
        start[1:] = g[1:] != g[:-1]
        new = start.copy()
        new[1:] |= v[1:] != v[:-1]
        idx = np.arange(g.shape[0])
        first = np.maximum.accumulate(np.where(start, idx, 0))
        npos[by_nation] = idx - first + 1
        nranks[by_nation] = np.maximum.accumulate(np.where(new, idx, 0)) - first + 1
    return ListColumns(year, listed, r, ranks, nranks, nations, counted[listed], npos)


def _last_day(year: int) -> int:
    return date.max.toordinal() if year == 0 else year_end(year).toordinal()


class Lists:
    """The lists of one replay, each computed once: a list takes the events up to its last day,
    so two lists with no event between their last days are the same lines (the Permanent list
    and the latest year's, as a rule) and the second is the first with its year."""

    def __init__(self, engine: Engine, by_name: I64) -> None:
        self.engine, self.by_name = engine, by_name
        self._days = engine.ev_day[engine.by_position]
        self._made: dict[int, ListColumns] = {}

    def of(self, year: int) -> ListColumns:
        """The ``year`` list (0: Permanent), as :func:`list_columns` gives it."""
        # (application order is by date: the events a list takes are a prefix of it)
        taken = int(np.searchsorted(self._days, _last_day(year), side="right"))
        found = self._made.get(taken)
        if found is None:
            found = self._made[taken] = list_columns(self.engine, self.by_name, year)
        return found if found.year == year else replace(found, year=year)


def by_name(stored: Stored) -> I64:
    """The players sorted by name, then index (ties of a list are so ordered); computed once
    per ``stored`` (``splice`` hands it on when the players and names stay)."""
    found = stored.__dict__.get("_by_name")
    if found is None:
        names = stored.player_names
        order = sorted(range(len(names)), key=names.__getitem__)
        found = stored.__dict__["_by_name"] = np.asarray(order, dtype=np.int64)
    return found


def standing_columns(
    lists: ListColumns, stored: Stored, nat_names: Sequence[str], subset: I64 | None = None
) -> Iterator[list[tuple[Any, ...]]]:
    """:class:`Standing` rows (``services.STANDING_FIELDS``) of one list (``subset``: only
    those lines, by index in list order), in chunks."""
    names = np.array([*nat_names, ""], dtype=object)  # code −1 → ""
    as_stored = stored_decimals()
    lines = np.arange(lists.players.shape[0], dtype=np.int64) if subset is None else subset
    chunk = 50_000
    for start in range(0, lines.shape[0], chunk):
        part = lines[start : start + chunk]
        nrank = lists.national_ranks[part]
        npos = lists.national_positions[part]
        yield list(
            zip(
                ["dip-pouch"] * part.shape[0],
                [lists.year] * part.shape[0],
                stored.player_ids[lists.players[part]].tolist(),
                names[lists.nations[part]].tolist(),
                as_stored(lists.ratings[part]),
                lists.ranks[part].tolist(),
                [None if x < 0 else x for x in nrank.tolist()],
                lists.events[part].tolist(),
                (part + 1).tolist(),
                [None if x < 0 else x for x in npos.tolist()],
                strict=True,
            )
        )


def by_player(lists: ListColumns, stored: Stored) -> I64:
    """The list's lines (indexes in list order) by player id, the order of
    :class:`Standing`'s unique key within a list: written so, SQLite appends to that index."""
    return np.argsort(stored.player_ids[lists.players], kind="stable").astype(np.int64)


def sizes(lists: ListColumns, nat_names: Sequence[str]) -> dict[str, int]:
    """The list's counts: all, then each nation in order of its first player in the list."""
    out: dict[str, int] = {"": int(lists.players.shape[0])}
    has = lists.nations[lists.nations >= 0]
    if has.size:
        codes, first, count = np.unique(has, return_index=True, return_counts=True)
        for i in np.argsort(first, kind="stable").tolist():
            out[nat_names[int(codes[i])]] = int(count[i])
    return out
