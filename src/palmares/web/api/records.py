"""The JSON API's records: the Dip Pouch's players, events and their classifications, and its
rating list (``/players``, ``/events``, ``/rankings/dip-pouch``). Reads are open; replacing an
event's classification is for ratings officers, checked as a results.csv file's rows are.

These operations were written in ``api.py`` first: each keeps its operation id
(:func:`~palmares.web.api.links.kept_id`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router
from ninja.pagination import paginate
from ninja.responses import Status

from palmares.core.errors import InputError
from palmares.core.message import Message
from palmares.explain.errors import told_message
from palmares.web.accounts.roles import is_ratings_officer
from palmares.web.api.answers import READ_ERRORS, WRITE_ERRORS
from palmares.web.api.auth import WRITE_AUTH
from palmares.web.api.base import BadParameter, Pages
from palmares.web.api.base import refusal as _refusal
from palmares.web.api.links import kept_id as _kept
from palmares.web.api.schemas import (
    INTEGER_MAX,
    ConflictOut,
    EventOut,
    HistoryOut,
    PlayerOut,
    ResultIn,
    ResultOut,
    StandingOut,
    canonical,
)
from palmares.web.events.models import Event, Result
from palmares.web.events.services import ResultIn as ServiceRow
from palmares.web.events.services import replace_results
from palmares.web.lib.concurrency import WriteConflict
from palmares.web.lib.limits import MAX_QUERY_CHARS
from palmares.web.lib.names import name_key
from palmares.web.lib.words import site_language
from palmares.web.players.models import Player
from palmares.web.ratinglists import blocks
from palmares.web.ratinglists.models import RatingEntry
from palmares.web.ratinglists.services import publication

__all__ = ["router"]

router = Router()
_event_kind = canonical(Event.Kind.values)


@router.get(
    "/players",
    response={200: list[PlayerOut], **READ_ERRORS},
    tags=["players"],
    operation_id=_kept("players"),
)
@paginate(Pages)
def players(request: HttpRequest, q: str = "") -> Any:
    if len(q) > MAX_QUERY_CHARS:
        raise BadParameter("q", Message.of("site.at_most", most=MAX_QUERY_CHARS))
    rows = Player.objects.order_by("key", "id")
    return rows.filter(key__contains=name_key(q)) if q else rows


@router.get(
    "/players/{player_id}",
    response={200: PlayerOut, **READ_ERRORS},
    tags=["players"],
    operation_id=_kept("player"),
)
def player(request: HttpRequest, player_id: int) -> Any:
    return get_object_or_404(Player, pk=player_id)


@router.get(
    "/players/{player_id}/history",
    response={200: list[HistoryOut], **READ_ERRORS},
    tags=["dip-pouch"],
    operation_id=_kept("history"),
)
def history(request: HttpRequest, player_id: int) -> Any:
    person = get_object_or_404(Player, pk=player_id)
    entries = RatingEntry.objects.filter(system="dip-pouch", player=person).select_related(
        "event", "result"
    )
    return [
        {
            "event": e.event,
            "rank": e.result.rank if e.result else None,
            "percentile": e.percentile,
            "tournament_value": e.tournament_value,
            "rating_before": e.rating_before,
            "rating_after": e.rating_after,
        }
        for e in entries.order_by("date", "event_id")
    ]


@router.get(
    "/events",
    response={200: list[EventOut], **READ_ERRORS},
    tags=["events"],
    operation_id=_kept("events"),
)
@paginate(Pages)
def events(request: HttpRequest, kind: str = "") -> Any:
    """Every event, latest first; ``?kind=`` (any case) keeps one kind (an unknown one: none).
    The parameter is read here: ``paginate`` wraps this function, so ninja resolves its
    annotations in the wrapper's module, where a :func:`Choice` alias is not known."""
    rows = Event.objects.order_by("-date", "id")
    return rows.filter(kind=_event_kind(kind)) if kind else rows


@router.get(
    "/events/{event_id}",
    response={200: EventOut, **READ_ERRORS},
    tags=["events"],
    operation_id=_kept("event"),
)
def event(request: HttpRequest, event_id: int) -> Any:
    return get_object_or_404(Event, pk=event_id)


@router.get(
    "/events/{event_id}/results",
    response={200: list[ResultOut], **READ_ERRORS},
    tags=["events"],
    operation_id=_kept("results"),
)
def results(request: HttpRequest, event_id: int) -> Any:
    ev = get_object_or_404(Event, pk=event_id)
    return Result.objects.filter(event=ev).select_related("player").order_by("rank", "player_id")


@router.put(
    "/events/{event_id}/results",
    response={200: list[ResultOut], **WRITE_ERRORS, 409: ConflictOut},
    auth=WRITE_AUTH,
    tags=["events"],
    operation_id=_kept("put_results"),
)
def put_results(
    request: HttpRequest,
    event_id: int,
    payload: list[ResultIn],
    players: int | None = None,
) -> Any:
    """Replace the event's classification (ratings officers); the ratings are recomputed.

    The rows are checked as a results.csv file's are (each player once, ranks within the field
    …). The field size is ``?players=`` if given, else the stored one: a classification never
    changes it silently. A problem is a 422 naming the row (``"3.rank"``, ``"players"``)."""
    ev = get_object_or_404(Event, pk=event_id)
    if not is_ratings_officer(request.user):
        return Status(403, _refusal(Message.of("api.officers_change")))
    if players is not None and not 1 <= players <= INTEGER_MAX:
        return Status(422, _refusal(Message.of("api.between", most=INTEGER_MAX), "players"))
    rows = [ServiceRow(r.player, r.rank, r.nationality, r.player_id) for r in payload]
    try:
        replace_results(ev, rows, players=players)
    except InputError as exc:
        return Status(422, _row_problem(exc))
    except WriteConflict as exc:
        current = _classification(ev)
        return Status(409, {"detail": str(exc), "field": None, "current": current})
    return _classification(ev)


def _classification(ev: Event) -> list[Result]:
    return list(
        Result.objects.filter(event=ev).select_related("player").order_by("rank", "player_id")
    )


#: The columns of one row of a classification (the others are the event's).
_ROW_COLUMNS = frozenset({"player", "player_id", "nationality", "rank"})


def _row_problem(exc: InputError) -> dict[str, Any]:
    """A results problem as ``{"detail", "field"}``: line ``i + 2`` is row ``i`` of the body
    (``"3.rank"``); the event-wide columns (``players``) are fields of their own."""
    first = exc.problems[0]
    field = first.column
    if field in _ROW_COLUMNS and first.line is not None and first.line >= 2:
        field = f"{first.line - 2}.{field}"
    return {
        "detail": told_message(first, site_language()),
        "field": field,
        "errors": [
            {"line": p.line, "column": p.column, "message": told_message(p, site_language())}
            for p in exc.problems
        ],
    }


@router.get(
    "/rankings/dip-pouch",
    response={200: list[StandingOut], **READ_ERRORS},
    tags=["dip-pouch"],
    operation_id=_kept("ranking"),
)
@paginate(Pages)
def ranking(request: HttpRequest, year: int = 0, nation: str = "") -> Any:
    """The ``year`` list (0: Permanent; ``nation``: that nation's list) in list order (rank,
    then name), read from its stored blocks (``ratinglists.blocks``)."""
    sizes = publication().summary.get("sizes", {}).get(str(year), {})
    size = int(sizes.get(nation, 0))
    return _Ranked(blocks.Listed(year, nation, size))


class _Ranked(Sequence[dict[str, Any]]):
    """A stored list's lines as :class:`StandingOut`, with their players (one query a page)."""

    def __init__(self, listed: blocks.Listed) -> None:
        self.listed = listed

    def __len__(self) -> int:
        return len(self.listed)

    def __getitem__(self, at: Any) -> Any:
        found = self.listed[at] if isinstance(at, slice) else [self.listed[at]]
        people = {p.pk: p for p in Player.objects.filter(pk__in=[line.player_id for line in found])}
        out = [
            {
                "player": people[line.player_id],
                "year": self.listed.year,
                "rank": line.rank,
                "national_rank": line.national_rank,
                "nationality": line.nationality,
                "rating": line.rating,
                "events": line.events,
            }
            for line in found
            if line.player_id in people
        ]
        return out if isinstance(at, slice) else out[0]
