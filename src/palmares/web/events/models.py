"""Events and their final classification (one result per player per event)."""

from __future__ import annotations

from django.db import models

from palmares.web.lib.names import name_key
from palmares.web.players.models import Player


class Event(models.Model):
    """A tournament or league event, identified by name and date (or its external id)."""

    class Kind(models.TextChoices):
        DIPLOMACY = "diplomacy", "Diplomacy"
        TANTRIX = "tantrix", "Tantrix"
        WIZARD = "wizard", "Wizard"

    name = models.CharField(max_length=200)
    key = models.CharField(max_length=200, db_index=True, editable=False)
    date = models.DateField()
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.DIPLOMACY)
    external_id = models.CharField(max_length=64, blank=True, default="")
    country = models.CharField(max_length=64, blank=True, default="")
    place = models.CharField(max_length=120, blank=True, default="")
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    players = models.PositiveIntegerField(null=True, blank=True)
    world_championship = models.BooleanField(default=False)
    coefficient = models.DecimalField(max_digits=12, decimal_places=6, null=True, blank=True)

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            models.UniqueConstraint(fields=["name", "date"], name="event_name_date_unique"),
            models.UniqueConstraint(
                fields=["external_id"],
                condition=~models.Q(external_id=""),
                name="event_external_id_unique",
            ),
        ]
        # the lists' order (latest first, then by name) read from an index: a page of the
        # events list (``?page=``) and the home page's latest events need no sort
        indexes = [
            models.Index(fields=["kind", "-date", "name"], name="event_kind_date_name"),
            models.Index(fields=["-date", "name"], name="event_date_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date.isoformat()})"

    def save(self, *args: object, **kwargs: object) -> None:
        self.key = name_key(self.name)
        super().save(*args, **kwargs)  # type: ignore[arg-type]


class Result(models.Model):
    """A player's final rank in an event; tied players share a rank."""

    # (no index of their own: ``result_event_player_unique`` and ``result_player_event`` lead
    # with them)
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="results", db_index=False
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="results", db_index=False
    )
    rank = models.PositiveIntegerField()
    nationality = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["event", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="result_event_player_unique"),
            models.CheckConstraint(condition=models.Q(rank__gte=1), name="result_rank_positive"),
        ]
        indexes = [models.Index(fields=["player", "event"], name="result_player_event")]
