"""The chaos game of a tournament, kept turn by turn (seed 002, "Chaos Game": "The Chaos game
will be adjudicated by the TD, or his designee"; issue 17, "In the site").

A game starts from ``start_position`` (winter 1900: each player owns one supply centre, its
home, and builds its first unit); each :class:`ChaosTurn` stores the position adjudicated, the
orders as the TD entered them, every order's result and the next position. Positions are
``position.json`` documents (docs/adjudication.md), written only by
:mod:`palmares.web.chaosgames.services`, which has the core check them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from palmares.web.tournaments.models import Tournament

RULES = [("wdc-2007", "wdc-2007"), ("datc", "datc")]


class ChaosGame(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="chaos_games")
    name = models.CharField(max_length=200)
    rules = models.CharField(max_length=16, choices=RULES, default="wdc-2007")
    start_position = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="chaos_game_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.name}"


class ChaosTurn(models.Model):
    game = models.ForeignKey(ChaosGame, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveIntegerField()
    position = models.JSONField()
    orders = models.TextField(blank=True)
    results = models.JSONField()
    next_position = models.JSONField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="chaos_turn_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="chaos_turn_positive"),
        ]
