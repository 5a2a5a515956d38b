from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created


def _watch_writes(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    """Every connection notes the scopes its writes change (``lib.generations``)."""
    from palmares.web.lib.generations import watch

    if watch not in connection.execute_wrappers:
        connection.execute_wrappers.append(watch)


class UiConfig(AppConfig):
    name = "palmares.web.ui"
    label = "ui"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        connection_created.connect(_watch_writes, dispatch_uid="palmares-generations")
