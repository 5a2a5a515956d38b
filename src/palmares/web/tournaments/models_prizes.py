"""The top board's recorded declines (seed 002, "Top Board" and "Team Tournament").

An invited player who "does not wish to play on the top board" is recorded here with a reason;
the invitation walk (``palmares.diplomacy.top_board.invite``) then offers the seat to the next
ranked player. A team keeping one member on the top board records the others with reason
``team``. Once any decline is recorded the engine takes the recorded ones (none inferred).
"""

from __future__ import annotations

from django.db import models


class TopBoardDecline(models.Model):
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="top_board_declines"
    )
    player = models.ForeignKey(
        "players.Player", on_delete=models.PROTECT, related_name="top_board_declines"
    )
    reason = models.CharField(max_length=120, blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "tournaments"
        ordering = ("tournament", "at", "id")
        constraints = (
            models.UniqueConstraint(
                fields=("tournament", "player"), name="top_board_decline_unique"
            ),
        )


class ScoreOverride(models.Model):
    """A TD's ruling on a score (issue 12, step 8), kept beside the computed figure: a board
    override (``round`` and ``board`` set: what that game brought) or the player's tournament
    score. ``palmares.diplomacy.overrides`` applies it; the computed figure is never stored over."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="score_overrides"
    )
    player = models.ForeignKey(
        "players.Player", on_delete=models.PROTECT, related_name="score_overrides"
    )
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    board = models.CharField(max_length=16, blank=True, default="")
    score = models.DecimalField(max_digits=12, decimal_places=6)
    reason = models.CharField(max_length=200)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "tournaments"
        ordering = ("tournament", "at", "id")
