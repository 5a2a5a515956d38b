"""The CLI's own titles and refusals are messages of the one catalogue, told in the language
asked (issue 35): seed 003's two Tantrix tables, the choice of an event, the Diplomacy standings'
title, an order's verdict cut by its typed parts rather than at an English phrase."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

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
