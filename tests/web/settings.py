"""Settings for the test run: the site's own settings with a throwaway secret key."""

from __future__ import annotations

import os

os.environ.setdefault("PALMARES_SECRET_KEY", "tests-only-secret-key-" + "x" * 40)

from palmares.web.settings import *  # noqa: F403

# Two checkouts may run the suite on one PostgreSQL server at once: one test database each.
if str(DATABASES["default"]["ENGINE"]).endswith("postgresql"):  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": f"test_palmares_{os.getpid()}"}  # noqa: F405
    # No pool and no persistent connections: the live server's threads must let the test
    # database go.
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
    # Server-side binding and prepared statements as in production; only the pool goes.
    DATABASES["default"]["OPTIONS"] = {"server_side_binding": True, "prepare_threshold": 5}  # noqa: F405

# The tests never collect static files: plain names, served from the apps' folders.
STATIC_ROOT = None
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
