"""The create form in a real browser (issue 32): the chosen system's parameters shown as it is
chosen, and the fewer-games note as the rounds and the aggregation change; 390 px wide."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from tests.web.tday_helpers import director
from tests.web.test_browser import browser_page  # noqa: F401 - the shared fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _shown(page: Any, kind: str) -> list[str]:
    return list(
        page.evaluate(
            f"[...document.querySelectorAll('.system[data-kind={kind}]')]"
            ".filter(e => !e.hidden).map(e => e.dataset.system)"
        )
    )


def test_the_create_form_explains_as_the_td_chooses(
    live_server: Any,
    browser_page: Any,  # noqa: F811
) -> None:
    connection.close()
    director("anna")
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/accounts/login/?next=/diplomacy/new")
    page.fill("#id_username", "anna")
    page.fill("#id_password", "anna-password-2026")
    with page.expect_navigation():
        page.click("main button[type=submit]")
    page.wait_for_selector("#new-tournament")
    assert _shown(page, "scoring") == ["divide-and-conquer"] and _shown(page, "aggregation") == [
        "ante"
    ]
    note = page.locator("#fewer-games-note")
    assert not note.is_visible()  # no rounds given yet

    page.fill("#id_rounds", "3")
    assert note.is_visible()
    assert "a tournament of 3 rounds never reaches it" in note.inner_text()
    page.fill("#id_aggregation_parameters", "adjust_after=2")
    assert not note.is_visible()
    page.fill("#id_aggregation_parameters", "")
    page.fill("#id_rounds", "7")
    assert not note.is_visible()

    page.select_option("#id_aggregation", "sum")
    assert _shown(page, "aggregation") == ["sum"]
    assert "Sum of all rounds has no fewer-games adjustment." in note.inner_text()
    assert "tiebreak=none" in page.inner_text("#aggregation-help")
    page.uncheck("#id_fewer_games")
    assert not note.is_visible()
    page.select_option("#id_scoring", "carnage")
    assert _shown(page, "scoring") == ["carnage"]
    assert "dead=elimination-order" in page.inner_text("#scoring-help")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
