from __future__ import annotations

from django.apps import AppConfig


class ClockConfig(AppConfig):
    name = "palmares.web.clock"
    label = "clock"
    default_auto_field = "django.db.models.BigAutoField"
