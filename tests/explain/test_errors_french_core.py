"""Issue 19: the core's remaining refusals (a Tantrix match or game, a Wizard game, tournament
or period, a rating history or model, a position.json), `palmares diplomacy seed`'s refusal
naming its file and `palmares diplomacy orders check`'s verdicts are typed messages: French with
``--language fr``, the English unchanged."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from palmares.core.errors import InputError, PalmaresError
from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.position import position_from_json
from palmares.explain.errors import told as told_in
from palmares.ratings.percentile import percentile
from palmares.ratings.players import find_event, find_player
from palmares.ratings.skill.models import model_info
from palmares.tantrix.factor import factor
from palmares.tantrix.match import Match
from palmares.tantrix.tournament_points import game_points, time_penalty, winner_points
from palmares.wizard.game import Finish, Game
from palmares.wizard.hand_score import hand_score, hands_in_game
from palmares.wizard.month import parse_month
from tests.cli.diplomacy.test_boards import example_args
from tests.conftest import CliResult

Cli = Callable[..., CliResult]


def _refusal(make: Callable[[], object]) -> PalmaresError:
    with pytest.raises(PalmaresError) as caught:
        make()
    return caught.value


@pytest.mark.parametrize(
    ("make", "english", "french"),
    [
        (
            lambda: Match("A", "A", 1, Decimal(20), Decimal(0)),
            "A cannot meet themself",
            "A ne peut pas se rencontrer lui-même",
        ),
        (
            lambda: Match("A", "B", 0, Decimal(0), Decimal(0)),
            "a match has at least one game, got 0",
            "un match compte au moins une partie, reçu 0",
        ),
        (
            lambda: Match("A", "B", 2, Decimal("30.5"), Decimal(0)),
            "tp_a + tp_b must be 20 × games = 40, got 30.5",
            "tp_a + tp_b doit valoir 20 × parties = 40, reçu 30.5",
        ),
        (
            lambda: Match("A", "B", 1, Decimal(20), Decimal(0), own_rating="C"),
            "own_rating C did not play this match",
            "own_rating C n’a pas joué ce match",
        ),
        (
            lambda: game_points(-5, 30),
            "tile scores are not negative, got -5 and 30",
            "les scores de tuiles ne sont pas négatifs, reçu -5 et 30",
        ),
        (
            lambda: winner_points(-1),
            "a margin is not negative, got -1",
            "un écart n’est pas négatif, reçu -1",
        ),
        (
            lambda: time_penalty(Decimal("-0.5")),
            "minutes used are not negative, got -0.5",
            "les minutes utilisées ne sont pas négatives, reçu -0.5",
        ),
        (
            lambda: factor(Decimal("1.5")),
            "a TP share is between 0 and 1, got 1.5",
            "une part de TP est entre 0 et 1, reçu 1.5",
        ),
    ],
)
def test_a_tantrix_refusal_in_english_and_french(
    make: Callable[[], object], english: str, french: str
) -> None:
    error = _refusal(make)
    assert isinstance(error, ValueError)  # as before: callers that catch ValueError still do
    assert str(error) == english
    assert told_in(error, "fr") == french


def test_wizard_refusals_in_english_and_french() -> None:
    finishes = tuple(Finish(p, place=1) for p in ("a", "b"))
    two = _refusal(lambda: Game("g1", date(2024, 1, 5), finishes))
    assert str(two) == "game g1: 2 players; a game has 3 to 6"
    assert told_in(two, "fr") == "partie g1 : 2 joueurs ; une partie en compte de 3 à 6"
    seven = _refusal(lambda: hands_in_game(7))
    assert str(seven) == "a Wizard game has 3 to 6 players, not 7"
    assert told_in(seven, "fr") == "une partie de Wizard compte de 3 à 6 joueurs, pas 7"
    bid = _refusal(lambda: hand_score(-1, 2))
    assert str(bid) == "bid and tricks cannot be negative (bid -1, tricks 2)"
    assert (
        told_in(bid, "fr")
        == "l’annonce et les plis ne peuvent pas être négatifs (annonce -1, plis 2)"
    )
    month = _refusal(lambda: parse_month("2024/05"))
    assert str(month) == "a month is written YYYY-MM, got '2024/05'"
    assert told_in(month, "fr") == "un mois s’écrit AAAA-MM, reçu '2024/05'"


def test_ratings_refusals_in_english_and_french() -> None:
    model = _refusal(lambda: model_info("nope"))
    assert str(model).startswith("unknown skill model 'nope' (known: ")
    assert told_in(model, "fr").startswith("modèle de niveau inconnu 'nope' (connus : ")
    nobody = _refusal(lambda: find_player({}, "Zed"))
    assert str(nobody) == "no player named 'Zed' in the results"
    assert told_in(nobody, "fr") == "aucun joueur nommé 'Zed' dans les résultats"
    no_event = _refusal(lambda: find_event([], "Open"))
    assert str(no_event) == "no event named 'Open' in the results"
    assert told_in(no_event, "fr") == "aucune épreuve nommée 'Open' dans les résultats"


def test_seed_names_its_file_in_french(cli: Cli, tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text("player\n" + "".join(f"p{i:02d}\n" for i in range(1, 6)), "utf-8")
    english = cli("diplomacy", "seed", str(players), "--round", "1")
    assert english.code == 2
    assert english.err == f"error: {players}: 5 seats cannot fill a board of 7\n"
    french = cli("diplomacy", "seed", str(players), "--round", "1", "--language", "fr")
    assert french.code == 2
    assert french.err == f"error: {players} : 5 places ne peuvent pas remplir une table de 7\n"


def test_orders_check_in_french(cli: Cli, tmp_path: Path) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text("FRA: F mao -> spa/sc\nItaly: F nap - tun\nItaly: A rom - rom\n", "utf-8")
    english = cli("diplomacy", "orders", "check", str(orders))
    assert english.code == 0, english.err
    assert english.out.splitlines() == [
        f"{orders}:1: 'F mao -> spa/sc': valid",
        f"{orders}:2: 'F nap - tun': invalid: a fleet at NAP cannot reach TUN",
        f"{orders}:3: 'A rom - rom': invalid: a unit cannot move to its own province",
    ]
    french = cli("diplomacy", "orders", "check", str(orders), "--language", "fr")
    assert french.code == 0, french.err
    assert french.out.splitlines() == [
        f"{orders}:1: 'F mao -> spa/sc': valide",
        f"{orders}:2: 'F nap - tun': invalide : une flotte en NAP ne peut pas atteindre TUN",
        f"{orders}:3: 'A rom - rom': invalide : une unité ne peut pas aller dans sa propre "
        "province",
    ]


def test_a_position_file_problem_in_english_and_french() -> None:
    data = {
        "year": "x",
        "season": "winter",
        "phase": "movement",
        "units": {"France": ["F par", "A pic", "A pic"]},
        "centres": {"France": ["pic"]},
    }
    with pytest.raises(InputError) as caught:
        position_from_json(data, standard_map())
    error = caught.value
    assert str(error).splitlines() == [
        "position.json: year: expected a whole number, got 'x'",
        "position.json: phase: winter has no movement phase (adjustments are in winter)",
        "position.json: units.France[0]: a fleet cannot stand at PAR (possible: none)",
        "position.json: units.France[2]: two units in PIC",
        "position.json: centres.France: PIC is not a supply centre",
    ]
    assert told_in(error, "fr").splitlines() == [
        "position.json: year : un nombre entier était attendu, reçu 'x'",
        "position.json: phase : winter n’a pas de phase movement (les ajustements ont lieu en "
        "hiver)",
        "position.json: units.France[0] : une flotte ne peut pas se tenir en PAR (possibles : "
        "aucun)",
        "position.json: units.France[2] : deux unités en PIC",
        "position.json: centres.France : PIC n’est pas un centre de ravitaillement",
    ]


def test_a_command_option_refused_in_french(cli: Cli, tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text("player\n" + "".join(f"p{i:02d}\n" for i in range(1, 8)), "utf-8")
    fill = cli("diplomacy", "seed", str(players), "--round", "1", "--fill", "x", "--language", "fr")
    assert fill.code == 2
    assert fill.err == "error: --fill : auto, sit ou double était attendu, reçu 'x'\n"
    orders = tmp_path / "orders.txt"
    orders.write_text("FRA: F mao - spa/sc\n", "utf-8")
    rules = cli("diplomacy", "orders", "check", str(orders), "--rules", "x", "--language", "fr")
    assert rules.code == 2
    assert rules.err == (
        "error: --rules: l’une des valeurs datc, wdc-2007 était attendue, reçu 'x'\n"
    )
    english = cli("diplomacy", "orders", "check", str(orders), "--rules", "x")
    assert english.err == "error: --rules: expected one of datc, wdc-2007, got 'x'\n"


def test_a_percentile_refused_in_english_and_french() -> None:
    error = _refusal(lambda: percentile(4, 3))
    assert str(error) == "a placement must be between 1 and 3, got 4"
    assert told_in(error, "fr") == "un classement doit être entre 1 et 3, reçu 4"


def test_standings_options_refused_in_english_and_french(cli: Cli) -> None:
    args = example_args("--explain-board", "1/99")
    english = cli(*args)
    assert english.code == 2
    assert english.err == "error: --explain-board: no board '99' in round 1\n"
    french = cli(*args, "--language", "fr")
    assert french.code == 2
    assert french.err == "error: --explain-board : pas de table '99' dans la ronde 1\n"
    nobody = cli(*example_args("--explain", "Nobody", "--language", "fr"))
    assert nobody.err.startswith("error: --explain : aucun joueur 'Nobody' dans ")
