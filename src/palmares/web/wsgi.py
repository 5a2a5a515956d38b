"""WSGI entry point (for gunicorn or any WSGI server)."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "palmares.web.settings")
application = get_wsgi_application()
