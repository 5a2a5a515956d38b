"""The checks of the Tantrix files across rows as array operations (issue 33).

:mod:`palmares.io.tantrix` states the rules of ``matches.csv`` (one row per match, or one per
game) and ``ratings.csv`` and checks them row by row, naming every problem. This module checks
the same rules on the columns of :mod:`palmares.io.columnar` and, at the first sign of a problem,
returns ``None`` so that the row-wise reader reports it: a file it accepts is one the row-wise
reader accepts, read the same (``tests/io/test_fast_paths.py``).

A matches file is kept as :class:`MatchColumns`, from which a command takes the :class:`Match`
values of one event, or the competitions of the skill rating, without one object per match.
Tournament points are exact: each distinct value (a match's TP as written; a game's from
``tantrix.tournament_points.game_points``) is held once as a ``Decimal`` and, for the arrays,
as a whole number of units of its smallest decimal place; a per-game match's sum keeps the
exponent Python's ``Decimal`` sum gives it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.core.names import name_keys
from palmares.core.records import records
from palmares.io.columnar import Coded, CodedTable
from palmares.io.rowchecks import (
    Groups,
    all_distinct,
    effective,
    groups,
    mixed,
    named,
    repeated,
    spelled_once,
    values_of,
)
from palmares.ratings.competitions import CompetitionColumns, TantrixTournament
from palmares.tantrix.match import Match
from palmares.tantrix.rating_list import RatingEntry
from palmares.tantrix.tournament_points import GAME_POINTS, game_points

__all__ = ["MatchColumns", "match_columns", "rating_entries"]

I64 = npt.NDArray[np.int64]
B = npt.NDArray[np.bool_]
#: The most decimal places a TP value may have here (its database column has 6).
PLACES = 9


@dataclass(frozen=True, slots=True, eq=False)
class MatchColumns:
    """Every match of a matches file, in the order of its first row. Match m: players
    ``names[a[m]]`` and ``names[b[m]]``, ``games[m]``, TP ``points[tp_a[m]]`` and
    ``points[tp_b[m]]`` (``units[…]``: the same in units of 10^-PLACES), event
    ``events[event[m]]``, date ``days[m]`` (ordinal; 0: none), round ``rounds[round[m]]``,
    ``own[m]`` (−1: none), ``illustrative[m]`` and ``line[m]`` (its first row's)."""

    names: Sequence[str]
    a: I64
    b: I64
    games: I64
    points: Sequence[Decimal]
    units: I64
    tp_a: I64
    tp_b: I64
    events: Sequence[str]
    event: I64
    days: I64
    rounds: Sequence[str]
    round: I64
    own: I64
    illustrative: B
    line: I64
    _cache: dict[int, TantrixTournament] = field(default_factory=dict)

    def __len__(self) -> int:
        return int(self.a.shape[0])

    def matches(self, which: Iterable[int] | None = None) -> tuple[Match, ...]:
        """The matches (``which``: only those, by index) as :class:`Match` values, made a
        column at a time (:func:`~palmares.core.records.records`)."""
        if which is None:
            m = np.arange(len(self), dtype=np.int64)
        else:
            m = np.fromiter(which, dtype=np.int64)
        names, points = self.names, self.points
        name_of, point_of = names.__getitem__, points.__getitem__
        days: dict[int, date | None] = {0: None}
        for day in np.unique(self.days[m]).tolist():
            days.setdefault(day, date.fromordinal(day) if day else None)
        own = self.own[m].tolist()
        return tuple(
            records(
                Match,
                list(map(name_of, self.a[m].tolist())),
                list(map(name_of, self.b[m].tolist())),
                self.games[m].tolist(),
                list(map(point_of, self.tp_a[m].tolist())),
                list(map(point_of, self.tp_b[m].tolist())),
                list(map(self.events.__getitem__, self.event[m].tolist())),
                list(map(days.__getitem__, self.days[m].tolist())),
                list(map(self.rounds.__getitem__, self.round[m].tolist())),
                [names[o] if o >= 0 else None for o in own],
                self.illustrative[m].tolist(),
                self.line[m].tolist(),
            )
        )

    def event_names(self) -> list[str]:
        """The events, in the order of their first match."""
        _, first = np.unique(self.event, return_index=True)
        return [self.events[self.event[i]] for i in np.sort(first).tolist()]

    def of_event(self, name: str) -> tuple[Match, ...]:
        """The matches of event ``name``, in file order."""
        if name not in self.events:
            return ()
        return self.matches(np.flatnonzero(self.event == self.events.index(name)).tolist())

    def players(self) -> list[str]:
        """Every player of a match."""
        seen = np.zeros(len(self.names), dtype=np.bool_)
        seen[self.a] = True
        seen[self.b] = True
        return [self.names[i] for i in np.flatnonzero(seen).tolist()]

    def competitions(
        self, lists: Mapping[tuple[str, date | None], Sequence[RatingEntry]] | None = None
    ) -> CompetitionColumns:
        """``ratings.competitions.from_matches`` as columns: each match not illustrative a
        competition by TP, tournaments (event and date) in date order, each whole, matches in
        file order; each with its :class:`TantrixTournament` (made when first asked for)."""
        listed = lists or {}
        tournament = groups(self.event, self.days).of_row
        first = np.full(int(tournament.max(initial=-1)) + 1, len(self), dtype=np.int64)
        np.minimum.at(first, tournament, np.arange(len(self), dtype=np.int64))
        kept = np.flatnonzero(~self.illustrative)
        order = kept[np.lexsort((kept, first[tournament[kept]], np.maximum(self.days[kept], 1)))]
        diff = self.units[self.tp_a[order]] - self.units[self.tp_b[order]]
        a_first = diff >= 0
        one = np.where(a_first, self.a[order], self.b[order])
        two = np.where(a_first, self.b[order], self.a[order])
        n = order.shape[0]
        player = np.empty(2 * n, dtype=np.int64)
        player[0::2], player[1::2] = one, two
        place = np.ones(2 * n, dtype=np.int64)
        place[1::2] = np.where(diff == 0, 1, 2)
        members: dict[int, list[int]] = {}

        def of(c: int) -> TantrixTournament:
            t = int(tournament[order[c]])
            if t not in self._cache:
                if not members:
                    for k, m in enumerate(tournament.tolist()):
                        members.setdefault(m, []).append(k)
                matches = self.matches(members[t])
                key = (matches[0].event, matches[0].date)
                entries = listed.get(key)
                self._cache[t] = TantrixTournament(
                    key[0], key[1], matches, None if entries is None else tuple(entries)
                )
            return self._cache[t]

        return CompetitionColumns(
            self.names,
            np.arange(0, 2 * n + 1, 2, dtype=np.int64),
            player,
            place,
            self.days[order],
            _Keys(self, order),
            tournament=of,
        )

    @classmethod
    def of(cls, matches: Sequence[Match]) -> MatchColumns:
        """The columns of :class:`Match` values (a file the row-wise reader read); each match
        keeps its own TP values (20 and 20.0 stay as written)."""
        names: dict[str, int] = {}
        events: dict[str, int] = {}
        rounds: dict[str, int] = {}
        a = _codes(names, [m.player_a for m in matches])
        b = _codes(names, [m.player_b for m in matches])
        owners = [m.own_rating for m in matches]
        own = np.array([-1 if o is None else names[o] for o in owners], dtype=np.int64)
        event = _codes(events, [m.event for m in matches])
        round_ = _codes(rounds, [m.round for m in matches])
        points = [tp for m in matches for tp in (m.tp_a, m.tp_b)]
        units = _units(points)
        assert units is not None  # a match's TP fit its database column
        pairs = np.arange(0, 2 * len(matches), 2, dtype=np.int64)
        return cls(
            list(names),
            a,
            b,
            np.array([m.games for m in matches], dtype=np.int64),
            points,
            units.reshape(-1),
            pairs,
            pairs + 1,
            list(events),
            event,
            np.array([m.date.toordinal() if m.date else 0 for m in matches], dtype=np.int64),
            list(rounds),
            round_,
            own,
            np.array([m.illustrative for m in matches], dtype=np.bool_),
            np.array([m.line or 0 for m in matches], dtype=np.int64),
        )


def _codes(index: dict[str, int], values: list[str]) -> I64:
    return np.array([index.setdefault(v, len(index)) for v in values], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class _Keys(Sequence[str]):
    """A competition's key (``event round a–b``), made when asked for."""

    columns: MatchColumns
    order: I64

    def __len__(self) -> int:
        return int(self.order.shape[0])

    def __getitem__(self, i: int) -> str:  # type: ignore[override]
        c, m = self.columns, int(self.order[i])
        head = f"{c.events[c.event[m]]} {c.rounds[c.round[m]]}"
        return f"{head} {c.names[c.a[m]]}–{c.names[c.b[m]]}".strip()


def _joint(*columns: Coded) -> tuple[list[I64], list[str]]:
    """The rows of several name columns coded into one list of names (−1: empty)."""
    index: dict[str, int] = {}
    out: list[I64] = []
    for column in columns:
        codes, values = named(column)
        table = np.array([index.setdefault(v, len(index)) for v in values] + [-1], np.int64)
        out.append(table[codes])
    return out, list(index)


def _units(values: Sequence[Decimal | None]) -> I64 | None:
    """Each value in units of 10^-PLACES (``None``: a value with more places)."""
    out = []
    for v in values:
        if v is None:
            out.append(0)
            continue
        scaled = v.scaleb(PLACES)
        if scaled != scaled.to_integral_value():
            return None
        out.append(int(scaled))
    return np.array(out, dtype=np.int64)


def _sum(units: int, exponent: int) -> Decimal:
    """The ``Decimal`` Python's sum of decimals of smallest exponent ``exponent`` gives."""
    return Decimal(units // 10 ** (PLACES + exponent)).scaleb(exponent)


def _coded_together(*columns: Coded) -> tuple[list[I64], list[Any]]:
    """The rows of several columns coded into one list of their values (−1: empty)."""
    index: dict[Any, int] = {}
    out: list[I64] = []
    for column in columns:
        table = np.array([index.setdefault(v, len(index)) for v in column.values] + [-1])
        out.append(table.astype(np.int64)[column.codes])
    return out, list(index)


def match_columns(t: CodedTable) -> MatchColumns | None:
    """The matches of a coded ``matches.csv`` (``tantrix.MATCH_COLUMNS``), or ``None`` when any
    rule of :func:`palmares.io.tantrix.read_matches_csv` is broken (or might be)."""
    if t.rows == 0 or not spelled_once(t["player_a"], t["player_b"], t["own_rating"]):
        return None
    (ja, jb, jo), names = _joint(t["player_a"], t["player_b"], t["own_rating"])
    given = {c: t[c].codes >= 0 for c in t.columns}
    match_form = given["games"] & given["tp_a"] & given["tp_b"]
    game_form = given["score_a"] & given["score_b"]
    extra = given["minutes_a"] | given["minutes_b"] | given["game"]
    # Each row of one form, whole and alone; a player never meets themself; own_rating one of
    # the two.
    if bool(np.any(ja == jb)) or not bool(np.all(match_form ^ game_form)):
        return None
    if bool(np.any(match_form & (extra | given["score_a"] | given["score_b"]))):
        return None
    if bool(np.any(game_form & (given["games"] | given["tp_a"] | given["tp_b"]))):
        return None
    if bool(np.any((jo >= 0) & (jo != ja) & (jo != jb))):
        return None
    # A match (event, round, the pair) once: one row per match, or its games' rows, which agree
    # on own_rating and number no game twice.
    g = groups(effective(t["event"]), effective(t["round"]), np.minimum(ja, jb), np.maximum(ja, jb))
    if bool(np.any(match_form & (g.sizes()[g.of_row] > 1))):
        return None
    if mixed(g, jo) or repeated(g, t["game"].class_of()):
        return None
    tp_units = _units([*t["tp_a"].values, *t["tp_b"].values])
    if tp_units is None:
        return None
    na = len(t["tp_a"].values)
    unit_a = np.append(tp_units[:na], 0)[t["tp_a"].codes]
    unit_b = np.append(tp_units[na:], 0)[t["tp_b"].codes]
    count = values_of(t["games"])
    if bool(np.any(match_form & (unit_a + unit_b != GAME_POINTS * count * 10**PLACES))):
        return None
    # Each game's TP, its scores (and minutes) read from the first row's player A.
    flip = ja != ja[g.first[g.of_row]]
    (sa, sb), scores = _coded_together(t["score_a"], t["score_b"])
    (ma, mb), minutes = _coded_together(t["minutes_a"], t["minutes_b"])
    sa, sb = np.where(flip, sb, sa), np.where(flip, sa, sb)
    ma, mb = np.where(flip, mb, ma), np.where(flip, ma, mb)
    played = np.flatnonzero(game_form)
    if played.shape[0] == 0:
        return _matches(t, g, names, (ja, jb, jo), match_form, *_no_games(t.rows))
    # Each distinct (score A, score B, minutes A, minutes B) once, by one integer key.
    ns, nm = len(scores) + 1, len(minutes) + 1
    key = ((sa[played] * ns + sb[played]) * nm + (ma[played] + 1)) * nm + (mb[played] + 1)
    combos, which = np.unique(key, return_inverse=True)
    outcomes: list[Decimal] = []
    for k in combos.tolist():
        k, cmb = divmod(k, nm)
        k, cma = divmod(k, nm)
        ca, cb = divmod(k, ns)
        cma, cmb = cma - 1, cmb - 1
        try:
            points = game_points(
                scores[ca],
                scores[cb],
                minutes_a=None if cma < 0 else minutes[cma],
                minutes_b=None if cmb < 0 else minutes[cmb],
            )
        except ValueError:
            return None
        outcomes += [points.tp_a, points.tp_b]
    game_units = _units(outcomes)
    if game_units is None:
        return None
    exponents = np.array([min(0, int(v.as_tuple().exponent)) for v in outcomes], np.int64)
    which = which.reshape(-1)  # (numpy 2 may give the inverse the input's shape)
    row_units = np.zeros((t.rows, 2), dtype=np.int64)
    row_exp = np.zeros((t.rows, 2), dtype=np.int64)
    row_units[played] = game_units.reshape(-1, 2)[which]
    row_exp[played] = exponents.reshape(-1, 2)[which]
    return _matches(t, g, names, (ja, jb, jo), match_form, row_units, row_exp)


def _no_games(rows: int) -> tuple[I64, I64]:
    return np.zeros((rows, 2), dtype=np.int64), np.zeros((rows, 2), dtype=np.int64)


def _matches(
    t: CodedTable,
    g: Groups,
    names: list[str],
    players: tuple[I64, I64, I64],
    match_form: B,
    row_units: I64,
    row_exp: I64,
) -> MatchColumns:
    """The matches of the checked rows: a match row as written; a game's rows summed, their
    first row's players, event, date and round, the own_rating they give, illustrative when
    any row says so."""
    ja, jb, jo = players
    first = g.first
    per_game = np.flatnonzero(~match_form[first])
    total = np.zeros((g.count, 2), dtype=np.int64)
    np.add.at(total, g.of_row, row_units)
    low = np.zeros((g.count, 2), dtype=np.int64)
    np.minimum.at(low, g.of_row, row_exp)
    own = np.full(g.count, -1, dtype=np.int64)
    given = np.flatnonzero(jo >= 0)
    own[g.of_row[given]] = jo[given]  # one own_rating a match (checked)
    shown = np.bincount(g.of_row, weights=values_of(t["illustrative"], bool), minlength=g.count)
    # Every TP as a Decimal: the values written, then each per-game match's sums.
    points: list[Decimal] = [*t["tp_a"].values, *t["tp_b"].values]
    na = len(t["tp_a"].values)
    tp_a = np.append(np.arange(na, dtype=np.int64), -1)[t["tp_a"].codes[first]]
    tp_b = np.append(np.arange(na, len(points), dtype=np.int64), -1)[t["tp_b"].codes[first]]
    sums: dict[tuple[int, int], int] = {}
    for side, out in ((0, tp_a), (1, tp_b)):
        for m, units, exponent in zip(
            per_game.tolist(),
            total[per_game, side].tolist(),
            low[per_game, side].tolist(),
            strict=True,
        ):
            if (units, exponent) not in sums:
                sums[(units, exponent)] = len(points)
                points.append(_sum(units, exponent))
            out[m] = sums[(units, exponent)]
    point_units = _units(points)
    assert point_units is not None  # every value was checked
    count = values_of(t["games"])[first]
    count[per_game] = g.sizes()[per_game]
    days = values_of(t["date"], date.toordinal)[first]
    events, event = _at_first(t["event"], first)
    rounds, round_ = _at_first(t["round"], first)
    return MatchColumns(
        names,
        ja[first],
        jb[first],
        count,
        points,
        point_units,
        tp_a,
        tp_b,
        events,
        event,
        days,
        rounds,
        round_,
        own,
        shown > 0,
        t.lines[first],
    )


def _at_first(column: Coded, first: I64) -> tuple[list[str], I64]:
    """A text column's values (the default for an empty cell) and each group's code into
    them, from its first row."""
    codes, values = named(column)
    values.append(column.default)
    codes = np.where(codes < 0, len(values) - 1, codes)
    return values, codes[first]


def rating_entries(
    t: CodedTable, established: int, spelled: Mapping[str, str]
) -> tuple[RatingEntry, ...] | None:
    """The entries of a coded ``ratings.csv``, or ``None`` when any rule of
    :func:`palmares.io.tantrix.read_ratings_csv` is broken (or might be): a name spelled twice
    (in the file, or otherwise than ``spelled``, the matches' spellings by name key), a player
    listed twice."""
    player = t["player"]
    if not spelled_once(player):
        return None
    codes, names = named(player)
    if spelled and any(
        spelled.get(k, n) != n for k, n in zip(name_keys(names), names, strict=True)
    ):
        return None
    if not all_distinct(codes):
        return None
    rows = np.arange(t.rows)
    games = t["games"].at(rows)
    # Official: as written, else established (G unknown, or at least ``established``).
    flag = values_of(t["official"], lambda v: 1 if v else 0, empty=-1)
    known = values_of(t["games"], empty=-1)
    official = np.where(flag >= 0, flag == 1, (known < 0) | (known >= established))
    rating = t["rating"]
    ratings = list(map([float(r) for r in rating.values].__getitem__, rating.codes.tolist()))
    return tuple(
        records(
            RatingEntry,
            list(map(names.__getitem__, codes.tolist())),
            ratings,
            games,
            official.tolist(),
        )
    )
