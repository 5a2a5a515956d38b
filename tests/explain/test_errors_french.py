"""Issue 19: the errors the core raises (a board call that cannot be made, a board file's
disagreement, a Tantrix file's problem) and an order's ruling are typed messages, told in
French by the layer while the English text stays the one tests elsewhere assert."""

from __future__ import annotations

import pytest

from palmares.core.errors import PalmaresError
from palmares.diplomacy.seeding import Entrant, SeedingProblem, board_call
from palmares.diplomacy.seeding.objective import evaluate
from palmares.diplomacy.seeding.problem import prepare
from palmares.explain import tell
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
    assert error.told("fr") == french


def test_a_broken_call_names_its_pairs_in_either_language() -> None:
    triangle = (("p01", "p02"), ("p02", "p03"), ("p01", "p03"))
    error = _refusal(SeedingProblem(1, entrants(14), keep_apart=triangle))
    assert str(error).startswith(
        "no board call keeps every pair apart (the constraints may be impossible to meet): "
    )
    assert "(keep apart)" in str(error)
    told = error.told("fr")
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
