"""Reports from the table (issue 38): what one player of a board reported of its result, kept
until the TD accepts the board (and after, for the audit). Written by
:mod:`palmares.web.tournaments.reports` only, from the lifecycle's transitions
(``diplomacy.lifecycle.reports``)."""

from __future__ import annotations

from django.db import models

from palmares.diplomacy.powers import Power

POWERS = [(p.initial, p.value) for p in Power]


class BoardReport(models.Model):
    """``player``, seated on ``power`` of board ``label`` in ``round``'s call, reports the
    board's centres (power → count), eliminations (power → year), draw and final year."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="reports")
    label = models.CharField(max_length=16)
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="+")
    power = models.CharField(max_length=1, choices=POWERS)
    centres = models.JSONField()
    eliminated = models.JSONField(default=dict)
    draw = models.JSONField(default=list)
    final_year = models.PositiveSmallIntegerField(null=True, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "tournaments"
        ordering = ("round", "label", "power")
        constraints = (
            models.UniqueConstraint(
                fields=("round", "label", "player"), name="board_report_unique"
            ),
        )
