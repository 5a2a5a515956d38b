"""Settings for the test run: the site's own settings with a throwaway secret key."""

from __future__ import annotations

import os
import socket
import tempfile
from pathlib import Path

os.environ.setdefault("PALMARES_SECRET_KEY", "tests-only-secret-key-" + "x" * 40)

from palmares.web.settings import *  # noqa: F403

# Two checkouts may run the suite on one PostgreSQL server at once: one test database each
# (and under pytest-xdist pytest-django adds the worker's name: test_palmares_<pid>_gw0 …).
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
    # Under pytest-xdist each worker (``PYTEST_XDIST_WORKER``: gw0, gw1 …) has a port of its
    # own: the workers inherit the controller's environment, and two standbys cannot share one.
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    replica_port = "PALMARES_TEST_REPLICA_PORT" + (f"_{worker.upper()}" if worker else "")
    if replica_port not in os.environ:
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            os.environ[replica_port] = str(free.getsockname()[1])
    DATABASES["replica"] = {  # noqa: F405
        **DATABASES["default"],  # noqa: F405
        "HOST": "127.0.0.1",
        "PORT": os.environ[replica_port],
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

# The job queue's kept uploads and progress (issue 37) in a folder of this run, not the checkout.
JOBS_DIR = Path(tempfile.mkdtemp(prefix="palmares-jobs-"))
CACHES["jobs"] = {  # noqa: F405
    "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
    "LOCATION": str(JOBS_DIR / "progress"),
}

# A password hashed in a test costs what the production hasher makes it cost: a quarter of a
# second of CPU (PBKDF2, a million rounds), at every user a fixture creates and every login a
# browser test types. The tests check who may do what, not the hasher: the fastest one.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
