from __future__ import annotations

from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "palmares.web.events"
    label = "events"
    default_auto_field = "django.db.models.BigAutoField"
