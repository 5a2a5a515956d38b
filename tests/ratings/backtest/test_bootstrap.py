"""The bootstrap's draws (issue 33, ``backtest.bootstrap``): each resample's means are the plain
means of the rows its stream draws, drawn here with numpy's own SFC64 (``reference.picks``),
to 1e-12; the blocks, a shorter last block and its dropped values, blocks of one row; the
same whatever the threads; infinities resampled as they are."""

from __future__ import annotations

import numpy as np
import pytest

from palmares.ratings.backtest import bootstrap
from palmares.ratings.backtest.resample import Reduced
from tests.ratings.backtest import reference


def _values(n: int, seed: int, more: int = 9) -> np.ndarray:
    """A few-valued column, a spread one twice and ``more`` spread ones (with 9, two lines of
    eight: the wide rows' sums; with 7, one full line: the draws' in registers)."""
    rng = np.random.default_rng(seed)
    tau = rng.choice([-1.0, 0.0, 1.0], n)
    ll = np.log(rng.random(n))
    return np.column_stack([tau, ll, ll.copy(), rng.random((n, more))])


def _plain(values: np.ndarray, view: int) -> np.ndarray:
    return np.stack([values[rows].mean(axis=0) for rows in reference.picks(view, values.shape[0])])


@pytest.mark.parametrize("more", [9, 7])
@pytest.mark.parametrize(("n", "bits"), [(300, 6), (4, 2), (257, 8), (1, 12), (5000, 12)])
def test_each_resample_is_the_mean_of_the_rows_its_stream_draws(
    monkeypatch: pytest.MonkeyPatch, n: int, bits: int, more: int
) -> None:
    """Blocks of 64 with a last one of 44 (6 bits: values 44–63 dropped); one block of four;
    a last block of one row (no bits); one row; blocks of 4,096 and one of 904."""
    monkeypatch.setattr(bootstrap, "RESAMPLES", 40)
    monkeypatch.setattr(bootstrap, "BITS", bits)
    values = _values(n, n, more)
    reduced = Reduced.of(values)
    assert reduced.rows().shape[1] == (16 if more == 9 else 8) or n < 9  # (few values)
    got = bootstrap.resampled_means(reduced, 1)
    want = _plain(values, 1)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-14)
    # the draws really are n uniform picks: every row drawn about as often (5000 rows)
    if n == 5000:
        drawn = np.bincount(np.concatenate(reference.picks(1, n)), minlength=n)
        assert drawn.sum() == 40 * n and abs(drawn.mean() - 40) < 1e-9
        assert 30 < drawn[: n // 2].mean() * 2 - drawn.mean() < 50  # no half favoured


def test_views_and_resamples_draw_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bootstrap, "RESAMPLES", 20)
    values = _values(500, 2)
    a = bootstrap.resampled_means(Reduced.of(values), 0)
    b = bootstrap.resampled_means(Reduced.of(values), 1)
    assert not np.array_equal(a, b)
    assert len({float(x) for x in a[:, 1]}) == 20  # no two resamples alike
    np.testing.assert_array_equal(a, bootstrap.resampled_means(Reduced.of(values), 0))


def test_the_threads_do_not_change_a_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bootstrap, "RESAMPLES", 30)
    values = _values(9000, 3)
    monkeypatch.setattr(bootstrap, "THREADS", 1)
    one = bootstrap.resampled_means(Reduced.of(values), 2)
    monkeypatch.setattr(bootstrap, "THREADS", 3)
    three = bootstrap.resampled_means(Reduced.of(values), 2)
    np.testing.assert_array_equal(one, three)


@pytest.mark.filterwarnings("ignore:invalid value encountered")
@pytest.mark.parametrize("more", [9, 4])
def test_infinities_are_resampled_as_they_are(monkeypatch: pytest.MonkeyPatch, more: int) -> None:
    """A resample that draws −∞ has a mean of −∞, one that does not a finite mean (no 0 × ∞);
    a column with −∞ is not counted by class."""
    monkeypatch.setattr(bootstrap, "RESAMPLES", 60)
    values = _values(40, 4, more)
    values[7, 0] = values[9, 5] = -np.inf
    reduced = Reduced.of(values)
    assert 0 not in reduced.few
    got = bootstrap.resampled_means(reduced, 0)
    want = _plain(values, 0)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-14)
    assert reduced.rows().shape[1] == (16 if more == 9 else 8)
    for j in (0, 5):
        assert np.isinf(got[:, j]).any() and np.isfinite(got[:, j]).any()
