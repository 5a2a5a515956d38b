"""The JSON API: read everything, write results for authorised users.

Stable ids are the database ids; lists are paginated (``?limit=&offset=``); every error is JSON
with ``detail`` and, where one field is wrong, ``field``. Writes need a logged-in session
(Django auth, CSRF-protected) or ``Authorization: Bearer TOKEN`` (:mod:`palmares.web.api.auth`):
ratings officers replace an event's results; a tournament's
directors enter its boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from datetime import date
from decimal import Decimal
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, File, NinjaAPI, Schema
from ninja.errors import AuthenticationError, ValidationError
from ninja.files import UploadedFile
from ninja.openapi.docs import ABS_TPL_PATH, Swagger
from ninja.pagination import LimitOffsetPagination, paginate
from ninja.responses import Status

from palmares.core.errors import InputError, PalmaresError
from palmares.core.message import Message
from palmares.core.rounding import half_up
from palmares.explain import explain
from palmares.explain.errors import told_message
from palmares.tantrix.tables import performance_rows
from palmares.web.accounts.roles import is_ratings_officer
from palmares.web.api import tday
from palmares.web.api.auth import WRITE_AUTH, TokenRefused
from palmares.web.api.clock import router as clock_router
from palmares.web.api.closing import router as closing_router
from palmares.web.api.games import league_rows
from palmares.web.api.games import router as games_router
from palmares.web.api.overrides import router as overrides_router
from palmares.web.api.schemas import (
    INTEGER_MAX,
    BoardIn,
    BoardOut,
    ConflictOut,
    ErrorOut,
    EventOut,
    HistoryOut,
    PlayerOut,
    ResultIn,
    ResultOut,
    StandingOut,
    TournamentOut,
    TournamentStandingOut,
)
from palmares.web.api.topboard import router as topboard_router
from palmares.web.api.undo import router as undo_router
from palmares.web.events.models import Event, Result
from palmares.web.events.services import ResultIn as ServiceRow
from palmares.web.events.services import replace_results
from palmares.web.faces.uploads import IMPORTERS, UploadTooLarge, check_size, import_upload
from palmares.web.lib.concurrency import WriteConflict
from palmares.web.lib.limits import MAX_QUERY_CHARS
from palmares.web.lib.names import name_key
from palmares.web.lib.words import said, site_language, told
from palmares.web.players.models import Player
from palmares.web.ratinglists import blocks
from palmares.web.ratinglists.models import RatingEntry
from palmares.web.ratinglists.services import publication
from palmares.web.tantrixdb.adapters import tournament_rating
from palmares.web.tournaments import adapters
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.results import BoardResult, enter_result
from palmares.web.wizarddb import adapters as wizard_adapters
from palmares.web.wizarddb.models import Month


class LocalSwagger(Swagger):
    """Swagger from ninja's own files: ninja is not an installed app (settings.NINJA), so ninja
    would take its CDN template; its local one is the one rendered."""

    template_cdn = str(ABS_TPL_PATH / "swagger.html")


api = NinjaAPI(
    title="palmares",
    docs=LocalSwagger(),
    version="1",
    description="Results, scores and ratings: Dip Pouch, Diplomacy tournaments, Tantrix, Wizard.",
    urls_namespace="api",
)
api.add_router("", games_router)
api.add_router("", tday.router)
api.add_router("", closing_router)
api.add_router("", topboard_router)
api.add_router("", overrides_router)
api.add_router("", undo_router)
api.add_router("", clock_router)


class Pages(LimitOffsetPagination):
    """``?limit=`` (1–1000, 100 by default) and ``?offset=`` (within a database integer)."""

    class Input(Schema):
        limit: int = Field(100, ge=1, le=1000)
        offset: int = Field(0, ge=0, le=INTEGER_MAX)


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    first: dict[str, Any] = exc.errors[0] if exc.errors else {}
    loc = [str(p) for p in first.get("loc", []) if p not in ("body", "query", "path", "payload")]
    return api.create_response(
        request,
        {
            "detail": first.get("msg", "invalid input"),
            "field": ".".join(loc) or None,
            "errors": exc.errors,
        },
        status=422,
    )


@api.exception_handler(PalmaresError)
def _bad_input(request: HttpRequest, exc: PalmaresError) -> HttpResponse:
    """A refused input (a service's ``FieldError`` names the field and its 4xx status)."""
    field, status = getattr(exc, "field", None), getattr(exc, "status", 400)
    return api.create_response(request, {"detail": told(exc), "field": field}, status=status)


@api.exception_handler(WriteConflict)
def _conflict(request: HttpRequest, exc: WriteConflict) -> HttpResponse:
    return api.create_response(request, {"detail": str(exc), "field": None}, status=409)


def _refusal(message: Message, field: str | None = None) -> dict[str, Any]:
    """An answer's body: ``message`` (a sentence of ``explain.messages_api``) in the request's
    language, and the field it names."""
    return {"detail": said(message), "field": field}


class BadParameter(Exception):
    """A query parameter out of bounds (answered 400 naming it)."""

    def __init__(self, field: str, detail: Message) -> None:
        super().__init__(detail.key)
        self.field = field
        self.detail = detail


@api.exception_handler(BadParameter)
def _bad_parameter(request: HttpRequest, exc: BadParameter) -> HttpResponse:
    return api.create_response(request, _refusal(exc.detail, exc.field), status=400)


@api.exception_handler(UploadTooLarge)
def _too_large(request: HttpRequest, exc: UploadTooLarge) -> HttpResponse:
    return api.create_response(request, {"detail": told(exc), "field": "file"}, status=413)


@api.exception_handler(AuthenticationError)
def _unauthorised(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return api.create_response(request, _refusal(Message.of("api.log_in")), status=401)


@api.exception_handler(TokenRefused)
def _token_refused(request: HttpRequest, exc: TokenRefused) -> HttpResponse:
    answer = api.create_response(request, _refusal(Message.of("api.bad_token")), status=401)
    answer["WWW-Authenticate"] = 'Bearer error="invalid_token"'
    return answer


def _player(p: Player) -> dict[str, Any]:
    return {"id": p.pk, "name": p.name, "nationality": p.nationality}


@api.get("/players", response=list[PlayerOut], tags=["players"])
@paginate(Pages)
def players(request: HttpRequest, q: str = "") -> Any:
    if len(q) > MAX_QUERY_CHARS:
        raise BadParameter("q", Message.of("site.at_most", most=MAX_QUERY_CHARS))
    rows = Player.objects.order_by("key", "id")
    return rows.filter(key__contains=name_key(q)) if q else rows


@api.get("/players/{player_id}", response={200: PlayerOut, 404: ErrorOut}, tags=["players"])
def player(request: HttpRequest, player_id: int) -> Any:
    return get_object_or_404(Player, pk=player_id)


@api.get("/players/{player_id}/history", response=list[HistoryOut], tags=["dip-pouch"])
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


@api.get("/events", response=list[EventOut], tags=["events"])
@paginate(Pages)
def events(request: HttpRequest, kind: str = "") -> Any:
    rows = Event.objects.order_by("-date", "id")
    return rows.filter(kind=kind) if kind else rows


@api.get("/events/{event_id}", response=EventOut, tags=["events"])
def event(request: HttpRequest, event_id: int) -> Any:
    return get_object_or_404(Event, pk=event_id)


@api.get("/events/{event_id}/results", response=list[ResultOut], tags=["events"])
def results(request: HttpRequest, event_id: int) -> Any:
    ev = get_object_or_404(Event, pk=event_id)
    return Result.objects.filter(event=ev).select_related("player").order_by("rank", "player_id")


@api.put(
    "/events/{event_id}/results",
    response={
        200: list[ResultOut],
        401: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ConflictOut,
        422: ErrorOut,
    },
    auth=WRITE_AUTH,
    tags=["events"],
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


@api.get("/rankings/dip-pouch", response=list[StandingOut], tags=["dip-pouch"])
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


@api.get(
    "/tournaments/{tournament_id}/standings",
    response=list[TournamentStandingOut],
    tags=["diplomacy"],
)
def tournament_standings(
    request: HttpRequest, tournament_id: int, round: int = 0, after_round: int = 0
) -> Any:
    """The engine's standings after round ``after_round`` (or ``round``; default: the last),
    with the TD's rulings applied; ``computed`` is the engine's score where a ruling changed it."""
    t = get_object_or_404(Tournament, pk=tournament_id)
    up_to = after_round or round or None
    ruled = adapters.overridden(t, up_to_round=up_to)
    marked = adapters.marks(t, up_to)
    words = site_language()
    return [
        {
            "rank": s.rank,
            "player": s.player,
            "score": str(half_up(s.score, 6)),
            "computed": (
                str(half_up(ruled.computed[s.player], 6)) if s.player in ruled.computed else None
            ),
            "games": s.games,
            "explain": [text for line in s.lines for text in explain(line, words)],
            "sat_out": list(marked[s.player].sat_out) if s.player in marked else [],
            "withdrawn_after": (marked[s.player].withdrawn_after if s.player in marked else None),
        }
        for s in ruled.standings.players
    ]


@api.post(
    "/tournaments/{tournament_id}/boards",
    response={201: dict[str, Any], 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 422: ErrorOut},
    auth=WRITE_AUTH,
    tags=["diplomacy"],
)
def post_board(request: HttpRequest, tournament_id: int, payload: BoardIn) -> Any:
    """Enter one board's result (the tournament's directors and admins), through the same
    service as ``PUT /tournaments/{id}/rounds/{n}/boards/{label}``."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    powers = [s.power for s in payload.seats]
    if len(set(powers)) != 7:
        return Status(422, _refusal(Message.of("api.seven_powers"), "seats"))
    entered = BoardResult(
        centres={s.power: s.centres for s in payload.seats},
        eliminated={s.power: s.eliminated for s in payload.seats if s.eliminated is not None},
        draw=[s.power for s in payload.seats if s.in_draw] or None,
        seats={s.power: s.player_id for s in payload.seats},
    )
    try:
        done = enter_result(request.user, t, payload.round, payload.board, entered)
    except FieldError as exc:  # this endpoint's contract: a bad seat is a 422 on "seats"
        if exc.status != 400:
            raise
        field = exc.field or ""
        where = (
            "seats" if field.split(".")[0] in ("centres", "eliminated", "draw", "seats") else field
        )
        return Status(422, {"detail": told(exc), "field": where or None})
    return Status(201, {"id": done.board.pk, "round": payload.round, "board": done.board.label})


def _not_found(request: HttpRequest, exc: Http404 | type[Http404]) -> HttpResponse:
    return api.create_response(request, _refusal(Message.of("api.not_found")), status=404)


api.add_exception_handler(Http404, _not_found)


@api.get("/tournaments", response=list[TournamentOut], tags=["diplomacy"])
@paginate(Pages)
def tournaments(request: HttpRequest) -> Any:
    return Tournament.objects.select_related("event").order_by("-event__date", "id")


api.post("/tournaments", auth=tday.AUTH, **tday.CREATE)(tday.create)


@api.get("/tournaments/{tournament_id}/boards", response=list[BoardOut], tags=["diplomacy"])
def boards(request: HttpRequest, tournament_id: int) -> Any:
    t = get_object_or_404(Tournament, pk=tournament_id)
    result = adapters.standings(t)
    rows = []
    for b in adapters.played_boards(t):
        score = result.board_scores.get((b.round, b.board))
        rows.append(
            {
                "round": b.round,
                "board": b.board,
                "top_board": b.top_board,
                "seats": [
                    {
                        "power": s.power,
                        "player": s.player,
                        "centres": s.centres,
                        "score": str(half_up(score.scores[s.power], 6)) if score else None,
                    }
                    for s in b.seats
                ],
            }
        )
    return rows


@api.get("/tantrix/events/{event_id}/performance", response=list[dict[str, Any]], tags=["tantrix"])
def tantrix_performance(request: HttpRequest, event_id: int) -> Any:
    """Seed 003's two tables as rows (the engine's ``performance_rows``), full precision."""
    ev = get_object_or_404(Event, pk=event_id, kind=Event.Kind.TANTRIX)
    return [
        {k: (str(v) if isinstance(v, float | Decimal) else v) for k, v in asdict(row).items()}
        for row in performance_rows(tournament_rating(ev))
    ]


@api.get(
    "/wizard/months/{month}", response={200: list[dict[str, Any]], 422: ErrorOut}, tags=["wizard"]
)
def wizard_month(request: HttpRequest, month: str) -> Any:
    """The month's table (``YYYY-MM``): every player, rank (None below the cut-off), points,
    wins, Skill Ratio and master points, as the engine computes them."""
    try:
        first = date.fromisoformat(f"{month}-01")
    except ValueError:
        return Status(422, _refusal(Message.of("api.month", got=repr(month)), "month"))
    return league_rows(wizard_adapters.month(first))


@api.post(
    "/imports/{kind}",
    response={
        200: dict[str, Any],
        400: ErrorOut,
        401: ErrorOut,
        403: ErrorOut,
        409: ErrorOut,
        413: ErrorOut,
        422: ErrorOut,
    },
    auth=WRITE_AUTH,
    tags=["imports"],
)
def import_file(request: HttpRequest, kind: str, file: File[UploadedFile]) -> Any:
    """Import a file (ratings officers): ``results`` (ratings recomputed), ``matches``,
    ``games``. The same strict readers as the command line; a bad file changes nothing and the
    answer lists every problem as ``file:line: column: message``."""
    if not is_ratings_officer(request.user):
        return Status(403, _refusal(Message.of("api.officers_import")))
    if kind not in IMPORTERS:
        return Status(422, _refusal(Message.of("api.unknown_kind", kind=repr(kind)), "kind"))
    check_size(file.name or "", file.size)
    summary = import_upload(kind, file.name or "", file.read())
    return {"imported": kind, "summary": summary}


@api.post(
    "/wizard/months/{month}/publish",
    response={200: dict[str, Any], 401: ErrorOut, 403: ErrorOut, 404: ErrorOut},
    auth=WRITE_AUTH,
    tags=["wizard"],
)
def publish_month(request: HttpRequest, month: str) -> Any:
    """Mark a league month's ranking as the official one (ratings officers)."""
    if not is_ratings_officer(request.user):
        return Status(403, _refusal(Message.of("api.officers_publish")))
    try:
        first = date.fromisoformat(f"{month}-01")
    except ValueError:
        raise Http404("no such month") from None
    found = get_object_or_404(Month, month=first)
    found.published = True
    found.save()
    return {"month": month, "published": True}
