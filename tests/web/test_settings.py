"""Settings come from the environment; `check --deploy` is clean in production settings."""

from __future__ import annotations

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
