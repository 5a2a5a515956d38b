"""`palmares diplomacy adjudicate` and `palmares diplomacy orders check` (issue 17, "Formats")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from palmares.cli.main import main


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_orders_check_names_file_line_and_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = _write(
        tmp_path,
        "orders.txt",
        "# spring\nFRA: F mao -> spa/sc\nItaly: F nap - tun\nITA: A ven - tyr\n",
    )
    assert main(["diplomacy", "orders", "check", str(f)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{f}:2: 'F mao -> spa/sc': valid",
        f"{f}:3: 'F nap - tun': invalid: a fleet at NAP cannot reach TUN",
        f"{f}:4: 'A ven - tyr': valid",
    ]


def test_adjudicate_json_with_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    position = {
        "year": 1901,
        "season": "fall",
        "phase": "movement",
        "units": {"Austria": ["A VIE", "A TRI"], "Italy": ["A VEN"]},
        "centres": {"Austria": ["VIE", "BUD", "TRI"], "Italy": ["VEN", "ROM", "NAP"]},
    }
    p = _write(tmp_path, "position.json", json.dumps(position))
    f = _write(
        tmp_path,
        "orders.txt",
        "Austria: A vie - tyr\nAustria: A tri s a vie - tyr\nItaly: A ven - tyr\n",
    )
    assert main(["diplomacy", "adjudicate", str(f), "--position", str(p), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(o["line"], o["valid"], o["succeeds"]) for o in data["orders"]] == [
        (1, True, True),
        (2, True, True),
        (3, True, False),
    ]
    assert data["orders"][2]["reason"] == "fails: bounced with A VIE: attack 1 against prevent 2"
    assert data["position"]["season"] == "winter"
    assert data["position"]["units"]["Austria"] == ["A TYR", "A TRI"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("just words\n", ":1: expected 'Power: order'"),
        ("Austria: A vie H\nNarnia: A bud H\n", ":2: unknown power 'Narnia'"),
    ],
)
def test_bad_orders_file_exits_2_with_file_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    p = _write(
        tmp_path,
        "position.json",
        json.dumps(
            {
                "year": 1901,
                "season": "spring",
                "phase": "movement",
                "units": {"Austria": ["A VIE"]},
                "centres": {},
            }
        ),
    )
    f = _write(tmp_path, "orders.txt", text)
    assert main(["diplomacy", "adjudicate", str(f), "--position", str(p)]) == 2
    assert message in capsys.readouterr().err


def test_bad_position_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = _write(
        tmp_path,
        "position.json",
        '{"year": 1901,\n "season": "summer", "phase": "movement", "units": {"France": ["F PAR"]}}',
    )
    f = _write(tmp_path, "orders.txt", "France: F par H\n")
    assert main(["diplomacy", "adjudicate", str(f), "--position", str(p)]) == 2
    err = capsys.readouterr().err
    assert "season: expected one of spring, fall, winter" in err
    assert "a fleet cannot stand at PAR" in err


def test_explain_prints_the_next_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = _write(tmp_path, "orders.txt", "ENG: F lon - nth\nENG: A lvp - yor\nFRA: A par - bur\n")
    assert main(["diplomacy", "adjudicate", str(f), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "next: fall 1901, movement" in out
    assert "England: F NTH, A YOR; 0 centres" in out
    assert "France: A BUR; 0 centres" in out


def test_csv_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _write(tmp_path, "orders.txt", "Italy: F nap - tun\n")
    assert main(["diplomacy", "adjudicate", str(f), "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "line,power,parsed,valid,succeeds,reason"
    assert (
        lines[1]
        == "1,Italy,F NAP - TUN,no,no,invalid: a fleet at NAP cannot reach TUN; the unit holds"
    )


def test_adjudicate_tells_each_reason_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = _write(tmp_path, "orders.txt", "FRA: F mao -> spa/sc\nItaly: F nap - tun\n")
    assert main(["diplomacy", "adjudicate", str(f), "--language", "fr", "--format", "csv"]) == 0
    french = capsys.readouterr().out
    assert "va en SPA/SC (attaque 1)" in french
    assert "une flotte en NAP ne peut pas atteindre TUN" in french
    assert "moves to" not in french
    assert main(["diplomacy", "adjudicate", str(f), "--language", "en", "--format", "csv"]) == 0
    english = capsys.readouterr().out
    assert "moves to SPA/SC (attack 1)" in english
    assert main(["diplomacy", "adjudicate", str(f), "--language", "fr", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["orders"]
    assert rows[0]["reason"] == "moves to SPA/SC (attack 1)"  # the data stays English
    assert "said" not in rows[0]
