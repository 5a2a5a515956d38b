"""Rating lists: the international and national ranking as of a date (seed 000's WDD tabs).

The WDD's Dip Pouch page offers an "International ranking" and a "National ranking", for the
current list ("Permanent") and as each year ended (2001 … 2016). A list as of a day counts every
event held on or before that day. A player is listed once at least one event with a non-zero
tournament value counts for them; "events" is the number of such events. Equal ratings share a
rank (1, 2, 2, 4), internationally and within a nationality; a player's nationality is the one of
their most recent result (on or before the day) that gives one.

This module holds the result types and the vectorised rank arithmetic; the replayed ratings come
from :class:`palmares.ratings.history.RatingHistory.ranking`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

import numpy as np
import numpy.typing as npt

__all__ = ["Ranking", "RankingEntry", "competition_ranks_desc", "grouped_ranks_desc", "year_end"]


def year_end(year: int) -> date:
    """The day a yearly list stands on: 31 December (``--year 2016``)."""
    return date(year, 12, 31)


@dataclass(frozen=True, slots=True)
class RankingEntry:
    """One line of a rating list."""

    rank: int
    national_rank: int | None
    player: str
    name: str
    nationality: str | None
    rating: Fraction | float
    events: int


@dataclass(frozen=True, slots=True)
class Ranking:
    """A rating list as of ``as_of`` (None: after every event), optionally of one nationality.

    ``exact`` says whether the ratings are exact Fractions or float64 from the engine (or, when
    asked, floats proved to show as the Fractions: ``RatingHistory.ranking``); ``listed`` is the
    number of entries before ``limit`` kept the first (None: not counted apart).
    """

    as_of: date | None
    nationality: str | None
    entries: tuple[RankingEntry, ...]
    exact: bool
    listed: int | None = None

    def entry(self, player: str) -> RankingEntry | None:
        for e in self.entries:
            if e.player == player:
                return e
        return None


def competition_ranks_desc(values: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """Competition ranks (1, 2, 2, 4) of ``values`` already sorted from best (largest) down."""
    n = values.shape[0]
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    new = np.ones(n, dtype=bool)
    new[1:] = values[1:] != values[:-1]
    return np.maximum.accumulate(np.where(new, np.arange(1, n + 1), 0))


def grouped_ranks_desc(
    groups: npt.NDArray[np.int32], values: npt.NDArray[np.float64]
) -> npt.NDArray[np.int64]:
    """Competition ranks of ``values`` within each group (any order in, ranks per input index)."""
    n = values.shape[0]
    ranks = np.zeros(n, dtype=np.int64)
    if n == 0:
        return ranks
    order = np.lexsort((-values, groups))
    g, v = groups[order], values[order]
    idx = np.arange(n)
    group_start = np.ones(n, dtype=bool)
    group_start[1:] = g[1:] != g[:-1]
    new = group_start.copy()
    new[1:] |= v[1:] != v[:-1]
    first = np.maximum.accumulate(np.where(group_start, idx, 0))
    ranks[order] = np.maximum.accumulate(np.where(new, idx, 0)) - first + 1
    return ranks
