"""The bootstrap's reduced matrix (issue 33, ``backtest.resample``): its equal columns taken
once, its finite few-valued columns kept as classes, the rest laid out a row per competition
for the draws; every column read back as it was taken in. (The resampled means:
``test_bootstrap.py``.)"""

from __future__ import annotations

import numpy as np
import pytest

from palmares.ratings.backtest import resample
from palmares.ratings.backtest.resample import Reduced


def _matrix(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    tau = rng.choice([-1.0, 0.0, 1.0], n)
    top = rng.choice([0.0, 0.5, 1.0], n)
    ll = np.log(rng.random(n))
    # τ-b and ρ alike, a few-valued column, a spread one twice, one whose values are many
    # only after the first rows
    late = np.where(np.arange(n) < resample.SAMPLE, 1.0, rng.random(n))
    return np.column_stack([tau, tau.copy(), top, ll, ll.copy(), -ll, late])


def test_equal_columns_once_few_values_by_class() -> None:
    values = _matrix(6000, 1)
    reduced = Reduced.of(values)
    assert reduced.same == [0, 0, 2, 3, 3, 5, 6]
    assert reduced.few == [0, 2] and reduced.many == [3, 5, 6]
    assert reduced.table.shape == (9, 2)
    np.testing.assert_array_equal(reduced.whole(), values)
    rows = reduced.rows()  # the three spread columns, padded to a line of eight
    assert rows.shape == (6000, 8) and rows.flags.c_contiguous
    np.testing.assert_array_equal(rows[:, :3], values[:, [3, 5, 6]])
    assert not rows[:, 3:].any()
    np.testing.assert_array_equal(reduced.whole(), values)  # read back from the rows
    with pytest.raises(ValueError):
        reduced.add(values[:, 0])


def test_too_many_classes_are_kept_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resample, "CLASSES", 4)
    values = _matrix(3000, 2)  # (fewer rows than SAMPLE: the last column is 1 throughout)
    reduced = Reduced.of(values)
    # τ's 3 classes (and the last column's one); with top-1 they would be 9
    assert reduced.few == [0, 6] and reduced.many == [2, 3, 5]
    np.testing.assert_array_equal(reduced.whole(), values)


def test_a_column_not_finite_is_kept_as_it_is() -> None:
    values = _matrix(500, 3)
    values[7, 2] = -np.inf
    reduced = Reduced.of(values)
    assert reduced.few == [0, 6] and 2 in reduced.many
    np.testing.assert_array_equal(reduced.whole(), values)
