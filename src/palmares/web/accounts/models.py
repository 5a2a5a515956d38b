"""API tokens: a script or a phone writes through the API with ``Authorization: Bearer TOKEN``.

Only a hash of the token is stored (SHA-256 of its text: the token is 256 random bits, so a
slow password hash adds nothing); the token itself is shown once, when it is issued.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    """One user's API token (one per user: issuing a new one retires the old one)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_token"
    )
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"token of {self.user}"
