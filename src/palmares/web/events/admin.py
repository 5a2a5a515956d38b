"""Raw edits in the Django admin (admins only)."""

from __future__ import annotations

from django.contrib import admin

from palmares.web.events.models import Event, Result

admin.site.register(Event)
admin.site.register(Result)
