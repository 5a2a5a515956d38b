"""The derived lists register, as the app is ready, what the records' changes ask of them
(``lib.hooks``; docs/web.md, "Floors"): the records stand on the floor below and never import
the lists."""

from __future__ import annotations

from django.apps import AppConfig


class RatinglistsConfig(AppConfig):
    name = "palmares.web.ratinglists"
    label = "ratinglists"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from palmares.web.lib import hooks
        from palmares.web.ratinglists import skill_refresh, writes

        hooks.on_write("results", writes.write_recorded)
        hooks.on_replacing("results", writes.keep_replaced)
        hooks.on_records_changed("tantrix-matches", skill_refresh.tantrix_changed)
        hooks.on_records_changed("wizard-games", skill_refresh.wizard_changed)
