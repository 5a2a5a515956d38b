"""Use cases on events: import a results file (all-or-nothing; re-import replaces the event)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from palmares.web.events.formats import EventRows, read_results
from palmares.web.events.models import Event, Result
from palmares.web.lib.names import name_key
from palmares.web.players.services import resolve_players
from palmares.web.ratinglists.services import recompute_dip_pouch

__all__ = ["ImportSummary", "import_results", "replace_results", "save_events"]


@dataclass(frozen=True, slots=True)
class ImportSummary:
    events: int
    results: int
    replaced: int


def import_results(path: Path | str, *, recompute: bool = True) -> ImportSummary:
    """Validate the whole file first, then write it and recompute the ratings in one transaction."""
    events = read_results(path)
    with transaction.atomic():
        summary = save_events(events)
        if recompute:
            recompute_dip_pouch()
    return summary


def save_events(events: list[EventRows]) -> ImportSummary:
    people = [
        (row["player"], row["player_id"] or "", row["nationality"] or "")
        for event in events
        for row in event.rows
    ]
    players = resolve_players(people)
    replaced = 0
    results: list[Result] = []
    for data in events:
        event = _find_event(data)
        if event is None:
            event = Event(name=data.name, date=data.date)
        else:
            replaced += 1
            event.results.all().delete()
        event.external_id = data.event_id
        event.kind = Event.Kind.DIPLOMACY
        event.country = data.country
        event.place = data.place
        event.rounds = data.rounds
        event.players = data.players
        event.world_championship = data.world_championship
        event.coefficient = data.coefficient
        event.save()
        for row in data.rows:
            player = players[(row["player_id"] or "", name_key(row["player"]))]
            results.append(
                Result(
                    event=event,
                    player=player,
                    rank=row["rank"],
                    nationality=row["nationality"] or player.nationality,
                )
            )
    Result.objects.bulk_create(results, batch_size=1000)
    return ImportSummary(len(events), len(results), replaced)


def _find_event(data: EventRows) -> Event | None:
    if data.event_id:
        found = Event.objects.filter(external_id=data.event_id).first()
        if found is not None:
            return found
    return Event.objects.filter(name=data.name, date=data.date).first()


def replace_results(event: Event, rows: list[tuple[str, str, str, int]]) -> None:
    """Replace ``event``'s classification with ``(player, player_id, nationality, rank)`` rows
    and recompute the ratings, in one transaction."""
    with transaction.atomic():
        players = resolve_players((name, ext, nat) for name, ext, nat, _ in rows)
        event.results.all().delete()
        Result.objects.bulk_create(
            Result(
                event=event,
                player=players[(ext, name_key(name))],
                rank=rank,
                nationality=nat or players[(ext, name_key(name))].nationality,
            )
            for name, ext, nat, rank in rows
        )
        event.players = len(rows)
        event.save()
        recompute_dip_pouch()
