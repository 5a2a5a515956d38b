from __future__ import annotations

from django.apps import AppConfig


class ChaosGamesConfig(AppConfig):
    name = "palmares.web.chaosgames"
    label = "chaosgames"
    default_auto_field = "django.db.models.BigAutoField"
