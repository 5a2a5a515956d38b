from datetime import date
from fractions import Fraction

import pytest

from palmares.core.errors import PalmaresError
from palmares.explain import explain_text
from palmares.wizard.game import Finish
from palmares.wizard.tournament import Placing, Tournament, tournament_result
from palmares.wizard.triad import TriadGame


def open_of(day: date) -> Tournament:
    return Tournament("Spring Open", day, tuple(Placing(f"p{i}", i) for i in range(1, 26)))


def triad(*finishes: Finish) -> TriadGame:
    return TriadGame("Spring Open", finishes)


def totals(day: date, game: TriadGame) -> dict[str, tuple[Fraction, Fraction]]:
    result = tournament_result(open_of(day), triad=game)
    return {line.player: (line.master_points, line.triad_points) for line in result.lines[:4]}


def test_triad_3_2_1() -> None:
    game = triad(Finish("p1", score=120), Finish("p2", score=260), Finish("p3", score=40))
    assert totals(date(2015, 6, 1), game) == {
        "p1": (Fraction(25), Fraction(2)),
        "p2": (Fraction(13), Fraction(3)),
        "p3": (Fraction(7), Fraction(1)),
        "p4": (Fraction(0), Fraction(0)),
    }


def test_two_tied_first_get_2_5_each_even_with_whole_numbers() -> None:
    game = triad(Finish("p1", score=200), Finish("p2", score=200), Finish("p3", score=40))
    result = tournament_result(open_of(date(2015, 6, 1)), triad=game)
    assert [line.triad_points for line in result.lines[:3]] == [Fraction(5, 2), Fraction(5, 2), 1]
    assert [line.total for line in result.lines[:3]] == [Fraction(55, 2), Fraction(31, 2), 8]
    reason = next(a.reason for a in result.lines[0].awards if a.kind == "triad")
    assert explain_text(reason, "en") == (
        "TRIAD: 2 players tie for 1st: each player will receive half of 3+2 points. (2.5 points)"
    )


def test_the_4th_placed_player_substitutes() -> None:
    game = triad(Finish("p1", place=2), Finish("p4", place=1), Finish("p3", place=3))
    assert totals(date(2012, 6, 1), game) == {
        "p1": (Fraction(25), Fraction(2)),
        "p2": (Fraction(13), Fraction(0)),
        "p3": (Fraction(7), Fraction(1)),
        "p4": (Fraction(0), Fraction(3)),
    }
    result = tournament_result(open_of(date(2012, 6, 1)), triad=game)
    assert explain_text(result.lines[3].awards[0].reason, "en").endswith("(4th place, substitute)")


def test_a_substitute_only_for_a_missing_top_3_player() -> None:
    game = triad(Finish("p1", place=1), Finish("p2", place=2), Finish("p4", place=3))
    game_ok = triad(Finish("p1", place=1), Finish("p2", place=2), Finish("p3", place=3))
    assert totals(date(2012, 6, 1), game_ok)["p3"] == (Fraction(7), Fraction(1))
    bad = triad(Finish("p1", place=1), Finish("p5", place=2), Finish("p3", place=3))
    with pytest.raises(PalmaresError, match="p5 placed 5"):
        tournament_result(open_of(date(2012, 6, 1)), triad=bad)
    # p3 is missing: p4 may sit
    assert totals(date(2012, 6, 1), game)["p4"] == (Fraction(0), Fraction(1))


def test_four_players_from_top_4_is_refused() -> None:
    t = Tournament("Spring Open", date(2012, 6, 1), (
        Placing("p1", 1), Placing("p2", 2), Placing("p3", 3), Placing("p4", 4)))  # fmt: skip
    with pytest.raises(PalmaresError, match="not 3"):
        TriadGame("Spring Open", tuple(Finish(f"p{i}", place=i) for i in range(1, 4)) * 2)
    game = triad(Finish("p4", place=1), Finish("p2", place=2), Finish("p3", place=3))
    assert tournament_result(t, triad=game).lines[3].triad_points == 3


def test_no_triad_before_2003_or_from_2020() -> None:
    game = triad(Finish("p1", place=1), Finish("p2", place=2), Finish("p3", place=3))
    with pytest.raises(PalmaresError, match="eliminated on January 1, 2020"):
        tournament_result(open_of(date(2020, 1, 1)), triad=game)
    with pytest.raises(PalmaresError, match="no TRIAD"):
        tournament_result(open_of(date(2002, 12, 31)), triad=game)
    assert totals(date(2019, 12, 31), game)["p1"] == (Fraction(25), Fraction(3))
    assert totals(date(2003, 1, 1), game)["p1"] == (Fraction(25), Fraction(3))


def test_the_other_reading_rounds_triad_points_after_2010() -> None:
    from palmares.wizard.rules import wizard_rules

    game = triad(Finish("p1", score=200), Finish("p2", score=200), Finish("p3", score=40))
    rules = wizard_rules(whole_triad_points=True)
    late = tournament_result(open_of(date(2015, 6, 1)), triad=game, rules=rules)
    assert [line.triad_points for line in late.lines[:3]] == [3, 3, 1]
    early = tournament_result(open_of(date(2008, 6, 1)), triad=game, rules=rules)
    assert [line.triad_points for line in early.lines[:3]] == [Fraction(5, 2), Fraction(5, 2), 1]
