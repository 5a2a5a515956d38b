"""Tantrix: matches of a tournament and published rating lists."""

from __future__ import annotations

from django.db import models

from palmares.web.events.models import Event
from palmares.web.players.models import Player


class Match(models.Model):
    """A match of ``games`` games; tournament points ``tp_a + tp_b = 20 * games``."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tantrix_matches")
    round = models.CharField(max_length=16)
    player_a = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    games = models.PositiveSmallIntegerField()
    tp_a = models.PositiveIntegerField()
    tp_b = models.PositiveIntegerField()
    own_rating = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    illustrative = models.BooleanField(default=False)

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(tp_a__gte=0) & models.Q(tp_b__gte=0), name="tp_non_negative"
            ),
        ]


class Rating(models.Model):
    """A player's rating in a list dated ``as_of`` (pre-tournament ratings are one such list)."""

    as_of = models.DateField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="tantrix_ratings")
    rating = models.DecimalField(max_digits=10, decimal_places=3)
    games = models.PositiveIntegerField(null=True, blank=True)
    official = models.BooleanField(default=False)

    class Meta:
        ordering = ["-as_of", "-rating"]
        constraints = [
            models.UniqueConstraint(fields=["as_of", "player"], name="tantrix_rating_unique"),
        ]
        indexes = [models.Index(fields=["player", "as_of"], name="tantrix_rating_player")]
