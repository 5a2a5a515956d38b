import random
from datetime import date
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.core.errors import PalmaresError
from palmares.explain import explain_text
from palmares.wizard.rules import rules_on, wizard_rules
from palmares.wizard.tournament import Placing, Tournament, place_awards, tournament_result

WHOLE = rules_on(date(2015, 6, 1))


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        (12, [12, 6, 3]),
        (25, [25, 13, 7]),
        (39, [39, 20, 10]),
        (40, [40, 20, 10, 5]),
        (45, [45, 23, 12, 6]),
        (79, [79, 40, 20, 10]),
        (80, [80, 40, 20, 10, 5]),
        (120, [120, 60, 30, 15, 8]),
    ],
)
def test_master_points_by_field_size(field: int, expected: list[int]) -> None:
    assert list(place_awards(field, WHOLE)) == expected


def test_the_other_reading_halves_the_exact_value() -> None:
    exact = wizard_rules(tournament_halving="exact").at(date(2015, 6, 1))
    assert list(place_awards(25, exact)) == [25, 13, 6]
    assert list(place_awards(45, exact)) == [45, 23, 11, 6]


def test_before_2010_11_10_fractions_are_kept() -> None:
    old = rules_on(date(2010, 11, 9))
    assert list(place_awards(25, old)) == [25, Fraction(25, 2), Fraction(25, 4)]


def test_no_tournament_master_points_from_2020() -> None:
    assert place_awards(45, rules_on(date(2020, 1, 1))) == ()
    t = field_of(12, date(2020, 2, 1))
    result = tournament_result(t)
    assert all(line.master_points == 0 for line in result.lines)
    assert [line.place for line in result.lines][:3] == [1, 2, 3]


def field_of(n: int, day: date, places: list[int] | None = None) -> Tournament:
    places = places or list(range(1, n + 1))
    return Tournament(
        "Open", day, tuple(Placing(f"p{i + 1:03d}", place) for i, place in enumerate(places))
    )


def test_a_tied_place_shares_the_places_it_spans() -> None:
    # 25 players, two tied 2nd: (13 + 7) / 2 = 10 each; two tied 3rd of 12: (3 + 0) / 2 -> 2.
    t = field_of(25, date(2015, 6, 1), [1, 2, 2, *range(4, 26)])
    points = {line.player: line.master_points for line in tournament_result(t).lines}
    assert [points["p001"], points["p002"], points["p003"], points["p004"]] == [25, 10, 10, 0]
    t = field_of(12, date(2015, 6, 1), [1, 2, 3, 3, *range(5, 13)])
    result = tournament_result(t)
    assert [line.master_points for line in result.lines[:5]] == [12, 6, 2, 2, 0]
    assert explain_text(result.lines[2].awards[0].reason, "en") == (
        "3rd place of 12 players, shared by 2 players: (3 + 0) / 2 = 1.5 -> 2 (whole numbers, "
        "half up)"
    )


def test_tied_first_before_whole_numbers() -> None:
    t = field_of(12, date(2008, 6, 1), [1, 1, *range(3, 13)])
    result = tournament_result(t)
    assert [line.master_points for line in result.lines[:3]] == [9, 9, 3]


def test_places_must_be_a_ranking_and_players_once() -> None:
    with pytest.raises(PalmaresError, match="not a ranking"):
        field_of(3, date(2015, 1, 1), [1, 1, 2])
    with pytest.raises(PalmaresError, match="twice"):
        Tournament("T", date(2015, 1, 1), (Placing("a", 1), Placing("a", 2)))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 8), min_size=1, max_size=50), st.randoms(use_true_random=False))
def test_shared_places_conserve_the_points_and_ignore_row_order(
    sizes: list[int], rnd: random.Random
) -> None:
    # Tie groups of the given sizes; before whole numbers the shares add up exactly to the
    # awards of the places the field occupies, whatever the order of the rows.
    places: list[int] = []
    for size in sizes:
        places += [len(places) + 1] * size
    field = len(places)
    t = field_of(field, date(2008, 6, 1), places)
    shuffled = list(t.placings)
    rnd.shuffle(shuffled)
    again = Tournament(t.name, t.day, tuple(shuffled))
    result = tournament_result(t)
    assert result.lines == tournament_result(again).lines
    values = place_awards(field, rules_on(t.day))
    assert sum(line.master_points for line in result.lines) == sum(values[:field])
