"""Wizard online league: games (one row per player), monthly lists, tournaments."""

from __future__ import annotations

from django.db import models

from palmares.web.events.models import Event
from palmares.web.players.models import Player


class Game(models.Model):
    """A game of the league: the Regular game (monthly tables) or Wizard Junior (two-month
    sessions, ``palmares.wizard.junior``); ``division`` tells them apart."""

    class Division(models.TextChoices):
        REGULAR = "regular", "Regular"
        JUNIOR = "junior", "Junior"

    date = models.DateField(db_index=True)
    code = models.CharField(max_length=64)
    division = models.CharField(max_length=8, choices=Division.choices, default=Division.REGULAR)

    class Meta:
        ordering = ["date", "code"]
        constraints = [
            models.UniqueConstraint(fields=["date", "code", "division"], name="wizard_game_unique")
        ]


class Placement(models.Model):
    """A player's final score (equal scores tie) or place in one game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="placements")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="wizard_placements")
    score = models.IntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "place", "-score"]
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="wizard_placement_unique"),
            models.CheckConstraint(
                condition=models.Q(score__isnull=False) | models.Q(place__isnull=False),
                name="wizard_score_or_place",
            ),
        ]


class Month(models.Model):
    """A league month; once ``published`` its ranking is the official one."""

    month = models.DateField(unique=True, help_text="the first day of the month")
    published = models.BooleanField(default=False)

    class Meta:
        ordering = ["-month"]


class TournamentPlace(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="wizard_places")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    place = models.PositiveSmallIntegerField()
    games_finished = models.PositiveSmallIntegerField(null=True, blank=True)
    invitational = models.BooleanField(default=False)

    class Meta:
        ordering = ["event", "place"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="wizard_place_unique"),
        ]


class TriadFinish(models.Model):
    """One of the three players of a tournament's TRIAD game (seed 004, "TRIAD"): final score
    (equal scores tie) or place; the engine (``wizard.triad``) checks the seats and pays 3-2-1."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="wizard_triad")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    score = models.IntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="wizard_triad_unique"),
        ]


class LedgerRow(models.Model):
    """One award of a player's stored master-point ledger (``wizarddb.ledgers``): what
    ``wizard.ledger.ledger`` computes, written when the games or tournaments change and read by
    the ledger pages without a replay (issue 15).

    ``player`` is the engine's key, the player's name (the ledger page reads by name, as the
    engine totals by name); ``origin`` the unit that paid it (``month:2019-12``,
    ``junior:2016-01``, ``event:<id>``) and ``idx`` its place among that unit's awards; ``seq``
    the award's place in the player's ledger. ``points`` and ``balance`` are exact fractions
    written ``57/2``; ``reason`` the typed reason (``wizarddb.codec``); ``levels`` the names of
    the lifetime levels the award reached."""

    player = models.CharField(max_length=200)
    seq = models.PositiveIntegerField()
    origin = models.CharField(max_length=32, db_index=True)
    idx = models.PositiveIntegerField()
    day = models.DateField()
    source = models.CharField(max_length=200)
    kind = models.CharField(max_length=16)
    points = models.CharField(max_length=64)
    reason = models.JSONField()
    balance = models.CharField(max_length=64)
    levels = models.JSONField(default=list)

    class Meta:
        ordering = ["player", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["player", "seq"], name="wizard_ledger_row_unique"),
        ]
        indexes = [models.Index(fields=["player", "day"], name="wizard_ledger_player_day")]


class LedgerState(models.Model):
    """Present once the stored ledgers cover the whole history (the first rebuild or import
    after the table appeared); until then the pages replay the history as before."""

    built = models.DateTimeField(auto_now=True)
