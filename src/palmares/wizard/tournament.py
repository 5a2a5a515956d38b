"""Tournaments and their master points (seed 004, "Revised TOURNAMENT SCORING Nov.2010";
specs/wizard.md "Tournaments").

"1st place: receives points equal to the number in the tournament. 2nd place: receives 50%
points for 1st place. 3rd place receives 50% of points for 2nd place." Places paid: 3 for fewer
than 40 players, 4 for 40-79, 5 for 80 or more; each next place gets half of the previous one.

Rounding (from 2010-11-10, with whole master points): "All decimals of .5 or more are rounded UP
... less than .5 are rounded DOWN". The spec's reading (``tournament_halving="rounded"``) halves
the previous place's rounded award: 25 players 25, 13, 7; 45 players 45, 23, 12, 6. The other
reading (``"exact"``) rounds half of the exact value: 25, 13, 6. Before 2010-11-10 the fractions
are kept (25, 12.5, 6.25).

Tied players share the average of the places they span (0 for places not paid), rounded as
above. From 2020-01-01 no tournament awards master points (results are still recorded; the
league's Master Point Plan of 2020: master points only for regular play); the date is the rule
set's (``rules.tournaments_unpaid_since``), never written here. The field
size is the number of players entered (rows of the tournament), our decision.

Public API: :class:`Placing` and :class:`Tournament` (from ``placings.py``), :func:`places_paid`,
:func:`place_awards` (field size, rule set) -> awards for places 1.., :class:`TournamentLine`,
:class:`TournamentResult`, :func:`tournament_result` (with an optional TRIAD, ``triad.py``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from palmares.core.ranking import TieGroup
from palmares.core.rulesets import DatedRules
from palmares.wizard.master_points import Award, place_share, shared_award, total, whole_if
from palmares.wizard.placings import Placing, Tournament
from palmares.wizard.reasons import TournamentPlaceReason
from palmares.wizard.rules import RULES, WizardRules, tournaments_unpaid_since
from palmares.wizard.triad import TriadGame, triad_awards

__all__ = [
    "Placing",
    "Tournament",
    "TournamentLine",
    "TournamentResult",
    "place_awards",
    "places_paid",
    "tournament_result",
]


def places_paid(field: int) -> int:
    """3 places for fewer than 40 players, 4 for 40-79, 5 for 80 or more."""
    if field < 40:
        return 3
    if field < 80:
        return 4
    return 5


def place_awards(field: int, rules: WizardRules) -> tuple[Fraction, ...]:
    """Master points for places 1, 2, ... of a field of ``field`` players under ``rules``."""
    if not rules.tournament_master_points or field <= 0:
        return ()
    exact = Fraction(field)
    awards = [exact]
    for _ in range(places_paid(field) - 1):
        exact /= 2
        if not rules.whole_master_points:
            awards.append(exact)
        elif rules.tournament_halving == "rounded":
            awards.append(whole_if(awards[-1] / 2, True))
        else:
            awards.append(whole_if(exact, True))
    return tuple(awards)


@dataclass(frozen=True, slots=True)
class TournamentLine:
    """A player's result: place, master points for the place and for the TRIAD."""

    player: str
    place: int
    games_finished: int | None
    awards: tuple[Award, ...]

    @property
    def master_points(self) -> Fraction:
        return total(a for a in self.awards if a.kind == "tournament")

    @property
    def triad_points(self) -> Fraction:
        return total(a for a in self.awards if a.kind == "triad")

    @property
    def total(self) -> Fraction:
        return total(self.awards)


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """A tournament scored: the rule set, the award per place and every player's line."""

    tournament: Tournament
    rules: WizardRules
    place_values: tuple[Fraction, ...]
    lines: tuple[TournamentLine, ...]
    unpaid_since: date | None = None

    @property
    def awards(self) -> tuple[Award, ...]:
        return tuple(a for line in self.lines for a in line.awards)


def tournament_result(
    tournament: Tournament,
    *,
    rules: DatedRules[WizardRules] = RULES,
    triad: TriadGame | None = None,
) -> TournamentResult:
    """Score ``tournament`` under the rule set of its date, with its TRIAD if one was played."""
    ruleset = rules.at(tournament.day)
    values = place_awards(tournament.field_size, ruleset)
    awards: dict[str, list[Award]] = defaultdict(list)
    by_place: dict[int, list[str]] = defaultdict(list)
    for p in tournament.placings:
        by_place[p.place].append(p.player)
    for place in sorted(by_place):
        group = TieGroup(place, tuple(sorted(by_place[place])))
        if place > len(values):
            break
        exact = shared_award(values, group.places)
        paid = whole_if(exact, ruleset.whole_master_points)
        if paid <= 0:
            continue
        reason = TournamentPlaceReason(
            tournament.field_size, place_share(values, group, exact, paid)
        )
        for player in group.members:
            awards[player].append(
                Award(player, tournament.day, tournament.name, "tournament", paid, reason)
            )
    if triad is not None:
        for award in triad_awards(tournament, triad, ruleset, rules):
            awards[award.player].append(award)
    lines = tuple(
        TournamentLine(p.player, p.place, p.games_finished, tuple(awards[p.player]))
        for p in sorted(tournament.placings, key=lambda p: (p.place, p.player))
    )
    unpaid = tournaments_unpaid_since(rules, tournament.day)
    return TournamentResult(tournament, ruleset, values, lines, unpaid)
