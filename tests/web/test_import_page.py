"""The ratings officer's import page: the same service as the CLI and the API, all-or-nothing,
problems shown as ``file:line: column: message`` with the uploaded file's name."""

from __future__ import annotations

import html

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from palmares.web.events.models import Event, Result
from palmares.web.ratinglists.models import RatingEntry
from palmares.web.wizarddb.models import Game

GOOD = b"event,date,player,rank,nationality\nNew Cup,2010-01-01,Edi Birsan,1,\n"
GOOD += b"New Cup,2010-01-01,Jerry Fest,2,\n"


def test_officer_imports_results_and_ratings_follow(officer: Client) -> None:
    assert officer.get("/imports/new").status_code == 200
    assert 'href="/imports/new"' in officer.get("/").content.decode()  # the nav link
    answer = officer.post(
        "/imports/new", {"kind": "results", "file": SimpleUploadedFile("cup.csv", GOOD)}
    )
    assert answer.status_code == 200
    page = answer.content.decode()
    for key, value in [("events", 1), ("results", 2), ("replaced", 0)]:
        assert f'<span class="{key}">{value}</span>' in page
    assert Event.objects.get(name="New Cup").results.count() == 2
    assert RatingEntry.objects.filter(event__name="New Cup").count() == 2


def test_a_bad_file_is_rejected_whole_with_every_problem(officer: Client) -> None:
    before = Result.objects.count()
    bad = b"event,date,player,rank\nX Cup,2010-02-30,A,1\nX Cup,2010-02-01,B,0\n"
    answer = officer.post(
        "/imports/new", {"kind": "results", "file": SimpleUploadedFile("x-cup.csv", bad)}
    )
    assert answer.status_code == 400
    page = html.unescape(answer.content.decode())
    assert "x-cup.csv:2: date: expected a date as YYYY-MM-DD, got '2010-02-30'" in page
    assert "x-cup.csv:3: rank: must be at least 1, got 0" in page
    assert "nothing was imported" in page
    assert Result.objects.count() == before and not Event.objects.filter(name="X Cup").exists()


def test_games_and_matches_go_through_the_same_service(officer: Client) -> None:
    games = b"date,game,player,score\n2010-04-02,G1,a,10\n2010-04-02,G1,b,20\n2010-04-02,G1,c,0\n"
    answer = officer.post(
        "/imports/new", {"kind": "games", "file": SimpleUploadedFile("games.csv", games)}
    )
    assert (
        answer.status_code == 200
        and Game.objects.filter(date="2010-04-02", division="regular").count() == 1
    )
    two = b"date,game,player,score\n2010-04-02,G2,a,10\n2010-04-02,G2,b,20\n"
    refused = officer.post(
        "/imports/new", {"kind": "games", "file": SimpleUploadedFile("two.csv", two)}
    )
    assert refused.status_code == 400 and "two.csv:2:" in html.unescape(refused.content.decode())
    matches = b"event,date,round,player_a,player_b,games,tp_a,tp_b\n"
    matches += b"Tiny Open,2001-05-01,R1,Pekko,MattK,1,10,11\n"
    wrong = officer.post(
        "/imports/new", {"kind": "matches", "file": SimpleUploadedFile("tiny.csv", matches)}
    )
    assert wrong.status_code == 400 and "tiny.csv:2:" in html.unescape(wrong.content.decode())
    assert not Event.objects.filter(name="Tiny Open").exists()
