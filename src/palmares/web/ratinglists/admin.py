"""Raw edits in the Django admin (admins only)."""

from __future__ import annotations

from django.contrib import admin

from palmares.web.ratinglists.models import RatingEntry, Standing

admin.site.register(RatingEntry)
admin.site.register(Standing)
