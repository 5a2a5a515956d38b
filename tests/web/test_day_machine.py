"""The tournament day under random sequences of a TD's actions, through the services the forms
call and through the JSON API (issue 32; the machine is :mod:`tests.web.day_machine`), on SQLite
and, with ``DATABASE_URL``, PostgreSQL. ``--slow`` tries many more sequences."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from tests.conftest import examples
from tests.web.day_machine import Api, DayMachine, Services

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

SETTINGS = settings(
    max_examples=examples(8, 80),
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


class ThroughTheServices(DayMachine):
    way_in = Services


class ThroughTheApi(DayMachine):
    way_in = Api


def test_the_day_through_the_services() -> None:
    run_state_machine_as_test(ThroughTheServices, settings=SETTINGS)


def test_the_day_through_the_api() -> None:
    run_state_machine_as_test(ThroughTheApi, settings=SETTINGS)
