"""The Diplomacy tournaments list: every tournament with its rounds, players, systems, champion."""

from __future__ import annotations

import html

from django.test import Client

from palmares.web.tournaments.models import Tournament


def test_tournament_list_shows_the_wc(client: Client, wc: Tournament) -> None:
    answer = client.get("/diplomacy/")
    assert answer.status_code == 200
    page = html.unescape(answer.content.decode())
    row = page.split(f'href="/diplomacy/{wc.pk}/"')[1].split("</tr>")[0]
    # Six rounds (five seated by the board call, then the top board), seventy players.
    assert ">6<" in row and ">70<" in row
    assert "<code>divide-and-conquer</code>" in row and "<code>ante</code>" in row
    assert "2007-" in page.split(f'href="/diplomacy/{wc.pk}/"')[0].rsplit("<tr>", 1)[1]
    champion = wc.event.results.get(rank=1).player.name
    assert f'class="champion">{champion}<' in row


def test_nav_links_to_the_tournament_list(client: Client, db: None) -> None:
    assert 'href="/diplomacy/"' in client.get("/").content.decode()


def test_tournament_list_in_french(client: Client, wc: Tournament) -> None:
    page = client.get("/diplomacy/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Tournois de Diplomacy" in page and "Score du tournoi" in page
