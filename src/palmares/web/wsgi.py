"""WSGI entry point (for gunicorn or any WSGI server)."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

from palmares.web.ratinglists.warm import warm_up

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "palmares.web.settings")
application = get_wsgi_application()

warm_up()  # the rating kernels loaded now, not in the first upload (ratinglists/warm.py)
