"""`palmares tournament`: the day from the command line, through the desk's services."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments.models import CalledSeat, Tournament
from tests.web.tday_helpers import APART, PLAYERS, TEAM

pytestmark = pytest.mark.django_db


def _rows(out: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(out)))


def test_a_tournament_from_the_command_line(cli: Any, write: Callable[..., Path]) -> None:
    made = cli("tournament", "create", "Script Cup", "--date", "2026-07-01", "--rounds", "2",
               "--team-size", "3", "--format", "csv")  # fmt: skip
    assert made.code == 0, made.err
    # Two rounds: the ante's fewer-games adjustment (after round 5) can never apply; said so.
    assert made.err.startswith("The fewer-games adjustment cannot apply, so it was stored as off")
    tid = _rows(made.out)[0]["id"]
    t = Tournament.objects.get(pk=tid)
    assert not t.fewer_games
    assert t.event.name == "Script Cup" and not t.directors.exists()
    lines = ["player,team,nationality"] + [
        f"{p},{'Trio' if p in TEAM else ''},Wales" for p in PLAYERS
    ]
    added = cli("tournament", "register", tid, str(write("players.csv", "\n".join(lines))),
                "--format", "csv")  # fmt: skip
    assert added.code == 0, added.err
    assert [r["new"] for r in _rows(added.out)] == ["yes"] * 21
    pairs = write("pairs.csv", f"player_a,player_b\n{APART[0]},{APART[1]}\n")
    assert cli("tournament", "keep-apart", tid, str(pairs)).code == 0
    call = cli("tournament", "board-call", tid, "--round", "1", "--publish", "--format", "json")
    assert call.code == 0, call.err
    assert CalledSeat.objects.filter(round__tournament=t, round__number=1).count() == 21
    assert t.rounds.get(number=1).published
    bad = cli("tournament", "create", "Script Cup", "--date", "2026-07-01", "--rounds", "2",
              "--scoring", "nothing")  # fmt: skip
    assert bad.code == 2 and "unknown scoring system 'nothing'" in bad.err
    standings = cli("tournament", "standings", tid, "--format", "csv")
    assert standings.code == 0 and _rows(standings.out) == []
    log = AuditEntry.objects.filter(tournament=t)
    assert not log.filter(user__isnull=False).exists()  # the command line names no user
    assert list(log.values_list("action", flat=True)) == [
        "create tournament",
        "register players",
        "keep apart",
        "board call round 1",
        "publish board call round 1",
    ]


def test_the_day_s_refusals_and_notes_in_the_language_asked(
    cli: Any, write: Callable[..., Path]
) -> None:
    """``--language fr`` on the day's commands: the note of a write and a refusal in French
    (issue 35); nothing is written by the refusal."""
    made = cli("tournament", "create", "Coupe", "--date", "2026-07-01", "--rounds", "2",
               "--format", "csv", "--language", "fr")  # fmt: skip
    assert made.code == 0, made.err
    assert made.err.startswith("L’ajustement pour parties manquées")
    tid = _rows(made.out)[0]["id"]
    centres = dict.fromkeys(("Austria", "England", "France", "Germany", "Italy", "Russia"), 5)
    board = {"id": "A", "centres": centres | {"Turkey": 4}, "final_year": 1905}
    sheet = write("sheet.json", json.dumps([board]))
    for language, said in (
        ("fr", "la ronde 1 n’a pas de table A"),
        ("en", "round 1 has no board A"),
    ):
        refused = cli("tournament", "result", tid, str(sheet), "--round", "1", "--board", "A",
                      "--language", language)  # fmt: skip
        assert refused.code == 2 and said in refused.err, refused.err
    assert not Tournament.objects.get(pk=tid).rounds.filter(boards__isnull=False).exists()
    bad = write("games.csv", "date,game,player,score\n2019-11-01,G1,Jinx,abc\n")
    refused = cli("import", "games", str(bad), "--language", "fr")
    assert refused.code == 2
    assert refused.err == f"error: {bad}:2: score: attendu un nombre entier, reçu 'abc'\n"
