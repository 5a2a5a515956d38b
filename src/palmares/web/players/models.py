"""Players: one row per person, whatever community they play in."""

from __future__ import annotations

from django.db import models

from palmares.web.lib.names import name_key


class Player(models.Model):
    """A person. ``key`` is the accent- and case-free name used for matching and search."""

    name = models.CharField(max_length=200)
    key = models.CharField(max_length=200, db_index=True, editable=False)
    external_id = models.CharField(max_length=64, blank=True, default="")
    nationality = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["key"]
        constraints = [
            models.UniqueConstraint(
                fields=["external_id"],
                condition=~models.Q(external_id=""),
                name="player_external_id_unique",
            ),
        ]
        indexes = [models.Index(fields=["nationality", "key"], name="player_nation_key")]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: object, **kwargs: object) -> None:
        self.key = name_key(self.name)
        super().save(*args, **kwargs)  # type: ignore[arg-type]
