"""Start Django from the command line (settings from the environment)."""

from __future__ import annotations

import os

__all__ = ["setup_django"]


def setup_django(*, debug_if_unset: bool = False) -> None:
    """Configure Django once. The demo runs on loopback without a secret key set: it then uses
    a fresh random key per process (sessions do not survive a restart), never a committed one."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "palmares.web.settings")
    if debug_if_unset and not os.environ.get("PALMARES_SECRET_KEY"):
        import secrets

        os.environ["PALMARES_SECRET_KEY"] = secrets.token_urlsafe(50)
    import django

    django.setup()
