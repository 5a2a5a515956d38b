"""The normal distribution and the truncated-Gaussian corrections of Weng & Lin (2011).

Weng, R. C. & Lin, C.-J. (2011), "A Bayesian Approximation Method for Online Ranking", JMLR 12,
267–300. The Thurstone–Mosteller models use the paper's functions V, W (a win or a loss, eq. 40)
and Ṽ, W̃ (a draw, eq. 41), as openskill.py writes them: the same cut-offs where the normal
tail underflows, so the figures agree with it to the last digits. Φ and φ are written as
:class:`statistics.NormalDist` computes them (``erf`` and ``exp``), compiled by numba.
"""

from __future__ import annotations

import math

from palmares.ratings.jit import njit

__all__ = ["EPSILON", "phi_major", "phi_minor", "v", "vt", "w", "wt"]

EPSILON = 2.220446049250313e-16
"""``sys.float_info.epsilon``: below it a normal tail counts as zero."""

_SQRT2 = math.sqrt(2.0)
_SQRT_TAU = math.sqrt(math.tau)


@njit(cache=True)
def phi_major(x: float) -> float:
    """Φ(x), the standard normal cumulative distribution."""
    return 0.5 * (1.0 + math.erf(x / _SQRT2))


@njit(cache=True)
def phi_minor(x: float) -> float:
    """φ(x), the standard normal density."""
    return math.exp(x * x / -2.0) / _SQRT_TAU


@njit(cache=True)
def v(x: float, t: float) -> float:
    """V(x, t) = φ(x − t) / Φ(x − t) (the mean correction for a decided pair)."""
    xt = x - t
    denominator = phi_major(xt)
    if denominator < EPSILON:
        return -xt
    return phi_minor(xt) / denominator


@njit(cache=True)
def w(x: float, t: float) -> float:
    """W(x, t) = V(x, t) · (V(x, t) + x − t) (the variance correction for a decided pair)."""
    xt = x - t
    denominator = phi_major(xt)
    if denominator < EPSILON:
        return 1.0 if x < 0 else 0.0
    vx = v(x, t)
    return vx * (vx + xt)


@njit(cache=True)
def vt(x: float, t: float) -> float:
    """Ṽ(x, t): the mean correction for a drawn pair (margin ``t``)."""
    xx = abs(x)
    b = phi_major(t - xx) - phi_major(-t - xx)
    if b < 1e-5:
        if x < 0:
            return -x - t
        return -x + t
    a = phi_minor(-t - xx) - phi_minor(t - xx)
    return (-a if x < 0 else a) / b


@njit(cache=True)
def wt(x: float, t: float) -> float:
    """W̃(x, t): the variance correction for a drawn pair (margin ``t``)."""
    xx = abs(x)
    b = phi_major(t - xx) - phi_major(-t - xx)
    if b < EPSILON:
        return 1.0
    vx = vt(x, t)
    return ((t - xx) * phi_minor(t - xx) + (t + xx) * phi_minor(-t - xx)) / b + vx * vx
