"""The audit log (issue 12, "Audit and undo"): every accepted write on the site, who made it,
when, and what was there before and after.

The log stands on the records' floor (docs/web.md, "Floors"): the day's apps write it, so it
names the tournament by its label (``"tournaments.Tournament"``), never by an import."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class AuditEntry(models.Model):
    """One accepted write. ``before``/``after`` are JSON snapshots of what changed (``None``:
    nothing there before / after)."""

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=64)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    #: What the write did, as the lifecycle's typed messages (``Message.to_json``): the audit
    #: page tells them in the reader's language.
    said = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["tournament", "at"], name="audit_tournament_at")]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}"
