"""Issue 19: the errors the core raises (a board call that cannot be made, a board file's
disagreement, a Tantrix file's problem) and an order's ruling are typed messages, told in
French by the layer while the English text stays the one tests elsewhere assert."""

from __future__ import annotations

from pathlib import Path

import pytest

from palmares.core.errors import InputError, PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.adjudication.outcome import result_rows
from palmares.diplomacy.seeding import Entrant, SeedingProblem, board_call
from palmares.diplomacy.seeding.objective import evaluate
from palmares.diplomacy.seeding.problem import prepare
from palmares.explain import tell
from palmares.explain.errors import told as told_in
from palmares.io.boards import read_boards_csv
from palmares.io.tantrix import read_matches_csv
from tests.diplomacy.adjudication.test_phases import run as run_orders
from tests.diplomacy.seeding.helpers import entrants
from tests.diplomacy.seeding.test_call import FAST


def _refusal(problem: SeedingProblem) -> PalmaresError:
    with pytest.raises(PalmaresError) as caught:
        board_call(problem, **FAST)
    return caught.value


@pytest.mark.parametrize(
    ("problem", "english", "french"),
    [
        (
            SeedingProblem(1, entrants(5)),
            "5 seats cannot fill a board of 7",
            "5 places ne peuvent pas remplir une table de 7",
        ),
        (
            SeedingProblem(1, tuple(Entrant(f"q{i}", 1) for i in range(8))),
            "8 seats do not fill boards of 7, and only 0 players are left to sit out (1 needed)",
            "8 places ne remplissent pas des tables de 7, et seuls 0 joueurs peuvent encore être "
            "exempts (1 nécessaires)",
        ),
        (
            SeedingProblem(1, (*entrants(7), Entrant("p01"))),
            "players listed twice: p01",
            "joueurs cités deux fois : p01",
        ),
        (
            SeedingProblem(1, entrants(21), teams={"big": ("p01", "p02", "p03", "p04")}),
            "team big fills 4 seats this round but only 3 boards are open to it: team-mates "
            "cannot all be kept apart",
            "l’équipe big occupe 4 places cette ronde mais seules 3 tables lui sont ouvertes : "
            "ses membres ne peuvent pas tous être séparés",
        ),
        (
            SeedingProblem(1, entrants(7), top_board=("p01",)),
            "the top board needs 7 different players, got 1",
            "la table finale demande 7 joueurs différents, reçu 1",
        ),
    ],
)
def test_a_board_call_refused_in_english_and_french(
    problem: SeedingProblem, english: str, french: str
) -> None:
    error = _refusal(problem)
    assert str(error) == english
    assert told_in(error, "fr") == french


def test_a_broken_call_names_its_pairs_in_either_language() -> None:
    triangle = (("p01", "p02"), ("p02", "p03"), ("p01", "p03"))
    error = _refusal(SeedingProblem(1, entrants(14), keep_apart=triangle))
    assert str(error).startswith(
        "no board call keeps every pair apart (the constraints may be impossible to meet): "
    )
    assert "(keep apart)" in str(error)
    told = told_in(error, "fr")
    assert told.startswith(
        "aucun appel aux tables ne sépare toutes les paires (les contraintes sont peut-être "
        "impossibles à tenir) : "
    )
    assert "(à séparer)" in told and "keep apart" not in told
    prep = prepare(SeedingProblem(1, entrants(14), keep_apart=triangle))
    quality = evaluate(prep, [[0, 1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 12]], None)
    assert [tell(v, "en") for v in quality.violations] == [
        "p01 and p02 share board 1 (keep apart)",
        "p01 and p03 share board 1 (keep apart)",
        "p02 and p03 share board 1 (keep apart)",
        "p13 sits twice on board 2",
        "p13 plays 2 boards, not 1",
        "p14 plays 0 boards, not 1",
    ]
    assert [tell(v, "fr") for v in quality.violations][3:] == [
        "p13 est assis deux fois à la table 2",
        "p13 joue 2 tables, pas 1",
        "p14 joue 0 tables, pas 1",
    ]
    assert tell(quality.violations[0], "fr") == "p01 et p02 partagent la table 1 (à séparer)"


def _boards_csv(tmp_path: Path) -> Path:
    rows = ["round,board,power,player,centres,final_year"]
    powers = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Austria"]
    for i, p in enumerate(powers):
        rows.append(f"1,1,{p},p{i},{[5, 5, 5, 5, 5, 5, 4][i]},{1907 if i else 1908}")
    path = tmp_path / "boards.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_a_board_file_problem_in_english_and_french(tmp_path: Path) -> None:
    path = _boards_csv(tmp_path)
    with pytest.raises(InputError) as caught:
        read_boards_csv(path)
    error = caught.value
    assert str(error).splitlines() == [
        f"{path}:8: power: Austria appears twice on round 1 board 1 (first at line 2)",
        f"{path}:2: power: round 1 board 1 has 6 powers, missing Turkey",
        f"{path}:2: final_year: round 1 board 1 disagrees: [1907, 1908]",
    ]
    assert told_in(error, "fr").splitlines() == [
        f"{path}:8: power: Autriche figure deux fois à la table 1 de la ronde 1 (d’abord à la "
        "ligne 2)",
        f"{path}:2: power: la table 1 de la ronde 1 a 6 puissances, il manque Turquie",
        f"{path}:2: final_year: la table 1 de la ronde 1 se contredit : [1907, 1908]",
    ]


def test_a_tantrix_file_problem_in_english_and_french(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_text(
        "round,player_a,player_b,games,tp_a,tp_b\nR1,A,B,3,40,10\nR1,B,A,1,20,0\nR1,C,C,1,20,0\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as caught:
        read_matches_csv(path)
    error = caught.value
    assert str(error).splitlines() == [
        f"{path}:2: tp_b: tp_a + tp_b = 50, but 3 games share 20 × 3 = 60",
        f"{path}:4: player_b: C cannot meet themself",
    ]
    assert told_in(error, "fr").splitlines() == [
        f"{path}:2: tp_b: tp_a + tp_b = 50, mais 3 parties se partagent 20 × 3 = 60",
        f"{path}:4: player_b: C ne peut pas se rencontrer lui-même",
    ]
    path.write_text(
        "round,player_a,player_b,games,tp_a,tp_b\nR1,A,B,1,20,0\nR1,B,A,1,20,0\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as caught:
        read_matches_csv(path)
    assert told_in(caught.value, "fr") == (
        f"{path}:3: le match B contre A dans la ronde R1 figure deux fois (d’abord à la ligne 2)"
    )
    assert (
        str(caught.value)
        == f"{path}:3: the match B v A in round R1 is listed twice (first at line 2)"
    )


def test_an_order_ruling_in_english_and_french() -> None:
    result = run_orders(
        "Austria: A vie - tyr\nAustria: A tri S A vie - tyr\nItaly: A ven - tyr\n"
        "Italy: A pie S A ven - tyr\nItaly: A rom - rom\nFrance: F bre - par\n"
    )
    rows = [(r.reason, tell(r.said, "fr")) for r in result.results if r.said is not None]
    assert rows == [
        (
            "fails: bounced with A VEN: attack 2 against prevent 2",
            "échoue : rebond avec A VEN : attaque 2 contre empêchement 2",
        ),
        ("support given to VIE", "soutien donné à VIE"),
        (
            "fails: bounced with A VIE: attack 2 against prevent 2",
            "échoue : rebond avec A VIE : attaque 2 contre empêchement 2",
        ),
        ("support given to VEN", "soutien donné à VEN"),
        (
            "invalid: a unit cannot move to its own province; the unit holds",
            "invalide : une unité ne peut pas aller dans sa propre province ; l’unité tient",
        ),
        (
            "invalid: a fleet cannot move to a land province; the unit holds",
            "invalide : une flotte ne peut pas aller dans une province terrestre ; l’unité tient",
        ),
    ]
    stored = result_rows(result)[0]["said"]  # a chaos game's turn keeps it typed
    assert isinstance(stored, dict)
    assert tell(Message.from_json(stored), "fr") == rows[0][1]
