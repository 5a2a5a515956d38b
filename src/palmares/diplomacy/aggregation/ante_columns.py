"""The ante over boards kept as columns (issue 33): no board, no board score made to begin.

Seed 002, Appendix A: each player's share of a pot is their raw score in percent, paid
rounded to two decimals under Divide and Conquer. :meth:`DivideAndConquer.seat_hundredths`
works out every seat's raw score of an archive at once, in hundredths, so each seat's share
is a whole number of 10^−4 and the ledger (:func:`~.ante_ledger.ledger_of_rounds`) takes each
round's seats straight from the columns (:class:`~palmares.diplomacy.column_boards.
ColumnBoards`). The boards and their scores are made only when a line is read or a prize
looks at a board (:class:`~palmares.diplomacy.column_boards.ColumnScores`). The standings are
those of :meth:`Ante.aggregate` on the same boards as :class:`PlayedBoard` values
(``tests/diplomacy/aggregation/test_ante_columns.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import overload

import numpy as np

from palmares.diplomacy.aggregation.ante_ledger import AnteLedger, RoundSeats, ledger_of_rounds
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.column_boards import ColumnBoards, ColumnScores
from palmares.diplomacy.scoring.base import ScoringSystem
from palmares.diplomacy.scoring.divide_and_conquer import DivideAndConquer

__all__ = ["column_ledger", "column_scores"]

#: A share of hundredths of a percent: 10^−4.
SHARE_PLACES = 4


def column_scores(boards: ColumnBoards, system: ScoringSystem) -> ColumnScores | None:
    """The boards' scores with every seat's raw score in hundredths, when ``system`` is
    Divide and Conquer paying rounded raw scores; ``None`` for any other system."""
    if not isinstance(system, DivideAndConquer):
        return None
    c = boards.columns
    hundredths = system.seat_hundredths(c.centres, c.offsets, c.draw)
    if hundredths is None:
        return None
    return ColumnScores(boards, system, hundredths)


def column_ledger(
    boards: ColumnBoards,
    scored: ColumnScores,
    *,
    start: Fraction,
    stake: Fraction,
    adjust_after: Sequence[int],
    min_rounds: int,
) -> AnteLedger | None:
    """The ledger of the ante over ``boards`` for the players seated, in order of first
    appearance (:func:`~.base.players_in_order`), each seat's share its raw score in
    hundredths of a percent; ``None`` when the start or the stake does not terminate."""
    hundredths = scored.seat_hundredths
    assert hundredths is not None
    c = boards.columns
    seen, first = np.unique(c.player, return_index=True)
    ordered = seen[np.argsort(first, kind="stable")]
    players = [c.names[i] for i in ordered.tolist()]
    index = np.zeros(len(c.names), dtype=np.int64)
    index[ordered] = np.arange(len(ordered), dtype=np.int64)
    seat_player = index[c.player]
    sizes = np.diff(c.offsets)
    offsets = c.offsets.tolist()
    rounds = [
        RoundSeats(
            number,
            _Boards(boards, f, e),
            seat_player[offsets[f] : offsets[e]],
            sizes[f:e],
            hundredths[offsets[f] : offsets[e]],
            SHARE_PLACES,
        )
        for number, f, e in boards.round_ranges()
    ]
    return ledger_of_rounds(
        rounds,
        scored,
        players,
        start=start,
        stake=stake,
        adjust_after=adjust_after,
        min_rounds=min_rounds,
    )


class _Boards(Sequence[PlayedBoard]):
    """Boards ``first:last`` of ``boards`` (one round's), each made when read."""

    __slots__ = ("_boards", "_first", "_last")

    def __init__(self, boards: ColumnBoards, first: int, last: int) -> None:
        self._boards, self._first, self._last = boards, first, last

    def __len__(self) -> int:
        return self._last - self._first

    @overload
    def __getitem__(self, index: int) -> PlayedBoard: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[PlayedBoard]: ...

    def __getitem__(self, index: int | slice) -> PlayedBoard | Sequence[PlayedBoard]:
        if isinstance(index, slice):
            return [self._boards[self._first + k] for k in range(len(self))[index]]
        return self._boards[self._first + range(len(self))[index]]

    def __iter__(self) -> Iterator[PlayedBoard]:
        return (self._boards[k] for k in range(self._first, self._last))
