"""The chaos game pages (issue 17, "In the site"; seed 002, "Chaos Game"): a TD starts a game
(one supply centre per player), enters each deadline's orders; everyone sees the position turn
by turn, every order's result and why, and the supply-centre chart that gives the result."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from palmares.core.errors import InputError
from palmares.core.message import Message
from palmares.diplomacy.adjudication.position import position_to_json
from palmares.diplomacy.chaos import ChaosGame as ScoredGame
from palmares.web.accounts.roles import can_edit_tournament
from palmares.web.chaosgames.models import RULES, ChaosGame
from palmares.web.chaosgames.services import (
    adjudicate_turn,
    centre_chart,
    current_position,
    start_chaos_game,
)
from palmares.web.lib.words import said, told
from palmares.web.tournaments.models import Tournament

__all__ = ["chaos_game", "new_chaos_game"]

MAX_TEXT = 100_000


class NewChaosGameForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200, initial="Chaos")
    players = forms.CharField(
        label=_("Players, one 'Name: CENTRE' a line"),
        max_length=MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 40, "spellcheck": "false"}),
    )
    rules = forms.ChoiceField(label=_("Order rules"), choices=RULES, initial="wdc-2007")
    build_anywhere = forms.BooleanField(
        label=lazy(lambda: said(Message.of("page.build_anywhere")), str)(), required=False
    )


class OrdersForm(forms.Form):
    orders = forms.CharField(
        label=_("Orders (one 'Power: order' a line)"),
        required=False,
        max_length=MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 60, "spellcheck": "false"}),
    )


@login_required
def new_chaos_game(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    if not can_edit_tournament(request.user, t):
        raise PermissionDenied("only this tournament's directors may start its chaos game")
    form = NewChaosGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = start_chaos_game(
                t,
                data["name"],
                data["players"],
                rules=data["rules"],
                build_anywhere=data["build_anywhere"],
            )
        except InputError as exc:
            for problem in exc.problems:
                form.add_error("name" if problem.file == "name" else "players", told(problem))
        else:
            return redirect("chaos-game", game.pk)
    rule = Message.of("page.chaos_start", year="1900")  # the rule in the page's language
    return render(request, "ui/chaos_form.html", {"t": t, "form": form, "rule": rule})


def chaos_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(ChaosGame.objects.select_related("tournament__event"), pk=game_id)
    can_edit = can_edit_tournament(request.user, game.tournament)
    form = OrdersForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_edit:
            raise PermissionDenied("only this tournament's directors may adjudicate its chaos game")
        if form.is_valid():
            try:
                adjudicate_turn(game, form.cleaned_data["orders"], request.user)
            except InputError as exc:
                for problem in exc.problems:
                    form.add_error("orders", told(problem))
            else:
                return redirect("chaos-game", game.pk)
    position = position_to_json(current_position(game))
    turns = list(game.turns.order_by("-number"))
    context: dict[str, Any] = {
        "game": game,
        "t": game.tournament,
        "can_edit": can_edit,
        "form": form,
        "position": position,
        "units": sorted((p, ", ".join(u)) for p, u in position["units"].items()),
        "turns": turns,
        "chart": centre_chart(game),
        "note": ScoredGame.NOTE,  # never scored (the explanation layer's words)
    }
    return render(request, "ui/chaos.html", context)
