"""The API's contract in its schema (issue 36): every 2xx answer declared with a named shape,
every refusal JSON with ``detail`` (those Django answers too), enumerations read in any case and
answered canonical."""

from __future__ import annotations

import inspect
import sys
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from ninja import Schema

import palmares.web.api as package
from palmares.web.api.api import api
from palmares.web.tournaments.models import Tournament
from tests.web.jobs.run import drain
from tests.web.tday_helpers import create, director, send


def _shapes(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(operation, status, schema) of every declared JSON answer."""
    return [
        (f"{method.upper()} {path}", status, media["schema"])
        for path, item in schema["paths"].items()
        for method, op in item.items()
        for status, answer in op["responses"].items()
        for kind, media in answer.get("content", {}).items()
        if kind == "application/json"
    ]


def _named(shape: dict[str, Any]) -> bool:
    """A named schema (``$ref``), one of several named ones (``anyOf``: a director's answer
    and everyone else's), or a list or page of them."""
    if "$ref" in shape:
        return True
    if "anyOf" in shape:
        return all(_named(one) for one in shape["anyOf"])
    if shape.get("type") == "array":
        return _named(shape["items"])
    return False


def test_every_answer_has_a_named_shape(client: Client, db: None) -> None:
    schema = client.get("/api/openapi.json").json()
    shapes = _shapes(schema)
    assert len({op for op, _, _ in shapes}) == 67  # every operation (the two files: their errors)
    untyped = [(op, status) for op, status, shape in shapes if not _named(shape)]
    assert untyped == []
    error = schema["components"]["schemas"]["ErrorOut"]
    assert error["required"] == ["detail"]
    for op, status, shape in shapes:
        if status.startswith("4"):
            assert shape == {"$ref": "#/components/schemas/ErrorOut"} or op.endswith("/results"), (
                op,
                status,
            )


def test_no_two_shapes_share_a_name() -> None:
    """The schema names a shape by its class's name: two ``Schema`` classes of one name would
    publish one of them under both (a classification's row and a board's result were both
    ``ResultIn``, so ``PUT /events/{id}/results`` was declared with a board's shape)."""
    assert api  # every router imported
    names: dict[str, set[str]] = {}
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith(package.__name__ + "."):
            for name, value in vars(module).items():
                if inspect.isclass(value) and issubclass(value, Schema) and value is not Schema:
                    names.setdefault(value.__name__, set()).add(f"{value.__module__}.{name}")
    shared = {name: where for name, where in names.items() if len(where) > 1}
    assert names and shared == {}


def test_the_classification_body_is_a_list_of_result_rows(client: Client, db: None) -> None:
    schema = client.get("/api/openapi.json").json()
    body = schema["paths"]["/api/events/{event_id}/results"]["put"]["requestBody"]
    shape = body["content"]["application/json"]["schema"]
    assert shape["items"] == {"$ref": "#/components/schemas/ResultIn"}
    row = schema["components"]["schemas"]["ResultIn"]
    assert set(row["properties"]) == {"player", "rank", "nationality", "player_id"}
    board = schema["components"]["schemas"]["BoardResultIn"]
    assert set(board["properties"]) >= {"centres", "eliminated", "draw", "final_year"}


def test_a_refusal_no_endpoint_answers_is_json_with_detail(client: Client, db: None) -> None:
    wrong = client.patch("/api/players")
    assert wrong.status_code == 405 and wrong["Allow"] == "GET"
    assert wrong.json() == {"detail": "PATCH is not allowed here; allowed: GET", "field": None}
    nothing = client.get("/api/nothing/here")
    assert nothing.status_code == 404 and nothing.json() == {"detail": "not found", "field": None}
    french = client.patch("/api/players", headers={"accept-language": "fr"})
    assert french.json()["detail"] == "PATCH n'est pas accepté ici ; accepté : GET"


@pytest.mark.django_db
def test_scoring_and_aggregation_are_read_in_any_case() -> None:
    _, client = director()
    tid = create(client, scoring="Divide-And-Conquer", aggregation="ANTE")
    t = Tournament.objects.get(pk=tid)
    assert (t.scoring, t.aggregation) == ("divide-and-conquer", "ante")
    listed = {x["id"]: x for x in client.get("/api/tournaments?limit=1000").json()["items"]}
    assert (listed[tid]["scoring"], listed[tid]["aggregation"]) == ("divide-and-conquer", "ante")


def test_event_kind_in_any_case(client: Client, db: None) -> None:
    assert client.get("/api/events?kind=TANTRIX").json()["count"] == 1
    assert client.get("/api/events?kind=Tantrix").json()["items"][0]["kind"] == "tantrix"
    assert client.get("/api/events?kind=chess").json()["count"] == 0


def test_import_kind_in_any_case(officer: Client) -> None:
    good = b"event,date,player,rank,nationality\nCase Cup,2010-01-01,Edi Birsan,1,\n"
    answer = officer.post("/api/imports/Results", {"file": SimpleUploadedFile("r.csv", good)})
    assert answer.status_code == 202, answer.content  # queued (issue 37)
    drain()
    job = officer.get(answer["Location"]).json()
    assert (job["state"], job["result"]) == ("done", {"events": 1, "results": 1, "replaced": 0})


@pytest.mark.django_db
def test_clock_action_and_season_in_any_case() -> None:
    _, client = director()
    tid = create(client)
    send(client, "POST", f"/api/tournaments/{tid}/players", [{"name": f"P{i}"} for i in range(7)])
    started = send(client, "POST", f"/api/tournaments/{tid}/clock", {"action": "START", "round": 1})
    assert started.status_code == 200, started.content
    body = {"action": "Set", "year": 1902, "season": "fall"}
    moved = send(client, "POST", f"/api/tournaments/{tid}/clock", body)
    assert moved.status_code == 200, moved.content
    assert (moved.json()["year"], moved.json()["season"]) == (1902, "Fall")


def test_a_session_post_without_its_csrf_token_is_refused_in_json(db: None) -> None:
    from django.contrib.auth.models import User

    user = User.objects.create_user("csrf-officer", password="x-password-2026")
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    answer = client.post("/api/wizard/months/2010-03/publish")
    assert answer.status_code in (401, 403)
    assert answer["Content-Type"].startswith("application/json")
    assert answer.json()["detail"]
