"""The exhaustive search the outlook is checked against (issue 38): every joint outcome of
the free boards of a small final round (a two-boarder staking on, and taking from, both of
their boards), each player's final place found by the rule itself
(seed 002: the top board's winner, a tie to the larger score before the round, is champion;
the others' place is 2 + the players strictly above them, the champion left out)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction

from palmares.diplomacy.outlook import FinalBoard
from palmares.diplomacy.outlook.catalogue import Catalogue
from palmares.diplomacy.scoring.base import ScoringSystem, exact

Outcome = dict[str, tuple[Fraction, Fraction]]  # player → (board score, share)


def board_outcomes(board: FinalBoard, cat: Catalogue, system: ScoringSystem) -> list[Outcome]:
    """Every way ``board`` can end: each catalogue row dealt to its players in every order."""
    players = [p for _, p in board.seats]
    if board.result is not None:
        scored = system.score(board.result)
        return [{p: (exact(scored[power]), scored.share(power)) for power, p in board.seats}]
    seen: set[tuple[tuple[Fraction, Fraction], ...]] = set()
    out: list[Outcome] = []
    for row in cat.rows:
        pairs = list(zip(row.scores, row.shares, strict=True))
        for order in itertools.permutations(pairs):
            if order not in seen:
                seen.add(order)
                out.append(dict(zip(players, order, strict=True)))
    return out


def places(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    cat: Catalogue,
    system: ScoringSystem,
    stake: Fraction = Fraction(1, 10),
) -> Iterator[dict[str, int]]:
    """Each player's final place, for every joint outcome of the boards."""
    pots = {b.label: stake * sum(scores[p] for _, p in b.seats) for b in boards}
    has_top = any(b.top for b in boards)
    per_board = [board_outcomes(b, cat, system) for b in boards]
    played: dict[str, int] = {}  # a two-boarder stakes on both boards (specs/diplomacy.md)
    for b in boards:
        for _, p in b.seats:
            played[p] = played.get(p, 0) + 1
    for joint in itertools.product(*per_board):
        final = {
            p: s * (1 - played.get(p, 0) * stake) if p in played else s for p, s in scores.items()
        }
        champions: set[str] = set()
        for b, outcome in zip(boards, joint, strict=True):
            for player, (_, share) in outcome.items():
                final[player] += share * pots[b.label]
            if b.top:
                key = {p: (score, scores[p]) for p, (score, _) in outcome.items()}
                best = max(key.values())
                champions = {p for p, k in key.items() if k == best}
        placed: dict[str, int] = {}
        for p, v in final.items():
            above = sum(1 for q, w in final.items() if w > v and q not in champions)
            placed[p] = 1 if p in champions else (2 if has_top else 1) + above
        yield placed


def extremes(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    cat: Catalogue,
    system: ScoringSystem,
) -> dict[str, tuple[int, int]]:
    """Each player's (worst, best) final place over every outcome."""
    worst: dict[str, int] = {}
    best: dict[str, int] = {}
    for placed in places(scores, boards, cat, system):
        for p, k in placed.items():
            worst[p] = max(worst.get(p, k), k)
            best[p] = min(best.get(p, k), k)
    return {p: (worst[p], best[p]) for p in worst}


def fewest(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    cat: Catalogue,
    system: ScoringSystem,
    player: str,
    stake: Fraction = Fraction(1, 10),
) -> dict[int, int | None]:
    """The fewest centres ``player`` needs on their board to clinch each place 1–7, by trying
    every joint outcome (every partition of the centres, in every order, on every board)."""
    pots = {b.label: stake * sum(scores[p] for _, p in b.seats) for b in boards}
    has_top = any(b.top for b in boards)
    per_board: list[list[dict[str, tuple[Fraction, Fraction, int]]]] = []
    for b in boards:
        players = [p for _, p in b.seats]
        if b.result is not None:  # a reported board ends as reported
            scored = system.score(b.result)
            per_board.append(
                [
                    {
                        p: (exact(scored[power]), scored.share(power), b.result.centres[power])
                        for power, p in b.seats
                    }
                ]
            )
            continue
        seen: set[tuple[tuple[Fraction, Fraction, int], ...]] = set()
        outs: list[dict[str, tuple[Fraction, Fraction, int]]] = []
        for row in cat.every:
            triples = list(zip(row.scores, row.shares, row.centres, strict=True))
            for order in itertools.permutations(triples):
                if order not in seen:
                    seen.add(order)
                    outs.append(dict(zip(players, order, strict=True)))
        per_board.append(outs)
    worst: dict[int, int] = {}
    for joint in itertools.product(*per_board):
        final = dict(scores)
        champions: set[str] = set()
        mine = 0
        for b, outcome in zip(boards, joint, strict=True):
            for p, (_, share, held) in outcome.items():
                final[p] = scores[p] * (1 - stake) + share * pots[b.label]
                if p == player:
                    mine = held
            if b.top:
                key = {p: (score, scores[p]) for p, (score, _, _) in outcome.items()}
                best = max(key.values())
                champions = {p for p, k in key.items() if k == best}
        v = final[player]
        above = sum(1 for q, w in final.items() if w > v and q not in champions)
        rank = 1 if player in champions else (2 if has_top else 1) + above
        worst[mine] = max(worst.get(mine, rank), rank)
    out: dict[int, int | None] = {}
    for k in range(1, 8):
        out[k] = next((c for c in sorted(worst) if worst[c] <= k), None)
    return out
