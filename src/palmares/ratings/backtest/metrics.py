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

__all__ = [
    "average_ranks",
    "kendall_tau_b",
    "order_log_likelihood",
    "spearman",
    "top1",
    "winner_log_likelihood",
]


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


def average_ranks(values: Sequence[float]) -> list[float]:
    """Ranks 1…n of ``values`` ascending, ties sharing the mean of their ranks."""
    order = sorted(range(len(values)), key=lambda k: values[k])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in order[i : j + 1]:
            ranks[k] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(score: Sequence[float], place: Sequence[int]) -> float:
    """Spearman's ρ: Pearson's correlation of the average ranks of score and of −place."""
    a = average_ranks(score)
    b = average_ranks([-p for p in place])
    mean = (len(a) + 1) / 2
    da = [x - mean for x in a]
    db = [x - mean for x in b]
    saa = sum(x * x for x in da)
    sbb = sum(x * x for x in db)
    denominator = math.sqrt(saa * sbb)
    return (
        0.0 if denominator == 0 else sum(x * y for x, y in zip(da, db, strict=True)) / denominator
    )


def top1(score: Sequence[float], place: Sequence[int]) -> float:
    best = max(score)
    picked = [p for s, p in zip(score, place, strict=True) if s == best]
    first = min(place)
    return sum(1 for p in picked if p == first) / len(picked)


def _log_sum_exp(values: Sequence[float]) -> float:
    top = max(values)
    return top + math.log(sum(math.exp(v - top) for v in values))


def order_log_likelihood(log_worth: Sequence[float], place: Sequence[int]) -> float:
    """Σ over the order of finish of log(w_i / Σ_{not yet placed} w)."""
    order = sorted(range(len(place)), key=lambda i: place[i])
    lw = [log_worth[i] for i in order]
    return sum(lw[k] - _log_sum_exp(lw[k:]) for k in range(len(lw) - 1))


def winner_log_likelihood(log_worth: Sequence[float], place: Sequence[int]) -> float:
    first = min(place)
    winners = [w for w, p in zip(log_worth, place, strict=True) if p == first]
    return _log_sum_exp(winners) - _log_sum_exp(log_worth)


def win_probabilities(log_worth: Sequence[float]) -> list[float]:
    total = _log_sum_exp(log_worth)
    return [math.exp(w - total) for w in log_worth]
