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
replay does (``ratings.competitions.from_games``, ``from_matches``), and :func:`Source.digest`
gives the counts and sums of the rows up to a key — ids never come back once deleted (SQLite's
AUTOINCREMENT, PostgreSQL's sequences) and rows written later have larger ones, so when the
count and the sum of the ids up to a key are what they were, no row up to it was deleted,
inserted or replaced since (``ratinglists.skill_refresh``); the sums of the players, places,
scores or points also catch a raw edit of a row in place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.db.models import BigIntegerField, Count, F, Q, QuerySet, Sum
from django.db.models.functions import Cast

from palmares.ratings.competitions import Competition, from_games, from_matches
from palmares.tantrix.match import Match as MatchValue
from palmares.web.tantrixdb.models import Match
from palmares.web.wizarddb.models import Game, Placement
from palmares.wizard.game import Finish
from palmares.wizard.game import Game as GameValue

__all__ = ["SOURCES", "TANTRIX", "WIZARD", "Key", "Loaded", "Source"]

Key = tuple[date, str | int, int]
"""A competition's place in the rating order: (day, game code or event id, row id)."""

Digest = dict[str, int]


@dataclass(frozen=True, slots=True)
class Loaded:
    """Competitions in rating order and the key of the last one (``None``: none)."""

    competitions: tuple[Competition, ...]
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
    """Every regular game the filter keeps (by score, else place), keyed by player id."""
    rows = (
        _wizard_rows()
        .filter(where)
        .order_by("game__date", "game__code", "game_id", "place", "-score", "id")
        .values_list("game_id", "game__code", "game__date", "player_id", "score", "place")
    )
    games: list[GameValue] = []
    last: Key | None = None
    current: int | None = None
    finishes: list[Finish] = []
    code, day = "", date.min

    def close() -> None:
        nonlocal last
        if len(finishes) >= 2:
            games.append(GameValue(code, day, tuple(finishes)))
            assert current is not None
            last = (day, code, current)

    for game_id, g_code, g_day, player, score, place in rows.iterator(chunk_size=5000):
        if game_id != current:
            close()
            current, code, day, finishes = game_id, g_code, g_day, []
        finishes.append(Finish(str(player), score, place))
    close()
    return Loaded(from_games(games), last)


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
    """Every non-illustrative match the filter keeps (by tournament points), keyed by id."""
    rows = _tantrix_rows().filter(where).order_by("event__date", "event_id", "id")
    matches: list[MatchValue] = []
    last: Key | None = None
    for pk, a, b, games, tp_a, tp_b, event, day in rows.values_list(
        "id", "player_a_id", "player_b_id", "games", "tp_a", "tp_b", "event_id", "event__date"
    ):
        matches.append(
            MatchValue(
                str(a), str(b), games, Decimal(tp_a), Decimal(tp_b), event=str(event), date=day
            )
        )
        last = (day, int(event), int(pk))
    return Loaded(from_matches(matches), last)


WIZARD = Source(
    "wizard", ("game__date", "game__code", "game_id"), _wizard_rows, _wizard_sums, _wizard_build
)
TANTRIX = Source(
    "tantrix", ("event__date", "event_id", "id"), _tantrix_rows, _tantrix_sums, _tantrix_build
)
SOURCES = {s.community: s for s in (WIZARD, TANTRIX)}
