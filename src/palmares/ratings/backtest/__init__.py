"""The backtest: which rating predicts a community's results best (issue 18).

:func:`backtest` walks a history of :class:`~palmares.ratings.competitions.Competition` values
in order; before each competition every system predicts its order from ratings built on the
competitions before it only, then updates. :mod:`systems` holds the systems by slug,
:mod:`metrics` the per-competition measures, :mod:`scores` the means, intervals, calibration.
"""

from palmares.ratings.backtest.scores import (
    METRICS,
    Backtest,
    CalibrationBin,
    Part,
    SystemResult,
    backtest,
)
from palmares.ratings.backtest.systems import SYSTEMS, Prediction, Predictions, predict, predictions

__all__ = [
    "METRICS",
    "SYSTEMS",
    "Backtest",
    "CalibrationBin",
    "Part",
    "Prediction",
    "Predictions",
    "SystemResult",
    "backtest",
    "predict",
    "predictions",
]
