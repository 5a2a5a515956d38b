"""The team championship in the last round's outlook (issue 38): whether each team has clinched
the title, can still take it, or is out of it, whatever the boards of the final round do — or,
where the exact reasoning below does not hold, that it is not computed, and why.

The rule (seed 002, "Team Tournament"; :mod:`palmares.diplomacy.teams`): a team's score is the
sum of its members' final scores; the highest wins (a tie is shared, so "clinched" here means at
least shared). When two or more members of a team play the top board, those members count with
their score before the final round. A member who does not play the final round, or whose board
is reported, counts a known score; a member on a free board counts ``base + share · pot`` (the
ante, seed 002 Appendix A).

Exactly: for two teams ``A`` and ``B`` the difference of their scores is a sum over the free
boards, which end independently, of ``(Σ shares of A's members − Σ shares of B's members) · pot``.
Its least value is the sum of each board's least: ``A``'s members take the smallest shares of an
outcome and ``B``'s the largest (the catalogue, :mod:`.catalogue`, holds every outcome's
shares). So ``A`` has clinched when no ``B`` can pass it (every least difference ``≥ 0``), and
``A`` is out when some ``B`` stays above it whatever happens (the greatest difference ``< 0``).

Otherwise ``A`` can still win when one outcome is best for ``A`` against every team at once:
on a board with one member of ``A``, their solo (the whole pot, nothing for anyone else); on a
board without, a solo by a player whose score counts for no team. Where no such outcome is
known — a board seating two counted members of ``A`` (team-mates kept apart, seed 002, should
never meet off the top board), or a free board every seat of which counts for another team
(someone's team must gain there) — :mod:`.team_search` decides exactly whether some joint
outcome puts ``A`` at least level with every team: the teams that cannot catch ``A`` are set
aside, and the outcomes are enumerated from the catalogue on the boards that still block. Only
past that search's bounds is the verdict "not computed", with the boards named.

A member's known score is their score before the final round less a stake for every board they
play (a two-boarder stakes on each of their two boards, specs/diplomacy.md, "Tournament score";
seed 002 is silent on two-boarders), plus what each reported board paid them; on each free
board their share of the pot is still open.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from palmares.core.message import Message
from palmares.diplomacy.outlook.catalogue import STANDARD, Catalogue, Map, catalogue
from palmares.diplomacy.outlook.places import FinalBoard, Status, Verdict
from palmares.diplomacy.outlook.team_search import Answer, OpenBoard, search
from palmares.diplomacy.scoring.base import ScoringSystem, exact

__all__ = ["TeamOutlook", "team_outlook"]

_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class TeamOutlook:
    """One team's verdict for the team championship."""

    team: str
    verdict: Verdict


class _Teams:
    def __init__(
        self,
        scores: Mapping[str, Fraction],
        boards: Sequence[FinalBoard],
        teams: Mapping[str, tuple[str, ...]],
        cat: Catalogue,
        system: ScoringSystem,
        stake: Fraction,
    ) -> None:
        self.cat = cat
        team_of = {p: t for t, members in teams.items() for p in members}
        on_top: dict[str, list[str]] = {}
        for b in boards:
            if b.top:
                for _, p in b.seats:
                    if p in team_of:
                        on_top.setdefault(team_of[p], []).append(p)
        #: Members of a team several of whom play the top board: their score before the final
        #: round counts (seed 002, "Team Tournament"), whatever board they play.
        early = {p for members in on_top.values() if len(members) > 1 for p in members}
        #: The known part of each team's score: each member's score before the final round,
        #: less a stake for each board they play (a two-boarder stakes on each, specs/
        #: diplomacy.md), plus what each reported board paid them.
        self.known = {t: Fraction(0) for t in teams}
        for p, t in team_of.items():
            self.known[t] += scores.get(p, Fraction(0))
        self.free: list[OpenBoard] = []
        for b in boards:
            pot = stake * sum(scores.get(p, Fraction(0)) for _, p in b.seats)
            scored = system.score(b.result) if b.result is not None else None
            counts: list[str | None] = []
            for power, p in b.seats:
                team = team_of.get(p)
                if team is None or p in early:
                    counts.append(None)  # no team, or the top-board team rule: the score before
                    continue
                self.known[team] -= stake * scores.get(p, Fraction(0))
                if scored is not None:
                    self.known[team] += scored.share(power) * pot
                    counts.append(None)
                else:
                    counts.append(team)
            if scored is None:
                self.free.append(OpenBoard(b.label, pot, tuple(counts)))
        self._least: dict[tuple[int, int], Fraction] = {}

    def least(self, a: str, b: str) -> Fraction:
        """The least value of ``score(a) − score(b)`` over every outcome."""
        total = self.known[a] - self.known[b]
        for board in self.free:
            i = board.teams.count(a)
            j = board.teams.count(b)
            if not i and not j:
                continue
            total += self._least_share(i, j) * board.pot
        return total

    def _least_share(self, i: int, j: int) -> Fraction:
        """min over the outcomes of (the ``i`` smallest shares − the ``j`` largest): a float
        pass keeps the candidates, the exact pass decides."""
        if (i, j) not in self._least:
            w = self.cat.shares
            n = w.shape[1]
            values = w[:, n - i :].sum(axis=1) - w[:, :j].sum(axis=1)
            low = float(values.min())
            keep = np.nonzero(values <= low + _EPS)[0]
            self._least[(i, j)] = min(
                sum(r[n - i :], Fraction(0)) - sum(r[:j], Fraction(0))
                for r in (self.cat.exact_sorted(int(k)) for k in keep)
            )
        return self._least[(i, j)]

    def single_best(self, a: str) -> bool:
        """Whether one outcome of every free board is known to be best for ``a`` against every
        team at once: ``a``'s member's solo, or a solo for a seat that counts for no team."""
        for board in self.free:
            mine = board.teams.count(a)
            if mine > 1 or (mine == 0 and all(t is not None for t in board.teams)):
                return False
        return True


def _verdict(teams: _Teams, a: str, rivals: Sequence[str]) -> Verdict:
    if not rivals:
        return Verdict(Status.CLINCHED, Message.of("outlook.team.alone", team=a))
    least = {b: teams.least(a, b) for b in rivals}
    most = {b: -teams.least(b, a) for b in rivals}
    closest = min(rivals, key=lambda b: (least[b], b))
    if least[closest] >= 0:
        return Verdict(
            Status.CLINCHED,
            Message.of(
                "outlook.team.clinched" if least[closest] > 0 else "outlook.team.clinched_tie",
                team=a,
                rival=closest,
                margin=least[closest],
            ),
        )
    ahead = min(rivals, key=lambda b: (most[b], b))
    if most[ahead] < 0:
        return Verdict(
            Status.OUT, Message.of("outlook.team.out", team=a, rival=ahead, margin=-most[ahead])
        )
    if teams.single_best(a):
        return Verdict(Status.POSSIBLE, Message.of("outlook.team.possible", team=a, rival=closest))
    found = search(teams.cat, a, {b: teams.known[a] - teams.known[b] for b in rivals}, teams.free)
    boards = found.boards
    if found.answer is Answer.POSSIBLE and not boards:
        return Verdict(
            Status.POSSIBLE, Message.of("outlook.team.possible_loose", team=a, rival=closest)
        )
    if found.answer is Answer.POSSIBLE:
        return Verdict(
            Status.POSSIBLE,
            Message.of("outlook.team.possible_search", team=a, rival=closest, boards=boards),
        )
    if found.answer is Answer.OUT:
        return Verdict(Status.OUT, Message.of("outlook.team.out_joint", team=a, boards=boards))
    why = (
        Message.of("outlook.team.too_many", boards=boards, limit=found.limit)
        if found.answer is Answer.TOO_MANY
        else Message.of("outlook.team.negative")
    )
    return Verdict(Status.NOT_COMPUTED, Message.of("outlook.team.not_computed", team=a, why=why))


def team_outlook(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    teams: Mapping[str, tuple[str, ...]],
    *,
    system: ScoringSystem,
    system_key: str,
    stake: Fraction = Fraction(1, 10),
    board_map: Map = STANDARD,
) -> tuple[TeamOutlook, ...]:
    """Every team's verdict for the team championship: ``scores`` are the scores before the
    final round, ``teams`` each team's members."""
    cat = catalogue(system_key, system, board_map)
    names = sorted(teams)
    if not cat.lone_winner:
        why = Message.of("outlook.unsupported.no_solo", system=system_key)
        return tuple(
            TeamOutlook(
                a,
                Verdict(
                    Status.NOT_COMPUTED, Message.of("outlook.team.not_computed", team=a, why=why)
                ),
            )
            for a in names
        )
    full = {p: exact(s) for p, s in scores.items()}
    model = _Teams(full, boards, teams, cat, system, stake)
    return tuple(TeamOutlook(a, _verdict(model, a, [b for b in names if b != a])) for a in names)
