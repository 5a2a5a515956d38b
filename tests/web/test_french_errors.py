"""Issue 19: the errors a French page or a French API answer shows come from the explanation
layer in French (a typed message with its values), the English unchanged, and the
``file:line: column:`` of a file's problem kept."""

from __future__ import annotations

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from palmares.web.tournaments.models import Tournament
from tests.web.jobs.run import drain
from tests.web.tday_helpers import PLAYERS, TEAM, create, director, register, result, send
from tests.web.test_board_form import _form
from tests.web.test_chaos_game import CENTRES, _start


def _refused(td: Client, wc: Tournament, language: str, **extra: object) -> str:
    answer = td.post(
        f"/diplomacy/{wc.pk}/boards/new", _form(wc, **extra), HTTP_ACCEPT_LANGUAGE=language
    )
    assert answer.status_code == 400  # refused on the same grid
    assert not wc.rounds.filter(number=7).exists()
    return html.unescape(answer.content.decode())


def test_the_board_form_refuses_in_french(td: Client, wc: Tournament, open_wc: Tournament) -> None:
    page = _refused(td, wc, "fr", draw_R="on", draw_A="on")
    assert "Russie n’a aucun centre et ne peut pas être dans la nulle" in page
    assert "cannot be in the draw" not in page
    page = _refused(td, wc, "fr", centres_G=6)
    assert "les centres font 36 en tout, plus que les 34 de la carte" in page
    english = _refused(td, wc, "en", centres_G=6)
    assert "centres sum to 36, more than the 34 on the map" in english


def test_the_import_page_keeps_file_line_and_column_in_french(officer: Client) -> None:
    bad = b"event,date,player,rank\nX Cup,2010-02-30,A,1\nX Cup,2010-02-01,B,0\n"
    upload = SimpleUploadedFile("x-cup.csv", bad)
    answer = officer.post(
        "/imports/new", {"kind": "results", "file": upload}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert answer.status_code == 302  # to the job's page (issue 37)
    drain()
    page = html.unescape(
        officer.get(answer["Location"], HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )
    assert "x-cup.csv:2: date: attendu une date AAAA-MM-JJ, reçu '2010-02-30'" in page
    assert "x-cup.csv:3: rank: doit valoir au moins 1, reçu 0" in page
    assert "must be at least" not in page


def _fr(client: Client, method: str, url: str, body: object = None) -> tuple[int, str, str]:
    """A JSON request answered in French: its status, French detail and the English one."""
    call = getattr(client, method.lower())
    data = json.dumps(body) if body is not None else None
    told = {
        lang: call(url, data=data, content_type="application/json", HTTP_ACCEPT_LANGUAGE=lang)
        for lang in ("fr", "en")
    }
    assert told["fr"].status_code == told["en"].status_code
    return told["fr"].status_code, told["fr"].json()["detail"], told["en"].json()["detail"]


@pytest.mark.django_db
def test_the_tournament_day_refuses_in_french() -> None:
    _, client = director()
    bad = {"name": "Bad Cup", "date": "2026-05-01", "rounds": 65543, "scoring": "carnage",
           "aggregation": "ante", "team_size": None}  # fmt: skip
    assert _fr(client, "POST", "/api/tournaments", bad) == (
        400,
        "rondes : attendu de 1 à 99, reçu 65\u202f543",
        "rounds: expected 1 to 99, got 65543",
    )
    tid = create(client)
    register(client, tid)
    pairs = f"/api/tournaments/{tid}/keep-apart"
    assert _fr(client, "POST", pairs, [{"player_a": "Player A", "player_b": "Nobody"}])[1:] == (
        "'Nobody' n’est pas inscrit à ce tournoi",
        "'Nobody' is not registered for this tournament",
    )
    rounds = f"/api/tournaments/{tid}/rounds"
    assert _fr(client, "POST", f"{rounds}/1/board-call/publish")[1:] == (
        "la ronde 1 n’a pas encore d’appel aux tables",
        "round 1 has no board call yet",
    )
    # Seven present: one board, and a team of three cannot be kept apart on it (seeding's
    # error, told in French through the site).
    seven = [*TEAM, *[p for p in PLAYERS if p not in TEAM][:4]]
    send(client, "PUT", f"{rounds}/1/roll-call", {"present": seven})
    assert _fr(client, "POST", f"{rounds}/1/board-call", {"seed": 1})[1:] == (
        "l’équipe Trio occupe 3 places cette ronde mais seules 1 tables lui sont ouvertes : "
        "ses membres ne peuvent pas tous être séparés",
        "team Trio fills 3 seats this round but only 1 boards are open to it: team-mates "
        "cannot all be kept apart",
    )
    send(client, "PUT", f"{rounds}/1/roll-call", {"present": PLAYERS})
    call = send(client, "POST", f"{rounds}/1/board-call", {"seed": 1}).json()
    board = call["boards"][0]
    answer = _fr(client, "PUT", f"{rounds}/1/boards/{board['label']}", result(board["seats"]))
    assert answer == (
        409,
        "l’appel aux tables de la ronde 1 est un brouillon : publiez-le avant de saisir des "
        "résultats",
        "the board call of round 1 is a draft: publish it before entering results",
    )
    assert send(client, "POST", f"{rounds}/1/board-call/lock").status_code == 200
    assert _fr(client, "POST", f"{rounds}/1/board-call", {"seed": 2}) == (
        409,
        "l’appel aux tables de la ronde 1 est verrouillé",
        "the board call of round 1 is locked",
    )


def test_the_ruling_page_tells_each_order_in_french(client: Client, db: None) -> None:
    orders = "FRA: F mao -> spa/sc\nItaly: F wes - spa/sc\nItaly: F lyo S F wes - spa\n"
    told = {
        lang: html.unescape(
            client.post(
                "/diplomacy/ruling/",
                {"orders": orders, "rules": "wdc-2007"},
                HTTP_ACCEPT_LANGUAGE=lang,
            ).content.decode()
        )
        for lang in ("fr", "en")
    }
    assert "échoue : rebond avec F WES : attaque 1 contre empêchement 2" in told["fr"]
    assert "va en SPA/SC (attaque 2)" in told["fr"]
    assert "soutien donné à WES" in told["fr"]
    assert "bounced with" not in told["fr"] and "support given" not in told["fr"]
    assert "fails: bounced with F WES: attack 1 against prevent 2" in told["en"]
    assert "moves to SPA/SC (attack 2)" in told["en"]


def test_a_chaos_turn_is_told_in_the_page_language(
    td: Client, client: Client, wc: Tournament
) -> None:
    game = _start(td, wc)
    builds = "\n".join(f"Player {i + 1:02d}: build A {c}" for i, c in enumerate(CENTRES))
    assert td.post(f"/diplomacy/chaos/{game.pk}/", {"orders": builds}).status_code == 302
    orders = "Player 01: A ank - arm\nPlayer 02: A bel - bel\n"
    assert td.post(f"/diplomacy/chaos/{game.pk}/", {"orders": orders}).status_code == 302
    url = f"/diplomacy/chaos/{game.pk}/"
    french = html.unescape(client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "va en ARM (attaque 1)" in french
    assert "invalide : une unité ne peut pas aller dans sa propre province ; l’unité tient" in (
        french
    )
    assert "construite" in french and "moves to" not in french and "built<" not in french
    english = html.unescape(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "moves to ARM (attack 1)" in english
    assert "invalid: a unit cannot move to its own province; the unit holds" in english


def test_the_projector_refuses_its_options_in_french(wc: Tournament) -> None:
    screen = Client()
    url = f"/diplomacy/{wc.pk}/projector/boards/fragment"
    french = screen.get(f"{url}?every=1", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 400
    assert "every : un nombre entier de 3 à 600 était attendu, reçu 1" in html.unescape(
        french.content.decode()
    )
    english = screen.get(f"{url}?by=power", HTTP_ACCEPT_LANGUAGE="en")
    assert "by: expected board or player, got power" in html.unescape(english.content.decode())
