"""Raw edits in the Django admin (admins only). A tournament's scoring and aggregation specs
are checked through the registries (``tournaments.systems``): a slug typed wrong is a form
error on its field, never a stored value that breaks the pages. A round's rows — its roll
call, call, seats and results, and the registrations they depend on — are shown read-only:
they change only through the lifecycle's transitions (``web.tournaments.day``; issue 32), on
the TD's desk, the JSON API or the command line."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from palmares.web.tournaments.models import (
    Board,
    CalledSeat,
    Entry,
    KeepApart,
    Presence,
    Round,
    Seat,
    Team,
    Tournament,
)
from palmares.web.tournaments.systems import system_problems


class TournamentForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Tournament
        fields = "__all__"

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        scoring, aggregation = cleaned.get("scoring"), cleaned.get("aggregation")
        if scoring is not None and aggregation is not None:
            for field, message in system_problems(scoring, aggregation).items():
                self.add_error(field, message)
        return cleaned


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    form = TournamentForm
    list_display = ("event", "scoring", "aggregation")


class ReadOnly(admin.ModelAdmin):  # type: ignore[type-arg]
    """Shown, never written here: the lifecycle is the only way in."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


for model in (Round, Board, Seat, CalledSeat, Presence, Entry, KeepApart, Team):
    admin.site.register(model, ReadOnly)
