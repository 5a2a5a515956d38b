"""Fixtures for the site: the demo data loaded once per run, and the three personas."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from palmares.web.accounts.roles import RATINGS_OFFICERS
from palmares.web.events.models import Event
from palmares.web.tournaments.models import Tournament


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: Any, django_db_blocker: Any) -> None:
    from palmares.web.faces.demo import load_demo

    with django_db_blocker.unblock():
        load_demo()


@pytest.fixture(scope="session")
def live_sessions_released(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """At the end of the run, before the test database is dropped: end the PostgreSQL sessions
    the live server's request threads may still hold (one winding down would stop the drop).
    Never between tests: it would end the sessions of whatever runs next on this worker."""
    yield
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the site's default language: a request answered in French (its
    ``Accept-Language``) leaves French active in the thread, and a test rendering without a
    request would otherwise speak the language of whatever ran before it on this worker."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Each test's transaction is rolled back, generation numbers included: start clean (and
    with no marker of an earlier test's writes on the connection)."""
    from django.core.cache import cache

    from palmares.web.lib.generations import discard_pending

    cache.clear()
    discard_pending()


@pytest.fixture
def wc(db: None) -> Tournament:
    """The demo's 2007 World Championship: imported from its boards, its classification filed
    (closed: nothing of it changes)."""
    return Tournament.objects.get(event__name="World Diplomacy Championship 2007")


@pytest.fixture
def open_wc(wc: Tournament) -> Tournament:
    """The same boards as a tournament still open (its classification not filed yet), for the
    tests that enter, correct or rule on its boards."""
    from palmares.web.events.models import Result

    Result.objects.filter(event_id=wc.event_id).delete()
    return wc


@pytest.fixture
def ocean(db: None) -> Event:
    return Event.objects.get(name="Dip in the Ocean 2004")


def _client(user: User) -> Client:
    client = Client(enforce_csrf_checks=False)
    client.force_login(user)
    return client


@pytest.fixture
def td(wc: Tournament) -> Client:
    """A tournament director of the 2007 WC."""
    user = User.objects.create_user("td", password="td-password-2007")
    wc.directors.add(user)
    return _client(user)


@pytest.fixture
def other_td(db: None) -> Client:
    """A director of another tournament only: the wrong role for the WC and for results."""
    user = User.objects.create_user("other", password="other-password-2007")
    return _client(user)


@pytest.fixture
def officer(db: None) -> Client:
    user = User.objects.create_user("officer", password="officer-password-2007")
    group, _ = Group.objects.get_or_create(name=RATINGS_OFFICERS)
    user.groups.add(group)
    return _client(user)


@pytest.fixture(scope="session")
def pg_replica(django_db_setup: Any) -> Iterator[str]:
    """A real streaming standby of the PostgreSQL test server (tests/web/pg_replica.py), on
    the port of the ``replica`` alias (tests/web/settings.py), started once per run by the
    first test that asks for it; the alias."""
    from django.conf import settings
    from django.db import connections

    from tests.web.pg_replica import start_standby

    primary = settings.DATABASES["default"]
    standby = start_standby(
        str(primary["HOST"] or "127.0.0.1"),
        int(str(primary["PORT"] or 5432)),
        str(primary["USER"] or "postgres"),
        int(str(settings.DATABASES["replica"]["PORT"])),
    )
    try:
        yield "replica"
    finally:
        connections["replica"].close()
        standby.stop()
