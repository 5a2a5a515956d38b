"""The result grid in a real browser (issue 32): the running total of centres follows the typing
and warns past the 34, Enter saves and lands on the next board of the round that has not
reported with what was saved, a refusal keeps every input as typed with the reason at the top
and the field marked, and the grid fits a 390 px phone. Takes the screenshots of
docs/tournament-day.md's lifecycle section (``PALMARES_SCREENSHOTS=docs/img/tournament-day``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.models import Board
from tests.web.tday_helpers import PLAYERS, create, director, register, send
from tests.web.test_browser import browser_page  # noqa: F401 - the shared fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POWERS = "AEFGIRT"
CENTRES = [10, 8, 6, 5, 3, 2, 0]
PHONE = {"width": 390, "height": 844}


def _fits(page: Any) -> None:
    """Nothing wider than the screen: the page does not scroll sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (page.url, width)


def _total(page: Any) -> str:
    return str(page.inner_text("#total")).strip()


def test_the_result_grid_in_the_browser(
    live_server: Any,
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    connection.close()  # a fresh connection of our own (see test_tday_browser)
    shots = Path(os.environ.get("PALMARES_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    _user, client = director("anna")
    tid = create(client, name="Leiden Open 2026")
    register(client, tid)
    send(client, "PUT", f"/api/tournaments/{tid}/rounds/1/roll-call", {"present": PLAYERS})
    call = send(client, "POST", f"/api/tournaments/{tid}/rounds/1/board-call", {"seed": 1}).json()
    published = send(client, "POST", f"/api/tournaments/{tid}/rounds/1/board-call/publish")
    assert published.status_code == 200
    labels = [b["label"] for b in call["boards"]]

    page = browser_page
    page.set_viewport_size({"width": 1280, "height": 900})
    base = live_server.url
    page.goto(f"{base}/accounts/login/?next=/diplomacy/{tid}/desk")
    page.fill("#id_username", "anna")
    page.fill("#id_password", "anna-password-2026")
    with page.expect_navigation():
        page.click("main button[type=submit]")
    page.goto(f"{base}/diplomacy/{tid}/boards/new?round=1&board={labels[0]}")
    assert page.input_value("#id_player_A") == call["boards"][0]["seats"]["Austria"]
    assert _total(page) == "–"

    # The running total follows the typing; past 34 it warns.
    page.focus("#id_centres_A")
    running = 0
    for power, centres in zip(POWERS, CENTRES, strict=True):
        page.fill(f"#id_centres_{power}", str(centres))
        running += centres
        assert _total(page) == str(running)
    assert "full" in (page.get_attribute("#total", "class") or "")
    page.fill("#id_centres_G", "7")
    assert _total(page) == "36" and "over" in (page.get_attribute("#total", "class") or "")
    assert "+2" in page.inner_text("#total-check")
    page.fill("#id_centres_G", "5")
    assert _total(page) == "34"

    # The tab order follows the board: player, centres, out in, draw, then the next power.
    page.focus("#id_player_A")
    order = []
    for _ in range(8):
        order.append(page.evaluate("document.activeElement.name"))
        page.keyboard.press("Tab")
    assert order == [
        "player_A",
        "centres_A",
        "eliminated_A",
        "draw_A",
        "player_E",
        "centres_E",
        "eliminated_E",
        "draw_E",
    ]

    # A refusal: Austria out with 10 centres. Same grid, every input kept, the field marked.
    page.fill("#id_eliminated_T", "1905")
    page.fill("#id_final_year", "1907")
    page.fill("#id_eliminated_A", "1904")
    with page.expect_navigation() as refused:
        page.press("#id_eliminated_A", "Enter")
    assert refused.value.status == 400
    assert page.inner_text("#refusal").startswith("Refused, nothing changed: Austria has 10")
    for power, centres in zip(POWERS, CENTRES, strict=True):
        assert page.input_value(f"#id_centres_{power}") == str(centres)
    assert page.input_value("#id_eliminated_A") == "1904"
    assert page.locator("td.refused #id_eliminated_A").count() == 1
    assert _total(page) == "34"
    assert not Board.objects.filter(round__tournament_id=tid, seats__isnull=False).exists()
    page.screenshot(path=str(shots / "11-result-grid-refused.png"), full_page=False)

    # Mended: Enter (from a draw box) saves and lands on the next board, saying what was saved.
    page.fill("#id_eliminated_A", "")
    page.focus("#id_draw_A")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith(f"/boards/new?round=1&board={labels[1]}")
    assert f"Board {labels[0]} of round 1 saved." in page.inner_text("#messages")
    assert page.input_value("#id_player_A") == call["boards"][1]["seats"]["Austria"]
    for power, centres in zip(POWERS, CENTRES, strict=True):
        page.fill(f"#id_centres_{power}", str(centres))
    page.fill("#id_eliminated_T", "1905")
    page.fill("#id_final_year", "1907")
    page.screenshot(path=str(shots / "11-result-grid.png"), full_page=False)

    # At a phone's width: the whole grid on the screen, nothing scrolling sideways.
    page.set_viewport_size(PHONE)
    _fits(page)
    grid = page.locator("#grid").bounding_box()
    assert grid is not None and grid["x"] >= 0 and grid["x"] + grid["width"] <= PHONE["width"]
    page.screenshot(path=str(shots / "12-result-grid-phone.png"), full_page=True)
    with page.expect_navigation():
        page.press("#id_final_year", "Enter")
    assert page.url.endswith(f"/boards/new?round=1&board={labels[2]}")
    _fits(page)
    page.fill("#id_centres_A", "40")  # past the map: the browser's own check, then the server's
    assert _total(page) == "40"
    _fits(page)
    saved = AuditEntry.objects.filter(tournament_id=tid, action__startswith="result").count()
    assert saved == 2

    # The French site, on the phone: the powers and the labels in French, still no overflow.
    page.set_extra_http_headers({"Accept-Language": "fr"})
    page.reload()
    assert "Allemagne" in page.inner_text("#grid") and "Éliminé en" in page.inner_text("#grid")
    assert page.locator("#board-form button[type=submit]").inner_text().startswith("Enregistrer")
    _fits(page)
