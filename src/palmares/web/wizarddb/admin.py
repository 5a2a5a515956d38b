"""Raw edits in the Django admin (admins only)."""

from __future__ import annotations

from django.contrib import admin

from palmares.web.wizarddb.models import Game, Month, Placement, TournamentPlace

admin.site.register(Game)
admin.site.register(Placement)
admin.site.register(Month)
admin.site.register(TournamentPlace)
