"""The ante's figures as nearest floats beside the exact ledger (issue 33): every float the
double-double track certifies is the float of the exact figure (what ``diplomacy standings
--format csv`` writes), every figure it leaves empty is ``None``, and the CSV cells are the
same with or without it."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palmares.diplomacy.aggregation.ante import Ante
from palmares.diplomacy.aggregation.ante_ledger import AnteLedger
from palmares.diplomacy.scoring import get_system
from palmares.io.csv_writer import machine_cells, machine_units
from tests.diplomacy.aggregation.test_ante_ledger import archive

DNC = get_system("divide-and-conquer")


def floats_are_the_figures(ledger: AnteLedger) -> int:
    """Check every round's certified floats against the exact figures; how many there were.
    Once the track stops (a player staking more than their score: three boards at 0.5), no
    later round has floats."""
    order = np.arange(len(ledger.players), dtype=np.int64)
    certified = 0
    stopped = False
    for rd in ledger.rounds:
        if rd.nearest is None:
            stopped = True
            continue
        assert not stopped
        for name in ("stake", "pot_share", "score"):
            column = ledger.column(rd.number, name)
            near = column.nearest
            assert near is not None
            want = machine_units(column.pick(order), column.places)
            for k in np.flatnonzero(near.state == 1).tolist():
                assert type(want[k]) is float and near.floats[k] == want[k], (rd.number, name, k)
            assert [w is None for w in want] == (near.state == 2).tolist()
            certified += int(np.sum(near.state == 1))
            with_floats = machine_cells(column.pick, column.places, order.tolist(), near)
            without = machine_cells(column.pick, column.places, order.tolist())
            assert with_floats[:] == without[:]
    return certified


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    rounds=st.integers(1, 12),
    players=st.integers(7, 40),
    boards=st.integers(1, 5),
    stake=st.sampled_from(["1/10", "0.15", "1/4", "0.5"]),
    start=st.sampled_from(["100", "50.5", "7/4"]),
    adjust_after=st.integers(0, 6),
)
def test_certified_floats_are_the_exact_figures(
    seed: int, rounds: int, players: int, boards: int, stake: str, start: str, adjust_after: int
) -> None:
    ante = Ante(start=Fraction(start), stake=Fraction(stake), adjust_after=adjust_after)
    table = ante.aggregate(archive(seed, rounds, players, boards), DNC)
    assert isinstance(table.figures, AnteLedger)
    floats_are_the_figures(table.figures)


def test_most_figures_of_a_long_archive_are_certified() -> None:
    """Forty rounds (scores of 200 decimals): the track holds to the end and proves most
    figures."""
    table = Ante().aggregate(archive(11, 40, 60, 6), DNC)
    assert isinstance(table.figures, AnteLedger)
    certified = floats_are_the_figures(table.figures)
    assert certified > 0.8 * 40 * 60 * 2


def test_no_track_where_a_stake_of_two_boards_passes_the_score() -> None:
    """A stake of 0.6 on two boards would stake more than the score (1 − 2 · 0.6 < 0): no
    floats are certified, the figures are divided as before."""
    table = Ante(stake=Fraction(6, 10)).aggregate(archive(2, 3, 10, 3), DNC)
    assert isinstance(table.figures, AnteLedger)
    two_boards = [rd for rd in table.figures.rounds if int(rd.games.max()) > 1]
    assert two_boards and two_boards[0].nearest is None
