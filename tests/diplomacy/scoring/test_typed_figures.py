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
from palmares.diplomacy.scoring.bangkok import BangkokPower
from palmares.diplomacy.scoring.bangkok_pike import BangkokPikePower
from palmares.diplomacy.scoring.base import (
    BoardScore,
    Figures,
    Outcome,
    PowerWorkings,
    SoloFigures,
)
from palmares.diplomacy.scoring.base_3 import Base3Power
from palmares.diplomacy.scoring.c_diplo import CDiploPower
from palmares.diplomacy.scoring.carnage import CarnagePower
from palmares.diplomacy.scoring.cruise_con import CruiseConPower
from palmares.diplomacy.scoring.detour09 import Detour09Power
from palmares.diplomacy.scoring.draw_size import DrawSizePower
from palmares.diplomacy.scoring.duct_tape import DuctTapePower
from palmares.diplomacy.scoring.haight import HaightPower
from palmares.diplomacy.scoring.kublacon_kill import KublaConPower
from palmares.diplomacy.scoring.manorcon import ManorConPower
from palmares.diplomacy.scoring.maxonian import DeadByEliminationYear, MaxonianPower
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
    assert not hasattr(result, "details") and not hasattr(result, "notes")
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


F = Fraction


def figures(slug: str, power: str, b: Board = BOARD_D) -> Figures:
    return workings(get_system(slug).score(b)).powers[power]


def test_bangkok() -> None:
    assert figures("bangkok", "Russia") == BangkokPower(9, Fraction(3), Fraction(3), Fraction(6))
    assert figures("bangkok", "Austria") == BangkokPower(
        0, Fraction(9, 10), Fraction(0), Fraction(0)
    )
    assert figures("olympic", "England") == BangkokPower(
        8, Fraction(3), Fraction(3, 2), Fraction(3)
    )
    assert figures("bangkok", "England", BOARD_S) == SoloFigures(Outcome.LOST_TO_SOLO, 5)
    assert line("bangkok", "Austria", "en") == (
        "Austria = 0.9: centres 0, survival 0.9, shares 0, domination bonus 0"
    )
    assert line("olympic", "Russia", "fr") == (
        "Russie = 20 : centres 9, survie 3, parts 4, bonus de domination 8"
    )


def test_bangkok_pike() -> None:
    assert figures("bangkok-pike", "Russia") == BangkokPikePower(9, 3, 6)
    assert figures("bangkok-pike", "Austria") == BangkokPikePower(0, years_played=4)
    assert figures("bangkok-pike", "Austria", BOARD_S) == SoloFigures(
        Outcome.LOST_TO_SOLO, 0, years_played=3
    )
    assert line("bangkok-pike", "Austria", "en") == "Austria = 0.4: centres 0, years played 4"
    assert line("bangkok-pike", "Russia", "fr") == (
        "Russie = 18 : centres 9, survie 3, bonus de position 6"
    )
    assert line("bangkok-pike", "Austria", "fr", BOARD_S) == (
        "Autriche = 0,3 : perd face à une victoire seule, centres 0, années jouées 3"
    )


def test_base_3() -> None:
    assert figures("base-3", "Russia") == Base3Power(9, 3, Fraction(9))
    assert figures("base-3", "Austria") == Base3Power(0, 0, Fraction(0))
    assert line("base-3", "Russia", "en") == "Russia = 21: centres 9, survival 3, topping bonus 9"
    assert line("base-3", "Russia", "fr") == ("Russie = 21 : centres 9, survie 3, bonus de tête 9")


def test_c_diplo() -> None:
    assert figures("c-diplo-100", "Russia") == CDiploPower(9, 1, 9, Fraction(38))
    assert figures("c-diplo-80", "Russia") == CDiploPower(9, 0, 9, Fraction(25))
    assert figures("c-diplo-namur", "England") == CDiploPower(8, 1, 20, Fraction(14))
    assert line("c-diplo-100", "Russia", "en") == (
        "Russia = 48: centres 9, played 1, centre points 9, place bonus 38"
    )
    assert line("c-diplo-namur", "Russia", "fr") == (
        "Russie = 60 : centres 9, participation 1, points de centres 21, bonus de place 38"
    )


def test_cruise_con() -> None:
    assert figures("cruise-con", "Russia") == CruiseConPower(True, 19, 1)
    assert figures("cruise-con", "Austria") == CruiseConPower(False)
    assert figures("cruise-con:solo=50", "Russia", BOARD_S) == SoloFigures(Outcome.SOLO, 18)
    assert line("cruise-con", "Austria", "en") == "Austria = 0: in draw no"
    assert line("cruise-con", "Russia", "fr") == (
        "Russie = 20 : dans la nulle oui, points de nulle 19, bonus de centres 1"
    )


def test_detour09() -> None:
    assert figures("detour09", "Russia") == Detour09Power(9, F(4), F(16), F(55), F(0))
    assert figures("detour09", "Austria") == Detour09Power(0, F(0), F(0), F(55), F(3, 4))
    assert figures("detour09", "England", BOARD_S) == SoloFigures(
        Outcome.LOST_TO_SOLO, 5, years_survived=7
    )
    assert line("detour09", "Russia", "en") == (
        "Russia = 29.091: centres 9, place points 4, raw 16, raw total 55, survival 0"
    )
    assert line("detour09", "Austria", "fr") == (
        "Autriche = 0,75 : centres 0, points de place 0, brut 0, total brut 55, survie 0,75"
    )


def test_draw_size() -> None:
    assert figures("draw-size", "Russia") == DrawSizePower(True, 5)
    assert figures("draw-size", "Austria") == DrawSizePower(False, 5)
    assert line("draw-size", "Russia", "en") == "Russia = 20: in draw yes, draw size 5"
    assert line("draw-size", "Austria", "fr") == (
        "Autriche = 0 : dans la nulle non, taille de la nulle 5"
    )


def test_duct_tape() -> None:
    assert figures("duct-tape-v2", "Russia") == DuctTapePower(9, Fraction(40))
    assert figures("duct-tape-v2", "Austria") == DuctTapePower(0, Fraction(3))
    assert line("duct-tape-v2", "Russia", "en") == "Russia = 49: centres 9, place points 40"
    assert line("duct-tape-v2-elimination-order", "Russia", "fr") == (
        "Russie = 49 : centres 9, points de place 40"
    )


def test_haight() -> None:
    assert figures("haight", "Russia") == HaightPower(9, 90, Fraction(66), 5)
    assert figures("haight", "Austria") == HaightPower(0, 4, Fraction(0), 0)
    assert figures("haight", "England", BOARD_S) == SoloFigures(
        Outcome.LOST_TO_SOLO, 5, years_played=8
    )
    assert line("haight", "Russia", "en") == (
        "Russia = 161: centres 9, centres or years 90, place bonus 66, lead bonus 5"
    )
    assert line("haight", "Russia", "fr") == (
        "Russie = 161 : centres 9, centres ou années 90, bonus de place 66, bonus d'avance 5"
    )


def test_kublacon_kill() -> None:
    assert figures("kublacon-kill", "Russia") == KublaConPower(9, 1, 4, 2, 16)
    assert figures("kublacon-kill", "Austria") == KublaConPower(0, 0, 0, 0, 0)
    assert line("kublacon-kill", "Russia", "en") == (
        "Russia = 16: centres 9, survival point 1, kill points 4, lead bonus 2, before cap 16"
    )
    assert line("kublacon-kill", "Russia", "fr") == (
        "Russie = 16 : centres 9, point de survie 1, points d'élimination 4, bonus d'avance 2,"
        " avant plafond 16"
    )


def test_manorcon() -> None:
    assert figures("manorcon", "Russia") == ManorConPower(9, 133, sum_of_n=494)
    assert figures("manorcon", "Austria") == ManorConPower(0, 16, years_survived=3)
    assert figures("manorcon-v2", "Austria") == ManorConPower(0, 0, years_survived=3)
    assert figures("manorcon", "Austria", BOARD_S) == SoloFigures(
        Outcome.LOST_TO_SOLO, 0, years_survived=2
    )
    assert line("manorcon", "Austria", "en") == "Austria = 0.3: centres 0, N 16, years survived 3"
    assert line("manorcon", "Russia", "fr") == "Russie = 26,923 : centres 9, N 133, somme des N 494"


def test_maxonian() -> None:
    result = get_system("maxonian").score(BOARD_D)
    w = workings(result)
    assert w.powers["Russia"] == MaxonianPower(9, Fraction(7), 0)
    assert w.powers["Germany"] == MaxonianPower(0, Fraction(2), 0)
    assert w.notes == (DeadByEliminationYear((("Germany", 1906), ("Austria", 1904))),)
    solo = workings(get_system("maxonian").score(BOARD_S))
    assert (solo.soloist, solo.powers["Russia"]) == ("Russia", MaxonianPower(18, Fraction(7), 5))
    assert line("maxonian", "Russia", "en") == "Russia = 7: centres 9, place points 7, bonus 0"
    assert line("7eleven", "Russia", "fr", BOARD_S) == (
        "Russie = 14 : centres 18, points de place 7, bonus 7"
    )
    said = explain(result, "fr")[1]
    assert said == (
        "  pas de décompte des centres par année : les puissances éliminées sont classées par"
        " année d'élimination (Allemagne éliminée en 1906, Autriche éliminée en 1904 ; celles"
        " d'une même année partagent) ; dipvis, sans les décomptes par année, partage ces places"
    )
