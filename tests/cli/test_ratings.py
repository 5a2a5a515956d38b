"""`palmares ratings skill` and `palmares ratings backtest` (issue 18)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from palmares.io.competitions import read_competitions
from palmares.ratings.skill import WengLin, rate_competitions
from tests.conftest import CliResult

REPO = Path(__file__).resolve().parents[2]
WIZARD = REPO / "examples" / "wizard" / "games.csv"
DIP = REPO / "examples" / "dip-pouch" / "history.csv"
BOARDS = REPO / "examples" / "wdc-2007" / "boards.csv"
MATCHES = REPO / "examples" / "tantrix-nz-2000" / "matches.csv"
Cli = Callable[..., CliResult]


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_skill_csv_is_the_cores_list(cli: Cli) -> None:
    result = cli("ratings", "skill", str(WIZARD), "--kind", "games", "--format", "csv")
    assert result.code == 0, result.err
    table = rows(result.out)
    assert list(table[0]) == ["rank", "player", "mu", "sigma", "ordinal", "competitions"]
    history = rate_competitions(read_competitions(WIZARD, "games").competitions, WengLin())
    first = history.ranking()[0]
    assert table[0]["player"] == first.player
    assert float(table[0]["mu"]) == first.mu
    assert float(table[0]["ordinal"]) == pytest.approx(first.mu - 3 * first.sigma)
    ordinals = [float(r["ordinal"]) for r in table]
    assert ordinals == sorted(ordinals, reverse=True)


def test_skill_of_results_shows_names_and_as_of(cli: Cli) -> None:
    full = rows(cli("ratings", "skill", str(DIP), "--kind", "results", "-f", "csv").out)
    early = cli("ratings", "skill", str(DIP), "--kind", "results", "-f", "csv", "--as-of",
                "2003-01-01")  # fmt: skip
    assert early.code == 0, early.err
    names = {r["player"] for r in full}
    assert "Anne Dupré" in names
    assert sum(int(r["competitions"]) for r in rows(early.out)) < sum(
        int(r["competitions"]) for r in full
    )


@pytest.mark.parametrize(
    ("path", "kind", "extra"),
    [
        (BOARDS, "boards", ()),
        (BOARDS, "boards", ("--system", "world-classic")),
        (MATCHES, "matches", ()),
        (DIP, "results", ("--model", "thurstone-mosteller-part")),
    ],
)
def test_skill_reads_every_kind(cli: Cli, path: Path, kind: str, extra: tuple[str, ...]) -> None:
    result = cli("ratings", "skill", str(path), "--kind", kind, "-f", "json", *extra)
    assert result.code == 0, result.err
    assert len(json.loads(result.out)["skill"]) > 5


def test_bad_options_are_errors_not_crashes(cli: Cli) -> None:
    assert cli("ratings", "skill", str(WIZARD), "--kind", "boats").code == 2
    assert cli("ratings", "skill", str(WIZARD), "--kind", "games", "--model", "glicko").code == 2
    assert (
        cli("ratings", "skill", str(WIZARD), "--kind", "games", "--as-of", "2019-13-01").code == 2
    )
    assert cli("ratings", "skill", str(WIZARD), "--kind", "games", "--system", "carnage").code == 2
    bad = cli("ratings", "backtest", str(WIZARD), "--kind", "games", "--systems", "elo,glicko")
    assert bad.code == 2 and "glicko" in bad.err


def test_backtest_csv(cli: Cli) -> None:
    result = cli("ratings", "backtest", str(DIP), "--kind", "results", "-f", "csv",
                 "--systems", "dip-pouch,plackett-luce,elo")  # fmt: skip
    assert result.code == 0, result.err
    table = rows(result.out)
    assert list(table[0])[:6] == [
        "system", "competitions", "kendall_tau", "spearman", "top1", "log_likelihood",
    ]  # fmt: skip
    assert "kendall_tau_low" in table[0] and "cold_kendall_tau" in table[0]
    assert [r["system"] for r in table] == ["dip-pouch", "plackett-luce", "elo"]
    assert table[0]["log_likelihood"] == ""
    assert table[1]["log_likelihood"] != ""
    for r in table:
        assert -1 <= float(r["kendall_tau"]) <= 1


def test_backtest_table_has_calibration(cli: Cli) -> None:
    result = cli("ratings", "backtest", str(WIZARD), "--kind", "games", "--systems", "elo")
    assert result.code == 0, result.err
    assert "Calibration" in result.out


def test_help_lists_ratings(cli: Cli) -> None:
    result = cli("--help")
    assert "ratings" in result.out


def test_backtest_tantrix_elo_from_the_list_before(cli: Cli) -> None:
    listed = MATCHES.parent / "ratings.csv"
    result = cli("ratings", "backtest", str(MATCHES), "--kind", "matches", "-f", "csv",
                 "--ratings", str(listed), "--systems", "tantrix-elo,uniform")  # fmt: skip
    assert result.code == 0, result.err
    table = rows(result.out)
    assert [r["system"] for r in table] == ["tantrix-elo", "uniform"]
    assert (table[0]["competitions"], float(table[0]["kendall_tau"])) == ("20", 0.45)
    wrong = cli("ratings", "backtest", str(WIZARD), "--kind", "games", "--ratings", str(listed))
    assert wrong.code == 2 and "--ratings" in wrong.err
    games = cli("ratings", "backtest", str(WIZARD), "--kind", "games", "--systems", "tantrix-elo")
    assert games.code == 2 and "Tantrix matches only" in games.err
