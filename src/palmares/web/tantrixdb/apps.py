from __future__ import annotations

from django.apps import AppConfig


class TantrixdbConfig(AppConfig):
    name = "palmares.web.tantrixdb"
    label = "tantrixdb"
    default_auto_field = "django.db.models.BigAutoField"
