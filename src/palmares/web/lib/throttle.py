"""Login throttling helpers (django-axes, settings ``AXES_*``).

Django's login form does not check the name's length before it tries the password, so a name
of thousands of characters reaches the failure count; :func:`username` keeps what is counted
within the longest name an account can have (150 characters, ``auth.User.username``), so
the count's column (255) always holds it, on PostgreSQL as on SQLite.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

__all__ = ["USERNAME_CHARS", "username"]

USERNAME_CHARS = 150


def username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str:
    """The name a login attempt is counted under (``AXES_USERNAME_CALLABLE``)."""
    if credentials:
        raw = credentials.get("username")
    else:
        raw = getattr(request, "data", request.POST).get("username")
    return str(raw or "")[:USERNAME_CHARS]
