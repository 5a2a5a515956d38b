"""A correction says which prizes moved (issue 12, step 5): here the top board's result is
corrected so that another player takes the most points on it, and the champion changes."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from palmares.diplomacy.board import GREAT_POWERS
from palmares.web.tournaments import adapters
from palmares.web.tournaments.models import Board, Tournament


@pytest.fixture(autouse=True)
def _open(open_wc: Tournament) -> None:
    """These tests enter and correct the WC's boards: the tournament open, not filed yet."""


def test_correcting_the_top_board_names_the_new_champion(td: Client, wc: Tournament) -> None:
    before = adapters.tournament_prizes(wc)
    assert before.champion is not None
    board = Board.objects.get(round__tournament=wc, top_board=True)
    seats = {s.power: s for s in board.seats.select_related("player")}
    by_name = {p: next(s for s in seats.values() if s.power == p[0]) for p in GREAT_POWERS}
    champion_power = next(p for p, s in by_name.items() if s.player.name in before.champion.players)
    other = max(
        (p for p in GREAT_POWERS if p != champion_power and by_name[p].centres > 0),
        key=lambda p: by_name[p].centres,
    )
    centres = {p: s.centres for p, s in by_name.items()}
    centres[champion_power], centres[other] = centres[other], centres[champion_power]
    body = {
        "centres": centres,
        "eliminated": {p: s.eliminated for p, s in by_name.items() if s.eliminated},
        "draw": None,
        "final_year": board.final_year,
    }
    answer = td.put(
        f"/api/tournaments/{wc.pk}/rounds/{board.round.number}/boards/{board.label}",
        data=json.dumps(body),
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    moved = {m["prize"]: m for m in answer.json()["prizes_moved"]}
    after = adapters.tournament_prizes(wc)
    assert after.champion is not None and after.champion.players != before.champion.players
    assert moved["champion"] == {
        "prize": "champion",
        "before": list(before.champion.players),
        "after": list(after.champion.players),
    }
    assert by_name[other].player.name in after.champion.players
