"""Double-double arithmetic on numpy arrays, and the nearest float it certifies (issue 33).

A double-double is an unevaluated sum hi + lo of two floats with |lo| ≤ ulp(hi) / 2: about 106
bits (T. J. Dekker, "A floating-point technique for extending the available precision", 1971;
the algorithms of Y. Hida, X. S. Li and D. H. Bailey's QD library, 2001). For nonnegative
operands, as here, the relative error of one operation is at most 3u² for :func:`add`
("AccurateDWPlusDW") and 7u² for :func:`mul` ("DWTimesDW1"), u = 2^−53 (M. Joldes, J.-M.
Muller and V. Popescu, "Tight and rigorous error bounds for basic building blocks of
double-word arithmetic", ACM TOMS 44(2), 2017); :data:`OP_ERROR` bounds either.

:func:`certified` says, for each value known to a relative error bound, whether its nearest
float is ``hi`` beyond doubt: the interval the exact value lies in is strictly inside the
rounding interval of ``hi``, with a margin. Where it is not (near a half-way point, a whole
number, zero), the caller works the float out exactly.

numpy has no fused multiply-add: products are split by Dekker's 2^27 + 1, exact while no
value exceeds about 2^996 (:func:`fits`).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

__all__ = ["DD", "OP_ERROR", "add", "certified", "fits", "mul", "of_fraction", "ratio"]

F64 = npt.NDArray[np.float64]
#: A double-double array: (hi, lo).
DD = tuple[F64, F64]
#: A bound of the relative error of :func:`add` or :func:`mul` on nonnegative operands (7u²,
#: rounded up to 2^−103).
OP_ERROR = 2.0**-103
_SPLIT = 134217729.0  # 2^27 + 1
#: The largest magnitude :func:`mul` splits exactly.
_LARGEST = 2.0**995
#: The smallest nonzero magnitude whose ``lo`` is still a normal float.
_SMALLEST = 2.0**-900


def fits(x: DD) -> bool:
    """Whether every value of ``x`` is small enough for :func:`mul` to split it exactly, and
    0 or large enough that its ``lo`` keeps its precision (no subnormal)."""
    size = np.abs(x[0])
    return bool(np.all((size < _LARGEST) & ((size == 0) | (size > _SMALLEST))))


def _two_sum(a: F64, b: F64) -> DD:
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _quick_two_sum(a: F64, b: F64) -> DD:
    s = a + b
    return s, b - (s - a)


def _split(a: F64) -> DD:
    t = _SPLIT * a
    hi = t - (t - a)
    return hi, a - hi


def _two_prod(a: F64, b: F64) -> DD:
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def add(x: DD, y: DD) -> DD:
    """x + y (AccurateDWPlusDW)."""
    s, e = _two_sum(x[0], y[0])
    t, f = _two_sum(x[1], y[1])
    s, e = _quick_two_sum(s, e + t)
    return _quick_two_sum(s, e + f)


def mul(x: DD, y: DD) -> DD:
    """x · y (DWTimesDW1)."""
    p, e = _two_prod(x[0], y[0])
    return _quick_two_sum(p, e + (x[0] * y[1] + x[1] * y[0]))


def of_fraction(value: Fraction, n: int = 1) -> DD:
    """``value`` as a double-double (relative error at most u², 2^−106), repeated ``n`` times."""
    hi = float(value)
    lo = float(value - Fraction(hi))
    return np.full(n, hi), np.full(n, lo)


def ratio(units: npt.NDArray[np.int64], scale: int) -> DD:
    """``units`` / ``scale`` as double-doubles, for ``units`` of at most 2^53 in magnitude and
    ``scale`` a power of ten up to 10^15 (both exact floats): hi the correctly rounded
    quotient, lo the remainder's quotient (relative error at most u²)."""
    a = units.astype(np.float64)
    b = float(scale)
    hi = a / b
    p, e = _two_prod(hi, np.full_like(hi, b))
    return _quick_two_sum(hi, ((a - p) - e) / b)


def certified(x: DD, bound: float) -> npt.NDArray[np.bool_]:
    """Where ``hi`` is beyond doubt the float nearest the exact value v, given |v − (hi + lo)|
    ≤ ``bound`` · v, v > 0: v is strictly inside hi's rounding interval with 1 % of each half
    gap to spare, and hi is not a whole number (an exact whole number is written as one; a
    value next to it is not) and not 0."""
    hi, lo = x
    doubt = 2 * bound * np.abs(hi)
    up = np.nextafter(hi, np.inf) - hi
    down = hi - np.nextafter(hi, -np.inf)
    inside = (lo + doubt < 0.49 * up) & (lo - doubt > -0.49 * down)
    out: npt.NDArray[np.bool_] = inside & (hi > 0) & (np.floor(hi) != hi) & np.isfinite(hi)
    return out
