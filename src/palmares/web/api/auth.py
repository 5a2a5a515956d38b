"""Who is writing: the one authentication every write of the API uses.

A write is accepted from a logged-in session (Django auth, CSRF-checked: the site's own forms
and pages) or from ``Authorization: Bearer TOKEN`` (a script or a phone; tokens are issued by
``palmares users token NAME`` and stored as hashes, :mod:`palmares.web.accounts.services`).

- A Bearer header is judged on its own: a wrong or retired token is a 401 even when a session
  cookie comes along, so a script never acts under someone else's session by accident.
- No header and no session: 401 ("log in first"). A session without its CSRF token: 403.
- The user found becomes ``request.user``; each endpoint then checks the role
  (:mod:`palmares.web.accounts.roles`).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja.security import HttpBearer, SessionAuth

__all__ = ["WRITE_AUTH", "BearerToken", "SessionWithCsrf", "TokenRefused", "reader"]


class TokenRefused(Exception):
    """The Bearer token is unknown, retired or its user inactive (an HTTP 401)."""


class BearerToken(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> Any | None:
        from palmares.web.accounts.services import token_user

        user = token_user(token.strip())
        if user is None:
            raise TokenRefused("invalid API token")
        request.user = user
        return user


class SessionWithCsrf(SessionAuth):
    """Django's session, CSRF-checked only when someone is logged in (anonymous: 401)."""

    def __call__(self, request: HttpRequest) -> Any | None:
        if "authorization" in request.headers:
            return None  # judged by BearerToken alone
        if not request.user.is_authenticated:
            return None
        return super().__call__(request)


#: Every write endpoint: ``auth=WRITE_AUTH``.
WRITE_AUTH = [BearerToken(), SessionWithCsrf()]


def reader(request: HttpRequest) -> Any:
    """Who reads: the Bearer token's user when the request carries one (a wrong or retired
    token is refused, as on a write), else the session's. Reads that depend on who reads (a
    director's draft call) honour a script's token as the writes do (issue 32)."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer":
        return request.user
    from palmares.web.accounts.services import token_user

    user = token_user(token.strip())
    if user is None:
        raise TokenRefused("invalid API token")
    return user
