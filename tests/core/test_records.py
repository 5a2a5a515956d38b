"""``core.records.records``: the values a frozen, slotted dataclass's constructor makes, made
a column at a time (issue 33), and any other class made by calling it."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, InitVar, dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from palmares.core.records import records
from palmares.io.seeding import RosterRow
from palmares.tantrix.rating_list import RatingEntry


@dataclass(frozen=True, slots=True)
class Checked:
    name: str
    count: int

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError(self.count)


@dataclass(frozen=True, slots=True)
class Seeded:
    name: str
    seed: InitVar[int]
    doubled: int = field(init=False)

    def __post_init__(self, seed: int) -> None:
        object.__setattr__(self, "doubled", 2 * seed)


ROWS = st.lists(
    st.tuples(st.text(max_size=5), st.one_of(st.none(), st.integers(0, 2)), st.integers()),
    max_size=30,
)


@given(ROWS)
def test_records_are_the_constructors_values(rows: list[tuple[str, int | None, int]]) -> None:
    players = [p for p, _, _ in rows]
    boards = [b for _, b, _ in rows]
    lines = [n for _, _, n in rows]
    teams = [None if b is None else p for p, b, _ in rows]
    got = records(RosterRow, players, boards, teams, players, lines)
    want = [RosterRow(*r) for r in zip(players, boards, teams, players, lines, strict=True)]
    assert got == want
    assert [hash(x) for x in got] == [hash(x) for x in want]
    assert all(type(x) is RosterRow for x in got)
    assert records(RatingEntry, players, lines, boards, [b is None for b in boards]) == [
        RatingEntry(p, n, b, b is None) for p, n, b in zip(players, lines, boards, strict=True)
    ]


def test_records_stay_frozen() -> None:
    (row,) = records(RosterRow, ["Ann"], [1], [None], [""], [2])
    with pytest.raises(FrozenInstanceError):
        row.player = "Bob"  # type: ignore[misc]


def test_a_class_with_more_to_do_is_called() -> None:
    """A ``__post_init__`` (a check, an ``InitVar``) runs, as the constructor runs it."""
    assert records(Checked, ["a", "b"], [1, 2]) == [Checked("a", 1), Checked("b", 2)]
    with pytest.raises(ValueError):
        records(Checked, ["a"], [-1])
    assert [s.doubled for s in records(Seeded, ["a"], [4])] == [8]


def test_columns_of_different_lengths_are_refused() -> None:
    with pytest.raises(ValueError):
        records(RosterRow, ["Ann"], [1, 2], [None], [""], [2])


def test_the_collector_is_left_as_it_was() -> None:
    """Paused while the values are made, then as before: on, or off (a command's ``bulk``)."""
    import gc

    assert gc.isenabled()
    records(RosterRow, ["Ann"], [1], [None], [""], [2])
    assert gc.isenabled()
    gc.disable()
    try:
        records(RosterRow, ["Ann"], [1], [None], [""], [2])
        assert not gc.isenabled()
    finally:
        gc.enable()
