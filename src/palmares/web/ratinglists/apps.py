from __future__ import annotations

from django.apps import AppConfig


class RatinglistsConfig(AppConfig):
    name = "palmares.web.ratinglists"
    label = "ratinglists"
    default_auto_field = "django.db.models.BigAutoField"
