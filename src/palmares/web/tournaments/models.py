"""Diplomacy tournaments: rounds, boards, one row per power per board, teams and awards."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from palmares.web.events.models import Event
from palmares.web.players.models import Player

POWERS = [
    ("A", "Austria"),
    ("E", "England"),
    ("F", "France"),
    ("G", "Germany"),
    ("I", "Italy"),
    ("R", "Russia"),
    ("T", "Turkey"),
]


class Tournament(models.Model):
    """A Diplomacy tournament run on this site; ``directors`` may enter its board results."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="tournament")
    scoring = models.CharField(max_length=64, default="divide-and-conquer")
    aggregation = models.CharField(max_length=64, default="ante")
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="directed_tournaments"
    )

    def __str__(self) -> str:
        return str(self.event)


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_positive"),
        ]


class Board(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    label = models.CharField(max_length=16)
    top_board = models.BooleanField(default=False)
    final_year = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["round", "id"]
        constraints = [models.UniqueConstraint(fields=["round", "label"], name="board_unique")]


class Seat(models.Model):
    """One power on one board: who played it, the centres at the end, elimination, the draw."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="seats")
    power = models.CharField(max_length=1, choices=POWERS)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    centres = models.PositiveSmallIntegerField()
    eliminated = models.PositiveSmallIntegerField(null=True, blank=True)
    in_draw = models.BooleanField(default=False)

    class Meta:
        ordering = ["board", "power"]
        constraints = [
            models.UniqueConstraint(fields=["board", "power"], name="seat_power_unique"),
            models.CheckConstraint(condition=models.Q(centres__lte=34), name="seat_centres_max"),
        ]
        indexes = [models.Index(fields=["player", "board"], name="seat_player")]


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=120)
    members = models.ManyToManyField(Player, related_name="teams")

    class Meta:
        ordering = ["tournament", "name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="team_unique")]


class Award(models.Model):
    """A prize given by the engine's award rules (champion, places, best country…)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="awards")
    name = models.CharField(max_length=120)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="awards")
    detail = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["tournament", "id"]
