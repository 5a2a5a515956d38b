"""Raw edits in the Django admin (admins only)."""

from __future__ import annotations

from django.contrib import admin

from palmares.web.tournaments.models import Award, Board, Round, Seat, Team, Tournament

admin.site.register(Tournament)
admin.site.register(Round)
admin.site.register(Board)
admin.site.register(Seat)
admin.site.register(Team)
admin.site.register(Award)
