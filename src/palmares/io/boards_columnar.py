"""The checks of ``boards.csv`` across rows as array operations (issue 33).

:func:`palmares.io.boards.read_boards_csv` states the rules and checks them row by row, naming
every problem; this module checks the same rules on the columns of :mod:`palmares.io.columnar`
and, at the first sign of a problem, returns ``None`` so that the row-wise reader reports it.
A file it accepts is one the row-wise reader accepts, read the same
(``tests/io/test_fast_paths.py``).

The boards are kept as :class:`BoardColumns` — each board's round, label, final year and top
board flag, each seat's power, player, centres, elimination, draw and line — from which the
commands take the :class:`PlayedBoard` values or the competitions of the skill rating.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

import numpy as np
import numpy.typing as npt

from palmares.core.places import competition_places
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.column_boards import boards_of
from palmares.io.columnar import CodedTable
from palmares.io.rowchecks import effective, groups, mixed, named, repeated, spelled_once, values_of
from palmares.ratings.competitions import CompetitionColumns

__all__ = ["BoardColumns", "board_columns"]

I64 = npt.NDArray[np.int64]
B = npt.NDArray[np.bool_]


@dataclass(frozen=True, slots=True, eq=False)
class BoardColumns:
    """The boards of a boards file in round then board order: board k is seats
    ``offsets[k]:offsets[k+1]`` in the map's order of powers. Seat s: power
    ``powers[power[s]]``, player ``names[player[s]]``, ``centres[s]``, ``eliminated[s]`` (0:
    none), ``draw[s]`` and its ``line``; board k: ``rounds[k]``, ``labels[k]``,
    ``final_year[k]`` (0: none), ``top[k]``."""

    powers: tuple[str, ...]
    rounds: I64
    labels: Sequence[str]
    final_year: I64
    top: B
    offsets: I64
    power: I64
    names: Sequence[str]
    player: I64
    centres: I64
    eliminated: I64
    draw: B
    line: I64

    def __len__(self) -> int:
        return int(self.offsets.shape[0] - 1)

    def boards(self) -> tuple[PlayedBoard, ...]:
        """The boards as :class:`PlayedBoard` values."""
        return boards_of(self)

    def competitions(self) -> CompetitionColumns:
        """Each board a competition by supply centres, in round then board order, as
        ``ratings.competitions.from_boards`` without a scoring system makes them."""
        board = np.repeat(np.arange(len(self), dtype=np.int64), np.diff(self.offsets))
        places = competition_places(board, self.centres)
        entries = np.lexsort((places, board))
        keys = [f"R{r}B{b}" for r, b in zip(self.rounds.tolist(), self.labels, strict=True)]
        return CompetitionColumns(
            self.names,
            self.offsets,
            self.player[entries],
            places[entries],
            np.zeros(len(self), dtype=np.int64),
            keys,
        )

    @classmethod
    def of(cls, boards: Sequence[PlayedBoard], powers: tuple[str, ...]) -> BoardColumns:
        """The columns of :class:`PlayedBoard` values (a file the row-wise reader read)."""
        index: dict[str, int] = {}
        seats = [s for b in boards for s in b.seats]
        player = np.array([index.setdefault(s.player, len(index)) for s in seats], np.int64)
        return cls(
            powers,
            np.array([b.round for b in boards], dtype=np.int64),
            [b.board for b in boards],
            np.array([b.final_year or 0 for b in boards], dtype=np.int64),
            np.array([b.top_board for b in boards], dtype=np.bool_),
            np.array([0, *accumulate(len(b.seats) for b in boards)], dtype=np.int64),
            np.array([powers.index(s.power) for s in seats], dtype=np.int64),
            tuple(index),
            player,
            np.array([s.centres for s in seats], dtype=np.int64),
            np.array([s.eliminated or 0 for s in seats], dtype=np.int64),
            np.array([s.draw for s in seats], dtype=np.bool_),
            np.array([s.line or 0 for s in seats], dtype=np.int64),
        )


def _natural(board: str) -> tuple[int, str]:
    return (int(board), "") if board.isdigit() else (10**9, board)


def board_columns(
    t: CodedTable, powers: tuple[str, ...], total_centres: int, results: bool = True
) -> BoardColumns | None:
    """The boards of a coded ``boards.csv``, or ``None`` when any rule of
    :func:`palmares.io.boards.read_boards_csv` is broken (or might be); ``results`` false: a
    board call read as history (no centre held is then no problem)."""
    player = t["player"]
    if t.rows == 0 or not spelled_once(player):
        return None
    rnd, label = t["round"], t["board"]
    g = groups(rnd.class_of(), label.class_of())
    power = values_of(t["power"], powers.index)
    who, names = named(player)
    # Each power once on a board and every power there; a player once on a board (names
    # spelled alike: result_problems' comparison, case and spaces aside, finds no other pair);
    # the rows agree on the final year and the top board.
    if repeated(g, power) or bool(np.any(g.sizes() != len(powers))) or repeated(g, who):
        return None
    if mixed(g, t["final_year"].class_of()) or mixed(g, effective(t["top_board"])):
        return None
    centres = values_of(t["centres"])
    eliminated = values_of(t["eliminated"])
    draw = values_of(t["draw"], bool) == 1
    final = np.zeros(g.count, dtype=np.int64)
    np.maximum.at(final, g.of_row, values_of(t["final_year"]))
    totals = np.bincount(g.of_row, weights=centres, minlength=g.count)
    if bool(np.any(totals > total_centres)) or (results and bool(np.any(totals == 0))):
        return None
    row_final = final[g.of_row]
    out_early = (eliminated > 0) & ((centres > 0) | ((row_final > 0) & (eliminated > row_final)))
    if bool(np.any(out_early)) or bool(np.any(draw & (centres == 0))):
        return None
    # A player on at most two boards of a round (never twice on one: checked above).
    by_round = groups(rnd.class_of(), who)
    if bool(np.any(by_round.sizes() > 2)):
        return None
    # Boards in round then natural board order; each board's seats in the map's order.
    round_of, label_of = values_of(rnd)[g.first], label.at(g.first)
    ranked = sorted(range(g.count), key=lambda k: (round_of[k], _natural(label_of[k])))
    rank = np.empty(g.count, dtype=np.int64)
    rank[np.array(ranked, dtype=np.int64)] = np.arange(g.count, dtype=np.int64)
    seats = np.lexsort((power, rank[g.of_row]))
    order = np.array(ranked, dtype=np.int64)
    offsets = np.arange(0, len(powers) * g.count + 1, len(powers), dtype=np.int64)
    return BoardColumns(
        powers,
        round_of[order],
        [label_of[k] for k in ranked],
        final[order],
        (values_of(t["top_board"], bool) == 1)[g.first][order],
        offsets,
        power[seats],
        names,
        who[seats],
        centres[seats],
        eliminated[seats],
        draw[seats],
        t.lines[seats],
    )
