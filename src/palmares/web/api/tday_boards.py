"""The tournament day in the JSON API, its boards (issue 12): the board call of a round (made,
swapped, published, locked), the boards' results (entered, corrected, removed), and the audit
log of the day's writes. Each endpoint calls the one service the browser's forms call
(``palmares.web.tournaments``); the day's set-up, registration and roll call are ``tday.py``'s,
whose helpers these share (:data:`~palmares.web.api.tday.AUTH`, the declared answers).

These operations were written in ``tday.py`` first: each keeps its operation id
(:func:`~palmares.web.api.links.kept_id`).
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from django.http import HttpRequest, HttpResponse
from ninja import Field, Router
from ninja.responses import Status

from palmares.core.message import Message
from palmares.web.accounts.roles import directs
from palmares.web.api.answers import (
    READ_ERRORS,
    AuditEntryOut,
    BoardEnteredOut,
    BoardRemovedOut,
    CallOut,
    RoundRemovedOut,
)
from palmares.web.api.auth import reader
from palmares.web.api.links import kept_id
from palmares.web.api.schemas import In
from palmares.web.api.tday import AUTH, reads, tournament_of, writes
from palmares.web.audit.log import entries
from palmares.web.lib.words import said, site_language
from palmares.web.tournaments import boardcall, results
from palmares.web.tournaments.results import BoardResult, enter_result

__all__ = ["router"]

router = Router(tags=["tournament day"])
_kept = partial(kept_id, module="palmares.web.api.tday")


class CallIn(In):
    seed: int = 1


class SwapIn(In):
    player_a: str | None = None
    player_b: str | None = None
    label: str | None = None
    power_a: str | None = None
    power_b: str | None = None


#: A count as JSON gives it: a whole number, not ``"5"`` nor ``true`` (the service's own check,
#: ``tournaments.results``, names the power and the range).
Count = Annotated[int, Field(strict=True)]


class BoardResultIn(In):
    """A board's result; powers by English name or initial, in any case."""

    centres: dict[str, Count]
    #: Power → the year it was eliminated.
    eliminated: dict[str, Count] = Field(default_factory=dict)
    draw: list[str] | None = None
    final_year: Count | None = None
    #: Power → player (name within the tournament, or id).
    seats: dict[str, str | Count] | None = None
    #: Year → power → centres.
    centres_by_year: dict[str, dict[str, Count]] | None = None
    top_board: bool | None = None


@router.post(
    "/tournaments/{tournament_id}/rounds/{n}/board-call",
    response=writes(CallOut),
    auth=AUTH,
    exclude_unset=True,
    operation_id=_kept("make_call"),
)
def make_call(request: HttpRequest, tournament_id: int, n: int, payload: CallIn) -> Any:
    """The engine's board call of round ``n`` (a draft: publish it for the players)."""
    t = tournament_of(tournament_id)
    return boardcall.make_call(request.user, t, n, seed=payload.seed).as_json()


@router.get(
    "/tournaments/{tournament_id}/rounds/{n}/board-call",
    response=reads(CallOut),
    exclude_unset=True,
    operation_id=_kept("get_call"),
)
def get_call(request: HttpRequest, tournament_id: int, n: int) -> Any:
    """The round's call: published, or a draft its directors see."""
    t = tournament_of(tournament_id)
    call = boardcall.get_call(t, n)
    if call is None or not (call.published or directs(reader(request), t)):
        detail = said(Message.of("site.no_published", round=n))
        return Status(404, {"detail": detail, "field": None})
    return call.as_json()


@router.get(
    "/tournaments/{tournament_id}/rounds/{n}/board-call.csv",
    response=READ_ERRORS,
    openapi_extra={
        "responses": {
            "200": {
                "description": "The call as boards.csv",
                "content": {"text/csv": {"schema": {"type": "string"}}},
            }
        }
    },
    operation_id=_kept("call_csv"),
)
def call_csv(request: HttpRequest, tournament_id: int, n: int) -> Any:
    t = tournament_of(tournament_id)
    call = boardcall.get_call(t, n)
    if call is None or not (call.published or directs(reader(request), t)):
        detail = said(Message.of("site.no_published", round=n))
        return Status(404, {"detail": detail, "field": None})
    answer = HttpResponse(boardcall.call_csv(call), content_type="text/csv; charset=utf-8")
    answer["Content-Disposition"] = f'attachment; filename="boards-round-{n}.csv"'
    return answer


@router.post(
    "/tournaments/{tournament_id}/rounds/{n}/board-call/swap",
    response=writes(CallOut),
    auth=AUTH,
    exclude_unset=True,
    operation_id=_kept("swap"),
)
def swap(request: HttpRequest, tournament_id: int, n: int, payload: SwapIn) -> Any:
    """Swap two players (``player_a``, ``player_b``) or two powers of one board (``label``,
    ``power_a``, ``power_b``); the report is recomputed, a broken constraint refused."""
    t = tournament_of(tournament_id)
    if payload.player_a and payload.player_b:
        call = boardcall.swap_players(
            request.user, t, n, payload.player_a, payload.player_b, board=payload.label
        )
    elif payload.label and payload.power_a and payload.power_b:
        call = boardcall.swap_powers(
            request.user, t, n, payload.label, payload.power_a, payload.power_b
        )
    else:
        return Status(
            400,
            {"detail": said(Message.of("api.swap")), "field": None},
        )
    return call.as_json()


@router.post(
    "/tournaments/{tournament_id}/rounds/{n}/board-call/publish",
    response=writes(CallOut),
    auth=AUTH,
    exclude_unset=True,
    operation_id=_kept("publish"),
)
def publish(request: HttpRequest, tournament_id: int, n: int) -> Any:
    t = tournament_of(tournament_id)
    return boardcall.publish_call(request.user, t, n).as_json()


@router.post(
    "/tournaments/{tournament_id}/rounds/{n}/board-call/lock",
    response=writes(CallOut),
    auth=AUTH,
    exclude_unset=True,
    operation_id=_kept("lock"),
)
def lock(request: HttpRequest, tournament_id: int, n: int) -> Any:
    t = tournament_of(tournament_id)
    return boardcall.lock_call(request.user, t, n).as_json()


@router.post(
    "/tournaments/{tournament_id}/rounds/{n}/board-call/unpublish",
    response=writes(CallOut),
    auth=AUTH,
    exclude_unset=True,
    operation_id=_kept("unpublish"),
)
def unpublish(request: HttpRequest, tournament_id: int, n: int) -> Any:
    """Take the call's publication back (a draft again): before any result only."""
    t = tournament_of(tournament_id)
    return boardcall.unpublish_call(request.user, t, n).as_json()


class RemoveIn(In):
    boards: list[str] | None = None


@router.delete(
    "/tournaments/{tournament_id}/rounds/{n}/results",
    response=writes(RoundRemovedOut),
    auth=AUTH,
    operation_id=_kept("remove_results"),
)
def remove_results(request: HttpRequest, tournament_id: int, n: int) -> Any:
    """Remove every result of round ``n`` (audited), so that it can be called again or the
    tournament closed."""
    t = tournament_of(tournament_id)
    done = results.remove_results(request.user, t, n)
    return {"round": n, "said": [said(m) for m in done]}


@router.delete(
    "/tournaments/{tournament_id}/rounds/{n}/boards/{label}",
    response=writes(BoardRemovedOut),
    auth=AUTH,
    operation_id=_kept("remove_board"),
)
def remove_board(request: HttpRequest, tournament_id: int, n: int, label: str) -> Any:
    """Remove board ``label``'s result of round ``n`` (audited)."""
    t = tournament_of(tournament_id)
    done = results.remove_results(request.user, t, n, [label])
    return {"round": n, "label": label, "said": [said(m) for m in done]}


@router.put(
    "/tournaments/{tournament_id}/rounds/{n}/boards/{label}",
    response=writes(BoardEnteredOut),
    auth=AUTH,
    operation_id=_kept("put_board"),
)
def put_board(
    request: HttpRequest, tournament_id: int, n: int, label: str, payload: BoardResultIn
) -> Any:
    """Enter or correct a board's result; the seats come from the published call unless
    ``seats`` gives them. The same data twice changes nothing."""
    t = tournament_of(tournament_id)
    done = enter_result(
        request.user,
        t,
        n,
        label,
        BoardResult(
            centres=payload.centres,
            eliminated=payload.eliminated,
            draw=payload.draw,
            final_year=payload.final_year,
            seats=payload.seats,
            centres_by_year=payload.centres_by_year,
            top_board=payload.top_board,
        ),
    )
    return {
        "round": n,
        "label": done.board.label,
        "changed": done.changed,
        "correction": done.correction,
        "moved": [{"player": m.player, "before": m.before, "after": m.after} for m in done.moved],
        "prizes_moved": [
            {"prize": str(m.prize), "before": list(m.before), "after": list(m.after)}
            for m in done.prizes_moved
        ],
        "said": [said(m) for m in done.said],
    }


@router.get(
    "/tournaments/{tournament_id}/audit",
    response=writes(list[AuditEntryOut]),
    auth=AUTH,
    operation_id=_kept("audit"),
)
def audit(request: HttpRequest, tournament_id: int) -> Any:
    """The tournament's audit log (its directors and admins)."""
    t = tournament_of(tournament_id)
    if not directs(request.user, t):
        status = 403 if request.user.is_authenticated else 401
        return Status(status, {"detail": said(Message.of("api.directors")), "field": None})
    return entries(t, site_language())
