"""The room's clock through the API and its pages: every screen reads it, directors run it."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.test import Client

from palmares.web.audit.models import AuditEntry
from palmares.web.clock import services
from palmares.web.clock.models import Clock
from palmares.web.tournaments.models import Tournament


@pytest.fixture(autouse=True)
def _open(open_wc: Tournament) -> None:
    """These tests enter and correct the WC's boards: the tournament open, not filed yet."""


def _post(client: Client, t: Tournament, body: dict[str, Any]) -> Any:
    return client.post(
        f"/api/tournaments/{t.pk}/clock", data=json.dumps(body), content_type="application/json"
    )


def test_a_clock_never_started_reads_as_not_running(client: Client, wc: Tournament) -> None:
    got = client.get(f"/api/tournaments/{wc.pk}/clock").json()
    # the clock belongs to the round in play (issue 32): the WC's last round, 6
    assert got["running"] is False and got["remaining_s"] is None and got["round"] == 6
    assert set(got) >= {
        "running",
        "paused",
        "round",
        "year",
        "season",
        "remaining_s",
        "turn_minutes",
        "server_time",
        "ends_at",
    }


def test_a_director_starts_pauses_resumes_and_skips(td: Client, wc: Tournament) -> None:
    started = _post(td, wc, {"action": "start", "round": 6})
    assert started.status_code == 200
    s = started.json()
    assert (s["running"], s["paused"], s["round"], s["year"], s["season"]) == (
        True,
        False,
        6,
        1901,
        "Spring",
    )
    assert s["turn_minutes"] == 17 and 1019 < s["remaining_s"] <= 1020
    paused = _post(td, wc, {"action": "pause"}).json()
    assert paused["paused"] is True
    again = Client().get(f"/api/tournaments/{wc.pk}/clock").json()
    assert again["paused"] is True and again["remaining_s"] == paused["remaining_s"]
    assert _post(td, wc, {"action": "pause"}).json()["detail"] == "the clock is already paused"
    assert _post(td, wc, {"action": "resume"}).json()["paused"] is False
    skipped = _post(td, wc, {"action": "next"}).json()
    assert (skipped["season"], skipped["turn_minutes"], skipped["remaining_s"]) == (
        "Fall",
        17,
        1020,
    )
    put = _post(td, wc, {"action": "SET", "year": 1906, "season": "fall", "remaining_s": 90})
    assert (put.json()["year"], put.json()["turn_minutes"]) == (1906, 13)
    assert put.json()["season"] == "Fall"  # read case-insensitively, answered canonical
    assert 89 < put.json()["remaining_s"] <= 90


def test_the_server_rolls_the_turn_over_at_zero(wc: Tournament) -> None:
    t0 = datetime(2007, 8, 12, 9, 0, tzinfo=UTC)
    services.act(wc, "start", now=t0, year=1905, season="Fall")
    r = services.view(wc, now=t0 + timedelta(minutes=15, seconds=1))
    assert r.reading is not None
    assert (r.reading.year, r.reading.season, r.reading.turn_minutes) == (1906, "Spring", 15)
    assert r.reading.remaining_s == 15 * 60 - 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"action": "explode"}, "action"),
        ({"action": "start", "season": "Winter"}, "season"),
        ({"action": "start", "year": 2**40}, "year"),
        ({"action": "start", "round": 65537}, "round"),
        ({"action": "start", "remaining_s": 99999}, "remaining_s"),
        ({"action": "pause"}, "action"),
    ],
)
def test_bad_actions_are_refused_with_their_field(
    td: Client, wc: Tournament, body: dict[str, Any], field: str
) -> None:
    answer = _post(td, wc, body)
    assert answer.status_code == 422
    assert answer.json()["field"] == field
    assert not Clock.objects.filter(tournament=wc, started=True).exists()


@pytest.mark.parametrize("who", ["anonymous", "other_td", "officer"])
def test_only_directors_run_the_clock(
    who: str, request: pytest.FixtureRequest, wc: Tournament
) -> None:
    client = Client() if who == "anonymous" else request.getfixturevalue(who)
    assert _post(client, wc, {"action": "start"}).status_code == (
        401 if who == "anonymous" else 403
    )
    settings = client.put(
        f"/api/tournaments/{wc.pk}/clock/settings",
        data=json.dumps({"calls": [60]}),
        content_type="application/json",
    )
    assert settings.status_code == (401 if who == "anonymous" else 403)
    page = client.post(f"/diplomacy/{wc.pk}/chaos-schedule/", {"hours": ""})
    assert page.status_code == (302 if who == "anonymous" else 403)
    assert not Clock.objects.filter(tournament=wc).exists()
    assert not AuditEntry.objects.filter(tournament=wc, action__startswith="clock").exists()


def test_every_accepted_clock_write_is_audited_and_a_refused_one_is_not(
    td: Client, wc: Tournament
) -> None:
    _post(td, wc, {"action": "start"})
    _post(td, wc, {"action": "pause"})
    _post(td, wc, {"action": "pause"})  # refused: already paused
    td.put(
        f"/api/tournaments/{wc.pk}/clock/settings",
        data=json.dumps({"calls": [60, 0]}),
        content_type="application/json",
    )
    log = list(AuditEntry.objects.filter(tournament=wc, action__startswith="clock").order_by("id"))
    assert [e.action for e in log] == ["clock start", "clock pause", "clock settings"]
    assert log[0].user is not None and log[0].user.username == "td"
    before, after = dict(log[0].before or {}), dict(log[0].after or {})
    assert before["started"] is False and after["started"] is True
    assert dict(log[1].after or {})["paused_at"] is not None
    assert dict(log[2].after or {})["calls"] == [60, 0]


def test_settings_turn_lengths_calls_and_the_final_rounds_end(td: Client, wc: Tournament) -> None:
    body = {
        "timing": [[1901, 10, 9], [1903, 8, 7]],
        "calls": [120, 0, 30],
        "ends_at": "2007-08-12T13:30:00+00:00",
    }
    answer = td.put(
        f"/api/tournaments/{wc.pk}/clock/settings",
        data=json.dumps(body),
        content_type="application/json",
    )
    assert answer.status_code == 200
    assert answer.json()["calls"] == [120, 30, 0]
    assert answer.json()["ends_at"] == "2007-08-12T13:30:00+00:00"
    started = _post(td, wc, {"action": "start", "year": 1903}).json()
    assert started["turn_minutes"] == 8 and started["next_turn_minutes"] == 7
    bad = td.put(
        f"/api/tournaments/{wc.pk}/clock/settings",
        data=json.dumps({"timing": [[1902, 10, 9]]}),
        content_type="application/json",
    )
    assert bad.status_code == 422 and bad.json()["field"] == "timing"


def test_the_clock_page_is_public_and_the_controls_are_the_directors(
    client: Client, td: Client, wc: Tournament
) -> None:
    public = client.get(f"/diplomacy/{wc.pk}/clock/").content.decode()
    assert 'id="time"' in public and 'id="td"' not in public and "<script>" not in public
    assert 'id="td"' in td.get(f"/diplomacy/{wc.pk}/clock/").content.decode()
    french = client.get(f"/diplomacy/{wc.pk}/clock/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Printemps" in french and "minutes restantes" in french


def test_the_chaos_schedule_from_the_tournament_hours(td: Client, wc: Tournament) -> None:
    hours = "2007-08-09 19:00 2007-08-09 23:00\n2007-08-10 09:00 2007-08-10 13:00"
    assert td.post(f"/diplomacy/{wc.pk}/chaos-schedule/", {"hours": hours}).status_code == 302
    page = td.get(f"/diplomacy/{wc.pk}/chaos-schedule/").content.decode()
    # 21:00 and 23:00 on Thursday, 11:00 and 13:00 on Friday, retreats 20 minutes after each.
    for at in ("Thu 9 Aug, 21:00", "Thu 9 Aug, 21:20", "Fri 10 Aug, 13:00", "Fri 10 Aug, 13:20"):
        assert at in page
    assert "Every deadline has passed." in page
    bad = td.post(f"/diplomacy/{wc.pk}/chaos-schedule/", {"hours": "2007-08-10 09:00 08:00"})
    assert bad.status_code == 200 and "give the day and time" in bad.content.decode()
