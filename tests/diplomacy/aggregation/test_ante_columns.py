"""The ante over boards kept as columns (issue 33) against the ante over the same boards as
:class:`PlayedBoard` values: the same standings to the last line, the same exact columns, the
same prizes; and Divide and Conquer's raw scores of every seat at once against each board's
:meth:`DivideAndConquer.score`."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palmares.diplomacy.aggregation.ante import Ante
from palmares.diplomacy.aggregation.base import Standings
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat
from palmares.diplomacy.column_boards import ColumnBoards, ColumnScores
from palmares.diplomacy.prizes import prizes
from palmares.diplomacy.scoring import get_system
from palmares.diplomacy.scoring.divide_and_conquer import DivideAndConquer, cents
from palmares.io.boards_columnar import BoardColumns
from tests.diplomacy.aggregation.test_ante_ledger import archive, same

DNC = get_system("divide-and-conquer")


def with_draws(boards: list[PlayedBoard], seed: int) -> list[PlayedBoard]:
    """``boards`` with agreed draws now and then: of every survivor, of some, of one alone
    (the lone member of a draw is the soloist), and one round's first board the top board."""
    rng = random.Random(seed)
    out: list[PlayedBoard] = []
    for b in boards:
        kind = rng.random()
        seats = b.seats
        if kind < 0.2:
            seats = tuple(replace(s, draw=s.centres > 0) for s in seats)
        elif kind < 0.3:
            seats = tuple(replace(s, draw=s.centres > 0 and rng.random() < 0.5) for s in seats)
        elif kind < 0.35:
            lone = rng.randrange(len(seats))
            seats = tuple(replace(s, draw=n == lone) for n, s in enumerate(seats))
        out.append(replace(b, seats=seats))
    last = max(b.round for b in out)
    if last >= 8:
        k = next(n for n, b in enumerate(out) if b.round == last)
        out[k] = replace(out[k], top_board=True)
    return out


def columns(boards: list[PlayedBoard], shuffle: int | None = None) -> ColumnBoards:
    """``boards`` as columns; ``shuffle``: their names listed in a random order (the fast
    reader's order is not the order of first appearance)."""
    kept = BoardColumns.of(boards, GREAT_POWERS)
    if shuffle is not None:
        order = list(range(len(kept.names)))
        random.Random(shuffle).shuffle(order)
        new = np.empty(len(order), dtype=np.int64)
        new[order] = np.arange(len(order))
        names = [kept.names[k] for k in order]
        kept = replace(kept, names=tuple(names), player=new[kept.player])
    return ColumnBoards(kept)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rounds=st.integers(1, 6), boards=st.integers(1, 6))
def test_every_seats_raw_score_at_once_is_each_boards(seed: int, rounds: int, boards: int) -> None:
    """Solos, lone draws, bare boards (Σ f = 0), ordinary boards: each seat's hundredths are
    the raw score :meth:`DivideAndConquer.score` gives its board, seat for seat."""
    played = with_draws(archive(seed, rounds, 40, boards), seed)
    c = columns(played).columns
    got = DivideAndConquer().seat_hundredths(c.centres, c.offsets, c.draw)
    assert got is not None
    want = [DNC.score(b.result())[s.power] for b in played for s in b.seats]
    assert [cents(h) for h in got.tolist()] == want
    assert DivideAndConquer(rounded=False).seat_hundredths(c.centres, c.offsets, c.draw) is None


def same_prizes(fast: Standings, fast_boards: ColumnBoards, slow: Standings) -> None:
    boards = list(fast_boards)
    got, want = prizes(fast, fast_boards), prizes(slow, boards)
    assert got.best_countries == want.best_countries
    assert got.top_board == want.top_board
    assert got.top_board_problems == want.top_board_problems
    assert got.champion == want.champion
    assert got.places == want.places


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    rounds=st.integers(1, 9),
    players=st.integers(7, 40),
    boards=st.integers(1, 5),
    adjust_after=st.integers(0, 6),
)
def test_the_ante_over_columns_is_the_ante_over_boards(
    seed: int, rounds: int, players: int, boards: int, adjust_after: int
) -> None:
    played = with_draws(archive(seed, rounds, players, boards), seed + 1)
    ante = Ante(adjust_after=adjust_after)
    kept = columns(played, shuffle=seed)
    fast = ante.aggregate(kept, DNC)
    assert isinstance(fast.board_scores, ColumnScores)  # the columns were read, not the boards
    slow = ante.aggregate(played, DNC)
    assert slow.figures is not None and fast.figures is not None
    assert fast.figures.players == slow.figures.players
    assert dict(fast.board_scores) == dict(slow.board_scores)
    same(fast, ante.aggregate_fractions(played, DNC))
    same_prizes(fast, kept, slow)


def seated(board: PlayedBoard, counts: tuple[int, ...]) -> zip[tuple[Seat, int]]:
    return zip(board.seats, counts, strict=True)


def test_best_country_breaks_a_tie_on_centres_over_columns() -> None:
    """Two solos of Austria (raw score 100 each): the one with more centres is the best
    Austria, as over the boards."""
    one, two = archive(3, 2, 7, 1)
    solo = (18, 0, 0, 0, 1, 2, 3)
    played = [
        replace(b, seats=tuple(replace(s, centres=c + k) for s, c in seated(b, solo)))
        for k, b in enumerate([one, two])
    ]
    kept = columns(played)
    fast = Ante().aggregate(kept, DNC)
    slow = Ante().aggregate(played, DNC)
    same_prizes(fast, kept, slow)
    austria = prizes(fast, kept).best_countries[0]
    assert (austria.power, austria.round, austria.centres) == ("Austria", 2, 19)


def test_other_systems_and_stakes_read_the_boards() -> None:
    """A system other than rounded Divide and Conquer, or a stake with no decimal unit: the
    boards are made and the ante runs as before, to the same standings."""
    played = [b for b in archive(5, 4, 30, 4) if any(s.centres for s in b.seats)]
    for ante, system in [
        (Ante(), get_system("divide-and-conquer:rounded=no")),
        (Ante(stake=Fraction(1, 3)), DNC),
        (Ante(), get_system("sum-of-squares")),
    ]:
        got = ante.aggregate(columns(played), system)
        assert not isinstance(got.board_scores, ColumnScores)
        want = ante.aggregate(played, system)
        assert [(s.player, s.rank, s.score) for s in got.players] == [
            (s.player, s.rank, s.score) for s in want.players
        ]
