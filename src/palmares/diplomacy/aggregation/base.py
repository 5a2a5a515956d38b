"""The interface every tournament aggregation implements, and what it returns.

An aggregation turns the boards a tournament played into standings (seed 002, "Tournament
Scoring": board scores are aggregated across rounds; the 2007 WDC uses the ante system, other
tournaments add rounds up, keep the best N …). Its input is the played boards and one
board-scoring system; its output is :class:`Standings`: one :class:`Standing` per player with the
score, the games played, the score after each round, and the :class:`Line` s that explain every
step in words (DESIGN.md: "Every computed figure can explain itself").

A new aggregation is one module in this package that defines a class with an ``aggregate``
method and calls :func:`~palmares.diplomacy.aggregation.registry.register`. The helpers here
(:func:`score_boards`, :func:`rank_standings`, :func:`figure`) do the parts every one shares.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Protocol

from palmares.core.ranking import tie_groups
from palmares.core.rounding import half_up
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import BoardScore, Score, ScoringSystem, exact

__all__ = [
    "Aggregation",
    "AggregationInfo",
    "BoardKey",
    "Line",
    "Standing",
    "Standings",
    "figure",
    "rank_standings",
    "score_boards",
]

#: A board of a tournament: (round, board id).
BoardKey = tuple[int, str]


@dataclass(frozen=True, slots=True)
class Line:
    """One step of a player's path through a tournament, with the words that explain it.

    ``kind`` says what the step is: ``"game"`` (a board played), ``"absent"`` (a round sat
    out), ``"adjustment"`` (a rule applied between rounds, as the ante's fewer-games
    adjustment). ``before``/``after`` are the player's tournament score around this step.
    For a game: the board, power, centres, the board-scoring system's score for the seat
    (``board_score``) and ``points``: what the game brought in (the ante: the take from the pot;
    a sum of rounds: the board score). ``figures`` holds the aggregation's own intermediate
    values by name (the ante: ``stake``, ``pot``, ``share``).
    """

    round: int
    kind: str
    before: Score
    after: Score
    text: str
    board: str | None = None
    power: str | None = None
    centres: int | None = None
    board_score: Score | None = None
    points: Score | None = None
    figures: Mapping[str, Score] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's standing: rank, score, games played and the path that explains it."""

    player: str
    score: Score
    games: int
    lines: tuple[Line, ...]
    #: The score after each round of the tournament (adjustments applied after it included).
    after: Mapping[int, Score]
    rank: int = 0

    def games_in(self, round_number: int) -> tuple[Line, ...]:
        return tuple(x for x in self.lines if x.round == round_number and x.kind == "game")

    def figure_in(self, round_number: int, name: str) -> Fraction | None:
        """The sum of a figure (``"stake"``) over the games of a round; ``None``: no game."""
        games = self.games_in(round_number)
        if not games:
            return None
        return sum((exact(x.figures.get(name, 0)) for x in games), start=Fraction(0))

    def points_in(self, round_number: int) -> Fraction | None:
        """What the games of a round brought in (the ante: the pot shares taken)."""
        games = self.games_in(round_number)
        if not games:
            return None
        return sum((exact(x.points or 0) for x in games), start=Fraction(0))

    @property
    def adjustment(self) -> Fraction | None:
        """The net change made by adjustment steps (the ante's fewer-games rule), if any."""
        steps = [x for x in self.lines if x.kind == "adjustment"]
        if not steps:
            return None
        return sum((exact(x.after) - exact(x.before) for x in steps), start=Fraction(0))

    def score_after(self, round_number: int) -> Score:
        """The score after ``round_number`` (the last earlier one if the round was missing)."""
        known = [r for r in self.after if r <= round_number]
        if not known:
            return self.lines[0].before if self.lines else 0
        return self.after[max(known)]

    def score_before(self, round_number: int) -> Score:
        """The score going into ``round_number``."""
        for line in self.lines:
            if line.round >= round_number:
                return line.before
        return self.score


@dataclass(frozen=True, slots=True)
class Standings:
    """Every player's standing, best first, and the board scores they came from."""

    aggregation: str
    system: str
    rounds: tuple[int, ...]
    players: tuple[Standing, ...]
    board_scores: Mapping[BoardKey, BoardScore]
    notes: tuple[str, ...] = ()
    #: True when the lowest score is best (a sum of round ranks); ``players`` is still best first.
    low_is_best: bool = False

    def of(self, player: str) -> Standing:
        for standing in self.players:
            if standing.player == player:
                return standing
        raise KeyError(player)

    def __contains__(self, player: object) -> bool:
        return any(s.player == player for s in self.players)


class Aggregation(Protocol):
    """Anything that turns played boards into standings under a board-scoring system."""

    def aggregate(self, boards: Sequence[PlayedBoard], system: ScoringSystem) -> Standings: ...


@dataclass(frozen=True, slots=True)
class AggregationInfo:
    """A registry entry: stable slug, display name, source, and how to build it.

    ``factory`` builds the aggregation from keyword parameters (the seed's values are the
    defaults); ``parameters`` maps each parameter's name to the parser of its command-line text
    (``--aggregation ante:stake=0.2``).
    """

    slug: str
    name: str
    source: str
    summary: str
    rule: str
    factory: Callable[..., Aggregation]
    parameters: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)


def score_boards(
    boards: Iterable[PlayedBoard], system: ScoringSystem
) -> dict[BoardKey, BoardScore]:
    """Score every board once with ``system``."""
    return {(b.round, b.board): system.score(b.result()) for b in boards}


def rank_standings(standings: Iterable[Standing]) -> tuple[Standing, ...]:
    """Rank by score, best first, competition style (1, 2, 2, 4); ties listed by name."""
    ordered = sorted(standings, key=lambda s: s.player)
    ranked: list[Standing] = []
    for group in tie_groups(ordered, key=lambda s: s.score):
        for member in group.members:
            ranked.append(
                Standing(
                    player=member.player,
                    score=member.score,
                    games=member.games,
                    lines=member.lines,
                    after=member.after,
                    rank=group.rank,
                )
            )
    return tuple(ranked)


def players_in_order(boards: Sequence[PlayedBoard]) -> list[str]:
    """Every player who sat at a board, in order of first appearance."""
    seen: dict[str, None] = {}
    for board in sorted(boards, key=lambda b: b.round):
        for player in board.players:
            seen.setdefault(player, None)
    return list(seen)


def figure(value: Score, places: int = 3) -> str:
    """A figure for the words of an explanation: exact when it ends within six decimals
    (13.5129, 45.129, 70), otherwise rounded half up to ``places`` decimals. A Decimal is
    shown as written."""
    if isinstance(value, Decimal) and value.is_finite():
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int) and -6 <= exponent <= 0:
            return str(value)  # a Decimal keeps its written places: a raw score of 32.40
    if isinstance(value, Fraction):
        scaled = value * 10**6
        if scaled.denominator != 1:
            return str(half_up(value, places))
        exact = Decimal(scaled.numerator).scaleb(-6)
    else:
        exact = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
        if exact != exact.quantize(Decimal("0.000001")):
            return str(half_up(value, places))
    text = format(exact.normalize(), "f")
    return "0" if text in {"-0", "0"} else text
