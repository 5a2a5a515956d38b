"""The ranking and player pages' cache (ui.pagecache): whole pages for anonymous visitors,
answered with an ETag; never a stale page after a recompute, never another visitor's header."""

from __future__ import annotations

from django.test import Client

from palmares.web.events.models import Event
from palmares.web.players.models import Player


def test_an_anonymous_page_is_cached_whole_with_an_etag(client: Client, ocean: Event) -> None:
    birsan = Player.objects.get(name="Edi Birsan")
    first = client.get(f"/players/{birsan.pk}/")
    again = client.get(f"/players/{birsan.pk}/")
    assert first.status_code == again.status_code == 200
    assert first.content == again.content and ">97.92<" in again.content.decode()
    assert first["ETag"] == again["ETag"]
    assert "public" in first["Cache-Control"] and "no-cache" in first["Cache-Control"]
    assert "csrfmiddlewaretoken" not in first.content.decode()  # nothing per visitor
    unchanged = client.get(f"/players/{birsan.pk}/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert unchanged.status_code == 304 and unchanged.content == b""
    other = client.get("/dip-pouch/?page=2")
    assert other["ETag"] != first["ETag"]
    assert client.get("/dip-pouch/?page=2", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_a_recompute_changes_the_etag_and_the_page(
    client: Client, officer: Client, ocean: Event
) -> None:
    fest = Player.objects.get(name="Jerry Fest")
    before = client.get(f"/players/{fest.pk}/")
    ranking = client.get("/dip-pouch/")
    assert ">93.75<" in before.content.decode()  # 2nd of 24
    payload = '[{"player": "Jerry Fest", "rank": 1}, {"player": "Edi Birsan", "rank": 2}]'
    url = f"/api/events/{ocean.pk}/results?players=2"  # a field of 2: the stored 24 goes
    officer.put(url, data=payload, content_type="application/json")
    after = client.get(f"/players/{fest.pk}/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert ">75.00<" in after.content.decode() and ">93.75<" not in after.content.decode()
    assert client.get("/dip-pouch/", HTTP_IF_NONE_MATCH=ranking["ETag"]).status_code == 200


def test_a_signed_in_visitor_never_gets_the_anonymous_page(
    client: Client, officer: Client, ocean: Event
) -> None:
    anonymous = client.get("/dip-pouch/").content.decode()
    assert "Log in" in anonymous and "officer" not in anonymous
    mine = officer.get("/dip-pouch/")
    assert "Log out (officer)" in mine.content.decode() and "ETag" not in mine
    assert client.get("/dip-pouch/").content.decode() == anonymous


def test_each_language_has_its_own_page(client: Client, ocean: Event) -> None:
    english = client.get("/dip-pouch/", HTTP_ACCEPT_LANGUAGE="en")
    french = client.get("/dip-pouch/", HTTP_ACCEPT_LANGUAGE="fr")
    assert 'lang="en"' in english.content.decode() and 'lang="fr"' in french.content.decode()
    assert english["ETag"] != french["ETag"]
    assert "Accept-Language" in english["Vary"] and "Cookie" in english["Vary"]


def test_the_language_form_needs_no_csrf_token(ocean: Event) -> None:
    client = Client(enforce_csrf_checks=True)
    answer = client.post("/i18n/setlang/", {"language": "fr", "next": "/dip-pouch/"})
    assert answer.status_code == 302 and answer["Location"] == "/dip-pouch/"
    assert 'lang="fr"' in client.get("/dip-pouch/").content.decode()


def test_a_missing_player_is_404_and_not_cached(client: Client, db: None) -> None:
    assert client.get("/players/999999999/").status_code == 404
    assert client.get("/players/999999999/").status_code == 404


def test_the_header_is_the_visitors_own(client: Client, officer: Client, ocean: Event) -> None:
    assert "Log in" in client.get("/").content.decode()
    mine = officer.get("/").content.decode()
    assert "Log out (officer)" in mine and 'name="csrfmiddlewaretoken"' in mine
    assert 'value="lefevre"' in client.get("/search?q=lefevre").content.decode()
    assert 'value=""' in client.get("/dip-pouch/").content.decode()


def test_the_language_form_returns_to_the_page_it_was_sent_from(ocean: Event) -> None:
    client = Client(enforce_csrf_checks=True)
    came_from = "http://testserver/dip-pouch/?nation=France"
    answer = client.post("/i18n/setlang/", {"language": "fr"}, HTTP_REFERER=came_from)
    assert answer.status_code == 302 and answer["Location"] == came_from


def test_a_player_without_a_dip_pouch_history(client: Client, db: None) -> None:
    pekko = Player.objects.get(name="Pekko")
    page = client.get(f"/players/{pekko.pk}/").content.decode()
    assert "Not rated." in page and 'id="chart"' not in page
    assert page.split("<tbody>")[1].startswith("</tbody>")  # an empty history table
    assert f"/tantrix/players/{pekko.pk}/" in page


def test_the_event_report_is_cached_and_follows_every_change(
    client: Client, officer: Client, ocean: Event
) -> None:
    """Cached whole with its ETag, and never stale: a recompute, a classification replaced
    without one (as a Tantrix or Wizard import does), or the event's heading edited."""
    url = f"/events/{ocean.pk}/"
    first = client.get(url)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and "public" in first["Cache-Control"]
    assert ">97.92<" in first.content.decode() and 'class="opt"' in first.content.decode()
    payload = '[{"player": "Jerry Fest", "rank": 1}, {"player": "Edi Birsan", "rank": 2}]'
    results = f"/api/events/{ocean.pk}/results?players=2"  # a field of 2: the stored 24 goes
    officer.put(results, data=payload, content_type="application/json")
    rated = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert rated.status_code == 200 and rated["ETag"] != first["ETag"]
    fest = rated.content.decode().split(">Jerry Fest<")[1].split("</tr>")[0]
    assert ">75.00<" in fest  # 1st of 2: (2 + 0.5 − 1) / 2
    birsan = Player.objects.get(name="Edi Birsan")
    ocean.results.filter(player=birsan).delete()  # no recompute
    unrated = client.get(url, HTTP_IF_NONE_MATCH=rated["ETag"])
    assert unrated.status_code == 200 and ">Edi Birsan<" not in unrated.content.decode()
    Event.objects.filter(pk=ocean.pk).update(place="Honolulu")  # the heading, in place
    assert "Honolulu" in client.get(url).content.decode()
    assert client.get("/events/999999999/").status_code == 404
