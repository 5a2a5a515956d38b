"""The tournament day in a real browser (issue 12): a TD creates an event, registers 21 players
(a players.csv with a team of three, one more by hand), keeps a couple apart, takes the roll
call, makes and publishes three board calls, enters every result from the prefilled form,
corrects one and reads the standings; a player checks in from a phone; the pages are checked at
390 px. The screenshots of docs/tournament-day.md are taken here
(``PALMARES_SCREENSHOTS=docs/img/tournament-day``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.db import connection

from palmares.web.accounts.roles import TOURNAMENT_DIRECTORS
from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.models import Board, Tournament
from tests.web.tday_helpers import APART, CENTRES, PLAYERS, TEAM
from tests.web.test_browser import browser_page  # noqa: F401 - the shared fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def _submit(page: Any, selector: str) -> None:
    """Click and wait for the page it loads."""
    with page.expect_navigation():
        page.click(selector)


def _fits(page: Any) -> None:
    """Nothing wider than the screen: the page does not scroll sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (page.url, width)


def test_a_tournament_day_in_the_browser(
    live_server: Any,
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    # test_browser's fixture ends other sessions of the test database on PostgreSQL (its live
    # server's); start on a fresh connection of our own rather than one it may have ended.
    connection.close()
    shots = Path(os.environ.get("PALMARES_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    user = User.objects.create_user("anna", password="anna-password-2026")
    user.groups.add(Group.objects.get_or_create(name=TOURNAMENT_DIRECTORS)[0])
    page = browser_page
    page.set_viewport_size({"width": 1200, "height": 900})
    base = live_server.url

    page.goto(f"{base}/accounts/login/?next=/diplomacy/")
    page.fill("#id_username", "anna")
    page.fill("#id_password", "anna-password-2026")
    _submit(page, "main button[type=submit]")
    _submit(page, "#new-tournament-link")
    page.fill("#id_name", "Leiden Open 2026")
    page.fill("#id_date", "2026-05-01")
    page.fill("#id_place", "Leiden")
    page.fill("#id_rounds", "3")
    page.select_option("#id_scoring", "divide-and-conquer")
    page.select_option("#id_aggregation", "ante")
    page.fill("#id_aggregation_parameters", "stake=lots")
    page.fill("#id_team_size", "3")
    _submit(page, "#new-tournament button[type=submit]")
    assert "ante: stake" in page.inner_text("#new-tournament")  # the system's own check
    assert "3 rounds never reaches it" in page.inner_text("#fewer-games-note")
    page.fill("#id_aggregation_parameters", "")
    page.screenshot(path=str(shots / "1-set-up.png"), full_page=True)
    _submit(page, "#new-tournament button[type=submit]")
    page.wait_for_url("**/desk")
    # Three rounds never reach the ante's round 5: the adjustment is stored as off, and said.
    assert "stored as off" in page.inner_text("#messages")
    t = Tournament.objects.get(event__name="Leiden Open 2026")
    assert t.team_size == 3 and list(t.directors.all()) == [user]

    listed = tmp_path / "players.csv"
    rows = ["player,team,nationality"]
    rows += [f"{p},{'Trio' if p in TEAM else ''},Netherlands" for p in PLAYERS[:20]]
    listed.write_text("\n".join(rows) + "\n", encoding="utf-8")
    page.set_input_files("#register-file input[type=file]", str(listed))
    _submit(page, "#register-file button[type=submit]")
    assert "20 players registered." in page.inner_text("#messages")
    page.fill("#register input[name=name]", PLAYERS[20])
    page.fill("#register input[name=nationality]", "Belgium")
    _submit(page, "#register button[type=submit]")
    assert f"{PLAYERS[20]} is new to the database" in page.inner_text("#messages")
    page.fill("#keep-apart input[name=player_a]", APART[0])
    page.fill("#keep-apart input[name=player_b]", APART[1])
    _submit(page, "#keep-apart button[type=submit]")
    assert f"{APART[0]} — {APART[1]}" in page.inner_text("#pairs")
    assert page.locator("#players tbody tr").count() == 21
    page.screenshot(path=str(shots / "2-registration.png"), full_page=True)

    for n in (1, 2, 3):
        page.goto(f"{base}/diplomacy/{t.pk}/rounds/{n}/")
        _submit(page, "#roll-call button[type=submit]")
        assert f"Roll call of round {n} saved" in page.inner_text("#messages")
        if n == 1:
            page.screenshot(path=str(shots / "3-roll-call.png"), full_page=False)
        _submit(page, "#make-call button[type=submit]")
        report = page.inner_text("#call-report")
        assert "lower bound" in report
        assert page.locator("#call-boards .card").count() == 3
        if n == 2:
            page.screenshot(path=str(shots / "4-board-call.png"), full_page=True)
        _submit(page, "#publish button[value='0']")
        assert "Published" in page.inner_text("#call-state")
        for b in range(3):
            with page.expect_navigation():
                page.locator("a.enter-result").nth(b).click()
            powers = "AEFGIRT"
            filled = [page.input_value(f"#id_player_{p}") for p in powers]
            assert all(filled), "the form is prefilled with the seated players"
            counts = (
                CENTRES[-((b + n) % 7) :] + CENTRES[: -((b + n) % 7)] if (b + n) % 7 else CENTRES
            )
            for p, c in zip(powers, counts, strict=True):
                page.fill(f"#id_centres_{p}", str(c))
                if c == 0:
                    page.fill(f"#id_eliminated_{p}", "1905")
            page.fill("#id_final_year", "1907")
            invalid = page.evaluate(
                "[...document.querySelectorAll('#board-form :invalid')].map(e => e.name)"
            )
            assert not invalid, (n, b, invalid)
            if n == 3 and b == 0:
                page.screenshot(path=str(shots / "5-result.png"), full_page=False)
            _submit(page, "#board-form button[type=submit]")
            errors = page.locator(".errorlist").all_inner_texts()
            # The grid moves on to the next board not reported, the last back to the round.
            following = f"/boards/new?round={n}&board=" if b < 2 else f"/{t.pk}/rounds/{n}/"
            assert following in page.url, (n, b, errors)
            assert f"of round {n} saved." in page.inner_text("#messages")
            page.goto(f"{base}/diplomacy/{t.pk}/rounds/{n}/")
        for board in Board.objects.filter(round__tournament=t, round__number=n):
            names = {s.player.name for s in board.seats.select_related("player")}
            assert len(names) == 7 and len(names & set(TEAM)) <= 1 and not set(APART) <= names

    # A correction: round 1, board 1 — the first two powers exchange their centres.
    page.goto(f"{base}/diplomacy/{t.pk}/rounds/1/")
    with page.expect_navigation():
        page.locator("a.enter-result").first.click()
    for field in ("centres", "eliminated"):
        a, e = page.input_value(f"#id_{field}_A"), page.input_value(f"#id_{field}_E")
        page.fill(f"#id_{field}_A", e)
        page.fill(f"#id_{field}_E", a)
    _submit(page, "#board-form button[type=submit]")
    assert "corrected" in page.inner_text("main")
    assert page.locator("#moved tbody tr").count() >= 2
    page.screenshot(path=str(shots / "6-correction.png"), full_page=True)

    page.goto(f"{base}/diplomacy/{t.pk}/")
    rows_shown = page.locator("#standings tbody tr")
    assert rows_shown.count() == 21
    assert set(page.locator("#standings tbody tr td:nth-child(3)").all_inner_texts()) == {"3"}
    page.screenshot(path=str(shots / "7-standings.png"), full_page=False)
    actions = list(AuditEntry.objects.filter(tournament=t).values_list("action", flat=True))
    assert actions.count("result round 1 board 1") == 2 and actions[0] == "create tournament"
    page.goto(f"{base}/diplomacy/{t.pk}/audit")
    assert page.locator("#audit tbody tr").count() == len(actions)

    # At a phone's width: the desk, the call by player, the standings and a player's check-in.
    page.set_viewport_size(PHONE)
    page.goto(f"{base}/diplomacy/{t.pk}/rounds/3/call")
    assert page.locator("#call-by-player tbody tr").count() == 21
    names = page.locator("#call-by-player tbody tr td:first-child").all_inner_texts()
    assert names == sorted(names, key=str.casefold)
    _fits(page)
    page.screenshot(path=str(shots / "8-call-by-player-phone.png"), full_page=False)
    for url in (f"/diplomacy/{t.pk}/", f"/diplomacy/{t.pk}/desk", f"/diplomacy/{t.pk}/rounds/3/"):
        page.goto(base + url)
        _fits(page)
    page.emulate_media(media="print")
    page.goto(f"{base}/diplomacy/{t.pk}/rounds/3/call")
    assert not page.locator("header").is_visible()
    page.emulate_media(media="screen")

    # Close: the classification the engine gives, filed into the ratings; the event's page.
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(f"{base}/diplomacy/{t.pk}/")
    _submit(page, "#close-link")
    assert page.locator("#classification tbody tr").count() == 21
    page.screenshot(path=str(shots / "9-close.png"), full_page=False)
    _submit(page, "#close-form button[type=submit]")
    assert page.url == f"{base}/events/{t.event_id}/"
    assert t.event.name in page.content()
    page.screenshot(path=str(shots / "10-event-dip-pouch.png"), full_page=False)
    assert AuditEntry.objects.filter(tournament=t, action="close").count() == 1
