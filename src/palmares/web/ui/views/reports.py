"""Reports from the table (issue 38): the board's report page for a phone and the TD's board of
boards.

The report page (``…/rounds/<n>/boards/<label>/report``, no login: the player's personal code is
their proof) is the result grid a player fills at the end of the game — a line per power with
its centres, the year it was eliminated and the draw, the final year under it, the running total
against the 34 (``static/palmares/grid.js``) — sent through the one service
(:func:`palmares.web.tournaments.reports.submit_report`). With its script the page sends the
report to the JSON API and keeps it in the phone's storage until the server has answered: a
phone that loses the network keeps the entry and sends it when the network is back
(``static/palmares/report.js``). Without the script the form posts to the page.

The board of boards (``…/rounds/<n>/reports/``, directors) shows every board of the round with
its status, the reports side by side with the powers they differ on marked, and one button to
accept; it polls the API and reloads when a board moves (``static/palmares/reports.js``). Its
projector view shows the statuses alone (no login).
"""

from __future__ import annotations

import io
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.board import GREAT_POWERS, TOTAL_CENTRES
from palmares.explain.renderers.diplomacy import power_name
from palmares.explain.voice import Voice, voice
from palmares.web.accounts.roles import directs
from palmares.web.lib.words import said, site_language, told
from palmares.web.tournaments import reports
from palmares.web.tournaments.models import Entry, Tournament
from palmares.web.tournaments.results import BoardResult

__all__ = ["accept", "board_of_boards", "call_extras", "projector", "qr_svg", "report"]


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)


def _number(value: str) -> int | str | None:
    """A field of the form: a whole number, ``None`` when empty, the text when not a number
    (the service refuses it with its field)."""
    value = value.strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        return value


def _posted(data: Any) -> tuple[str, str, BoardResult, dict[str, Any]]:
    """The form's player, code and result, and the values as typed (kept on a refusal)."""
    typed: dict[str, Any] = {"centres": {}, "eliminated": {}, "draw": set()}
    centres: dict[str, Any] = {}
    eliminated: dict[str, Any] = {}
    for power in GREAT_POWERS:
        i = power[0]
        typed["centres"][i] = data.get(f"centres_{i}", "")
        typed["eliminated"][i] = data.get(f"eliminated_{i}", "")
        n = _number(typed["centres"][i])
        if n is not None:
            centres[power] = n
        year = _number(typed["eliminated"][i])
        if year is not None:
            eliminated[power] = year
        if data.get(f"draw_{i}"):
            typed["draw"].add(i)
    draw = [p for p in GREAT_POWERS if p[0] in typed["draw"]]
    typed["final_year"] = data.get("final_year", "")
    result = BoardResult(
        centres=centres,
        eliminated=eliminated,
        draw=draw or None,
        final_year=_number(typed["final_year"]),
    )
    return str(data.get("player", "")), str(data.get("code", "")), result, typed


def _words(**values: Any) -> dict[str, str]:
    """The page's words in the reader's language (explain/messages_reports.py)."""
    board, number = values.get("board", ""), values.get("round", 0)
    return {
        "title": said(Message.of("reports.page.title", board=board, round=number)),
        "who": said(Message.of("reports.page.who")),
        "code": said(Message.of("reports.page.code")),
        "send": said(Message.of("reports.page.send")),
        "kept": said(Message.of("reports.page.kept")),
        "help": said(Message.of("reports.page.help")),
        "boards": said(Message.of("reports.page.boards", round=number)),
        "updates": said(Message.of("reports.page.updates")),
        "projector": said(Message.of("reports.page.projector")),
        "differs": said(Message.of("reports.page.differs")),
    }


def _status_words() -> dict[str, str]:
    return {str(s): said(m) for s, m in reports.STATUS_WORDS.items()}


def report(request: HttpRequest, tournament_id: int, number: int, label: str) -> HttpResponse:
    """A board's report page (GET), or a report sent without the page's script (POST)."""
    t = _tournament(tournament_id)
    view = reports.board_view(t, number, label)
    if not view.seats:
        raise Http404("no published board of this label in this round")
    language = voice(site_language())
    context: dict[str, Any] = {
        "t": t,
        "round": number,
        "label": label,
        "words": _words(board=label, round=number),
        "status_words": _status_words(),
        "status": str(view.status),
        "status_text": said(reports.STATUS_WORDS[view.status]),
        "most": TOTAL_CENTRES,
        "api": f"/api/tournaments/{t.pk}/rounds/{number}/boards/{label}/reports",
        "player": request.GET.get("player", ""),
        "code": "",
        "typed": {"centres": {}, "eliminated": {}, "draw": set(), "final_year": ""},
        "refused": "",
        "field": "",
        "done": (),
    }
    status = 200
    if request.method == "POST":
        player, code, result, typed = _posted(request.POST)
        context.update(player=player, code=code, typed=typed)
        try:
            after = reports.submit_report(t, number, label, player, code, result)
        except PalmaresError as exc:
            context["refused"] = told(exc)
            context["field"] = getattr(exc, "field", None) or ""
            status = int(getattr(exc, "status", 400))
        else:
            view = after
            context.update(
                status=str(view.status),
                status_text=said(reports.STATUS_WORDS[view.status]),
                done=tuple(said(m) for m in view.said),
            )
    context["rows"] = [
        {
            "power": power_name(p, language),
            "initial": p[0],
            "player": view.seats.get(p, ""),
            "centres": context["typed"]["centres"].get(p[0], ""),
            "eliminated": context["typed"]["eliminated"].get(p[0], ""),
            "draw": p[0] in context["typed"]["draw"],
        }
        for p in GREAT_POWERS
    ]
    context["players"] = [view.seats[p] for p in GREAT_POWERS if p in view.seats]
    return render(request, "ui/report.html", context, status=status)


def _groups(view: reports.BoardView) -> list[list[reports.ReportView]]:
    """The board's reports grouped by the result they give, in the order first reported."""
    groups: dict[Any, list[reports.ReportView]] = {}
    for r in view.reports:
        key = (tuple(r.centres.items()), tuple(r.eliminated.items()), r.draw, r.final_year)
        groups.setdefault(key, []).append(r)
    return list(groups.values())


def _listed(values: dict[str, int]) -> str:
    return ",".join(f"{key}{values[key]}" for key in sorted(values))


def _shown(view: reports.BoardView) -> str:
    """The board as the page shows it, made the way ``static/palmares/reports.js`` makes it
    from the API's answer: the page's first poll reloads it when the two differ."""
    return f"{view.status.value}|" + ";".join(
        f"{r.player}={_listed(r.centres)}/{_listed(r.eliminated)}/"
        f"{','.join(sorted(r.draw))}/{'' if r.final_year is None else r.final_year}"
        for r in view.reports
    )


def _board_context(t: Tournament, view: reports.BoardView, language: Voice) -> dict[str, Any]:
    """A board's card: its status and, once reported, the results reported side by side (one
    column per result, its reporters above it), the powers they differ on marked."""
    groups = _groups(view)
    lines = []
    for p in GREAT_POWERS:
        cells = [
            {
                "centres": g[0].centres.get(p, ""),
                "out": g[0].eliminated.get(p) or "",
                "draw": p in g[0].draw,
            }
            for g in groups
        ]
        lines.append(
            {
                "power": power_name(p, language),
                "initial": p[0],
                "player": view.seats.get(p, ""),
                "cells": cells,
                "differs": p in view.differing,
            }
        )
    return {
        "label": view.label,
        "status": str(view.status),
        "shown": _shown(view),
        "status_text": said(reports.STATUS_WORDS[view.status]),
        "reports": [
            {
                "player": g[0].player,
                "heading": said(
                    Message.of(
                        "reports.page.reporter",
                        players=tuple(f"{r.player} ({power_name(r.power, language)})" for r in g),
                    )
                ),
                "count": len(g),
                "final_year": g[0].final_year or "",
                "accept": said(Message.of("reports.page.accept_one", player=g[0].player)),
            }
            for g in groups
        ],
        "lines": lines,
        "year_differs": "final_year" in view.differing,
        "accept": said(Message.of("reports.page.accept", board=view.label)),
    }


def _boards_page(
    request: HttpRequest, t: Tournament, number: int, *, refused: str = "", status: int = 200
) -> HttpResponse:
    views = reports.round_view(request.user, t, number)
    language = voice(site_language())
    context = {
        "t": t,
        "round": number,
        "words": _words(round=number),
        "boards": [_board_context(t, v, language) for v in views],
        "refused": refused,
        "api": f"/api/tournaments/{t.pk}/rounds/{number}/reports",
    }
    return render(request, "ui/reports_boards.html", context, status=status)


@login_required
def board_of_boards(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Every board of round ``number`` with its status and reports (directors)."""
    t = _tournament(tournament_id)
    if not directs(request.user, t):
        raise PermissionDenied("only this tournament's directors see the reports")
    return _boards_page(request, t, number)


@login_required
def accept(request: HttpRequest, tournament_id: int, number: int, label: str) -> HttpResponse:
    """The TD accepts a board (POST; ``following``: one player's report in a conflict)."""
    t = _tournament(tournament_id)
    if not directs(request.user, t):
        raise PermissionDenied("only this tournament's directors accept reports")
    if request.method != "POST":
        return redirect("board-of-boards", t.pk, number)
    following = request.POST.get("following") or None
    try:
        done = reports.accept_board(request.user, t, number, label, following)
    except PalmaresError as exc:
        return _boards_page(
            request, t, number, refused=told(exc), status=int(getattr(exc, "status", 400))
        )
    for message in done.said:
        messages.success(request, said(message))
    return redirect("board-of-boards", t.pk, number)


def projector(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The board of boards for the room's projector: each board's status alone."""
    t = _tournament(tournament_id)
    context = {
        "t": t,
        "round": number,
        "words": _words(round=number),
        "boards": [
            {"label": v.label, "status": str(v.status), "text": _status_words()[str(v.status)]}
            for v in reports.statuses(t, number)
        ],
        "api": f"/api/tournaments/{t.pk}/rounds/{number}/reports/status",
    }
    return render(request, "ui/reports_projector.html", context)


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as inline SVG (segno), for the printed call."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=3, xmldecl=False, svgns=True)
    return out.getvalue().decode()


def call_extras(request: HttpRequest, t: Tournament, number: int, call: Any) -> dict[str, Any]:
    """What the players' call adds (issue 38): each board's link to its report page; for a
    director (the printed call) each player's personal code and each board's QR code to its
    report page — nobody else sees a code."""
    links = {label: reverse("board-report", args=[t.pk, number, label]) for label in call.boards}
    extras: dict[str, Any] = {
        "report_links": links,
        "report_word": said(Message.of("reports.page.report_link")),
    }
    if not directs(request.user, t):
        return extras
    codes = {
        e.player.name: e.code for e in Entry.objects.filter(tournament=t).select_related("player")
    }
    qrs = {
        label: {
            "svg": qr_svg(request.build_absolute_uri(url)),
            "caption": said(Message.of("reports.page.qr", board=label)),
        }
        for label, url in links.items()
    }
    extras.update(codes=codes, qrs=qrs, code_heading=said(Message.of("reports.page.code_column")))
    return extras
