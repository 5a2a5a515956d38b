"""The site in a real browser: playwright driving Debian's chromium (``make test`` installs it).

Open the ranking, pick a nation, open a player, see the chart, open an event, log in as a TD,
enter a board result, see the standings change.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from palmares.web.players.models import Player
from palmares.web.tournaments.models import Tournament
from tests.web.open_day import call_round, open_tournament, play_round, tournament_director

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def browser_page(live_sessions_released: None) -> Iterator[Any]:
    """A phone-sized page of Debian's chromium (the live server's stray sessions are ended
    once, at the end of the run: ``conftest.live_sessions_released``)."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread; the ORM calls below are ours.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page(viewport={"width": 412, "height": 915})  # a phone
        try:
            yield page
        finally:
            browser.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


def test_ranking_player_event_and_a_td_entering_a_board(
    live_server: Any, browser_page: Any, tmp_path: Path
) -> None:
    from palmares.web.faces.demo import load_demo

    load_demo()  # a transactional test starts from empty tables
    wc = Tournament.objects.get(event__name="World Diplomacy Championship 2007")
    page = browser_page
    base = live_server.url
    blocked: list[str] = []  # what the Content-Security-Policy refused (none: no inline script)
    page.on(
        "console",
        lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None,
    )

    page.goto(f"{base}/dip-pouch/")
    page.select_option("#nation", "France")
    page.wait_for_url("**nation=France**")
    nations = page.locator("#ranking tbody tr td:nth-child(4)").all_inner_texts()
    assert nations and set(nations) == {"France"}

    page.locator("#ranking tbody tr a").first.click()
    page.wait_for_selector("#chart svg.chart circle")  # the server drew the rating chart
    assert page.locator("#history tbody tr").count() >= 1
    page.screenshot(path=str(tmp_path / "player.png"), full_page=True)

    page.locator("#history tbody tr a").first.click()
    page.wait_for_selector("#report")
    assert page.locator("#report tbody tr").count() >= 14

    # A TD enters a board of an open tournament (the demo's championship is closed: every
    # write to it is refused, issue 32): round 1 played and round 2 called through the
    # services, round 2's first board entered from its prefilled form.
    td = tournament_director("td", "td-password-2007")
    seven = list(
        Player.objects.filter(seats__board__round__tournament=wc, seats__board__round__number=1)
        .distinct()
        .order_by("key")[:7]
    )
    cup = open_tournament(td, "Browser Cup 2026", [p.name for p in seven])
    play_round(td, cup, 1)
    board_two = call_round(td, cup, 2)
    label, seats = next(iter(board_two.items()))
    soloist = seats["Austria"]
    page.goto(f"{base}/accounts/login/?next=/diplomacy/{cup.pk}/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "td-password-2007")
    page.click("main button[type=submit]")
    page.wait_for_url(f"**/diplomacy/{cup.pk}/")

    def row_of(name: str) -> str:
        # the cells' text, hidden ones too (at a phone's width the games column is hidden)
        row = page.locator("#standings tbody tr", has_text=name).first
        return "\t".join(c.strip() for c in row.locator("td").all_text_contents())

    before = row_of(soloist)
    page.goto(f"{base}/diplomacy/{cup.pk}/boards/new?round=2&board={label}")
    assert page.input_value("#id_player_A") == soloist  # prefilled from the call
    for power, centres in zip("AEFGIRT", [18, 6, 4, 3, 2, 1, 0], strict=True):
        page.fill(f"#id_centres_{power}", str(centres))
    page.fill("#id_eliminated_T", "1905")
    page.click("#board-form button[type=submit]")
    page.wait_for_url("**/rounds/2/")  # no board of round 2 left to report: the round's desk
    assert f"Board {label} of round 2 saved." in page.inner_text("#messages")
    page.goto(f"{base}/diplomacy/{cup.pk}/?round=2")
    assert page.locator("h2", has_text="Standings after round 2").count() == 1
    after = row_of(soloist)
    games_before, score_before = before.split("\t")[-2:]
    games_after, score_after = after.split("\t")[-2:]
    assert int(games_after) == int(games_before) + 1
    assert float(score_after) > float(score_before)  # a solo takes the whole pot
    shots = Path(os.environ.get("PALMARES_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "standings-after-round-2.png"), full_page=False)
    browser_page.goto(f"{base}/players/{seven[0].pk}/")
    page.wait_for_selector("#chart svg.chart")
    page.screenshot(path=str(shots / "player.png"), full_page=True)
    assert blocked == []


def test_the_ruling_desk_on_a_phone(live_server: Any, browser_page: Any) -> None:
    """390 px wide: paste orders, adjudicate, read each result; nothing wider than the screen."""
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/diplomacy/ruling/")
    page.fill(
        "#ruling-form textarea[name=orders]",
        "Austria: A vie - tyr\nAustria: A tri S A vie - tyr\nItaly: A ven - tyr\n",
    )
    page.click("#ruling-form button[type=submit]")
    page.wait_for_selector("#ruling")
    rows = page.locator("#ruling tbody tr")
    assert rows.count() == 3
    assert "bounced with A VIE: attack 1 against prevent 2" in rows.nth(2).inner_text()
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391"
        " && !e.closest('.scroll')).map(e => e.tagName + '#' + e.id + '.' + e.className)"
    )
    assert wide == []
    page.click("#next-phase button[type=submit]")
    page.wait_for_selector("#ruling")
    assert "fall 1901" in page.inner_text("h2")


def test_the_rule_pages_fit_a_phone_in_both_languages(live_server: Any, browser_page: Any) -> None:
    """The pages whose sentences about a rule come from the catalogue (issue 35) at 390 px, in
    English and French: each sentence in the page's language, nothing wider than the screen (a
    Tantrix rating's worked-out lines scroll inside their block)."""
    from palmares.web.events.models import Event
    from palmares.web.faces.demo import load_demo

    load_demo()
    wc = Tournament.objects.get(event__name="World Diplomacy Championship 2007")
    tantrix = Event.objects.get(name="NZ Tantrix Championship 2000")
    pages = {
        f"/tantrix/events/{tantrix.pk}/": (
            "Players who previously had official ratings",
            "Joueurs avec une cote officielle",
        ),
        f"/diplomacy/{wc.pk}/?tab=prizes": (
            "Top board invitations after round",
            "Invitations à la table finale après la ronde",
        ),
        f"/diplomacy/{wc.pk}/": ("Board scores:", "Score des tables :"),
        "/": ("Dip Pouch — top of the Permanent list", "Dip Pouch — tête du classement permanent"),
    }
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    for language in ("en", "fr"):
        page.set_extra_http_headers({"Accept-Language": language})
        for url, words in pages.items():
            page.goto(f"{live_server.url}{url}")
            assert words[language == "fr"] in page.inner_text("body"), (language, url)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (language, url, width)
