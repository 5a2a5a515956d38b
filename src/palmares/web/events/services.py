"""Use cases on events: import a results file (all-or-nothing; re-import replaces the event).

The file is read by the same strict reader as ``palmares dip-pouch`` (``palmares.io.results``);
an event already stored with the same ``event_id``, or the same name and date, is replaced.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from django.db import transaction

from palmares.io.results import read_results
from palmares.ratings.events import Results
from palmares.ratings.players import normalise_name
from palmares.web.events.models import Event, Result
from palmares.web.lib.names import name_key
from palmares.web.players.services import resolve_players
from palmares.web.ratinglists.services import recompute_dip_pouch

__all__ = ["ImportSummary", "import_results", "replace_results", "save_results"]


@dataclass(frozen=True, slots=True)
class ImportSummary:
    events: int
    results: int
    replaced: int


def import_results(path: Path | str, *, recompute: bool = True) -> ImportSummary:
    """Validate the whole file first, then write it and recompute the ratings in one transaction."""
    results = read_results(path)
    with transaction.atomic():
        summary = save_results(results)
        if recompute:
            recompute_dip_pouch()
    return summary


def _external_id(key: str, name: str) -> str:
    """The reader keys a player by ``player_id`` when the file gives one, else by name
    (``name:`` and the normalised name, :func:`palmares.io.results.read_results`): no id."""
    norm = normalise_name(name)
    return "" if key in (norm, f"name:{norm}") else key


def save_results(results: Results) -> ImportSummary:
    people = [
        (p.name, _external_id(p.key, p.name), p.nationality or "") for p in results.players.values()
    ]
    players = resolve_players(people)
    by_key = {
        p.key: players[(_external_id(p.key, p.name), name_key(p.name))]
        for p in results.players.values()
    }
    replaced = 0
    rows: list[Result] = []
    for data in results.events:
        event = _find_event(data.event_id, data.name, data.date)
        if event is None:
            event = Event(name=data.name, date=data.date)
        else:
            replaced += 1
            event.results.all().delete()
        event.external_id = data.event_id or ""
        event.kind = Event.Kind.DIPLOMACY
        event.country = data.country or ""
        event.place = data.place or ""
        event.rounds = data.rounds
        event.players = data.field_size
        event.world_championship = data.world_championship
        event.coefficient = data.coefficient
        event.save()
        for placement in data.placements:
            player = by_key[placement.player]
            rows.append(
                Result(
                    event=event,
                    player=player,
                    rank=placement.rank,
                    nationality=placement.nationality or "",
                )
            )
    Result.objects.bulk_create(rows, batch_size=1000)
    return ImportSummary(len(results.events), len(rows), replaced)


def _find_event(event_id: str | None, name: str, day: date) -> Event | None:
    if event_id:
        found = Event.objects.filter(external_id=event_id).first()
        if found is not None:
            return found
    return Event.objects.filter(name=name, date=day).first()


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
                nationality=nat,
            )
            for name, ext, nat, rank in rows
        )
        event.players = len(rows)
        event.save()
        recompute_dip_pouch()
