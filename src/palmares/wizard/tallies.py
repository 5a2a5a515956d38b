"""Every month's tallies of a long history at once (issue 33): each player's games, placement
points and wins, from the games held as columns (``io.wizard_columnar.GameColumns``) rather
than as one :class:`~palmares.wizard.game.Game` each.

The rules are ``placement_points.py``'s, counted per entry (seed 004, SCORING SYSTEM; ties
count neither above nor below, specs/wizard.md): a player placed p in a game of n players, t of
them sharing place p (competition places: 1, 2, 2, 4), has p − 1 players above and n − p − t + 1
below, so n − 2p − t + 2 placement points; a first place is a win, or 1/t of one for each of t
players tied first where the month's rule set counts fractional wins (``rules.fractional_wins``,
the rule set of the month's last day, as ``month.league_table`` takes it). Summed per month and
player they are the :class:`~palmares.wizard.month.Tally` values ``month.league_table`` counts
game by game (a test compares both on every month of the example league).

:func:`monthly` gives them per calendar month; with ``paid=True`` only the players with enough
games to earn a master point that month (``month.least_paid``): the table of those pays the
same awards and ranks the same players as the month's whole table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from palmares.core.places import competition_places
from palmares.core.rulesets import DatedRules
from palmares.wizard.month import Period, Tally, least_paid, month_period
from palmares.wizard.rules import RULES, WizardRules

__all__ = ["monthly", "placement_points_of", "standings"]

I64 = npt.NDArray[np.int64]
#: The ordinal of 1970-01-01, numpy's day 0.
_EPOCH = date(1970, 1, 1).toordinal()


def standings(game: I64, score: I64, scored: npt.NDArray[np.bool_], place: I64) -> I64:
    """Each entry's place in its game as ``Game.standing`` gives it, every game at once: by
    final score (higher first, equal scores tied) when every player of the game has one, else
    by the places given; competition places (1, 2, 2, 4) either way (entries of a game
    contiguous, ``game`` numbering them 0, 1, …)."""
    sizes = np.bincount(game)
    all_scored = (np.bincount(game, weights=scored, minlength=sizes.shape[0]) == sizes)[game]
    out: I64 = competition_places(game, np.where(scored, score, 0))
    if not bool(np.all(all_scored)):
        placed = np.flatnonzero(~all_scored)  # the games by place (whole games: rows together)
        out[placed] = competition_places(game[placed], place[placed], descending=False)
    return out


def placement_points_of(game: I64, place: I64) -> tuple[I64, I64]:
    """Each entry's placement points and the number of players sharing its place (entries of
    a game contiguous; ``game`` numbers them 0, 1, …)."""
    sizes = np.bincount(game)
    key = game * (int(place.max(initial=0)) + 1) + place
    _, inverse, counts = np.unique(key, return_inverse=True, return_counts=True)
    tied = counts[inverse.reshape(-1)].astype(np.int64)
    return sizes[game] - 2 * place - tied + 2, tied


def monthly(
    days: I64,
    offsets: I64,
    player: I64,
    names: Sequence[str],
    place: I64,
    *,
    rules: DatedRules[WizardRules] = RULES,
    paid: bool = False,
) -> dict[Period, list[Tally]]:
    """Each calendar month's tallies (sorted by player, as ``month.league_table`` lists them)
    of the games ``g``: dated ``days[g]`` (ordinals), entries ``offsets[g]:offsets[g+1]``, entry
    e player ``names[player[e]]`` placed ``place[e]``. ``paid``: only the players with at least
    ``month.least_paid`` games."""
    sizes = np.diff(offsets)
    game = np.repeat(np.arange(sizes.shape[0], dtype=np.int64), sizes)
    points, tied = placement_points_of(game, place)
    month_of_game = (days - _EPOCH).astype("datetime64[D]").astype("datetime64[M]").astype(np.int64)
    months, month_code = np.unique(month_of_game, return_inverse=True)
    periods = [month_period(1970 + int(m) // 12, int(m) % 12 + 1) for m in months.tolist()]
    rulesets = [rules.at(p.last) for p in periods]
    # Win shares in units of 1/L, L a multiple of every tie's size: exact sums.
    whole = math.lcm(*range(1, int(tied.max(initial=1)) + 1))
    fractional = np.array([r.fractional_wins for r in rulesets], dtype=np.bool_)[
        month_code.reshape(-1)
    ][game]
    share = np.where(place == 1, np.where(fractional, whole // tied, whole), 0)
    width = len(names)
    key = month_code.reshape(-1)[game] * width + player
    cells, cell, count = np.unique(key, return_inverse=True, return_counts=True)
    cell = cell.reshape(-1)
    total = np.zeros(cells.shape[0], dtype=np.int64)
    np.add.at(total, cell, points)
    won = np.zeros(cells.shape[0], dtype=np.int64)
    np.add.at(won, cell, share)
    out: dict[Period, list[Tally]] = {}
    bounds = np.searchsorted(cells // width, np.arange(len(periods) + 1))
    for m, period in enumerate(periods):
        a, b = int(bounds[m]), int(bounds[m + 1])
        keep = np.arange(a, b)
        if paid:
            keep = keep[count[a:b] >= least_paid(rulesets[m])]
        who = (cells[keep] % width).tolist()
        tallies = [
            Tally(names[p], n, t, Fraction(w, whole))
            for p, n, t, w in zip(
                who, count[keep].tolist(), total[keep].tolist(), won[keep].tolist(), strict=True
            )
        ]
        tallies.sort(key=lambda t: t.player)
        out[period] = tallies
    return out
