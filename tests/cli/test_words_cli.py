"""The CLI's own titles and refusals are messages of the one catalogue, told in the language
asked (issue 35): seed 003's two Tantrix tables, the choice of an event, the Diplomacy standings'
title, an order's verdict cut by its typed parts rather than at an English phrase."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer._click.core import Context

from palmares.cli.main import main
from tests.conftest import CliResult

ROOT = Path(__file__).resolve().parents[2] / "examples"
MATCHES = str(ROOT / "tantrix-nz-2000" / "matches.csv")
RATINGS = str(ROOT / "tantrix-nz-2000" / "ratings.csv")
WDC = ROOT / "wdc-2007"


def test_the_tantrix_tables_titles_and_headers_in_french(
    cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "240")
    args = ("tantrix", "performance", MATCHES, "--ratings", RATINGS, "--language")
    french = cli(*args, "fr")
    english = cli(*args, "en")
    assert french.code == 0 and english.code == 0, french.err
    assert "Joueurs sans classement officiel avant le tournoi" in french.out
    assert "Joueurs classés officiellement" in french.out
    assert "Pseudo" in french.out and "Elo av. tournoi" in french.out
    assert "Players without an official pre-tournament rating" in english.out
    assert "Nickname" in english.out and "Pre-tnmt Elo" in english.out
    for english_words in ("Players without", "Officially rated", "Nickname", "Pre-tnmt"):
        assert english_words not in french.out


def test_a_player_who_did_not_play_is_refused_in_french(cli: Callable[..., CliResult]) -> None:
    args = ("tantrix", "performance", MATCHES, "--ratings", RATINGS, "--explain", "Nobody")
    french = cli(*args, "--language", "fr")
    assert french.code == 2
    assert f"Nobody n'a pas joué dans {MATCHES}" in french.err
    assert "did not play" not in french.err


def test_the_tp_headers_in_french(cli: Callable[..., CliResult]) -> None:
    french = cli("tantrix", "tp", "20", "10", "--language", "fr")
    assert french.code == 0 and "TP avant pénalité" in french.out
    assert "Pénalité transmise" in french.out and "before penalty" not in french.out


def test_the_standings_title_in_french(cli: Callable[..., CliResult]) -> None:
    args = ("diplomacy", "standings", str(WDC / "boards.csv"), "--language")
    french = cli(*args, "fr")
    english = cli(*args, "en")
    assert french.code == 0, french.err
    assert "Classement (" in french.out and "après la ronde 6" in french.out
    assert "Standings (" in english.out and "after round 6" in english.out
    assert "after round" not in french.out


def test_an_invalid_order_s_verdict_in_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text("Italy: F nap - tun\n", encoding="utf-8")
    assert main(["diplomacy", "orders", "check", str(orders), "--language", "fr"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{orders}:1: 'F nap - tun': invalide")
    assert "NAP" in line and "TUN" in line
    assert "holds" not in line and "tient" not in line and "invalid:" not in line


DIP = ROOT / "dip-pouch"
WIZ = ROOT / "wizard"
#: A table of every family of the command line, each printed under ``--language fr``.
TABLES: tuple[tuple[str, ...], ...] = (
    ("diplomacy", "standings", str(WDC / "boards.csv"), "--teams", str(WDC / "teams.csv")),
    ("diplomacy", "standings", str(WDC / "boards.csv"), "--declines", str(WDC / "declines.csv")),
    ("diplomacy", "board-score", str(WDC / "examples.json")),
    ("diplomacy", "systems"),
    ("diplomacy", "aggregations"),
    ("dip-pouch", "ranking", str(DIP / "history.csv"), "--all"),
    ("dip-pouch", "player", str(DIP / "history.csv"), "Anne Dupré"),
    ("dip-pouch", "event", str(DIP / "dip-in-the-ocean-2004.csv"), "Dip in the Ocean 2004"),
    ("dip-pouch", "events", str(DIP / "history.csv")),
    ("tantrix", "performance", MATCHES, "--ratings", RATINGS),
    ("tantrix", "tp", "20", "10"),
    ("wizard", "month", str(WIZ / "games.csv"), "--month", "2019-12"),
    ("wizard", "ledger", str(WIZ / "games.csv"), str(WIZ / "tournament.csv"), "Golem"),
    ("wizard", "tournament", str(WIZ / "tournament.csv")),
    ("ratings", "skill", str(WIZ / "games.csv"), "--kind", "games"),
    ("ratings", "backtest", str(MATCHES), "--kind", "matches"),
)


@pytest.mark.parametrize("args", TABLES, ids=lambda args: "-".join(args[:2]))
def test_every_header_is_a_word_of_the_catalogue(
    args: tuple[str, ...], cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A header printed in a table is a word of ``messages_columns`` (so French has it), or a
    message; a new column with a key the catalogue lacks fails here."""
    from palmares.cli import output
    from palmares.explain.messages_columns import COLUMNS

    told: list[str] = []
    word = output.column_word

    def recorded(text: str, language: object) -> str:
        told.append(text)
        return word(text, language)  # type: ignore[arg-type]

    monkeypatch.setattr(output, "column_word", recorded)
    monkeypatch.setenv("COLUMNS", "400")
    result = cli(*args, "--language", "fr")
    assert result.code == 0, result.err
    assert told, "no header was told"
    # a round's own column is its number (R3); its figures are words (r3_ante)
    words = {re.sub(r"^r\d+_", "", text) for text in told if not re.fullmatch(r"R\d+", text)}
    assert words - COLUMNS == set()


def test_a_table_in_french_has_french_headers_figures_powers_and_yes_no(
    cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--language fr`` prints a table in French: headers, decimal commas, the Great Powers'
    names and oui/non; CSV keeps the machine's keys, points and values."""
    monkeypatch.setenv("COLUMNS", "400")
    events = ("dip-pouch", "events", str(DIP / "history.csv"), "--language")
    french, english = cli(*events, "fr"), cli(*events, "en")
    assert french.code == 0 and english.code == 0, french.err
    assert "Épreuve" in french.out and "Au-dessus du plafond" in french.out
    assert "Event" in english.out and "Above cap" in english.out
    assert "│ non " in french.out and "│ no " in english.out and "│ no " not in french.out
    assert re.search(r" 0,00 │", french.out) and not re.search(r"\d\.\d\d │", french.out)
    assert re.search(r" 0\.00 │", english.out)
    scores = ("diplomacy", "board-score", str(WDC / "examples.json"), "--language")
    french, english = cli(*scores, "fr"), cli(*scores, "en")
    assert "│ Autriche " in french.out and "│ 12,45434 │" in french.out
    assert "│ Austria " in english.out and "│ 12.45434 │" in english.out
    csv = cli(*scores, "fr", "--format", "csv")
    assert csv.out.splitlines()[0] == "board,power,centres,f_sc,score"
    assert "example-1,Austria,15,12.45434" in csv.out


#: Commands that print no sentence of a rule and read no user file: the server, its worker and
#: static files, the accounts, and the exports (files in the formats' own machine words).
SPEECHLESS = {"serve", "worker", "demo", "users", "export", "recompute"}


def _command_at(root: Any, path: tuple[str, ...]) -> Any:
    command = root
    for name in path:
        command = command.get_command(Context(command), name)
        assert command is not None, path
    return command


def _leaves(group: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command under ``group`` (typer's groups list and give their commands)."""
    found: list[tuple[str, ...]] = []
    for name in group.list_commands(Context(group)):
        command = group.get_command(Context(group), name)
        if hasattr(command, "list_commands"):
            found += _leaves(command, (*path, name))
        else:
            found.append((*path, name))
    return found


def test_every_command_that_speaks_takes_language() -> None:
    """``--language`` on every command that reads a file or tells a rule: a refusal in the
    language asked, whichever the command (issue 35)."""
    from palmares.cli.main import _command

    root = _command(["--help"])
    leaves = [p for p in _leaves(root) if p[0] not in SPEECHLESS]
    assert len(leaves) > 30
    missing = [
        " ".join(path)
        for path in leaves
        if not any("--language" in p.opts for p in _command_at(root, path).params)
    ]
    assert missing == []
