"""The projector screens in Debian's chromium (issue 14): the live standings and the round's
status change on the screen, without a reload, when a result is entered elsewhere (through the
API, by the test); the board call turns its pages by itself; the same screens at 390 px keep
rank, name and score in view and do not scroll sideways. The screenshots of docs/screens.md are
taken here (``PALMARES_SCREENSHOTS=docs/img/screens``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from palmares.web.tournaments import adapters
from palmares.web.tournaments.models import Tournament
from tests.web.tday_helpers import create, director, register
from tests.web.test_clock_browser import browser  # noqa: F401 - the shared fixture
from tests.web.test_projector import _call, _enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Set once the page has loaded: still there after an update means the page was not reloaded.
MARK = "window.__first_load = window.__first_load || performance.timeOrigin;"


# The page on the screen, its "Page i of n" and the headings shown, read at one moment.
SHOWN = """[Number(document.getElementById('projector').dataset.page),
  document.getElementById('page-of').textContent,
  [...document.querySelectorAll('#screen section.page:not([hidden]) h2')]
    .map(h => h.textContent)]"""


def _screen(browser: Any, url: str, width: int, height: int) -> Any:  # noqa: F811
    # The probes below are evaluated in the page; the site's CSP forbids eval for its own pages.
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    page.goto(url)
    page.evaluate(MARK)
    return page


def _leader(page: Any) -> str:
    cells = page.locator("#screen section.page.standings tbody tr td:nth-child(3)")
    return str(cells.first.inner_text())


def _same_load(page: Any, origin: float) -> None:
    assert page.evaluate("window.__first_load") == origin
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


def test_projectors_follow_the_results_and_turn_their_pages(
    live_server: Any,
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    connection.close()  # see test_clock_browser: start on a fresh connection of our own
    shots = Path(os.environ.get("PALMARES_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    _, td = director()
    tid = create(td)
    register(td, tid)
    for i, board in enumerate(_call(td, tid, 1)):
        _enter(td, tid, 1, board, i + 1)
    second = _call(td, tid, 2)
    _enter(td, tid, 2, second[0], 3)
    t = Tournament.objects.get(pk=tid)
    base = f"{live_server.url}/diplomacy/{tid}/projector"

    standings = _screen(browser, f"{base}/standings/?per=30", 1920, 1080)
    phone = _screen(browser, f"{base}/standings/?per=30", 390, 844)
    status = _screen(browser, f"{base}/status/", 1280, 720)
    origins = [p.evaluate("window.__first_load") for p in (standings, phone, status)]
    assert "1 of 3 boards reported" in status.inner_text("#status-counts")
    before = adapters.standings(t).players[0].player
    assert _leader(standings) == before == _leader(phone)
    standings.screenshot(path=str(shots / "projector-standings.png"))
    status.screenshot(path=str(shots / "projector-status.png"))

    # Two more results of round 2, entered elsewhere: the screens change by themselves.
    _enter(td, tid, 2, second[1], 6)
    _enter(td, tid, 2, second[2], 2)
    now = adapters.standings(t)
    assert now.players[0].player != before  # these results change the leader
    leader = now.players[0].player
    for page in (standings, phone):
        page.wait_for_function(
            "(name) => document.querySelector('#screen section.page.standings tbody tr"
            " td:nth-child(3)').textContent === name",
            arg=leader,
            timeout=20_000,
            polling=250,
        )
    status.wait_for_function(
        "document.getElementById('status-counts').textContent.includes('3 of 3 boards reported')",
        timeout=20_000,
        polling=250,
    )
    for page, origin in zip((standings, phone, status), origins, strict=True):
        _same_load(page, origin)
        assert int(page.evaluate("document.getElementById('projector').dataset.updates")) >= 1
    ranks = standings.locator("#screen tbody tr td:nth-child(1)").all_inner_texts()
    assert [int(r) for r in ranks] == [s.rank for s in now.players]
    marks = standings.locator("#screen tbody tr td.move").all_inner_texts()
    was = {s.player: s.rank for s in adapters.standings(t, up_to_round=1).players}
    expected = []
    for s in now.players:
        gained = was[s.player] - s.rank
        expected.append(f"▲{gained}" if gained > 0 else f"▼{-gained}" if gained < 0 else "=")
    assert marks == expected

    # At 390 px: rank, name and score in view, the games hidden, nothing wider than the screen.
    heads = phone.locator("#screen thead th")
    visible = [h.inner_text() for h in heads.all() if h.is_visible()]
    assert visible == ["Rank", "", "Player", "Score"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(shots / "projector-standings-phone.png"))

    # The board call, one board a page, a page every 4 seconds: it turns by itself.
    call = _screen(browser, f"{base}/boards/?per=1&every=4", 1920, 1080)
    first, label, shown = call.evaluate(SHOWN)
    assert label == f"Page {first} of 3" and len(shown) == 1
    call.wait_for_function(
        "(p) => document.getElementById('projector').dataset.page !== String(p)",
        arg=first,
        timeout=10_000,
        polling=100,
    )
    turned, label, shown = call.evaluate(SHOWN)
    assert turned == first % 3 + 1 and label == f"Page {turned} of 3"
    assert shown == [f"Board {second[turned - 1]['label']}"]
    call.screenshot(path=str(shots / "projector-board-call.png"))
    by_player = _screen(browser, f"{base}/boards/?by=player&per=8&every=60", 390, 844)
    on, rows = by_player.evaluate(
        "[Number(document.getElementById('projector').dataset.page),"
        " document.querySelectorAll('#screen section.page:not([hidden]) tbody tr').length]"
    )
    assert rows == (8 if on < 3 else 5)  # 21 players: 8, 8 and 5
    assert by_player.evaluate("document.documentElement.scrollWidth") <= 390
    assert by_player.inner_text("#page-of").endswith("of 3")  # 21 players, 8 a page
    by_player.screenshot(path=str(shots / "projector-by-player-phone.png"))

    # Without script, at 390 px: the tournament page's sections are links; the standings keep
    # rank, name and score; a projector page shows all its pages at once.
    plain = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = plain.new_page()
    page.goto(f"{live_server.url}/diplomacy/{tid}/")
    heads = [h.inner_text() for h in page.locator("#standings thead th").all() if h.is_visible()]
    assert heads == ["Rank", "Player", "Score"]
    assert page.locator("#standings tbody tr").count() == 21
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    with page.expect_navigation():
        page.click("#tab-boards")
    assert page.url.endswith(f"/diplomacy/{tid}/?tab=boards&round=2")
    assert page.locator(".card.board").count() == 3 and page.locator("#standings").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    with page.expect_navigation():
        page.click("#projector-link")
    with page.expect_navigation():
        page.click("#screens a >> nth=0")
    page.goto(page.url + "?per=1")
    assert page.locator("#screen section.page:visible").count() == 3
