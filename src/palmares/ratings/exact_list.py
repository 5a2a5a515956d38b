"""The exact rating list of a replayed history (``RatingHistory.ranking(exact=True)``): the
ranks and ties of the exact ratings, each rating the Fraction or the float proved nearest to it
(:mod:`palmares.ratings.certified`), in one pass over the engine's rows, then the list's order
(rank, then name). Split from :mod:`palmares.ratings.history`, which calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from fractions import Fraction

import numpy as np

from palmares.ratings.certified import (
    CertifiedList,
    certified_list,
    exact_ratings,
    replay_double_double,
)
from palmares.ratings.engine import Engine
from palmares.ratings.events import Player
from palmares.ratings.ranking import Ranking, RankingEntry

__all__ = ["exact_ranking", "list_order"]


def exact_ranking(
    eng: Engine,
    named: Sequence[Player],
    nat_names: Sequence[str],
    value: Callable[[int], Fraction],
    shares: Callable[[], tuple[np.ndarray, np.ndarray]],
    listed: np.ndarray,
    nat: np.ndarray,
    events: np.ndarray,
    upto: int | None,
    as_of: date | None,
    nationality: str | None,
    limit: int | None,
    fractions: bool,
) -> Ranking:
    """The exact list of the players ``listed`` (engine indexes) as of day ``upto`` (an
    ordinal; ``None``: every event): ``named[p]`` is player ``p``, ``value(e)`` event ``e``'s
    exact tournament value, ``shares()`` each event's share of the distance as a
    double-double; ``nat`` and ``events``: each player's nationality code and events counted."""
    last_day = date.max.toordinal() if upto is None else upto
    n = eng.n_rows

    def replay() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        share_hi, share_lo = shares()
        return replay_double_double(
            eng.by_position,
            eng.ev_start,
            eng.ev_end,
            eng.ev_day[: eng.n_events],
            last_day,
            share_hi,
            share_lo,
            eng.ev_players[: eng.n_events],
            eng.row_player[:n],
            eng.row_rank[:n],
            eng.n_players,
        )

    def exact(players: Sequence[int]) -> dict[int, Fraction]:
        rows = np.flatnonzero(np.isin(eng.row_player[:n], np.asarray(players)))
        rows = rows[eng.ev_day[eng.row_event[rows]] <= last_day]
        position = np.empty(eng.n_events, dtype=np.int64)
        position[eng.by_position] = np.arange(eng.n_events)
        rows = rows[np.lexsort((position[eng.row_event[rows]], eng.row_player[rows]))]
        return exact_ratings(
            rows, eng.row_player, eng.row_event, eng.row_rank, eng.ev_players, value
        )

    found = certified_list(listed.astype(np.int64), nat, replay, exact, fractions_only=fractions)
    players = found.players.tolist()
    keep: list[int] | range = range(len(players))
    if nationality is not None:
        keep = [
            i for i, p in enumerate(players) if nat[p] >= 0 and nat_names[nat[p]] == nationality
        ]
    ranks = found.ranks.tolist()
    order = list_order(named, np.asarray(keep, dtype=np.int64), found, limit)
    nranks = found.national_ranks.tolist()
    codes, counted = nat.tolist(), events.tolist()
    entries = []
    for i in order[:limit]:
        p = players[i]
        code, player = codes[p], named[p]
        entries.append(
            RankingEntry(
                rank=ranks[i],
                national_rank=nranks[i] if code >= 0 else None,
                player=player.key,
                name=player.name,
                nationality=nat_names[code] if code >= 0 else None,
                rating=found.ratings[i],
                events=counted[p],
            )
        )
    return Ranking(as_of, nationality, tuple(entries), exact=True, listed=len(order))


def list_order(
    named: Sequence[Player], keep: np.ndarray, found: CertifiedList, limit: int | None
) -> list[int]:
    """The list's order of the entries ``keep``: rank, then name, then the order players
    were first given. Ranks and indices sort as arrays; only players sharing a rank are
    sorted by name (and only as far as the first ``limit`` entries need)."""
    ranks, players = found.ranks[keep], found.players[keep]
    by_rank = np.lexsort((players, ranks))
    order, r = keep[by_rank], ranks[by_rank]
    n = int(order.shape[0])
    if n < 2:
        return [int(i) for i in order.tolist()]
    start = np.flatnonzero(np.concatenate([[True], r[1:] != r[:-1]]))
    end = np.append(start[1:], n)
    out: list[int] = order.tolist()
    listed: list[int] = found.players.tolist()
    shown = n if limit is None else min(limit, n)
    for s, t in zip(start.tolist(), end.tolist(), strict=True):
        if s >= shown:
            break
        if t - s > 1:
            out[s:t] = sorted(out[s:t], key=lambda i: (named[listed[i]].name, listed[i]))
    return out
