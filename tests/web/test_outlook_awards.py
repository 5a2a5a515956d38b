"""The best-country awards, the team championship and the fewest centres as entered so far in
the last round's outlook (issue 38), through ``GET /api/tournaments/{id}/outlook``: a two-round
tournament of fourteen players, two teams of two (two boards keep no team of three apart),
round 1 played, round 2 (the final round) called, one report from the table entered on
board 1."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client

from palmares.diplomacy.board import GREAT_POWERS
from palmares.web.tournaments import registration
from palmares.web.tournaments.models import Entry, Tournament
from palmares.web.tournaments.setup import SetUp, create_tournament
from tests.web.open_day import call_round, play_round, tournament_director

# With the outlook's other tests on one worker (tests/web/test_outlook.py says why).
pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("outlook")]

PLAYERS = [f"Player {chr(65 + i)}" for i in range(14)]
TEAMS = {"Reds": PLAYERS[:2], "Blues": PLAYERS[3:5]}
VERDICTS = {"clinched", "possible", "out"}


def _cup() -> tuple[Any, Tournament]:
    td = tournament_director("awards-td", "awards-password-2026")
    setup = SetUp(
        name="Awards Cup",
        date=dt.date(2026, 5, 1),
        rounds=2,
        scoring="divide-and-conquer",
        aggregation="ante",
        team_size=3,
    )
    t = create_tournament(td, setup)
    team_of = {p: team for team, members in TEAMS.items() for p in members}
    registration.register_players(
        td, t, [registration.PlayerIn(p, "Netherlands", team_of.get(p)) for p in PLAYERS]
    )
    return td, t


def test_best_countries_teams_and_the_centres_as_entered() -> None:
    td, t = _cup()
    first = play_round(td, t, 1)
    final = call_round(td, t, 2)
    rows = Client().get(f"/api/tournaments/{t.pk}/outlook").json()
    assert {r["player"] for r in rows} == set(PLAYERS)
    for power in GREAT_POWERS:
        # Only who played the power in round 1 or plays it in round 2 can take its award; a
        # solo in round 2 (no round-1 board was one) beats every game of round 1.
        played = {seats[power] for seats in (*first.values(), *final.values())}
        playing = {seats[power] for seats in final.values()}
        for r in rows:
            got = r["best_country"][power]
            assert got["verdict"] in VERDICTS and got["explanation"]
            if r["player"] not in played:
                assert got["verdict"] == "out" and "has not played" in got["explanation"]
            if r["player"] in playing:
                assert got["verdict"] == "possible", (power, r["player"])
        assert any(r["best_country"][power]["verdict"] != "out" for r in rows)
    for team, members in TEAMS.items():
        said = [r["team"] for r in rows if r["player"] in members]
        assert all(s is not None and s["name"] == team for s in said)
        assert len({s["verdict"] for s in said}) == 1 and said[0]["verdict"] in VERDICTS
    assert all(r["team"] is None for r in rows if r["player"] not in TEAMS["Reds"] + TEAMS["Blues"])

    # A report from the table on board 1: its players' fewest centres as entered so far.
    seats = final["1"]
    reporter = seats["Austria"]
    code = Entry.objects.get(tournament=t, player__name=reporter).code
    centres = dict(zip(GREAT_POWERS, (10, 8, 6, 5, 3, 2, 0), strict=True))
    sent = Client().post(
        f"/api/tournaments/{t.pk}/rounds/2/boards/1/reports",
        {
            "player": reporter,
            "code": code,
            "centres": centres,
            "eliminated": {"Turkey": 1905},
            "final_year": 1907,
        },
        content_type="application/json",
    )
    assert sent.status_code == 200, sent.content
    mine = Client().get(f"/api/tournaments/{t.pk}/outlook", {"player": seats["England"]}).json()
    assert sorted(mine[0]["centres_entered"]) == [str(k) for k in range(1, 8)]
    assert sorted(mine[0]["centres"]) == [str(k) for k in range(1, 8)]
    # The others as entered hold 26 centres: England can hold 8 at most.
    assert all(c is None or 0 <= c <= 34 - 26 for c in mine[0]["centres_entered"].values())
    page = Client().get(f"/diplomacy/{t.pk}/outlook/", {"player": seats["England"]})
    text = page.content.decode()
    assert 'id="outlook-countries"' in text and 'id="outlook-centres-entered"' in text
    assert f"as entered so far ({reporter})" in text
    assert mine[0]["entered_conflict"] is False

    # A second report that differs: the board is in conflict, nothing is taken as entered.
    def report(player: str, counts: dict[str, int]) -> None:
        code = Entry.objects.get(tournament=t, player__name=player).code
        body = {
            "player": player,
            "code": code,
            "centres": counts,
            "eliminated": {p: 1905 for p, n in counts.items() if n == 0},
            "final_year": 1907,
        }
        url = f"/api/tournaments/{t.pk}/rounds/2/boards/1/reports"
        answer = Client().post(url, body, content_type="application/json")
        assert answer.status_code == 200, answer.content

    other = {**centres, "England": 9, "France": 5}
    report(seats["England"], other)
    mine = Client().get(f"/api/tournaments/{t.pk}/outlook", {"player": seats["England"]}).json()
    assert mine[0]["centres_entered"] is None and mine[0]["entered_conflict"] is True
    assert sorted(mine[0]["centres"]) == [str(k) for k in range(1, 8)]  # left free still
    shown = Client().get(f"/diplomacy/{t.pk}/outlook/", {"player": seats["England"]})
    assert "the reports from board 1 differ" in shown.content.decode()
    assert 'id="outlook-centres-entered"' not in shown.content.decode()
    # England's player corrects theirs: the two agree, both named as who entered it.
    report(seats["England"], centres)
    mine = Client().get(f"/api/tournaments/{t.pk}/outlook", {"player": seats["England"]}).json()
    assert mine[0]["entered_conflict"] is False and mine[0]["centres_entered"] is not None
    shown = Client().get(f"/diplomacy/{t.pk}/outlook/", {"player": seats["England"]})
    assert f"as entered so far ({reporter}, {seats['England']})" in shown.content.decode()

    french = Client().get(f"/api/tournaments/{t.pk}/outlook", HTTP_ACCEPT_LANGUAGE="fr").json()
    red = next(r for r in french if r["player"] == PLAYERS[0])
    said = red["team"]["explanation"]
    assert said.startswith("avec un solo de chaque membre de Reds") or "Reds" in said
