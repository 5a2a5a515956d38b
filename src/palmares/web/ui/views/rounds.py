"""A round at the TD's desk (issue 12, steps 3–5): the roll call and the engine's proposal,
self check-in with its code and QR code, the board call with its quality report and lower
bound, swaps, publish and lock, and the boards' results. The players' side: the published call
by board and by player (printable, and as boards.csv), and the check-in form."""

from __future__ import annotations

from typing import Any

import segno
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from palmares.core.errors import PalmaresError
from palmares.core.names import reading_key
from palmares.diplomacy.board import GREAT_POWERS
from palmares.web.accounts.roles import directs
from palmares.web.lib.words import told
from palmares.web.tournaments import boardcall, rollcall
from palmares.web.tournaments.models import Board, Round, Tournament
from palmares.web.tournaments.problem import active_players
from palmares.web.ui.views import reports
from palmares.web.ui.views.desk import directed, round_desk_page
from palmares.web.ui.views.said import writable

__all__ = ["call_csv", "check_in", "public_call", "round_desk"]


def _qr(url: str) -> str:
    """The check-in address as an inline SVG QR code (rendered here, no script)."""
    return segno.make(url, error="m").svg_inline(scale=4, title=_("Check-in"))


@directed
def round_desk(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    return round_page(request, t, number)


def _posted_roll(extra: dict[str, Any] | None) -> dict[str, set[str]] | None:
    """The roll call's boxes as a refused roll call posted them (the form stays filled)."""
    if not extra or not extra.get("posted"):
        return None
    match = extra.get("posted_to")
    if match is None or getattr(match, "url_name", "") != "roll-call":
        return None
    posted = extra["posted"]
    return {k: set(posted.getlist(k)) for k in ("present", "sit_out", "two_boards")}


@round_desk_page
def round_page(
    request: HttpRequest,
    t: Tournament,
    number: int,
    extra: dict[str, Any] | None = None,
    *,
    status: int = 200,
) -> HttpResponse:
    """A round's desk; ``extra``: a refused write's reason and posted values."""
    rollcall.check_round(t, number)
    roll = rollcall.roll_call(t, number)
    offer = rollcall.proposal(t, number)
    call = boardcall.get_call(t, number)
    rnd = Round.objects.filter(tournament=t, number=number).first()
    entered = set(
        Board.objects.filter(round=rnd, seats__isnull=False).values_list("label", flat=True)
    )
    players = active_players(t, number)
    present = set(roll.present)
    ticked = _posted_roll(extra) or {
        "present": present,
        "sit_out": set(roll.sit_out),
        "two_boards": set(roll.two_boards),
    }
    rows = [
        {
            "name": p,
            "present": p in ticked["present"],
            "sit_out": p in ticked["sit_out"],
            "two_boards": p in ticked["two_boards"],
            "checked_in": p in roll.checked_in,
        }
        for p in sorted({*players, *roll.present}, key=reading_key)
    ]
    qr = ""
    check_url = ""
    if rnd is not None and rnd.check_in:
        check_url = request.build_absolute_uri(
            reverse("check-in", args=[t.pk]) + f"?round={number}&code={rnd.code}"
        )
        qr = mark_safe(_qr(check_url))
    context: dict[str, Any] = {
        "t": t,
        "round": number,
        "rnd": rnd,
        "roll": roll,
        "rows": rows,
        "offer": offer,
        "call": call,
        "by_player": call.by_player() if call else [],
        "entered": entered,
        "qr": qr,
        "check_url": check_url,
        "rounds": range(1, (t.event.rounds or number) + 1),
        "powers": GREAT_POWERS,
        "open": writable(t),
        "refused": None,
        "posted": {},
        **(extra or {}),
    }
    return render(request, "ui/desk_round.html", context, status=status)


def _back(t: Tournament, number: int) -> HttpResponse:
    return redirect("round-desk", tournament_id=t.pk, number=number)


@require_POST
@directed
def roll_call(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    pasted = [line.strip() for line in request.POST.get("pasted", "").splitlines()]
    names = [*request.POST.getlist("present"), *(n for n in pasted if n)]
    sit = request.POST.getlist("sit_out")
    two = request.POST.getlist("two_boards")
    rollcall.set_roll_call(request.user, t, number, names, sit, two)
    return _back(t, number)


@require_POST
@directed
def accept(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    rollcall.accept_proposal(request.user, t, number)
    return _back(t, number)


@require_POST
@directed
def open_check_in(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    rollcall.open_check_in(request.user, t, number, request.POST.get("on") == "1")
    return _back(t, number)


@require_POST
@directed
def make_call(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    try:
        seed = int(request.POST.get("seed", "1") or 1)
    except ValueError:
        seed = -1
    boardcall.make_call(request.user, t, number, seed=seed)
    return _back(t, number)


@require_POST
@directed
def swap(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    post = request.POST
    if post.get("player_a") and post.get("player_b"):
        boardcall.swap_players(request.user, t, number, post["player_a"], post["player_b"])
    else:
        boardcall.swap_powers(
            request.user,
            t,
            number,
            post.get("label", ""),
            post.get("power_a", ""),
            post.get("power_b", ""),
        )
    return _back(t, number)


@require_POST
@directed
def publish(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    boardcall.publish_call(request.user, t, number, lock=request.POST.get("lock") == "1")
    return _back(t, number)


@require_POST
@directed
def unpublish(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    boardcall.unpublish_call(request.user, t, number)
    return _back(t, number)


def _published(request: HttpRequest, tournament_id: int, number: int) -> tuple[Any, Any]:
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    call = boardcall.get_call(t, number)
    if call is None or not (call.published or directs(request.user, t)):
        raise Http404("no published board call")
    return t, call


def public_call(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The call as players see it: by board, and by player (alphabetical); prints cleanly."""
    t, call = _published(request, tournament_id, number)
    context = {"t": t, "round": number, "call": call, "by_player": call.by_player()}
    context.update(reports.call_extras(request, t, number, call))
    return render(request, "ui/call.html", context)


def call_csv(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    _, call = _published(request, tournament_id, number)
    answer = HttpResponse(boardcall.call_csv(call), content_type="text/csv; charset=utf-8")
    answer["Content-Disposition"] = f'attachment; filename="boards-round-{number}.csv"'
    return answer


def check_in(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A player marks themself present from a phone with the round's code."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    data = request.POST if request.method == "POST" else request.GET
    context: dict[str, Any] = {
        "t": t,
        "round": data.get("round", ""),
        "code": data.get("code", ""),
        "name": data.get("name", ""),
        "error": "",
        "done": "",
    }
    status = 200
    if request.method == "POST":
        try:
            number = int(data.get("round", ""))
        except ValueError:
            context["error"] = _("round: expected a round number")
            status = 400
        else:
            try:
                context["done"] = rollcall.check_in(
                    t, number, data.get("code", ""), context["name"]
                )
            except PalmaresError as exc:
                context["error"] = told(exc)
                status = getattr(exc, "status", 400)
    return render(request, "ui/check_in.html", context, status=status)
