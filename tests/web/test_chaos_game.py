"""The chaos game pages (issue 17, "In the site"): a TD starts the game, enters each deadline's
orders; the position is kept turn by turn with its supply-centre chart."""

from __future__ import annotations

import html

from django.test import Client

from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.web.chaosgames.models import ChaosGame, ChaosTurn
from palmares.web.tournaments.models import Tournament

CENTRES = sorted(standard_map().supply_centres)
PLAYERS = "\n".join(f"Player {i + 1:02d}: {c.upper()}" for i, c in enumerate(CENTRES))


def _start(td: Client, wc: Tournament) -> ChaosGame:
    answer = td.post(
        f"/diplomacy/{wc.pk}/chaos/new",
        {"name": "Chaos 2007", "players": PLAYERS, "rules": "wdc-2007"},
    )
    assert answer.status_code == 302
    return ChaosGame.objects.get(tournament=wc, name="Chaos 2007")


def test_a_chaos_game_turn_by_turn(td: Client, client: Client, wc: Tournament) -> None:
    game = _start(td, wc)
    assert len(game.start_position["homes"]) == 34
    builds = "\n".join(f"Player {i + 1:02d}: build A {c}" for i, c in enumerate(CENTRES))
    assert td.post(f"/diplomacy/chaos/{game.pk}/", {"orders": builds}).status_code == 302
    orders = "Player 01: A ank - arm\nPlayer 02: A bel - pic\nPlayer 10: A edi - cly\n"
    assert td.post(f"/diplomacy/chaos/{game.pk}/", {"orders": orders}).status_code == 302
    assert (
        td.post(f"/diplomacy/chaos/{game.pk}/", {"orders": "Player 02: A pic - bel"}).status_code
        == 302
    )
    turns = list(ChaosTurn.objects.filter(game=game).order_by("number"))
    assert [(t.position["season"], t.position["phase"]) for t in turns] == [
        ("winter", "adjustment"),
        ("spring", "movement"),
        ("fall", "movement"),
    ]
    assert turns[-1].next_position["phase"] == "adjustment"
    page = html.unescape(client.get(f"/diplomacy/chaos/{game.pk}/").content.decode())
    assert "Now: winter 1901, adjustment" in page
    assert "moves to ARM (attack 1)" in page
    chart = page.split('id="centre-chart"')[1].split("</table>")[0]
    assert '<th class="num">1900</th><th class="num">1901</th>' in chart
    assert 'id="chaos-orders"' not in page  # the public sees no order form


def test_bad_orders_are_form_errors_and_nothing_is_stored(td: Client, wc: Tournament) -> None:
    game = _start(td, wc)
    answer = td.post(f"/diplomacy/chaos/{game.pk}/", {"orders": "Nobody: build A par"})
    assert answer.status_code == 200
    assert "orders:1: unknown power &#x27;Nobody&#x27;" in answer.content.decode()
    assert not ChaosTurn.objects.filter(game=game).exists()


def test_bad_assignment_names_each_line(td: Client, wc: Tournament) -> None:
    answer = td.post(
        f"/diplomacy/{wc.pk}/chaos/new",
        {"name": "Chaos", "players": "Ann: PAR\nBob: PAR\nCid: PIC\nDan PAR\n", "rules": "datc"},
    )
    assert answer.status_code == 200
    text = html.unescape(answer.content.decode())
    assert "players:2: PAR is already line 1's" in text
    assert "players:3: 'PIC' is not a supply centre" in text
    assert "players:4: expected 'Player: CENTRE', got 'Dan PAR'" in text
    assert not ChaosGame.objects.filter(tournament=wc).exists()


def test_only_the_tournament_s_directors_write(
    td: Client, other_td: Client, client: Client, wc: Tournament
) -> None:
    assert other_td.get(f"/diplomacy/{wc.pk}/chaos/new").status_code == 403
    game = _start(td, wc)
    assert other_td.post(f"/diplomacy/chaos/{game.pk}/", {"orders": ""}).status_code == 403
    anonymous = client.post(f"/diplomacy/chaos/{game.pk}/", {"orders": ""})
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    assert client.get(f"/diplomacy/{wc.pk}/chaos/new").status_code == 302
    assert not ChaosTurn.objects.filter(game=game).exists()


def test_the_page_says_the_game_is_never_scored_in_the_page_language(
    td: Client, client: Client, wc: Tournament
) -> None:
    game = _start(td, wc)
    url = f"/diplomacy/chaos/{game.pk}/"
    english = html.unescape(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "the chaos game is recorded but never scored" in english
    french = html.unescape(client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "la partie chaos est enregistrée mais jamais notée" in french
    assert "never scored" not in french
