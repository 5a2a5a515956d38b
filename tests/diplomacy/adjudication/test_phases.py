"""Phases with their explanations; the seed 002 order rules; the chaos game; position.json."""

from __future__ import annotations

from typing import Any

import pytest

from palmares.core.errors import InputError
from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.parse import parse_orders
from palmares.diplomacy.adjudication.phases import PhaseResult, adjudicate, place_units
from palmares.diplomacy.adjudication.position import position_from_json, position_to_json

GMAP = standard_map()


def run(text: str, position: dict[str, Any] | None = None, rules: str = "datc") -> PhaseResult:
    pos = position_from_json(position, GMAP) if position is not None else None
    orders = parse_orders(text, GMAP, rules=rules, powers=pos.all_powers() if pos else None)
    return adjudicate(pos or place_units(orders, GMAP), orders, GMAP, rules)


def reasons(result: PhaseResult) -> list[str]:
    return [r.reason for r in result.results]


def test_a_bounce_names_the_rival_and_the_strengths() -> None:
    result = run(
        "Austria: A vie - tyr\nAustria: A tri S A vie - tyr\nItaly: A ven - tyr\n"
        "Italy: A pie S A ven - tyr\n"
    )
    assert reasons(result)[0] == "fails: bounced with A VEN: attack 2 against prevent 2"
    assert reasons(result)[2] == "fails: bounced with A VIE: attack 2 against prevent 2"


def test_a_cut_support_names_the_cutter_and_a_beaten_hold_its_strength() -> None:
    result = run(
        "Italy: A ven - tri\nItaly: A tyr S A ven - tri\nAustria: A tri H\n"
        "Austria: A vie S A tri\nGermany: A mun - tyr\n"
    )
    assert reasons(result) == [
        "fails: attack 1 against hold 2 of TRI",
        "cut by A MUN",
        "holds",
        "support given to TRI",
        "fails: attack 1 against hold 1 of TYR",
    ]


def test_an_invalid_order_says_which_rule_and_the_unit_holds() -> None:
    result = run("Italy: F nap - tun\nFrance: F kie - mun\nEngland: A lvp - iri\n")
    assert reasons(result) == [
        "invalid: a fleet at NAP cannot reach TUN; the unit holds",
        "invalid: a fleet cannot move to a land province; the unit holds",
        "invalid: an army cannot move to a sea province; the unit holds",
    ]
    assert [(r.valid, r.succeeds) for r in result.results] == [(False, False)] * 3


def test_nmr_units_hold_may_be_supported_and_retreat() -> None:
    """Seed 002: an NMR unit holds, "may receive support orders as normal", may retreat."""
    position = {
        "year": 1901,
        "season": "spring",
        "phase": "movement",
        "units": {"Austria": ["A SER"], "Turkey": ["A BUL", "A GRE", "F AEG"]},
        "centres": {},
    }
    result = run("Turkey: A bul - ser\nTurkey: A gre S A bul - ser\n", position)
    nmr = {r.parsed: r.reason for r in result.results if r.order is None}
    assert nmr == {
        "A SER H": "no order (NMR): holds; dislodged by A BUL",
        "F AEG H": "no order (NMR): holds",
    }
    assert [str(d.unit) for d in result.dislodged] == ["A SER"]
    nxt = result.next_position
    assert (nxt.phase, [str(d.unit) for d in nxt.dislodged]) == ("retreat", ["A SER"])
    retreat = adjudicate(nxt, parse_orders("Austria: A ser - alb", GMAP), GMAP)
    assert retreat.results[0].reason == "retreats to ALB"
    assert retreat.next_position.season == "fall"


def test_coasts_and_unit_types_under_both_rule_sets() -> None:
    """Seed 002: a coast is superfluous except in the listed moves; a support's coast is
    disregarded; "Fleet"/"Army" is superfluous outside coastal builds."""
    text = "France: F gas - spa/sc\n"
    assert run(text).results[0].reason.startswith("invalid: a fleet at GAS cannot reach SPA/SC")
    assert run(text, rules="wdc-2007").results[0].reason == "moves to SPA/NC (attack 1)"
    for rules in ("datc", "wdc-2007"):
        missing = run("France: F por - spa\n", rules=rules).results[0].reason
        assert missing.startswith(
            "invalid: the coast must be named: the fleet could go to SPA/NC or SPA/SC"
        )
    wrong_type = "Germany: F mun - ruh\nGermany: A kie H\n"
    position = {
        "year": 1901,
        "season": "spring",
        "phase": "movement",
        "units": {"Germany": ["A MUN"]},
        "centres": {},
    }
    assert (
        run(wrong_type.splitlines()[0], position)
        .results[0]
        .reason.startswith("invalid: the unit in MUN is an army")
    )
    assert (
        run(wrong_type.splitlines()[0], position, "wdc-2007").results[0].reason
        == "moves to RUH (attack 1)"
    )


def _winter(
    units: dict[str, list[str]], centres: dict[str, list[str]], **extra: Any
) -> dict[str, Any]:
    return {
        "year": 1902,
        "season": "winter",
        "phase": "adjustment",
        "units": units,
        "centres": centres,
        **extra,
    }


def test_builds_coastal_types_and_the_house_rule() -> None:
    position = _winter({"France": ["A PAR"]}, {"France": ["PAR", "BRE", "MAR", "SPA"]})
    wdc = run("France: build bre\nFrance: build A mar\nFrance: build A spa\n", position, "wdc-2007")
    assert reasons(wdc) == [
        "waived: a build in a coastal province must say Fleet or Army",
        "built",
        "invalid: SPA is not a home centre of France",
    ]
    anywhere = run(
        "France: build A spa\n",
        _winter({"France": ["A PAR"]}, {"France": ["PAR", "SPA"]}, build_anywhere=True),
    )
    assert reasons(anywhere) == ["built"]
    assert position_to_json(anywhere.next_position)["units"] == {"France": ["A PAR", "A SPA"]}
    assert anywhere.next_position.season == "spring" and anywhere.next_position.year == 1903


def test_chaos_game_34_powers_one_home_each() -> None:
    """Seed 002, "Chaos Game": 34 players, each starting with one supply centre."""
    centres = sorted(GMAP.supply_centres)
    homes = {f"Player {i + 1:02d}": [c.upper()] for i, c in enumerate(centres)}
    units = {p: [f"A {h[0]}"] for p, h in homes.items()}
    position = {
        "year": 1901,
        "season": "fall",
        "phase": "movement",
        "units": units,
        "centres": homes,
        "homes": homes,
    }
    pos = position_from_json(position, GMAP)
    assert len(pos.all_powers()) == 34
    text = "Player 01: A ank - arm\nPlayer 02: A bel - hol\nPlayer 11: A hol - bel\n"
    orders = parse_orders(text, GMAP, powers=pos.all_powers())
    result = adjudicate(pos, orders, GMAP)
    assert [r.succeeds for r in result.results[:3]] == [True, False, False]
    assert result.results[1].reason == ("fails: head-to-head with A HOL: attack 1 against defend 1")
    nxt = result.next_position
    assert nxt.phase == "adjustment"
    assert sum(len(c) for c in nxt.centres.values()) == 34
    assert nxt.centres["Player 01"] == ("ank",)  # left empty, still owned
    build = adjudicate(
        nxt, parse_orders("Player 01: build A ank", GMAP, powers=nxt.all_powers()), GMAP
    )
    assert build.results[0].reason == "invalid: Player 01 has no build"


def test_position_json_round_trip_and_errors() -> None:
    data = {
        "year": 1901,
        "season": "spring",
        "phase": "retreat",
        "units": {"France": ["F MAO", "A PAR"]},
        "centres": {"France": ["PAR", "MAR", "BRE"]},
        "dislodged": {"France": [{"unit": "F SPA/SC", "from": "POR"}]},
    }
    pos = position_from_json(data, GMAP)
    out = position_to_json(pos)
    assert out["units"] == data["units"]
    assert out["centres"] == {"France": ["BRE", "MAR", "PAR"]}
    assert out["dislodged"] == data["dislodged"]
    assert out["homes"]["Russia"] == ["MOS", "SEV", "STP", "WAR"]
    with pytest.raises(InputError) as err:
        position_from_json(
            {
                "year": "x",
                "season": "spring",
                "phase": "movement",
                "units": {"France": ["A MAO", "F SPA"]},
                "centres": {"France": ["PIC"]},
            },
            GMAP,
        )
    assert [str(p) for p in err.value.problems] == [
        "position.json: year: expected a whole number, got 'x'",
        "position.json: units.France[0]: an army cannot stand in a sea province (MAO)",
        "position.json: units.France[1]: a fleet cannot stand at SPA (possible: SPA/NC, SPA/SC)",
        "position.json: centres.France: PIC is not a supply centre",
    ]


@pytest.mark.parametrize(
    ("standoffs", "problem"),
    [
        (5, "position.json: standoffs: expected a list of provinces"),
        (["BUR", "XXX"], "position.json: standoffs: unknown province 'XXX'"),
    ],
)
def test_standoffs_are_a_list_of_provinces(standoffs: Any, problem: str) -> None:
    data = {"year": 1901, "season": "spring", "phase": "retreat", "standoffs": standoffs}
    with pytest.raises(InputError) as err:
        position_from_json(data, GMAP)
    assert [str(p) for p in err.value.problems] == [problem]
