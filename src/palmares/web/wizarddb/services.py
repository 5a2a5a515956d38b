"""Use cases for the Wizard league: import games and tournaments.

Files are read by the same strict readers as ``palmares wizard`` (``palmares.io.wizard``); a game
already stored (same date and id) and a tournament already stored (same name and date) are
replaced whole. After an import commits, the stored ledgers are updated from the units it
wrote (its games' months or Junior sessions, its tournaments: ``wizarddb.ledgers.refresh``, in a
transaction of its own); after an import of regular games every player's skill rating is
brought up to date (``ratinglists.skill_refresh.refresh_wizard``: only the games after the
stored ones rated, when that is all the import added).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from django.db import transaction

from palmares.core.errors import InputError, PalmaresError
from palmares.core.message import Message
from palmares.io.wizard import read_games, read_tournaments, read_triads
from palmares.web.events.models import Event
from palmares.web.events.services import stored_event
from palmares.web.lib.concurrency import hold
from palmares.web.lib.names import name_key
from palmares.web.players.services import resolve_players
from palmares.web.ratinglists.skill_refresh import LOCKS, refresh_wizard
from palmares.web.wizarddb import adapters, ledgers
from palmares.web.wizarddb.models import Game, Month, Placement, TournamentPlace, TriadFinish
from palmares.wizard import Game as GameValue

__all__ = ["import_games", "import_tournaments", "import_triads"]


def import_games(path: Path | str, *, division: str = Game.Division.REGULAR) -> int:
    """Load ``games.csv`` as games of ``division`` (Regular or Junior); return how many."""
    if division not in Game.Division.values:
        raise PalmaresError.of(Message.of("wizard.division", division=repr(division)))
    games = read_games(path)
    with transaction.atomic():
        # The skill's lock: games are committed in the order of their ids, which the skill's
        # record of what it rated relies on (``ratinglists.skill_sources``).
        hold(LOCKS["wizard"])
        players = resolve_players((p, "", "") for g in games for p in g.players)
        ids = {key[1]: p.pk for key, p in players.items()}
        _delete_stored(games, division)
        rows = Game.objects.bulk_create(
            [Game(date=g.day, code=g.game, division=division) for g in games], batch_size=CHUNK
        )
        placements = [
            Placement(game=row, player_id=ids[name_key(f.player)], score=f.score, place=f.place)
            for g, row in zip(games, rows, strict=True)
            for f in g.finishes
        ]
        Placement.objects.bulk_create(placements, batch_size=CHUNK)
        if division == Game.Division.REGULAR:
            for day in {g.day.replace(day=1) for g in games}:
                Month.objects.get_or_create(month=day)
    unit = ledgers.month_unit if division == Game.Division.REGULAR else ledgers.junior_unit
    ledgers.refresh({unit(g.day) for g in games})  # after the commit, in its own transaction
    if division == Game.Division.REGULAR:
        refresh_wizard()  # after the commit: every player's μ ± σ for the player pages
    return len(games)


#: Rows a statement writes or deletes at most (SQLite's bound variables).
CHUNK = 500


def _delete_stored(games: Sequence[GameValue], division: str) -> None:
    """Delete the stored games of ``division`` that ``games`` replace (same date and id), with
    their placements, in a few statements."""
    wanted = {(g.day, g.game) for g in games}
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
                raise InputError.at(str(path), None, "tournament", f"no tournament {name!r}")
            try:
                adapters.tournament(event, with_triad=triad)
            except PalmaresError as exc:
                raise InputError.at(str(path), None, "tournament", str(exc)) from None
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
