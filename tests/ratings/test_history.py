"""The vectorised engine against the exact loop, and adding one event."""

from __future__ import annotations

import random
from datetime import date, timedelta
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.core.errors import PalmaresError
from palmares.ratings.dip_pouch import rate_history
from palmares.ratings.events import Event, Placement, Player, Results
from palmares.ratings.history import RatingHistory, replay

POOL = [f"p{i}" for i in range(12)]


@st.composite
def histories(draw: st.DrawFn) -> Results:
    n_events = draw(st.integers(1, 8))
    events = []
    for e in range(n_events):
        size = draw(st.integers(1, len(POOL)))
        who = draw(st.permutations(POOL))[:size]
        ranks = sorted(draw(st.lists(st.integers(1, size), min_size=size, max_size=size)))
        ranks[0] = 1
        extra = draw(st.integers(0, 3))
        stored = draw(st.one_of(st.none(), st.decimals("0", "30", places=2)))
        events.append(
            Event(
                key=str(e),
                name=f"E{e}",
                date=date(1999, 6, 1) + timedelta(days=draw(st.integers(0, 2500))),
                placements=tuple(
                    Placement(p, r, draw(st.sampled_from([None, "CA", "US"])))
                    for p, r in zip(who, ranks, strict=True)
                ),
                event_id=str(e),
                rounds=draw(st.sampled_from([None, 1, 3])),
                players=size + extra if extra else None,
                world_championship=draw(st.booleans()),
                coefficient=stored,
            )
        )
    return Results.of(events, {p: Player(p, p) for p in POOL})


def _assert_matches_exact(history: RatingHistory, results: Results) -> None:
    exact = rate_history(results)
    for key in results.players:
        steps = exact.get(key, ())
        want = float(steps[-1].after) if steps else 40.0
        assert abs(history.rating(key) - want) <= 1e-9
        page = history.player_page(key)
        assert [ln.step for ln in reversed(page.lines)] == list(steps)


@settings(max_examples=40, deadline=None)
@given(histories())
def test_vectorised_engine_equals_the_exact_loop(results: Results) -> None:
    _assert_matches_exact(replay(results), results)


@settings(max_examples=25, deadline=None)
@given(histories(), st.integers(0, 2600), st.integers(1, 12))
def test_adding_an_event_equals_a_full_replay(results: Results, offset: int, size: int) -> None:
    history = replay(results)
    before = {k: history.rating(k) for k in results.players}
    who = random.Random(offset).sample([*POOL, "newcomer"], size)
    new = Event(
        key="new",
        name="New Open",
        date=date(1999, 6, 1) + timedelta(days=offset),
        placements=tuple(Placement(p, i + 1) for i, p in enumerate(who)),
        event_id="new",
    )
    players = {p: Player(p, p) for p in [*POOL, "newcomer"] if p in POOL or p in who}
    history.add_event(new, {"newcomer": Player("newcomer", "newcomer")})
    everything = Results.of([*results.events, new], players)
    _assert_matches_exact(history, everything)
    for k in results.players:
        if k not in who:
            assert history.rating(k) == before[k]  # nobody else is touched


def test_event_report_keeps_file_order_within_ties_and_knows_ratings_around_it() -> None:
    day = date(2005, 1, 1)
    ev = Event(
        "e",
        "E",
        day,
        (Placement("z", 1), Placement("b", 2), Placement("a", 2)),
        rounds=3,
        coefficient=Decimal("10"),
    )
    history = replay(Results.of([ev], {k: Player(k, k.upper()) for k in "zba"}))
    report = history.event_report("e")
    assert [(ln.rank, ln.name) for ln in report.lines] == [(1, "Z"), (2, "B"), (2, "A")]
    assert report.lines[1].rating_before == 40.0
    assert abs(report.lines[0].rating_after - (40 + 0.1 * (250 / 3 * 1 - 40))) <= 1e-9


def test_several_additions_grow_the_buffers_and_stay_exact() -> None:
    day = date(2005, 1, 1)
    players = {k: Player(k, k) for k in "abcd"}
    first = Event("e0", "E0", day, (Placement("a", 1), Placement("b", 2)), event_id="0")
    history = replay(Results.of([first], players))
    added = [first]
    for i, offset in enumerate([400, -300, 800, 10, 1200]):
        who = "abcd"[i % 3 :] if i % 2 else "dcba"[: 2 + i % 3]
        ev = Event(
            f"e{i + 1}",
            f"E{i + 1}",
            day + timedelta(days=offset),
            tuple(Placement(p, n + 1) for n, p in enumerate(who)),
            event_id=str(i + 1),
            rounds=1 if i % 2 else None,
        )
        history.add_event(ev)
        added.append(ev)
        _assert_matches_exact(history, Results.of(added, players))
    assert [s.event.key for s in history.events()] == [
        e.key for e in Results.of(added, players).events
    ]


def test_a_bad_added_event_is_refused_and_changes_nothing() -> None:
    day = date(2005, 1, 1)
    first = Event("e0", "E0", day, (Placement("a", 1), Placement("b", 2)))
    history = replay(Results.of([first], {k: Player(k, k) for k in "ab"}))
    before = history.rating("a")
    bad = [
        Event("e0", "again", day, (Placement("a", 1),)),
        Event("e1", "twice", day, (Placement("a", 1), Placement("a", 2))),
        Event("e2", "rank", day, (Placement("a", 1), Placement("b", 3))),
    ]
    for event in bad:
        with pytest.raises(PalmaresError):
            history.add_event(event)
    assert history.rating("a") == before
    assert len(history.events()) == 1
