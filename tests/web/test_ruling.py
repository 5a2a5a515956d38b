"""The TD's ruling desk (issue 17, "In the site"): paste orders, see each result and why, and
carry the next position to the next phase."""

from __future__ import annotations

import html
import json

from django.test import Client


def test_ruling_page_adjudicates_and_explains(client: Client, db: None) -> None:
    orders = "FRA: F mao -> spa/sc\nItaly: F wes - spa/sc\nItaly: F lyo S F wes - spa\n"
    page = client.post("/diplomacy/ruling/", {"orders": orders, "rules": "wdc-2007"})
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    assert "fails: bounced with F WES: attack 1 against prevent 2" in text
    assert "moves to SPA/SC (attack 2)" in text
    assert "Next: spring 1901, retreat" not in text  # nothing dislodged: straight to the fall
    assert "Next: fall 1901, movement" in text
    carried = text.split('id="next-phase"')[1].split("</textarea>")[0].split(">")[-1]
    assert json.loads(carried)["units"] == {"France": ["F MAO"], "Italy": ["F SPA/SC", "F LYO"]}


def test_bad_input_is_a_form_error_not_a_500(client: Client, db: None) -> None:
    page = client.post(
        "/diplomacy/ruling/",
        {"orders": "no colon here\n", "position": "", "rules": "datc"},
    )
    assert page.status_code == 200
    assert "orders:1: expected &#x27;Power: order&#x27;" in page.content.decode()
    bad = client.post(
        "/diplomacy/ruling/",
        {"orders": "France: A par H", "position": '{"year": 1901,', "rules": "datc"},
    )
    assert bad.status_code == 200
    assert "position:1: invalid JSON" in bad.content.decode()
    unknown = client.post("/diplomacy/ruling/", {"orders": "x", "rules": "nope"})
    assert unknown.status_code == 200
    assert "Select a valid choice" in unknown.content.decode()


def test_ruling_page_in_french(client: Client, db: None) -> None:
    page = client.get("/diplomacy/ruling/", HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 200
    assert "Bureau des décisions" in page.content.decode()
