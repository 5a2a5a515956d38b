"""The chaos game's own record replays clean (issue 34): a chaos game played through the site's
use cases (:mod:`palmares.web.chaosgames.services`, each turn stored as it is adjudicated) is a
game record as its turns are stored — ``position``, ``orders``, ``results``, ``next_position``
— and ``palmares diplomacy replay`` finds every phase as recorded. The example
``examples/wdc-2007/chaos-game.json`` is that record, turn for turn (without the stored
results, which the replay does not read)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from palmares.cli.main import main
from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.web.chaosgames.models import ChaosGame, ChaosTurn
from palmares.web.chaosgames.services import adjudicate_turn, start_chaos_game
from palmares.web.tournaments.models import Tournament

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "wdc-2007" / "chaos-game.json"
CENTRES = sorted(standard_map().supply_centres)
PLAYERS = "\n".join(f"Player {c.upper()}: {c.upper()}" for c in CENTRES)

#: A year and a bit of the chaos game: the first builds (winter 1900), a bounce, a head-to-head
#: and a supported attack (spring 1901), its retreat, a fall that takes Trieste, the winter where
#: the player of Trieste — no centre left — loses its army in civil disorder (wdc-2007: by
#: distance from its home centre), and a spring after.
TURNS = [
    "\n".join(
        f"Player {c.upper()}: build {'F' if c in ('lon', 'bre') else 'A'} {c}" for c in CENTRES
    ),
    "Player PAR: A par - bur\nPlayer MUN: A mun - bur\nPlayer BEL: A bel - hol\n"
    "Player HOL: A hol - bel\nPlayer VEN: A ven - tri\nPlayer VIE: A vie S A ven - tri\n"
    "Player LON: F lon - eng\nPlayer BRE: F bre - mao\n",
    "Player TRI: A tri - alb",
    "Player PAR: A par - bur\nPlayer WAR: A war - gal\nPlayer BUD: A bud - gal\n"
    "Player VEN: A tri H\nPlayer LON: F eng - bel\n",
    "Player VEN: build A ven",
    "Player PAR: A bur - pic\nPlayer VEN: A ven - pie\nPlayer LON: F eng - pic\n",
]


def _record(game: ChaosGame, *, results: bool = False) -> dict[str, Any]:
    """The chaos game's turns, as stored, as a game record (with each turn's stored results
    if asked: the record may carry them; the replay rules on the orders again)."""
    turns = ChaosTurn.objects.filter(game=game).order_by("number")
    return {
        "game": game.name,
        "rules": game.rules,
        "phases": [
            {
                "number": t.number,
                "position": t.position,
                "orders": t.orders,
                **({"results": t.results} if results else {}),
                "next_position": t.next_position,
            }
            for t in turns
        ],
    }


def test_the_chaos_game_s_own_record_replays_clean(
    wc: Tournament, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = start_chaos_game(wc, "Chaos 2007", PLAYERS, rules="wdc-2007")
    for orders in TURNS:
        adjudicate_turn(game, orders)
    record = _record(game, results=True)
    seasons = [(p["position"]["season"], p["position"]["phase"]) for p in record["phases"]]
    assert seasons == [
        ("winter", "adjustment"),
        ("spring", "movement"),
        ("spring", "retreat"),
        ("fall", "movement"),
        ("winter", "adjustment"),
        ("spring", "movement"),
    ]
    winter = record["phases"][4]["results"]
    assert [(r["power"], r["parsed"], r["reason"]) for r in winter] == [
        ("Player VEN", "build A VEN", "built"),
        ("Player TRI", "remove A ALB", "civil disorder: removed (distance 1 from a home centre)"),
    ]
    # The committed example is this record (the chaos game's own adjudication), turn for turn.
    assert json.loads(EXAMPLE.read_text(encoding="utf-8")) == _record(game)
    path = tmp_path / "chaos.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["diplomacy", "replay", str(path)]) == 0
    assert capsys.readouterr().out == (
        "6 phases replayed under wdc-2007: every phase agrees with the record\n"
    )
