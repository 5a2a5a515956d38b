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
  "TRIAD was eliminated on January 1, 2020"; and the league's Master Point Plan of 2020
  (specs/wizard.md, "After the seed"): master points only for regular play, so no tournament
  awards master points from that day on (results are still recorded), and the lifetime levels
  Earth 500, Water 1000, Air 1500, Fire 2000, Astral 3000, Arch 5000 master points.
- 2021-02-01 (Master Point Plan, specs/wizard.md "After the seed"): the monthly master points go
  to the Top 10 of three lists, points, Skill Ratio and W.P., each paying 15, 13, 11, 9, 8, 7, 6,
  5, 4, 3, whole numbers; the W.P. brackets end (our reading: the W.P. list replaces them).
- 2023-09-23 (``cutoff_start``, a parameter; the league's monthly procedure posted that day): a
  40-game cut-off for the lists (``cutoff_games``), 81 x 3 = 243 master points a month, and tied
  players share the average of the places they span rounded UP ((4 + 3) / 2 = 3.5 -> 4). A month
  is judged by the rule set of its last day, so the default date makes September 2023 the first
  month under the procedure; ``cutoff_start=date(2023, 10, 1)`` makes it October.

Decisions where the league published nothing (docs/wizard.md "After 2020"), each a parameter:
``list_games`` (who may enter the S.R. and W.P. lists from 2021-02-01 until the cut-off; default
``None``, the month's qualifying number of games, 30) and ``straddle`` (a tie that straddles 10th
and 11th: ``"zero"``, places past 10th count 0 in the average, as before 2021; or ``"paid"``, the
average of the paid places only).

Public API: :class:`WizardRules` (one rule set), :class:`Bracket`, :func:`wizard_rules` (the
dated rule sets, every decision a keyword parameter with the spec's default), :data:`RULES` (the
defaults), :func:`rules_on` (the defaults' rule set on a day). The words of a rule set are the
explanation layer's (``palmares.explain.renderers.wizard_rules``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from typing import Literal

from palmares.core.rulesets import DatedRules

__all__ = [
    "LEVELS",
    "NEW_WP_BRACKETS",
    "OLD_WP_BRACKETS",
    "RULES",
    "THREE_LISTS_TOP_TEN",
    "TOP_TEN",
    "Bracket",
    "Halving",
    "Level",
    "ListName",
    "Ranking",
    "Straddle",
    "TieRounding",
    "WizardRules",
    "rules_on",
    "tournaments_unpaid_since",
    "wizard_rules",
]

Ranking = Literal["matrix", "points"]
Halving = Literal["rounded", "exact"]
#: The lists whose Top 10 earn master points: the number ranking ("points": the matrix before
#: 2020, points alone from then), Skill Ratio and W.P. (from 2021-02-01).
ListName = Literal["points", "skill-ratio", "wp"]
#: How a tied share becomes a whole number: half up (from 2010-11-10), up (from 2023-09-23).
TieRounding = Literal["half-up", "up"]
#: A tie straddling the last paid place: places past it count 0 ("zero") or are left out ("paid").
Straddle = Literal["zero", "paid"]

PLACEMENT_POINTS_START = date(2004, 1, 5)
WHOLE_MASTER_POINTS_START = date(2010, 11, 10)
POINTS_RANKING_START = date(2020, 1, 1)
THREE_LISTS_START = date(2021, 2, 1)
CUTOFF_PROCEDURE_POSTED = date(2023, 9, 23)

SEED = "seed 004"
PLAN_2020 = "Wizard league Master Point Plan, 2020 (specs/wizard.md, After the seed)"
PLAN_2021 = "Wizard league Master Point Plan, 2021-02-01 (specs/wizard.md, After the seed)"
PROCEDURE_2023 = (
    "Wizard league monthly procedure posted 2023-09-23 (specs/wizard.md, After the seed)"
)

#: "Top 10 ... 1st 30 Master Points, 2nd 27, ... 10th 03" (seed, Top 10).
TOP_TEN: tuple[int, ...] = (30, 27, 24, 21, 18, 15, 12, 9, 6, 3)
#: From 2021-02-01 each of the three lists pays its Top 10 15, 13, 11, 9, 8, 7, 6, 5, 4, 3 (81).
THREE_LISTS_TOP_TEN: tuple[int, ...] = (15, 13, 11, 9, 8, 7, 6, 5, 4, 3)


@dataclass(frozen=True, slots=True)
class Level:
    """A lifetime level: reached when a player's lifetime master points reach ``master_points``."""

    name: str
    master_points: int


#: The lifetime levels of the 2020 Master Point Plan.
LEVELS: tuple[Level, ...] = (
    Level("Earth", 500),
    Level("Water", 1000),
    Level("Air", 1500),
    Level("Fire", 2000),
    Level("Astral", 3000),
    Level("Arch", 5000),
)


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
    - ``lists``: the lists whose Top 10 earn ``top_ten`` each ("points" alone until 2021-01-31;
      "points", "skill-ratio" and "wp" from 2021-02-01).
    - ``list_games``: games needed to enter the S.R. and W.P. lists (``None``: the qualifying
      number of games).
    - ``tie_rounding``: "half-up" or "up" (from 2023-09-23) for a tied share's whole number.
    - ``straddle``: how a tie across the last paid place is averaged ("zero" or "paid").
    - ``levels``: the lifetime levels (from 2020-01-01).
    - ``cited``: where each rule in force comes from, one line per dated change.
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
    lists: tuple[ListName, ...] = ("points",)
    list_games: int | None = None
    tie_rounding: TieRounding = "half-up"
    straddle: Straddle = "zero"
    levels: tuple[Level, ...] = ()
    cited: tuple[str, ...] = ()

    @property
    def list_minimum(self) -> int:
        """Games needed to enter the S.R. and W.P. lists."""
        return self.qualifying_games if self.list_games is None else self.list_games


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
    list_games: int | None = None,
    straddle: Straddle = "zero",
    cutoff_start: date = CUTOFF_PROCEDURE_POSTED,
    cutoff_games: int = 40,
) -> DatedRules[WizardRules]:
    """The dated rule sets, with each of the spec's decisions as a parameter (spec defaults).

    ``qualifying_games`` is the cut-off until ``cutoff_start``, ``cutoff_games`` from then on.

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
        cited=(f"{SEED}: placement points, the matrix, Top 10, W.P. brackets",),
    )
    changes: list[tuple[date, str, Callable[[WizardRules], WizardRules]]] = [
        (triad_start, f"{SEED}, TRIAD: the TRIAD", lambda r: replace(r, triad=True)),
        (PLACEMENT_POINTS_START, f"{SEED}: placement points (Jan.05, 2004)", lambda r: r),
        (
            wp_switch,
            f"{SEED}, NEW SYSTEM: W.P. brackets A 20-44, B 45-59, C 60+",
            lambda r: replace(r, wp_brackets=NEW_WP_BRACKETS),
        ),
        (
            WHOLE_MASTER_POINTS_START,
            f"{SEED}, TABULATING MASTER POINTS: whole numbers (Nov.10, 2010)",
            lambda r: replace(r, whole_master_points=True),
        ),
        (
            POINTS_RANKING_START,
            f"{SEED}: ranking by POINTS, TRIAD eliminated (January 1, 2020); {PLAN_2020}: "
            "master points only for regular play, lifetime levels",
            lambda r: replace(
                r, ranking="points", triad=False, tournament_master_points=False, levels=LEVELS
            ),
        ),
        (
            THREE_LISTS_START,
            f"{PLAN_2021}: Top 10 of points, Skill Ratio and W.P., 15 ... 3 each",
            lambda r: replace(
                r,
                lists=("points", "skill-ratio", "wp"),
                top_ten=THREE_LISTS_TOP_TEN,
                wp_brackets=(),
                list_games=list_games,
                straddle=straddle,
            ),
        ),
        (
            cutoff_start,
            f"{PROCEDURE_2023}: {cutoff_games}-game cut-off, tied shares rounded up",
            lambda r: replace(r, qualifying_games=cutoff_games, list_games=None, tie_rounding="up"),
        ),
    ]
    changes.sort(key=lambda c: c[0])
    sets: dict[date, WizardRules] = {date.min: base}
    current = base
    for day, source, change in changes:
        current = replace(change(current), since=day, cited=(*current.cited, f"{day}: {source}"))
        sets[day] = current
    return DatedRules.of(sets.items())


def tournaments_unpaid_since(rules: DatedRules[WizardRules], day: date) -> date | None:
    """The first day of the unbroken run of rule sets, up to ``day``'s, under which tournaments
    award no master points (2020-01-01 by default); ``None`` if ``day``'s rule set pays them."""
    first: date | None = None
    for start, ruleset in zip(rules.starts, rules.rules, strict=True):
        if start > day:
            break
        first = None if ruleset.tournament_master_points else (first or start)
    return first


#: The rule sets with the spec's defaults.
RULES: DatedRules[WizardRules] = wizard_rules()


def rules_on(day: date) -> WizardRules:
    """The default rule set in force on ``day``."""
    return RULES.at(day)
