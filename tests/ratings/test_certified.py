"""The exact list without a Fraction per row (ratings/certified.py) against the Fraction path.

The reference is the list as it was computed before issue 15: each listed player's steps replayed
in Fractions (``RatingHistory._steps``), ranks by ``core.ranking.tie_groups``. The list with
``fractions=False`` must give the same ranks, national ranks and order, and ratings that show as
the Fractions do (csv/json: the float nearest, a whole number as one; tables: two decimals half
up); with ``fractions=True`` every rating is the Fraction itself.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palmares.cli.output import fixed, machine_value
from palmares.core.ranking import tie_groups
from palmares.io.csv_writer import csv_cell
from palmares.ratings import replay
from palmares.ratings.events import Event, Placement, Player, Results
from palmares.ratings.history import RatingHistory
from palmares.ratings.ranking import Ranking

TWO = fixed(2)
PLAYERS = [f"p{i}" for i in range(9)]
NATIONS = ["CA", "US", None]


def _reference(
    history: RatingHistory, as_of: date | None
) -> list[tuple[int, int | None, str, Fraction]]:
    """The list as the Fraction path made it: (rank, national rank, player, rating)."""
    upto = None if as_of is None else as_of.toordinal()
    eng = history.engine
    _, counted, nat = eng.as_of(date.max.toordinal() if upto is None else upto)
    listed = [int(p) for p in range(eng.n_players) if counted[p] > 0]
    exact = {p: history._steps(p, upto)[-1].after for p in listed}
    ranks = {p: g.rank for g in tie_groups(list(exact), key=lambda p: exact[p]) for p in g.members}
    national: dict[int, int] = {}
    for code in {int(nat[p]) for p in exact if nat[p] >= 0}:
        same = [p for p in exact if int(nat[p]) == code]
        for g in tie_groups(same, key=lambda p: exact[p]):
            national.update({p: g.rank for p in g.members})
    players = list(history.players.values())
    order = sorted(exact, key=lambda p: (ranks[p], players[p].name))
    return [
        (ranks[p], national.get(p) if nat[p] >= 0 else None, players[p].key, exact[p])
        for p in order
    ]


def _check(history: RatingHistory, as_of: date | None) -> None:
    want = _reference(history, as_of)
    shown = history.ranking(as_of=as_of, exact=True, fractions=False)
    full = history.ranking(as_of=as_of, exact=True)
    for listed in (shown, full):
        assert isinstance(listed, Ranking)
        assert [(e.rank, e.national_rank, e.player) for e in listed.entries] == [
            w[:3] for w in want
        ]
    for entry, (_, _, _, exact) in zip(shown.entries, want, strict=True):
        assert machine_value(entry.rating) == machine_value(exact)
        assert csv_cell(entry.rating) == csv_cell(exact)
        assert TWO(entry.rating) == TWO(exact)
    for entry, (_, _, _, exact) in zip(full.entries, want, strict=True):
        assert isinstance(entry.rating, Fraction)
        assert entry.rating == exact


def _results(events: list[Event]) -> Results:
    keys = {pl.player for e in events for pl in e.placements}
    return Results.of(events, {k: Player(k, k.upper()) for k in sorted(keys)})


@st.composite
def histories(draw: st.DrawFn) -> Results:
    events = []
    for k in range(draw(st.integers(1, 7))):
        field = draw(st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=6, unique=True))
        ranks: list[int] = []
        for i in range(len(field)):
            if i and draw(st.booleans()) and draw(st.booleans()):
                ranks.append(ranks[-1])
            else:
                ranks.append(i + 1)
        stored = draw(
            st.sampled_from(
                [None, None, None, Decimal("18.86"), Decimal("150"), Decimal("250.5"), Decimal("3")]
            )
        )
        extra = draw(st.sampled_from([0, 0, 3]))
        events.append(
            Event(
                key=f"e{k}",
                name=f"Event {k}",
                date=date(2000, 6, 1) + timedelta(days=draw(st.integers(0, 2000))),
                placements=tuple(
                    Placement(p, r, draw(st.sampled_from(NATIONS)))
                    for p, r in zip(field, ranks, strict=True)
                ),
                event_id=str(k),
                rounds=draw(st.sampled_from([None, 1, 3])),
                players=len(field) + extra if extra else None,
                world_championship=draw(st.booleans()) and draw(st.booleans()),
                coefficient=stored,
            )
        )
    return _results(events)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(histories(), st.sampled_from([None, date(2003, 1, 1), date(2004, 6, 30)]))
def test_the_list_is_the_exact_list(results: Results, as_of: date | None) -> None:
    _check(replay(results), as_of)


def _event(key: str, day: date, ranks: list[tuple[str, int]], **facts: object) -> Event:
    return Event(
        key=key,
        name=key,
        date=day,
        placements=tuple(Placement(p, r, "CA") for p, r in ranks),
        event_id=None,
        **facts,  # type: ignore[arg-type]
    )


def test_whole_numbers_halves_and_ties_are_computed_exactly() -> None:
    day = date(2005, 5, 5)
    events = [
        # One player at a World Championship of one: 40 + 20% × (50 − 40) = 42, a whole number.
        _event("WC 2005", day, [("whole", 1)], world_championship=True),
        # 40th of 80 at a World Championship: 42.125, exactly halfway at two decimals.
        _event(
            "WC 2006", day.replace(year=2006), [("half", 40)], world_championship=True, players=80
        ),
        _event("Cup", day.replace(month=9), [("e", 1), ("i", 2), ("j", 3)]),
        # Two players tied in the same event with the same history: one rating, one rank.
        _event("Open", day, [("a", 1), ("b", 2), ("c", 2), ("d", 4)]),
        # Another event that puts "e" on c's rating by another road: exactly equal or not,
        # the Fractions decide.
        _event("Other", day.replace(month=6), [("e", 2), ("f", 1), ("g", 3), ("h", 4)]),
        # A stored coefficient far above 100: the rating overshoots and keeps growing.
        _event(
            "Wild",
            day.replace(month=7),
            [("a", 4), ("d", 1), ("x", 2), ("y", 3)],
            coefficient=Decimal("999999.999999"),
        ),
        _event(
            "Wilder",
            day.replace(month=8),
            [("a", 1), ("d", 4), ("x", 3), ("y", 2)],
            coefficient=Decimal("999999.999999"),
        ),
    ]
    history = replay(_results(events))
    _check(history, None)
    listed = {e.player: e for e in history.ranking(exact=True, fractions=False).entries}
    assert listed["whole"].rating == Fraction(42) and machine_value(listed["whole"].rating) == 42
    assert TWO(listed["half"].rating) == "42.13"
    assert listed["b"].rank == listed["c"].rank
    # The others are floats proved to show as their Fractions.
    assert isinstance(listed["e"].rating, float)
