"""Typed figures of the systems Mischief … Your Draw Size (issue 19): their values on a reference
board (spec "Other board-scoring systems", boards D, S and T), and one power's line in English
and French, worded by ``explain/renderers/scoring.py``. The scores themselves are asserted in
the systems' own tests (test_reference_boards.py, test_rank_systems.py …)."""

from __future__ import annotations

from fractions import Fraction

from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring import get_system
from palmares.diplomacy.scoring.base import (
    BoardScore,
    Figures,
    Outcome,
    PowerWorkings,
    SoloFigures,
)
from palmares.diplomacy.scoring.mischief import MischiefPower
from palmares.diplomacy.scoring.omg import OmgPower
from palmares.diplomacy.scoring.open_tribute import OpenTributePower
from palmares.diplomacy.scoring.ranked_classic import RankedClassicPower
from palmares.diplomacy.scoring.solo_or_bust import NoSolo, SoloOrBustPower
from palmares.diplomacy.scoring.southern_sun import SouthernSunPower
from palmares.diplomacy.scoring.sum_of_squares import SumOfSquaresPower
from palmares.diplomacy.scoring.sydney_league import SydneyLeaguePower
from palmares.diplomacy.scoring.tribute import TributePower
from palmares.diplomacy.scoring.vulcan import VulcanPower
from palmares.diplomacy.scoring.whipping import WhippingPower
from palmares.diplomacy.scoring.world_classic import WorldClassicPower
from palmares.diplomacy.scoring.your_draw_size import YourDrawSizePower
from palmares.explain import explain
from tests.diplomacy.scoring.boards import BOARD_D, BOARD_S, BOARD_T, board

FRENCH = {
    "Austria": "Autriche",
    "England": "Angleterre",
    "France": "France",
    "Germany": "Allemagne",
    "Italy": "Italie",
    "Russia": "Russie",
    "Turkey": "Turquie",
}

#: Three survivors share 2nd place (Southern Sun: (80 + 50 + 30) / 3 = 53⅓, rounded 53).
THREE_SECOND = board(
    {"A": 0, "E": 7, "F": 7, "G": 0, "I": 7, "R": 9, "T": 4}, {"A": 1904, "G": 1906}
)


def scored(slug: str, b: Board = BOARD_D) -> tuple[BoardScore, PowerWorkings[Figures]]:
    result = get_system(slug).score(b)
    assert isinstance(result.workings, PowerWorkings)
    assert not hasattr(result, "details") and not hasattr(result, "notes")
    return result, result.workings


def line(slug: str, power: str, language: str, b: Board = BOARD_D) -> str:
    """The explanation line of ``power`` (the board's head and remarks left out)."""
    name = FRENCH[power] if language == "fr" else power
    said = explain(get_system(slug).score(b), language)
    (found,) = [x.strip() for x in said if x.strip().startswith(name + " =")]
    return found


def test_mischief() -> None:
    result, w = scored("mischief")
    assert w.powers["Russia"] == MischiefPower(centres=9, topping_bonus=5)
    assert w.powers["England"] == MischiefPower(centres=8, topping_bonus=0)
    assert result["Russia"] == 14
    _, shared = scored("mischief", BOARD_T)
    assert shared.powers["England"] == shared.powers["Russia"] == MischiefPower(9, 1)
    assert line("mischief", "Russia", "en") == "Russia = 14: centres 9, topping bonus 5"
    assert line("mischief", "Russia", "fr") == "Russie = 14 : centres 9, bonus de tête 5"


def test_omg() -> None:
    result, w = scored("omg")
    assert w.powers["Russia"] == OmgPower(
        centres=9,
        centre_points=Fraction(27, 2),
        survival=9,
        place_points=Fraction(9, 2),
        before_tribute=Fraction(27),
        tribute_received=Fraction(4),
    )
    # England: 12 + 9 + 3 = 24, pays Russia's lead of 1.
    assert w.powers["England"] == OmgPower(
        8, Fraction(12), 9, Fraction(3), Fraction(24), Fraction(1)
    )
    assert w.powers["Austria"] == OmgPower(0, Fraction(0), 0, Fraction(0), Fraction(0), Fraction(0))
    assert result["Russia"] == 31
    _, tied = scored("omg", BOARD_T)  # a shared top: nobody pays
    assert tied.powers["Russia"] == OmgPower(
        9, Fraction(27, 2), 9, Fraction(15, 4), Fraction(105, 4), tribute_paid=Fraction(0)
    )
    assert line("omg", "Russia", "en") == (
        "Russia = 31: centres 9, centre points 13.5, survival 9, place points 4.5,"
        " before tribute 27, tribute received 4"
    )
    assert line("omg", "Russia", "fr") == (
        "Russie = 31 : centres 9, points de centres 13,5, survie 9, points de place 4,5,"
        " avant tribut 27, tribut reçu 4"
    )


def test_open_tribute() -> None:
    result, w = scored("open-tribute")
    # Total tribute 9 + 1 + 3 + 9 + 5 + 0 + 2 = 29, all to the lone topper.
    assert w.powers["Russia"] == OpenTributePower(9, 61, 0, 29)
    assert w.powers["England"] == OpenTributePower(8, 58, 1, 0)
    assert w.powers["Austria"] == OpenTributePower(0, None, 9, None)
    assert result["Russia"] == 90
    assert line("open-tribute", "England", "en") == (
        "England = 57: centres 8, base points 58, tribute paid 1, tribute received 0"
    )
    assert line("open-tribute", "Austria", "fr") == "Autriche = 0 : centres 0, tribut payé 9"
    assert line("open-tribute", "Russia", "fr") == (
        "Russie = 90 : centres 9, points de base 61, tribut payé 0, tribut reçu 29"
    )


def test_ranked_classic() -> None:
    result, w = scored("ranked-classic")
    assert w.powers["Russia"] == RankedClassicPower(9, 90, 30, 200)
    assert w.powers["Austria"] == RankedClassicPower(0, years_survived=3)
    assert result["Russia"] == 320
    _, v2 = scored("ranked-classic-v2", BOARD_T)  # a two-way top: 135 each in both
    assert v2.powers["Russia"] == RankedClassicPower(9, 90, 30, 135)
    assert line("ranked-classic", "Russia", "en") == (
        "Russia = 320: centres 9, centre points 90, survival 30, rank bonus 200"
    )
    assert line("ranked-classic-v2", "Russia", "fr", BOARD_T) == (
        "Russie = 255 : centres 9, points de centres 90, survie 30, bonus de rang 135"
    )
    _, solo = scored("ranked-classic", BOARD_S)
    assert solo.powers["England"] == SoloFigures(Outcome.LOST_TO_SOLO, 5, years_survived=7)
    assert line("ranked-classic", "Austria", "fr") == "Autriche = 3 : centres 0, années survécues 3"


def test_solo_or_bust() -> None:
    result, w = scored("solo-or-bust")
    assert w.notes == (NoSolo(),)
    assert w.powers["Russia"] == SoloOrBustPower(9)
    assert set(result.scores.values()) == {0}
    assert explain(result, "en")[1] == "  no solo: every power scores 0"
    assert explain(result, "fr")[1] == "  pas de victoire seule : chaque puissance marque 0"
    assert line("solo-or-bust", "Russia", "en") == "Russia = 0: centres 9"
    assert line("solo-or-bust", "Russia", "fr") == "Russie = 0 : centres 9"
    _, solo = scored("solo-or-bust", BOARD_S)
    assert (solo.soloist, solo.notes) == ("Russia", ())
    assert line("solo-or-bust", "Russia", "en", BOARD_S) == "Russia = 100: solo, centres 18"


def test_southern_sun() -> None:
    result, w = scored("southern-sun", THREE_SECOND)
    assert w.powers["England"] == SouthernSunPower(
        7,
        survival=30,
        centre_points=70,
        place_points=Fraction(160, 3),
        rounded_place_points=53,
    )
    assert w.powers["Austria"] == SouthernSunPower(0, years_played=4)
    assert result["England"] == 153
    assert line("southern-sun", "England", "en", THREE_SECOND) == (
        "England = 153: centres 7, survival 30, centre points 70, place points 53.333,"
        " rounded place points 53"
    )
    assert line("southern-sun", "England", "fr", THREE_SECOND) == (
        "Angleterre = 153 : centres 7, survie 30, points de centres 70, points de place 53,333,"
        " points de place arrondis 53"
    )
    assert line("southern-sun", "Germany", "fr") == "Allemagne = 18 : centres 0, années jouées 6"


def test_sum_of_squares() -> None:
    result, w = scored("sum-of-squares")
    assert w.powers["Russia"] == SumOfSquaresPower(9, 81, 246)
    assert w.powers["Austria"] == SumOfSquaresPower(0, 0, 246)
    assert result["Russia"] == Fraction(8100, 246)
    assert line("sum-of-squares", "Russia", "en") == (
        "Russia = 32.927: centres 9, square 81, sum of squares 246"
    )
    assert line("sum-of-squares", "Russia", "fr") == (
        "Russie = 32,927 : centres 9, carré 81, somme des carrés 246"
    )


def test_sydney_league() -> None:
    result, w = scored("sydney-league")
    assert w.powers["Russia"] == SydneyLeaguePower(9, Fraction(700), centre_points=225)
    assert w.powers["Austria"] == SydneyLeaguePower(0, Fraction(100), years_played=4)
    assert result["Russia"] == 925
    solo_result, solo = scored("sydney-league", BOARD_S)
    assert (solo.soloist, solo.outcome) == ("Russia", Outcome.SOLO)
    assert solo.powers["Russia"] == SydneyLeaguePower(
        18, Fraction(700), centre_points=450, solo_factor=Fraction(3, 2)
    )
    assert solo.powers["Italy"] == SydneyLeaguePower(
        0, Fraction(300), years_played=6, solo_factor=Fraction(1, 2)
    )
    assert explain(solo_result, "en")[1] == "  Russia solos"
    assert line("sydney-league", "Russia", "en") == (
        "Russia = 925: centres 9, place points 700, centre points 225"
    )
    assert line("sydney-league", "Russia", "fr", BOARD_S) == (
        "Russie = 1725 : centres 18, points de place 700, points de centres 450,"
        " coefficient de victoire seule 1,5"
    )


def test_tribute() -> None:
    result, w = scored("tribute")
    assert w.powers["Russia"] == TributePower(9, Fraction(66, 5), tribute_received=Fraction(12))
    assert w.powers["England"] == TributePower(8, Fraction(66, 5), tribute_paid=Fraction(3))
    assert w.powers["Austria"] == TributePower(0, Fraction(0), tribute_paid=Fraction(0))
    assert result["Russia"] == Fraction(171, 5)
    _, tied = scored("tribute", BOARD_T)  # two toppers split the three payers' 3 each
    assert tied.powers["England"] == TributePower(9, Fraction(66, 5), None, Fraction(9, 2))
    assert line("tribute", "England", "en") == (
        "England = 18.2: centres 8, survival share 13.2, tribute paid 3"
    )
    assert line("tribute", "Russia", "fr") == (
        "Russie = 34,2 : centres 9, part de survie 13,2, tribut reçu 12"
    )


def test_vulcan() -> None:
    result, w = scored("vulcan")
    # Russia leads E, F, I, T, A, G by 1, 3, 5, 2, 9, 9: 29 gap points.
    assert w.powers["Russia"] == VulcanPower(9, 5, 29, Fraction(10))
    assert w.powers["Austria"] == VulcanPower(0)
    assert result["Russia"] == 53
    _, tied = scored("vulcan", BOARD_T)
    assert tied.powers["Russia"] == VulcanPower(9, 5, 29, Fraction(5))
    assert line("vulcan", "Russia", "en") == (
        "Russia = 53: centres 9, survival 5, gap points 29, topping bonus 10"
    )
    assert line("vulcan", "Russia", "fr") == (
        "Russie = 53 : centres 9, survie 5, points d'écart 29, bonus de tête 10"
    )
    assert line("vulcan", "England", "en", BOARD_S) == "England = 5: lost to a solo, centres 5"


def test_whipping() -> None:
    result, w = scored("whipping")
    assert w.powers["Russia"] == WhippingPower(9, 90, Fraction(12), 18)
    assert w.powers["Germany"] == WhippingPower(0, years_played=6)
    assert result["Russia"] == 120
    _, solo = scored("whipping", BOARD_S)
    assert solo.powers["Turkey"] == SoloFigures(Outcome.LOST_TO_SOLO, 8, years_played=8)
    assert line("whipping", "Russia", "en") == (
        "Russia = 120: centres 9, centre points 90, survivors' share 12, topping bonus 18"
    )
    assert line("whipping", "Russia", "fr") == (
        "Russie = 120 : centres 9, points de centres 90, part des survivants 12, bonus de tête 18"
    )


def test_world_classic() -> None:
    result, w = scored("world-classic")
    assert w.powers["Russia"] == WorldClassicPower(9, 90, 30, Fraction(48))
    assert w.powers["Austria"] == WorldClassicPower(0, years_survived=3)
    assert result["Russia"] == 168
    four_way = board(
        {"A": 0, "E": 8, "F": 8, "G": 0, "I": 2, "R": 8, "T": 8}, {"A": 1904, "G": 1906}
    )
    _, summer = scored("summer-classic", four_way)  # no pool for a four-way top
    assert summer.powers["Russia"] == WorldClassicPower(8, 80, 30, Fraction(0))
    _, world = scored("world-classic", four_way)
    assert world.powers["Russia"] == WorldClassicPower(8, 80, 30, Fraction(12))
    assert line("world-classic", "Russia", "en") == (
        "Russia = 168: centres 9, centre points 90, survival 30, topping share 48"
    )
    assert line("world-classic", "Russia", "fr") == (
        "Russie = 168 : centres 9, points de centres 90, survie 30, part de tête 48"
    )
    assert line("world-classic", "England", "fr", BOARD_S) == (
        "Angleterre = 7 : perd face à une victoire seule, centres 5, années survécues 7"
    )


def test_your_draw_size() -> None:
    result, w = scored("your-draw-size-300")
    assert w.powers["Russia"] == YourDrawSizePower(9, 8)
    assert w.powers["France"] == YourDrawSizePower(6, 4)
    assert w.powers["Austria"] == YourDrawSizePower(0, 0)
    assert result["Russia"] == 42
    assert line("your-draw-size-320", "Russia", "en") == "Russia = 42: centres 9, band from 8"
    assert line("your-draw-size-300", "Russia", "fr") == (
        "Russie = 42 : centres 9, tranche à partir de 8"
    )
    assert line("your-draw-size-320", "Russia", "en", BOARD_S) == "Russia = 320: solo, centres 18"
