"""Issue 19: the errors a French page or a French API answer shows come from the explanation
layer in French (a typed message with its values), the English unchanged, and the
``file:line: column:`` of a file's problem kept."""

from __future__ import annotations

import html

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from palmares.web.tournaments.models import Tournament
from tests.web.test_board_form import _form


def _refused(td: Client, wc: Tournament, language: str, **extra: object) -> str:
    answer = td.post(
        f"/diplomacy/{wc.pk}/boards/new", _form(wc, **extra), HTTP_ACCEPT_LANGUAGE=language
    )
    assert answer.status_code == 200
    assert not wc.rounds.filter(number=7).exists()
    return html.unescape(answer.content.decode())


def test_the_board_form_refuses_in_french(td: Client, wc: Tournament) -> None:
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
    assert answer.status_code == 400
    page = html.unescape(answer.content.decode())
    assert "x-cup.csv:2: date: attendu une date AAAA-MM-JJ, reçu '2010-02-30'" in page
    assert "x-cup.csv:3: rank: doit valoir au moins 1, reçu 0" in page
    assert "must be at least" not in page
