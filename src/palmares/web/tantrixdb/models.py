"""Tantrix: matches of a tournament and published rating lists."""

from __future__ import annotations

from decimal import Decimal

from django.db import models

from palmares.web.events.models import Event
from palmares.web.players.models import Player


def _plain(value: Decimal | int) -> str:
    return format(Decimal(value).normalize(), "f")


class Match(models.Model):
    """A match of ``games`` games; tournament points ``tp_a + tp_b = 20 * games``."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tantrix_matches")
    round = models.CharField(max_length=16)
    player_a = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    games = models.PositiveSmallIntegerField()
    #: Exact: a match given game by game has the one-decimal TP of its tile scores (issue 13).
    tp_a = models.DecimalField(max_digits=12, decimal_places=6)
    tp_b = models.DecimalField(max_digits=12, decimal_places=6)
    own_rating = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    illustrative = models.BooleanField(default=False)

    @property
    def shown_tp_a(self) -> str:
        """``tp_a`` as written in the file: ``13.3``, ``20`` (no trailing zeros)."""
        return _plain(self.tp_a)

    @property
    def shown_tp_b(self) -> str:
        return _plain(self.tp_b)

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(tp_a__gte=0) & models.Q(tp_b__gte=0), name="tp_non_negative"
            ),
        ]


class Rating(models.Model):
    """A line of a Tantrix rating list dated ``as_of``: either an imported list (``event``
    empty; the list before a tournament) or the list the engine computed after ``event``
    (``palmares.tantrix.rating_list.update_list``), with the rating before and the change."""

    as_of = models.DateField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="tantrix_ratings")
    rating = models.DecimalField(max_digits=24, decimal_places=12)
    games = models.PositiveIntegerField(null=True, blank=True)
    official = models.BooleanField(default=False)
    #: The tournament this list follows; empty for an imported list.
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="tantrix_list"
    )
    #: The player's rating in the list the tournament was applied to (empty: new to the list).
    before = models.DecimalField(max_digits=24, decimal_places=12, null=True, blank=True)
    change = models.DecimalField(max_digits=24, decimal_places=12, null=True, blank=True)
    tournament_elo = models.DecimalField(max_digits=24, decimal_places=12, null=True, blank=True)
    tournament_games = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-as_of", "-rating"]
        constraints = [
            models.UniqueConstraint(
                fields=["as_of", "player"],
                condition=models.Q(event__isnull=True),
                name="tantrix_rating_unique",
            ),
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=models.Q(event__isnull=False),
                name="tantrix_list_unique",
            ),
        ]
        indexes = [models.Index(fields=["player", "as_of"], name="tantrix_rating_player")]
