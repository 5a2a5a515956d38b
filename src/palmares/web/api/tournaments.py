"""The JSON API's Diplomacy tournaments: the list, a new tournament (with the links a client
follows from it), their boards as played and scored, and the standings the engine computes
with the directors' rulings (``/tournaments``, ``…/boards``, ``…/standings``). The tournament
day's own operations are ``tday.py``'s and its neighbours'.

These operations were written in ``api.py`` first: each keeps its operation id
(:func:`~palmares.web.api.links.kept_id`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router
from ninja.pagination import paginate
from ninja.responses import Status

from palmares.core.message import Message
from palmares.core.rounding import half_up
from palmares.explain import explain
from palmares.web.api import tday
from palmares.web.api.answers import READ_ERRORS, WRITE_ERRORS, PostedBoardOut
from palmares.web.api.auth import WRITE_AUTH
from palmares.web.api.base import Pages
from palmares.web.api.base import refusal as _refusal
from palmares.web.api.clock import clock
from palmares.web.api.links import kept_id as _kept
from palmares.web.api.links import linked, operation_id
from palmares.web.api.overrides import list_overrides, post_override
from palmares.web.api.schemas import BoardIn, BoardOut, TournamentOut, TournamentStandingOut
from palmares.web.api.topboard import top_board
from palmares.web.lib.words import site_language, told
from palmares.web.tournaments import adapters
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.results import BoardResult, enter_result

__all__ = ["router"]

router = Router()


@router.get(
    "/tournaments/{tournament_id}/standings",
    response={200: list[TournamentStandingOut], **READ_ERRORS},
    tags=["diplomacy"],
    operation_id=_kept("tournament_standings"),
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


@router.post(
    "/tournaments/{tournament_id}/boards",
    response={201: PostedBoardOut, **WRITE_ERRORS},
    auth=WRITE_AUTH,
    tags=["diplomacy"],
    operation_id=_kept("post_board"),
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


@router.get(
    "/tournaments",
    response={200: list[TournamentOut], **READ_ERRORS},
    tags=["diplomacy"],
    operation_id=_kept("tournaments"),
)
@paginate(Pages)
def tournaments(request: HttpRequest) -> Any:
    return Tournament.objects.select_related("event").order_by("-event__date", "id")


_NEW = {"tournament_id": "$response.body#/id"}
router.post(
    "/tournaments",
    auth=tday.AUTH,
    **tday.CREATE,
    openapi_extra=linked(
        201,
        register=(operation_id(tday.register), _NEW),
        players=(operation_id(tday.registered), _NEW),
        clock=(operation_id(clock), _NEW),
        standings=(_kept("tournament_standings"), _NEW),
        overrides=(operation_id(list_overrides), _NEW),
        rule=(operation_id(post_override), _NEW),
        top_board=(operation_id(top_board), _NEW),
        audit=(_kept("audit", "palmares.web.api.tday"), _NEW),
    ),
)(tday.create)


@router.get(
    "/tournaments/{tournament_id}/boards",
    response={200: list[BoardOut], **READ_ERRORS},
    tags=["diplomacy"],
    operation_id=_kept("boards"),
)
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
