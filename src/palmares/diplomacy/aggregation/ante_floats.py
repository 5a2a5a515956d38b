"""The ante's figures as their nearest floats, certified, beside the exact ledger (issue 33).

`diplomacy standings --format csv` writes every figure of every round (stake, pot share, score
after) as the float nearest its exact value (:func:`palmares.io.csv_writer.machine_units`). The
exact figures of :mod:`.ante_ledger` are whole numbers of up to 500 digits, and a division of
such a number, three million times, cost more than reading the file. So the ledger also plays
each round in double-double arithmetic (:mod:`palmares.core.double_double`), the same rule
(seed 002, Appendix A: stake = rate · score going in; pot = Σ stakes of the board; take =
share · pot; score after = score · (1 − k · rate) + Σ takes, k the boards played; the
fewer-games adjustment · (1 − rate)^m), every operand nonnegative, with a bound of its relative
error carried round to round (each operation at most :data:`~palmares.core.double_double.
OP_ERROR`; a hundred rounds of seven-player boards stay below 2^−90). Where that bound proves
a figure's nearest float (:func:`~palmares.core.double_double.certified`) the writer takes it;
everywhere else — near a half-way point, a whole number, zero — it divides the exact figure as
before, so the output is the same byte for byte (``tests/diplomacy/aggregation/
test_ante_floats.py``).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

from palmares.core import double_double as dd
from palmares.diplomacy.aggregation.base import Nearest

__all__ = ["FloatTrack"]

I64 = npt.NDArray[np.int64]
#: Past this relative error bound the track stops (the exact figures are divided instead).
GIVE_UP = 2.0**-70
#: A round's figure states (:class:`Nearest`).
EXACT, FLOAT, EMPTY = 0, 1, 2


def _sums(x: dd.DD, starts: I64, sizes: I64) -> dd.DD:
    """The sum of each segment ``x[starts[k] : starts[k] + sizes[k]]`` (sizes ≥ 1), added in
    order."""
    hi, lo = x[0][starts].copy(), x[1][starts].copy()
    for j in range(1, int(sizes.max(initial=1))):
        more = sizes > j
        at = starts[more] + j
        h, low = dd.add((hi[more], lo[more]), (x[0][at], x[1][at]))
        hi[more], lo[more] = h, low
    return hi, lo


def _nearest(x: dd.DD, bound: float, shown: npt.NDArray[np.bool_]) -> Nearest:
    state = np.where(dd.certified(x, bound), FLOAT, EXACT).astype(np.int8)
    state[~shown] = EMPTY
    return Nearest(x[0].copy(), state)


class FloatTrack:
    """The ante's scores of ``n`` players in double-double, round after round, and the
    relative error bound they carry; ``None`` from :meth:`start` or :meth:`play` when a
    figure is negative or too large for it (the writer then divides every exact figure)."""

    __slots__ = ("bound", "rate", "score")

    def __init__(self, score: dd.DD, rate: Fraction, bound: float) -> None:
        self.score, self.rate, self.bound = score, rate, bound

    @classmethod
    def start(cls, n: int, start: Fraction, rate: Fraction) -> FloatTrack | None:
        score = dd.of_fraction(start, n)
        if start <= 0 or not 0 < rate < 1 or not dd.fits(score):
            return None
        return cls(score, rate, 2.0**-106)

    def play(
        self,
        seat_player: I64,
        sizes: I64,
        shares: npt.NDArray[np.generic],
        share_places: int,
        games: I64,
    ) -> dict[str, Nearest] | None:
        """One round: each seat's player and share (units of 10^−``share_places``), each
        board's seats; the round's stake, pot share and score after, as :class:`Nearest`
        (the score before any adjustment: :meth:`adjust`)."""
        most = int(games.max(initial=0))
        if (
            shares.dtype != np.int64
            or share_places > 15
            or int(shares.min(initial=0)) < 0
            or most * self.rate > 1
        ):
            return None
        n = len(games)
        score = self.score
        rate = dd.of_fraction(self.rate, n)
        staked = dd.mul(score, rate)
        starts = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
        at = (staked[0][seat_player], staked[1][seat_player])
        pots = _sums(at, starts, sizes)
        board = np.repeat(np.arange(len(sizes)), sizes)
        share = dd.ratio(shares.astype(np.int64), 10**share_places)
        takes = dd.mul(share, (pots[0][board], pots[1][board]))
        order = np.argsort(seat_player, kind="stable")
        seated = games > 0
        firsts = np.concatenate(([0], np.cumsum(games[seated])[:-1])).astype(np.int64)
        summed = _sums((takes[0][order], takes[1][order]), firsts, games[seated])
        taken: dd.DD = (np.zeros(n), np.zeros(n))
        taken[0][seated], taken[1][seated] = summed
        keep = np.array([float(1 - k * self.rate) for k in range(most + 1)])
        keep_lo = np.array(
            [float(1 - k * self.rate - Fraction(float(1 - k * self.rate))) for k in range(most + 1)]
        )
        after = dd.add(dd.mul(score, (keep[games], keep_lo[games])), taken)
        stake = dd.mul(staked, (games.astype(np.float64), np.zeros(n)))
        self.bound = 1.01 * (self.bound + (int(sizes.max(initial=1)) + most + 16) * dd.OP_ERROR)
        if self.bound > GIVE_UP or not all(map(dd.fits, (after, taken, stake))):
            return None
        self.score = after
        return {
            "stake": _nearest(stake, self.bound, seated),
            "pot_share": _nearest(taken, self.bound, seated),
            "score": _nearest(after, self.bound, np.ones(n, dtype=np.bool_)),
        }

    def adjust(self, missing: I64) -> Nearest | None:
        """The fewer-games adjustment: each player's score · (1 − rate)^``missing``; the
        scores after it (``None``: too small or large to track further)."""
        most = int(missing.max(initial=0))
        factors = [(1 - self.rate) ** m for m in range(most + 1)]
        hi = np.array([float(f) for f in factors])
        lo = np.array([float(f - Fraction(float(f))) for f in factors])
        self.score = dd.mul(self.score, (hi[missing], lo[missing]))
        self.bound = 1.01 * (self.bound + 2 * dd.OP_ERROR)
        if not dd.fits(self.score):
            return None
        return _nearest(self.score, self.bound, np.ones(len(missing), dtype=np.bool_))
