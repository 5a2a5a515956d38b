"""A TD's score rulings (issue 12, step 8): kept beside the computed figure, shown with it."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from django.test import Client

from palmares.core.rounding import half_up
from palmares.explain import explain_text
from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments import adapters
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.models_prizes import ScoreOverride


@pytest.fixture(autouse=True)
def _open(open_wc: Tournament) -> None:
    """These tests enter and correct the WC's boards: the tournament open, not filed yet."""


pytestmark = pytest.mark.django_db


def _post(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, data=json.dumps(body), content_type="application/json")


def test_a_tournament_ruling_is_shown_beside_the_computed_score(
    td: Client, client: Client, wc: Tournament
) -> None:
    computed = adapters.standings(wc)
    third = computed.players[2]
    best = Fraction(int(computed.players[0].score) + 1)  # above the leader, a whole number
    url = f"/api/tournaments/{wc.pk}/overrides"
    answer = _post(td, url, {"player": third.player, "score": str(best), "reason": "ruling"})
    assert answer.status_code == 201, answer.content
    row = answer.json()
    assert row["computed"] == str(half_up(third.score, 6)) and row["score"] == f"{int(best)}.000000"
    rows = client.get(f"/api/tournaments/{wc.pk}/standings").json()
    assert rows[0]["player"] == third.player and rows[0]["rank"] == 1
    assert rows[0]["score"] == str(half_up(best, 6))
    assert rows[0]["computed"] == str(half_up(third.score, 6))
    assert rows[0]["explain"][-1].endswith(f"the TD set {int(best)} (ruling).")
    assert all(r["computed"] is None for r in rows[1:])
    page = client.get(f"/diplomacy/{wc.pk}/").content.decode()
    assert f"ruled; computed {half_up(third.score, 3)}" in page
    logged = AuditEntry.objects.get(tournament=wc, action="score override")
    assert logged.before == {"player": third.player, "score": str(half_up(third.score, 6))}
    assert logged.after is not None
    assert logged.after["tournament_score"] == str(half_up(best, 6))
    assert adapters.computed_standings(wc).of(third.player).score == third.score
    gone = td.delete(f"{url}/{row['id']}")
    assert gone.status_code == 200
    assert client.get(f"/api/tournaments/{wc.pk}/standings").json()[2]["player"] == third.player
    assert AuditEntry.objects.filter(tournament=wc, action="score override withdrawn").exists()
    assert td.delete(f"{url}/{row['id']}").status_code == 404


def test_a_board_ruling_changes_that_games_contribution(td: Client, wc: Tournament) -> None:
    standing = adapters.standings(wc).players[0]
    game = standing.games_in(1)[0]
    assert game.points is not None
    answer = _post(
        td,
        f"/api/tournaments/{wc.pk}/overrides",
        {"player": standing.player, "score": 0, "reason": "penalty", "round": 1,
         "board": game.board},
    )  # fmt: skip
    assert answer.status_code == 201, answer.content
    after = adapters.standings(wc).of(standing.player)
    assert after.score == standing.score - Fraction(game.points)
    words = explain_text(after.lines[-1], "en")
    assert words.startswith(f"Round 1, board {game.board}: the game brought")


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"score": "1", "reason": ""}, "reason", "needs its reason"),
        ({"score": "abc", "reason": "x"}, "score", "expected a number"),
        ({"score": "1e9", "reason": "x"}, "score", "a score between"),
        ({"score": "1.1234567", "reason": "x"}, "score", "at most six decimals"),
        ({"score": "1", "reason": "x" * 201}, "reason", "at most 200"),
        ({"score": "1", "reason": "x", "round": 1}, "board", "names both"),
        ({"score": "1", "reason": "x", "round": 1, "board": "nowhere"}, "board", "did not play"),
        ({"player": "Nobody Here", "score": "1", "reason": "x"}, "player", "has played no board"),
    ],
)
def test_a_bad_ruling_is_refused_by_field(
    td: Client, wc: Tournament, body: dict[str, Any], field: str, words: str
) -> None:
    player = adapters.standings(wc).players[0].player
    answer = _post(td, f"/api/tournaments/{wc.pk}/overrides", {"player": player, **body})
    assert answer.status_code == 400, answer.content
    assert answer.json()["field"] == field and words in answer.json()["detail"]
    assert not ScoreOverride.objects.exists()
    assert not AuditEntry.objects.filter(action__startswith="score override").exists()


@pytest.mark.parametrize("who", ["anonymous", "other_td", "officer"])
def test_only_the_director_rules(who: str, request: pytest.FixtureRequest, wc: Tournament) -> None:
    client = Client() if who == "anonymous" else request.getfixturevalue(who)
    player = adapters.standings(wc).players[0].player
    status = 401 if who == "anonymous" else 403
    url = f"/api/tournaments/{wc.pk}/overrides"
    assert _post(client, url, {"player": player, "score": 1, "reason": "x"}).status_code == status
    ruling = ScoreOverride.objects.create(
        tournament=wc, player_id=wc.rounds.get(number=1).boards.first().seats.first().player_id,  # type: ignore[union-attr]
        score=Decimal(1), reason="kept",
    )  # fmt: skip
    assert client.delete(f"{url}/{ruling.pk}").status_code == status
    page = client.post(f"/diplomacy/{wc.pk}/edit/overrides", {"player": player, "score": "1"})
    assert page.status_code == (302 if who == "anonymous" else 403)
    assert list(ScoreOverride.objects.values_list("reason", flat=True)) == ["kept"]
    assert not AuditEntry.objects.filter(action__startswith="score override").exists()


def test_the_rulings_page(td: Client, wc: Tournament) -> None:
    player = adapters.standings(wc).players[0].player
    url = f"/diplomacy/{wc.pk}/edit/overrides"
    bad = td.post(url, {"player": player, "score": "x", "reason": "r"})
    assert bad.status_code == 400 and "expected a number" in bad.content.decode()
    done = td.post(url, {"player": player, "score": "12.5", "reason": "late"})
    assert done.status_code == 302
    page = td.get(url).content.decode()
    assert 'id="rulings"' in page and "12.500000" in page and "late" in page
    ruling = ScoreOverride.objects.get()
    assert td.post(url, {"action": "withdraw", "id": ruling.pk}).status_code == 302
    assert not ScoreOverride.objects.exists()
