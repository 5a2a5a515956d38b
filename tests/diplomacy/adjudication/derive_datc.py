"""Derive ``datc_cases.json`` from the DATC v3.0 chapter 6 text (``../shared/data/datc``).

Run by hand (``python -m tests.diplomacy.adjudication.derive_datc``), not by the test suite: it
reads each case's orders from its text, takes the positions that the text gives in prose from
``POSITIONS`` below, adjudicates them, and writes what it found as the expected results, which
were then checked by hand against each case's own words (and corrected in ``CORRECTIONS`` if
the adjudicator had been wrong). The tests then hold the adjudicator to the checked file.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.parse import parse_orders
from palmares.diplomacy.adjudication.phases import adjudicate, place_units
from palmares.diplomacy.adjudication.position import position_from_json, position_to_json

SOURCE = Path("/work/shared/data/datc/datc_v3_0_chapter6.json")
OUT = Path(__file__).with_name("datc_cases.json")
HEADER = re.compile(r"^(Austria|England|France|Germany|Italy|Russia|Turkey):?\s*$")
ORDER = re.compile(r"^(A|F) |^(Build|Remove) (A|F) |^Waive\b", re.I)


def _adj(centres: dict[str, list[str]], units: dict[str, list[str]]) -> dict[str, Any]:
    return {
        "year": 1901,
        "season": "winter",
        "phase": "adjustment",
        "units": units,
        "centres": centres,
    }


def _mov(units: dict[str, list[str]]) -> dict[str, Any]:
    return {"year": 1901, "season": "spring", "phase": "movement", "units": units, "centres": {}}


RUS4 = ["MOS", "STP", "SEV", "WAR"]
GER3 = ["BER", "KIE", "MUN"]
#: The positions the cases give in words.
POSITIONS: dict[str, list[dict[str, Any]]] = {
    "6.A.6": [_mov({"England": ["F LON"]})],
    "6.B.10": [_mov({"France": ["F SPA/SC"]})],
    "6.B.11": [_mov({"France": ["F SPA/NC"]})],
    "6.I.1": [_adj({"Germany": GER3}, {"Germany": ["A BER", "A RUH"]})],
    "6.I.2": [_adj({"Russia": RUS4}, {"Russia": ["A WAR", "F SEV", "F STP/SC"]})],
    "6.I.3": [_adj({"Germany": GER3}, {"Germany": ["A BER", "A RUH"]})],
    "6.I.4": [_adj({"Russia": RUS4}, {"Russia": ["F STP/SC", "A WAR", "A SEV"]})],
    "6.I.5": [
        _adj(
            {"Germany": ["KIE", "MUN", "HOL", "DEN"], "Russia": ["BER", *RUS4]},
            {
                "Germany": ["A RUH", "F NTH"],
                "Russia": ["A MOS", "A WAR", "F SEV", "F STP/NC", "A SIL"],
            },
        )
    ],
    "6.I.6": [_adj({"Germany": [*GER3, "WAR"]}, {"Germany": ["A RUH", "F NTH", "A SIL"]})],
    "6.I.7": [_adj({"Russia": RUS4}, {"Russia": ["A UKR", "F BLA"]})],
    "6.J.1": [_adj({"France": ["BRE"]}, {"France": ["A PAR", "A PIC"]})],
    "6.J.2": [_adj({"France": ["BRE"]}, {"France": ["A PAR", "A PIC", "A BUR"]})],
    "6.J.3": [_adj({"Russia": ["STP"]}, {"Russia": ["A LVN", "A SWE"]})],
    "6.J.4": [_adj({"Russia": ["MOS"]}, {"Russia": ["A LVN", "A UKR"]})],
    "6.J.5": [_adj({"Russia": ["STP"]}, {"Russia": ["F SKA", "F BER"]})],
    "6.J.6": [_adj({"Russia": ["MUN"]}, {"Russia": ["F BOT", "F NTH"]})],
    "6.J.7": [_adj({"Russia": ["STP", "WAR"]}, {"Russia": ["A BOH", "F SKA", "F NTH"]})],
    "6.J.8": [_adj({"Russia": ["WAR"]}, {"Russia": ["A TYR", "F BAL"]})],
    "6.J.9": [
        _adj({"Russia": ["STP", "SEV"]}, {"Russia": ["A GRE", "A SEV", "F BAL"]}),
        _adj({"Russia": ["STP", "SEV"]}, {"Russia": ["A GRE", "A SEV", "F SKA"]}),
    ],
    "6.J.10": [_adj({"Italy": ["NAP"]}, {"Italy": ["A GRE", "A PIE"]})],
    "6.J.11": [_adj({"Italy": ["WAR"]}, {"Italy": ["A WAR", "A TUS"]})],
}


#: Retreat orders of ours for the cases that state a retreat rule in words only: each tests the
#: sentence quoted.
RETREATS: dict[str, tuple[str, str]] = {
    "6.H.5": ("Turkey: F Ankara - Black Sea\n", "may not retreat to Black Sea"),
    "6.H.6": ("Italy: A Vienna - Bohemia\n", "It may not retreat to Bohemia"),
    "6.H.9": ("Germany: F Kiel - Berlin\n", "The fleet in Kiel can retreat to Berlin"),
    "6.H.11": ("Italy: A Marseilles - Gascony\n", "Marseilles may retreat to Gascony"),
    "6.H.12": ("England: A Liverpool - Edinburgh\n", "Liverpool may retreat to Edinburgh"),
    "6.H.13": ("England: A Picardy - London\n", "Picardy cannot retreat to London"),
    "6.H.15": ("England: F Portugal - Spain(nc)\n", "retreat to Spain(nc)"),
    "6.H.16": ("France: F Western Mediterranean - Spain(sc)\n", "retreat to Spain(sc)"),
}

#: Typos in the DATC's own text, corrected: (case, wrong, right).
TYPOS = [("6.F.25", "Rhur", "Ruhr")]


def phases_of(text: str) -> list[str]:
    """The order blocks of a case; a paragraph of prose between blocks starts the next phase."""
    phases: list[list[str]] = []
    cur: list[str] = []
    power: str | None = None
    gap = False
    for raw in text.splitlines():
        s = raw.strip()
        m = HEADER.match(s)
        if m:
            if gap and cur:
                phases.append(cur)
                cur = []
            power, gap = m.group(1), False
            continue
        if power and s and ORDER.match(s):
            cur.append(f"{power}: {s}")
            continue
        if not s:
            continue
        power = None
        if cur:
            gap = True
    if cur:
        phases.append(cur)
    return ["\n".join(p) + "\n" for p in phases]


def run_case(
    case_id: str, phases: list[str], positions: list[dict[str, Any]] | None, rules: str
) -> list[dict[str, Any]]:
    gmap = standard_map()
    out: list[dict[str, Any]] = []
    starts: list[dict[str, Any] | None] = list(positions) if positions else [None]
    texts = phases or [""]
    for start in starts:
        pos = None if start is None else position_from_json(start, gmap)
        for text in texts:
            orders = parse_orders(text, gmap, rules=rules)
            if pos is None:
                pos = place_units(orders, gmap)
            res = adjudicate(pos, orders, gmap, rules)
            out.append(
                {
                    "results": [
                        [r.order.text if r.order else r.parsed, r.valid, r.succeeds]
                        for r in res.results
                    ],
                    "dislodged": sorted(str(d.unit) for d in res.dislodged),
                    "units": position_to_json(res.next_position)["units"],
                }
            )
            pos = res.next_position
    return out


def main() -> None:
    cases = json.loads(SOURCE.read_text())["cases"]
    old = {c["id"]: c for c in json.loads(OUT.read_text())} if OUT.exists() else {}
    fixtures = []
    for c in cases:
        text = c["text"]
        for case_id, wrong, right in TYPOS:
            if case_id == c["id"]:
                text = text.replace(wrong, right)
        phases = phases_of(text)
        if c["id"] in RETREATS:
            orders, sentence = RETREATS[c["id"]]
            assert sentence in text, c["id"]
            phases.append(orders)
        positions = POSITIONS.get(c["id"])
        entry: dict[str, Any] = {"id": c["id"], "title": c["title"], "phases": phases}
        if positions:
            entry["positions"] = positions
        entry["datc"] = run_case(c["id"], phases, positions, "datc")
        wdc = run_case(c["id"], phases, positions, "wdc-2007")
        if wdc != entry["datc"]:
            entry["wdc-2007"] = wdc
        if c["id"] in old and "checked" in old[c["id"]]:
            entry["checked"] = old[c["id"]]["checked"]
        fixtures.append(entry)
    OUT.write_text(json.dumps(fixtures, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(fixtures)} cases written to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
