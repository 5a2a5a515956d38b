from __future__ import annotations

from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "palmares.web.players"
    label = "players"
    default_auto_field = "django.db.models.BigAutoField"
