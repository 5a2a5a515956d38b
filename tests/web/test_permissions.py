"""Every write refuses anonymous and wrong-role users.

The URLs are enumerated from the resolver and the API's own router, so a new write that is not
listed here fails the first test.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from palmares.web.api.api import api
from palmares.web.events.models import Event
from palmares.web.tournaments.models import Tournament
from tests.web.test_reports_permissions import REPORT_API_WRITES, REPORT_PAGES, REPORT_PUBLIC
from tests.web.test_tday_permissions import TDAY_API_WRITES, TDAY_PAGES

WRITES = {
    ("PUT", "/api/events/{event_id}/results"),
    ("POST", "/api/tournaments/{tournament_id}/boards"),
    ("POST", "/api/imports/{kind}"),
    ("POST", "/api/recompute"),  # tests/web/jobs/test_jobs.py
    ("POST", "/api/backtest"),  # tests/web/jobs/test_jobs.py
    ("POST", "/api/skill/{community}/replay"),  # tests/web/jobs/test_jobs.py
    ("POST", "/api/export/wdd"),  # tests/web/jobs/test_wdd_export.py
    ("POST", "/api/wizard/months/{month}/publish"),
    ("POST", "/api/tournaments/{tournament_id}/close"),
    ("POST", "/api/tournaments/{tournament_id}/top-board/declines"),
    ("DELETE", "/api/tournaments/{tournament_id}/top-board/declines/{player}"),
    ("POST", "/api/tournaments/{tournament_id}/top-board/team-option"),
    ("POST", "/api/tournaments/{tournament_id}/overrides"),
    ("DELETE", "/api/tournaments/{tournament_id}/overrides/{override_id}"),
    ("POST", "/api/tournaments/{tournament_id}/undo"),
    ("POST", "diplomacy/<int:tournament_id>/boards/new"),
    ("POST", "diplomacy/<int:tournament_id>/edit/close"),
    ("POST", "diplomacy/<int:tournament_id>/edit/top-board"),
    ("POST", "diplomacy/<int:tournament_id>/edit/overrides"),
    ("POST", "diplomacy/<int:tournament_id>/edit/undo"),
    ("POST", "imports/new"),
    # The tournament day (issue 12): tests/web/test_tday_permissions.py tries each of them.
    *TDAY_API_WRITES,
    *(("POST", p) for p in TDAY_PAGES),
    ("POST", "/api/tournaments/{tournament_id}/clock"),
    ("PUT", "/api/tournaments/{tournament_id}/clock/settings"),
    ("POST", "diplomacy/<int:tournament_id>/chaos-schedule/"),
    ("POST", "diplomacy/<int:tournament_id>/chaos/new"),
    ("POST", "diplomacy/chaos/<int:game_id>/"),  # tests/web/test_chaos_game.py
    # Reports from the table (issue 38): tests/web/test_reports_permissions.py tries each.
    *REPORT_API_WRITES,
    REPORT_PUBLIC,
    *(("POST", p) for p in REPORT_PAGES),
}
PAGES_THAT_WRITE = {
    "diplomacy/<int:tournament_id>/boards/new",
    "diplomacy/<int:tournament_id>/chaos/new",
    "diplomacy/<int:tournament_id>/edit/close",
    "diplomacy/<int:tournament_id>/edit/top-board",
    "diplomacy/<int:tournament_id>/edit/overrides",
    "diplomacy/<int:tournament_id>/edit/undo",
    "imports/new",
    *TDAY_PAGES,
    *REPORT_PAGES,
}
#: Pages that write have "new" or "edit" in their path (the desk's convention).
WRITE_WORDS = ("new", "edit")


def _api_writes() -> set[tuple[str, str]]:
    found = set()
    for prefix, router in api._routers:
        for path, view in router.path_operations.items():
            for op in view.operations:
                for method in op.methods:
                    if method != "GET":
                        found.add((method, f"/api{prefix}{path}".replace("//", "/")))
    return found


def _page_patterns(patterns: list[URLPattern | URLResolver], prefix: str = "") -> set[str]:
    out = set()
    for p in patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            if route.startswith(("admin/", "api/", "i18n/")):
                continue
            out |= _page_patterns(p.url_patterns, route)
        else:
            out.add(route)
    return out


def test_every_write_is_listed() -> None:
    api_writes = _api_writes()
    pages = _page_patterns(get_resolver().url_patterns)
    assert api_writes == {w for w in WRITES if w[1].startswith("/api/")}
    assert {p for p in pages if any(w in p for w in WRITE_WORDS)} == PAGES_THAT_WRITE


def _body(wc: Tournament) -> str:
    seats = [{"power": p, "player_id": 1, "centres": 1} for p in "AEFGIRT"]
    return json.dumps({"round": 9, "board": "9", "seats": seats})


@pytest.mark.parametrize("who", ["anonymous", "other_td", "td"])
def test_results_write_needs_a_ratings_officer(
    who: str, request: pytest.FixtureRequest, ocean: Event
) -> None:
    client = Client() if who == "anonymous" else request.getfixturevalue(who)
    answer = client.put(
        f"/api/events/{ocean.pk}/results",
        data=json.dumps([{"player": "X", "rank": 1}]),
        content_type="application/json",
    )
    assert answer.status_code == (401 if who == "anonymous" else 403)
    assert ocean.results.count() == 24


@pytest.mark.parametrize("who", ["anonymous", "other_td"])
def test_board_write_needs_this_tournaments_director(
    who: str, request: pytest.FixtureRequest, wc: Tournament
) -> None:
    client = Client() if who == "anonymous" else request.getfixturevalue(who)
    answer = client.post(
        f"/api/tournaments/{wc.pk}/boards", data=_body(wc), content_type="application/json"
    )
    assert answer.status_code == (401 if who == "anonymous" else 403)
    form = client.post(f"/diplomacy/{wc.pk}/boards/new", {"round": 9, "board": "9"})
    assert form.status_code == (302 if who == "anonymous" else 403)
    if who == "anonymous":
        assert form["Location"].startswith("/accounts/login/")
    assert not wc.rounds.filter(number=9).exists()


def test_api_write_refuses_a_session_without_csrf(wc: Tournament) -> None:
    from django.contrib.auth.models import User

    user = User.objects.create_user("csrf-td", password="x-password-2007")
    wc.directors.add(user)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    answer = client.post(
        f"/api/tournaments/{wc.pk}/boards", data=_body(wc), content_type="application/json"
    )
    assert answer.status_code in (401, 403)


def test_admin_needs_staff(client: Client, db: None) -> None:
    assert client.get("/admin/").status_code == 302


@pytest.mark.parametrize("who", ["anonymous", "other_td", "td"])
def test_imports_and_publishing_need_a_ratings_officer(
    who: str, request: pytest.FixtureRequest, ocean: Event
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    from palmares.web.wizarddb.models import Month

    client = Client() if who == "anonymous" else request.getfixturevalue(who)
    upload = SimpleUploadedFile("r.csv", b"event,date,player,rank\nNew Cup,2010-01-01,A,1\n")
    answer = client.post("/api/imports/results", {"file": upload})
    assert answer.status_code == (401 if who == "anonymous" else 403)
    assert not Event.objects.filter(name="New Cup").exists()
    published = client.post("/api/wizard/months/2010-03/publish")
    assert published.status_code == (401 if who == "anonymous" else 403)
    assert not Month.objects.get(month="2010-03-01").published


@pytest.mark.parametrize("who", ["anonymous", "other_td", "td"])
def test_the_import_page_needs_a_ratings_officer(
    who: str, request: pytest.FixtureRequest, db: None
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = Client() if who == "anonymous" else request.getfixturevalue(who)
    upload = SimpleUploadedFile("r.csv", b"event,date,player,rank\nNew Cup,2010-01-01,A,1\n")
    answer = client.post("/imports/new", {"kind": "results", "file": upload})
    assert answer.status_code == (302 if who == "anonymous" else 403)
    if who == "anonymous":
        assert answer["Location"].startswith("/accounts/login/")
    assert client.get("/imports/new").status_code == (302 if who == "anonymous" else 403)
    assert not Event.objects.filter(name="New Cup").exists()
    assert 'href="/imports/new"' not in client.get("/").content.decode()
