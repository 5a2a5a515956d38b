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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from palmares.ratings.backtest.metrics import (
    kendall_tau_b,
    order_log_likelihood,
    spearman,
    top1,
    win_probabilities,
    winner_log_likelihood,
)
from palmares.ratings.backtest.systems import Prediction, predict
from palmares.ratings.competitions import Competition

__all__ = ["METRICS", "Backtest", "CalibrationBin", "Part", "SystemResult", "backtest"]

METRICS = ("kendall_tau", "spearman", "top1", "log_likelihood", "winner_log_likelihood")
RESAMPLES = 2000


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
    system: str
    all: Part
    returning: Part
    newcomers: Part
    calibration: tuple[CalibrationBin, ...]
    predictions: tuple[Prediction, ...]


@dataclass(frozen=True, slots=True)
class Backtest:
    systems: tuple[SystemResult, ...]


def _per_competition(p: Prediction) -> list[float | None]:
    row: list[float | None] = [
        kendall_tau_b(p.score, p.place),
        spearman(p.score, p.place),
        top1(p.score, p.place),
    ]
    if p.log_worth is None:
        return [*row, None, None]
    return [
        *row,
        order_log_likelihood(p.log_worth, p.place),
        winner_log_likelihood(p.log_worth, p.place),
    ]


def _part(predictions: Sequence[Prediction], rng: np.random.Generator) -> Part:
    rows = [_per_competition(p) for p in predictions]
    n = len(rows)
    if n == 0:
        nothing = tuple(None for _ in METRICS)
        return Part(0, nothing, nothing, nothing)
    # A resample draws n competitions with replacement; as counts per competition, the
    # resampled means of every metric are one matrix product.
    picks = rng.integers(0, n, size=(RESAMPLES, n)) + n * np.arange(RESAMPLES)[:, None]
    counts = np.bincount(picks.ravel(), minlength=RESAMPLES * n).reshape(RESAMPLES, n) / n
    means: list[float | None] = []
    lows: list[float | None] = []
    highs: list[float | None] = []
    for m in range(len(METRICS)):
        values = [r[m] for r in rows]
        if values[0] is None:
            means.append(None)
            lows.append(None)
            highs.append(None)
            continue
        x = np.asarray(values, dtype=np.float64)
        means.append(float(x.mean()))
        boot = counts @ x
        lows.append(float(np.percentile(boot, 2.5)))
        highs.append(float(np.percentile(boot, 97.5)))
    return Part(n, tuple(means), tuple(lows), tuple(highs))


def _calibration(predictions: Sequence[Prediction]) -> tuple[CalibrationBin, ...]:
    edges = np.linspace(0, 1, 11)
    prob: list[float] = []
    won: list[float] = []
    for p in predictions:
        if p.log_worth is None:
            return ()
        first = min(p.place)
        winners = sum(1 for x in p.place if x == first)
        prob.extend(win_probabilities(p.log_worth))
        won.extend(1 / winners if x == first else 0.0 for x in p.place)
    pr, wn = np.asarray(prob), np.asarray(won)
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


def backtest(competitions: Sequence[Competition], systems: Sequence[str]) -> Backtest:
    """Walk ``competitions`` in order with every system and score what each predicted."""
    out: list[SystemResult] = []
    for system in systems:
        predictions = predict(system, competitions)
        rng = np.random.default_rng(0)
        returning = [r for p in predictions if (r := p.returning()) is not None]
        newcomers = [p for p in predictions if p.cold]
        out.append(
            SystemResult(
                system,
                _part(predictions, rng),
                _part(returning, rng),
                _part(newcomers, rng),
                _calibration(returning),
                predictions,
            )
        )
    return Backtest(tuple(out))
