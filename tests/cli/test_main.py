from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliResult


def test_help_lists_the_groups(cli: Callable[..., CliResult]) -> None:
    result = cli("--help")
    assert result.code == 0
    for group in ("diplomacy", "dip-pouch", "tantrix", "wizard"):
        assert group in result.out


def test_unknown_command_is_a_usage_error(cli: Callable[..., CliResult]) -> None:
    result = cli("no-such-command")
    assert result.code == 2
    assert "No such command" in result.err
    assert "Traceback" not in result.err


def test_a_lone_command_loaded_on_demand_keeps_its_name(cli: Callable[..., CliResult]) -> None:
    # Only the part named is loaded (issue 20); a plain command must still be called by name.
    for command in ("demo", "serve"):
        result = cli(command, "--help")
        assert result.code == 0, result.err
        assert f" {command} [OPTIONS]" in result.out  # "Usage: palmares demo [OPTIONS]"
    result = cli("diplomacy", "seed", "--help")
    assert result.code == 0 and " diplomacy seed [OPTIONS]" in result.out


def test_an_input_error_is_told_in_the_commands_language(
    cli: Callable[..., CliResult], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "C")
    boards = tmp_path / "boards.csv"
    boards.write_text("round,board,power,player,centres\n1,1,Austria,A,40\n", encoding="utf-8")
    french = cli("diplomacy", "standings", str(boards), "--language", "fr")
    assert (french.code, french.err) == (
        2,
        f"error: {boards}:2: centres: doit valoir au plus 34, reçu 40\n",
    )
    english = cli("diplomacy", "standings", str(boards))
    assert english.err == f"error: {boards}:2: centres: must be at most 34, got 40\n"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")  # no --language: the locale's
    assert cli("diplomacy", "standings", str(boards)).err == french.err


def test_a_database_that_cannot_be_opened_is_an_error_not_an_internal_one(tmp_path: Path) -> None:
    # (issue 15, noticed: a DATABASE_URL naming no database was "internal error", exit 70,
    # after the pool's 30 s of retries; a command now opens one plain connection and says so)
    import os
    import subprocess
    import sys

    results = tmp_path / "results.csv"
    results.write_text("event,date,player,rank\nOpen,2020-01-01,Ann,1\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["DATABASE_URL"] = "postgresql://postgres@127.0.0.1:5432/palmares_no_such_database"
    done = subprocess.run(
        [sys.executable, "-m", "palmares.cli.main", "import", "results", str(results)],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 69, done.stderr
    assert done.stderr.startswith("error: the database cannot be used: ")
    assert "palmares_no_such_database" in done.stderr and "internal error" not in done.stderr
