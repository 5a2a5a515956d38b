"""Set-up (issue 12, step 1): a TD creates a tournament — name, dates, place, rounds, the
board-scoring system and the aggregation from the registries (their parameters checked by the
system's own config), team size, the top-board rule and the fewer-games adjustment — and
becomes its director; a director may add co-directors."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.spec import parse_spec
from palmares.diplomacy.aggregation.ante import Ante
from palmares.diplomacy.aggregation.registry import get_aggregation, get_aggregation_info
from palmares.diplomacy.scoring.registry import get_system
from palmares.web.accounts.roles import directs, is_tournament_director
from palmares.web.audit.log import record
from palmares.web.events.models import Event
from palmares.web.tournaments.adapters import aggregation_spec
from palmares.web.tournaments.day import require_open
from palmares.web.tournaments.errors import FieldError, Forbidden
from palmares.web.tournaments.models import Tournament

__all__ = [
    "MAX_ROUNDS",
    "Created",
    "SetUp",
    "add_director",
    "check_setup",
    "create_tournament",
    "fewer_games_bar",
    "set_up",
]

#: The most rounds a tournament may have (a round number is a small integer column).
MAX_ROUNDS = 99
#: The largest team (team-mates never share a board, so a team needs as many boards).
MAX_TEAM = 99
SPEC_LENGTH = 200


@dataclass(frozen=True, slots=True)
class SetUp:
    """What a TD gives to create a tournament; ``scoring`` and ``aggregation`` are registry
    specs (``slug`` or ``slug:name=value,…``)."""

    name: str
    date: dt.date
    rounds: int
    scoring: str
    aggregation: str
    team_size: int | None = None
    place: str = ""
    end_date: dt.date | None = None
    top_board: bool = False
    fewer_games: bool = True


def check_setup(s: SetUp) -> None:
    """Refuse an impossible set-up with the field at fault (:class:`FieldError`)."""
    if not s.name.strip():
        raise FieldError(Message.of("site.needs_name"), "name")
    if len(s.name) > 200:
        raise FieldError(Message.of("site.name_long", most=200), "name")
    if len(s.place) > 120:
        raise FieldError(Message.of("site.place_long", most=120), "place")
    if not 1 <= s.rounds <= MAX_ROUNDS:
        raise FieldError(Message.of("site.rounds", most=MAX_ROUNDS, got=s.rounds), "rounds")
    if s.team_size and not 1 <= s.team_size <= MAX_TEAM:  # 0 and None: no teams (issue 36)
        raise FieldError(Message.of("site.team_size", most=MAX_TEAM, got=s.team_size), "team_size")
    if s.end_date is not None and s.end_date < s.date:
        raise FieldError(Message.of("site.ends_early"), "end_date")
    for field, spec in (("scoring", s.scoring), ("aggregation", s.aggregation)):
        if len(spec) > SPEC_LENGTH:
            raise FieldError(Message.of("site.at_most", most=SPEC_LENGTH), field)
    try:
        get_system(s.scoring)
    except PalmaresError as exc:
        raise FieldError.from_error(exc, "scoring") from None
    try:
        get_aggregation(aggregation_spec(s.aggregation, s.fewer_games))
    except PalmaresError as exc:
        raise FieldError.from_error(exc, "aggregation") from None
    if Event.objects.filter(name=s.name.strip(), date=s.date).exists():
        raise FieldError(Message.of("site.event_exists"), "name")


def snapshot(t: Tournament) -> dict[str, Any]:
    """The tournament's set-up as the audit log keeps it."""
    return {
        "name": t.event.name,
        "date": t.event.date.isoformat(),
        "end_date": t.end_date.isoformat() if t.end_date else None,
        "place": t.event.place,
        "rounds": t.planned_rounds or t.event.rounds,
        "scoring": t.scoring,
        "aggregation": t.aggregation,
        "team_size": t.team_size,
        "top_board": t.top_board_rule,
        "fewer_games": t.fewer_games,
        "directors": sorted(u.get_username() for u in t.directors.all()),
    }


@dataclass(frozen=True, slots=True)
class Created:
    """A tournament created and what the set-up said (the fewer-games adjustment stored as
    off because it cannot apply)."""

    tournament: Tournament
    said: tuple[Message, ...] = ()


def fewer_games_bar(aggregation: str, rounds: int) -> Message | None:
    """Why the fewer-games adjustment (seed 002, "Top Board") cannot apply to a tournament of
    ``rounds`` rounds scored by ``aggregation`` (a registry spec), ``None`` when it can: only
    the ante has one, made after round ``adjust_after`` (:meth:`Ante.adjusts`)."""
    built = get_aggregation(aggregation)
    if not isinstance(built, Ante):
        name = get_aggregation_info(parse_spec(aggregation).slug).name
        return Message.of("fewer_games.no_system", system=name)
    if built.adjust_after == 0:
        return Message.of("fewer_games.off")
    if built.min_rounds < 2:
        return Message.of("fewer_games.min_rounds", least=built.min_rounds)
    if not built.adjusts(rounds):
        return Message.of("fewer_games.too_few_rounds", after=built.adjust_after, rounds=rounds)
    return None


def create_tournament(user: Any, s: SetUp) -> Tournament:
    """Create the tournament, its creator its director (:func:`set_up`, what it said left)."""
    return set_up(user, s).tournament


def set_up(user: Any, s: SetUp) -> Created:
    """Create the tournament, its creator its director; ``user`` must be a TD (or an admin).
    ``None`` is the command line (whoever holds the database), which names no director. The
    fewer-games adjustment asked for where it cannot apply is stored as off, and said so
    (issue 32: never a box ticked for nothing)."""
    if user is not None and not is_tournament_director(user):
        raise Forbidden.of(Message.of("api.tds_create"))
    check_setup(s)
    said: tuple[Message, ...] = ()
    fewer_games = s.fewer_games
    bar = fewer_games_bar(s.aggregation, s.rounds) if fewer_games else None
    if bar is not None:
        fewer_games = False
        said = (Message.of("fewer_games.stored_off", why=bar),)
    with transaction.atomic():
        event = Event.objects.create(
            name=s.name.strip(),
            date=s.date,
            kind=Event.Kind.DIPLOMACY,
            place=s.place.strip(),
            rounds=s.rounds,
        )
        t = Tournament.objects.create(
            event=event,
            scoring=str(parse_spec(s.scoring)),  # canonical: lower-case slug and keys
            aggregation=str(parse_spec(s.aggregation)),
            end_date=s.end_date,
            planned_rounds=s.rounds,
            team_size=s.team_size or None,
            top_board_rule=s.top_board,
            fewer_games=fewer_games,
        )
        if user is not None:
            t.directors.add(user)
        record(user, "create tournament", tournament=t, after=snapshot(t), said=said)
    return Created(t, said)


def add_director(user: Any, t: Tournament, username: str) -> None:
    """Make ``username`` a co-director of ``t`` (by one of its directors)."""
    if not directs(user, t):
        raise Forbidden.of(Message.of("api.directors_add"))
    other = get_user_model().objects.filter(username=username.strip()).first()
    if other is None:
        raise FieldError(Message.of("site.no_user", name=repr(username.strip())), "username")
    with transaction.atomic():
        require_open(t)
        before = snapshot(t)
        if t.directors.filter(pk=other.pk).exists():
            return
        t.directors.add(other)
        record(user, "add director", tournament=t, before=before, after=snapshot(t))
