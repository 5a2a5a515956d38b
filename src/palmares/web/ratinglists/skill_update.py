"""The Dip Pouch skill ratings (μ ± σ, ``ratinglists.skill``) after a write, rewritten for the
players the write can have moved only, without reading the stored ones (issue 15).

Weng–Lin moves the players of an event by their own ratings before it, nothing else: a player
none of whose events, from the first day the write changed on, had a player the write reached
(one of the events written, before or after it, or a player of an event with such a player,
earlier in the order the events are applied) rates exactly as before, to the bit. So the
ratings are computed once over the whole history, as the full replay does
(:func:`skill_columns`: the same kernel fed the same arrays as ``skill.dip_pouch_skill``), and
only the reached players' rows are rewritten (:func:`reached`, :func:`store_reached`).
"""

from __future__ import annotations

from datetime import date

import numpy as np
import numpy.typing as npt

from palmares.ratings.engine import ResultArrays
from palmares.ratings.skill import WengLin
from palmares.web.lib.bulk import insert_raw
from palmares.web.ratinglists.columns import Stored
from palmares.web.ratinglists.models import SkillRating
from palmares.web.ratinglists.skill import FIELDS, MODEL

__all__ = ["SkillColumns", "rate_laid_out", "reached", "skill_columns", "store_reached"]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
#: Each rated player's (id, μ, σ, competitions), in the kernel's player order.
SkillColumns = tuple[I64, F64, F64, I64]
COMMUNITY = "dip-pouch"
CHUNK = 500


def _applied(arrays: ResultArrays, sizes: I64) -> I64:
    """The rows in the order the skill takes them (``skill.dip_pouch_skill``'s: events in
    application order, each by rank, ties in row order). Rows are grouped by event: when each
    event's rows are in rank order already, the events' blocks are only put in order."""
    rank = arrays.row_rank
    ev = arrays.row_event
    if rank.shape[0] > 1:
        inner = ev[1:] == ev[:-1]
        if bool(np.any(inner & (rank[1:] < rank[:-1]))):
            return np.lexsort((rank, arrays.event_position[ev])).astype(np.int64)
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
    applied = np.argsort(arrays.event_position, kind="stable")
    lengths = sizes[applied]
    begin = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)
    shift = np.repeat(starts[applied] - begin, lengths)
    return np.arange(rank.shape[0], dtype=np.int64) + shift


def skill_columns(stored: Stored) -> SkillColumns:
    """The skill after the whole history of ``stored`` (``skill.stored_skill``'s figures)."""
    arrays = stored.arrays
    sizes = np.bincount(arrays.row_event, minlength=arrays.n_events).astype(np.int64)
    kept = sizes >= 2
    order = _applied(arrays, sizes)
    order = order[kept[arrays.row_event[order]]]
    applied = np.argsort(arrays.event_position, kind="stable")
    counts = sizes[applied][kept[applied]]
    offsets = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
    player, first, mu, sigma = rate_laid_out(
        np.ascontiguousarray(arrays.row_player[order], dtype=np.int64),
        offsets,
        np.ascontiguousarray(arrays.row_rank[order], dtype=np.int64),
    )
    competitions = np.bincount(player, minlength=first.shape[0]).astype(np.int64)
    ids = stored.player_ids[first]
    return ids, mu, sigma, competitions


def rate_laid_out(ids: I64, offsets: I64, place: I64) -> tuple[I64, I64, F64, F64]:
    """Competitions ``offsets[c]:offsets[c+1]`` of entries ``ids`` placed ``place``, rated from
    nothing by the community's model (``skill.history.rate_arrays``, ``rate_flat``'s walk): each
    entry's player number, the id of each number, and each number's μ and σ at the end. The
    kernels' warm-up (``ratinglists/warm.py``) calls this too: it loads the overloads used here."""
    from palmares.ratings.skill.history import rate_arrays
    from palmares.ratings.skill.layout import lay_out

    player, place, first = lay_out(ids, offsets, place)
    mu, sigma, _, _ = rate_arrays(WengLin(MODEL), int(first.shape[0]), offsets, player, place)
    return player, first, mu, sigma


def reached(now: Stored, was: Stored, events: set[int], first: date) -> set[int]:
    """The ids of the players whose skill a write of ``events`` (``was`` before it, ``now``
    after; nothing written before day ``first``) can have moved: those of the events, and
    those of every event from that day on, in application order, with a player reached
    before it."""
    ids: set[int] = set()
    for stored in (now, was):
        hit = np.isin(stored.event_ids, np.asarray(sorted(events), dtype=np.int64))
        rows = hit[stored.arrays.row_event]
        ids.update(stored.player_ids[stored.arrays.row_player[rows]].tolist())
    a = now.arrays
    mark = np.zeros(now.player_ids.shape[0], dtype=bool)
    if mark.shape[0] and ids:  # (player ids are in index order)
        wanted = np.asarray(sorted(ids), dtype=np.int64)
        at = np.minimum(np.searchsorted(now.player_ids, wanted), mark.shape[0] - 1)
        mark[at[now.player_ids[at] == wanted]] = True
    sizes = np.bincount(a.row_event, minlength=a.n_events)
    ends = np.cumsum(sizes)
    later = np.flatnonzero(a.event_day >= first.toordinal())
    for e in later[np.argsort(a.event_position[later], kind="stable")].tolist():
        players = a.row_player[ends[e] - sizes[e] : ends[e]]
        if mark[players].any():
            mark[players] = True
    ids.update(now.player_ids[mark].tolist())
    return ids


def store_reached(skill: SkillColumns, players: set[int]) -> int:
    """Rewrite the stored skill of ``players`` (the ids :func:`reached` gave) from ``skill``;
    all of it when none is stored yet. Returns the rows written."""
    ids, mu, sigma, competitions = skill
    if not SkillRating.objects.filter(community=COMMUNITY).exists():
        rows = np.arange(ids.shape[0])
    else:
        moved = sorted(players)
        for at in range(0, len(moved), CHUNK):  # SQLite bounds the parameters of a query
            chunk = moved[at : at + CHUNK]
            SkillRating.objects.filter(community=COMMUNITY, player_id__in=chunk).delete()
        rows = np.flatnonzero(np.isin(ids, np.asarray(moved, dtype=np.int64)))
    lines = zip(
        [COMMUNITY] * rows.shape[0],
        ids[rows].tolist(),
        mu[rows].tolist(),
        sigma[rows].tolist(),
        competitions[rows].tolist(),
        strict=True,
    )
    return insert_raw(SkillRating, FIELDS, lines)
