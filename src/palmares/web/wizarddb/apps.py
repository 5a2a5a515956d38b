from __future__ import annotations

from django.apps import AppConfig


class WizarddbConfig(AppConfig):
    name = "palmares.web.wizarddb"
    label = "wizarddb"
    default_auto_field = "django.db.models.BigAutoField"
