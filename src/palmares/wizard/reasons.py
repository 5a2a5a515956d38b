"""Why master points were awarded, as typed values (seed 004; specs/wizard.md). The words are the
explanation layer's (``palmares.explain.renderers.wizard``).

- :class:`PlaceShare`: a place's master points, shared by tied players: the average of the
  places the tie spans (seed 004, TRIAD: "If 2 players tie for first each player will receive
  half of 3+2 points. (2.5 points)"; "Top 10": ties share, specs/wizard.md), kept or rounded;
- :class:`TopTenReason`: a place in a month's Top 10 ("Top 10 ... 1st 30 Master Points"), or
  from 2021-02-01 of the S.R. or W.P. Top 10 (``list``);
- :class:`TournamentPlaceReason`: a tournament place ("Revised TOURNAMENT SCORING Nov.2010");
- :class:`TriadReason`: a place in the 3-handed TRIAD game (seed 004, "TRIAD");
- :class:`WPReason`: the best W.P. of a bracket, or an award passed down to it ("A must be
  higher than B and B higher than C to receive M.P. If not MP are forfeited to next higher WP"),
  each comparison that passed it down a :class:`NotHigher`.

Public API: the classes above and :data:`AwardReason`, their union.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from palmares.wizard.rules import Bracket

__all__ = [
    "AwardReason",
    "ListKind",
    "NotHigher",
    "PlaceShare",
    "Rounding",
    "TopTenReason",
    "TournamentPlaceReason",
    "TriadReason",
    "WPReason",
]

Rounding = Literal["half-up", "up"]
ListKind = Literal["top-10", "sr-top-10", "wp-top-10"]


@dataclass(frozen=True, slots=True)
class PlaceShare:
    """The master points of ``place`` for each of ``size`` tied players: the average of
    ``parts`` (the values of the places counted; 0 past the table), ``exact``, and ``paid`` once
    rounded as the rule set says (``rounding``; equal to ``exact`` when fractions are kept).
    ``parts`` has fewer entries than ``size`` when only the paid places count (a tie that
    straddles the table's end under ``straddle="paid"``)."""

    place: int
    size: int
    parts: tuple[Fraction, ...]
    exact: Fraction
    paid: Fraction
    rounding: Rounding = "half-up"

    @property
    def shared(self) -> bool:
        return self.size > 1

    @property
    def only_paid_places(self) -> bool:
        return len(self.parts) < self.size

    @property
    def rounded(self) -> bool:
        return self.paid != self.exact


@dataclass(frozen=True, slots=True)
class TopTenReason:
    """A place in a month's list (``top-10``: the number ranking; ``sr-top-10``, ``wp-top-10``:
    the Skill Ratio and W.P. lists of 2021-02-01)."""

    list: ListKind
    share: PlaceShare


@dataclass(frozen=True, slots=True)
class TournamentPlaceReason:
    """A place in a tournament of ``field`` players."""

    field: int
    share: PlaceShare


@dataclass(frozen=True, slots=True)
class TriadReason:
    """A place in the TRIAD's 3-handed game; ``substitute``: seated as the 4th-placed player."""

    share: PlaceShare
    substitute: bool = False


@dataclass(frozen=True, slots=True)
class NotHigher:
    """Why an award was not paid in ``bracket``: its best W.P. is not higher than the best of
    the next bracket that has players."""

    bracket: Bracket
    best: Fraction
    following: Bracket
    following_best: Fraction


@dataclass(frozen=True, slots=True)
class WPReason:
    """The best W.P. (``best``) of ``bracket``: its own award (``origin`` is ``bracket``) or one
    passed down from ``origin`` (``passed``: the comparisons that passed it), ``award`` shared
    by ``shared_by`` players: ``exact``, ``paid`` once rounded."""

    bracket: Bracket
    best: Fraction
    origin: Bracket
    passed: tuple[NotHigher, ...]
    award: int
    shared_by: int
    exact: Fraction
    paid: Fraction

    @property
    def passed_down(self) -> bool:
        return self.origin != self.bracket


AwardReason = TopTenReason | TournamentPlaceReason | TriadReason | WPReason
