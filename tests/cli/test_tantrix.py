"""`palmares tantrix`: seed 003's NZ 2000 sheet reproduced by the command line, and the rest."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from palmares.core.rounding import half_up
from tests.conftest import CliResult

NZ = Path(__file__).resolve().parents[2] / "examples" / "tantrix-nz-2000"
MATCHES = str(NZ / "matches.csv")
RATINGS = str(NZ / "ratings.csv")

# How each printed column is shown by the seed: places for half-up display, or text.
PLACES = {
    "tp_percent": 1,
    "factor": 0,
    "opponent_elo": 0,
    "elo": 0,
    "pre_elo": 0,
    "tournament_elo": 0,
    "games": 1,
    "tournament_games": 1,
}


def expected_cells() -> list[dict[str, str]]:
    with (NZ / "expected.csv").open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def shown(column: str, cell: str) -> str:
    """A csv cell (full precision) as the seed's sheet shows it."""
    if column == "lost_to":
        return cell
    return str(half_up(Decimal(cell), PLACES[column]))


def performance_csv(cli: Callable[..., CliResult], *extra: str) -> dict[str, dict[str, str]]:
    result = cli("tantrix", "performance", MATCHES, "--ratings", RATINGS, "--format", "csv", *extra)
    assert result.code == 0, result.err
    return {row["player"]: row for row in csv.DictReader(io.StringIO(result.out))}


def test_the_144_reproducible_cells_of_the_seed(cli: Callable[..., CliResult]) -> None:
    rows = performance_csv(cli)
    cells = [c for c in expected_cells() if c["reproducible"] == "yes"]
    assert len(cells) == 144
    wrong = []
    for cell in cells:
        row = rows[cell["player"]]
        assert row["official"] == cell["official"]
        got = shown(cell["column"], row[cell["column"]])
        if got != cell["value"]:
            wrong.append((cell["player"], cell["column"], cell["value"], got))
    assert wrong == []


def test_rows_come_in_the_seeds_order(cli: Callable[..., CliResult]) -> None:
    """The seed lists the unrated players branch by branch down the draw (MattK, Rochelle, then
    Mighty's branch …), then the officially rated players in the order of its first table."""
    result = cli("tantrix", "performance", MATCHES, "--ratings", RATINGS, "--format", "csv")
    assert result.code == 0
    printed = [row["player"] for row in csv.DictReader(io.StringIO(result.out))]
    seed_order = list(dict.fromkeys(cell["player"] for cell in expected_cells()))
    assert printed == seed_order


def test_the_12_cells_no_draw_can_produce(cli: Callable[..., CliResult]) -> None:
    rows = performance_csv(cli)
    cells = [c for c in expected_cells() if c["reproducible"] == "no"]
    assert len(cells) == 12
    for cell in cells:
        assert shown(cell["column"], rows[cell["player"]][cell["column"]]) != cell["value"]
    # venus and windy: the printed tournament G (5, 4) is not what their games give (7, 3);
    # the printed G column sums to an odd number, but every game counts for two players.
    printed_g = sum(
        Decimal(c["value"]) for c in expected_cells() if c["column"] == "tournament_games"
    )
    assert printed_g == 179
    assert sum(int(r["tournament_games"]) for r in rows.values()) == 180
    assert (rows["venus"]["tournament_games"], rows["windy"]["tournament_games"]) == ("7", "3")
    printed = {
        (c["player"], c["column"]): Decimal(c["value"])
        for c in expected_cells()
        if c["column"] != "lost_to"
    }
    opponents = {"Ridcully": ("venus", "Justin", "Pekko", "Runes"),
                 "mikem": ("windy", "Scarab", "Runes", "Pekko")}  # fmt: skip
    for player, met in opponents.items():
        # Each printed row is consistent in itself: opponent Elo + Factor = Elo, and the
        # tournament Elo is the G-weighted average of that Elo and the pre-tournament rating ...
        opp, fac, elo = (printed[(player, c)] for c in ("opponent_elo", "factor", "elo"))
        assert opp + fac == elo
        g, tg, pre = (printed[(player, c)] for c in ("games", "tournament_games", "pre_elo"))
        assert half_up((g * elo + (tg - g) * pre) / tg) == printed[(player, "tournament_elo")]
        # ... but its opponent average is below every rating the player could have met.
        lowest = min(Decimal(rows[o]["elo"] or rows[o]["pre_elo"]) for o in met)
        assert opp < lowest


def test_the_seeds_text_without_the_sheets_overrides_breaks_24_cells(
    cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    text = (NZ / "matches.csv").read_text(encoding="utf-8").splitlines()
    header = text[0].split(",")
    own = header.index("own_rating")
    stripped = [text[0]] + [
        ",".join(v if i != own else "" for i, v in enumerate(line.split(","))) for line in text[1:]
    ]
    plain = tmp_path / "matches.csv"
    plain.write_text("\n".join(stripped) + "\n", encoding="utf-8")
    result = cli("tantrix", "performance", str(plain), "--ratings", RATINGS, "-f", "csv")
    assert result.code == 0, result.err
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(result.out))}
    broken = [
        c
        for c in expected_cells()
        if c["reproducible"] == "yes"
        and shown(c["column"], rows[c["player"]][c["column"]]) != c["value"]
    ]
    assert len(broken) == 24
    assert {c["player"] for c in broken} == {"Pekko", "Justin", "Ridcully", "Runes", "Scarab"}


def test_json_output_and_empty_cells(cli: Callable[..., CliResult]) -> None:
    result = cli("tantrix", "performance", MATCHES, "--ratings", RATINGS, "-f", "json")
    assert result.code == 0, result.err
    payload = json.loads(result.out)
    rows = {r["player"]: r for r in payload["performance"]}
    assert half_up(rows["Jace"]["elo"]) == 1646
    assert rows["Jace"]["pre_elo"] is None
    assert rows["Pekko"]["official"] is True and rows["Pekko"]["lost_to"] == "Ridcully;mikem"
    assert any("Conservation" in n for n in payload["notes"])


def test_table_output_shows_both_tables(cli: Callable[..., CliResult]) -> None:
    result = cli("tantrix", "performance", MATCHES, "--ratings", RATINGS)
    assert result.code == 0, result.err
    assert "│ Jace       │ Chriz    │ 37.5% │   -180 │      1827 │ 1646 │      8.0 │" in result.out
    assert "│ Pekko    │ 12.0 │ 51.3% │     18 │      1912 │ 1930 │         2023 │     16.0 │" in (
        result.out
    )
    assert "difference -113.6 (-1.46 per game over 78 G)" in result.out.replace("\n", " ")
    assert "Illustrative matches" in result.out


def test_explain(cli: Callable[..., CliResult]) -> None:
    result = cli("tantrix", "performance", MATCHES, "--ratings", RATINGS, "--explain", "Jace")
    assert result.code == 0, result.err
    assert "Rated at stage 2 from matches against players rated at stage 1" in result.out
    assert "opponent Elo (G-weighted) 1826.53 + Factor -180.25 = 1646.28 → 1646" in result.out
    pekko = cli("tantrix", "performance", MATCHES, "--ratings", RATINGS, "--explain", "Pekko")
    assert "Tournament Elo = (12 × 1929.98 + 4 × 2023.00) / 16 = 1953.23 → 1953" in pekko.out
    missing = cli("tantrix", "performance", MATCHES, "--ratings", RATINGS, "--explain", "Nobody")
    assert missing.code == 2 and "Nobody did not play" in missing.err


def test_rated_player_with_no_rated_opponents(
    cli: Callable[..., CliResult], write: Callable[[str, str], Path]
) -> None:
    matches = write(
        "m.csv",
        "round,player_a,player_b,games,tp_a,tp_b\nR1,R,N1,4,70,10\nF,R,N2,3,50,10\n"
        "side,X,Y,2,20,20\n",
    )
    ratings = write("r.csv", "player,rating\nR,1850\n")
    result = cli("tantrix", "performance", str(matches), "--ratings", str(ratings), "-f", "csv")
    assert result.code == 0, result.err
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(result.out))}
    assert rows["R"]["games"] == "" and rows["R"]["elo"] == ""
    assert (rows["R"]["tournament_games"], rows["R"]["tournament_elo"]) == ("7", "1850.0")
    assert rows["X"]["elo"] == "" and "X is unrated: met no officially rated player" in result.err


def test_several_events_need_a_choice(
    cli: Callable[..., CliResult], write: Callable[[str, str], Path]
) -> None:
    matches = write(
        "m.csv", "event,player_a,player_b,games,tp_a,tp_b\nA,R,N,1,12,8\nB,R,N,1,8,12\n"
    )
    ratings = write("r.csv", "player,rating\nR,1850\n")
    both = cli("tantrix", "performance", str(matches), "--ratings", str(ratings))
    assert both.code == 2 and "several events (A, B)" in both.err
    one = cli("tantrix", "performance", str(matches), "--ratings", str(ratings), "--event", "B",
              "-f", "csv")  # fmt: skip
    assert one.code == 0 and "N,no,,1,60," in one.out


def test_update_writes_the_new_list(cli: Callable[..., CliResult], tmp_path: Path) -> None:
    out = tmp_path / "new.csv"
    result = cli("tantrix", "update", MATCHES, "--ratings", RATINGS, "--output", str(out))
    assert result.code == 0, result.err
    rows = {r["player"]: r for r in csv.DictReader(out.open(encoding="utf-8"))}
    assert len(rows) == 24
    # Pekko: G unknown, taken as 36; (36 · 2023 + 16 · 1953.23…) / 52.
    assert half_up(Decimal(rows["Pekko"]["rating"]), 2) == Decimal("2001.53")
    assert (rows["Pekko"]["games"], rows["Pekko"]["official"]) == ("52", "yes")
    assert (rows["Jace"]["games"], rows["Jace"]["official"]) == ("8", "no")
    assert "Pekko: 2023.00 → 2001.53" in result.err


def test_update_at_a_world_championship_recentres(cli: Callable[..., CliResult]) -> None:
    result = cli("tantrix", "update", MATCHES, "--ratings", RATINGS, "--world-championship")
    assert result.code == 0, result.err
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(result.out))}
    # Every player of the championship played: their mean weighted by tournament G is 1850.
    tournament_g = performance_csv(cli)
    weighted = sum(
        Decimal(rows[p]["rating"]) * int(tournament_g[p]["tournament_games"]) for p in rows
    )
    assert half_up(weighted / 180, 6) == Decimal("1850.000000")
    assert rows["Pekko"]["games"] == "52"  # G is not shifted
    assert "Re-centred" in result.err


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("26", "25"), "│ A      │ 26    │ 1      │ 13.3              │ 0              │ 13.3 │"),
        (("30", "21", "--minutes", "16", "3"), "│ A      │ 30    │ 9      │ 16.0              │ 2"),
        (("10", "48"), "│ B      │ 48    │ 38     │ 20.0              │ 0              │ 20.0 │"),
    ],
)
def test_tp(cli: Callable[..., CliResult], args: tuple[str, ...], line: str) -> None:
    result = cli("tantrix", "tp", *args)
    assert result.code == 0, result.err
    assert line in result.out


def test_tp_csv_and_exact(cli: Callable[..., CliResult]) -> None:
    result = cli("tantrix", "tp", "40", "20", "--exact", "-f", "csv")
    assert result.code == 0
    rows = list(csv.DictReader(io.StringIO(result.out)))
    assert rows[0]["tp"].startswith("17.96284")


HEADER = "event,round,player_a,player_b,games,tp_a,tp_b\n"
RATINGS_CSV = "player,rating\nR,1850\n"


@pytest.mark.parametrize(
    ("matches", "ratings", "message"),
    [
        (HEADER + "E,R1,A,B,4,48,30\n", RATINGS_CSV, "m.csv:2: tp_b: tp_a + tp_b = 78"),
        (HEADER + "E,R1,A,A,4,40,40\n", RATINGS_CSV, "m.csv:2: player_b: A cannot meet"),
        (HEADER + "E,R1,A,B,-1,40,40\n", RATINGS_CSV, "m.csv:2: games: must be at least 1"),
        (
            HEADER + "E,R1,A,B,4,40,40\nE,R1,A,B,4,40,40\n",
            RATINGS_CSV,
            "m.csv:3: the match A v B in round R1 is listed twice",
        ),
        (
            HEADER + "E,R1,R,B,4,40,40\n",
            "player,rating\nR,high\n",
            "r.csv:2: rating: expected a number, got 'high'",
        ),
        (HEADER + "E,R1,R,B,4,40,40\n", RATINGS_CSV + "R,1900\n", "r.csv:3: player: R is listed"),
    ],
)
def test_cli_rejects_with_exit_code_2(
    cli: Callable[..., CliResult],
    write: Callable[[str, str], Path],
    matches: str,
    ratings: str,
    message: str,
) -> None:
    m, r = write("m.csv", matches), write("r.csv", ratings)
    for command in ("performance", "update"):
        result = cli("tantrix", command, str(m), "--ratings", str(r))
        assert result.code == 2
        assert message in result.err
        assert result.out == ""
        assert "Traceback" not in result.err


def test_full_names(cli: Callable[..., CliResult]) -> None:
    names = str(NZ / "players.csv")
    result = cli("tantrix", "performance", MATCHES, "--ratings", RATINGS, "--names", names)
    assert result.code == 0, result.err
    assert "│ Jason Cornish   │ Jace       │ Chriz    │ 37.5% │" in result.out
    assert "│ Matthew Peek" not in result.out  # the players file spells him Matt Peek
    (pekko,) = [line for line in result.out.splitlines() if line.startswith("│ Matt Peek ")]
    cells = [c.strip() for c in pekko.strip("│").split("│")]
    expected = "Matt Peek,Pekko,12.0,51.3%,18,1912,1930,2023,16.0,1953"
    assert cells == expected.split(",")


def test_seeding(cli: Callable[..., CliResult], write: Callable[[str, str], Path]) -> None:
    ratings = write("r.csv", "player,rating,games\nA,1900,40\nB,2000,18\nC,1800,36\n")
    result = cli("tantrix", "seeding", str(ratings), "-f", "csv")
    assert result.code == 0, result.err
    rows = list(csv.DictReader(io.StringIO(result.out)))
    # B: (18 · 2000 + 18 · 1500) / 36 = 1750, below C.
    assert [(r["rank"], r["player"], r["seeding_rating"]) for r in rows] == [
        ("1", "A", "1900.0"),
        ("2", "C", "1800.0"),
        ("3", "B", "1750.0"),
    ]


def test_per_game_rows_through_the_command(
    cli: Callable[..., CliResult], write: Callable[[str, str], Path]
) -> None:
    matches = write(
        "games.csv",
        "round,player_a,player_b,score_a,score_b,minutes_b\n"
        "F,R,N,30,21,\nF,R,N,20,40,\nF,R,N,26,25,15\n",
    )
    ratings = write("r.csv", "player,rating\nR,1850\n")
    result = cli("tantrix", "performance", str(matches), "--ratings", str(ratings), "-f", "csv")
    assert result.code == 0, result.err
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(result.out))}
    # N: 4.0 + 18.0 + (6.7 − 1) = 27.7 of 60 TP = 46.1666…%.
    assert shown("tp_percent", rows["N"]["tp_percent"]) == "46.2"
    assert rows["N"]["games"] == "3" and rows["R"]["tournament_elo"] == "1850.0"


def test_tp_rejects_a_negative_score(cli: Callable[..., CliResult]) -> None:
    result = cli("tantrix", "tp", "--", "-3", "4")
    assert result.code == 2
    assert "Traceback" not in result.err


def test_csv_header_is_the_engines_columns(cli: Callable[..., CliResult]) -> None:
    from palmares.tantrix.tables import PERFORMANCE_COLUMNS

    result = cli("tantrix", "performance", MATCHES, "--ratings", RATINGS, "-f", "csv")
    assert result.out.splitlines()[0] == ",".join(PERFORMANCE_COLUMNS)
