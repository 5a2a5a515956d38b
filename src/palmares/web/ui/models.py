"""The data generations the page cache is keyed by (``palmares.web.lib.generations``)."""

from __future__ import annotations

from django.db import models


class DataGeneration(models.Model):
    """How many committed writes have changed ``scope`` (a Django app's label, or ``*``: a
    write nobody could place): a page cached under an older sum is never served again, in
    any process."""

    scope = models.CharField(max_length=64, primary_key=True)
    generation = models.PositiveBigIntegerField(default=0)

    class Meta:
        db_table = "ui_datageneration"

    def __str__(self) -> str:
        return f"{self.scope}: {self.generation}"
