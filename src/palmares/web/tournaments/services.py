"""Use cases on Diplomacy tournaments: import boards (and teams). A board's result is entered
through :mod:`.results`."""

from __future__ import annotations

from contextlib import nullcontext
from datetime import date
from pathlib import Path

import numpy as np
from django.db import transaction

from palmares.core.errors import InputError, PalmaresError
from palmares.core.message import Message
from palmares.io import limits
from palmares.io.boards import read_board_columns, read_teams_csv, team_problems
from palmares.io.boards_columnar import BoardColumns
from palmares.io.fields import proper_name
from palmares.web.events.models import Event
from palmares.web.events.services import stored_event
from palmares.web.lib.bulk import indexes_after, insert_raw, new_ids
from palmares.web.lib.names import name_key
from palmares.web.players.services import resolve_players
from palmares.web.tournaments.models import Board, Round, Seat, Team, Tournament

__all__ = ["import_boards"]


EVENT_NAME = proper_name(limits.EVENT_NAME)


def _initial(power: str) -> str:
    return power.strip()[0].upper()


def import_boards(
    path: Path | str, *, event: str, day: date, teams: Path | str | None = None
) -> Tournament:
    """Load ``boards.csv`` (and ``teams.csv``) as the tournament of ``event``; replaces it whole.

    Refused (nothing written): an event name that does not fit its column, a stored event of the
    same name and date that is not a Diplomacy event, and (by the reader) a file without boards
    (issue 13: a header-only file emptied a stored tournament).
    """
    try:
        event = EVENT_NAME(event)
    except ValueError as exc:  # the field's typed message kept: told in the reader's language
        said = exc.said if isinstance(exc, PalmaresError) else None
        raise InputError.at("--event", None, None, said or str(exc)) from None
    played = read_board_columns(path)  # issue 33: the boards as columns, written as such
    seated = {played.names[p] for p in set(played.player.tolist())}
    team_rows = read_teams_csv(teams) if teams is not None else {}
    if teams is not None:
        wrong = team_problems(seated, team_rows, teams)
        if wrong:
            raise InputError(wrong)
    with transaction.atomic():
        ev = stored_event(event, day, Event.Kind.DIPLOMACY, str(path))
        if ev is None:
            ev = Event.objects.create(name=event, date=day, kind=Event.Kind.DIPLOMACY)
        if Tournament.objects.filter(event=ev, entries__isnull=False).exists():
            # a tournament run on the site (its registrations, calls and audit) is not a file's
            # to replace: the same kind of thing replaces stored data, never a different one
            raise InputError.at(
                str(path), None, None, Message.of("site.live_tournament", event=event)
            )
        Tournament.objects.filter(event=ev).delete()
        tournament = Tournament.objects.create(event=ev)
        names = seated | {p for members in team_rows.values() for p in members}
        players = resolve_players((n, "", "") for n in sorted(names))
        ids = {key[1]: p.pk for key, p in players.items()}
        rounds = {
            n: Round.objects.create(tournament=tournament, number=n).pk
            for n in dict.fromkeys(played.rounds.tolist())
        }
        seats = int(played.player.shape[0])
        # A large tournament (an archive's boards) written, then its tables' indexes built.
        many = seats >= BULK_SEATS and seats * 4 >= Seat.objects.count()
        with indexes_after(Board, Seat, rows=seats) if many else nullcontext():
            _write_boards(played, rounds, ids)
        for team_name, members in team_rows.items():
            team = Team.objects.create(tournament=tournament, name=team_name)
            team.members.set([ids[name_key(m)] for m in members])
        ev.rounds = len(rounds)
        ev.save()
        tournament.planned_rounds = len(rounds)
        tournament.save(update_fields=["planned_rounds"])
    return tournament


#: From this many seats on, an import may build the boards' and seats' indexes after it.
BULK_SEATS = 50_000


def _write_boards(played: BoardColumns, rounds: dict[int, int], ids: dict[str, int]) -> None:
    """Every board and seat of ``played`` in a few statements (``lib.bulk.insert_raw``: the
    boards with ids of their own, no model object per row), boards in round then board order
    as before."""
    pks = new_ids(Board, len(played))
    finals = played.final_year.tolist()
    insert_raw(
        Board,
        ("id", "round_id", "label", "top_board", "final_year"),
        zip(
            pks,
            [rounds[r] for r in played.rounds.tolist()],
            played.labels,
            played.top.tolist(),
            [y or None for y in finals],
            strict=True,
        ),
    )
    player_pk = [ids[name_key(n)] for n in played.names]
    initials = [_initial(p) for p in played.powers]
    insert_raw(
        Seat,
        ("board_id", "power", "player_id", "centres", "eliminated", "in_draw"),
        zip(
            np.repeat(np.array(pks, dtype=np.int64), np.diff(played.offsets)).tolist(),
            [initials[p] for p in played.power.tolist()],
            [player_pk[p] for p in played.player.tolist()],
            played.centres.tolist(),
            [y or None for y in played.eliminated.tolist()],
            played.draw.tolist(),
            strict=True,
        ),
    )
