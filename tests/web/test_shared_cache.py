"""One shared cache (issue 37): with ``REDIS_URL`` set, the page cache is Django's Redis cache,
so a page rendered by one web process is a hit in every other, and a write made through any
process is seen by all of them (the data generations, read from the database, key it).

Two real web processes (gunicorn, one worker each, on free ports) share the Redis server at
127.0.0.1:6379 under a key prefix of their own (removed after) and a copy of the test
database (SQLite: a file copied from it; PostgreSQL: the test database itself)."""

from __future__ import annotations

import os
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import redis
from django.conf import settings
from django.db import connection

import palmares

REDIS = os.environ.get("PALMARES_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
PAGE = "/tantrix/"
GUNICORN = (sys.executable, "-m", "gunicorn", "palmares.web.wsgi:application")
OLD, NEW, LAST = ">Pekko<", ">Pekko Outside<", ">Pekko Renamed<"

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return int(free.getsockname()[1])


def _get(port: int, path: str) -> str:
    # an anonymous visitor with no cookies: the page is answered whole from the cache when
    # it is there (ui.earlycache)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as answer:
        return str(answer.read().decode())


def _wait_for(port: int, server: subprocess.Popen[bytes]) -> None:
    """Until the server answers (a bounded wait for its start, not an assertion on time)."""
    for _ in range(600):
        assert server.poll() is None, "the web process stopped"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the web process did not start")


_browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())


def _failed_login(port: int) -> int:
    """The status of a wrong password for ``ghost`` (the CSRF cookie and token first)."""
    form = _browser.open(f"http://127.0.0.1:{port}/accounts/login/", timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    assert token is not None
    body = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token.group(1), "username": "ghost", "password": "nope"}
    ).encode()
    try:
        with _browser.open(f"http://127.0.0.1:{port}/accounts/login/", body, 30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


class Site:
    """The database the processes share, and how to write to it."""

    def __init__(self, tmp_path: Path) -> None:
        self.postgres = connection.vendor == "postgresql"
        if self.postgres:
            primary = settings.DATABASES["default"]
            self.conninfo = {
                "host": primary["HOST"] or "127.0.0.1",
                "port": int(str(primary["PORT"] or 5432)),
                "user": primary["USER"] or "postgres",
                "dbname": connection.settings_dict["NAME"],
            }
            url = "postgresql://{user}@{host}:{port}/{dbname}".format(**self.conninfo)
            self.env = {"DATABASE_URL": url}
        else:
            self.file = tmp_path / "site.sqlite3"
            connection.ensure_connection()
            # (the test's own connection holds its transaction open: copy its pages)
            pages = connection.connection.serialize()
            memory = sqlite3.connect(":memory:")
            memory.deserialize(pages)
            with sqlite3.connect(self.file) as copy:
                memory.backup(copy)
            copy.close()
            memory.close()
            self.env = {"PALMARES_DB": str(self.file)}

    def count(self, sql: str) -> int:
        if self.postgres:
            with psycopg.connect(**self.conninfo) as server:
                row = server.execute(sql).fetchone()
        else:
            with sqlite3.connect(self.file) as file:
                row = file.execute(sql).fetchone()
            file.close()
        assert row is not None
        return int(row[0])

    def outside(self, sql: str) -> None:
        """A write made outside palmares (no data generation bumped)."""
        if self.postgres:
            with psycopg.connect(**self.conninfo, autocommit=True) as server:
                server.execute(sql)
        else:
            with sqlite3.connect(self.file) as file:
                file.execute(sql)
            file.close()


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    prefix = f"palmares-test-{uuid.uuid4().hex[:12]}"
    yield prefix
    server = redis.Redis.from_url(REDIS)
    keys = list(server.scan_iter(f"{prefix}:*"))
    if keys:
        server.delete(*keys)
    server.close()


def test_a_page_rendered_by_one_process_is_a_hit_in_another(
    db: None, tmp_path: Path, redis_prefix: str
) -> None:
    site = Site(tmp_path)
    env = {
        **os.environ,
        **site.env,
        "DJANGO_SETTINGS_MODULE": "palmares.web.settings",
        "PYTHONPATH": str(Path(palmares.__file__).parents[1]),
        "PALMARES_SECRET_KEY": "tests-only-secret-key-" + "x" * 40,
        "PALMARES_WARM_UP": "0",
        "REDIS_URL": REDIS,
        "PALMARES_CACHE_PREFIX": redis_prefix,
    }
    env.pop("DATABASE_REPLICA_URL", None)
    if site.postgres:
        env.pop("PALMARES_DB", None)
    else:
        env.pop("DATABASE_URL", None)
    (tmp_path / "staticfiles").mkdir()
    ports = [_free_port(), _free_port()]
    servers = [
        subprocess.Popen(
            [*GUNICORN, "--bind", f"127.0.0.1:{port}", "--workers", "1", "--log-level", "warning"],
            env=env,
            cwd=tmp_path,  # (its static files come from the apps: none collected)
        )
        for port in ports
    ]
    try:
        for port, server in zip(ports, servers, strict=True):
            _wait_for(port, server)
        a, b = ports
        assert OLD in _get(a, PAGE)  # rendered by A, kept in Redis
        stored = redis.Redis.from_url(REDIS)
        assert any(stored.scan_iter(f"{redis_prefix}:*"))
        stored.close()
        # Changed behind palmares' back: a process that renders the page now shows the new
        # name (B's own pages prove it reads the same data) ...
        site.outside("UPDATE players_player SET name = 'Pekko Outside' WHERE name = 'Pekko'")
        assert NEW in _get(b, PAGE + "?fresh")
        # ... so the old name from B is A's page, answered from the shared cache.
        assert OLD in _get(b, PAGE)
        # A write through palmares in a third process bumps the generation: both see it.
        script = (
            "from palmares.web.lib.setup import setup_django; setup_django(pool=False)\n"
            "from palmares.web.players.models import Player\n"
            "Player.objects.filter(name='Pekko Outside').update(name='Pekko Renamed')\n"
        )
        subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=120)
        assert LAST in _get(b, PAGE)
        assert LAST in _get(a, PAGE)
        # The login throttle's counts are in Redis too: failures on either process add up.
        assert [_failed_login(port) for port in (a, b, a, b, a)] == [200, 200, 200, 200, 429]
        assert site.count("SELECT COUNT(*) FROM axes_accessattempt") == 0  # none in the database
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
        if site.postgres:  # the test database is shared with the other tests: put it back
            renamed = "('Pekko Outside', 'Pekko Renamed')"
            site.outside(f"UPDATE players_player SET name = 'Pekko' WHERE name IN {renamed}")
            site.outside("UPDATE ui_datageneration SET generation = generation + 1")
