"""All 164 cases of DATC v3.0 chapter 6 (``../shared/data/datc``), under the rule set ``datc``
(the DATC's preferred options), and under ``wdc-2007`` (seed 002, "Order Writing and Format",
and the 1999 Hasbro rule book it plays): where ``datc_cases.json`` records a ``wdc-2007``
result, seed 002 decides the case otherwise (docs/adjudication.md lists them); elsewhere both
rule sets must agree with the DATC.

The fixtures were derived from the cases' text by ``derive_datc.py`` and checked by hand against
each case's words (the ``wdc-2007`` results of 6.G.8 and 6.J.6–6.J.11 against the older rule
books' readings the DATC gives: "Under older rulebooks the army in Tuscany was kept"). Beside
them, the cases where the rule versions part (the reasons said, the tie of equal distance, the
land route's consequences) under both rule sets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.parse import parse_orders
from palmares.diplomacy.adjudication.phases import PhaseResult, adjudicate, place_units
from palmares.diplomacy.adjudication.position import position_from_json
from tests.diplomacy.adjudication.derive_datc import run_case

CASES: list[dict[str, Any]] = json.loads(
    Path(__file__).with_name("datc_cases.json").read_text(encoding="utf-8")
)
DIFFERENT = [c for c in CASES if "wdc-2007" in c]


def test_all_164_cases_are_fixtures() -> None:
    assert len(CASES) == 164
    assert CASES[0]["id"] == "6.A.1"
    assert CASES[-1]["id"] == "6.J.11"


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_datc(case: dict[str, Any]) -> None:
    got = run_case(case["id"], case["phases"], case.get("positions"), "datc")
    assert got == case["datc"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_wdc_2007(case: dict[str, Any]) -> None:
    got = run_case(case["id"], case["phases"], case.get("positions"), "wdc-2007")
    assert got == case.get("wdc-2007", case["datc"])


def test_the_cases_wdc_2007_decides_otherwise() -> None:
    assert [c["id"] for c in DIFFERENT] == [
        "6.B.3",
        "6.B.9",
        "6.D.29",
        "6.G.8",
        "6.J.6",
        "6.J.10",
        "6.J.11",
    ]


GMAP = standard_map()
BOTH = ("datc", "wdc-2007")


def _run(text: str, position: dict[str, Any] | None, rules: str) -> PhaseResult:
    pos = position_from_json(position, GMAP) if position is not None else None
    orders = parse_orders(text, GMAP, rules=rules, powers=pos.all_powers() if pos else None)
    return adjudicate(pos or place_units(orders, GMAP), orders, GMAP, rules)


def _winter(centres: dict[str, list[str]], units: dict[str, list[str]]) -> dict[str, Any]:
    return {
        "year": 1904,
        "season": "winter",
        "phase": "adjustment",
        "units": units,
        "centres": centres,
    }


@pytest.mark.parametrize(
    ("rules", "removed", "reason"),
    [
        ("datc", "remove A TUS", "civil disorder: removed (distance 5 from an owned centre)"),
        ("wdc-2007", "remove A WAR", "civil disorder: removed (distance 4 from a home centre)"),
    ],
)
def test_6j11_owned_centres_in_2023_home_centres_in_1999(
    rules: str, removed: str, reason: str
) -> None:
    """Issue 34: winter 1904, Italy owns WAR only, units A WAR, A TUS, no orders. The 2023
    rules (DATC v3.0) measure from owned centres; the 1999 rule book from home centres (DATC
    6.J.11: "Under older rulebooks the army in Tuscany was kept")."""
    result = _run("", _winter({"Italy": ["WAR"]}, {"Italy": ["A WAR", "A TUS"]}), rules)
    assert [(r.parsed, r.reason) for r in result.results] == [(removed, reason)]


@pytest.mark.parametrize("rules", BOTH)
def test_a_tie_of_equal_distance_goes_by_the_provinces_names(rules: str) -> None:
    """Russia owns St Petersburg (a home centre) and must remove one of two fleets one move
    from it: "Finland" comes before "Gulf of Bothnia" by name, though BOT comes before FIN by
    abbreviation (DATC 6.J.4, 6.J.6: alphabetical order; 4.D.8: of the English names)."""
    result = _run("", _winter({"Russia": ["STP"]}, {"Russia": ["F BOT", "F FIN"]}), rules)
    assert [r.parsed for r in result.results] == ["remove F FIN"]
    home_or_owned = "a home" if rules == "wdc-2007" else "an owned"
    assert (
        result.results[0].reason
        == f"civil disorder: removed (distance 1 from {home_or_owned} centre)"
    )


@pytest.mark.parametrize(
    ("rules", "succeeds", "reason", "units"),
    [
        ("datc", False, "fails: no convoy route", ["A BEL"]),
        (
            "wdc-2007",
            True,
            "moves to HOL by land: no fleet was ordered to convoy it (attack 1)",
            ["A HOL"],
        ),
    ],
)
def test_6g8_via_convoy_with_the_convoy_missing(
    rules: str, succeeds: bool, reason: str, units: list[str]
) -> None:
    """DATC 6.G.8: v3.0 prefers no fallback; seed 002's "a legal and unambiguous order should
    always be executed" (and DATC v2.4) moves the army by land."""
    result = _run(
        "France: A Belgium - Holland via convoy\nEngland: F North Sea - Helgoland Bight\n"
        "England: A Holland - Kiel\n",
        None,
        rules,
    )
    assert (result.results[0].succeeds, result.results[0].reason) == (succeeds, reason)
    assert [str(u) for u in result.next_position.units if u.power == "France"] == units


@pytest.mark.parametrize("rules", BOTH)
def test_a_land_move_after_the_missing_convoy_is_a_land_move(rules: str) -> None:
    """Moved by land, the army dislodges from the province it came from: the dislodged unit may
    not retreat there (DATC 6.H.11 is for armies that came by convoy). Under ``datc`` the move
    fails and nothing is dislodged."""
    result = _run(
        "France: A Belgium - Holland via convoy\nFrance: A Ruhr Supports A Belgium - Holland\n"
        "Germany: A Holland Hold\n",
        None,
        rules,
    )
    if rules == "datc":
        assert result.dislodged == ()
        return
    assert [(str(d.unit), d.attacker_from) for d in result.dislodged] == [("A HOL", "bel")]


@pytest.mark.parametrize("rules", BOTH)
def test_a_convoy_ordered_and_disrupted_does_not_fall_back(rules: str) -> None:
    """DATC 6.G.20 under both: the convoy was there and failed; the army does not move by land."""
    result = _run(
        "France: F Brest - English Channel\nFrance: A Picardy - Belgium via Convoy\n"
        "France: A Burgundy Supports A Picardy - Belgium\n"
        "France: F Mid-Atlantic Ocean Supports F Brest - English Channel\n"
        "England: F English Channel Convoys A Picardy - Belgium\n",
        None,
        rules,
    )
    assert (result.results[1].succeeds, result.results[1].reason) == (
        False,
        "fails: no convoy route",
    )
