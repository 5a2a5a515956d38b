"""The backtest: every system's predictions scored against what happened.

::

    result = backtest(competitions, ["dip-pouch", "plackett-luce", "elo"])
    for s in result.systems: s.system, s.all.mean("kendall_tau"), s.all.interval("kendall_tau")

Three views of the same predictions: ``all`` — every competition, every player; ``returning`` —
each competition among the players who had played before (players' first competitions left
out; a competition with fewer than two such players drops out); ``newcomers`` — the competitions
in which at least one player was new (a cold start: the system knew nothing of them). Each gets
the mean per competition of τ-b, ρ, top-1 and — for systems with probabilities — the
log-likelihood of the actual order and of the winner, each with a bootstrap 95% interval (2,000
resamples of the competitions, seed 0, percentile method). The calibration table puts every
returning player's predicted chance of winning in tenths, 0–0.1 … 0.9–1, against how often they
won (a shared first place counts as a share).

A long history is scored as arrays (issue 33): each view's measures per competition come from
one compiled pass (``kernels.measures``), and the resamples of the competitions — which every
system draws alike (the same stream over as many competitions) — are drawn once per view
(``bootstrap.py``: a stream per resample and view, from ``SeedSequence(0)``; the draws
summed in a compiled pass, never held), and every system's and measure's resampled means
taken from them together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from palmares.ratings.backtest import kernels
from palmares.ratings.backtest.bootstrap import RESAMPLES, resampled_means
from palmares.ratings.backtest.resample import Reduced
from palmares.ratings.backtest.systems import Prediction, Predictions, predictions
from palmares.ratings.competitions import Competition, CompetitionColumns
from palmares.ratings.jit import compiled

__all__ = [
    "METRICS",
    "RESAMPLES",
    "Backtest",
    "CalibrationBin",
    "Part",
    "SystemResult",
    "backtest",
]

METRICS = ("kendall_tau", "spearman", "top1", "log_likelihood", "winner_log_likelihood")

F64 = npt.NDArray[np.float64]
B = npt.NDArray[np.bool_]


@dataclass(frozen=True, slots=True)
class Part:
    """The mean of each metric over some competitions, and its bootstrap 95% interval."""

    competitions: int
    means: tuple[float | None, ...]
    lows: tuple[float | None, ...]
    highs: tuple[float | None, ...]

    def mean(self, metric: str) -> float | None:
        return self.means[METRICS.index(metric)]

    def interval(self, metric: str) -> tuple[float | None, float | None]:
        i = METRICS.index(metric)
        return self.lows[i], self.highs[i]


@dataclass(frozen=True, slots=True)
class CalibrationBin:
    low: float
    high: float
    count: int
    predicted: float | None
    observed: float | None


@dataclass(frozen=True, slots=True)
class SystemResult:
    """A system's scores over every competition (``all``), among returning players
    (``returning``) and over the competitions with a newcomer (``newcomers``);
    ``predicted`` its predictions of the history (``history``), walked again when asked for
    (a walk is deterministic: the backtest keeps one system's arrays at a time, issue 33)."""

    system: str
    all: Part
    returning: Part
    newcomers: Part
    calibration: tuple[CalibrationBin, ...]
    history: CompetitionColumns = field(repr=False, compare=False)

    @property
    def predicted(self) -> Predictions:
        return predictions(self.system, self.history)

    @property
    def predictions(self) -> tuple[Prediction, ...]:
        return self.predicted.all()


@dataclass(frozen=True, slots=True)
class Backtest:
    systems: tuple[SystemResult, ...]


def _measures(p: Predictions, keep: B) -> tuple[F64, B]:
    """Each competition's five measures over its entries in ``keep`` (a row per competition;
    NaN: no probabilities), and which competitions count (two such entries or more)."""
    cols = p.columns
    worth = p.worth if p.worth is not None else np.zeros(p.score.shape[0])
    out: tuple[F64, B] = compiled(kernels.measures)(
        np.ascontiguousarray(cols.offsets, dtype=np.int64),
        np.ascontiguousarray(p.score, dtype=np.float64),
        np.ascontiguousarray(worth, dtype=np.float64),
        p.worth is not None,
        np.ascontiguousarray(cols.place, dtype=np.int64),
        keep,
    )
    return out


class _View:
    """One view's measures as the systems give them (``resample.Reduced``: a million matches
    measured by five systems were 184 MB a view as one matrix), and each system's means."""

    def __init__(self) -> None:
        self.taken: Reduced | None = None
        self.means: list[list[float | None]] = []
        self.given: list[list[int]] = []

    def add(self, rows: F64, has_worth: bool, counted: B | None = None) -> None:
        """A system's measures, a row per competition (only the ``counted`` ones)."""
        # Systems without probabilities have the first three measures only.
        ms = list(range(len(METRICS) if has_worth else 3))
        columns = [rows[:, m] if counted is None else rows[counted, m] for m in ms]
        if self.taken is None:
            self.taken = Reduced(columns[0].shape[0])
        self.given.append(ms)
        self.means.append(
            [float(columns[ms.index(m)].mean()) if m in ms else None for m in range(len(METRICS))]
        )
        for values in columns:
            self.taken.add(np.ascontiguousarray(values))

    def parts(self, view: int) -> list[Part]:
        """Each system's :class:`Part`: its means and the intervals of the view's resamples
        (``bootstrap.py``: the same draws for every system, over as many competitions)."""
        taken, self.taken = self.taken, None
        n = 0 if taken is None else taken.n
        if taken is None or n == 0:
            nothing = tuple(None for _ in METRICS)
            return [Part(0, nothing, nothing, nothing) for _ in self.given]
        boot = resampled_means(taken, view)
        del taken
        out: list[Part] = []
        column = 0
        for ms, mean in zip(self.given, self.means, strict=True):
            lows: list[float | None] = [None] * len(METRICS)
            highs: list[float | None] = [None] * len(METRICS)
            for m in ms:
                lows[m] = float(np.percentile(boot[:, column], 2.5))
                highs[m] = float(np.percentile(boot[:, column], 97.5))
                column += 1
            out.append(Part(n, tuple(mean), tuple(lows), tuple(highs)))
        return out


def _calibration(p: Predictions, keep: B) -> tuple[CalibrationBin, ...]:
    if p.worth is None:
        return ()
    cols = p.columns
    pr, wn = compiled(kernels.win_chances)(
        np.ascontiguousarray(cols.offsets, dtype=np.int64),
        np.ascontiguousarray(p.worth, dtype=np.float64),
        np.ascontiguousarray(cols.place, dtype=np.int64),
        keep,
    )
    edges = np.linspace(0, 1, 11)
    tenth = np.minimum((pr * 10).astype(np.int64), 9)
    out: list[CalibrationBin] = []
    for b in range(10):
        mask = tenth == b
        count = int(mask.sum())
        out.append(
            CalibrationBin(
                float(edges[b]),
                float(edges[b + 1]),
                count,
                float(pr[mask].mean()) if count else None,
                float(wn[mask].mean()) if count else None,
            )
        )
    return tuple(out)


def backtest(
    competitions: Sequence[Competition] | CompetitionColumns, systems: Sequence[str]
) -> Backtest:
    """Walk ``competitions`` in order with every system and score what each predicted.

    One system at a time: its walk, its measures in the three views, its calibration; then
    its arrays are let go (a million matches: 33 MB a system) and each view is resampled."""
    columns = (
        competitions
        if isinstance(competitions, CompetitionColumns)
        else CompetitionColumns.of(competitions)
    )
    if not systems:
        return Backtest(())
    views = [_View(), _View(), _View()]  # all, returning, with a newcomer
    calibrations: list[tuple[CalibrationBin, ...]] = []
    for system in systems:
        p = predictions(system, columns)
        old = ~p.new  # (every system's alike)
        cold = np.add.reduceat(p.new, columns.offsets[:-1]) > 0 if len(columns) else p.new[:0]
        rows = _measures(p, np.ones(old.shape[0], dtype=np.bool_))[0]
        views[0].add(rows, p.worth is not None)
        views[2].add(rows, p.worth is not None, cold)
        del rows
        rows, counted = _measures(p, old)
        views[1].add(rows, p.worth is not None, counted)
        del rows
        calibrations.append(_calibration(p, old))
        del p
    parts = [view.parts(v) for v, view in enumerate(views)]
    return Backtest(
        tuple(
            SystemResult(system, parts[0][s], parts[1][s], parts[2][s], calibrations[s], columns)
            for s, system in enumerate(systems)
        )
    )
