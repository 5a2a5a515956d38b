"""The ratings officer's import page: the same service as the CLI and the API, all-or-nothing,
problems shown as ``file:line: column: message`` with the uploaded file's name. The page queues
the import and sends the officer to the job's page (issue 37), which shows the outcome once a
worker has run it."""

from __future__ import annotations

import html

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from palmares.web.events.models import Event, Result
from palmares.web.ratinglists.models import RatingEntry
from palmares.web.wizarddb.models import Game
from tests.web.jobs.run import drain

GOOD = b"event,date,player,rank,nationality\nNew Cup,2010-01-01,Edi Birsan,1,\n"
GOOD += b"New Cup,2010-01-01,Jerry Fest,2,\n"


def _imported(officer: Client, kind: str, name: str, content: bytes) -> tuple[str, str]:
    """Upload ``content`` on the page, run its job; the job's state and its page."""
    answer = officer.post("/imports/new", {"kind": kind, "file": SimpleUploadedFile(name, content)})
    assert answer.status_code == 302, answer.content
    drain()
    page = html.unescape(officer.get(answer["Location"]).content.decode())
    state = page.partition('data-state="')[2].partition('"')[0]
    return state, page


def test_officer_imports_results_and_ratings_follow(officer: Client) -> None:
    assert officer.get("/imports/new").status_code == 200
    assert 'href="/imports/new"' in officer.get("/").content.decode()  # the nav link
    state, page = _imported(officer, "results", "cup.csv", GOOD)
    assert state == "done"
    for key, value in [("events", 1), ("results", 2), ("replaced", 0)]:
        assert f'<span class="{key}">{value}</span>' in page
    assert Event.objects.get(name="New Cup").results.count() == 2
    assert RatingEntry.objects.filter(event__name="New Cup").count() == 2


def test_a_bad_file_is_rejected_whole_with_every_problem(officer: Client) -> None:
    before = Result.objects.count()
    bad = b"event,date,player,rank\nX Cup,2010-02-30,A,1\nX Cup,2010-02-01,B,0\n"
    state, page = _imported(officer, "results", "x-cup.csv", bad)
    assert state == "failed"
    assert "x-cup.csv:2: date: expected a date as YYYY-MM-DD, got '2010-02-30'" in page
    assert "x-cup.csv:3: rank: must be at least 1, got 0" in page
    assert "nothing was imported" in page
    assert Result.objects.count() == before and not Event.objects.filter(name="X Cup").exists()


def test_games_and_matches_go_through_the_same_service(officer: Client) -> None:
    games = b"date,game,player,score\n2010-04-02,G1,a,10\n2010-04-02,G1,b,20\n2010-04-02,G1,c,0\n"
    state, _ = _imported(officer, "games", "games.csv", games)
    assert state == "done"
    assert Game.objects.filter(date="2010-04-02", division="regular").count() == 1
    two = b"date,game,player,score\n2010-04-02,G2,a,10\n2010-04-02,G2,b,20\n"
    state, page = _imported(officer, "games", "two.csv", two)
    assert state == "failed" and "two.csv:2:" in page
    matches = b"event,date,round,player_a,player_b,games,tp_a,tp_b\n"
    matches += b"Tiny Open,2001-05-01,R1,Pekko,MattK,1,10,11\n"
    state, page = _imported(officer, "matches", "tiny.csv", matches)
    assert state == "failed" and "tiny.csv:2:" in page
    assert not Event.objects.filter(name="Tiny Open").exists()
