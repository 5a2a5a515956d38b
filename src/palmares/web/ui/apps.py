from __future__ import annotations

from django.apps import AppConfig


class UiConfig(AppConfig):
    name = "palmares.web.ui"
    label = "ui"
    default_auto_field = "django.db.models.BigAutoField"
