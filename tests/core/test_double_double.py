"""Double-double arithmetic (issue 33) against exact Fractions: each operation within its stated
relative error bound, and a float :func:`certified` only when it is the nearest one."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from palmares.core import double_double as dd

POSITIVE = st.fractions(min_value=Fraction(1, 10**6), max_value=Fraction(10**6))


def exact(x: dd.DD) -> list[Fraction]:
    return [Fraction(h) + Fraction(lo) for h, lo in zip(x[0].tolist(), x[1].tolist(), strict=True)]


def of(values: list[Fraction]) -> dd.DD:
    hi = np.array([float(v) for v in values])
    lo = np.array([float(v - Fraction(float(v))) for v in values])
    return hi, lo


@given(st.lists(st.tuples(POSITIVE, POSITIVE), min_size=1, max_size=20))
def test_add_and_mul_within_their_bound(pairs: list[tuple[Fraction, Fraction]]) -> None:
    xs, ys = of([a for a, _ in pairs]), of([b for _, b in pairs])
    ex, ey = exact(xs), exact(ys)
    for got, op in ((dd.add(xs, ys), Fraction.__add__), (dd.mul(xs, ys), Fraction.__mul__)):
        for value, a, b in zip(exact(got), ex, ey, strict=True):
            want = op(a, b)
            assert abs(value - want) <= Fraction(dd.OP_ERROR) * want
        hi, lo = got
        assert np.all(hi + lo == hi)  # normalised: |lo| ≤ ulp(hi) / 2


@given(st.lists(st.integers(0, 10**15), min_size=1, max_size=20), st.integers(0, 15))
def test_ratio_is_the_quotient_to_u_squared(units: list[int], places: int) -> None:
    got = exact(dd.ratio(np.array(units, dtype=np.int64), 10**places))
    for value, unit in zip(got, units, strict=True):
        want = Fraction(unit, 10**places)
        assert abs(value - want) <= Fraction(2.0**-106) * want


@given(
    st.lists(st.integers(1, 10**40), min_size=1, max_size=30),
    st.integers(30, 45),
    st.sampled_from([2.0**-100, 2.0**-80, 2.0**-60, 2.0**-53]),
)
def test_certified_means_nearest(units: list[int], places: int, bound: float) -> None:
    """Values known to within ``bound`` (the worst case: off by the whole bound either way):
    where a float is certified, it is the float nearest the exact value, and not whole."""
    values = [Fraction(u, 10**places) for u in units]
    for sign in (1, -1):
        shifted = [v * (1 + sign * Fraction(bound)) for v in values]
        x = of(shifted)
        sure = dd.certified(x, bound)
        for ok, hi, v in zip(sure.tolist(), x[0].tolist(), values, strict=True):
            if ok:
                assert hi == float(v) and not hi.is_integer()


def test_whole_numbers_and_zero_are_never_certified() -> None:
    x = of([Fraction(10), Fraction(0), Fraction(1, 3)])
    assert dd.certified(x, 2.0**-100).tolist() == [False, False, True]
