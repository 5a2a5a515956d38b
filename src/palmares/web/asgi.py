"""ASGI entry point (``palmares serve`` runs it with uvicorn)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

from palmares.web.ratinglists.warm import warm_up

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "palmares.web.settings")
application = get_asgi_application()

warm_up()  # the rating kernels loaded now, not in the first upload (ratinglists/warm.py)
