"""Rating lists: international and national ranks, as of a day, a year end, ties."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import numpy as np
import pytest

from palmares.ratings.events import Event, Placement, Player, Results
from palmares.ratings.history import RatingHistory, replay
from palmares.ratings.ranking import competition_ranks_desc, grouped_ranks_desc, year_end

V1 = Fraction(4 * 2, 7) + 2  # 4 players, 3 rounds: 4/3.5 + 2
V2 = Fraction(3, 7) + 2  # 3 players, one round: 3/7 + 2


def _history() -> RatingHistory:
    e1 = Event(
        "1",
        "Spring 2004",
        date(2004, 4, 10),
        (
            Placement("a", 1, "CA"),
            Placement("b", 2, "CA"),
            Placement("c", 3, "US"),
            Placement("d", 4, "US"),
        ),
        event_id="1",
        rounds=3,
    )
    e2 = Event(
        "2",
        "Summer 2005",
        date(2005, 6, 1),
        (Placement("c", 1, "US"), Placement("e", 2, "FR"), Placement("a", 3, "CA")),
        event_id="2",
        rounds=1,
    )
    old = Event("0", "Old 1999", date(1999, 5, 1), (Placement("z", 1, "CA"),), event_id="0")
    players = {k: Player(k, k.upper()) for k in "abcdez"}
    return replay(Results.of([e1, e2, old], players))


def _after(old: Fraction, value: Fraction, score: Fraction) -> Fraction:
    return old + value / 100 * (score - old)


def test_year_end_list_counts_only_events_up_to_31_december() -> None:
    listed = _history().ranking(as_of=year_end(2004), exact=True)
    assert [(e.rank, e.name, e.national_rank) for e in listed.entries] == [
        (1, "A", 1),
        (2, "B", 2),
        (3, "C", 1),
        (4, "D", 2),
    ]
    assert listed.entries[0].rating == _after(Fraction(40), V1, Fraction(875, 10))
    assert all(e.events == 1 for e in listed.entries)
    assert year_end(2016) == date(2016, 12, 31)


def test_permanent_list_after_every_event() -> None:
    listed = _history().ranking(exact=True)
    ratings = {e.name: e.rating for e in listed.entries}
    c = _after(_after(Fraction(40), V1, Fraction(375, 10)), V2, Fraction(250, 3))
    a = _after(_after(Fraction(40), V1, Fraction(875, 10)), V2, Fraction(50, 3))
    e = _after(Fraction(40), V2, Fraction(150, 3))
    assert ratings == {
        "C": c,
        "A": a,
        "E": e,
        "B": _after(Fraction(40), V1, Fraction(625, 10)),
        "D": _after(Fraction(40), V1, Fraction(125, 10)),
    }
    assert [x.name for x in listed.entries] == sorted(ratings, key=lambda k: -ratings[k])
    # Z only played a pre-2001 event (value 0): not listed.
    assert "Z" not in ratings


def test_float_list_agrees_with_the_exact_one() -> None:
    history = _history()
    floats = history.ranking()
    exact = history.ranking(exact=True)
    assert [(e.rank, e.player, e.national_rank) for e in floats.entries] == [
        (e.rank, e.player, e.national_rank) for e in exact.entries
    ]
    for f, x in zip(floats.entries, exact.entries, strict=True):
        assert f.rating == pytest.approx(float(x.rating), abs=1e-9)


@pytest.mark.parametrize("exact", [False, True])
def test_ranking_by_nationality_keeps_international_and_national_ranks(exact: bool) -> None:
    listed = _history().ranking(as_of=date(2004, 12, 31), nationality="US", exact=exact)
    assert [(e.rank, e.national_rank, e.name, e.nationality) for e in listed.entries] == [
        (3, 1, "C", "US"),
        (4, 2, "D", "US"),
    ]
    assert _history().ranking(nationality="XX", exact=exact).entries == ()


@pytest.mark.parametrize("exact", [False, True])
def test_equal_ratings_share_a_rank(exact: bool) -> None:
    ev = Event(
        "t",
        "Tie Open",
        date(2010, 1, 1),
        (Placement("x", 1, "CA"), Placement("y", 1, "CA"), Placement("w", 3, "CA")),
    )
    history = replay(Results.of([ev], {k: Player(k, k) for k in "xyw"}))
    listed = history.ranking(exact=exact)
    assert [(e.rank, e.national_rank, e.player) for e in listed.entries] == [
        (1, 1, "x"),
        (1, 1, "y"),
        (3, 3, "w"),
    ]


def test_nationality_is_the_latest_as_of_the_day() -> None:
    e1 = Event("1", "One", date(2004, 1, 1), (Placement("a", 1, "CA"),), event_id="1")
    e2 = Event("2", "Two", date(2006, 1, 1), (Placement("a", 1, "US"),), event_id="2")
    history = replay(Results.of([e1, e2], {"a": Player("a", "A", "US")}))
    assert history.ranking(as_of=year_end(2004)).entries[0].nationality == "CA"
    assert history.ranking().entries[0].nationality == "US"


def test_limit_keeps_the_top() -> None:
    assert [e.name for e in _history().ranking(limit=2).entries] == ["C", "A"]


def test_rank_arithmetic() -> None:
    values = np.array([9.0, 7.0, 7.0, 5.0])
    assert competition_ranks_desc(values).tolist() == [1, 2, 2, 4]
    groups = np.array([0, 1, 0, 0], dtype=np.int32)
    assert grouped_ranks_desc(groups, np.array([5.0, 9.0, 5.0, 7.0])).tolist() == [2, 1, 2, 1]
