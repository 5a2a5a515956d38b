"""Use cases for Tantrix: import a tournament's matches (and the pre-tournament rating list).

Files are read by the same strict readers as ``palmares tantrix`` (``palmares.io.tantrix``); each
tournament in the file (event and date) replaces the one stored before.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

from django.db import transaction

from palmares.core.errors import InputError
from palmares.io.tantrix import check_own_rating, read_matches_csv, read_ratings_csv
from palmares.tantrix.match import Match as MatchValue
from palmares.web.events.models import Event
from palmares.web.lib.names import name_key
from palmares.web.players.services import resolve_players
from palmares.web.tantrixdb.models import Match, Rating

__all__ = ["import_matches"]


def import_matches(path: Path | str, *, ratings: Path | str | None = None) -> list[Event]:
    """Load ``matches.csv`` (and ``ratings.csv``, the list before the tournament)."""
    matches = read_matches_csv(path)
    entries = read_ratings_csv(ratings) if ratings is not None else ()
    if ratings is not None:
        check_own_rating(matches, entries, path)
    undated = [m for m in matches if m.date is None]
    if undated:
        raise InputError.at(str(path), undated[0].line, "date", "a stored match needs a date")
    tournaments: dict[tuple[str, date], list[MatchValue]] = {}
    for m in matches:
        if m.date is not None:
            tournaments.setdefault((m.event, m.date), []).append(m)
    names = {p for m in matches for p in m.players} | {e.player for e in entries}
    stored: list[Event] = []
    with transaction.atomic():
        players = resolve_players((n, "", "") for n in sorted(names))
        ids = {key[1]: p.pk for key, p in players.items()}
        for (name, day), group in tournaments.items():
            event, _ = Event.objects.get_or_create(
                name=name, date=day, defaults={"kind": Event.Kind.TANTRIX}
            )
            event.kind = Event.Kind.TANTRIX
            event.players = len({p for m in group for p in m.players})
            event.save()
            event.tantrix_matches.all().delete()
            Match.objects.bulk_create(
                Match(
                    event=event,
                    round=m.round,
                    player_a_id=ids[name_key(m.player_a)],
                    player_b_id=ids[name_key(m.player_b)],
                    games=m.games,
                    tp_a=int(m.tp_a),
                    tp_b=int(m.tp_b),
                    own_rating_id=ids[name_key(m.own_rating)] if m.own_rating else None,
                    illustrative=m.illustrative,
                )
                for m in group
            )
            if entries:
                Rating.objects.filter(as_of=day).delete()
                Rating.objects.bulk_create(
                    Rating(
                        as_of=day,
                        player_id=ids[name_key(e.player)],
                        rating=Decimal(repr(e.rating)),
                        games=e.games,
                        official=e.official,
                    )
                    for e in entries
                )
            stored.append(event)
    return stored
