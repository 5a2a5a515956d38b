from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "palmares.web.api"
    label = "api"
    default_auto_field = "django.db.models.BigAutoField"
