"""Use cases for Tantrix: import a tournament's matches (and the pre-tournament rating list)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from django.db import transaction

from palmares.io.fields import boolean, integer, iso_date, text
from palmares.io.tables import Column, RowProblems, read_rows
from palmares.web.events.models import Event
from palmares.web.lib.names import name_key
from palmares.web.players.services import resolve_players
from palmares.web.tantrixdb.models import Match, Rating

__all__ = ["MATCHES", "RATINGS", "import_matches"]

MATCHES = [
    Column("event", text, required=True),
    Column("date", iso_date, required=True),
    Column("round", text, required=True),
    Column("player_a", text, required=True),
    Column("player_b", text, required=True),
    Column("games", integer(1), required=True),
    Column("tp_a", integer(0), required=True),
    Column("tp_b", integer(0), required=True),
    Column("own_rating", text),
    Column("illustrative", boolean, default=False),
]
RATINGS = [
    Column("player", text, required=True),
    Column("rating", integer(0), required=True),
    Column("games", integer(0)),
    Column("official", boolean, default=False),
]


def import_matches(path: Path | str, *, ratings: Path | str | None = None) -> Event:
    """Load a tournament's ``matches.csv`` (one event); replaces that event's matches whole."""
    rows = read_rows(path, MATCHES)
    problems = RowProblems(str(path))
    first = rows[0] if rows else None
    for row in rows:
        if first is not None and (row["event"], row["date"]) != (first["event"], first["date"]):
            problems.add(row.line, "event", "one tournament per file")
        if row["tp_a"] + row["tp_b"] != 20 * row["games"]:
            problems.add(row.line, "tp_b", f"tp_a + tp_b must be 20 × games = {20 * row['games']}")
        if row["own_rating"] and row["own_rating"] not in (row["player_a"], row["player_b"]):
            problems.add(row.line, "own_rating", "must be one of the two players")
    if first is None:
        problems.add(None, None, "no matches")
    problems.raise_if_any()
    assert first is not None
    rating_rows = read_rows(ratings, RATINGS) if ratings is not None else []
    day: date = first["date"]
    with transaction.atomic():
        event, _ = Event.objects.get_or_create(
            name=first["event"], date=day, defaults={"kind": Event.Kind.TANTRIX}
        )
        event.kind = Event.Kind.TANTRIX
        event.save()
        event.tantrix_matches.all().delete()
        nicks = {r[c] for r in rows for c in ("player_a", "player_b")} | {
            r["player"] for r in rating_rows
        }
        players = resolve_players((n, "", "") for n in sorted(nicks))
        ids = {key[1]: p.pk for key, p in players.items()}
        Match.objects.bulk_create(
            Match(
                event=event,
                round=r["round"],
                player_a_id=ids[name_key(r["player_a"])],
                player_b_id=ids[name_key(r["player_b"])],
                games=r["games"],
                tp_a=r["tp_a"],
                tp_b=r["tp_b"],
                own_rating_id=ids[name_key(r["own_rating"])] if r["own_rating"] else None,
            )
            for r in rows
        )
        Rating.objects.filter(as_of=day).delete()
        Rating.objects.bulk_create(
            Rating(
                as_of=day,
                player_id=ids[name_key(r["player"])],
                rating=r["rating"],
                games=r["games"],
                official=r["official"],
            )
            for r in rating_rows
        )
    return event
