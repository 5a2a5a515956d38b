"""``PUT /api/events/{id}/results``: the rows are checked as a results.csv file's are, every
problem is a 4xx naming its field, and nothing is written (field size included) on a refusal."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client

from palmares.web.events.models import Event, Result
from palmares.web.ratinglists.models import RatingEntry


def _put(client: Client, event: Event, rows: Any, query: str = "") -> Any:
    return client.put(
        f"/api/events/{event.pk}/results{query}",
        data=json.dumps(rows),
        content_type="application/json",
    )


def _stored(event: Event) -> list[tuple[str, int]]:
    return sorted((r.player.name, r.rank) for r in Result.objects.filter(event=event))


BIRSAN_FEST = [{"player": "Edi Birsan", "rank": 1}, {"player": "Jerry Fest", "rank": 2}]


@pytest.mark.parametrize(
    ("rows", "query", "status", "field", "words"),
    [
        # the same player twice (also under another spelling: the reader's name key)
        (
            [{"player": "Edi Birsan", "rank": 1}, {"player": "EDI  birsan", "rank": 2}],
            "",
            422,
            "1.player",
            "appears twice",
        ),
        # a rank above the field (the stored 24 players of Dip in the Ocean)
        ([{"player": "Edi Birsan", "rank": 25}], "", 422, "0.rank", "above the 24 players"),
        ([{"player": "Edi Birsan", "rank": 3}], "?players=2", 422, "0.rank", "above the 2"),
        # past the rank's column (a PostgreSQL integer): the schema refuses it
        ([{"player": "Edi Birsan", "rank": 2**31}], "", 422, "0.rank", "at most 2147483647"),
        ([{"player": "Edi Birsan", "rank": 1}], f"?players={2**31}", 422, "players", "between"),
        ([{"player": "Edi Birsan", "rank": 1}], "?players=0", 422, "players", "between"),
        # more rows than the field: the field size is never changed silently
        (
            [{"player": f"P {i}", "rank": i} for i in range(1, 26)],
            "",
            422,
            "players",
            "25 rows",
        ),
        # text past its column
        ([{"player": "x" * 201, "rank": 1}], "", 422, "0.player", "at most 200"),
        ([{"player": "A", "rank": 1, "nationality": "n" * 65}], "", 422, "0.nationality", "64"),
        ([], "", 400, None, "at least one row"),
        # a number is a number: no text, no true, no fraction
        ([{"player": "Edi Birsan", "rank": "1"}], "", 422, "0.rank", "0.rank must be an integer"),
        ([{"player": "Edi Birsan", "rank": True}], "", 422, "0.rank", "0.rank must be an integer"),
        ([{"player": "Edi Birsan", "rank": 1.5}], "", 422, "0.rank", "0.rank must be an integer"),
        # a NUL: PostgreSQL cannot store it, SQLite would
        ([{"player": "Edi\u0000Birsan", "rank": 1}], "", 422, "0.player", "NUL"),
        ([{"player": "A", "rank": 1, "player_id": "x\u0000"}], "", 422, "0.player_id", "NUL"),
    ],
)
def test_a_bad_classification_is_refused_and_nothing_changes(
    officer: Client,
    ocean: Event,
    rows: Any,
    query: str,
    status: int,
    field: str | None,
    words: str,
) -> None:
    before = _stored(ocean)
    entries = RatingEntry.objects.filter(event=ocean).count()
    answer = _put(officer, ocean, rows, query)
    assert answer.status_code == status, answer.content
    body = answer.json()
    assert body["field"] == field
    assert words in body["detail"]
    ocean.refresh_from_db()
    assert ocean.players == 24
    assert _stored(ocean) == before
    assert RatingEntry.objects.filter(event=ocean).count() == entries


def test_the_stored_field_size_is_kept_unless_given(officer: Client, ocean: Event) -> None:
    answer = _put(officer, ocean, BIRSAN_FEST)
    assert answer.status_code == 200, answer.content
    ocean.refresh_from_db()
    assert ocean.players == 24
    assert _stored(ocean) == [("Edi Birsan", 1), ("Jerry Fest", 2)]
    # Fest 2nd of 24: (24 − 2 + 0.5) / 24 × 100
    fest = RatingEntry.objects.get(event=ocean, player__name="Jerry Fest")
    assert fest.percentile.quantize(Decimal("0.000001")) == Decimal("93.750000")
    answer = _put(officer, ocean, BIRSAN_FEST, "?players=4")
    assert answer.status_code == 200
    ocean.refresh_from_db()
    assert ocean.players == 4
    fest = RatingEntry.objects.get(event=ocean, player__name="Jerry Fest")
    assert fest.percentile == Decimal("62.5")  # (4 − 2 + 0.5) / 4 × 100


def test_ties_share_a_rank_and_the_event_facts_stay(officer: Client, ocean: Event) -> None:
    country, place, rounds = ocean.country, ocean.place, ocean.rounds
    rows = [
        {"player": "Edi Birsan", "rank": 1},
        {"player": "Jerry Fest", "rank": 1},
        {"player": "Chris Brand", "rank": 3},
    ]
    answer = _put(officer, ocean, rows)
    assert answer.status_code == 200, answer.content
    assert [r["rank"] for r in answer.json()] == [1, 1, 3]
    ocean.refresh_from_db()
    assert (ocean.country, ocean.place, ocean.rounds) == (country, place, rounds)


def test_results_of_a_tantrix_event_are_refused(officer: Client, db: None) -> None:
    tantrix = Event.objects.filter(kind=Event.Kind.TANTRIX).first()
    assert tantrix is not None
    answer = _put(officer, tantrix, BIRSAN_FEST)
    assert answer.status_code == 400 and "tantrix event" in answer.json()["detail"]
    assert Event.objects.get(pk=tantrix.pk).kind == Event.Kind.TANTRIX
