"""How well one prediction matched one competition's order of finish.

A prediction gives each player a score (higher: expected to finish better) and, for a system that
gives probabilities, a Plackett–Luce worth per player (the chance of finishing first among any
set of players is proportional to it).

- :func:`kendall_tau_b` — Kendall's τ-b between the predicted scores and the actual order
  (ties on either side handled as τ-b does; 1 is the order exactly, −1 reversed). When the
  prediction cannot tell the players apart (all scores equal), τ-b is undefined; it counts as 0
  (no information), and so does Spearman's ρ.
- :func:`spearman` — Spearman's ρ on average ranks (ties share the mean of their places).
- :func:`top1` — the share of the players predicted best (several when tied) who finished first.
  "First" is the best place in the competition (a file may list only part of an event).
- :func:`order_log_likelihood` — log P(actual order) under Plackett–Luce with the worths; tied
  players are taken in the listed order (the place is shared, the likelihood is of one order).
- :func:`winner_log_likelihood` — log P(the winner), summing over players tied for first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = [
    "average_ranks",
    "kendall_tau_b",
    "order_log_likelihood",
    "spearman",
    "top1",
    "winner_log_likelihood",
]

F64 = npt.NDArray[np.float64]


def kendall_tau_b(score: Sequence[float], place: Sequence[int]) -> float:
    """τ-b = (concordant − discordant) / √((n0 − ties in score)(n0 − ties in place))."""
    n = len(score)
    concordant = discordant = tie_score = tie_place = 0
    for i in range(n):
        for j in range(i + 1, n):
            a = (score[i] > score[j]) - (score[i] < score[j])
            b = (place[j] > place[i]) - (place[j] < place[i])  # a better place is a lower one
            if a == 0:
                tie_score += 1
            if b == 0:
                tie_place += 1
            if a * b > 0:
                concordant += 1
            elif a * b < 0:
                discordant += 1
    pairs = n * (n - 1) // 2
    denominator = math.sqrt((pairs - tie_score) * (pairs - tie_place))
    return 0.0 if denominator == 0 else (concordant - discordant) / denominator


def average_ranks(values: Sequence[float]) -> F64:
    """Ranks 1…n of ``values`` ascending, ties sharing the mean of their ranks."""
    x = np.asarray(values, dtype=np.float64)
    order = np.argsort(x, kind="mergesort")
    ranks = np.empty(len(x))
    i = 0
    while i < len(x):
        j = i
        while j + 1 < len(x) and x[order[j + 1]] == x[order[i]]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(score: Sequence[float], place: Sequence[int]) -> float:
    """Spearman's ρ: Pearson's correlation of the average ranks of score and of −place."""
    a = average_ranks(score)
    b = average_ranks([-p for p in place])
    a, b = a - a.mean(), b - b.mean()
    denominator = math.sqrt(float(a @ a) * float(b @ b))
    return 0.0 if denominator == 0 else float(a @ b) / denominator


def top1(score: Sequence[float], place: Sequence[int]) -> float:
    best = max(score)
    picked = [p for s, p in zip(score, place, strict=True) if s == best]
    first = min(place)
    return sum(1 for p in picked if p == first) / len(picked)


def order_log_likelihood(log_worth: Sequence[float], place: Sequence[int]) -> float:
    """Σ over the order of finish of log(w_i / Σ_{not yet placed} w)."""
    order = sorted(range(len(place)), key=lambda i: place[i])
    lw = np.asarray([log_worth[i] for i in order], dtype=np.float64)
    total = 0.0
    for k in range(len(lw) - 1):
        rest = lw[k:]
        top = float(rest.max())
        total += float(lw[k]) - (top + math.log(float(np.exp(rest - top).sum())))
    return total


def winner_log_likelihood(log_worth: Sequence[float], place: Sequence[int]) -> float:
    lw = np.asarray(log_worth, dtype=np.float64)
    top = float(lw.max())
    w = np.exp(lw - top)
    winners = np.asarray(place) == min(place)
    return math.log(float(w[winners].sum()) / float(w.sum()))


def win_probabilities(log_worth: Sequence[float]) -> F64:
    lw = np.asarray(log_worth, dtype=np.float64)
    w = np.exp(lw - lw.max())
    out: F64 = w / w.sum()
    return out
