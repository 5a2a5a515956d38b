"""Raw edits in the Django admin (admins only)."""

from __future__ import annotations

from django.contrib import admin

from palmares.web.tantrixdb.models import Match, Rating

admin.site.register(Match)
admin.site.register(Rating)
