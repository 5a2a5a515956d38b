"""`palmares diplomacy seed`: the call as csv is the next round's history; bad input is one
clear line per problem and exit code 2."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliResult

Cli = Callable[..., CliResult]
Write = Callable[[str, str], Path]
PLAYERS = "player\n" + "".join(f"p{i:02d}\n" for i in range(1, 22))


def test_two_rounds_through_csv(cli: Cli, write: Write) -> None:
    players = write("players.csv", PLAYERS)
    first = cli("diplomacy", "seed", str(players), "--round", "1", "--format", "csv")
    assert first.code == 0, first.err
    rows = list(csv.DictReader(io.StringIO(first.out)))
    assert list(rows[0]) == ["round", "board", "power", "player"] and len(rows) == 21
    assert "round 1: objective 0 (lower bound 0, gap 0); 0 pairs meet again" in first.err
    history = write("r1.csv", first.out)
    second = cli(
        "diplomacy", "seed", str(players), "--round", "2", "--history", str(history),
        "--seed", "5", "--format", "json",
    )  # fmt: skip
    assert second.code == 0, second.err
    data = json.loads(second.out)
    quality = {r["measure"]: r["value"] for r in data["quality"]}
    assert quality["objective: sum of (times met before)²"] == 15
    assert quality["lower bound on the objective"] == 15
    assert quality["pairs who had met once"] == 15 and quality["power repeats"] == 0
    assert len(data["repeated_pairs"]) == 15 and data["power_repeats"] == []
    assert any("spread over 3 boards, still seat at least 15 pairs" in x for x in data["explain"])
    # Issue 20: the worst pair's bounds and what the plan reaches (seven rounds foreseen by
    # default: 42 meetings each over 20 opponents give 3; the plan reaches it).
    assert quality["lower bound on the worst pair's times met before"] == 0
    assert quality["lower bound on the pairs meeting again"] == 15
    assert quality["lower bound on the worst pair by round 7"] == 3
    assert quality["worst pair by round 7: times met (played and foreseen)"] == 3
    extra = quality["extra meetings by round 7 (played and foreseen)"]
    assert any(
        n.startswith(
            "worst pair: seated 3 times by the end of round 7, rounds 3–7 foreseen (the "
            f"bound: no call can do better than 3 times); {extra} extra meetings in all."
        )
        for n in data["notes"]
    )


def test_table_output_with_keep_apart_teams_and_top_board(cli: Cli, write: Write) -> None:
    players = write("players.csv", "player,team\n" + "".join(
        f"p{i:02d},{'T' if i in (8, 9, 10) else ''}\n" for i in range(1, 29)
    ))  # fmt: skip
    pairs = write("pairs.csv", "player_a,player_b\np11,p12\n")
    teams = write("teams.csv", "team,player\nU,p13\nU,p14\n")
    top = ",".join(f"p{i:02d}" for i in range(1, 8))
    result = cli(
        "diplomacy", "seed", str(players), "--round", "6", "--keep-apart", str(pairs),
        "--teams", str(teams), "--top-board", top, "--time-limit", "1",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "Board call, round 6" in result.out and "board 1 is the fixed top board." in result.out


@pytest.mark.parametrize(
    ("files", "args", "message"),
    [
        ({"players.csv": "player,boards\np1,5\n"}, [], "players.csv:2: boards: must be at most 2"),
        ({"pairs.csv": "player_a,player_b\np01,p01\n"}, ["--keep-apart", "pairs.csv"],
         "pairs.csv:2: player_b: p01 is paired with themself"),
        ({"h.csv": "round,board,power\n1,1,A\n"}, ["--history", "h.csv"],
         "h.csv:1: player: required column is missing"),
        ({"t.csv": "team,player\nA,p01\nB,p01\n"}, ["--teams", "t.csv"],
         "t.csv:3: player: p01 is already in team A (line 2)"),
        ({}, ["--top-board", "p01,p02"], "the top board needs 7 different players, got 2"),
        ({}, ["--fill", "maybe"], "--fill: expected auto, sit or double, got 'maybe'"),
        ({}, ["--time-limit", "0"], "the time limit must be positive, got 0.0"),
        ({}, ["--rounds", "0"], "the number of rounds must be at least 1, got 0"),
        ({}, ["--history", "missing.csv"], "missing.csv: no such file"),
    ],
)  # fmt: skip
def test_bad_input(
    cli: Cli, write: Write, files: dict[str, str], args: list[str], message: str
) -> None:
    paths = {name: write(name, text) for name, text in files.items()}
    players = paths.get("players.csv") or write("players.csv", PLAYERS)
    folder = players.parent
    argv = [str(folder / a) if a.endswith(".csv") else a for a in args]
    result = cli("diplomacy", "seed", str(players), "--round", "2", *argv)
    assert result.code == 2
    assert message in result.err
    assert result.out == ""


def test_six_rounds_through_csv_repeat_no_power(cli: Cli, write: Write) -> None:
    # Round after round as a TD runs it: each printed call (plus no centres) is the next
    # round's history; the calls follow the plan made in round 1, so no power repeats.
    players = write("players.csv", PLAYERS)
    history = ""
    for rnd in range(1, 7):
        args = ["--history", str(write("h.csv", history))] if history else []
        result = cli(
            "diplomacy", "seed", str(players), "--round", str(rnd), "--rounds", "6",
            "--seed", "3", "--format", "csv", *args,
        )  # fmt: skip
        assert result.code == 0, result.err
        assert f"round {rnd}: " in result.err and "; 0 power repeats." in result.err
        rows = result.out.splitlines()
        history = result.out if not history else history + "\n".join(rows[1:]) + "\n"
    seen = list(csv.DictReader(io.StringIO(history)))
    assert len(seen) == 6 * 21
    assert len({(r["player"], r["power"]) for r in seen}) == 6 * 21


def test_the_board_call_loads_only_what_seeding_needs(write: Write) -> None:
    # Issue 20: `palmares diplomacy seed` imports neither the other games nor the site nor the
    # other diplomacy commands (the command line within half a second of the call in process).
    players = write("players.csv", PLAYERS)
    code = (
        "import sys; from palmares.cli.main import main; "
        f"rc = main(['diplomacy', 'seed', {str(players)!r}, '--round', '1', '--format', 'csv']); "
        "print(rc, sorted(m for m in sys.modules if m.startswith('palmares.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()[-1]
    rc, loaded = out.split(" ", 1)
    assert rc == "0" and "'palmares.cli.diplomacy.seeding'" in loaded
    for other in (
        "palmares.cli.dip_pouch",
        "palmares.cli.tantrix",
        "palmares.cli.wizard",
        "palmares.cli.web",
        "palmares.cli.diplomacy.boards",
        "palmares.cli.diplomacy.systems",
        "palmares.web",
        "palmares.ratings",
        "palmares.tantrix",
        "palmares.wizard",
    ):
        assert f"'{other}'" not in loaded and f"'{other}." not in loaded


def test_the_call_in_french_with_language_fr(cli: Cli, write: Write) -> None:
    # Issue 19: the quality report's measures, the table headers and the notes come from the
    # explanation layer, in the language asked for; the English stays as above.
    players = write("players.csv", PLAYERS)
    first = cli("diplomacy", "seed", str(players), "--round", "1", "--format", "csv")
    history = write("r1.csv", first.out)
    args = ("diplomacy", "seed", str(players), "--round", "2", "--history", str(history))
    french = cli(*args, "--format", "json", "--language", "fr")
    assert french.code == 0, french.err
    data = json.loads(french.out)
    quality = {r["measure"]: r["value"] for r in data["quality"]}
    assert quality["objectif : somme des (rencontres précédentes)²"] == 15
    assert quality["paires qui s’étaient rencontrées une fois"] == 15
    assert data["notes"][0].startswith("ronde 2 : objectif 15 (borne inférieure 15, écart 0)")
    table = cli(*args, "--language", "fr")
    assert table.code == 0, table.err
    assert "Appel des tables, ronde 2" in table.out and "Qualité" in table.out
    assert "rencontres précédentes" in table.out and "Pairs meeting again" not in table.out
    english = cli(*args, "--language", "en")
    assert "Board call, round 2" in english.out and "met before" in english.out
