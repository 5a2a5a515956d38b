"""The room's central timer of a tournament, as the server keeps it (``diplomacy.timer``), and
the chaos game's tournament hours (``diplomacy.chaos_schedule``)."""

from __future__ import annotations

from django.db import models

from palmares.web.tournaments.models import Tournament


class Clock(models.Model):
    """One clock per tournament: the turn on it, when that turn's clock started (moved later by
    pauses), the pause, and the final round's time limit. ``version`` grows with every change."""

    class Season(models.TextChoices):
        SPRING = "Spring", "Spring"
        FALL = "Fall", "Fall"

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="clock")
    round = models.PositiveSmallIntegerField(default=1)
    started = models.BooleanField(default=False)
    year = models.PositiveSmallIntegerField(default=1901)
    season = models.CharField(max_length=6, choices=Season.choices, default=Season.SPRING)
    turn_started = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    #: ``[[first_year, spring, fall], ...]``; empty: seed 002's table.
    timing = models.JSONField(default=list, blank=True)
    #: Seconds left at which the time is called aloud; empty: ``diplomacy.timer.DEFAULT_CALLS``.
    calls = models.JSONField(default=list, blank=True)
    #: The chaos game's tournament hours: ``[[opens, closes], ...]`` as ISO date-times.
    chaos_hours = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(round__gte=1), name="clock_round_positive"),
            models.CheckConstraint(condition=models.Q(year__gte=1901), name="clock_year_min"),
        ]

    def __str__(self) -> str:
        return f"clock of {self.tournament}"
