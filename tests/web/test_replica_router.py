"""The read replica's router and middleware (issue 37, ``lib.replica``): who reads the replica,
who is pinned to the primary, on both engines (the replica itself is tested in
test_replica.py, against a real streaming standby)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.models import Session
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory, override_settings

import palmares
from palmares.web.lib import replica
from palmares.web.lib.replica import PIN_COOKIE, ReplicaMiddleware, ReplicaRouter
from palmares.web.players.models import Player

router = ReplicaRouter()


def _routed(request: HttpRequest, caught_up: bool = True) -> dict[str, str | None]:
    """Where the request's reads of players and of sessions go, as the view sees them."""
    seen: dict[str, str | None] = {}

    def view(_: HttpRequest) -> HttpResponse:
        seen["players"] = router.db_for_read(Player)
        seen["sessions"] = router.db_for_read(Session)
        return HttpResponse("ok")

    original = replica._caught_up
    replica._caught_up = lambda: caught_up
    try:
        with override_settings(DATABASE_REPLICA_READS=True):
            ReplicaMiddleware(view)(request)
    finally:
        replica._caught_up = original
    return seen


def _request(method: str = "GET", user: User | None = None, **extra: str) -> HttpRequest:
    request: HttpRequest = getattr(RequestFactory(), method.lower())("/tantrix/", **extra)
    request.user = user or AnonymousUser()
    return request


def test_outside_a_request_everything_is_read_and_written_on_the_primary() -> None:
    assert router.db_for_read(Player) == "default"
    assert router.db_for_write(Player) == "default"
    assert router.allow_migrate("default", "players")
    assert not router.allow_migrate("replica", "players")  # the standby replays them


def test_an_anonymous_get_reads_the_replica_but_never_who_the_visitor_is() -> None:
    assert _routed(_request()) == {"players": "replica", "sessions": "default"}
    assert _routed(_request("HEAD"))["players"] == "replica"


@pytest.mark.django_db
def test_who_has_written_signed_in_or_sent_a_token_reads_the_primary() -> None:
    director = User.objects.create_user("director", password="director-password-37")
    pinned = _request()
    pinned.COOKIES[PIN_COOKIE] = "1"
    for request in (
        _request("POST"),
        _request(user=director),
        _request(HTTP_AUTHORIZATION="Bearer abc"),
        pinned,
    ):
        assert _routed(request)["players"] == "default"


def test_a_replica_behind_the_primary_serves_nothing() -> None:
    assert _routed(_request(), caught_up=False)["players"] == "default"


def _answer(request: HttpRequest, view: Callable[[HttpRequest], HttpResponse]) -> HttpResponse:
    with override_settings(DATABASE_REPLICA_READS=True, DATABASE_REPLICA_PIN_SECONDS=7):
        return ReplicaMiddleware(view)(request)


@pytest.mark.django_db
def test_a_request_that_wrote_pins_its_visitor_to_the_primary() -> None:
    def writes(_: HttpRequest) -> HttpResponse:
        Player.objects.create(name="Pinned Writer", key="pinned writer")
        return HttpResponse("ok")

    def reads(_: HttpRequest) -> HttpResponse:
        return HttpResponse(str(Player.objects.using("default").count()))

    def refused(_: HttpRequest) -> HttpResponse:
        return HttpResponse("no", status=403)

    pinned = _answer(_request(), writes).cookies[PIN_COOKIE]
    assert pinned["max-age"] == 7 and pinned["httponly"] and pinned["samesite"] == "Lax"
    assert PIN_COOKIE in _answer(_request("POST"), reads).cookies  # a write method answered
    assert PIN_COOKIE not in _answer(_request(), reads).cookies
    assert PIN_COOKIE not in _answer(_request("POST"), refused).cookies


def test_without_the_settings_the_middleware_does_nothing() -> None:
    def view(_: HttpRequest) -> HttpResponse:
        return HttpResponse(str(router.db_for_read(Player)))

    assert ReplicaMiddleware(view)(_request()).content == b"default"


def _settings(**env: str) -> dict[str, object]:
    """The site's settings as a process with ``env`` reads them."""
    script = (
        "import json; from palmares.web import settings as s\n"
        "print(json.dumps({'cache': s.CACHES['default'], 'databases': sorted(s.DATABASES),\n"
        "  'replica': s.DATABASES.get('replica', {}).get('PORT'),\n"
        "  'routers': getattr(s, 'DATABASE_ROUTERS', []), 'middleware': s.MIDDLEWARE,\n"
        "  'axes': getattr(s, 'AXES_HANDLER', None), 'pin': s.DATABASE_REPLICA_PIN_SECONDS}))"
    )
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("REDIS_URL", "DATABASE_URL", "DATABASE_REPLICA_URL")
    }
    run = subprocess.run(
        [sys.executable, "-c", script],
        env={
            **clean,
            "PYTHONPATH": str(Path(palmares.__file__).parents[1]),
            "PALMARES_SECRET_KEY": "x" * 50,
            **env,
        },
        capture_output=True,
        check=True,
        text=True,
    )
    found: dict[str, object] = json.loads(run.stdout)
    return found


def test_the_settings_without_redis_or_replica_are_todays() -> None:
    found = _settings()
    assert found["cache"] == {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }
    assert found["databases"] == ["default"] and found["routers"] == []
    assert "palmares.web.lib.replica.ReplicaMiddleware" not in found["middleware"]  # type: ignore[operator]
    assert found["axes"] is None


def test_the_settings_with_redis_and_a_replica() -> None:
    found = _settings(
        REDIS_URL="redis://127.0.0.1:6379/3",
        PALMARES_CACHE_PREFIX="site-a",
        DATABASE_URL="postgresql://postgres@127.0.0.1:5432/palmares",
        DATABASE_REPLICA_URL="postgresql://postgres@127.0.0.1:5433/palmares",
        PALMARES_REPLICA_PIN_SECONDS="30",
    )
    assert found["cache"] == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/3",
        "TIMEOUT": 3600,
        "KEY_PREFIX": "site-a",
    }
    assert found["axes"] == "axes.handlers.cache.AxesCacheHandler"
    assert found["databases"] == ["default", "replica"] and found["replica"] == "5433"
    assert found["routers"] == ["palmares.web.lib.replica.ReplicaRouter"]
    middleware: list[str] = found["middleware"]  # type: ignore[assignment]
    auth = middleware.index("django.contrib.auth.middleware.AuthenticationMiddleware")
    assert middleware[auth + 1] == "palmares.web.lib.replica.ReplicaMiddleware"
    assert found["pin"] == 30
