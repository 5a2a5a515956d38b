"""The API fuzzed by its own schema (issue 36): schemathesis reads ``/api/openapi.json`` from the
WSGI application and sends every operation generated requests, with a tournament director's
Bearer token and anonymously, on a database holding the demo and an open tournament day (round
1 played, round 2 called and published).

Checks: no 5xx; the status code, content type and body of every answer as the operation
declares them; every refusal (4xx) a JSON object with a ``detail`` sentence. The number of
examples per operation is small by default (``PALMARES_FUZZ_EXAMPLES``, or ``--slow`` for many
more); the summary line (operations, requests, statuses, failures) is printed at the end of the
run.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import CheckContext, not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from palmares.web.accounts.services import issue_token
from palmares.web.tournaments import boardcall
from palmares.web.tournaments.models import Tournament
from tests.conftest import examples
from tests.web.open_day import open_tournament, play_round, tournament_director

#: Fourteen players: two boards a round.
PLAYERS = [f"Fuzz Player {chr(ord('A') + i)}" for i in range(14)]

#: Generated examples per operation with the director's token (anonymously: half as many);
#: ``--slow``: more, after schemathesis's coverage cases; ``PALMARES_API_EXAMPLES`` sets it.
EXAMPLES = int(os.environ.get("PALMARES_API_EXAMPLES", examples(6, 100)))
#: The coverage phase (every boundary and wrong type of every parameter, the methods a path
#: does not take: some 1,500 requests) runs under ``--slow``.
COVERAGE = [Phase.explicit] if examples(0, 1) else []

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application())
#: A method no path takes (405) is tried with two of them, not all eight, per operation.
schema.config.phases.coverage.unexpected_methods = {"patch", "trace"}

#: What the run saw (each test's share goes into its report: :func:`_tally`).
SEEN: dict[str, Counter[str]] = {
    "operations": Counter(),
    "statuses": Counter(),
    "stateful": Counter(),
}


@pytest.fixture(autouse=True)
def _tally(record_property: Any) -> Iterator[None]:
    """What this test sent, as a property of its report: tests/conftest.py adds them up into
    the summary line (from every worker's reports when the suite runs in parallel)."""
    before = {k: Counter(v) for k, v in SEEN.items()}
    yield
    tally = {k: dict(SEEN[k] - before[k]) for k in SEEN}
    record_property(
        "schemathesis",
        {**tally, "version": schemathesis.__version__, "declared": len(schema)},
    )


def refusal_has_detail(ctx: CheckContext, response: Any, case: Any) -> bool | None:
    """Every refused request (a 4xx) answers a JSON object with a ``detail`` sentence."""
    if 400 <= response.status_code < 500:
        text = response.content.decode("utf-8", "replace")
        assert response.headers.get("content-type", [""])[0].startswith("application/json"), (
            f"{case.method} {case.formatted_path} answered {response.status_code} {text[:300]!r}"
        )
        body = response.json()
        assert isinstance(body, dict) and isinstance(body.get("detail"), str), (
            f"{case.method} {case.formatted_path} answered {response.status_code} {body!r}"
        )
        assert body["detail"], "an empty detail"
    return None


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    refusal_has_detail,
]


@pytest.fixture(scope="module")
def _day(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """An open tournament directed by ``fuzz-td`` (round 1 played, round 2 called and
    published), and that director's API token: built once for the module inside a transaction
    rolled back at its end (each test's own transaction is a savepoint within it)."""
    # As Django's test client does: a request's end must not close the test's connection.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    with django_db_blocker.unblock(), transaction.atomic():
        user: User = tournament_director("fuzz-td", "fuzz-password-2026")
        t = open_tournament(user, "Fuzz Open", PLAYERS, rounds=3)
        play_round(user, t, 1)
        boardcall.make_call(user, t, 2, seed=1)
        boardcall.publish_call(user, t, 2)
        yield {"tournament": t, "token": issue_token("fuzz-td")}
        transaction.set_rollback(True)
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def day(_day: dict[str, Any], db: None) -> dict[str, Any]:
    return _day


def _aim(case: Any, t: Tournament) -> None:
    """Most generated ids name the day's tournament and one of its rounds (random ones would
    only ever meet a 404); an odd generated id stays as generated."""
    path = case.path_parameters
    if path is None:
        return
    if isinstance(path.get("tournament_id"), int) and path["tournament_id"] % 2 == 0:
        path["tournament_id"] = t.pk
    if isinstance(path.get("n"), int) and path["n"] % 5 != 0:
        path["n"] = 1 + abs(path["n"]) % 3


def _fuzz(case: Any, day: dict[str, Any], who: str) -> None:
    _aim(case, day["tournament"])
    # The WSGI client does not unpack gzip: ask for the plain body.
    headers = {"Accept-Encoding": "identity"}
    if who == "director":
        headers["Authorization"] = f"Bearer {day['token']}"
    SEEN["operations"][case.operation.label] += 1
    try:
        response = case.call_and_validate(headers=headers, checks=CHECKS)
    except Exception:
        SEEN["statuses"]["failed"] += 1
        raise
    SEEN["statuses"][str(response.status_code)] += 1


#: Hypothesis's settings for both callers: reproducible, no deadline (a board call or a rating
#: recompute takes its time), no health check (the fixture's database is shared).
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.django_db
@schema.parametrize()
@settings(FUZZ, phases=[*COVERAGE, Phase.generate])
def test_every_operation_as_a_director(case: Any, day: dict[str, Any]) -> None:
    """Generated cases, valid and invalid (and under ``--slow`` schemathesis's coverage cases),
    with the director's token."""
    _fuzz(case, day, "director")


@pytest.mark.django_db
@schema.parametrize()
@settings(FUZZ, phases=[Phase.generate], max_examples=max(1, EXAMPLES // 2))
def test_every_operation_anonymously(case: Any, day: dict[str, Any]) -> None:
    """Generated cases with no credentials: a write is a 401, a read answers as declared."""
    _fuzz(case, day, "anonymous")


@pytest.mark.django_db
def test_the_declared_links_as_a_director(day: dict[str, Any]) -> None:
    """schemathesis's stateful run: sequences of calls following the links the schema declares
    (a created tournament's id into its players, clock, standings, rulings …; a ruling's id into
    its withdrawal), with the director's token, every answer checked as above."""
    machine = schema.as_state_machine()
    token = day["token"]
    created: Counter[int] = Counter()

    class DirectorsDay(machine):  # type: ignore[misc,valid-type]
        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"headers": {"Authorization": f"Bearer {token}", "Accept-Encoding": "identity"}}

        def setup(self) -> None:
            """Each scenario starts from the same day: its writes are undone after it."""
            self.savepoint = transaction.savepoint()

        def teardown(self) -> None:
            transaction.savepoint_rollback(self.savepoint)

        def before_call(self, case: Any) -> None:
            """A new tournament is one the set-up accepts (a known scoring system and
            aggregation, a possible number of rounds, a name, no teams, no end before its
            start), so that every scenario that creates one follows its links; random bodies
            are the other two tests' work."""
            if case.operation.label == "POST /api/tournaments" and isinstance(case.body, dict):
                name = case.body.get("name")
                case.body.update(
                    name=name if isinstance(name, str) and name.strip() else "Fuzz Cup",
                    date="2026-12-05",
                    place="",
                    scoring="divide-and-conquer",
                    aggregation="ante",
                    rounds=3,
                    team_size=None,
                    end_date=None,
                    top_board=False,
                    fewer_games=True,
                )

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            SEEN["operations"][case.operation.label] += 1
            SEEN["statuses"][str(response.status_code)] += 1
            SEEN["stateful"][str(response.status_code)] += 1
            if case.operation.label == "POST /api/tournaments" and isinstance(case.body, dict):
                created[response.status_code] += 1  # a body that is not JSON is a 400
            case.validate_response(response, checks=CHECKS)

    DirectorsDay.run(
        settings=settings(
            FUZZ,
            max_examples=examples(10, 50),
            stateful_step_count=examples(8, 20),
            # No replay: a scenario's calls depend on the answers, which depend on ids the
            # database hands out (a replayed scenario would draw differently).
            phases=[Phase.generate],
        )
    )
    # Every tournament the scenarios created was accepted, and its links were followed.
    assert created and set(created) == {201}, created
    assert sum(SEEN["stateful"].values()) > created[201], SEEN["stateful"]
