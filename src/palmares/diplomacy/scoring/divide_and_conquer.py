"""Divide and Conquer, the board score of the 2007 World Diplomacy Championship.

Seed 002, Appendix A, "Long Explanation": for each power compute f(sc) = 2^(sc/4) − 1 from its
final supply-centre count; its *raw score* is 100 · f(sc) / Σ f(sc) over the board. A solo
(``Board.solo_centres``, 18 on the standard map, at the end of a Fall turn) gives the soloist
100 and everyone else 0.

The seed pays each player the pot share of the raw score *rounded to two decimals* (England
24.11 % of 70 = 16.877, where the unrounded 24.1063… % would give 16.874). That is the default
(``rounded=yes``); ``divide-and-conquer:rounded=no`` keeps the exact raw scores. Rounded raw
scores can sum to 99.99 or 100.01; the board's nominal total stays 100, so a power takes
exactly its raw score in percent of the pot, as the seed says.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from itertools import pairwise
from typing import TYPE_CHECKING

from palmares.core.message import Message
from palmares.core.rounding import half_up
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring.base import BoardScore, Score, SystemInfo, Workings, yes_no
from palmares.diplomacy.scoring.registry import register

if TYPE_CHECKING:  # numpy only where a whole archive is scored at once
    import numpy as np
    import numpy.typing as npt

__all__ = ["DivideAndConquer", "DivideAndConquerWorkings", "cents", "f_sc"]

SLUG = "divide-and-conquer"


def f_sc(centres: int) -> float:
    """f(sc) = 2^(sc/4) − 1 (seed 002, Appendix A; the chart: 17 → 18.02731 … 1 → 0.18921)."""
    if centres < 0:
        raise ValueError(f"a power cannot hold {centres} centres")
    if centres < len(_F):
        return _F[centres]
    return float(2 ** (centres / 4) - 1)


#: f(sc) of the centre counts a board can hold, computed once.
_F = tuple(float(2 ** (c / 4) - 1) for c in range(35))
#: The raw scores of two decimals, 0.00 … 100.00, each made once (issue 33: an archive rounds a
#: million raw scores).
_CENTS = tuple(Decimal(k).scaleb(-2) for k in range(10001))


def _cents(raw: float) -> Decimal:
    """``half_up(raw, 2)``: the raw score rounded half up to two decimals on its shortest repr.

    Far from a half cent the float 100 · raw rounds as the repr does: the repr and the float
    are within 10^−11 of each other at this size, so unless 100 · raw is within 10^−6 of a half
    they round to the same cent. Near a half, and outside 0 … 100, :func:`half_up` itself."""
    hundredfold = raw * 100
    if 0 <= hundredfold <= 10000 and abs(hundredfold - math.floor(hundredfold) - 0.5) > 1e-6:
        return _CENTS[math.floor(hundredfold + 0.5)]
    return half_up(raw, 2)


def cents(hundredths: int) -> Decimal:
    """The raw score of ``hundredths`` hundredths, the Decimal :meth:`DivideAndConquer.score`
    gives it (12.34 for 1234)."""
    return _CENTS[hundredths] if 0 <= hundredths <= 10000 else Decimal(hundredths).scaleb(-2)


@dataclass(frozen=True, slots=True)
class DivideAndConquerWorkings(Workings):
    """One board under Divide and Conquer (seed 002, Appendix A, "Long Explanation"): each
    power's centres and f(sc), their sum Σ f, the exact raw score 100 · f / Σ f, whether the
    raw scores are paid rounded to two decimals, and the soloist (raw 100, everyone else 0)."""

    centres: Mapping[str, int]
    f: Mapping[str, float]
    total_f: float
    raw: Mapping[str, float]
    rounded: bool
    soloist: str | None

    def f_sc(self, power: str) -> float:
        return self.f[power]


@dataclass(frozen=True, slots=True)
class DivideAndConquer:
    """The system; ``rounded``: pay pot shares from the raw score rounded to two decimals."""

    rounded: bool = True

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        centres = board.centres
        f = {power: f_sc(count) for power, count in centres.items()}
        total_f = sum(f.values())
        raw: dict[str, float]
        if soloist is not None:
            raw = {power: 100.0 if power == soloist else 0.0 for power in centres}
        elif total_f == 0:
            raw = dict.fromkeys(centres, 0.0)
        else:
            raw = {power: 100 * value / total_f for power, value in f.items()}
        scores: dict[str, Score] = (
            {p: _cents(v) for p, v in raw.items()} if self.rounded else dict(raw)
        )
        return BoardScore(
            board=board,
            system=SLUG,
            scores=scores,
            total=100,
            workings=DivideAndConquerWorkings(
                centres=dict(board.centres),
                f=f,
                total_f=total_f,
                raw=raw,
                rounded=self.rounded,
                soloist=soloist,
            ),
        )

    def seat_hundredths(
        self,
        centres: npt.NDArray[np.int64],
        offsets: npt.NDArray[np.int64],
        draw: npt.NDArray[np.bool_],
    ) -> npt.NDArray[np.int64] | None:
        """The rounded raw score of every seat of many boards at once, in hundredths (issue 33:
        an archive of 140,000 boards): board k is seats ``offsets[k]:offsets[k+1]`` in its
        order of powers, each seat's ``centres`` and whether it is in the agreed ``draw``.
        The same figures as :meth:`score` of each board (``tests/diplomacy/scoring``): f(sc)
        from the same table, Σ f added in the board's order by the same ``sum``, 100 · f / Σ f
        in the same two float operations, the soloist (the first power with ``SOLO_CENTRES``
        or more, else the lone member of the draw) 100 and the rest 0, each rounded by
        :func:`_cents`' rule. ``None`` when the raw scores are not rounded (they are floats
        of any binary expansion, not hundredths)."""
        import numpy as np

        from palmares.diplomacy.board import SOLO_CENTRES

        if not self.rounded:
            return None
        n_boards = len(offsets) - 1
        sizes = np.diff(offsets)
        board = np.repeat(np.arange(n_boards, dtype=np.int64), sizes)
        table = np.array([f_sc(c) for c in range(int(centres.max(initial=0)) + 1)])
        f = table[centres]
        values, bounds = f.tolist(), offsets.tolist()
        total = np.array([sum(values[a:b]) for a, b in pairwise(bounds)])
        seat = np.arange(len(centres), dtype=np.int64)
        solo = np.full(n_boards, len(centres), dtype=np.int64)
        big = centres >= SOLO_CENTRES
        np.minimum.at(solo, board[big], seat[big])
        drawn = np.bincount(board, weights=draw, minlength=n_boards)
        lone = (solo == len(centres)) & (drawn == 1)
        solo[lone] = np.flatnonzero(draw & lone[board])
        has_solo = solo < len(centres)
        with np.errstate(divide="ignore", invalid="ignore"):
            raw = np.where(total[board] == 0, 0.0, 100 * f / total[board])
        raw = np.where(has_solo[board], np.where(seat == solo[board], 100.0, 0.0), raw)
        hundredfold = raw * 100
        whole = np.floor(hundredfold)
        out = np.floor(hundredfold + 0.5).astype(np.int64)
        near = np.abs(hundredfold - whole - 0.5) <= 1e-6
        near |= (hundredfold < 0) | (hundredfold > 10000)
        for k in np.flatnonzero(near).tolist():  # half_up itself, as _cents does
            out[k] = int(half_up(float(raw[k]), 2).scaleb(2))
        return out


INFO = register(
    SystemInfo(
        slug=SLUG,
        name="Divide and Conquer",
        kind="centre-count",
        source="2007 World Diplomacy Championship rules (seed 002), Appendix A",
        summary=Message.of("system.divide-and-conquer.summary"),
        rule=Message.of("system.divide_and_conquer.rule"),
        factory=DivideAndConquer,
        parameters={"rounded": yes_no},
    )
)
