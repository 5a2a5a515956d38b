"""Reports from the table in a real browser (issue 38, "Must show"; Debian's chromium): seven
phones (390 px wide, each its own browser context) report board 1 of a round from the players'
call — one disagreeing, then correcting; one losing the network, its report kept on the phone
and sent when the network is back — while the TD's board of boards (a desk's context of its
own) updates itself: conflict, the differing powers marked, then agreed; the TD accepts in one
click and the standings move. A report from a player of another board and one with a wrong code
are refused, and nothing is stored.

``PALMARES_SCREENSHOTS=docs/img/tournament-day`` keeps the pictures (the phone's page, the
conflict on the board of boards)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from palmares.diplomacy.board import GREAT_POWERS
from palmares.web.tournaments.models import Board, Entry
from palmares.web.tournaments.models_reports import BoardReport
from palmares.web.tournaments.results import BoardResult, enter_result
from tests.web.open_day import CENTRES, call_round, open_tournament, tournament_director
from tests.web.test_browser import ARGS, CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [
    "Anna Abel", "Bruno Bell", "Carla Cruz", "Dirk Dahl", "Eva Evers", "Femke Fox", "Gijs Graaf",
    "Hana Holt", "Ivo Iles", "Jan Jonk", "Kees Kok", "Lotte Lam", "Mila Mol", "Noor Nap",
]  # fmt: skip
PHONE: Any = {"width": 390, "height": 844}
#: What the Germany player first reports: Germany and Italy differ from the board's result.
WRONG = (10, 8, 6, 4, 4, 2, 0)


def _fill(page: Any, code: str, counts: tuple[int, ...]) -> None:
    page.fill("#id_code", code)
    for power, n in zip(GREAT_POWERS, counts, strict=True):
        page.fill(f"#id_centres_{power[0]}", str(n))
        page.fill(f"#id_eliminated_{power[0]}", "1905" if n == 0 else "")
    page.fill("#id_final_year", "1907")


def _standings(page: Any) -> list[str]:
    return [str(t) for t in page.locator("#standings tbody tr").all_inner_texts()]


def test_seven_phones_report_a_board_and_the_td_accepts(
    live_server: Any, live_sessions_released: None, tmp_path: Path
) -> None:
    from playwright.sync_api import sync_playwright

    connection.close()
    shots = Path(os.environ.get("PALMARES_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    td = tournament_director("anna", "anna-password-2026")
    t = open_tournament(td, "Phones Cup 2026", PLAYERS, rounds=2)
    boards = call_round(td, t, 1)
    seats, other = boards["1"], boards["2"]
    centres2 = dict(zip(GREAT_POWERS, CENTRES, strict=True))
    enter_result(td, t, 1, "2", BoardResult(centres2, {"Turkey": 1905}, final_year=1907))
    codes = {e.player.name: e.code for e in Entry.objects.filter(tournament=t)}
    base = live_server.url
    call = f"{base}/diplomacy/{t.pk}/rounds/1/call"
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            # The TD's own context: logged in, the standings before, the board of boards open.
            desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            desk.goto(f"{base}/accounts/login/?next=/diplomacy/{t.pk}/")
            desk.fill("#id_username", "anna")
            desk.fill("#id_password", "anna-password-2026")
            with desk.expect_navigation():
                desk.click("main button[type=submit]")
            before = _standings(desk)
            assert len(before) == 7 and not any(seats["Austria"] in row for row in before)
            desk.goto(f"{base}/diplomacy/{t.pk}/rounds/1/reports/")
            # The page's first poll finds what the page shows (no reload, nothing missed).
            desk.wait_for_selector("#boards[data-checked=same]", state="attached")
            assert desk.get_attribute("#board-1", "data-status") == "waiting"
            assert desk.get_attribute("#board-2", "data-status") == "accepted"

            phones: dict[str, tuple[Any, Any]] = {}
            for power in GREAT_POWERS:
                context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
                page = context.new_page()
                page.goto(call)  # from the players' call, the player's own line
                row = page.locator("#call-by-player tbody tr", has_text=seats[power])
                with page.expect_navigation():
                    row.locator("a").click()
                assert page.input_value("#id_player") == seats[power]
                phones[power] = (context, page)

            # A wrong code: refused on the page, the entry kept, nothing stored.
            _, austria = phones["Austria"]
            _fill(austria, "WRONG1", CENTRES)
            austria.click("#send")
            austria.wait_for_selector("#refusal:not([hidden])")
            assert austria.inner_text("#refusal") == (
                f"this is not {seats['Austria']}'s personal code"
            )
            assert austria.get_attribute("#refusal", "data-status") == "403"
            assert austria.input_value("#id_centres_A") == "10"
            # A player of board 2 reporting board 1 from their phone: refused.
            api = f"{base}/api/tournaments/{t.pk}/rounds/1/boards/1/reports"
            stranger = austria.request.post(
                api,
                data={
                    "player": other["Austria"],
                    "code": codes[other["Austria"]],
                    "centres": dict(centres2),
                    "eliminated": {"Turkey": 1905},
                    "final_year": 1907,
                },
            )
            assert stranger.status == 403
            assert (
                stranger.json()["detail"] == f"{other['Austria']} does not play board 1 of round 1"
            )
            assert not BoardReport.objects.exists()

            # Six phones report the board's result, Germany's player another one.
            for power in GREAT_POWERS:
                context, page = phones[power]
                _fill(page, codes[seats[power]], WRONG if power == "Germany" else CENTRES)
                if power == "Russia":  # this phone has lost the network
                    context.set_offline(True)
                    page.click("#send")
                    page.wait_for_selector("#kept:not([hidden])")
                    assert not BoardReport.objects.filter(player__name=seats[power]).exists()
                    context.set_offline(False)  # back: the kept entry is sent
                else:
                    page.click("#send")
                page.wait_for_selector("#report-said:not([hidden])", timeout=20_000)
            _, turkey = phones["Turkey"]
            assert turkey.get_attribute("#report-state", "data-status") == "conflict"
            assert turkey.inner_text("#report-state") == "reports in conflict"
            assert BoardReport.objects.filter(round__number=1, label="1").count() == 7

            # The board of boards has updated itself: the conflict, Germany and Italy marked.
            for power in GREAT_POWERS:  # every report shown (the page reloads as they come)
                reporter = desk.locator("#board-1 th.reporter", has_text=seats[power])
                reporter.wait_for(timeout=20_000)
            assert desk.get_attribute("#board-1", "data-status") == "conflict"
            marked = desk.locator("#board-1 tr.differs th[scope=row]").all_inner_texts()
            assert [m.split("\n")[0].rstrip(" ≠") for m in marked] == ["Germany", "Italy"]
            columns = desk.locator("#board-1 th.reporter").all_inner_texts()
            assert len(columns) == 2 and seats["Germany"] in columns[1]  # side by side
            desk.screenshot(path=str(shots / "reports-conflict-1280.png"), full_page=True)

            desk.wait_for_selector("#boards[data-checked=same]", state="attached")

            # Germany's player corrects the report while a second tab of the desk has just
            # drawn the page and its first poll is still on its way: that answer differs from
            # the page, so the tab reloads (it does not take the answer for its own state).
            held: list[Any] = []

            def hold(route: Any) -> None:
                if held:
                    route.continue_()
                else:
                    held.append(route)  # the tab's first poll waits

            tab = desk.context.new_page()
            tab.route(f"**/api/tournaments/{t.pk}/rounds/1/reports", hold)
            tab.goto(f"{base}/diplomacy/{t.pk}/rounds/1/reports/")
            while not held:
                tab.wait_for_timeout(50)
            assert tab.get_attribute("#board-1", "data-status") == "conflict"
            _, germany = phones["Germany"]
            _fill(germany, codes[seats["Germany"]], CENTRES)
            germany.click("#send")
            germany.wait_for_selector("#report-state[data-status=agreed]")
            held[0].continue_()
            tab.wait_for_selector("#board-1[data-status=agreed]", timeout=20_000)
            tab.wait_for_selector("#boards[data-checked=same]", state="attached")
            tab.close()
            assert germany.inner_text("#report-said") == (
                f"{seats['Germany']}'s report of board 1, round 1, changed"
            )
            germany.screenshot(path=str(shots / "reports-phone-390.png"), full_page=True)
            desk.wait_for_selector("#board-1[data-status=agreed]", timeout=20_000)
            assert desk.locator("#board-1 tr.differs").count() == 0

            # The TD accepts in one click; the board is stored and the standings move.
            with desk.expect_navigation():
                desk.click("#accept-1")
            said = desk.inner_text("#messages")
            assert "Board 1 of round 1 saved." in said
            assert f"board 1 of round 1 accepted as reported by {seats['Austria']}" in said
            assert desk.get_attribute("#board-1", "data-status") == "accepted"
            board = Board.objects.get(round__tournament=t, round__number=1, label="1")
            stored = {s.get_power_display(): (s.player.name, s.centres) for s in board.seats.all()}
            assert stored == {p: (seats[p], n) for p, n in zip(GREAT_POWERS, CENTRES, strict=True)}
            desk.goto(f"{base}/diplomacy/{t.pk}/")
            after = _standings(desk)
            assert len(after) == 14 and after != before
            assert any(seats["Austria"] in row for row in after)

            # After acceptance only the TD corrects: a phone's change is refused.
            _fill(turkey, codes[seats["Turkey"]], WRONG)
            turkey.click("#send")
            turkey.wait_for_selector("#refusal:not([hidden])")
            assert "only the tournament director" in turkey.inner_text("#refusal")
            assert turkey.get_attribute("#refusal", "data-status") == "409"
        finally:
            browser.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
