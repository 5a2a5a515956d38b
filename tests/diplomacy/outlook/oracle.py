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


def _ends(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    cat: Catalogue,
    system: ScoringSystem,
    stake: Fraction,
    centres: bool,
) -> list[list[tuple[dict[str, tuple[Fraction, int]], frozenset[str] | None]]]:
    """Every way each board ends, as what its players take from the pot and the centres they
    hold, and, on the top board, its winners (a tie to the larger score before the round); every
    partition of the centres dealt to the players in every order, each order once."""
    out: list[list[tuple[dict[str, tuple[Fraction, int]], frozenset[str] | None]]] = []
    for b in boards:
        pot = stake * sum(scores[p] for _, p in b.seats)
        players = [p for _, p in b.seats]
        if b.result is not None:  # a reported board ends as reported
            scored = system.score(b.result)
            orders = [
                tuple(
                    (exact(scored[power]), scored.share(power), b.result.centres[power])
                    for power, _ in b.seats
                )
            ]
        else:
            # Where the centres held do not matter, the outcomes paying the same are one.
            rows = cat.every if centres else cat.rows
            seen: set[tuple[tuple[Fraction, Fraction, int], ...]] = set()
            orders = []
            for row in rows:
                held = row.centres if centres else (0,) * len(row.centres)
                each = list(zip(row.scores, row.shares, held, strict=True))
                for order in itertools.permutations(each):
                    if order not in seen:
                        seen.add(order)
                        orders.append(order)
        ends: list[tuple[dict[str, tuple[Fraction, int]], frozenset[str] | None]] = []
        for order in orders:
            # What each player takes from the pot, and the centres they end with.
            final = {
                p: (share * pot, held) for p, (_, share, held) in zip(players, order, strict=True)
            }
            winners: frozenset[str] | None = None
            if b.top:
                key = {
                    p: (score, scores[p]) for p, (score, _, _) in zip(players, order, strict=True)
                }
                best = max(key.values())
                winners = frozenset(p for p, k in key.items() if k == best)
            ends.append((final, winners))
        out.append(ends)
    return out


def _joint(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    cat: Catalogue,
    system: ScoringSystem,
    stake: Fraction,
    centres: bool = False,
) -> Iterator[tuple[dict[str, int], dict[str, int]]]:
    """For every joint outcome of the boards: each player's final place (seed 002: the top
    board's winner is champion; the others' place is 2 + the players strictly above them, the
    champion left out) and the centres each seated player ends with."""
    has_top = any(b.top for b in boards)
    played: dict[str, int] = {}  # a two-boarder stakes on both boards (specs/diplomacy.md)
    for b in boards:
        for _, p in b.seats:
            played[p] = played.get(p, 0) + 1
    staked = {p: s * (1 - played.get(p, 0) * stake) for p, s in scores.items()}
    for joint in itertools.product(*_ends(scores, boards, cat, system, stake, centres)):
        final = dict(staked)
        held: dict[str, int] = {}
        champions: frozenset[str] = frozenset()
        for outcome, winners in joint:
            for p, (gain, count) in outcome.items():
                final[p] += gain
                held[p] = count
            if winners is not None:
                champions = winners
        placed: dict[str, int] = {}
        for p, v in final.items():
            above = sum(1 for q, w in final.items() if w > v and q not in champions)
            placed[p] = 1 if p in champions else (2 if has_top else 1) + above
        yield placed, held


def places(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    cat: Catalogue,
    system: ScoringSystem,
    stake: Fraction = Fraction(1, 10),
) -> Iterator[dict[str, int]]:
    """Each player's final place, for every joint outcome of the boards."""
    for placed, _ in _joint(scores, boards, cat, system, stake):
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
    players: Sequence[str],
    stake: Fraction = Fraction(1, 10),
) -> dict[str, dict[int, int | None]]:
    """The fewest centres each of ``players`` needs on their board to clinch each place 1–7,
    by trying every joint outcome (every partition of the centres, in every order, on every
    board): the fewest count whose worst place over the outcomes is that place or better."""
    worst: dict[str, dict[int, int]] = {p: {} for p in players}
    for placed, held in _joint(scores, boards, cat, system, stake, centres=True):
        for p in players:
            mine, rank = held[p], placed[p]
            worst[p][mine] = max(worst[p].get(mine, rank), rank)
    return {
        p: {k: next((c for c in sorted(w) if w[c] <= k), None) for k in range(1, 8)}
        for p, w in worst.items()
    }
