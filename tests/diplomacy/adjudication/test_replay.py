"""A game's record (``record``) and its replay phase by phase (``replay``), issue 34: the
example records of ``examples/wdc-2007``, a planted wrong phase found and explained, a record
that contradicts itself, the standoffs a record leaves out, and every problem of a bad record
named by its field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from palmares.core.errors import InputError
from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.record import GameRecord, record_from_json
from palmares.diplomacy.adjudication.replay import Replay, read_orders, replay

GMAP = standard_map()
EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "wdc-2007"


def _example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def _replay(data: dict[str, Any], rules: str = "wdc-2007") -> Replay:
    record = record_from_json(data, GMAP)
    return replay(record, read_orders(record, GMAP, rules), GMAP, rules)


def _problems(data: Any) -> list[str]:
    with pytest.raises(InputError) as caught:
        record = record_from_json(data, GMAP)
        read_orders(record, GMAP, "wdc-2007")
    return [str(p) for p in caught.value.problems]


def test_the_example_game_replays_clean_under_its_rules() -> None:
    checked = _replay(_example("game.json"))
    assert checked.rules == "wdc-2007"
    assert [(c.number, c.clean) for c in checked.phases] == [
        (1, True),
        (2, True),
        (3, True),
        (4, True),
    ]


def test_under_datc_the_via_convoy_without_a_convoy_is_the_one_difference() -> None:
    """Italy's "A Venice - Piedmont via convoy" with no fleet to convoy it: moved by land under
    wdc-2007 (as recorded), it fails under datc (DATC v3.0 6.G.8)."""
    checked = _replay(_example("game.json"), "datc")
    (phase,) = checked.differing
    assert phase.number == 1
    assert [(d.what, d.power, d.record, d.other) for d in phase.differences] == [
        ("units", "Italy", ("A PIE",), ("A VEN",))
    ]
    assert [(r.parsed, r.reason) for r in phase.involved] == [
        ("A VEN - PIE via convoy", "fails: no convoy route")
    ]


def test_a_planted_wrong_phase_is_found_and_explained() -> None:
    """The disputed game: in the fall of 1901 the record has the German attack on Burgundy
    bounce, as if France's support from Marseilles counted; Italy's attack from Piedmont cut it,
    so Burgundy is dislodged and the game goes to a retreat phase. The phase after (winter,
    played from the position as recorded) agrees with its record."""
    checked = _replay(_example("game-disputed.json"))
    assert [(c.number, c.clean) for c in checked.phases] == [(1, True), (2, False), (3, True)]
    (phase,) = checked.differing
    assert [(d.what, d.power, d.record, d.other) for d in phase.differences] == [
        ("phase", None, ("winter 1901, adjustment",), ("fall 1901, retreat",)),
        ("units", "France", ("A BUR",), ()),
        ("units", "Germany", ("A MUN",), ("A BUR",)),
        ("dislodged", "France", (), ("A BUR (MUN)",)),
    ]
    assert [
        (r.power, r.order.line if r.order else None, r.parsed, r.reason) for r in phase.involved
    ] == [
        ("France", 7, "A BUR H", "dislodged by A MUN"),
        ("France", 8, "A MAR S A BUR", "cut by A PIE"),
        ("Germany", 10, "A MUN - BUR", "moves to BUR (attack 2)"),
        ("Germany", 11, "A RUH S A MUN - BUR", "support given to MUN"),
        ("Italy", 13, "A PIE - MAR", "fails: attack 1 against hold 1 of MAR"),
    ]


def test_a_record_that_contradicts_itself_is_listed() -> None:
    """A phase that gives its own position, not the one recorded after the phase before: the
    fall of 1901 recorded as played with Serbia already Austria's (centres change hands only
    after the fall), so the adjudication carries it on where the record after it does not."""
    data = _example("game.json")
    second = data["phases"][1]
    second["position"] = copy.deepcopy(data["phases"][0]["next_position"])
    second["position"]["centres"]["Austria"].append("SER")
    checked = _replay(data)
    (phase,) = checked.differing
    assert [(d.what, d.power, d.record, d.other, d.before) for d in phase.differences] == [
        ("centres", "Austria", ("SER",), (), True),
        ("centres", "Austria", (), ("SER",), False),
    ]
    # the orders of the unit in Serbia (and the support of its move) are the ones involved
    assert [r.parsed for r in phase.involved] == ["A SER - GRE", "F ALB S A SER - GRE"]


def test_a_retreat_phase_without_standoffs_takes_them_from_the_adjudication() -> None:
    """A record from elsewhere says nothing of the provinces a bounce left empty: a retreat
    there is still refused (rulebook "Retreats"), so a record showing it differs."""

    def position(season: str, phase: str, units: dict[str, list[str]]) -> dict[str, Any]:
        return {"year": 1901, "season": season, "phase": phase, "units": units, "centres": {}}

    retreat = position(
        "spring",
        "retreat",
        {"Germany": ["A BUR", "A RUH"], "France": ["A PAR"], "Italy": ["A BRE"]},
    )
    retreat["dislodged"] = {"France": [{"unit": "A BUR", "from": "MUN"}]}
    data = {
        "phases": [
            {
                "position": position(
                    "spring",
                    "movement",
                    {
                        "Germany": ["A MUN", "A RUH"],
                        "France": ["A BUR", "A PAR"],
                        "Italy": ["A BRE"],
                    },
                ),
                "orders": [
                    "Germany: A Munich - Burgundy",
                    "Germany: A Ruhr Supports A Munich - Burgundy",
                    "France: A Paris - Picardy",
                    "Italy: A Brest - Picardy",
                ],
                "next_position": retreat,
            },
            {
                "orders": ["France: A Burgundy - Picardy"],
                "next_position": position(
                    "fall",
                    "movement",
                    {
                        "Germany": ["A BUR", "A RUH"],
                        "France": ["A PAR", "A PIC"],
                        "Italy": ["A BRE"],
                    },
                ),
            },
        ]
    }
    checked = _replay(data)
    assert checked.phases[0].clean
    (phase,) = checked.differing
    assert phase.number == 2
    assert [(d.what, d.power, d.record, d.other) for d in phase.differences] == [
        ("units", "France", ("A PIC",), ())
    ]
    assert [r.reason for r in phase.involved] == [
        "invalid: PIC was left empty by a standoff; the unit is disbanded"
    ]


def test_the_record_reads_a_chaos_turn_as_stored() -> None:
    """``number`` and ``results`` (what a chaos game keeps with each turn) are allowed and not
    read; orders may be one text."""
    data = _example("chaos-game.json")
    data["phases"][0]["results"] = [{"anything": "not read"}]
    record = record_from_json(data, GMAP)
    assert isinstance(record, GameRecord)
    assert record.name == "Chaos 2007" and record.rules == "wdc-2007"
    assert [p.listed for p in record.phases] == [False] * 6
    assert all(c.clean for c in _replay(data).phases)


def test_every_problem_of_a_bad_record_is_named_by_its_field() -> None:
    good = _example("game.json")
    data = copy.deepcopy(good)
    data["winner"] = "nobody"
    data["rules"] = "1971"
    del data["phases"][0]["position"]
    data["phases"][1]["next_postion"] = data["phases"][1].pop("next_position")
    data["phases"][2]["orders"] = 12
    data["phases"][3]["next_position"]["units"]["France"][0] = "A ATL"
    assert _problems(data) == [
        "game.json: unknown key 'winner' (known: game, rules, phases)",
        "game.json: rules: expected one of datc, wdc-2007, got '1971'",
        "game.json: phases[0]: the first phase needs its 'position'",
        "game.json: phases[1]: unknown key 'next_postion' (known: position, orders, "
        "next_position, number, results)",
        "game.json: phases[1]: 'next_position' is missing",
        "game.json: phases[2].orders: expected the orders as a text or a list of lines",
        "game.json: phases[3].next_position: units.France[0]: unknown province 'ATL'",
    ]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "game.json: expected a JSON object with a list of 'phases'"),
        ({"phases": []}, "game.json: phases: expected a non-empty list of phases"),
        (
            {"phases": [1]},
            "game.json: phases[0]: expected a JSON object with 'orders' and 'next_position'",
        ),
    ],
)
def test_a_record_that_is_no_record(data: Any, problem: str) -> None:
    assert _problems(data) == [problem]


def test_bad_orders_are_named_by_phase_and_line() -> None:
    data = _example("game.json")
    data["phases"][1]["orders"][2] = "Narnia: A Vienna - Budapest"
    data["phases"][3]["orders"] = "Austria: Build A Vienna\nno colon here"
    assert _problems(data) == [
        "game.json: phases[1].orders[2]: unknown power 'Narnia'",
        "game.json: phases[3].orders, line 2: expected 'Power: order', got 'no colon here'",
    ]
