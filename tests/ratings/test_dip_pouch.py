from datetime import date
from decimal import Decimal
from fractions import Fraction

from palmares.core.rounding import half_up
from palmares.explain import explain_text
from palmares.io.results import read_results
from palmares.ratings.dip_pouch import (
    INITIAL_RATING,
    event_value,
    move,
    rate,
    rate_history,
)
from palmares.ratings.events import Event, Placement, Player, Results
from palmares.ratings.percentile import percentile
from tests.ratings.seed000 import DIP_IN_THE_OCEAN, DIP_IN_THE_OCEAN_2004


def _field(n: int, *, rounds: int | None = None, players: int | None = None) -> Event:
    placements = tuple(Placement(f"p{i}", i) for i in range(1, n + 1))
    return Event("big", "Big Open", date(2005, 3, 1), placements, rounds=rounds, players=players)


def test_the_worked_example_55_to_60_019() -> None:
    event = _field(65, rounds=3)
    step = rate(player="p8", event=event, value=event_value(event), place=8, before=Fraction(55))
    assert half_up(step.score, 2) == Decimal("88.46")
    assert half_up(step.value.uncapped, 2) == Decimal("20.57")
    assert step.value.value == 15
    assert half_up(step.score - 55, 2) == Decimal("33.46")
    assert half_up(step.change, 3) == Decimal("5.019")
    assert half_up(step.after, 3) == Decimal("60.019")
    assert step.after == 55 + Fraction(15, 100) * (percentile(8, 65) - 55)
    # the words: tests/explain/test_ratings_words.py


def test_move_is_value_percent_of_the_distance() -> None:
    assert move(Fraction(60), Fraction(10), Fraction(40)) == 58
    assert move(Fraction(40), Fraction(0), Fraction(99)) == 40


def test_every_player_starts_at_40() -> None:
    assert INITIAL_RATING == 40


def test_dip_in_the_ocean_2004_every_score_and_rating() -> None:
    results = read_results(DIP_IN_THE_OCEAN)
    steps = rate_history(results)
    by_name = {results.players[k].name: s[0] for k, s in steps.items()}
    assert len(by_name) == 24
    for rank, name, score in DIP_IN_THE_OCEAN_2004:
        step = by_name[name]
        assert step.place == rank
        assert step.players == 24
        assert str(half_up(step.score, 2)) == score
        # The stored coefficient 18.86 is used as given (the formula would give 8.86).
        assert step.after == 40 + Fraction(1886, 10000) * (step.score - 40)
    assert by_name["Matt SHIELDS"].after == by_name["Robert O'CONNOR"].after


def test_field_size_override_changes_n_in_score_and_value() -> None:
    event = _field(24, rounds=3, players=59)
    step = rate(player="p9", event=event, value=event_value(event), place=9, before=Fraction(40))
    assert step.players == 59
    assert step.score == (Fraction(59) + Fraction(1, 2) - 9) / 59 * 100
    assert step.value.value == 15  # 59/3.5 + 2 = 18.86, capped


def test_a_pre_2001_event_leaves_the_rating_alone_but_a_world_championship_counts() -> None:
    old = Event("o", "Old Open", date(2000, 6, 1), (Placement("a", 1), Placement("b", 2)))
    wc = Event(
        "w",
        "WDC 2000",
        date(2000, 8, 1),
        (Placement("a", 2), Placement("b", 1)),
        world_championship=True,
    )
    results = Results.of([wc, old], {k: Player(k, k) for k in "ab"})
    steps = rate_history(results)
    assert steps["a"][0].event == "o"
    assert steps["a"][0].after == 40
    assert "this player's rating stays at 40" in explain_text(steps["a"][0], "en")
    assert steps["a"][1].after == 40 + Fraction(20, 100) * (25 - 40)
    assert steps["b"][1].after == 40 + Fraction(20, 100) * (75 - 40)


def test_same_date_events_go_by_event_id_then_name() -> None:
    day = date(2010, 1, 1)
    e10 = Event("10", "B", day, (Placement("a", 1),), event_id="10")
    e9 = Event("9", "A", day, (Placement("a", 1),), event_id="9")
    x = Event("Zed", "Zed", day, (Placement("a", 1),))
    y = Event("Abc", "Abc", day, (Placement("a", 1),))
    results = Results.of([x, e10, y, e9], {"a": Player("a", "a")})
    assert [e.key for e in results.events] == ["9", "10", "Abc", "Zed"]
