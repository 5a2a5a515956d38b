"""Use cases for the Wizard league: import games and tournaments.

Files are read by the same strict readers as ``palmares wizard`` (``palmares.io.wizard``); a game
already stored (same date and id) and a tournament already stored (same name and date) are
replaced whole. After an import commits, the stored ledgers are updated from the units it
wrote (its games' months or Junior sessions, its tournaments: ``wizarddb.ledgers.refresh``, in a
transaction of its own); after an import of regular games every player's skill rating is
brought up to date (``ratinglists.skill_refresh.refresh_wizard``, asked through ``lib.hooks``:
only the games after the stored ones rated, when that is all the import added).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import nullcontext
from datetime import date
from itertools import repeat
from pathlib import Path

import numpy as np
import numpy.typing as npt
from django.db import transaction

from palmares.core.errors import InputError, PalmaresError
from palmares.core.message import Message
from palmares.io.wizard import read_game_columns, read_tournaments, read_triads
from palmares.io.wizard_columnar import GameColumns
from palmares.web.events.models import Event
from palmares.web.events.services import stored_event
from palmares.web.lib import hooks
from palmares.web.lib.bulk import (
    PG_BULK,
    indexes_after,
    insert_raw,
    lock_up_front,
    new_ids,
    new_rows,
)
from palmares.web.lib.concurrency import LOCKS, hold
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.players.services import resolve_player_ids, resolve_players
from palmares.web.wizarddb import adapters, ledgers
from palmares.web.wizarddb.models import Game, Month, Placement, TournamentPlace, TriadFinish

__all__ = ["import_games", "import_tournaments", "import_triads"]


def import_games(path: Path | str, *, division: str = Game.Division.REGULAR) -> int:
    """Load ``games.csv`` as games of ``division`` (Regular or Junior); return how many.

    The file is read as columns (``io.wizard.read_game_columns``) and written so (issue 33:
    ``lib.bulk.insert_raw``, the games with ids of their own, no model object per row; a large
    write builds the placements' indexes after it)."""
    if division not in Game.Division.values:
        raise PalmaresError.of(Message.of("wizard.division", division=repr(division)))
    games = read_game_columns(path)
    days = [date.fromordinal(d) for d in games.days.tolist()]
    entries = int(games.player.shape[0])
    with transaction.atomic():
        # The skill's lock: games are committed in the order of their ids, which the skill's
        # record of what it rated relies on (``ratinglists.skill_sources``).
        hold(LOCKS["wizard"])
        if entries >= PG_BULK:
            lock_up_front(Player, Game, Placement)
        people = [(p, "", "") for p in games.names]
        found = resolve_player_ids(people)
        player_pk = np.array([found[("", name_key(p))] for p in games.names], dtype=np.int64)
        _delete_stored(list(zip(days, games.ids, strict=True)), division)
        ids = np.array(new_ids(Game, len(games)), dtype=np.int64)
        with new_rows(Game, len(games)):
            insert_raw(
                Game,
                ("id", "date", "code", "division"),
                zip(ids.tolist(), (d.isoformat() for d in days), games.ids, repeat(division)),
            )
        with indexes_after(Placement, rows=entries) if _bulk(entries) else nullcontext():
            insert_raw(Placement, PLACEMENT_FIELDS, _placements(games, ids, player_pk))
        if division == Game.Division.REGULAR:
            for day in sorted({d.replace(day=1) for d in days}):
                Month.objects.get_or_create(month=day)
    unit = ledgers.month_unit if division == Game.Division.REGULAR else ledgers.junior_unit
    ledgers.refresh({unit(d) for d in set(days)})  # after the commit, in its own transaction
    if division == Game.Division.REGULAR:
        # after the commit: every player's μ ± σ for the player pages (``ratinglists``, a floor up)
        hooks.records_changed("wizard-games")
    return len(games)


#: Rows a statement writes or deletes at most (SQLite's bound variables).
CHUNK = 500
PLACEMENT_FIELDS = ("game_id", "player_id", "score", "place")


def _bulk(rows: int) -> bool:
    """A write of most of the placements (a first import of a league's history): their
    indexes built after it."""
    return rows >= BULK_ROWS and rows * 4 >= Placement.objects.count()


#: From this many rows on, a write may build the placements' indexes after it.
BULK_ROWS = 50_000


def _placements(
    games: GameColumns, ids: npt.NDArray[np.int64], player_pk: npt.NDArray[np.int64]
) -> Iterator[tuple[int, int, int | None, int | None]]:
    """The :class:`Placement` rows of ``games`` (their games' ``ids``, their players' keys):
    each game's finishes in the file's order."""
    game = np.repeat(ids, np.diff(games.offsets)).tolist()
    player = player_pk[games.player].tolist()
    score = [
        s if k else None for s, k in zip(games.score.tolist(), games.scored.tolist(), strict=True)
    ]
    place = [p or None for p in games.place.tolist()]
    return zip(game, player, score, place, strict=True)


def _delete_stored(games: Sequence[tuple[date, str]], division: str) -> None:
    """Delete the stored games of ``division`` that ``games`` (date, id) replace, with their
    placements, in a few statements."""
    wanted = set(games)
    days = sorted({day for day, _ in wanted})
    stale: list[int] = []
    for i in range(0, len(days), CHUNK):
        found = Game.objects.filter(division=division, date__in=days[i : i + CHUNK])
        stale.extend(
            pk for pk, day, code in found.values_list("pk", "date", "code") if (day, code) in wanted
        )
    for i in range(0, len(stale), CHUNK):
        Placement.objects.filter(game_id__in=stale[i : i + CHUNK]).delete()
        Game.objects.filter(pk__in=stale[i : i + CHUNK]).delete()


def import_tournaments(path: Path | str) -> int:
    """Load ``tournament.csv``; return the number of tournaments stored."""
    tournaments = read_tournaments(path)
    written: list[int] = []
    with transaction.atomic():
        players = resolve_players((p.player, "", "") for t in tournaments for p in t.placings)
        ids = {key[1]: p.pk for key, p in players.items()}
        for t in tournaments:
            event = stored_event(t.name, t.day, Event.Kind.WIZARD, str(path)) or Event(
                name=t.name, date=t.day, kind=Event.Kind.WIZARD
            )
            event.players = t.field_size
            event.save()
            event.wizard_places.all().delete()
            TournamentPlace.objects.bulk_create(
                TournamentPlace(
                    event=event,
                    player_id=ids[name_key(p.player)],
                    place=p.place,
                    games_finished=p.games_finished,
                    invitational=t.invitational,
                )
                for p in t.placings
            )
            written.append(event.pk)
    ledgers.refresh(ledgers.event_unit(pk) for pk in written)  # after the commit
    return len(tournaments)


def import_triads(path: Path | str) -> int:
    """Load ``triad.csv`` (``io.wizard.read_triads``): each tournament's TRIAD game replaces the
    one stored. The tournament must be stored (by name; the latest of that name) and the engine
    must accept the TRIAD (seats, the rules of its date), else nothing is written."""
    triads = read_triads(path)
    written: list[int] = []
    with transaction.atomic():
        for name, triad in triads.items():
            event = (
                Event.objects.filter(kind=Event.Kind.WIZARD, name=name, wizard_places__isnull=False)
                .order_by("-date")
                .first()
            )
            if event is None:
                raise InputError.at(
                    str(path),
                    None,
                    "tournament",
                    Message.of("wizard.no_tournament", name=repr(name)),
                )
            try:
                adapters.tournament(event, with_triad=triad)
            except PalmaresError as exc:  # its typed message kept, told when read
                said = exc.said
                problem = str(exc) if said is None else said
                raise InputError.at(str(path), None, "tournament", problem) from None
            players = resolve_players((f.player, "", "") for f in triad.finishes)
            ids = {key[1]: p.pk for key, p in players.items()}
            event.wizard_triad.all().delete()
            TriadFinish.objects.bulk_create(
                TriadFinish(
                    event=event, player_id=ids[name_key(f.player)], score=f.score, place=f.place
                )
                for f in triad.finishes
            )
            written.append(event.pk)
    ledgers.refresh(ledgers.event_unit(pk) for pk in written)  # after the commit
    return len(triads)
