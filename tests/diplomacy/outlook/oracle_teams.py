"""A fast exhaustive search for the team championship (issue 38; seed 002, "Team Tournament"):
every joint outcome of the final round's free boards, the teams' totals summed board by board.

A team's final total is the sum of its members' scores before the final round, less a stake for
every board each of them plays (a two-boarder stakes on both, specs/diplomacy.md), plus what
each board pays them (share · pot, the ante, seed 002 Appendix A); members of one team who both
play the top board count their score before the round. Each board's outcomes (every catalogue
row dealt in every order, :func:`.oracle.board_outcomes`) change the totals by a vector; the
joint outcomes are the sums of one vector per board, kept once each, in exact integers."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from palmares.diplomacy.outlook import FinalBoard
from palmares.diplomacy.outlook.catalogue import Catalogue
from palmares.diplomacy.scoring.base import ScoringSystem
from tests.diplomacy.outlook.oracle import board_outcomes


def team_truth(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    teams: Mapping[str, tuple[str, ...]],
    cat: Catalogue,
    system: ScoringSystem,
    stake: Fraction = Fraction(1, 10),
) -> dict[str, tuple[bool, bool]]:
    """team → (first, at least shared, in every joint outcome; in some joint outcome)."""
    names = sorted(teams)
    team_of = {p: t for t, ms in teams.items() for p in ms}
    before = {p: scores.get(p, Fraction(0)) for p in team_of}
    early: set[str] = set()
    for b in boards:
        if b.top:
            for ms in teams.values():
                on = [p for _, p in b.seats if p in ms]
                if len(on) > 1:
                    early.update(on)
    base = [sum((before[p] for p in teams[t]), Fraction(0)) for t in names]
    vectors: list[list[list[Fraction]]] = []
    for b in boards:
        pot = stake * sum(scores.get(p, Fraction(0)) for _, p in b.seats)
        seen: set[tuple[Fraction, ...]] = set()
        for outcome in board_outcomes(b, cat, system):
            v = [Fraction(0)] * len(names)
            for p, (_, share) in outcome.items():
                if p in team_of and p not in early:
                    v[names.index(team_of[p])] += share * pot - stake * before[p]
            seen.add(tuple(v))
        vectors.append([list(v) for v in seen])
    d = 1
    for x in [*base, *(y for vs in vectors for v in vs for y in v)]:
        d = math.lcm(d, x.denominator)
    rows = [[int(x * d) for x in v] for vs in vectors for v in vs] + [[int(x * d) for x in base]]
    largest = max((abs(x) for r in rows for x in r), default=0) * (len(boards) + 1)
    dtype: type = np.int64 if largest < 2**62 else object
    totals: npt.NDArray[Any] = np.array([[int(x * d) for x in base]], dtype=dtype)
    for vs in vectors:
        add: npt.NDArray[Any] = np.array([[int(x * d) for x in v] for v in vs], dtype=dtype)
        joint = (totals[:, None, :] + add[None, :, :]).reshape(-1, len(names))
        if dtype is object:
            totals = np.array(sorted({tuple(r) for r in joint.tolist()}), dtype=object)
        else:
            totals = np.unique(joint, axis=0)
    best = totals.max(axis=1)
    first = totals == best[:, None]
    return {t: (bool(first[:, i].all()), bool(first[:, i].any())) for i, t in enumerate(names)}
