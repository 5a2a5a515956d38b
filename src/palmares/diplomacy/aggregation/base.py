"""The interface every tournament aggregation implements, and what it returns.

An aggregation turns the boards a tournament played into standings (seed 002, "Tournament
Scoring": board scores are aggregated across rounds; the 2007 WDC uses the ante system, other
tournaments add rounds up, keep the best N …). Its input is the played boards and one
board-scoring system; its output is :class:`Standings`: one :class:`Standing` per player with the
score, the games played, the score after each round, and the :class:`Line` s that explain every
step in words (DESIGN.md: "Every computed figure can explain itself").

A new aggregation is one module in this package that defines a class with an ``aggregate``
method and calls :func:`~palmares.diplomacy.aggregation.registry.register`. The helpers here
(:func:`score_boards`, :func:`rank_standings`) do the parts every one shares.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt

from palmares.core.message import Message
from palmares.core.ranking import tie_groups
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import BoardScore, Score, ScoringSystem, exact

__all__ = [
    "ROUND_COLUMNS",
    "Absent",
    "Account",
    "Aggregation",
    "AggregationInfo",
    "BoardKey",
    "Figure",
    "Line",
    "Note",
    "RoundFigures",
    "ScaledColumn",
    "Standing",
    "Standings",
    "Step",
    "TiesBrokenBy",
    "UnitSource",
    "rank_standings",
    "score_boards",
    "who_played",
]

S = TypeVar("S", bound="Step")

#: A board of a tournament: (round, board id).
BoardKey = tuple[int, str]

#: An aggregation's own intermediate value (in a :class:`Step`): exact, a Fraction (a stake, a
#: pot, a weight) or a whole count (a round rank, the games assumed lost). Unlike a board
#: system's :data:`~palmares.diplomacy.scoring.base.Score` it is never a Decimal or a float, so
#: callers can do arithmetic on it.
Figure = Fraction | int


@dataclass(frozen=True, slots=True)
class Step:
    """The typed intermediate values of one :class:`Line`: a subclass per rule, defined in the
    rule's module with the seed and section it comes from (the ante's
    :class:`~palmares.diplomacy.aggregation.ante.AnteGame`: stake, pot, share). The explanation
    layer (:mod:`palmares.explain`) words them; the core writes no sentence.

    The three methods are what the per-round columns (:data:`ROUND_COLUMNS`) read; a rule's
    step overrides those it has."""

    def staked(self) -> Fraction | None:
        """What the player staked in this game (the ante), else ``None``."""
        return None

    def weight(self) -> Fraction | None:
        """The weight this game or round counts with in the final total, else ``None``."""
        return None

    def round_rank(self) -> tuple[int, Fraction | None] | None:
        """The round rank and round score (``None``: did not play), else ``None``."""
        return None


@dataclass(frozen=True, slots=True)
class Absent(Step):
    """A round the player did not play (any aggregation): the score stays as it was."""


@dataclass(frozen=True, slots=True)
class Note:
    """A typed remark on the standings as a whole (a subclass per rule: the best N games count,
    a tie broken …), worded by the explanation layer."""


@dataclass(frozen=True, slots=True)
class TiesBrokenBy(Note):
    """The declared tie-break chain (``tiebreak=best-game/centres``), in order."""

    chain: tuple[str, ...]


#: The per-round figures an aggregation may declare (:attr:`Standings.round_columns`); the words
#: layer names them (`explain.messages_columns.ROUND_WORDS`). CSV/JSON name them ``r{N}_{name}``.
ROUND_COLUMNS: tuple[str, ...] = (
    "stake",  # the ante: the stakes put into the round's pots
    "pot_share",  # the ante: what the round's pots paid back
    "points",  # the board score(s) earned in the round
    "round_score",  # round ranks: the round's best board score
    "rank",  # round ranks: the rank in the round (a missed round: below all)
    # weight × board score: what the round's games add to the *final* total (the score after a
    # round is the aggregation applied to the games so far, so it may count a game in full that
    # the final total weighs less or drops)
    "weighted",
    "counted",  # yes / no (a two-boarder's round: yes+no)
    "bonus",  # points credited for a round sat out
    "score",  # the tournament score after the round
)


@dataclass(frozen=True, slots=True)
class Line:
    """One step of a player's path through a tournament, with its typed intermediate values.

    ``kind`` says what the step is: ``"game"`` (a board played), ``"absent"`` (a round sat
    out), ``"adjustment"`` (a rule applied between rounds, as the ante's fewer-games
    adjustment). ``before``/``after`` are the player's tournament score around this step.
    For a game: the board, power, centres, the board-scoring system's score for the seat
    (``board_score``) and ``points``: what the game brought in (the ante: the take from the pot;
    a sum of rounds: the board score). ``step`` holds the rule's own intermediate values as a
    typed :class:`Step` (the ante's ``AnteGame``: stake, pot, share; the counting aggregations'
    ``CountedGame``: the weight; round ranks' ``RoundRank``), which :meth:`Standing.round_value`
    reads and :func:`palmares.explain.explain` words. Only the ante's games pay out of a pot
    (``isinstance(line.step, AnteGame)``: the payout of best country, the champion's words).
    """

    round: int
    kind: str
    before: Fraction
    after: Fraction
    step: Step
    board: str | None = None
    power: str | None = None
    centres: int | None = None
    #: The board-scoring system's own score, as the system gives it (a :data:`Score`: Divide and
    #: Conquer's rounded raw scores are Decimals); everything the aggregation computes is exact.
    board_score: Score | None = None
    points: Fraction | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's standing: rank, score, games played and the path that explains it.

    The score and the scores after each round are exact Fractions, whatever the board-scoring
    system gives (an aggregation takes every board score through ``exact``), so they add,
    subtract and compare with each other and with a Fraction.
    """

    player: str
    score: Fraction
    games: int
    #: A tuple, or (the ante on a large archive, issue 33) a sequence that builds its lines
    #: when they are read (:class:`~palmares.diplomacy.aggregation.ante_ledger_views.LedgerLines`).
    lines: Sequence[Line]
    #: The score after each round of the tournament (adjustments applied after it included).
    after: Mapping[int, Fraction]
    rank: int = 0

    def games_in(self, round_number: int) -> tuple[Line, ...]:
        return tuple(x for x in self.lines if x.round == round_number and x.kind == "game")

    def steps_in(self, round_number: int, kind: type[S]) -> list[S]:
        """The steps of type ``kind`` of the lines of a round (the ante's games' ``AnteGame``)."""
        return [x.step for x in self.lines if x.round == round_number and isinstance(x.step, kind)]

    def points_in(self, round_number: int) -> Fraction | None:
        """What the games of a round brought in (the ante: the pot shares taken)."""
        games = self.games_in(round_number)
        if not games:
            return None
        return sum((exact(x.points or 0) for x in games), start=Fraction(0))

    def round_value(self, round_number: int, name: str) -> Score | str | None:
        """One per-round figure named in :data:`ROUND_COLUMNS`; ``None`` where the round has
        nothing to show (no game, no bonus)."""
        return self.round_values(round_number, (name,))[0]

    def round_values(
        self,
        round_number: int,
        names: Sequence[str],
        lines_of_round: Sequence[Line] | None = None,
    ) -> tuple[Score | str | None, ...]:
        """The per-round figures ``names`` of one round, its lines read once (issue 33: an
        archive of a hundred rounds read every player's lines once per round and figure);
        ``lines_of_round``: the round's lines, when the caller has grouped them already."""
        if lines_of_round is None:
            lines = [x for x in self.lines if x.round == round_number]
        else:
            lines = list(lines_of_round)
        games = [x for x in lines if x.kind == "game"]
        return tuple(self._value(round_number, name, lines, games) for name in names)

    def _value(
        self, round_number: int, name: str, lines: list[Line], games: list[Line]
    ) -> Score | str | None:
        if name == "score":
            return self.after.get(round_number)
        if name == "stake":
            stakes = [v for v in (x.step.staked() for x in games) if v is not None]
            return sum(stakes, start=Fraction(0)) if stakes else None
        if name in {"pot_share", "weighted"}:
            if not games:
                return None
            return sum((exact(x.points or 0) for x in games), start=Fraction(0))
        if name == "points":
            if not games or any(x.board_score is None for x in games):
                return None
            return sum((exact(x.board_score or 0) for x in games), start=Fraction(0))
        if name == "bonus":
            bonus = [exact(x.points or 0) for x in lines if x.kind == "sit-out"]
            return sum(bonus, start=Fraction(0)) if bonus else None
        if name in {"round_score", "rank"}:
            found = [v for v in (x.step.round_rank() for x in lines) if v is not None]
            if not found:
                return None
            return found[0][0] if name == "rank" else found[0][1]
        if name == "counted":
            weights = [w for w in (x.step.weight() for x in lines) if w is not None]
            if not weights:
                return None
            return "+".join("yes" if w else "no" for w in weights)
        raise KeyError(name)

    @property
    def adjustment(self) -> Fraction | None:
        """The net change made by adjustment steps (the ante's fewer-games rule), if any."""
        steps = [x for x in self.lines if x.kind == "adjustment"]
        if not steps:
            return None
        return sum((exact(x.after) - exact(x.before) for x in steps), start=Fraction(0))

    def score_after(self, round_number: int) -> Fraction:
        """The score after ``round_number`` (the last earlier one if the round was missing)."""
        known = [r for r in self.after if r <= round_number]
        if not known:
            return self.lines[0].before if self.lines else Fraction(0)
        return self.after[max(known)]

    def score_before(self, round_number: int) -> Fraction:
        """The score going into ``round_number``: the score after the last earlier round."""
        known = [r for r in self.after if r < round_number]
        if known:
            return self.after[max(known)]
        for line in self.lines:
            if line.round >= round_number:
                return line.before
        return self.score


@dataclass(frozen=True, slots=True, eq=False)
class Nearest:
    """The nearest float of each figure of a column, where it was proven without dividing the
    exact figure (issue 33: :mod:`.ante_floats`): ``state`` 1 — ``floats[k]`` is that float and
    the figure is not a whole number; 2 — no figure (``None``); 0 — work it out exactly."""

    floats: npt.NDArray[np.float64]
    state: npt.NDArray[np.int8]


@dataclass(frozen=True, slots=True, eq=False)
class ScaledColumn:
    """Exact figures as whole numbers of a decimal unit: figure k is ``units[k]`` ·
    10^−``places`` (``None``: nothing to show). Every figure of the ante under Divide and
    Conquer is a terminating decimal (seed 002, Appendix A: 100 points, 10 % stakes, raw scores
    of two decimals), so a column of them needs no Fraction per figure (issue 33)."""

    units: Sequence[int | None] | npt.NDArray[np.object_] | UnitSource
    places: int
    #: The figures' nearest floats where they are known without a division (``None``: none).
    nearest: Nearest | None = None

    def pick(self, indices: npt.NDArray[np.int64]) -> list[int | None]:
        """The figures ``indices`` (in that order), as whole numbers of the unit."""
        units = self.units
        if isinstance(units, UnitSource | np.ndarray):
            picked: list[int | None] = units.take(indices).tolist()
            return picked
        return [units[k] for k in indices.tolist()]

    def value(self, k: int) -> Fraction | None:
        """Figure ``k`` as a Fraction."""
        unit = self.pick(np.array([k], dtype=np.int64))[0]
        return None if unit is None else Fraction(unit, 10**self.places)


@runtime_checkable
class UnitSource(Protocol):
    """A column of whole numbers worked out for the figures asked (the ante's stakes and pot
    shares from the scores around the round), so that a column is never held whole."""

    def take(self, indices: npt.NDArray[np.int64]) -> npt.NDArray[np.object_]: ...


class RoundFigures(Protocol):
    """The per-round figures (:data:`ROUND_COLUMNS`) of every player as exact columns, for the
    aggregations that keep them so (the ante's ledger, issue 33): ``players`` in the ledger's
    order, :meth:`column` the figure ``name`` of round ``round_number`` for each of them, and
    :meth:`adjustment` the net change of each one's adjustment steps (``None``: none). The same
    values as :meth:`Standing.round_value` and :attr:`Standing.adjustment`, without a Line."""

    @property
    def players(self) -> Sequence[str]: ...

    def column(self, round_number: int, name: str) -> ScaledColumn: ...

    def adjustment(self) -> ScaledColumn: ...


@dataclass(frozen=True, slots=True)
class Standings:
    """Every player's standing, best first, and the board scores they came from."""

    aggregation: str
    system: str
    rounds: tuple[int, ...]
    players: tuple[Standing, ...]
    board_scores: Mapping[BoardKey, BoardScore]
    notes: tuple[Note, ...] = ()
    #: True when the lowest score is best (a sum of round ranks); ``players`` is still best first.
    low_is_best: bool = False
    #: The figures shown per round (names of :data:`ROUND_COLUMNS`), as the aggregation has them:
    #: the ante ``stake, pot_share, score``; a sum of rounds ``points, score`` …
    round_columns: tuple[str, ...] = ("points", "score")
    #: The same per-round figures as exact columns, where the aggregation keeps them so (the
    #: ante's ledger); ``None``: read them from the lines.
    figures: RoundFigures | None = field(default=None, compare=False, repr=False)

    def order_key(self, score: Score) -> Fraction:
        """A sort key that puts the better score first (the lower one when low is best). Every
        consumer of scores (invitations, champion, places, teams) compares through it."""
        value = exact(score)
        return value if self.low_is_best else -value

    def ranked(self, scores: Mapping[str, Score]) -> dict[str, int]:
        """Competition ranks (1, 2, 2, 4) of players by ``scores``, in this standings' order."""
        groups = tie_groups(
            sorted(scores), key=lambda p: exact(scores[p]), descending=not self.low_is_best
        )
        return {p: g.rank for g in groups for p in g.members}

    def of(self, player: str) -> Standing:
        for standing in self.players:
            if standing.player == player:
                return standing
        raise KeyError(player)

    def __contains__(self, player: object) -> bool:
        return any(s.player == player for s in self.players)

    def account(self, player: str) -> Account:
        """``player``'s path through these standings, to be told step by step."""
        return Account(self.aggregation, self.system, len(self.players), self.of(player))


@dataclass(frozen=True, slots=True)
class Account:
    """One player's standing with what its explanation names: the aggregation and board system
    (slugs) and how many players are ranked."""

    aggregation: str
    system: str
    players: int
    standing: Standing


class Aggregation(Protocol):
    """Anything that turns played boards into standings under a board-scoring system."""

    def aggregate(
        self,
        boards: Sequence[PlayedBoard],
        system: ScoringSystem,
        *,
        entrants: Sequence[str] = (),
    ) -> Standings:
        """The standings of ``boards`` under ``system``. ``entrants`` are players of the
        tournament who have no game yet (a round sat out, a late arrival's first round): each is
        ranked too, at the aggregation's score for no game (the ante's start, 100; a sum, 0)."""
        ...


@dataclass(frozen=True, slots=True)
class AggregationInfo:
    """A registry entry: stable slug, display name, source, and how to build it.

    ``factory`` builds the aggregation from keyword parameters (the seed's values are the
    defaults); ``parameters`` maps each parameter's name to the parser of its command-line text
    (``--aggregation ante:stake=0.2``). ``summary`` is the one-line rule as a message (key
    ``aggregation.<slug>.summary``), worded in English and French by the explanation layer
    (:mod:`palmares.explain.messages_systems`; issue 35); ``rule`` the
    whole rule (key ``<…>.<module>.rule``: the module's docstring, and its French).
    """

    slug: str
    name: str
    source: str
    summary: Message
    rule: Message
    factory: Callable[..., Aggregation]
    parameters: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)


def score_boards(
    boards: Iterable[PlayedBoard], system: ScoringSystem
) -> dict[BoardKey, BoardScore]:
    """Score every board once with ``system``."""
    return {(b.round, b.board): system.score(b.result()) for b in boards}


def rank_standings(
    standings: Iterable[Standing], key: Callable[[Standing], Any] | None = None
) -> tuple[Standing, ...]:
    """Rank by score, best first, competition style (1, 2, 2, 4); ties listed by name.
    ``key``: a sort key in the scores' order (the ante's ledger: its whole numbers of one unit,
    which compare faster than Fractions of 500 digits)."""
    ordered = sorted(standings, key=lambda s: s.player)
    ranked: list[Standing] = []
    for group in tie_groups(ordered, key=key or (lambda s: s.score)):
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


def who_played(standings: Standings) -> Standings:
    """The standings of the players who played at least one game, ranks counted among them
    (a tie, a tie-break kept): what prizes, top-board invitations and a filed classification
    rank. A player who sat out every round is in the standings (at the aggregation's score for
    no game) but wins nothing and is filed nowhere (seed 002, "Prizes": awards "may be
    restricted to players who play a minimum number of games")."""
    kept = [s for s in standings.players if s.games > 0]
    if len(kept) == len(standings.players):
        return standings
    ranked = [replace(s, rank=1 + sum(1 for o in kept if o.rank < s.rank)) for s in kept]
    return replace(standings, players=tuple(ranked))


def players_in_order(boards: Sequence[PlayedBoard], entrants: Sequence[str] = ()) -> list[str]:
    """Every player who sat at a board, in order of first appearance, then the ``entrants``
    who sat at none (the tournament's players with no game yet), in their order."""
    seen: dict[str, None] = {}
    for board in sorted(boards, key=lambda b: b.round):
        for player in board.players:
            seen.setdefault(player, None)
    for player in entrants:
        seen.setdefault(player, None)
    return list(seen)
