"""Issue 35: the rules' own refusals (a board a scoring system cannot score, an unknown slug or
parameter, a date no rule set covers, the turn clock, a competition file read as the wrong
kind) are typed messages: French when told in French (``--language fr``, the French site), the
English unchanged, and ``str()`` of one the English a log reads."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from palmares.core.errors import PalmaresError
from palmares.core.message import Message, plain
from palmares.core.rulesets import DatedRules
from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.parse import parse_orders
from palmares.diplomacy.aggregation import get_aggregation
from palmares.diplomacy.board import Board
from palmares.diplomacy.chaos_schedule import HoursSpan, chaos_deadlines
from palmares.diplomacy.game_end import end_by_time, end_by_vote
from palmares.diplomacy.scoring import get_system
from palmares.diplomacy.timer import TimerError, pause, resume, set_turn, start
from palmares.explain import messages
from palmares.explain.errors import told as told_in
from palmares.io.competitions import read_competitions
from palmares.io.results import read_results
from palmares.io.seeding import read_players_csv
from palmares.io.wizard import read_games
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


def test_no_key_is_given_two_sentences() -> None:
    """Each catalogue module adds its own keys: a key in two would say one of them silently."""
    tables: dict[str, dict[str, str]] = {
        name: table
        for name, table in vars(messages).items()
        if isinstance(table, dict) and name.isupper() and not name.startswith("_")
        if name not in ("TEXTS", "PLURALS")
    }
    assert len(tables) >= 10
    seen: dict[str, str] = {}
    twice: list[tuple[str, str, str]] = []
    for name, table in sorted(tables.items()):
        for key in table:
            if key in seen:
                twice.append((key, seen[key], name))
            seen[key] = name
    assert twice == []


def _file_error(path: Path, read: Callable[[Path], object]) -> list[tuple[str, str]]:
    with pytest.raises(PalmaresError) as caught:
        read(path)
    return list(
        zip(str(caught.value).splitlines(), told_in(caught.value, "fr").splitlines(), strict=True)
    )


def test_a_results_file_refused_in_french_every_line(tmp_path: Path) -> None:
    results = tmp_path / "results.csv"
    results.write_text(
        "event,date,player,rank,players\nA,2004-01-01,Ann,1,3\nA,2004-01-01,Ann,2,3\n"
        "B,2004-02-01,Bob,4,3\nB,2004-02-01,Cy,1,3\n",
        encoding="utf-8",
    )
    lines = _file_error(results, read_results)
    assert lines == [
        (
            f"{results}:3: player: 'Ann' appears twice in 'A' (also line 2)",
            f"{results}:3: player: 'Ann' figure deux fois dans 'A' (aussi ligne 2)",
        ),
        (
            f"{results}:4: rank: 4 is above the 3 players of the event",
            f"{results}:4: rank: 4 dépasse les 3 joueurs de l’épreuve",
        ),
    ]


def test_a_wizard_games_file_refused_in_french(tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    games.write_text(
        "date,game,player,score\n2024-05-01,g1,Ann,10\n2024-05-01,g1,Bob,5\n2024-05-02,g1,Cy,3\n",
        encoding="utf-8",
    )
    lines = _file_error(games, read_games)
    assert lines == [
        (
            f"{games}:4: date: game g1 is dated 2024-05-01 at line 2, not 2024-05-02",
            f"{games}:4: date: la partie g1 est datée du 2024-05-01 à la ligne 2, pas du "
            "2024-05-02",
        )
    ]
    roster = tmp_path / "players.csv"
    roster.write_text("player\nAnn\nAnn\n", encoding="utf-8")
    assert _file_error(roster, read_players_csv) == [
        (
            f"{roster}:3: player: Ann is already listed at line 2",
            f"{roster}:3: player: Ann figure déjà à la ligne 2",
        )
    ]


def test_a_parameter_and_an_orders_file_refused_in_french() -> None:
    stake = _refusal(lambda: get_aggregation("ante:stake=2"))
    assert str(stake) == "ante: the stake must be between 0 and 1, got 2"
    assert told_in(stake, "fr") == "ante : la mise doit être entre 0 et 1, reçu 2"
    tiebreak = _refusal(lambda: get_aggregation("best-games:tiebreak=coin"))
    assert told_in(tiebreak, "fr").startswith("best-games : tiebreak : départage inconnu 'coin'")
    orders = _refusal(lambda: parse_orders("Austria A VIE H\nItaly:\n", standard_map()))
    assert told_in(orders, "fr").splitlines() == [
        "orders.txt:1: « Puissance: ordre » était attendu, reçu 'Austria A VIE H'",
        "orders.txt:2: l’ordre est vide",
    ]
    assert str(orders).splitlines()[1] == "orders.txt:2: the order is empty"


def test_a_game_end_and_chaos_hours_refused_in_french() -> None:
    centres = {"Austria": 0, "England": 5, "Italy": 8}
    vote = _refusal(lambda: end_by_vote(centres, proposer="Italy", votes={"Italy": True}))
    assert str(vote) == "the vote is incomplete: England have not voted"
    assert told_in(vote, "fr") == "le vote est incomplet : England n’ont pas voté"
    late = _refusal(lambda: end_by_time(final_round=False, centres=centres))
    assert told_in(late, "fr") == "une nulle au temps ne peut être déclarée qu’à la dernière ronde"
    opens = datetime(2007, 7, 6, 18, 0)
    backwards = _refusal(lambda: chaos_deadlines([HoursSpan(opens, opens - timedelta(hours=1))]))
    assert told_in(backwards, "fr") == "les heures 2007-07-06 18:00 ferment avant d’ouvrir"
