"""Settings for the test run: the site's own settings with a throwaway secret key."""

from __future__ import annotations

import os
import socket

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
    # The read replica (issue 37): a streaming standby of this server that the replica tests
    # start on this port (tests/web/pg_replica.py); as a test mirror it reads the test database.
    # Its reads are routed only where a test turns DATABASE_REPLICA_READS on.
    if "PALMARES_TEST_REPLICA_PORT" not in os.environ:
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            os.environ["PALMARES_TEST_REPLICA_PORT"] = str(free.getsockname()[1])
    DATABASES["replica"] = {  # noqa: F405
        **DATABASES["default"],  # noqa: F405
        "HOST": "127.0.0.1",
        "PORT": os.environ["PALMARES_TEST_REPLICA_PORT"],
        "OPTIONS": {"server_side_binding": True, "prepare_threshold": 5},
        "TEST": {"MIRROR": "default"},
    }

# The router and its middleware in every test (inactive until DATABASE_REPLICA_READS is on).
DATABASE_ROUTERS = ["palmares.web.lib.replica.ReplicaRouter"]
DATABASE_REPLICA_READS = False
if "palmares.web.lib.replica.ReplicaMiddleware" not in MIDDLEWARE:  # noqa: F405
    MIDDLEWARE.insert(  # noqa: F405
        MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,  # noqa: F405
        "palmares.web.lib.replica.ReplicaMiddleware",
    )

# The tests never collect static files: plain names, served from the apps' folders.
STATIC_ROOT = None
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
