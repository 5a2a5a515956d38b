"""The ante's ledger (whole numbers of a decimal unit, issue 33) against the ante in Fractions.

:meth:`Ante.aggregate` computes in the ledger whenever every figure terminates;
:meth:`Ante.aggregate_fractions` is the rule seat by seat in Fractions (the code of the ante
before issue 33). On random archives — two-boarders, rounds sat out, late entrants, the
fewer-games adjustment, rounded and unrounded Divide and Conquer, other stakes and starts — both
give the same standings to the last line, and the ledger's exact columns (what `diplomacy
standings --format csv` writes) are the lines' figures.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palmares.diplomacy.aggregation.ante import Ante
from palmares.diplomacy.aggregation.ante_ledger import places_of
from palmares.diplomacy.aggregation.base import ScaledColumn, Standings
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat
from palmares.diplomacy.scoring import get_system
from palmares.io.csv_writer import csv_cell, machine_cells, machine_units, machine_value

DNC = get_system("divide-and-conquer")
DNC_EXACT = get_system("divide-and-conquer:rounded=no")


def archive(seed: int, rounds: int, players: int, boards: int) -> list[PlayedBoard]:
    """``rounds`` rounds of up to ``boards`` boards among ``players`` players; now and then a
    round sat out by most, a two-boarder (never twice on one board), a solo, a bare board."""
    rng = random.Random(seed)
    names = [f"P{n:03d}" for n in range(players)]
    out: list[PlayedBoard] = []
    for rnd in range(1, rounds + 1):
        n_boards = rng.randint(1, boards)
        seated = rng.sample(names, min(players, 7 * n_boards))
        while len(seated) < 7 * n_boards:  # two-boarders: a player of another board
            board = len(seated) // 7
            others = [p for p in seated if seated.index(p) // 7 != board]
            mine = seated[7 * board :]
            seated.append(rng.choice([p for p in others if p not in mine]))
        for b in range(n_boards):
            who = seated[7 * b : 7 * b + 7]
            kind = rng.random()
            if kind < 0.1:
                centres = [18, *(rng.randint(0, 2) for _ in range(6))]
                rng.shuffle(centres)
            elif kind < 0.15:
                centres = [0] * 7
            else:
                centres = [rng.randint(0, 10) for _ in range(7)]
                while sum(centres) > 34:
                    centres[rng.randrange(7)] //= 2
            seats = tuple(
                Seat(power, p, c) for power, p, c in zip(GREAT_POWERS, who, centres, strict=True)
            )
            out.append(PlayedBoard(rnd, str(b + 1), seats))
    return out


def same(ledger: Standings, fractions: Standings) -> None:
    """Every value the standings hold, compared."""
    assert ledger.figures is not None and fractions.figures is None
    assert ledger.rounds == fractions.rounds
    assert ledger.system == fractions.system
    assert ledger.board_scores == fractions.board_scores
    assert [s.player for s in ledger.players] == [s.player for s in fractions.players]
    for fast, slow in zip(ledger.players, fractions.players, strict=True):
        assert (fast.rank, fast.score, fast.games) == (slow.rank, slow.score, slow.games)
        assert dict(fast.after) == dict(slow.after)
        assert tuple(fast.lines) == tuple(slow.lines)
        assert fast.adjustment == slow.adjustment
    where = {p: i for i, p in enumerate(ledger.figures.players)}
    for slow in fractions.players:
        i = where[slow.player]
        for r in fractions.rounds:
            for name in fractions.round_columns:
                column = ledger.figures.column(r, name)
                assert column.value(i) == slow.round_value(r, name), (slow.player, r, name)
        assert ledger.figures.adjustment().value(i) == slow.adjustment


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    rounds=st.integers(1, 8),
    players=st.integers(7, 40),
    boards=st.integers(1, 5),
    rounded=st.booleans(),
    stake=st.sampled_from(["1/10", "0.15", "1/4", "0.5", "0.125"]),
    start=st.sampled_from(["100", "50.5", "7/4"]),
    adjust_after=st.integers(0, 6),
    min_rounds=st.integers(1, 4),
    entrants=st.lists(st.sampled_from(["Late", "Later", "P000"]), max_size=2, unique=True),
)
def test_ledger_is_the_fractions(
    seed: int,
    rounds: int,
    players: int,
    boards: int,
    rounded: bool,
    stake: str,
    start: str,
    adjust_after: int,
    min_rounds: int,
    entrants: list[str],
) -> None:
    played = archive(seed, rounds, players, boards)
    ante = Ante(
        start=Fraction(start),
        stake=Fraction(stake),
        adjust_after=adjust_after,
        min_rounds=min_rounds,
    )
    system = DNC if rounded else DNC_EXACT
    same(
        ante.aggregate(played, system, entrants=entrants),
        ante.aggregate_fractions(played, system, entrants=entrants),
    )


def test_seed_defaults_on_a_longer_archive() -> None:
    """The seed's ante (100, 10 %, the adjustment after round 5) over 30 rounds: scores of
    150 decimals, the same to the last line."""
    played = archive(33, 30, 60, 6)
    same(Ante().aggregate(played, DNC), Ante().aggregate_fractions(played, DNC))


def test_a_stake_that_does_not_terminate_takes_the_fractions() -> None:
    """A stake of 1/3 has no decimal unit: the Fraction path, the same standings."""
    played = archive(7, 4, 20, 3)
    ante = Ante(stake=Fraction(1, 3))
    got = ante.aggregate(played, DNC)
    assert got.figures is None
    assert [s.score for s in got.players] == [
        s.score for s in ante.aggregate_fractions(played, DNC).players
    ]


def test_places_of() -> None:
    assert places_of(Fraction(100)) == 0
    assert places_of(Fraction("0.2411")) == 4
    assert places_of(Fraction(1, 8)) == 3
    assert places_of(Fraction(1, 3)) is None
    assert places_of(Fraction(7, 20)) == 2


@given(
    st.lists(
        st.one_of(st.none(), st.integers(-(10**60), 10**60), st.integers(-3000, 3000)),
        max_size=30,
    ),
    st.integers(0, 40),
)
def test_machine_units_is_machine_value_of_the_fraction(
    units: list[int | None], places: int
) -> None:
    """The CSV and JSON value of each figure: the whole number or the nearest float, as
    :func:`machine_value` gives the same figure as a Fraction."""
    got = machine_units(units, places)
    want = [None if u is None else machine_value(Fraction(u, 10**places)) for u in units]
    assert [(type(x), x) for x in got] == [(type(x), x) for x in want]
    order = list(reversed(range(len(units))))
    assert machine_units(units, places, order) == [want[k] for k in order]
    cells = machine_cells(ScaledColumn(units, places).pick, places, order)
    assert list(cells) == cells[:] == [csv_cell(want[k]) for k in order]


@pytest.mark.parametrize("units", [[10**30 + 1], [10**30], [123456789 * 10**25]])
def test_machine_units_large_whole_numbers(units: list[int]) -> None:
    want = [machine_value(Fraction(u, 10**5)) for u in units]
    assert machine_units(units, 5) == want
