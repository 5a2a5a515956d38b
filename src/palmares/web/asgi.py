"""ASGI entry point (``palmares serve`` runs it with uvicorn)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "palmares.web.settings")
application = get_asgi_application()
