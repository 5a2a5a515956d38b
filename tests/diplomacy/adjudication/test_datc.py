"""All 164 cases of DATC v3.0 chapter 6 (``../shared/data/datc``), under the rule set ``datc``
(the DATC's preferred options), and under ``wdc-2007`` (seed 002, "Order Writing and Format"):
where ``datc_cases.json`` records a ``wdc-2007`` result, seed 002 decides the case otherwise
(docs/adjudication.md lists them); elsewhere both rule sets must agree with the DATC.

The fixtures were derived from the cases' text by ``derive_datc.py`` and checked by hand against
each case's words.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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
    assert [c["id"] for c in DIFFERENT] == ["6.B.3", "6.B.9", "6.D.29"]
