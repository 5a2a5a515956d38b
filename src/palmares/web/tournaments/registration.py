"""Registration (issue 12, step 2): players found in the database by their accent- and
case-free name (as search finds them) or added with their nationality, a whole ``players.csv``
or .xlsx at once, teams, keep-apart pairs (seed 002, "Board Assignments"), late arrivals and
withdrawals. A player the database did not know is reported as new, never created silently."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from django.db import transaction
from django.db.models import Max

from palmares.core.errors import InputError, Problem
from palmares.core.message import Message
from palmares.diplomacy import lifecycle
from palmares.diplomacy.lifecycle import Change, Day
from palmares.io.seeding import read_roster
from palmares.web.accounts.roles import directs
from palmares.web.audit.log import record
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.tournaments.day import change_day, planned_rounds, require_open
from palmares.web.tournaments.errors import FieldError, Forbidden
from palmares.web.tournaments.models import Entry, KeepApart, Team, Tournament

__all__ = [
    "PlayerIn",
    "Registered",
    "add_keep_apart",
    "entry_of",
    "register_file",
    "register_players",
    "register_upload",
    "require_director",
    "set_attendance",
]


@dataclass(frozen=True, slots=True)
class PlayerIn:
    """A player to register: name, nationality (for a new player) and team, if any."""

    name: str
    nationality: str = ""
    team: str | None = None


@dataclass(frozen=True, slots=True)
class Registered:
    """A registered player: ``new`` when the database did not know them before."""

    name: str
    player_id: int
    new: bool


def require_director(user: Any, t: Tournament) -> None:
    """Refuse anyone but this tournament's directors (and admins); ``None`` is the command
    line, run by whoever holds the database."""
    if user is not None and not directs(user, t):
        raise Forbidden.of(Message.of("api.directors_change"))


def entry_of(t: Tournament, name: str, field: str) -> Entry:
    """The registered player named ``name`` (accent- and case-insensitive)."""
    found = (
        Entry.objects.filter(tournament=t, player__key=name_key(name))
        .select_related("player")
        .first()
    )
    if found is None:
        raise FieldError(Message.of("site.not_registered", name=repr(name)), field)
    return found


def entries_of(t: Tournament, named: Sequence[tuple[str, str]]) -> list[Entry]:
    """The registered players of ``named`` ((name, field) pairs), in order; every name not
    registered is reported at once (issue 32: not only the first of a list), on the first
    one's field."""
    keys = {name_key(name) for name, _ in named}
    found = {
        e.player.key: e
        for e in Entry.objects.filter(tournament=t, player__key__in=keys).select_related("player")
    }
    unknown = [(name, field) for name, field in named if name_key(name) not in found]
    if len(unknown) == 1:
        name, field = unknown[0]
        raise FieldError(Message.of("site.not_registered", name=repr(name)), field)
    if unknown:
        names = tuple(repr(name) for name, _ in unknown)
        raise FieldError(Message.of("site.not_registered_all", names=names), unknown[0][1])
    return [found[name_key(name)] for name, _ in named]


def _next_round(t: Tournament) -> int:
    """The first round whose board call is not made yet: where a late arrival starts."""
    last = t.rounds.filter(called__isnull=False).aggregate(n=Max("number"))["n"]
    return (last or 0) + 1


def _check(rows: Sequence[PlayerIn], t: Tournament) -> None:
    seen: dict[str, int] = {}
    for i, row in enumerate(rows):
        name = row.name.strip()
        if not name:
            raise FieldError(Message.of("site.name_required"), f"{i}.name")
        if len(name) > 200:
            raise FieldError(Message.of("site.name_long", most=200), f"{i}.name")
        if len(row.nationality) > 64:
            raise FieldError(Message.of("site.nationality_long", most=64), f"{i}.nationality")
        if row.team is not None and len(row.team) > 120:
            raise FieldError(Message.of("site.team_long", most=120), f"{i}.team")
        if row.team and t.team_size is None:
            raise FieldError(Message.of("site.no_teams"), f"{i}.team")
        key = name_key(name)
        if key in seen:
            raise FieldError(
                Message.of("site.listed_twice", name=name, item=seen[key]), f"{i}.name"
            )
        seen[key] = i


def _team_snapshot(t: Tournament) -> dict[str, list[str]]:
    return {
        team.name: sorted(p.name for p in team.members.all())
        for team in t.teams.prefetch_related("members")
    }


def register_players(user: Any, t: Tournament, rows: Sequence[PlayerIn]) -> list[Registered]:
    """Register ``rows``: a known player (by name key; the earliest of namesakes) is taken as
    they are, an unknown one is created with the nationality given and reported ``new``. A
    player already registered stays so (and may change team, unless a board not played yet
    seats them with a new team-mate: ``diplomacy.lifecycle.tournament``). A late registration
    plays from the first round not yet called."""
    require_director(user, t)
    require_open(t)
    _check(rows, t)
    out: list[Registered] = []
    with transaction.atomic():
        require_open(t)
        teams_before = _team_snapshot(t)
        known = {
            e.player.key: e for e in Entry.objects.filter(tournament=t).select_related("player")
        }
        start = _next_round(t)
        added: list[dict[str, Any]] = []
        new_players: list[Player] = []
        teams: list[tuple[Player, str, str]] = []
        for i, row in enumerate(rows):
            name = row.name.strip()
            key = name_key(name)
            new = False
            entry = known.get(key)
            if entry is not None:
                player = entry.player
            else:
                found = Player.objects.filter(key=key).order_by("id").first()
                if found is None:
                    found = Player.objects.create(name=name, nationality=row.nationality.strip())
                    new = True
                player = found
                new_players.append(player)
                known[key] = Entry(tournament=t, player=player, arrives=start)
                added.append({"name": player.name, "player_id": player.pk, "new": new})
            if row.team:
                teams.append((player, row.team.strip(), f"{i}.team"))
            out.append(Registered(player.name, player.pk, new))

        def step(day: Day) -> Change:
            entering = tuple(lifecycle.Registered(p.name, start) for p in new_players)
            change = lifecycle.register(day, entering)
            for player, team, _ in teams:
                change = change.then(lifecycle.join_team(change.day, player.name, team))
            return change

        def write() -> None:
            Entry.objects.bulk_create(
                Entry(tournament=t, player=p, arrives=start) for p in new_players
            )
            for player, team, field in teams:
                _join_team(t, player, team, field)

        change = change_day(t, step, after_write=write)
        teams_after = _team_snapshot(t)
        if added or teams_after != teams_before:
            record(
                user,
                "register players",
                tournament=t,
                before={"teams": teams_before},
                after={"players": added, "teams": teams_after},
                said=change.said,
            )
    return out


def _join_team(t: Tournament, player: Player, team_name: str, field: str) -> None:
    for other in t.teams.filter(members=player).exclude(name=team_name):
        other.members.remove(player)
    team, _ = Team.objects.get_or_create(tournament=t, name=team_name)
    team.members.add(player)
    size = team.members.count()
    if t.team_size is not None and size > t.team_size:
        raise FieldError(
            Message.of("site.team_full", team=team_name, size=size, most=t.team_size), field
        )


def register_file(user: Any, t: Tournament, path: Path | str) -> list[Registered]:
    """Register every player of ``players.csv`` (or .xlsx): ``player``, optional ``team``,
    ``nationality`` (and ``boards``, which the roll call of each round decides here)."""
    rows = read_roster(path)
    return register_players(user, t, [PlayerIn(r.player, r.nationality, r.team) for r in rows])


def register_upload(user: Any, t: Tournament, name: str, content: bytes) -> list[Registered]:
    """:func:`register_file` for an uploaded file; its problems name the file as uploaded."""
    require_director(user, t)
    require_open(t)
    shown = PurePath(name or "players.csv").name
    suffix = ".xlsx" if shown.lower().endswith(".xlsx") else ".csv"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"players{suffix}"
        path.write_bytes(content)
        try:
            return register_file(user, t, path)
        except InputError as exc:
            raise InputError(
                Problem(
                    shown if p.file == str(path) else p.file, p.line, p.column, p.message, p.said
                )
                for p in exc.problems
            ) from None


def _sides(pair: tuple[str, str]) -> tuple[tuple[str, str], tuple[str, str]]:
    return (("player_a", pair[0]), ("player_b", pair[1]))


def add_keep_apart(user: Any, t: Tournament, pairs: Sequence[tuple[str, str]]) -> int:
    """Keep each pair of registered players apart; returns how many pairs were new. A pair a
    board not played yet seats together is refused (swap first)."""
    require_director(user, t)
    require_open(t)
    resolved: list[tuple[Entry, Entry]] = []
    found = entries_of(
        t,
        [
            (name, f"{i}.{side}")
            for i, pair in enumerate(pairs)
            for side, name in zip(("player_a", "player_b"), pair, strict=True)
        ],
    )
    for i, a in enumerate(p for p, _ in pairs):
        ea, eb = found[2 * i], found[2 * i + 1]
        if ea.pk == eb.pk:
            raise FieldError(Message.of("site.paired_self", player=a), f"{i}.player_b")
        resolved.append((ea, eb) if ea.player_id < eb.player_id else (eb, ea))
    named = tuple((ea.player.name, eb.player.name) for ea, eb in resolved)
    made: list[list[str]] = []

    def write() -> None:
        for ea, eb in resolved:
            _, created = KeepApart.objects.get_or_create(
                tournament=t, player_a=ea.player, player_b=eb.player
            )
            if created:
                made.append([ea.player.name, eb.player.name])

    with transaction.atomic():
        change = change_day(t, lambda day: lifecycle.add_keep_apart(day, named), after_write=write)
        if made:
            record(user, "keep apart", tournament=t, after={"pairs": made}, said=change.said)
    return len(made)


def set_attendance(
    user: Any, t: Tournament, name: str, *, arrives: int, withdrawn_after: int | None
) -> tuple[Message, ...]:
    """A late arrival (plays from round ``arrives``) or a withdrawal (plays no round after
    ``withdrawn_after``); refused while the player is seated in, or played, a round they would
    no longer be expected in (``diplomacy.lifecycle.tournament.set_attendance``)."""
    require_director(user, t)
    require_open(t)
    rounds = planned_rounds(t) or 99
    if not 1 <= arrives <= rounds:
        raise FieldError(Message.of("site.arrives", rounds=rounds), "arrives")
    if withdrawn_after is not None and not 0 <= withdrawn_after <= rounds:
        raise FieldError(Message.of("site.withdrawn", rounds=rounds), "withdrawn_after")
    if withdrawn_after is not None and withdrawn_after < arrives - 1:
        raise FieldError(Message.of("site.withdraw_early"), "withdrawn_after")
    entry = entry_of(t, name, "name")
    before = {"arrives": entry.arrives, "withdrawn_after": entry.withdrawn_after}
    after = {"arrives": arrives, "withdrawn_after": withdrawn_after}
    if before == after:
        return ()

    def write() -> None:
        entry.arrives = arrives
        entry.withdrawn_after = withdrawn_after
        entry.save()

    player = entry.player.name
    with transaction.atomic():
        change = change_day(
            t,
            lambda day: lifecycle.set_attendance(day, player, arrives, withdrawn_after),
            after_write=write,
        )
        record(
            user,
            "attendance",
            tournament=t,
            before={"player": player, **before},
            after={"player": player, **after},
            said=change.said,
        )
    return change.said
