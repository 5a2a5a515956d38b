"""The early answer of a cached anonymous page (ui.earlycache, issue 21): the same answer as
the whole stack's, byte for byte and header for header, never after a write, never to a visitor
with a session, never in another language."""

from __future__ import annotations

from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from palmares.web.players.models import Player


def _early_keys() -> list[str]:
    return [k for k in cache._cache if ":early:" in k]  # type: ignore[attr-defined]


def test_a_cached_page_is_answered_early_as_the_stack_answers_it(client: Client, db: None) -> None:
    first = client.get("/tantrix/", HTTP_ACCEPT_ENCODING="gzip")
    assert first.status_code == 200 and _early_keys()
    with CaptureQueriesContext(connection) as queries:
        again = client.get("/tantrix/", HTTP_ACCEPT_ENCODING="gzip")
    assert len(queries) == 1 and "ui_datageneration" in queries[0]["sql"]  # the generation
    assert again.content == first.content and again["Content-Encoding"] == "gzip"
    assert sorted(again.items()) == sorted(first.items())
    plain = client.get("/tantrix/")  # no gzip: its own answer
    assert "Content-Encoding" not in plain and plain.content.startswith(b"<!doctype")


def test_a_write_is_seen_at_once(client: Client, db: None) -> None:
    client.get("/tantrix/")
    client.get("/tantrix/")
    first = client.get("/tantrix/").content.decode()
    name = next(p.name for p in Player.objects.all() if f">{p.name}<" in first)
    Player.objects.filter(name=name).update(name="Renamed For The Test")
    page = client.get("/tantrix/").content.decode()
    assert "Renamed For The Test" in page and f">{name}<" not in page


def test_a_signed_in_visitor_and_a_revalidation_take_the_whole_stack(
    client: Client, officer: Client, db: None
) -> None:
    anonymous = client.get("/wizard/")
    client.get("/wizard/")
    mine = officer.get("/wizard/").content.decode()
    assert "Log out (officer)" in mine
    unchanged = client.get("/wizard/", HTTP_IF_NONE_MATCH=anonymous["ETag"])
    assert unchanged.status_code == 304


def test_each_language_its_own_early_answer(client: Client, db: None) -> None:
    client.get("/diplomacy/", HTTP_ACCEPT_LANGUAGE="fr")
    french = client.get("/diplomacy/", HTTP_ACCEPT_LANGUAGE="fr")
    english = client.get("/diplomacy/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'lang="fr"' in french.content.decode() and 'lang="en"' in english.content.decode()
    assert french["Content-Language"] == "fr" and english["Content-Language"] == "en"


def test_a_page_built_after_an_uncommitted_write_is_not_kept(client: Client, db: None) -> None:
    """The test's transaction writes and never commits: what it built is its own."""
    first = client.get("/tantrix/").content.decode()
    name = next(p.name for p in Player.objects.all() if f">{p.name}<" in first)
    cache.clear()
    Player.objects.filter(name=name).update(name="Renamed For The Test")
    assert "Renamed For The Test" in client.get("/tantrix/").content.decode()
    assert not _early_keys()


def test_a_projector_screen_is_kept_with_its_fragments_etag(client: Client, db: None) -> None:
    from palmares.web.tournaments.models import Tournament

    tid = Tournament.objects.get(event__name="World Diplomacy Championship 2007").pk
    live = f"/diplomacy/{tid}/projector/status/fragment?round=1"
    first = client.get(live)
    assert first.status_code == 200 and _early_keys()
    with CaptureQueriesContext(connection) as queries:
        again = client.get(live)
    assert len(queries) == 1  # the generation of the screens' data
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert client.get(live, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
