"""Raw edits in the Django admin (admins only)."""

from __future__ import annotations

from django.contrib import admin

from palmares.web.players.models import Player

admin.site.register(Player)
