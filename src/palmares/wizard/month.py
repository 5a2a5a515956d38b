"""The month: the regular league's monthly table (seed 004, "Skill Ratio", "Monthly Ranking
System", "GET ALL SCORES", "Top 10", "Winning Percentile"; specs/wizard.md "A month").

Points are summed over a calendar month and start again at zero the next month. For each player:
games, POINTS, Skill Ratio (points / games), wins and winning percentage. Only players with at
least the qualifying number of games (30 a month; a parameter) get a number ranking:

- before 2020-01-01 the matrix: "Rank in Points + Rank in SR = Final Rank. Low score is best"
  (5th in points and 3rd in SR -> 8), both ranks competition ranks among the qualified players;
  equal matrix totals are broken by points, then SR, and otherwise share the place;
- from 2020-01-01 "the monthly ranking system will simply use POINTS" (ties share the place).

The Top 10 of the number ranking earn master points (``master_points.py``) and the W.P. brackets
5 each (``winning_percentage.py``). From 2021-02-01 (the league's Master Point Plan) the Top 10 of
three lists earn 15, 13, ..., 3 each: the number ranking by points, Skill Ratio and W.P.; the
S.R. and W.P. lists take the players with the rule set's ``list_minimum`` games (our decision:
the qualifying number, 30, until the 40-game cut-off of 2023-09-23), ties share the places they
span (competition ranking) and a list's equal values tie whatever the other figures.
"GET ALL SCORES" lists every player ranked on Skill Ratio.

The rule set is the one in force on the month's last day, when its awards are tabulated (so
November 2010 already pays whole numbers; our decision, the seed does not say).

Public API: :class:`Period` and :func:`month_period` (a calendar month, or any span of days),
:func:`number_ranking` (matrix or points), :class:`LeagueLine`, :class:`LeagueTable`
(``lines`` in ranking order, ``all_scores()``, ``line(player)``, ``awards``),
:func:`league_table` (any period, used by Wizard Junior) and :func:`month_table` (a month);
:class:`Tally` (a player's games, points and wins in a period), :func:`table_of` (the table of
tallies counted otherwise: a long history's, at once, ``wizard.tallies``; issue 33) and
:func:`least_paid` (the fewest games that can earn a master point: a table of only the
players with as many pays the same awards).
"""

from __future__ import annotations

import calendar
from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.ranking import TieGroup, competition_ranks, tie_groups
from palmares.core.rulesets import DatedRules
from palmares.wizard.game import Game
from palmares.wizard.master_points import Award, top_ten_awards, total
from palmares.wizard.placement_points import placement_points, wins
from palmares.wizard.reasons import ListKind
from palmares.wizard.rules import RULES, Ranking, WizardRules
from palmares.wizard.skill_ratio import skill_ratio
from palmares.wizard.winning_percentage import winning_percentage, wp_awards

__all__ = [
    "LeagueLine",
    "LeagueTable",
    "NumberRanking",
    "Period",
    "Tally",
    "league_table",
    "least_paid",
    "month_period",
    "month_table",
    "number_ranking",
    "parse_month",
    "table_of",
]


@dataclass(frozen=True, slots=True)
class Period:
    """The days a table covers (inclusive) and its label ("2019-12")."""

    label: str
    first: date
    last: date

    def __contains__(self, day: object) -> bool:
        return isinstance(day, date) and self.first <= day <= self.last


def month_period(year: int, month: int) -> Period:
    """The calendar month ``year``-``month``."""
    if not 1 <= month <= 12:
        raise PalmaresError.of(Message.of("wizard.no_month", month=str(month)))
    last = calendar.monthrange(year, month)[1]
    return Period(f"{year:04d}-{month:02d}", date(year, month, 1), date(year, month, last))


def parse_month(text: str) -> Period:
    """A month written YYYY-MM."""
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts) or len(parts[0]) != 4:
        raise PalmaresError.of(Message.of("wizard.month_text", got=repr(text)))
    return month_period(int(parts[0]), int(parts[1]))


@dataclass(frozen=True, slots=True)
class LeagueLine:
    """One player's month: figures, ranks (``None`` below the cut-off) and master points."""

    player: str
    games: int
    points: int
    wins: Fraction
    skill_ratio: Fraction
    win_percentage: Fraction
    qualified: bool
    points_rank: int | None
    sr_rank: int | None
    matrix: int | None
    rank: int | None
    awards: tuple[Award, ...]

    @property
    def master_points(self) -> Fraction:
        return total(self.awards)


@dataclass(frozen=True, slots=True)
class LeagueTable:
    """A month (or a Junior session): the rule set used, the cut-off and every player's line."""

    period: Period
    rules: WizardRules
    qualifying_games: int
    lines: tuple[LeagueLine, ...]

    @property
    def awards(self) -> tuple[Award, ...]:
        return tuple(a for line in self.lines for a in line.awards)

    def ranked(self) -> tuple[LeagueLine, ...]:
        return tuple(line for line in self.lines if line.rank is not None)

    def all_scores(self) -> tuple[LeagueLine, ...]:
        """ "GET ALL SCORES": every player, ranked on Skill Ratio (then points, then name)."""
        return tuple(sorted(self.lines, key=lambda x: (-x.skill_ratio, -x.points, x.player)))

    def sr_positions(self) -> dict[str, int]:
        """Each player's place in "all scores": competition rank on Skill Ratio (1, 2, 2, 4)."""
        by_sr: dict[Hashable, Any] = {x.player: x.skill_ratio for x in self.lines}
        return {str(p): r for p, r in competition_ranks(by_sr).items()}

    def line(self, player: str) -> LeagueLine:
        for line in self.lines:
            if line.player == player:
                return line
        raise PalmaresError.of(
            Message.of("wizard.no_game_in", player=player, period=self.period.label)
        )


@dataclass(frozen=True, slots=True)
class NumberRanking:
    """The number ranking of the qualified players and the ranks it is built from."""

    points_rank: dict[str, int]
    sr_rank: dict[str, int]
    matrix: dict[str, int]
    groups: list[TieGroup]

    @property
    def rank(self) -> dict[str, int]:
        return {str(p): g.rank for g in self.groups for p in g.members}


def number_ranking(
    points: dict[str, int], skill_ratios: dict[str, Fraction], ranking: Ranking
) -> NumberRanking:
    """Rank the qualified players (seed: "Rank in Points + Rank in SR = Final Rank").

    ``ranking="matrix"``: each player's matrix is their competition rank in points plus their
    competition rank in Skill Ratio (5th + 3rd = 8); low is best; equal matrices are broken by
    points, then SR, and otherwise share the place. ``ranking="points"``: by points alone.
    """
    by_points: dict[Hashable, Any] = {p: v for p, v in points.items()}
    by_sr: dict[Hashable, Any] = {p: v for p, v in skill_ratios.items()}
    points_rank = {str(p): r for p, r in competition_ranks(by_points).items()}
    sr_rank = {str(p): r for p, r in competition_ranks(by_sr).items()}
    players = sorted(points)
    if ranking == "matrix":
        matrix = {p: points_rank[p] + sr_rank[p] for p in players}
        groups = tie_groups(players, key=lambda p: (-matrix[p], points[p], skill_ratios[p]))
        return NumberRanking(points_rank, sr_rank, matrix, groups)
    groups = tie_groups(players, key=lambda p: points[p])
    return NumberRanking(points_rank, sr_rank, {}, groups)


@dataclass(frozen=True, slots=True)
class Tally:
    """A player's period before it is ranked: games played, placement points, wins."""

    player: str
    games: int
    points: int
    wins: Fraction


def _tallies(games: Iterable[Game], period: Period, fractional: bool) -> list[Tally]:
    counts: dict[str, int] = defaultdict(int)
    points: dict[str, int] = defaultdict(int)
    won: dict[str, Fraction] = defaultdict(Fraction)
    for game in games:
        if game.day not in period:
            continue
        for player, p in placement_points(game).items():
            counts[player] += 1
            points[player] += p
        for player, w in wins(game, fractional=fractional).items():
            won[player] += w
    return [Tally(p, counts[p], points[p], won[p]) for p in sorted(counts)]


def league_table(
    games: Iterable[Game],
    period: Period,
    *,
    rules: DatedRules[WizardRules] = RULES,
    qualifying_games: int | None = None,
    master_points_minimum: int = 0,
) -> LeagueTable:
    """The table of ``period`` over the games dated inside it.

    ``qualifying_games`` defaults to the rule set's; players with fewer than
    ``master_points_minimum`` games receive no master points at all (Wizard Junior).
    """
    ruleset = rules.at(period.last)
    return table_of(
        _tallies(games, period, ruleset.fractional_wins),
        period,
        rules=rules,
        qualifying_games=qualifying_games,
        master_points_minimum=master_points_minimum,
    )


def least_paid(
    ruleset: WizardRules, qualifying_games: int | None = None, master_points_minimum: int = 0
) -> int:
    """The fewest games in a period that can earn a master point under ``ruleset``: the number
    ranking pays qualified players, the S.R. and W.P. lists their entrants, the W.P. brackets
    the players of a bracket (and none below ``master_points_minimum``). Players with fewer
    games are in the table but in none of its awards, so :func:`table_of` their betters alone
    pays the same awards (issue 33: a ledger needs a month's awards, not its every line)."""
    cut = ruleset.qualifying_games if qualifying_games is None else qualifying_games
    list_cut = max(cut if ruleset.list_games is None else ruleset.list_games, master_points_minimum)
    brackets = [max(b.least, master_points_minimum) for b in ruleset.wp_brackets]
    return min([cut, list_cut, *brackets])


def table_of(
    tallies: Sequence[Tally],
    period: Period,
    *,
    rules: DatedRules[WizardRules] = RULES,
    qualifying_games: int | None = None,
    master_points_minimum: int = 0,
) -> LeagueTable:
    """The table of ``period`` from its players' tallies, sorted by player (as
    :func:`league_table` counts them from the games)."""
    ruleset = rules.at(period.last)
    cut = ruleset.qualifying_games if qualifying_games is None else qualifying_games
    pts = {t.player: t.points for t in tallies}
    sr = {t.player: skill_ratio(t.points, t.games) for t in tallies}
    wp = {t.player: winning_percentage(t.wins, t.games) for t in tallies}
    qualified = [t for t in tallies if t.games >= cut]

    ranking = number_ranking(
        {t.player: pts[t.player] for t in qualified},
        {t.player: sr[t.player] for t in qualified},
        ruleset.ranking,
    )
    rank = ranking.rank

    awards: dict[str, list[Award]] = defaultdict(list)
    list_cut = max(cut if ruleset.list_games is None else ruleset.list_games, master_points_minimum)
    entrants = sorted(t.player for t in tallies if t.games >= list_cut)
    lists: list[tuple[list[TieGroup], ListKind]] = [(ranking.groups, "top-10")]
    if "skill-ratio" in ruleset.lists:
        lists.append((tie_groups(entrants, key=lambda p: sr[p]), "sr-top-10"))
    if "wp" in ruleset.lists:
        lists.append((tie_groups(entrants, key=lambda p: wp[p]), "wp-top-10"))
    for groups, kind in lists:
        for award in top_ten_awards(
            groups,
            table=ruleset.top_ten,
            whole=ruleset.whole_master_points,
            day=period.last,
            source=period.label,
            rounding=ruleset.tie_rounding,
            paid_only=ruleset.straddle == "paid",
            kind=kind,
        ):
            awards[award.player].append(award)
    records = [
        (t.player, t.games, wp[t.player]) for t in tallies if t.games >= master_points_minimum
    ]
    for award in wp_awards(
        records,
        ruleset.wp_brackets,
        award=ruleset.wp_award,
        whole=ruleset.whole_master_points,
        day=period.last,
        source=period.label,
    ):
        awards[award.player].append(award)

    lines = [
        LeagueLine(
            player=t.player,
            games=t.games,
            points=t.points,
            wins=t.wins,
            skill_ratio=sr[t.player],
            win_percentage=wp[t.player],
            qualified=t.games >= cut,
            points_rank=ranking.points_rank.get(t.player),
            sr_rank=ranking.sr_rank.get(t.player),
            matrix=ranking.matrix.get(t.player),
            rank=rank.get(t.player),
            awards=tuple(awards[t.player]),
        )
        for t in tallies
    ]
    lines.sort(
        key=lambda x: (
            x.rank is None,
            x.rank or 0,
            -x.skill_ratio if x.rank is None else 0,
            -x.points,
            x.player,
        )
    )
    return LeagueTable(period, ruleset, cut, tuple(lines))


def month_table(
    games: Iterable[Game],
    month: Period | str,
    *,
    rules: DatedRules[WizardRules] = RULES,
    qualifying_games: int | None = None,
) -> LeagueTable:
    """The regular league's table for a calendar month (a :class:`Period` or "YYYY-MM")."""
    period = parse_month(month) if isinstance(month, str) else month
    return league_table(games, period, rules=rules, qualifying_games=qualifying_games)
