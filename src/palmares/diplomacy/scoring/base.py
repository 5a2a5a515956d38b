"""The interface every board-scoring system implements, and what it returns.

A system sees one finished :class:`~palmares.diplomacy.board.Board` (STYLE.md, after dipvis:
the powers, their centres, elimination years, the soloist, the draw) and returns a
:class:`BoardScore`: each power's score and the intermediate values that explain it (f(sc),
raw score, rank points …), so the CLI's ``--explain`` and the web pages can say how a score came.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import Any, Generic, Literal, Protocol, TypeVar

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.board import Board

__all__ = [
    "BoardNote",
    "BoardScore",
    "Figures",
    "Kind",
    "Outcome",
    "PowerWorkings",
    "Score",
    "ScoringSystem",
    "SoloFigures",
    "SystemInfo",
    "Workings",
    "exact",
    "yes_no",
]

#: A board-scoring system's own score: exact where the rule is rational (Fraction, int), float
#: where it is not (2^(sc/4)), Decimal where the rule rounds to written places (Divide and
#: Conquer's raw scores to two decimals, shown as written: 32.40). A Decimal does not add to or
#: multiply with a Fraction or a float, so do arithmetic on :func:`exact` values
#: (:attr:`BoardScore.exact_scores`); an aggregation's results are already exact Fractions.
Score = Fraction | Decimal | float | int

Kind = Literal["rank", "draw", "centre-count", "mixed"]


@dataclass(frozen=True, slots=True)
class Workings:
    """A system's typed intermediate values for one board (a subclass per system, in its module,
    naming the seed and section: Divide and Conquer's f(sc), Σ f and raw scores). The
    explanation layer (:mod:`palmares.explain`) words them."""

    def f_sc(self, power: str) -> float | None:
        """The power's f(sc) where the system has one (Divide and Conquer), else ``None``."""
        return None


class Outcome(Enum):
    """How a soloed board ended for a power: the soloist took 18 centres (``SOLO``) or the
    board was conceded to it (``CONCESSION``); every other power ``LOST_TO_SOLO``."""

    SOLO = "solo"
    CONCESSION = "concession"
    LOST_TO_SOLO = "lost to a solo"


@dataclass(frozen=True, slots=True)
class Figures:
    """One power's figures under one system: a frozen subclass per system, in its module,
    whose fields are the rule's intermediate values (``centres``, ``place_points`` …) and whose
    docstring names the seed and section. The explanation layer words them field by field,
    a label per field name (:mod:`palmares.explain.renderers.scoring`); a field that is
    ``None`` is not said."""


@dataclass(frozen=True, slots=True)
class SoloFigures(Figures):
    """A power's figures on a soloed or conceded board: its outcome and centres, and, where the
    system pays the losers by the years they lasted, those years (``None``: not used)."""

    outcome: Outcome
    centres: int
    years_played: int | None = None
    years_survived: int | None = None


@dataclass(frozen=True, slots=True)
class BoardNote:
    """Something a system says about the whole board (a frozen subclass per remark, in the
    system's module; the explanation layer words it)."""


F = TypeVar("F", bound=Figures)


@dataclass(frozen=True, slots=True)
class PowerWorkings(Workings, Generic[F]):
    """A board under a system that explains itself power by power: each power's score and
    :class:`Figures` (board order), the soloist and how the board ended for it (``None``: no
    solo), and the system's remarks on the board."""

    scores: Mapping[str, Score]
    powers: Mapping[str, F]
    soloist: str | None = None
    outcome: Outcome | None = None
    notes: tuple[BoardNote, ...] = ()


@dataclass(frozen=True, slots=True)
class BoardScore:
    """The scores of one board under one system, with what explains each."""

    board: Board
    system: str
    scores: Mapping[str, Score]
    #: The board's nominal total when the system fixes one (Divide and Conquer: 100, even when
    #: its rounded raw scores sum to 99.99); ``None``: the board is worth the sum of its scores.
    total: Score | None = None
    #: The system's typed workings (``None``: a system that still explains itself through
    #: ``details`` and ``notes``).
    workings: Workings | None = None
    #: The total the board was rescaled to by :meth:`normalised` (``None``: not rescaled), and
    #: each power's score before.
    normalised_to: Score | None = None
    unnormalised: Mapping[str, Score] | None = None

    def __getitem__(self, power: str) -> Score:
        return self.scores[power]

    @property
    def board_total(self) -> Score:
        """What the board is worth: the nominal :attr:`total`, or the sum of the scores."""
        if self.total is not None:
            return self.total
        return sum(self.scores.values(), start=0)

    @property
    def exact_scores(self) -> dict[str, Fraction]:
        """Every power's score as an exact Fraction (:func:`exact`; a float at its binary value).

        :attr:`scores` keeps each system's own type (Divide and Conquer's rounded raw scores are
        Decimals, its unrounded ones floats), and a Decimal neither adds to nor multiplies with a
        Fraction; this view is what to add up, compare or scale.
        """
        return {p: exact(v) for p, v in self.scores.items()}

    def share(self, power: str) -> Fraction:
        """``power``'s share of the board, exactly: score / board total (0 … 1).

        This is the share of the pot the ante system pays out (seed 002, Appendix A: "Your Raw
        Score is simply the percentage of the pot you receive"). A system whose board total is
        not 100 pays score / total. A board whose scores are all 0 shares equally, so no pot
        is lost.
        """
        total = exact(self.board_total)
        if total == 0:
            return Fraction(1, len(self.scores))
        return exact(self.scores[power]) / total

    def normalised(self, total: Score = 100) -> BoardScore:
        """The same board rescaled so its scores sum to ``total`` (100 by default).

        Each score becomes ``score · total / Σ scores`` (the actual sum, so a Divide and
        Conquer board whose rounded raw scores sum to 100.03 comes out at exactly 100): a
        Fraction when the scores are exact, a float otherwise; a board whose scores are all 0
        gives everyone an equal share. The workings are kept; ``unnormalised``
        holds each power's own score.
        """
        factor_total = exact(total)
        exact_scores = self.exact_scores
        board_sum = sum(exact_scores.values(), start=Fraction(0))
        shares = {
            p: v / board_sum if board_sum else Fraction(1, len(exact_scores))
            for p, v in exact_scores.items()
        }
        inexact = any(isinstance(v, float) for v in self.scores.values())
        scores: dict[str, Score] = {
            p: float(s * factor_total) if inexact else s * factor_total for p, s in shares.items()
        }
        return BoardScore(
            board=self.board,
            system=self.system,
            scores=scores,
            total=total,
            workings=self.workings,
            normalised_to=total,
            unnormalised=dict(self.scores),
        )


def exact(value: Score) -> Fraction:
    """A score as an exact Fraction (a float is taken at its exact binary value)."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool):
        raise TypeError("a bool is not a score")
    return Fraction(value)


def yes_no(value: str) -> bool:
    """A yes/no parameter as the command line writes it (``rounded=no``)."""
    low = value.strip().lower()
    if low in {"yes", "y", "true", "t", "1", "on"}:
        return True
    if low in {"no", "n", "false", "f", "0", "off"}:
        return False
    raise PalmaresError.of(Message.of("scoring.yes_or_no", got=repr(value)))


class ScoringSystem(Protocol):
    """Anything that scores one board."""

    def score(self, board: Board) -> BoardScore: ...


@dataclass(frozen=True, slots=True)
class SystemInfo:
    """A registry entry: the stable slug, what kind of system, where its rule comes from.

    ``factory`` builds the system from keyword parameters (all optional: the published values are
    the defaults); ``parameters`` maps each parameter's name to the parser of its command-line text
    (``--system carnage:dead=tied``). ``summary`` is the one-line rule as a message (key
    ``system.<slug>.summary``), worded in English and French by the explanation layer
    (:mod:`palmares.explain.messages_systems`; issue 35); ``rule`` the
    whole rule (key ``<…>.<module>.rule``: the module's docstring, and its French).
    """

    slug: str
    name: str
    kind: Kind
    source: str
    summary: Message
    rule: Message
    factory: Callable[..., ScoringSystem]
    parameters: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)
