"""The checks of the Wizard files across rows as array operations (issue 33).

:mod:`palmares.io.wizard` states the rules of ``games.csv`` and ``tournament.csv`` and checks
them row by row, naming every problem. This module checks the same rules on the columns of
:mod:`palmares.io.columnar` (:mod:`palmares.io.rowchecks`) and, at the first sign of a problem,
returns ``None`` so that the row-wise reader reports it: a file it accepts is one the row-wise
reader accepts, read the same (``tests/io/test_fast_paths.py`` compares both on the fuzzer's
files).

A games file is kept as :class:`GameColumns` — each game's date and id, each row's player,
score, place and standing — from which the commands take the :class:`Game` values they need
(a month's) or the competitions of the skill rating, without one object per row.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import accumulate
from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.core.places import competition_places
from palmares.core.records import records
from palmares.io.columnar import CodedTable
from palmares.io.rowchecks import (
    effective,
    groups,
    mixed,
    named,
    repeated,
    spelled_once,
    values_of,
)
from palmares.ratings.competitions import CompetitionColumns
from palmares.wizard.game import Finish, Game
from palmares.wizard.month import LeagueTable
from palmares.wizard.placings import Placing, Tournament
from palmares.wizard.tallies import standings

__all__ = ["GameColumns", "game_columns", "tournaments_of"]

I64 = npt.NDArray[np.int64]
B = npt.NDArray[np.bool_]
#: Players in a game (``wizard.read_games``: 3 to 6).
LEAST, MOST = 3, 6


@dataclass(frozen=True, slots=True, eq=False)
class GameColumns:
    """Every game of a games file: game g is entries ``offsets[g]:offsets[g+1]`` (its rows in
    file order), games in the order of their first row; ``ids[g]`` and ``days[g]`` (ordinal)
    its id and date. Entry e: player ``names[player[e]]``, ``score[e]`` where ``scored[e]``,
    ``place[e]`` (0: none) and ``standing[e]``, its competition place in the game (by score
    when every player of the game has one, else by place)."""

    ids: Sequence[str]
    days: I64
    offsets: I64
    names: Sequence[str]
    player: I64
    score: I64
    scored: B
    place: I64
    standing: I64

    def __len__(self) -> int:
        return int(self.offsets.shape[0] - 1)

    def games(self, which: Sequence[int] | None = None) -> tuple[Game, ...]:
        """The games (``which``: only those, by index) as :class:`Game` values."""
        chosen: Sequence[int]
        if which is None:
            chosen, entries = range(len(self)), np.arange(self.player.shape[0])
        else:
            chosen = which
            sizes = np.diff(self.offsets)[np.asarray(which, dtype=np.int64)]
            ends = np.cumsum(sizes)
            entries = np.repeat(
                self.offsets[np.asarray(which, dtype=np.int64)] - ends + sizes, sizes
            )
            entries += np.arange(entries.shape[0])
        names = self.names
        who = [names[p] for p in self.player[entries].tolist()]
        scored = self.scored[entries].tolist()
        scores = [
            s if k else None for s, k in zip(self.score[entries].tolist(), scored, strict=True)
        ]
        places = [p or None for p in self.place[entries].tolist()]
        finishes = records(Finish, who, scores, places)
        picked = np.asarray(chosen, dtype=np.int64)
        ends = np.cumsum(np.diff(self.offsets)[picked]).tolist()
        starts = [0, *ends[:-1]] if ends else []
        days = self.days[picked].tolist()
        on = {d: date.fromordinal(d) for d in set(days)}
        return tuple(
            records(  # Game checks each game: called (records calls it), the collector paused
                Game,
                [self.ids[g] for g in picked.tolist()],
                list(map(on.__getitem__, days)),
                [tuple(finishes[a:e]) for a, e in zip(starts, ends, strict=True)],
            )
        )

    def between(self, first: date, last: date) -> tuple[Game, ...]:
        """The games dated ``first`` to ``last`` (inclusive), in file order."""
        inside = (self.days >= first.toordinal()) & (self.days <= last.toordinal())
        return self.games(np.flatnonzero(inside).tolist())

    def competitions(self) -> CompetitionColumns:
        """Each game a competition by its standing, in date order (same-day games in file
        order), as ``ratings.competitions.from_games`` orders them."""
        order = np.argsort(self.days, kind="stable")
        sizes = np.diff(self.offsets)
        rank = np.empty(order.shape[0], dtype=np.int64)
        rank[order] = np.arange(order.shape[0], dtype=np.int64)
        position = np.repeat(rank, sizes)
        entries = np.lexsort((self.standing, position))
        offsets = np.zeros(order.shape[0] + 1, dtype=np.int64)
        np.cumsum(sizes[order], out=offsets[1:])
        keys = self.ids
        return CompetitionColumns(
            self.names,
            offsets,
            self.player[entries],
            self.standing[entries],
            self.days[order],
            [keys[g] for g in order.tolist()],
        )

    def month_tables(self, *, paid: bool = False) -> list[LeagueTable]:
        """Every month's league table, in order (``paid``: of the players who may earn a master
        point, which pays the same awards and ranks the same players: ``wizard.tallies``)."""
        from palmares.wizard.month import table_of
        from palmares.wizard.tallies import monthly

        tallies = monthly(
            self.days, self.offsets, self.player, self.names, self.standing, paid=paid
        )
        return [table_of(t, period) for period, t in tallies.items()]

    @classmethod
    def of_rows(
        cls,
        rows: Iterable[tuple[object, str, date | str, object, int | None, int | None]],
        names: Mapping[object, str] | None = None,
    ) -> tuple[GameColumns, list[Any]]:
        """The columns of stored rows (a database's: one per player per game, the rows of a
        game together): (game, code, date or its ISO text, player, score or ``None``, place or
        ``None``); ``names``: each player's name where the rows give a key (else the key as
        text). Also each game's key. The rows are taken one by one into compact arrays (a
        million rows as tuples held half a gigabyte)."""
        index: dict[object, int] = {}
        player, score, place, starts = array("q"), array("q"), array("q"), array("q")
        scored = bytearray()
        codes: list[str] = []
        days: list[int] = []
        keys: list[Any] = []
        current: object = None
        n = 0
        for game, code, day, who, points, placed in rows:
            if n == 0 or game != current:
                current = game
                keys.append(game)
                starts.append(n)
                codes.append(code)
                days.append(_day(day).toordinal())
            player.append(index.setdefault(who, len(index)))
            score.append(points or 0)
            scored.append(points is not None)
            place.append(placed or 0)
            n += 1
        offsets = np.append(np.frombuffer(starts, dtype=np.int64), n).astype(np.int64)
        number = np.repeat(np.arange(len(keys), dtype=np.int64), np.diff(offsets))
        score_a = np.frombuffer(score, dtype=np.int64).copy()
        scored_a = np.frombuffer(bytes(scored), dtype=np.bool_).copy()
        place_a = np.frombuffer(place, dtype=np.int64).copy()
        columns = cls(
            codes,
            np.array(days, dtype=np.int64),
            offsets,
            tuple(str(p) for p in index) if names is None else tuple(names[p] for p in index),
            np.frombuffer(player, dtype=np.int64).copy(),
            score_a,
            scored_a,
            place_a,
            standings(number, score_a, scored_a, place_a),
        )
        return columns, keys

    @classmethod
    def of(cls, games: Sequence[Game]) -> GameColumns:
        """The columns of :class:`Game` values (a file the row-wise reader read)."""
        index: dict[str, int] = {}
        finishes = [f for g in games for f in g.finishes]
        player = np.array([index.setdefault(f.player, len(index)) for f in finishes], np.int64)
        standing = [g.standing()[f.player] for g in games for f in g.finishes]
        return cls(
            [g.game for g in games],
            np.array([g.day.toordinal() for g in games], dtype=np.int64),
            np.array([0, *accumulate(len(g.finishes) for g in games)], dtype=np.int64),
            tuple(index),
            player,
            np.array([f.score or 0 for f in finishes], dtype=np.int64),
            np.array([f.score is not None for f in finishes], dtype=np.bool_),
            np.array([f.place or 0 for f in finishes], dtype=np.int64),
            np.array(standing, dtype=np.int64),
        )


def _day(value: date | str) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value[:10])


def game_columns(t: CodedTable) -> GameColumns | None:
    """The games of a coded ``games.csv`` (``wizard.GAME_COLUMNS``), or ``None`` when any rule
    of :func:`palmares.io.wizard.read_games` is broken (or might be)."""
    player = t["player"]
    if not spelled_once(player):
        return None
    g = groups(t["game"].class_of())
    if mixed(g, t["date"].class_of()) or repeated(g, player.class_of()):
        return None
    scored, placed = t["score"].codes >= 0, t["place"].codes >= 0
    if not bool(np.all(scored | placed)):
        return None
    sizes = g.sizes()
    if bool(np.any((sizes < LEAST) | (sizes > MOST))):
        return None
    order = g.order()
    game = g.of_row[order]
    score, place = values_of(t["score"])[order], values_of(t["place"])[order]
    scored, placed = scored[order], placed[order]
    # Scores decide where every player of the game has one (a place beside must agree);
    # else every player needs a place, and the places are a ranking (1, 2, 2, 4 …).
    standing = standings(game, score, scored, place)
    all_scored = (np.bincount(game, weights=scored, minlength=g.count) == sizes)[game]
    if bool(np.any(placed & (place != standing))) or not bool(np.all(all_scored | placed)):
        return None
    days = values_of(t["date"], date.toordinal)[g.first]
    who, names = named(player)
    return GameColumns(
        t["game"].at(g.first),
        days,
        g.offsets(),
        names,
        who[order],
        score,
        scored,
        place,
        standing,
    )


def tournaments_of(t: CodedTable) -> tuple[Tournament, ...] | None:
    """The tournaments of a coded ``tournament.csv`` (``wizard.TOURNAMENT_COLUMNS``), or
    ``None`` when any rule of :func:`palmares.io.wizard.read_tournaments` is broken (or might
    be)."""
    player = t["player"]
    if not spelled_once(player):
        return None
    g = groups(t["tournament"].class_of())
    if repeated(g, player.class_of()) or mixed(g, t["date"].class_of()):
        return None
    if mixed(g, effective(t["invitational"])):
        return None
    order = g.order()
    tournament = g.of_row[order]
    place = values_of(t["place"])[order]
    if bool(np.any(competition_places(tournament, place, descending=False) != place)):
        return None
    names = [player.values[c] for c in player.codes[order].tolist()]
    finished = t["games_finished"].at(order)
    placings = list(map(Placing, names, place.tolist(), finished))
    bounds = g.offsets().tolist()
    titles = t["tournament"].at(g.first)
    days = t["date"].at(g.first)
    flags = t["invitational"].at(g.first)
    return tuple(
        Tournament(titles[k], days[k], tuple(placings[bounds[k] : bounds[k + 1]]), flags[k])
        for k in range(g.count)
    )
