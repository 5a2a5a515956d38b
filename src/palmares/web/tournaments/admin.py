"""Raw edits in the Django admin (admins only). A tournament's scoring and aggregation specs
are checked through the registries (``tournaments.systems``): a slug typed wrong is a form
error on its field, never a stored value that breaks the pages."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin

from palmares.web.tournaments.models import Board, Round, Seat, Team, Tournament
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


admin.site.register(Round)
admin.site.register(Board)
admin.site.register(Seat)
admin.site.register(Team)
