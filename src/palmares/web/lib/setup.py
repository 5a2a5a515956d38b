"""Start Django from the command line (settings from the environment)."""

from __future__ import annotations

import os

__all__ = ["setup_django"]


def setup_django(*, debug_if_unset: bool = False, pool: bool = True) -> None:
    """Configure Django once. The demo runs on loopback without a secret key set: it then uses
    a fresh random key per process (sessions do not survive a restart), never a committed one.
    ``pool`` False (a command that runs once and leaves, not the site): PostgreSQL through one
    plain connection, without a connection pool (``lib.env``: a pool per process serves a
    server's threads; starting one costs a command its import and a thread, 0.03 s)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "palmares.web.settings")
    if debug_if_unset and not os.environ.get("PALMARES_SECRET_KEY"):
        import secrets

        os.environ["PALMARES_SECRET_KEY"] = secrets.token_urlsafe(50)
    import django

    django.setup()
    if not pool:  # (before the first connection: Django reads the options when it opens one)
        from django.conf import settings

        options = settings.DATABASES["default"].get("OPTIONS")
        if isinstance(options, dict):
            options.pop("pool", None)
