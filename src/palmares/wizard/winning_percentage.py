"""Winning percentage and its master points by games-played bracket (seed 004, "Winning
Percentile..W.P.").

"The W.P. is the Number of Wins divided by the number of Games played multiplied by 100." The
seed's "NEW SYSTEM" writes games / wins; specs/wizard.md reads that as a slip (it would always
exceed 100 and fail with no wins), so both systems use wins / games x 100.

The best W.P. in each bracket earns 5 master points (old brackets A 40-74, B 75-94 (95-99 also B),
C 100+; new A 20-44, B 45-59, C 60+; ``rules.py``). "A must be higher than B and B higher than C
to receive M.P. If not MP are forfeited to next higher WP": A's best is paid only if strictly
higher than B's best, B's only if strictly higher than C's; an unpaid award passes to the leader
of the next larger bracket (and on from there if that one is not paid either).

Decisions where the seed is silent (specs/wizard.md and ours): an empty bracket is skipped (A is
compared with the next bracket that has players); players tied for a bracket's best share its
award equally, rounded half up from 2010-11-10 like every master point.

Public API: :func:`winning_percentage` (wins, games) -> Fraction, :class:`BracketLeader`,
:func:`bracket_leaders`, :func:`wp_awards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.wizard.master_points import Award, whole_if
from palmares.wizard.reasons import NotHigher, WPReason
from palmares.wizard.rules import Bracket

__all__ = ["BracketLeader", "bracket_leaders", "winning_percentage", "wp_awards"]


def winning_percentage(wins: int | Fraction, games: int) -> Fraction:
    """Wins / games x 100, exact."""
    if games <= 0:
        raise PalmaresError.of(Message.of("wizard.wp_games"))
    return Fraction(wins) / games * 100


@dataclass(frozen=True, slots=True)
class BracketLeader:
    """A bracket's best W.P. and the players who have it (several when tied)."""

    bracket: Bracket
    best: Fraction
    players: tuple[str, ...]


def bracket_leaders(
    records: Sequence[tuple[str, int, Fraction]], brackets: Sequence[Bracket]
) -> list[BracketLeader]:
    """The leaders of each bracket that has players; ``records`` are (player, games, W.P.)."""
    leaders: list[BracketLeader] = []
    for bracket in brackets:
        inside = [(p, wp) for p, games, wp in records if bracket.holds(games)]
        if not inside:
            continue
        best = max(wp for _, wp in inside)
        players = tuple(sorted(p for p, wp in inside if wp == best))
        leaders.append(BracketLeader(bracket, best, players))
    return leaders


def wp_awards(
    records: Sequence[tuple[str, int, Fraction]],
    brackets: Sequence[Bracket],
    *,
    award: int,
    whole: bool,
    day: date,
    source: str,
) -> list[Award]:
    """W.P. master points with the A > B > C rule and the pass-down; one Award per origin."""
    leaders = bracket_leaders(records, brackets)
    awards: list[Award] = []
    carried: list[tuple[BracketLeader, tuple[NotHigher, ...]]] = []  # (origin, why not paid)
    for i, leader in enumerate(leaders):
        carried.append((leader, ()))
        following = leaders[i + 1] if i + 1 < len(leaders) else None
        if following is not None and not leader.best > following.best:
            why = NotHigher(leader.bracket, leader.best, following.bracket, following.best)
            carried = [(origin, (*w, why)) for origin, w in carried]
            continue
        exact = Fraction(award, len(leader.players))
        paid = whole_if(exact, whole)
        for origin, why_not in carried:
            reason = WPReason(
                bracket=leader.bracket,
                best=leader.best,
                origin=origin.bracket,
                passed=why_not,
                award=award,
                shared_by=len(leader.players),
                exact=exact,
                paid=paid,
            )
            for player in leader.players:
                awards.append(Award(player, day, source, "wp", paid, reason))
        carried = []
    return awards
