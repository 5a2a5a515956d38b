"""Use cases for the Wizard league: import games (one row per player per game)."""

from __future__ import annotations

from pathlib import Path

from django.db import transaction

from palmares.io.fields import integer, iso_date, text
from palmares.io.tables import Column, RowProblems, read_rows
from palmares.web.lib.names import name_key
from palmares.web.players.services import resolve_players
from palmares.web.wizarddb.models import Game, Month, Placement

__all__ = ["GAMES", "import_games"]

GAMES = [
    Column("date", iso_date, required=True),
    Column("game", text, required=True),
    Column("player", text, required=True),
    Column("score", integer()),
    Column("place", integer(1)),
]


def import_games(path: Path | str) -> int:
    """Load ``games.csv``; a game already stored (same date and code) is replaced whole."""
    rows = read_rows(path, GAMES)
    problems = RowProblems(str(path))
    seen: dict[tuple[object, str, str], int] = {}
    for row in rows:
        if row["score"] is None and row["place"] is None:
            problems.add(row.line, "score", "a score or a place is required")
        key = (row["date"], row["game"], name_key(row["player"]))
        if key in seen:
            problems.add(row.line, "player", f"already in this game on line {seen[key]}")
        seen[key] = row.line
    problems.raise_if_any()
    with transaction.atomic():
        players = resolve_players((r["player"], "", "") for r in rows)
        ids = {key[1]: p.pk for key, p in players.items()}
        games: dict[tuple[object, str], Game] = {}
        for row in rows:
            gk = (row["date"], row["game"])
            if gk not in games:
                Game.objects.filter(date=row["date"], code=row["game"]).delete()
                games[gk] = Game.objects.create(date=row["date"], code=row["game"])
        Placement.objects.bulk_create(
            Placement(
                game=games[(r["date"], r["game"])],
                player_id=ids[name_key(r["player"])],
                score=r["score"],
                place=r["place"],
            )
            for r in rows
        )
        for day in {r["date"].replace(day=1) for r in rows}:
            Month.objects.get_or_create(month=day)
    return len(games)
