"""Settings come from the environment; `check --deploy` is clean in production settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from palmares.web.lib.env import database_from_env, env_bool


def _check(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "palmares.web.manage",
            "check",
            "--deploy",
            "--fail-level",
            "WARNING",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_in_production(tmp_path: os.PathLike[str]) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PALMARES_", "DJANGO_"))}
    env |= {
        "PALMARES_SECRET_KEY": "k8#Qz" * 12,
        "PALMARES_HTTPS": "1",
        "PALMARES_ALLOWED_HOSTS": "ratings.example.org",
        "PALMARES_DB": f"{tmp_path}/db.sqlite3",
    }
    done = _check(env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_debug_is_off_by_default_and_no_key_means_refusal(tmp_path: os.PathLike[str]) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PALMARES_", "DJANGO_"))}
    env["PALMARES_DB"] = f"{tmp_path}/db.sqlite3"
    done = _check(env)
    assert done.returncode != 0
    assert "SECRET_KEY" in done.stderr


def test_database_url_selects_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://u:p%40ss@db.example:6543/ratings")
    db = database_from_env()
    assert (db["ENGINE"], db["NAME"], db["USER"], db["PASSWORD"], db["HOST"], db["PORT"]) == (
        "django.db.backends.postgresql",
        "ratings",
        "u",
        "p@ss",
        "db.example",
        "6543",
    )
    monkeypatch.setenv("DATABASE_URL", "mysql://x/y")
    with pytest.raises(ImproperlyConfigured, match="only postgresql"):
        database_from_env()
    monkeypatch.delenv("DATABASE_URL")
    monkeypatch.setenv("PALMARES_DB", "/tmp/x.sqlite3")
    assert database_from_env()["NAME"] == "/tmp/x.sqlite3"


def test_booleans_fail_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PALMARES_DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="PALMARES_DEBUG"):
        env_bool("PALMARES_DEBUG")


POOL = """
import json, sys
from palmares.web.lib.setup import setup_django
setup_django(pool=sys.argv[1] == "pool")
from django.conf import settings
print(json.dumps(sorted(settings.DATABASES["default"]["OPTIONS"])))
"""


@pytest.mark.parametrize("pool", ["pool", "none"])
def test_a_command_that_runs_once_opens_no_connection_pool(pool: str) -> None:
    # (a pool per process serves the site's threads: ``palmares serve``; an import, an export
    # or a tournament command opens one plain connection, without psycopg_pool's import)
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["DATABASE_URL"] = "postgresql://postgres@127.0.0.1:5432/test"
    env["PALMARES_SECRET_KEY"] = "s" * 50
    out = subprocess.run(
        [sys.executable, "-c", POOL, pool], env=env, capture_output=True, text=True, check=True
    ).stdout
    options = json.loads(out)
    assert ("pool" in options) == (pool == "pool")
    assert "server_side_binding" in options  # (the rest as the site has them)


def test_the_site_hashes_passwords_with_django_s_strong_default() -> None:
    # The tests hash with MD5 for speed (tests/web/settings.py); the site itself never does.
    from django.conf import global_settings

    import palmares.web.settings as site

    hashers = getattr(site, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)
    assert hashers[0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"
    assert not any("MD5" in h for h in hashers)
