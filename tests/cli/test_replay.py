"""`palmares diplomacy replay GAME` (issue 34): the disputed example's planted wrong phase in a
table, CSV, JSON and French; the rule set taken from the record unless ``--rules`` says; a bad
game file exits 2 with the file and the field (or line), never 70."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from palmares.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "wdc-2007"
DISPUTED = EXAMPLES / "game-disputed.json"


def test_the_planted_wrong_phase_in_a_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    assert main(["diplomacy", "replay", str(DISPUTED)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].rstrip() == "Where the record and the adjudication differ"
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert [[cell.strip() for cell in row.strip("│").split("│")] for row in rows] == [
        ["2", "fall 1901, movement", "phase", "", "winter 1901, adjustment", "fall 1901, retreat"],
        ["2", "fall 1901, movement", "units", "France", "A BUR", ""],
        ["2", "fall 1901, movement", "units", "Germany", "A MUN", "A BUR"],
        ["2", "fall 1901, movement", "dislodged", "France", "", "A BUR (MUN)"],
        ["2", "7", "France", "A BUR H", "yes", "no", "dislodged by A MUN"],
        ["2", "8", "France", "A MAR S A BUR", "yes", "no", "cut by A PIE"],
        ["2", "10", "Germany", "A MUN - BUR", "yes", "yes", "moves to BUR (attack 2)"],
        ["2", "11", "Germany", "A RUH S A MUN - BUR", "yes", "yes", "support given to MUN"],
        ["2", "13", "Italy", "A PIE - MAR", "yes", "no", "fails: attack 1 against hold 1 of MAR"],
    ]
    assert out.splitlines()[-1] == (
        "3 phases replayed under wdc-2007; phases that differ from the record: 1"
    )


def test_json_groups_each_differing_phase(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diplomacy", "replay", str(DISPUTED), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["rules"], data["replayed"], data["clean"]) == ("wdc-2007", 3, False)
    (phase,) = data["differing"]
    assert (phase["phase"], phase["when"]) == (2, "fall 1901, movement")
    assert phase["differences"][3] == {
        "what": "dislodged",
        "power": "France",
        "before": False,
        "record": [],
        "adjudication": ["A BUR (MUN)"],
    }
    assert phase["orders"][1] == {
        "line": 8,
        "power": "France",
        "text": "A Marseilles Supports A Burgundy",
        "parsed": "A MAR S A BUR",
        "valid": True,
        "succeeds": False,
        "reason": "cut by A PIE",
    }


def test_csv_and_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diplomacy", "replay", str(DISPUTED), "-f", "csv", "--language", "fr"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        "phase,when,what,power,record,adjudication",
        '2,"fall 1901, movement",phase,,"winter 1901, adjustment","fall 1901, retreat"',
        '2,"fall 1901, movement",units,France,A BUR,',
        '2,"fall 1901, movement",units,Germany,A MUN,A BUR',
        '2,"fall 1901, movement",dislodged,France,,A BUR (MUN)',
    ]
    assert captured.err == (
        "3 phases rejouées selon wdc-2007 ; phases qui diffèrent de la partie enregistrée : 1\n"
    )


def test_the_record_s_rules_unless_told(capsys: pytest.CaptureFixture[str]) -> None:
    game = EXAMPLES / "game.json"
    assert main(["diplomacy", "replay", str(game)]) == 0
    assert capsys.readouterr().out == (
        "4 phases replayed under wdc-2007: every phase agrees with the record\n"
    )
    assert main(["diplomacy", "replay", str(game), "--rules", "datc", "-f", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(p["phase"], p["orders"][0]["reason"]) for p in data["differing"]] == [
        (1, "fails: no convoy route")
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{\n  "phases": [\n', "game.json:3: invalid JSON: Expecting value"),
        (
            '{"phases": [{"orders": []}]}',
            "game.json: phases[0]: the first phase needs its 'position'",
        ),
        (
            '{"phases": [{"position": {"year": 1901, "season": "spring", "phase": "movement"}, '
            '"orders": ["Narnia: A Vienna H"], "next_position": {"year": 1901, '
            '"season": "fall", "phase": "movement"}}]}',
            "game.json: phases[0].orders[0]: unknown power 'Narnia'",
        ),
    ],
)
def test_a_bad_game_file_exits_2_with_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert main(["diplomacy", "replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path}/{message}" in err


def test_an_unknown_rule_set_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diplomacy", "replay", str(DISPUTED), "--rules", "1971"]) == 2
    assert "--rules: expected one of datc, wdc-2007, got '1971'" in capsys.readouterr().err
