"""A tournament's boards kept as columns, read as boards only where one is asked for (issue 33).

A federation's archive of ``boards.csv`` (140,000 boards over a hundred rounds) made one
:class:`PlayedBoard` per board and one :class:`BoardScore` per board before the standings
began: most of the time and memory of ``diplomacy standings``. The readers keep the boards as
columns (``palmares.io.boards_columnar.BoardColumns``, which has the shape of
:class:`SeatColumns`); :class:`ColumnBoards` is those columns as the sequence of boards every
aggregation takes, each board made when it is read, and :class:`ColumnScores` the boards'
scores, each scored when it is read. The ante under Divide and Conquer reads neither: it takes
the seats' shares from the columns (:mod:`palmares.diplomacy.aggregation.ante_columns`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Protocol, overload

import numpy as np
import numpy.typing as npt

from palmares.core.records import records
from palmares.diplomacy.board import PlayedBoard, Seat
from palmares.diplomacy.scoring.base import BoardScore, ScoringSystem

__all__ = ["BoardKey", "ColumnBoards", "ColumnScores", "SeatColumns", "boards_of"]

I64 = npt.NDArray[np.int64]
BoardKey = tuple[int, str]


class SeatColumns(Protocol):
    """Boards in round then board order: board k is seats ``offsets[k]:offsets[k+1]`` in the
    map's order of powers. Seat s: power ``powers[power[s]]``, player ``names[player[s]]``,
    ``centres[s]``, ``eliminated[s]`` (0: none), ``draw[s]``, its ``line``; board k:
    ``rounds[k]``, ``labels[k]``, ``final_year[k]`` (0: none), ``top[k]``."""

    @property
    def powers(self) -> tuple[str, ...]: ...
    @property
    def rounds(self) -> I64: ...
    @property
    def labels(self) -> Sequence[str]: ...
    @property
    def final_year(self) -> I64: ...
    @property
    def top(self) -> npt.NDArray[np.bool_]: ...
    @property
    def offsets(self) -> I64: ...
    @property
    def power(self) -> I64: ...
    @property
    def names(self) -> Sequence[str]: ...
    @property
    def player(self) -> I64: ...
    @property
    def centres(self) -> I64: ...
    @property
    def eliminated(self) -> I64: ...
    @property
    def draw(self) -> npt.NDArray[np.bool_]: ...
    @property
    def line(self) -> I64: ...


class ColumnBoards(Sequence[PlayedBoard]):
    """The boards of ``columns`` as a sequence of :class:`PlayedBoard`: board k made when it
    is read; all of them made once, and kept, the first time the sequence is walked (an
    aggregation that reads every board reads them as it did from a tuple)."""

    __slots__ = ("_all", "columns")

    def __init__(self, columns: SeatColumns) -> None:
        self.columns = columns
        self._all: tuple[PlayedBoard, ...] | None = None

    def __len__(self) -> int:
        return int(self.columns.offsets.shape[0] - 1)

    @overload
    def __getitem__(self, index: int) -> PlayedBoard: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[PlayedBoard]: ...

    def __getitem__(self, index: int | slice) -> PlayedBoard | Sequence[PlayedBoard]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if self._all is not None:
            return self._all[index]
        k = range(len(self))[index]
        c = self.columns
        first, last = int(c.offsets[k]), int(c.offsets[k + 1])
        seats = tuple(
            Seat(
                c.powers[p],
                c.names[who],
                centres,
                out or None,
                drawn,
                line,
            )
            for p, who, centres, out, drawn, line in zip(
                c.power[first:last].tolist(),
                c.player[first:last].tolist(),
                c.centres[first:last].tolist(),
                c.eliminated[first:last].tolist(),
                c.draw[first:last].tolist(),
                c.line[first:last].tolist(),
                strict=True,
            )
        )
        return PlayedBoard(
            int(c.rounds[k]),
            c.labels[k],
            seats,
            final_year=int(c.final_year[k]) or None,
            top_board=bool(c.top[k]),
        )

    def __iter__(self) -> Iterator[PlayedBoard]:
        if self._all is None:
            self._all = boards_of(self.columns)
        return iter(self._all)

    @property
    def rounds(self) -> tuple[int, ...]:
        """The rounds played, in order."""
        return tuple(np.unique(self.columns.rounds).tolist())

    def players(self) -> set[str]:
        """Every player seated at a board."""
        return set(self.columns.names[i] for i in np.unique(self.columns.player).tolist())

    def flagged(self) -> list[PlayedBoard]:
        """The boards flagged as the top board, in order."""
        return [self[k] for k in np.flatnonzero(self.columns.top).tolist()]

    def round_ranges(self) -> list[tuple[int, int, int]]:
        """Each round's number and its boards' range ``first:last``, in order."""
        rounds = self.columns.rounds
        cuts = np.flatnonzero(np.diff(rounds)) + 1
        firsts = [0, *cuts.tolist()]
        lasts = [*cuts.tolist(), len(rounds)]
        return [(int(rounds[f]), f, e) for f, e in zip(firsts, lasts, strict=True)]


def boards_of(c: SeatColumns) -> tuple[PlayedBoard, ...]:
    """Every board of ``c``, made at once (:func:`~palmares.core.records.records`: the seats
    and the boards a column at a time)."""
    names, powers = c.names, c.powers
    seats = records(
        Seat,
        [powers[p] for p in c.power.tolist()],
        [names[p] for p in c.player.tolist()],
        c.centres.tolist(),
        [y or None for y in c.eliminated.tolist()],
        c.draw.tolist(),
        c.line.tolist(),
    )
    bounds = c.offsets.tolist()
    n = len(bounds) - 1
    return tuple(
        records(
            PlayedBoard,
            c.rounds.tolist(),
            list(c.labels),
            [tuple(seats[bounds[k] : bounds[k + 1]]) for k in range(n)],
            [y or None for y in c.final_year.tolist()],
            c.top.tolist(),
            [None] * n,
        )
    )


class ColumnScores(Mapping[BoardKey, BoardScore]):
    """The scores of ``boards`` by ``system``, by (round, board): each board scored when it is
    read (and not kept: a board read twice is scored twice, the same). ``seat_scores``: each
    seat's score in hundredths where the system's scores were worked out for every seat at
    once (Divide and Conquer's raw scores of two decimals), for whoever ranks the seats."""

    __slots__ = ("_index", "boards", "seat_hundredths", "system")

    def __init__(
        self,
        boards: ColumnBoards,
        system: ScoringSystem,
        seat_hundredths: I64 | None = None,
    ) -> None:
        self.boards = boards
        self.system = system
        self.seat_hundredths = seat_hundredths
        c = boards.columns
        keys = zip(c.rounds.tolist(), c.labels, strict=True)
        self._index = {key: k for k, key in enumerate(keys)}

    def __getitem__(self, key: BoardKey) -> BoardScore:
        return self.system.score(self.boards[self._index[key]].result())

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def __iter__(self) -> Iterator[BoardKey]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)
