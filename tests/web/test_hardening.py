"""The site under hostile input: size limits (413), NUL and over-long queries (400), numbers past
their columns (4xx), login throttling, styled error pages in both languages, security headers
and a Content-Security-Policy that the pages keep (no inline script anywhere)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, RequestFactory
from django.utils import translation
from django.views.defaults import server_error

from palmares.web.events.models import Event
from palmares.web.tournaments.models import Tournament

TEMPLATES = Path(__file__).resolve().parents[2] / "src" / "palmares" / "web" / "ui" / "templates"
FRENCH = {"Accept-Language": "fr"}


# --- security headers ------------------------------------------------------------------------


@pytest.mark.parametrize("url", ["/", "/api/players", "/static/palmares/site.css", "/nowhere"])
def test_every_answer_carries_the_security_headers(client: Client, db: None, url: str) -> None:
    answer = client.get(url)
    csp = answer["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["script-src"] == "'self'"  # no 'unsafe-inline', no 'unsafe-eval'
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    assert answer["X-Frame-Options"] == "DENY"
    assert answer["Referrer-Policy"] == "same-origin"
    assert "camera=()" in answer["Permissions-Policy"]
    assert "geolocation=()" in answer["Permissions-Policy"]
    assert answer["X-Content-Type-Options"] == "nosniff"


INLINE_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)


def _inline_scripts(html: str) -> list[str]:
    """Script elements the CSP would block: neither a src nor a JSON data block."""
    return [
        attrs
        for attrs in SCRIPT_TAG.findall(html)
        if "src=" not in attrs and 'type="application/json"' not in attrs
    ]


def test_no_template_has_an_inline_script_or_handler() -> None:
    files = list(TEMPLATES.rglob("*.html"))
    assert len(files) > 25
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not _inline_scripts(text), path
        assert not INLINE_HANDLER.search(text), path


def test_rendered_pages_have_no_inline_script(client: Client, wc: Tournament) -> None:
    from palmares.web.players.models import Player

    birsan = Player.objects.get(name="Edi Birsan")
    for url in ["/", "/dip-pouch/", f"/players/{birsan.pk}/", f"/diplomacy/{wc.pk}/", "/api/docs"]:
        page = client.get(url).content.decode()
        assert not _inline_scripts(page), url
        assert not INLINE_HANDLER.search(page), url
    ranking = client.get("/dip-pouch/").content.decode()
    assert "/static/palmares/site" in ranking  # site.js (its hashed name once collected)
    assert "data-autosubmit" in ranking  # the nation menu, sent by site.js
    player = client.get(f"/players/{birsan.pk}/").content.decode()
    assert 'name="language" value="fr"' in player  # the language switch: a button, no script


# --- error pages --------------------------------------------------------------------------------


def test_a_missing_page_is_the_sites_own_in_both_languages(client: Client, db: None) -> None:
    english = client.get("/no-such-page")
    assert english.status_code == 404
    text = english.content.decode()
    assert 'id="error-page"' in text and "Page not found" in text and 'class="brand"' in text
    french = client.get("/no-such-page", headers=FRENCH).content.decode()
    assert "Page introuvable" in french and 'lang="fr"' in french
    assert client.get("/players/999999999/").status_code == 404


def test_a_forbidden_page_is_styled(other_td: Client, db: None) -> None:
    answer = other_td.get("/imports/new")
    assert answer.status_code == 403
    text = answer.content.decode()
    assert 'id="error-page"' in text and "Not allowed" in text
    assert "Accès refusé" in other_td.get("/imports/new", headers=FRENCH).content.decode()


def test_the_server_error_page_needs_no_request_context(db: None) -> None:
    request = RequestFactory().get("/")
    with translation.override("en"):
        answer = server_error(request)
    assert answer.status_code == 500
    assert "Something went wrong on our side" in answer.content.decode()
    with translation.override("fr"):
        french = server_error(request).content.decode()
    assert "Erreur du serveur" in french and 'id="error-page"' in french


# --- request limits -------------------------------------------------------------------------------


def test_an_upload_past_the_limit_is_a_413(
    officer: Client, db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("palmares.web.lib.limits.MAX_UPLOAD_BYTES", 1000)
    monkeypatch.setattr("palmares.web.faces.uploads.MAX_UPLOAD_BYTES", 1000)
    events = Event.objects.count()
    big = b"event,date,rank,player\n" + b"x" * 200_000  # refused by its Content-Length
    answer = officer.post("/api/imports/results", {"file": SimpleUploadedFile("r.csv", big)})
    assert answer.status_code == 413
    assert answer.json()["field"] == "file" and "at most" in answer.json()["detail"]
    page = officer.post("/imports/new", {"kind": "results", "file": SimpleUploadedFile("r", big)})
    assert page.status_code == 413 and 'id="error-page"' in page.content.decode()
    small = b"event,date,rank,player\n" + b"y" * 5000  # under the slack: the file's own size
    answer = officer.post("/api/imports/results", {"file": SimpleUploadedFile("s.csv", small)})
    assert answer.status_code == 413 and "s.csv" in answer.json()["detail"]
    page = officer.post("/imports/new", {"kind": "results", "file": SimpleUploadedFile("s", small)})
    assert page.status_code == 413 and "at most" in page.content.decode()
    assert Event.objects.count() == events


def test_a_body_past_the_limit_is_a_413(officer: Client, ocean: Event, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    rows = '[{"player": "Edi Birsan", "rank": 1}' + ', {"player": "x", "rank": 2}' * 100 + "]"
    answer = officer.put(
        f"/api/events/{ocean.pk}/results", data=rows, content_type="application/json"
    )
    assert answer.status_code == 413 and "at most 1000 bytes is accepted" in answer.json()["detail"]


@pytest.mark.parametrize(
    ("url", "field"),
    [
        ("/search?q=ab%00cd", "q"),
        ("/api/players?q=%00", "q"),
        ("/api/events?kind=dip%00", "kind"),
        ("/dip-pouch/?nation=%00", "nation"),
        ("/search?q=" + "x" * 201, "q"),
        ("/api/players?q=" + "x" * 201, "q"),
    ],
)
def test_a_nul_or_an_over_long_query_is_a_400(
    client: Client, db: None, url: str, field: str
) -> None:
    answer = client.get(url)
    assert answer.status_code == 400, url
    if url.startswith("/api/"):
        assert answer.json()["field"] == field
    else:
        assert 'id="error-page"' in answer.content.decode()


@pytest.mark.parametrize(
    "url",
    [
        f"/api/players/{2**63}",
        f"/api/players/{2**70}/history",
        f"/api/events/{2**63}/results",
        f"/api/tournaments/{2**64}/standings",
        f"/api/rankings/dip-pouch?year={2**40}",
        f"/api/players?limit={2**64}&offset={2**64}",
        f"/players/{2**64}/",
        f"/events/{2**64}/",
        f"/dip-pouch/?year={2**40}",
        f"/dip-pouch/?page={2**64}",
        f"/diplomacy/{2**64}/",
    ],
)
def test_numbers_past_their_columns_are_never_a_5xx(client: Client, db: None, url: str) -> None:
    answer = client.get(url)
    assert 400 <= answer.status_code < 500 or answer.status_code == 200, (url, answer.status_code)


# --- login throttling -----------------------------------------------------------------------------


def test_five_wrong_passwords_lock_the_login_even_for_the_right_one(db: None) -> None:
    from axes.models import AccessAttempt

    User.objects.create_user("ann", password="the-right-password-2007")
    client = Client()
    for _ in range(4):
        wrong = client.post("/accounts/login/", {"username": "ann", "password": "nope"})
        assert wrong.status_code == 200  # the form again, with its error
    locked = client.post("/accounts/login/", {"username": "ann", "password": "nope"})
    assert locked.status_code == 429
    text = locked.content.decode()
    assert "Too many failed logins" in text and "Try again in 15 minutes" in text
    right = client.post(
        "/accounts/login/", {"username": "ann", "password": "the-right-password-2007"}
    )
    assert right.status_code == 429 and "_auth_user_id" not in client.session
    # counted in the database: every process of the site sees the same failures
    assert AccessAttempt.objects.get(username="ann").failures_since_start >= 5
    other = Client()
    french = other.post("/accounts/login/", {"username": "ann", "password": "x"}, headers=FRENCH)
    assert french.status_code == 429 and "Trop de connexions" in french.content.decode()


def test_a_right_password_before_the_limit_logs_in(db: None) -> None:
    User.objects.create_user("bob", password="the-right-password-2007")
    client = Client()
    for _ in range(3):
        client.post("/accounts/login/", {"username": "bob", "password": "nope"})
    done = client.post(
        "/accounts/login/", {"username": "bob", "password": "the-right-password-2007"}
    )
    assert done.status_code == 302 and "_auth_user_id" in client.session


@pytest.mark.parametrize("username", ["ann\x00", "a" * 5000])
def test_a_nul_or_an_over_long_name_at_login_is_the_form_again(db: None, username: str) -> None:
    answer = Client().post("/accounts/login/", {"username": username, "password": "x"})
    assert answer.status_code == 200 and "errorlist" in answer.content.decode()


def test_a_form_without_its_csrf_token_is_the_sites_403(db: None) -> None:
    User.objects.create_user("cy", password="the-right-password-2007")
    strict = Client(enforce_csrf_checks=True)
    answer = strict.post(
        "/accounts/login/", {"username": "cy", "password": "the-right-password-2007"}
    )
    assert answer.status_code == 403
    text = answer.content.decode()
    assert 'id="error-page"' in text and "The form has expired" in text
