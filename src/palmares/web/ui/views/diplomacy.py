"""Diplomacy tournament pages: standings after each round (the ante explained), boards with
centres and scores, top board, teams, awards (a TD's result grid: :mod:`.grid`)."""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from palmares.core.errors import PalmaresError
from palmares.core.names import reading_key
from palmares.core.rounding import half_up
from palmares.diplomacy.prizes import player_prizes
from palmares.explain import explain
from palmares.web.accounts.roles import directs
from palmares.web.lib.words import site_language, told
from palmares.web.players.models import Player
from palmares.web.tournaments import adapters
from palmares.web.tournaments.boardcall import get_call
from palmares.web.tournaments.models import POWERS, Board, Seat, Tournament
from palmares.web.tournaments.outlook import outlook_page
from palmares.web.tournaments.systems import system_problems
from palmares.web.ui.pagecache import cached_page
from palmares.web.ui.views.said import writable

#: The tournament page's sections (``?tab=``), each a page of its own so the page stays short
#: on a phone (issue 14); links, no script.
TABS = ("standings", "boards", "prizes", "teams")


@cached_page(*adapters.SCOPES, "chaosgames")
def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One section of a tournament (``?tab=``: standings, boards by round, prizes, teams) after
    round ``?round=`` (default: the last with a result)."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    problems = system_problems(t.scoring, t.aggregation)
    if problems:  # a spec stored wrong: the page says so instead of failing
        return render(request, "ui/tournament.html", {"t": t, "system_problems": problems})
    tab = request.GET.get("tab", "") or "standings"
    if tab not in TABS:
        tab = "standings"
    rounds = list(
        t.rounds.filter(boards__seats__isnull=False)
        .distinct()
        .order_by("number")
        .values_list("number", flat=True)
    )
    try:
        after = int(request.GET.get("round", "") or (rounds[-1] if rounds else 0))
    except ValueError:
        after = rounds[-1] if rounds else 0
    ruled = adapters.overridden(t, up_to_round=after) if rounds else None
    result = ruled.standings if ruled is not None else None
    prize_list = (
        adapters.tournament_prizes(t, up_to_round=after)
        if rounds and tab in ("standings", "prizes", "teams")
        else None
    )
    words = site_language()
    standings: list[dict[str, Any]] = []
    boards: list[dict[str, Any]] = []
    if result is not None and tab == "standings":
        marked = adapters.marks(t, after)
        for s in sorted(result.players, key=lambda s: (s.rank, reading_key(s.player))):
            standings.append(
                {
                    "marks": marked.get(s.player),
                    "rank": s.rank,
                    "player": s.player,
                    "score": half_up(s.score, 3),
                    "computed": (
                        half_up(ruled.computed[s.player], 3)
                        if ruled is not None and s.player in ruled.computed
                        else None
                    ),
                    "games": s.games,
                    "lines": [
                        *(text for line in s.lines for text in explain(line, words)),
                        *(
                            explain(
                                player_prizes(prize_list, s.player, system=result.system), words
                            )
                            if prize_list is not None
                            else ()
                        ),
                    ],
                }
            )
    if result is not None and tab in ("boards", "prizes"):
        boards = _boards(t, result, after, top_only=tab == "prizes")
    context = {
        "t": t,
        "tab": tab,
        "tabs": TABS,
        "has_teams": t.teams.exists(),
        "rounds": rounds,
        "after": after,
        "standings": standings,
        "boards": boards,
        "top_boards": [b for b in boards if b["top"]],
        "prizes": prize_list,
        "champion_words": (
            " ".join(explain(prize_list.champion, words))
            if prize_list is not None and prize_list.champion is not None
            else ""
        ),
        "teams": [
            {
                "rank": team.rank,
                "team": team.team,
                "score": team.score,
                "members": [
                    {"player": m.player, "score": m.score, "note": " ".join(explain(m, words))}
                    for m in team.members
                ],
            }
            for team in (prize_list.teams if prize_list is not None else ())
        ],
        "can_edit": directs(request.user, t) and writable(t),
        "published": list(
            t.rounds.filter(published=True).order_by("number").values_list("number", flat=True)
        ),
        "aggregation": t.aggregation,
        "scoring": t.scoring,
        # The last round's outlook (issue 38): recomputed from the stored boards.
        "outlook": outlook_page(t, words) if tab == "standings" else None,
        "outlook_places": range(2, 8),
    }
    return render(request, "ui/tournament.html", context)


def _boards(t: Tournament, result: Any, after: int, *, top_only: bool) -> list[dict[str, Any]]:
    """The boards of round ``after`` (``top_only``: the top boards up to it) with centres and
    board scores."""
    by_name = {
        p.name: p.pk for p in Player.objects.filter(seats__board__round__tournament=t).distinct()
    }
    rows = Board.objects.filter(round__tournament=t)
    rows = (
        rows.filter(round__number__lte=after, top_board=True)
        if top_only
        else rows.filter(round__number=after)
    )
    boards = []
    for b in (
        rows.select_related("round")
        .prefetch_related("seats__player")
        .order_by("round__number", "id")
    ):
        score = result.board_scores.get((b.round.number, b.label))
        seats = []
        for seat in b.seats.all():
            power = dict(POWERS)[seat.power]
            seats.append(
                {
                    "power": power,
                    "player": seat.player.name,
                    "player_id": by_name.get(seat.player.name),
                    "centres": seat.centres,
                    "score": half_up(score.scores[power], 2) if score else None,
                }
            )
        boards.append(
            {"round": b.round.number, "label": b.label, "top": b.top_board, "seats": seats}
        )
    return boards


def board_call(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The board call of round ``?round=N``: a round already played shows its real boards; the
    next round, while the tournament is open and has one more round, the seeding engine's
    proposal. Only the tournament's real rounds (issue 32, finding 6: never "round 4" of a
    closed three-round tournament)."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    last = t.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    most = t.event.rounds or last + 1
    proposing = writable(t) and last < most
    top = last + 1 if proposing else last
    try:
        number = int(request.GET.get("round", "") or top)
    except ValueError:
        number = top
    if number < 1 or number > top:
        number = top
    if last == 0:
        return render(request, "ui/board_call.html", {"t": t, "round": number, "call": None})
    if number <= last:
        return _real_call(request, t, number, top)
    seats = Seat.objects.filter(board__round__tournament=t).aggregate(n=Count("id"), last=Max("id"))
    key = "board-call:" + hashlib.sha256(repr((t.pk, number, seats)).encode()).hexdigest()
    call = cache.get(key)
    if call is None:
        try:
            call = adapters.board_call(t, number)
        except PalmaresError as exc:  # an impossible call (a team larger than the boards …)
            context = {"t": t, "round": number, "call": None, "error": told(exc)}
            return render(request, "ui/board_call.html", context, status=400)
        cache.set(key, call, 600)
    boards: dict[int, list[Any]] = {}
    for seat in call.seats:
        boards.setdefault(seat.board, []).append(seat)
    context = {
        "t": t,
        "round": number,
        "call": call,
        "boards": sorted(boards.items()),
        "rounds": range(1, top + 1),
    }
    return render(request, "ui/board_call.html", context)


def _real_call(request: HttpRequest, t: Tournament, number: int, top: int) -> HttpResponse:
    """Round ``number`` as it was seated: its published call, else its stored boards."""
    called = get_call(t, number)
    real: list[tuple[str, list[tuple[str, str]]]] = []
    sitters: tuple[str, ...] = ()
    if called is not None and called.published:
        real = [(label, list(seats.items())) for label, seats in called.boards.items()]
        sitters = called.sitters
    else:
        for b in (
            Board.objects.filter(round__tournament=t, round__number=number)
            .prefetch_related("seats__player")
            .order_by("id")
        ):
            names = dict(POWERS)
            real.append((b.label, [(names[s.power], s.player.name) for s in b.seats.all()]))
    context = {
        "t": t,
        "round": number,
        "call": None,
        "real": real,
        "sitters": sitters,
        "rounds": range(1, top + 1),
    }
    return render(request, "ui/board_call.html", context)
