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
from fractions import Fraction
from typing import Any, Literal, Protocol

from palmares.diplomacy.board import Board

__all__ = ["BoardScore", "Kind", "Score", "ScoringSystem", "SystemInfo"]

#: Exact where the rule is rational (Fraction), float where it is not (2^(sc/4)).
Score = Fraction | Decimal | float | int

Kind = Literal["rank", "draw", "centre-count", "mixed"]


@dataclass(frozen=True, slots=True)
class BoardScore:
    """The scores of one board under one system, with what explains each."""

    board: Board
    system: str
    scores: Mapping[str, Score]
    details: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    def __getitem__(self, power: str) -> Score:
        return self.scores[power]


class ScoringSystem(Protocol):
    """Anything that scores one board."""

    def score(self, board: Board) -> BoardScore: ...


@dataclass(frozen=True, slots=True)
class SystemInfo:
    """A registry entry: the stable slug, what kind of system, where its rule comes from.

    ``factory`` builds the system from keyword parameters (all optional: the published values are
    the defaults); ``parameters`` maps each parameter's name to the parser of its command-line text
    (``--system carnage:dead=tied``).
    """

    slug: str
    name: str
    kind: Kind
    source: str
    summary: str
    rule: str
    factory: Callable[..., ScoringSystem]
    parameters: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)
