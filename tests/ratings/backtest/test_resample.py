"""The bootstrap's reduced matrix (issue 33, ``backtest.resample``): its equal columns taken
once, its few-valued columns counted by class, the rest summed as they are; each resample's
means are the counts' product's to 1e-12 (the order of the additions only)."""

from __future__ import annotations

import numpy as np
import pytest

from palmares.ratings.backtest import resample, scores
from palmares.ratings.backtest.resample import Reduced


def _product(values: np.ndarray, picks: np.ndarray) -> np.ndarray:
    n = values.shape[0]
    counts = np.stack([np.bincount(row, minlength=n) for row in picks]).astype(np.float64)
    out: np.ndarray = (counts / n) @ values
    return out


def _matrix(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    tau = rng.choice([-1.0, 0.0, 1.0], n)
    top = rng.choice([0.0, 0.5, 1.0], n)
    ll = np.log(rng.random(n))
    # τ-b and ρ alike, a few-valued column, a spread one twice, one whose values are many
    # only after the first rows
    late = np.where(np.arange(n) < resample.SAMPLE, 1.0, rng.random(n))
    return np.column_stack([tau, tau.copy(), top, ll, ll.copy(), -ll, late])


def test_the_reduced_means_are_the_products() -> None:
    values = _matrix(6000, 1)
    reduced = Reduced.of(values)
    assert reduced.same == [0, 0, 2, 3, 3, 5, 6]
    assert reduced.few == [0, 2] and reduced.many == [3, 5, 6]
    assert reduced.table.shape[0] <= 9
    np.testing.assert_array_equal(reduced.whole(), values)
    picks = np.random.default_rng(0).integers(0, 6000, size=(5, 6000), dtype=np.int32)
    np.testing.assert_allclose(reduced.means(picks), _product(values, picks), rtol=1e-12)


def test_too_many_classes_are_summed_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resample, "CLASSES", 4)
    values = _matrix(3000, 2)  # (fewer rows than SAMPLE: the last column is 1 throughout)
    reduced = Reduced.of(values)
    # τ's 3 classes (and the last column's one); with top-1 they would be 9
    assert reduced.few == [0, 6] and reduced.many == [2, 3, 5]
    np.testing.assert_array_equal(reduced.whole(), values)
    picks = np.random.default_rng(1).integers(0, 3000, size=(3, 3000), dtype=np.int32)
    np.testing.assert_allclose(reduced.means(picks), _product(values, picks), rtol=1e-12)


@pytest.mark.filterwarnings("ignore:invalid value encountered in matmul")
def test_a_value_not_finite_leaves_the_plain_product() -> None:
    values = _matrix(500, 3)
    values[7, 3] = -np.inf
    reduced = Reduced.of(values)
    assert not reduced.finite
    np.testing.assert_array_equal(reduced.whole(), values)
    boot = scores._boot(reduced, np.random.default_rng(0))
    assert np.isnan(boot[:, 3]).all() or np.isinf(boot[:, 3]).any()
    clean = Reduced.of(_matrix(500, 3))
    again = scores._boot(clean, np.random.default_rng(0))[:, :3]
    np.testing.assert_allclose(boot[:, :3], again, rtol=1e-12, atol=1e-12)


def test_the_bootstrap_draws_as_before() -> None:
    """``_boot``'s means are those of the draws ``rng.integers(0, n)`` made before issue 33's
    reduction, resample by resample."""
    values = _matrix(2000, 4)
    got = scores._boot(Reduced.of(values), np.random.default_rng(0))
    rng = np.random.default_rng(0)
    rows = max(1, scores.BLOCK // 2000)
    want = np.empty_like(got)
    for start in range(0, scores.RESAMPLES, rows):
        k = min(rows, scores.RESAMPLES - start)
        want[start : start + k] = _product(values, rng.integers(0, 2000, size=(k, 2000)))
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-15)
