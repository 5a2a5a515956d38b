"""Issue 19: a Diplomacy tournament page in French carries no English rule sentence; its
explanations (each player's steps and prizes) come from the explanation layer in the request's
language, and the standings API's ``explain`` lines too."""

from __future__ import annotations

import html
import re
import string

import pytest
from django.test import Client

from palmares.web.tournaments.models import Tournament
from tests.explain.test_catalogue import po_entries, said

pytestmark = pytest.mark.django_db


def english_fragments() -> set[str]:
    """The literal parts of every English sentence the renderers say (between its fields) that
    read as words of a rule (three words or more) and that the French does not share."""
    french = " ".join(x for strs in po_entries().values() for x in strs)
    out: set[str] = set()
    for msgid, plural in said():
        for message in (msgid, plural or ""):
            for literal, *_ in string.Formatter().parse(message):
                part = literal.strip(" ,.;:()–")
                if len(re.findall(r"[A-Za-z]+", part)) >= 3 and part not in french:
                    out.add(part)
    return out


def page(client: Client, tournament: Tournament, language: str) -> str:
    answer = client.get(f"/diplomacy/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    return html.unescape(answer.content.decode())


def test_the_fragments_are_rule_words() -> None:
    found = english_fragments()
    assert "into a pot of" in found and "Top board: invited as number" in found
    assert len(found) > 40


def test_no_english_rule_sentence_on_a_french_tournament_page(
    client: Client, wc: Tournament
) -> None:
    fragments = english_fragments()
    english = page(client, wc, "en")
    shown = {f for f in fragments if f in english}
    # The English page shows the steps of the ante, the invitations, the title and the teams.
    assert {"into a pot of", "Top board: invited as number"} <= shown
    assert any("takes the most points from the top-board pot" in f for f in shown)
    french = page(client, wc, "fr")
    assert [f for f in fragments if f in french] == []
    assert "dans un pot de" in french and "Table finale\u00a0: invité en numéro" in french
    assert "prend le plus de points du pot de la table finale" in french


def test_every_round_of_the_french_page_is_french(client: Client, wc: Tournament) -> None:
    fragments = english_fragments()
    for number in wc.rounds.values_list("number", flat=True):
        answer = client.get(f"/diplomacy/{wc.pk}/?round={number}", HTTP_ACCEPT_LANGUAGE="fr")
        text = html.unescape(answer.content.decode())
        assert [f for f in fragments if f in text] == [], number


def test_the_standings_api_explains_in_the_request_language(client: Client, wc: Tournament) -> None:
    url = f"/api/tournaments/{wc.pk}/standings?round=1"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").json()
    assert "into a pot of" in english[0]["explain"][0]
    assert "dans un pot de" in french[0]["explain"][0]
    assert [r["score"] for r in english] == [r["score"] for r in french]


def _french_text(client: Client, url: str) -> str:
    answer = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 200, url
    body = answer.content.decode().split("<main", 1)[-1]
    body = re.sub(r"<script.*?</script>", " ", body, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


#: An English decimal figure (``18.86``) in a page's text; a French page writes ``18,86``.
ENGLISH_DECIMAL = re.compile(r"(?<![\w.,])\d+\.\d+(?![\w.])")


def test_the_diplomacy_pages_in_french_carry_no_english_rule_sentence_nor_figure(
    client: Client, td: Client, wc: Tournament
) -> None:
    """The tournament page, the board call, the top board and the projector screens: no rule
    sentence of the layer in English, numbers written the French way (issue 19)."""
    fragments = english_fragments()
    pages = {
        f"/diplomacy/{wc.pk}/": client,
        f"/diplomacy/{wc.pk}/board-call/": client,
        f"/diplomacy/{wc.pk}/edit/top-board": td,
        f"/diplomacy/{wc.pk}/projector/": client,
        f"/diplomacy/{wc.pk}/projector/boards/": client,
        f"/diplomacy/{wc.pk}/projector/standings/": client,
        f"/diplomacy/{wc.pk}/projector/status/": client,
    }
    for url, who in pages.items():
        text = _french_text(who, url)
        assert [f for f in fragments if f in text] == [], url
        assert ENGLISH_DECIMAL.findall(text) == [], url
    tournament = _french_text(client, f"/diplomacy/{wc.pk}/")
    assert re.search(r"\d,\d\d\b", tournament)  # the scores, 18,86 and the like
    call = _french_text(client, f"/diplomacy/{wc.pk}/board-call/")
    assert "Autriche" in call and "Austria" not in call
