"""A TD's rulings on scores: a board's contribution or a player's tournament score overridden.

Issue 12, step 8 (the seeds are silent; our reading, docs/tournament-day.md "Overrides"): a TD
may rule on a score (a penalty, a ruling) with a reason. The ruling never replaces the computed
figure: :func:`apply_overrides` returns the standings with the ruling applied *and* the computed
score of every player it touched, and each ruling is one more line of the player's explanation
("computed X; the TD set Y: reason").

- A **board** override sets what one game brought to the player's tournament score (under the
  ante, the take from the pot; otherwise the board score): the difference is added to the
  player's score from that round on.
- A **tournament** override sets the player's final score (applied after any board override).

The players are then ranked again (ties share a rank, competition style), so the prizes, the
invitations and the classification follow the ruling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from palmares.core.ranking import tie_groups
from palmares.diplomacy.aggregation.base import Line, Note, Standing, Standings, Step
from palmares.diplomacy.scoring.base import exact

__all__ = [
    "GameRuling",
    "Ignored",
    "Overridden",
    "Override",
    "RulingsApplied",
    "TotalRuling",
    "apply_overrides",
]


@dataclass(frozen=True, slots=True)
class Override:
    """One ruling: ``round`` and ``board`` name a game (a board override), else it is the
    player's tournament score."""

    player: str
    score: Fraction
    reason: str
    round: int | None = None
    board: str | None = None

    @property
    def kind(self) -> str:
        return "board" if self.board is not None else "tournament"


@dataclass(frozen=True, slots=True)
class GameRuling(Step):
    """A board override (docs/tournament-day.md, "Overrides"): the game brought ``was``; the TD
    set ``score`` for ``reason``, so ``score − was`` is added from ``round`` on."""

    round: int
    board: str
    was: Fraction
    score: Fraction
    reason: str

    @property
    def delta(self) -> Fraction:
        return self.score - self.was


@dataclass(frozen=True, slots=True)
class TotalRuling(Step):
    """A tournament override: the computed score ``computed``; the TD set ``score``."""

    computed: Fraction
    score: Fraction
    reason: str


@dataclass(frozen=True, slots=True)
class RulingsApplied(Note):
    """``count`` rulings of the TD applied; the computed figures are kept beside them."""

    count: int


@dataclass(frozen=True, slots=True)
class Ignored:
    """A ruling these standings cannot apply: its player is not in them (``game`` False), or
    has no game on its board (``game`` True)."""

    ruling: Override
    game: bool


@dataclass(frozen=True, slots=True)
class Overridden:
    """The standings with the rulings applied, and what the engine computed before them."""

    standings: Standings
    computed: dict[str, Fraction]  # the computed tournament score of each overridden player
    applied: tuple[Override, ...]
    ignored: tuple[Ignored, ...] = ()  # rulings on a game or player these standings do not have


def _game_points(standing: Standing, round_number: int, board: str) -> Fraction | None:
    for line in standing.games_in(round_number):
        if line.board == board:
            value = line.points if line.points is not None else line.board_score
            return exact(value) if value is not None else None
    return None


def apply_overrides(standings: Standings, overrides: Sequence[Override]) -> Overridden:
    """Apply the rulings in order: board ones first, then tournament ones (see the module)."""
    by_player = {s.player: s for s in standings.players}
    computed: dict[str, Fraction] = {}
    applied: list[Override] = []
    ignored: list[Ignored] = []
    ordered = sorted(overrides, key=lambda o: o.kind != "board")
    for o in ordered:
        standing = by_player.get(o.player)
        if standing is None or (o.round is not None and o.round not in standings.rounds):
            ignored.append(Ignored(o, game=False))
            continue
        if o.board is not None and o.round is not None:
            was = _game_points(standing, o.round, o.board)
            if was is None:
                ignored.append(Ignored(o, game=True))
                continue
            computed.setdefault(o.player, standing.score)
            delta = o.score - was
            ruling = GameRuling(o.round, o.board, was, o.score, o.reason)
            after = {r: v + delta if r >= o.round else v for r, v in standing.after.items()}
            line = Line(o.round, "override", standing.score, standing.score + delta, ruling)
            standing = replace(
                standing, score=standing.score + delta, after=after, lines=(*standing.lines, line)
            )
        else:
            computed.setdefault(o.player, standing.score)
            last = max(standing.after, default=None)
            total = TotalRuling(standing.score, o.score, o.reason)
            after = dict(standing.after)
            if last is not None:
                after[last] = o.score
            line = Line(last or 0, "override", standing.score, o.score, total)
            standing = replace(standing, score=o.score, after=after, lines=(*standing.lines, line))
        by_player[o.player] = standing
        applied.append(o)
    if not applied:
        return Overridden(standings, {}, (), tuple(ignored))
    ordered_players = sorted(by_player.values(), key=lambda s: s.player)
    ranked: list[Standing] = []
    for group in tie_groups(
        ordered_players, key=lambda s: s.score, descending=not standings.low_is_best
    ):
        ranked.extend(replace(m, rank=group.rank) for m in group.members)
    note = RulingsApplied(len(applied))
    result = replace(standings, players=tuple(ranked), notes=(*standings.notes, note))
    return Overridden(result, computed, tuple(applied), tuple(ignored))
