"""The stored histories the Wizard and Tantrix skill ratings are computed from, in rating order.

Each community's competitions come from rows of one table, rated in the order of a key of
three parts (a day, a second part, the row's id), which the database sorts and compares
(the same collation for both):

- ``wizard``: every regular game (:class:`~palmares.web.wizarddb.models.Placement` rows, one a
  player) with two players or more, by score, else place, keyed (game date, game code, game
  id);
- ``tantrix``: every stored match but the illustrative ones
  (:class:`~palmares.web.tantrixdb.models.Match` rows), by tournament points, keyed (event
  date, event id, match id).

:func:`Source.load` builds the competitions after a key (or all of them) exactly as a full
replay does (``ratings.competitions.from_games``, ``from_matches``; as columns, issue 33), and
:func:`Source.digest`
gives the counts and sums of the rows up to a key — ids never come back once deleted (SQLite's
AUTOINCREMENT, PostgreSQL's sequences) and rows written later have larger ones, so when the
count and the sum of the ids up to a key are what they were, no row up to it was deleted,
inserted or replaced since (``ratinglists.skill_refresh``); the sums of the players, places,
scores or points also catch a raw edit of a row in place.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

import numpy as np
from django.db.models import BigIntegerField, CharField, Count, F, Q, QuerySet, Sum
from django.db.models.functions import Cast, Round

from palmares.ratings.competitions import CompetitionColumns
from palmares.web.tantrixdb.models import Match
from palmares.web.wizarddb.models import Game, Placement

__all__ = ["SOURCES", "TANTRIX", "WIZARD", "Key", "Loaded", "Source"]

Key = tuple[date, str | int, int]
"""A competition's place in the rating order: (day, game code or event id, row id)."""

Digest = dict[str, int]


@dataclass(frozen=True, slots=True)
class Loaded:
    """Competitions in rating order, as columns, and the key of the last one (``None``:
    none)."""

    competitions: CompetitionColumns
    last: Key | None


@dataclass(frozen=True, slots=True)
class Source:
    """One community's history: its rows, their order key, the competitions they make."""

    community: str
    #: the rows' lookups of the key's three parts
    fields: tuple[str, str, str]
    #: every row rated (before the key's filter)
    rows: Callable[[], QuerySet[Any]]
    #: the aggregates of :meth:`digest`
    sums: Callable[[], dict[str, Any]]
    #: the competitions of the rows a filter keeps, in order, and the last one's key
    build: Callable[[Q], Loaded]

    def after(self, key: Key) -> Q:
        """The rows after ``key`` in the rating order (the day's bound first: a range of the
        day's index, not a scan)."""
        day, middle, pk = self.fields
        return Q(**{f"{day}__gte": key[0]}) & (
            Q(**{f"{day}__gt": key[0]})
            | Q(**{day: key[0], f"{middle}__gt": key[1]})
            | Q(**{day: key[0], middle: key[1], f"{pk}__gt": key[2]})
        )

    def upto(self, key: Key) -> Q:
        """The rows up to ``key`` (included) in the rating order."""
        day, middle, pk = self.fields
        return (
            Q(**{f"{day}__lt": key[0]})
            | Q(**{day: key[0], f"{middle}__lt": key[1]})
            | Q(**{day: key[0], middle: key[1], f"{pk}__lte": key[2]})
        )

    def load(self, after: Key | None = None) -> Loaded:
        """The competitions after ``after`` (``None``: every one), as the full replay has them."""
        return self.build(Q() if after is None else self.after(after))

    def digest(self, where: Q) -> Digest:
        """Counts and sums of the rows ``where`` keeps (0 for none)."""
        got = self.rows().filter(where).aggregate(**self.sums())
        return {name: int(value or 0) for name, value in sorted(got.items())}


def combined(a: Digest, b: Digest) -> Digest:
    """The digest of two disjoint sets of rows."""
    return {name: a.get(name, 0) + b.get(name, 0) for name in sorted(a.keys() | b.keys())}


def key_to_json(key: Key) -> list[object]:
    return [key[0].isoformat(), key[1], key[2]]


def key_from_json(value: Any) -> Key | None:
    """The key stored by :func:`key_to_json` (``None``: not one)."""
    try:
        day, middle, pk = value
        return date.fromisoformat(day), middle, int(pk)
    except (TypeError, ValueError):
        return None


def _wizard_rows() -> QuerySet[Any]:
    return Placement.objects.filter(game__division=Game.Division.REGULAR)


def _wizard_sums() -> dict[str, Any]:
    return {
        "rows": Count("id"),
        "ids": Sum("id"),
        "games": Sum("game_id"),
        "players": Sum("player_id"),
        "places": Sum("place"),
        "placed": Count("place"),
        "scores": Sum("score"),
        "scored": Count("score"),
    }


def _wizard_build(where: Q) -> Loaded:
    """Every regular game the filter keeps (by score, else place), keyed by player id, as
    columns (issue 33: ``wizard.tallies.standings`` places every game at once; no value per
    game or finish)."""
    from palmares.io.wizard_columnar import GameColumns

    rows = (
        _wizard_rows()
        .filter(where)
        .order_by("game__date", "game__code", "game_id", "place", "-score", "id")
        .annotate(day=Cast("game__date", CharField()))  # the text: no conversion per row
        .values_list("game_id", "game__code", "day", "player_id", "score", "place")
        .iterator(chunk_size=20_000)
    )
    games, ids = GameColumns.of_rows(rows)
    kept = np.diff(games.offsets) >= 2  # a game of two players or more
    if not bool(kept.any()):
        return Loaded(_none(), None)
    last = int(np.flatnonzero(kept)[-1])
    key = (date.fromordinal(int(games.days[last])), games.ids[last], int(ids[last]))
    # (the rows come in date order: the competitions are the games in the same order)
    return Loaded(games.competitions().select(kept), key)


def _none() -> CompetitionColumns:
    empty = np.zeros(0, dtype=np.int64)
    return CompetitionColumns([], np.zeros(1, dtype=np.int64), empty, empty, empty, [])


def _tantrix_rows() -> QuerySet[Any]:
    return Match.objects.filter(illustrative=False)


def _micro(field: str) -> Sum:
    """The sum of a point column in millionths (its stored scale) as an integer."""
    return Sum(Cast(F(field) * 1_000_000, BigIntegerField()))


def _tantrix_sums() -> dict[str, Any]:
    return {
        "rows": Count("id"),
        "ids": Sum("id"),
        "events": Sum("event_id"),
        "a": Sum("player_a_id"),
        "b": Sum("player_b_id"),
        "games": Sum("games"),
        "tp_a": _micro("tp_a"),
        "tp_b": _micro("tp_b"),
    }


def _tantrix_build(where: Q) -> Loaded:
    """Every non-illustrative match the filter keeps (by tournament points), keyed by id, as
    columns: the winner first, an even split a tie. The rows are taken one by one into compact
    arrays, their points compared in millionths (their stored scale) as the database gives
    them, whole."""
    rows = (
        _tantrix_rows()
        .filter(where)
        .order_by("event__date", "event_id", "id")
        .annotate(
            day=Cast("event__date", CharField()),
            diff=Cast(Round((F("tp_a") - F("tp_b")) * 1_000_000), BigIntegerField()),
        )
        .values_list("id", "player_a_id", "player_b_id", "diff", "event_id", "day")
        .iterator(chunk_size=20_000)
    )
    pk, a, b, diff, event, days = (array("q") for _ in range(6))
    ordinal: dict[str, int] = {}
    for key, one, two, gap, ev, day in rows:
        pk.append(key)
        a.append(one)
        b.append(two)
        diff.append(gap)
        event.append(ev)
        when = ordinal.get(day)
        if when is None:
            when = ordinal[day] = date.fromisoformat(day[:10]).toordinal()
        days.append(when)
    if not pk:
        return Loaded(_none(), None)
    gaps = np.frombuffer(diff, dtype=np.int64)
    a_first = gaps >= 0
    first = np.where(a_first, np.frombuffer(a, np.int64), np.frombuffer(b, np.int64))
    second = np.where(a_first, np.frombuffer(b, np.int64), np.frombuffer(a, np.int64))
    n = first.shape[0]
    both = np.empty(2 * n, dtype=np.int64)
    both[0::2], both[1::2] = first, second
    ids, codes_of = np.unique(both, return_inverse=True)
    place = np.ones(2 * n, dtype=np.int64)
    place[1::2] = np.where(gaps == 0, 1, 2)
    columns = CompetitionColumns(
        [str(i) for i in ids.tolist()],
        np.arange(0, 2 * n + 1, 2, dtype=np.int64),
        codes_of.reshape(-1).astype(np.int64),
        place,
        np.frombuffer(days, dtype=np.int64).copy(),
        _MatchKeys(event, a, b),
    )
    return Loaded(columns, (date.fromordinal(days[-1]), int(event[-1]), int(pk[-1])))


@dataclass(frozen=True, slots=True)
class _MatchKeys(Sequence[str]):
    """A stored match's key as ``from_matches`` makes it (``event round a–b``, no round)."""

    events: Sequence[int]
    a: Sequence[int]
    b: Sequence[int]

    def __len__(self) -> int:
        return len(self.events)

    def __getitem__(self, i: int) -> str:  # type: ignore[override]
        return f"{self.events[i]}  {self.a[i]}–{self.b[i]}".strip()


WIZARD = Source(
    "wizard", ("game__date", "game__code", "game_id"), _wizard_rows, _wizard_sums, _wizard_build
)
TANTRIX = Source(
    "tantrix", ("event__date", "event_id", "id"), _tantrix_rows, _tantrix_sums, _tantrix_build
)
SOURCES = {s.community: s for s in (WIZARD, TANTRIX)}
