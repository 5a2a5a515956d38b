"""The room's screens agree: the clock in several browser contexts (Debian's chromium).

A director starts the clock; a projector and a phone show the same time within a second; a pause
holds on a reloaded screen; the call is spoken at its interval (the page's speech call is
recorded); the turn rolls over at zero to the next turn's length.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Group, User

from palmares.web.accounts.roles import TOURNAMENT_DIRECTORS
from palmares.web.tournaments.setup import SetUp, create_tournament
from tests.web.test_browser import ARGS, CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every screen records what it would say, and still has the browser's own speech object.
RECORD_SPEECH = """
window.__spoken = [];
if (!('speechSynthesis' in window)) { window.speechSynthesis = { cancel() {}, speak() {} }; }
window.speechSynthesis.speak = (u) => { window.__spoken.push(u.text); };
"""


@pytest.fixture
def browser(live_sessions_released: None) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install chromium)")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


def _seconds(page: Any) -> int:
    minutes, seconds = str(page.inner_text("#time")).split(":")
    return int(minutes) * 60 + int(seconds)


def _screen(browser: Any, url: str, width: int, height: int) -> Any:
    # The test's probes (wait_for_function on an expression) are evaluated in the page, which
    # the site's Content-Security-Policy forbids (no eval): the test's own scripts bypass it.
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    context.add_init_script(RECORD_SPEECH)
    page = context.new_page()
    page.goto(url)
    return page


def test_screens_agree_pause_holds_calls_are_spoken_and_turns_roll_over(
    live_server: Any, browser: Any, tmp_path: Path
) -> None:
    from django.db import connection

    connection.close()  # a fresh connection of the test's own
    # An open tournament (a closed one's clock is stopped and refuses every write, issue 32),
    # created through the set-up service by its director.
    user = User.objects.create_user("td", password="td-password-2007")
    user.groups.add(Group.objects.get_or_create(name=TOURNAMENT_DIRECTORS)[0])
    wc = create_tournament(
        user,
        SetUp(
            name="Clock Cup 2026",
            date=dt.date(2026, 5, 1),
            rounds=3,
            scoring="divide-and-conquer",
            aggregation="ante",
        ),
    )
    url = f"{live_server.url}/diplomacy/{wc.pk}/clock/"

    director = _screen(
        browser, f"{live_server.url}/accounts/login/?next=/diplomacy/{wc.pk}/clock/", 1280, 800
    )
    director.fill("#id_username", "td")
    director.fill("#id_password", "td-password-2007")
    director.click("main button[type=submit]")
    director.wait_for_url(f"**/diplomacy/{wc.pk}/clock/")
    projector = _screen(browser, url, 1920, 1080)
    phone = _screen(browser, url, 390, 844)
    assert projector.inner_text("#turn") == "The clock has not started"
    assert projector.inner_text("#round") == "Round 1"  # the round in play, named at once

    director.click("#td button[data-action=start]")
    for screen in (projector, phone):
        screen.wait_for_function(
            "document.getElementById('time').textContent !== '--:--'", timeout=10_000
        )
        assert screen.inner_text("#turn") == "Spring 1901"
    # Both read the clock at one moment: the same time left, within a second.
    assert abs(_seconds(projector) - _seconds(phone)) <= 1
    assert 1010 <= _seconds(phone) <= 1020
    shots = Path(os.environ.get("PALMARES_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    projector.screenshot(path=str(shots / "clock-projector.png"))
    phone.screenshot(path=str(shots / "clock-phone.png"))

    director.click("#td button[data-action=pause]")
    projector.wait_for_function(
        "document.getElementById('state').textContent !== ''", timeout=10_000
    )
    held = _seconds(projector)
    phone.reload()
    phone.wait_for_function(
        "document.getElementById('time').textContent !== '--:--'", timeout=10_000
    )
    assert phone.inner_text("#state") == "Clock paused"
    assert abs(_seconds(phone) - held) <= 1
    projector.wait_for_timeout(1500)
    assert _seconds(projector) == held  # a paused clock does not move

    director.click("#td button[data-action=resume]")
    phone.wait_for_function("document.getElementById('state').textContent === ''", timeout=10_000)

    # 63 seconds left: every screen hears "1 minute left" when the clock passes 60.
    director.fill("#td input[name=minutes]", str(63 / 60))
    director.click("#td button[data-action=set]")
    try:
        phone.wait_for_function(
            "window.__spoken.includes('1 minute left')", timeout=40_000, polling=200
        )
    except Exception as exc:
        state = phone.evaluate(
            "[document.visibilityState, document.getElementById('time').textContent,"
            " document.getElementById('turn').textContent, window.__spoken,"
            " document.getElementById('call').textContent]"
        )
        error = director.inner_text("#td-error")
        raise AssertionError(f"phone: {state}; director: {error}") from exc
    assert projector.evaluate("window.__spoken").count("1 minute left") <= 1
    assert phone.inner_text("#call") in ("1 minute left", "")

    # 4 seconds left: at zero "Time" is called and the next turn starts with its full length.
    director.fill("#td input[name=minutes]", str(4 / 60))
    director.click("#td button[data-action=set]")
    phone.wait_for_function("window.__spoken.includes('Time')", timeout=25_000, polling=200)
    phone.wait_for_function(
        "document.getElementById('turn').textContent === 'Fall 1901'", timeout=10_000
    )
    assert 1010 <= _seconds(phone) <= 1020
    projector.wait_for_function(
        "document.getElementById('turn').textContent === 'Fall 1901'", timeout=10_000
    )
    assert abs(_seconds(projector) - _seconds(phone)) <= 1
    assert phone.inner_text("#next") == "Next turn: 17 minutes"
