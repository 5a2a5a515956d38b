"""The exhaustive search the best-country and team outlooks are checked against (issue 38):
every joint outcome of the free boards of a small final round (every partition of the centres,
in every order, on every board), the award holders and the team champions found by the rule
itself (seed 002, "Prizes" and "Team Tournament")."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction

from palmares.diplomacy.outlook import FinalBoard
from palmares.diplomacy.outlook.awards import Key
from palmares.diplomacy.outlook.catalogue import Catalogue
from palmares.diplomacy.scoring.base import ScoringSystem, exact

Game = tuple[str, str, Key, Fraction]  # power, player, key, final score


def _joint(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    cat: Catalogue,
    system: ScoringSystem,
    stake: Fraction,
    *,
    with_centres: bool,
) -> Iterator[list[Game]]:
    per_board: list[list[list[Game]]] = []
    for b in boards:
        pot = stake * sum(scores[p] for _, p in b.seats)
        if b.result is not None:
            scored = system.score(b.result)
            per_board.append(
                [
                    [
                        (
                            power,
                            p,
                            (
                                exact(scored[power]),
                                b.result.centres[power],
                                scored.share(power) * pot,
                            ),
                            scores[p] * (1 - stake) + scored.share(power) * pot,
                        )
                        for power, p in b.seats
                    ]
                ]
            )
            continue
        rows = cat.every if with_centres else cat.rows
        seen: set[tuple[tuple[Fraction, int, Fraction], ...]] = set()
        outs: list[list[Game]] = []
        for row in rows:
            triples = list(zip(row.scores, row.centres, row.shares, strict=True))
            for order in itertools.permutations(triples):
                if not with_centres:
                    order = tuple((s, 0, w) for s, _, w in order)
                if order in seen:
                    continue
                seen.add(order)
                outs.append(
                    [
                        (power, p, (s, c, w * pot), scores[p] * (1 - stake) + w * pot)
                        for (power, p), (s, c, w) in zip(b.seats, order, strict=True)
                    ]
                )
        per_board.append(outs)
    for joint in itertools.product(*per_board):
        yield [g for games in joint for g in games]


def country_holders(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    history: Mapping[str, Mapping[str, Key]],
    cat: Catalogue,
    system: ScoringSystem,
    powers: Sequence[str],
    stake: Fraction = Fraction(1, 10),
) -> dict[tuple[str, str], tuple[bool, bool]]:
    """(power, player) → (holds the award in every outcome, in some outcome)."""
    always: dict[tuple[str, str], bool] = {}
    ever: dict[tuple[str, str], bool] = {}
    for games in _joint(scores, boards, cat, system, stake, with_centres=True):
        for power in powers:
            entries = [(p, k) for p, k in history.get(power, {}).items()]
            entries += [(p, k) for pw, p, k, _ in games if pw == power]
            best = max((k for _, k in entries), default=None)
            holders = {p for p, k in entries if k == best}
            for p in {*scores, *(q for by in history.values() for q in by)}:
                held = p in holders
                always[(power, p)] = always.get((power, p), True) and held
                ever[(power, p)] = ever.get((power, p), False) or held
    return {k: (always[k], ever[k]) for k in always}


def team_winners(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    teams: Mapping[str, tuple[str, ...]],
    cat: Catalogue,
    system: ScoringSystem,
    stake: Fraction = Fraction(1, 10),
) -> dict[str, tuple[bool, bool]]:
    """team → (wins, at least shared, in every outcome; in some outcome)."""
    top = next((b for b in boards if b.top), None)
    early: set[str] = set()
    if top is not None:
        for members in teams.values():
            on = [p for p in members if any(q == p for _, q in top.seats)]
            if len(on) > 1:
                early.update(on)
    always = dict.fromkeys(teams, True)
    ever = dict.fromkeys(teams, False)
    for games in _joint(scores, boards, cat, system, stake, with_centres=False):
        final = dict(scores)
        for _, p, _, v in games:
            if p not in early:
                final[p] = v
        totals = {
            t: sum((final.get(p, Fraction(0)) for p in m), Fraction(0)) for t, m in teams.items()
        }
        best = max(totals.values())
        for t, v in totals.items():
            always[t] = always[t] and v == best
            ever[t] = ever[t] or v == best
    return {t: (always[t], ever[t]) for t in teams}
