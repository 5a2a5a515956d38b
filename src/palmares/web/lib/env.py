"""Settings from the environment, through helpers that fail loudly on a bad value."""

from __future__ import annotations

import os
from urllib.parse import unquote, urlparse

from django.core.exceptions import ImproperlyConfigured

__all__ = ["database_from_env", "env_bool", "env_list", "env_str"]

_TRUE = {"1", "yes", "true", "on"}
_FALSE = {"0", "no", "false", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    low = raw.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}: expected yes/no/true/false/1/0, got {raw!r}")


def env_list(name: str, default: str = "") -> list[str]:
    return [part.strip() for part in os.environ.get(name, default).split(",") if part.strip()]


def database_from_env(variable: str = "DATABASE_URL") -> dict[str, object]:
    """PostgreSQL when ``DATABASE_URL`` (or ``variable``: ``DATABASE_REPLICA_URL``) is set,
    else the SQLite file ``PALMARES_DB``."""
    url = os.environ.get(variable, "").strip()
    if not url:
        path = os.environ.get("PALMARES_DB", "palmares.sqlite3")
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.path.abspath(path),
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL;",
            },
        }
    parts = urlparse(url)
    if parts.scheme not in {"postgres", "postgresql"}:
        raise ImproperlyConfigured(f"{variable}: only postgresql:// is supported, got {url!r}")
    name = parts.path.lstrip("/")
    if not name:
        raise ImproperlyConfigured(f"{variable}: the database name is missing")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(name),
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        # A connection pool per process (psycopg_pool): persistent connections do not suit
        # ASGI, where a request may run on any thread.
        "CONN_MAX_AGE": 0,
        # Server-side binding and prepared statements (Django turns them off by default, for
        # external poolers such as PgBouncer; ours is in-process): psycopg prepares a query
        # the fifth time a connection runs it, and PostgreSQL stops planning it again.
        "OPTIONS": {
            "pool": {"min_size": 1, "max_size": _pool_size()},
            "server_side_binding": True,
            "prepare_threshold": 5,
        },
    }


def _pool_size() -> int:
    raw = os.environ.get("PALMARES_DB_POOL_SIZE", "8")
    try:
        size = int(raw)
    except ValueError:
        raise ImproperlyConfigured(
            f"PALMARES_DB_POOL_SIZE: expected a number, got {raw!r}"
        ) from None
    if size < 1:
        raise ImproperlyConfigured(f"PALMARES_DB_POOL_SIZE: at least 1, got {size}")
    return size
