"""Diplomacy tournament pages: standings after each round (the ante explained), boards with
centres and scores, top board, teams, awards; a TD's form to enter one board's result."""

from __future__ import annotations

import hashlib
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from palmares.core.rounding import half_up
from palmares.diplomacy.board import GREAT_POWERS, result_problems
from palmares.web.accounts.roles import can_edit_tournament, directs
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.tournaments import adapters
from palmares.web.tournaments.models import POWERS, Board, Seat, Tournament
from palmares.web.tournaments.services import SeatIn, save_board


def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    rounds = list(t.rounds.order_by("number").values_list("number", flat=True))
    try:
        after = int(request.GET.get("round", "") or (rounds[-1] if rounds else 0))
    except ValueError:
        after = rounds[-1] if rounds else 0
    result = adapters.standings(t, up_to_round=after) if rounds else None
    standings: list[dict[str, Any]] = []
    boards: list[dict[str, Any]] = []
    if result is not None:
        for s in result.players:
            standings.append(
                {
                    "rank": s.rank,
                    "player": s.player,
                    "score": half_up(s.score, 3),
                    "games": s.games,
                    "lines": [line.text for line in s.lines],
                }
            )
        by_name = {
            p.name: p.pk
            for p in Player.objects.filter(seats__board__round__tournament=t).distinct()
        }
        for b in (
            Board.objects.filter(round__tournament=t, round__number__lte=after)
            .select_related("round")
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
    prize_list = adapters.tournament_prizes(t, up_to_round=after) if rounds else None
    context = {
        "t": t,
        "rounds": rounds,
        "after": after,
        "standings": standings,
        "boards": boards,
        "top_boards": [b for b in boards if b["top"]],
        "prizes": prize_list,
        "can_edit": can_edit_tournament(request.user, t),
        "directs": directs(request.user, t),
        "aggregation": t.aggregation,
        "scoring": t.scoring,
    }
    return render(request, "ui/tournament.html", context)


class BoardForm(forms.Form):
    """One board's result as a TD enters it, checked as ``io.boards`` checks boards.csv: each
    power once with its player and centres, at most 34 centres, an eliminated power holds no
    centre and fell no later than the final year, a power in the agreed draw holds centres. A
    draw of one power is a concession: the engine scores it as that power's solo."""

    round = forms.IntegerField(min_value=1, max_value=99)
    board = forms.CharField(max_length=16)
    final_year = forms.IntegerField(min_value=1901, max_value=2100, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for initial, name in POWERS:
            self.fields[f"player_{initial}"] = forms.CharField(label=name, max_length=200)
            self.fields[f"centres_{initial}"] = forms.IntegerField(
                label=f"{name} centres", min_value=0, max_value=34
            )
            self.fields[f"eliminated_{initial}"] = forms.IntegerField(
                label=f"{name} eliminated in", min_value=1901, max_value=2100, required=False
            )
            self.fields[f"draw_{initial}"] = forms.BooleanField(
                label=f"{name} in the draw", required=False
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for initial, _name in POWERS:
            who = data.get(f"player_{initial}")
            if who and not Player.objects.filter(key=name_key(who)).exists():
                self.add_error(f"player_{initial}", f"no player named {who!r}")
        # The same checks as boards.csv and boards.json: one rule, in the domain.
        initial_of = {name: initial for initial, name in POWERS}
        centres = {
            name: data[f"centres_{initial}"]
            for initial, name in POWERS
            if data.get(f"centres_{initial}") is not None
        }
        eliminated = {
            name: data[f"eliminated_{initial}"]
            for initial, name in POWERS
            if data.get(f"eliminated_{initial}") is not None
        }
        draw = [name for initial, name in POWERS if data.get(f"draw_{initial}")]
        for problem in result_problems(centres, eliminated, data.get("final_year"), draw):
            if problem.power is None:
                self.add_error(None, problem.message)
            else:
                self.add_error(f"{problem.field}_{initial_of[problem.power]}", problem.message)
        return data


@login_required
def enter_board(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament, pk=tournament_id)
    if not can_edit_tournament(request.user, t):
        raise PermissionDenied("only this tournament's directors may enter its boards")
    form = BoardForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        seats = [
            SeatIn(
                power=initial,
                player_id=Player.objects.filter(key=name_key(data[f"player_{initial}"]))
                .order_by("id")
                .values_list("id", flat=True)[0],
                centres=data[f"centres_{initial}"],
                eliminated=data[f"eliminated_{initial}"],
                in_draw=data[f"draw_{initial}"],
            )
            for initial, _ in POWERS
        ]
        save_board(t, data["round"], data["board"], seats, final_year=data["final_year"])
        return redirect(f"/diplomacy/{t.pk}/?round={data['round']}")
    return render(request, "ui/board_form.html", {"t": t, "form": form, "powers": GREAT_POWERS})


def board_call(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The proposed board call of the next round (``?round=N``), from the seeding engine."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    last = t.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    try:
        number = int(request.GET.get("round", "") or last + 1)
    except ValueError:
        number = last + 1
    if number < 1 or number > last + 1:
        number = last + 1
    if last == 0:
        return render(request, "ui/board_call.html", {"t": t, "round": number, "call": None})
    seats = Seat.objects.filter(board__round__tournament=t).aggregate(n=Count("id"), last=Max("id"))
    key = "board-call:" + hashlib.sha256(repr((t.pk, number, seats)).encode()).hexdigest()
    call = cache.get(key)
    if call is None:
        call = adapters.board_call(t, number)
        cache.set(key, call, 600)
    boards: dict[int, list[Any]] = {}
    for seat in call.seats:
        boards.setdefault(seat.board, []).append(seat)
    context = {"t": t, "round": number, "call": call, "boards": sorted(boards.items())}
    return render(request, "ui/board_call.html", context)
