"""The Wizard rule book's dated rule sets (seed 004; our reading in specs/wizard.md).

The rule book changed over the years; the date of a game, month or tournament picks the rule set
in force (``core.rulesets.DatedRules``). The changes, in order:

- 2003-01-01 (``triad_start``, a parameter): "In 2003 the TRIAD was added to the official
  tournament rules" (seed, TRIAD). The seed gives only the year; the spec takes January 1st.
- 2004-01-05: "First revised Jan.05, 2004": placement points (+1 for each player below, -1 for
  each above). The seed does not give the system before it; we apply placement points to every
  game (see ``placement_points.py``).
- 2009-11-01 (``wp_switch``, a parameter): the "NEW SYSTEM" winning-percentage brackets A 20-44,
  B 45-59, C 60+ replace A 40-74, B 75-94, C 100+. The seed gives no date; the spec's assumption.
- 2010-11-10: "all Master Points will be whole numbers" (TABULATING MASTER POINTS) and the
  "Revised TOURNAMENT SCORING Nov.2010" rounding (.5 and up rounds up).
- 2020-01-01: "the monthly ranking system will simply use POINTS to determine the Top 10";
  "TRIAD was eliminated on January 1, 2020"; and, per the spec, no tournament awards master
  points from that day on (results are still recorded).

Public API: :class:`WizardRules` (one rule set), :class:`Bracket`, :func:`wizard_rules` (the
dated rule sets, every decision a keyword parameter with the spec's default), :data:`RULES` (the
defaults), :func:`rules_on` (the defaults' rule set on a day) and :func:`describe_rules`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from typing import Literal

from palmares.core.rulesets import DatedRules

__all__ = [
    "NEW_WP_BRACKETS",
    "OLD_WP_BRACKETS",
    "RULES",
    "TOP_TEN",
    "Bracket",
    "Halving",
    "Ranking",
    "WizardRules",
    "describe_rules",
    "rules_on",
    "wizard_rules",
]

Ranking = Literal["matrix", "points"]
Halving = Literal["rounded", "exact"]

PLACEMENT_POINTS_START = date(2004, 1, 5)
WHOLE_MASTER_POINTS_START = date(2010, 11, 10)
POINTS_RANKING_START = date(2020, 1, 1)

#: "Top 10 ... 1st 30 Master Points, 2nd 27, ... 10th 03" (seed, Top 10).
TOP_TEN: tuple[int, ...] = (30, 27, 24, 21, 18, 15, 12, 9, 6, 3)


@dataclass(frozen=True, slots=True)
class Bracket:
    """A winning-percentage bracket: its letter and the games played it covers (inclusive).

    ``most`` is ``None`` for the open bracket (C: 100+ or 60+).
    """

    label: str
    least: int
    most: int | None = None

    def holds(self, games: int) -> bool:
        return games >= self.least and (self.most is None or games <= self.most)

    def __str__(self) -> str:
        if self.most is None:
            return f"{self.label} ({self.least}+ games)"
        return f"{self.label} ({self.least}-{self.most} games)"


#: The first W.P. system: A 40-74, B 75-94, C 100+. The text leaves 95-99 out; we put it in B.
OLD_WP_BRACKETS = (Bracket("A", 40, 74), Bracket("B", 75, 99), Bracket("C", 100))
#: The "NEW SYSTEM": A 20-44, B 45-59, C 60+.
NEW_WP_BRACKETS = (Bracket("A", 20, 44), Bracket("B", 45, 59), Bracket("C", 60))


@dataclass(frozen=True, slots=True)
class WizardRules:
    """One rule set of the Wizard league, in force from ``since``.

    - ``ranking``: "matrix" (rank in points + rank in Skill Ratio) or "points" (from 2020).
    - ``qualifying_games``: games in a month needed for a number ranking (seed: 30).
    - ``top_ten``: master points for places 1-10 of the number ranking.
    - ``wp_brackets``/``wp_award``: the winning-percentage brackets and their award (5).
    - ``whole_master_points``: round every master-point award half up (from 2010-11-10).
    - ``tournament_master_points``: whether tournaments award master points (until 2019).
    - ``tournament_halving``: "rounded" halves the previous place's rounded award (25: 25, 13, 7);
      "exact" rounds half of the exact value (25: 25, 13, 6). Used only with whole numbers.
    - ``triad``: whether a TRIAD may be played (2003-01-01 to 2019-12-31).
    - ``whole_triad_points``: round TRIAD points like other master points once whole numbers
      apply. Default False: "Fractional points will be maintained for Triads" (seed, TRIAD) is
      read as the TRIAD's own rule, kept after 2010-11-10 (specs/wizard.md: 2.5 each).
    - ``fractional_wins``: a tie for first counts 1/k of a win to each (default: a whole win).
    - ``junior_minimum``: Wizard Junior games needed in a two-month session (20).
    - ``invitational_size``: players of the previous month's ranking invited (25).
    """

    since: date
    ranking: Ranking = "matrix"
    qualifying_games: int = 30
    top_ten: tuple[int, ...] = TOP_TEN
    wp_brackets: tuple[Bracket, ...] = OLD_WP_BRACKETS
    wp_award: int = 5
    whole_master_points: bool = False
    tournament_master_points: bool = True
    tournament_halving: Halving = "rounded"
    triad: bool = False
    whole_triad_points: bool = False
    fractional_wins: bool = False
    junior_minimum: int = 20
    invitational_size: int = 25


def wizard_rules(
    *,
    qualifying_games: int = 30,
    wp_switch: date = date(2009, 11, 1),
    triad_start: date = date(2003, 1, 1),
    tournament_halving: Halving = "rounded",
    fractional_wins: bool = False,
    junior_minimum: int = 20,
    invitational_size: int = 25,
    whole_triad_points: bool = False,
) -> DatedRules[WizardRules]:
    """The dated rule sets, with each of the spec's decisions as a parameter (spec defaults).

    The first rule set starts on ``date.min``: the seed does not say what came before the
    earliest change it names, so the earliest rules it gives apply to everything before.
    """
    base = WizardRules(
        since=date.min,
        qualifying_games=qualifying_games,
        tournament_halving=tournament_halving,
        fractional_wins=fractional_wins,
        junior_minimum=junior_minimum,
        invitational_size=invitational_size,
        whole_triad_points=whole_triad_points,
    )
    changes: list[tuple[date, Callable[[WizardRules], WizardRules]]] = [
        (triad_start, lambda r: replace(r, triad=True)),
        (PLACEMENT_POINTS_START, lambda r: r),
        (wp_switch, lambda r: replace(r, wp_brackets=NEW_WP_BRACKETS)),
        (WHOLE_MASTER_POINTS_START, lambda r: replace(r, whole_master_points=True)),
        (
            POINTS_RANKING_START,
            lambda r: replace(r, ranking="points", triad=False, tournament_master_points=False),
        ),
    ]
    changes.sort(key=lambda c: c[0])
    sets: dict[date, WizardRules] = {date.min: base}
    current = base
    for day, change in changes:
        current = replace(change(current), since=day)
        sets[day] = current
    return DatedRules.of(sets.items())


#: The rule sets with the spec's defaults.
RULES: DatedRules[WizardRules] = wizard_rules()


def describe_rules(rules: WizardRules) -> list[str]:
    """The rule set in words, for ``--explain`` and the web pages."""
    since = "the earliest rules" if rules.since == date.min else f"in force from {rules.since}"
    ranking = (
        "the matrix (rank in points + rank in Skill Ratio, low is best; ties broken by points, "
        "then SR)"
        if rules.ranking == "matrix"
        else "points alone"
    )
    brackets = ", ".join(str(b) for b in rules.wp_brackets)
    return [
        f"Rule set {since}:",
        f"- number ranking by {ranking}, for players with at least {rules.qualifying_games} games",
        "- Top 10 master points " + ", ".join(str(v) for v in rules.top_ten) + "; tied players "
        "share the average of the places they span",
        f"- {rules.wp_award} master points for the best W.P. in each bracket: {brackets}; "
        "A must be higher than B and B higher than C, else the award passes to the next",
        "- a tie for first is "
        + ("1/k of a win for each of k" if rules.fractional_wins else "a win for each tied player"),
        "- master points are "
        + ("whole numbers (half up)" if rules.whole_master_points else "kept as fractions"),
        "- tournaments "
        + (
            "award master points (1st = players in the field, each next place half)"
            if rules.tournament_master_points
            else "award no master points"
        )
        + ("; TRIAD 3 / 2 / 1" if rules.triad else "; no TRIAD"),
    ]


def rules_on(day: date) -> WizardRules:
    """The default rule set in force on ``day``."""
    return RULES.at(day)
