"""Issue 35: the rules' own refusals (a board a scoring system cannot score, an unknown slug or
parameter, a date no rule set covers, the turn clock, a competition file read as the wrong
kind) are typed messages: French when told in French (``--language fr``, the French site), the
English unchanged, and ``str()`` of one the English a log reads."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from palmares.core.errors import PalmaresError
from palmares.core.message import Message, plain
from palmares.core.rulesets import DatedRules
from palmares.diplomacy.aggregation import get_aggregation
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring import get_system
from palmares.diplomacy.timer import TimerError, pause, resume, set_turn, start
from palmares.explain.errors import told as told_in
from palmares.io.competitions import read_competitions
from tests.cli.diplomacy.test_boards import example_args
from tests.conftest import CliResult

Cli = Callable[..., CliResult]


def _refusal(call: Callable[[], object]) -> PalmaresError:
    with pytest.raises(PalmaresError) as caught:
        call()
    return caught.value


def _board(**extra: object) -> Board:
    centres = {
        "Austria": 0,
        "England": 5,
        "France": 5,
        "Germany": 0,
        "Italy": 8,
        "Russia": 8,
        "Turkey": 8,
    }
    return Board(id="D", centres=centres, **extra)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "english", "french"),
    [
        (
            lambda: get_system("haight").score(
                _board(eliminated={"Austria": 1905}, final_year=1908)
            ),
            "board D: Germany has no centres but no elimination year (this system needs it)",
            "table D : Allemagne n’a plus de centre mais pas d’année d’élimination (ce système "
            "en a besoin)",
        ),
        (
            lambda: get_system("cruise-con").score(_board(draw=frozenset({"Italy"}))),
            "board D: cruise-con publishes no score for a solo; state it as cruise-con:solo=N",
            "table D : cruise-con ne publie aucun score pour un solo ; indiquez-le par "
            "cruise-con:solo=N",
        ),
        (
            lambda: get_system("ranked-classic-v3"),
            "unknown scoring system 'ranked-classic-v3' (known: ",
            "système de score inconnu 'ranked-classic-v3' (connus : ",
        ),
        (
            lambda: get_aggregation("antes"),
            "unknown aggregation 'antes' (known: ",
            "agrégation inconnue 'antes' (connues : ",
        ),
        (
            lambda: get_system("cruise-con:solo=lots"),
            "cruise-con: solo: expected a number, got 'lots'",
            "cruise-con : solo : attendu un nombre, reçu 'lots'",
        ),
        (
            lambda: get_system("sum-of-squares:dead=tied"),
            "sum-of-squares: bad parameter 'dead=tied' (parameters: none)",
            "sum-of-squares : paramètre incorrect 'dead=tied' (paramètres : aucun)",
        ),
        (
            lambda: DatedRules.of([(date(2004, 1, 1), "2004")]).at(date(2003, 5, 1)),
            "no rule set is in force on 2003-05-01",
            "aucun jeu de règles n’est en vigueur le 2003-05-01",
        ),
        (
            lambda: read_competitions("x.csv", "poems"),
            "unknown kind 'poems' (known: results, boards, games, matches)",
            "type inconnu 'poems' (connus : results, boards, games, matches)",
        ),
        (
            lambda: read_competitions("x.csv", "results", ratings="r.csv"),
            "--ratings is a Tantrix rating list: only with --kind matches",
            "--ratings est une liste de classement Tantrix : seulement avec --kind matches",
        ),
    ],
)
def test_a_rule_refused_in_english_and_french(
    call: Callable[[], object], english: str, french: str
) -> None:
    error = _refusal(call)
    assert error.said is not None
    assert str(error).startswith(english)
    assert told_in(error, "en") == str(error)
    assert told_in(error, "fr").startswith(french)


def test_the_clock_refuses_in_french_and_names_the_field() -> None:
    running = start(0.0)
    paused = pause(running, 10.0)
    twice = _refusal(lambda: pause(paused, 20.0))
    assert isinstance(twice, TimerError) and twice.field is None
    assert (str(twice), told_in(twice, "fr")) == (
        "the clock is already paused",
        "la pendule est déjà en pause",
    )
    not_paused = _refusal(lambda: resume(running, 20.0))
    assert told_in(not_paused, "fr") == "la pendule n’est pas en pause"
    season = _refusal(lambda: set_turn(running, 20.0, year=1901, season="Winter"))
    assert isinstance(season, TimerError) and season.field == "season"
    assert told_in(season, "fr") == (
        "la saison doit être Spring (printemps) ou Fall (automne), pas 'Winter'"
    )
    year = _refusal(lambda: set_turn(running, 20.0, year=1800, season="Spring"))
    assert isinstance(year, TimerError) and year.field == "year"
    assert str(year) == "year must be between 1901 and 9999, not 1800"
    assert told_in(year, "fr") == "l’année doit être entre 1901 et 9999, pas 1800"
    left = _refusal(lambda: set_turn(running, 20.0, year=1901, season="Spring", remaining_s=5000))
    assert isinstance(left, TimerError) and left.field == "remaining_s"
    assert told_in(left, "fr") == ("le temps restant doit être entre 1 et 1020 secondes, pas 5000")


def test_a_bad_option_is_refused_in_french_by_the_command(cli: Cli) -> None:
    args = example_args("--scoring", "nothing", "--language", "fr")
    french = cli(*args)
    assert french.code == 2
    assert french.err.startswith("error: système de score inconnu 'nothing' (connus : ")
    args = example_args("--aggregation", "ante:bet=2", "--language", "fr")
    assert cli(*args).err.startswith("error: ante : paramètre incorrect 'bet=2' (paramètres : ")


def test_a_message_without_the_words_reads_as_its_key_and_values() -> None:
    said = Message.of("clock.year", first="1901", got="1800")
    assert plain(said) == "clock.year(first='1901', got='1800')"
    nested = Message.of("registry.parameter", slug="ante", parameter="x", problem=said)
    assert plain(nested) == (
        "registry.parameter(slug='ante', parameter='x', "
        "problem=clock.year(first='1901', got='1800'))"
    )


def test_a_bad_file_is_refused_in_french_every_line(cli: Cli, tmp_path: Path) -> None:
    boards = tmp_path / "boards.csv"
    boards.write_text(
        "round,board,power,player,centres\n1,1,A,p1,x\n1,1,E,p2,-1\n", encoding="utf-8"
    )
    french = cli("diplomacy", "standings", str(boards), "--language", "fr")
    assert french.code == 2
    lines = french.err.splitlines()
    assert lines[:2] == [
        f"error: {boards}:2: centres: attendu un nombre entier, reçu 'x'",
        f"error: {boards}:3: centres: doit valoir au moins 0, reçu -1",
    ]
