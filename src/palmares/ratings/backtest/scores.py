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

from collections.abc import Callable, Sequence
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
    ``predictions`` its prediction of each competition, made when asked for."""

    system: str
    all: Part
    returning: Part
    newcomers: Part
    calibration: tuple[CalibrationBin, ...]
    predicted: Predictions = field(repr=False, compare=False)

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


def _only_counted(rows: F64, counted: B) -> F64:
    out: F64 = rows[counted]
    return out


def _parts(
    made: Sequence[Predictions],
    measured: Callable[[Predictions], F64],
    view: int,
) -> list[Part]:
    """Each system's :class:`Part` over the same competitions (``measured(p)``: a system's
    measures, a row per competition). Each system draws its resamples from a generator of its
    own seeded alike (``bootstrap.py``), over as many competitions: the same draws, made
    once here. The systems' measures are taken in as they come, reduced (``resample.Reduced``: a
    million matches measured by five systems were 184 MB a view as one matrix)."""
    # Systems without probabilities have the first three measures only.
    given = [list(range(len(METRICS) if p.worth is not None else 3)) for p in made]
    means: list[list[float | None]] = []
    taken: Reduced | None = None
    for p, ms in zip(made, given, strict=True):
        rows = measured(p)
        if taken is None:
            taken = Reduced(rows.shape[0])
        means.append([float(rows[:, m].mean()) if m in ms else None for m in range(len(METRICS))])
        for m in ms:
            taken.add(np.ascontiguousarray(rows[:, m]))
        del rows
    assert taken is not None
    n = taken.n
    if n == 0:
        nothing = tuple(None for _ in METRICS)
        return [Part(0, nothing, nothing, nothing) for _ in made]
    boot = resampled_means(taken, view)
    del taken
    out: list[Part] = []
    column = 0
    for ms, mean in zip(given, means, strict=True):
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
    """Walk ``competitions`` in order with every system and score what each predicted."""
    columns = (
        competitions
        if isinstance(competitions, CompetitionColumns)
        else CompetitionColumns.of(competitions)
    )
    made = [predictions(system, columns) for system in systems]
    if not made:
        return Backtest(())
    new = made[0].new
    old = ~new
    everyone = np.ones(new.shape[0], dtype=np.bool_)
    cold = np.add.reduceat(new, columns.offsets[:-1]) > 0 if len(columns) else new[:0]
    # The views one after another (all, returning, with a newcomer), as each system drew them;
    # the competitions with a newcomer are rows of the first view's measures, kept for it.
    of_cold: list[F64] = []

    def every(p: Predictions) -> F64:
        rows = _measures(p, everyone)[0]
        of_cold.append(rows[cold])
        return rows

    parts = [
        _parts(made, every, 0),
        _parts(made, lambda p: _only_counted(*_measures(p, old)), 1),
        _parts(made, lambda p: of_cold.pop(0), 2),  # (asked in the same order)
    ]
    return Backtest(
        tuple(
            SystemResult(
                system,
                parts[0][s],
                parts[1][s],
                parts[2][s],
                _calibration(p, old),
                p,
            )
            for s, (system, p) in enumerate(zip(systems, made, strict=True))
        )
    )
