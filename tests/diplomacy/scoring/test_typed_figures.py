"""Each converted system's typed figures (issue 19): their values on a reference board, and one
power's line in English and French, worded by ``explain/renderers/scoring.py``."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from fractions import Fraction

from palmares.diplomacy import scoring
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring import get_system
from palmares.diplomacy.scoring.base import (
    BoardScore,
    Figures,
    Outcome,
    PowerWorkings,
    SoloFigures,
)
from palmares.diplomacy.scoring.carnage import CarnagePower
from palmares.explain import explain
from palmares.explain.renderers.scoring import FIELD_LABELS
from tests.diplomacy.scoring.boards import BOARD_D, BOARD_S


def workings(result: BoardScore) -> PowerWorkings[Figures]:
    assert isinstance(result.workings, PowerWorkings)
    return result.workings


def line(slug: str, power: str, language: str, b: Board = BOARD_D) -> str:
    """The explanation line of ``power`` (the board's head and remarks left out)."""
    result = get_system(slug).score(b)
    names = {"Russia": ("Russia", "Russie"), "Austria": ("Austria", "Autriche")}
    name = names.get(power, (power, power))[language == "fr"]
    (found,) = [x.strip() for x in explain(result, language) if x.strip().startswith(name + " =")]
    return found


def subclasses(cls: type[Figures]) -> list[type[Figures]]:
    out: list[type[Figures]] = []
    sub: type[Figures]
    for sub in cls.__subclasses__():
        out.extend([sub, *subclasses(sub)])
    return out


def test_every_figure_of_every_system_has_its_words() -> None:
    for module in pkgutil.iter_modules(scoring.__path__, f"{scoring.__name__}."):
        importlib.import_module(module.name)
    found = subclasses(Figures)
    assert CarnagePower in found and SoloFigures in found
    for cls in found:
        for f in dataclasses.fields(cls):
            assert f.name == "outcome" or f.name in FIELD_LABELS, (cls.__qualname__, f.name)


def test_a_solo_is_typed_and_said() -> None:
    result = get_system("carnage").score(BOARD_S)
    w = workings(result)
    assert (w.soloist, w.outcome) == ("Russia", Outcome.SOLO)
    assert w.powers["Russia"] == SoloFigures(Outcome.SOLO, 18)
    assert w.powers["England"] == SoloFigures(Outcome.LOST_TO_SOLO, 5)
    assert result.details == {} and result.notes == ()
    en = explain(result, "en")
    assert en[:2] == ("Board S (carnage):", "  Russia solos")
    assert "  Russia = 28034: solo, centres 18" in en
    assert "  England = 0: lost to a solo, centres 5" in en
    fr = explain(result, "fr")
    assert fr[1] == "  Russie gagne seule"
    assert "  Angleterre = 0 : perd face à une victoire seule, centres 5" in fr


def test_a_concession_is_not_a_solo() -> None:

    conceded = dataclasses.replace(BOARD_D, draw=frozenset({"Russia"}))
    w = workings(get_system("carnage").score(conceded))
    assert (w.soloist, w.outcome) == ("Russia", Outcome.CONCESSION)
    assert w.powers["Russia"] == SoloFigures(Outcome.CONCESSION, 9)
    said = explain(get_system("carnage").score(conceded), "fr")
    assert said[1] == "  la partie est concédée à Russie"


def test_carnage() -> None:
    result = get_system("carnage").score(BOARD_D)
    w = workings(result)
    assert w.powers["Russia"] == CarnagePower(9, Fraction(7000), 9)
    assert w.powers["Austria"] == CarnagePower(0, Fraction(1000), 0)
    assert w.scores["Russia"] == result["Russia"] == 7009
    assert line("carnage", "Russia", "en") == (
        "Russia = 7009: centres 9, place points 7000, centre points 9"
    )
    assert line("carnage", "Russia", "fr") == (
        "Russie = 7009 : centres 9, points de place 7000, points de centres 9"
    )
    lead = workings(get_system("carnage-2023").score(BOARD_D))
    assert lead.powers["Russia"] == CarnagePower(9, Fraction(7000), 9, lead_bonus=300)
    assert lead.powers["Turkey"] == CarnagePower(7, Fraction(5000), 7, lead_bonus=0)
    assert line("center-count-carnage", "Russia", "fr") == (
        "Russie = 11\u202f507 : centres 9, points de place 7007, points de centres 4500"
    )
    assert line("carnage-2023", "Russia", "en") == (
        "Russia = 7309: centres 9, place points 7000, centre points 9, lead bonus 300"
    )
