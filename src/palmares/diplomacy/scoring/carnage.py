"""Carnage and its variants: rank points by place plus points per centre.

Rule (Carnage): powers are placed by final centres; places 1st–7th are worth 7000, 6000, …, 1000
rank points, and powers that tie share the points of the places they span (two toppers on 10
each get (7000 + 6000) / 2 = 6500). Eliminated powers take the lowest places: with
``dead=elimination-order`` (the default) they are placed among themselves by elimination year,
later is better, and those out in the same year tie; with ``dead=tied`` they all tie for the
places left. Every power adds 1 point per final centre. A soloist scores every rank point plus
every centre, 7000 + … + 1000 + 34 = 28034, and the others 0.

- ``carnage``: as above, dead ranked by elimination year.
- ``carnage-dead-equal``: as above, dead tied (``carnage:dead=tied``).
- ``center-count-carnage``: rank points 7007, 6006, …, 1001 and 500 per centre; a soloist scores
  39028 and each other power 1000.
- ``carnage-2023``: Carnage with the dead ranked by elimination year, plus 300 points to a lone
  board topper for every centre of lead over the next power.

Sources: our spec (shared/specs/diplomacy.md, "Other board-scoring systems", boards D and S);
the Carnage description posted for webDiplomacy play (28,034 a game, 7,000 … 1,000 by place,
1 per centre, ties split, eliminations by order); dipvis (UEWBot/dipvis, game_scoring/carnage.py,
system descriptions of the four variants).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from palmares.core.message import Message
from palmares.diplomacy.board import TOTAL_CENTRES, Board
from palmares.diplomacy.scoring._shared import (
    board_score,
    choice,
    elimination_year,
    lead,
    leaders,
    rank_points,
    solo_score,
)
from palmares.diplomacy.scoring.base import BoardScore, Figures, SystemInfo
from palmares.diplomacy.scoring.registry import register

__all__ = ["CARNAGE_PLACES", "CENTRE_COUNT_PLACES", "Carnage", "CarnagePower"]

Dead = Literal["elimination-order", "tied"]

CARNAGE_PLACES: tuple[int, ...] = (7000, 6000, 5000, 4000, 3000, 2000, 1000)
CENTRE_COUNT_PLACES: tuple[int, ...] = (7007, 6006, 5005, 4004, 3003, 2002, 1001)


def placed_points(board: Board, places: tuple[int, ...], dead: Dead) -> dict[str, Fraction]:
    """Rank points by final centres, the dead placed by elimination year or all tied.

    Shared with the Duct Tape and Sydney League systems, which place the dead the same way.
    """
    if dead == "tied":
        return rank_points(board.powers, lambda p: board.centres[p], places)
    survivors = board.survivors
    out = rank_points(survivors, lambda p: board.centres[p], places[: len(survivors)])
    the_dead = [p for p in board.powers if board.centres[p] == 0]
    out.update(
        rank_points(the_dead, lambda p: elimination_year(board, p), places[len(survivors) :])
    )
    return out


@dataclass(frozen=True, slots=True)
class CarnagePower(Figures):
    """One power under Carnage (spec "Other board-scoring systems"; dipvis carnage.py): its
    final centres, the rank points of its place (ties split), its points for centres, and,
    under Carnage 2023, the bonus for a lone topper's lead (``None`` in the other variants)."""

    centres: int
    place_points: Fraction
    centre_points: int
    lead_bonus: int | None = None


@dataclass(frozen=True, slots=True)
class Carnage:
    dead: Dead = "elimination-order"
    places: tuple[int, ...] = CARNAGE_PLACES
    per_centre: int = 1
    solo: int | None = None  # None: every rank point plus every centre
    lost_to_solo: int = 0
    lead_bonus: int = 0
    slug: str = "carnage"

    def score(self, board: Board) -> BoardScore:
        soloist = board.soloist
        if soloist is not None:
            solo = self.solo
            if solo is None:
                solo = sum(self.places) + self.per_centre * TOTAL_CENTRES
            return solo_score(board, self.slug, soloist, solo, lambda _p: self.lost_to_solo)
        place = placed_points(board, self.places, self.dead)
        tops = leaders(board)
        bonus = self.lead_bonus * lead(board) if len(tops) == 1 else 0
        scores: dict[str, Fraction] = {}
        powers: dict[str, CarnagePower] = {}
        for p in board.powers:
            centre_points = self.per_centre * board.centres[p]
            lead_points = bonus if p in tops else 0
            scores[p] = place[p] + centre_points + lead_points
            powers[p] = CarnagePower(
                centres=board.centres[p],
                place_points=place[p],
                centre_points=centre_points,
                lead_bonus=lead_points if self.lead_bonus else None,
            )
        return board_score(board, self.slug, scores, powers)


_DEAD = {"dead": choice("elimination-order", "tied")}
_SOURCE = "spec 'Other board-scoring systems'; dipvis game_scoring/carnage.py"


def _carnage(dead: Dead = "elimination-order") -> Carnage:
    return Carnage(dead=dead, slug="carnage")


def _carnage_dead_equal(dead: Dead = "tied") -> Carnage:
    return Carnage(dead=dead, slug="carnage-dead-equal")


def _centre_count(dead: Dead = "elimination-order") -> Carnage:
    return Carnage(
        dead=dead,
        places=CENTRE_COUNT_PLACES,
        per_centre=500,
        solo=39028,
        lost_to_solo=1000,
        slug="center-count-carnage",
    )


def _carnage_2023(dead: Dead = "elimination-order") -> Carnage:
    return Carnage(dead=dead, lead_bonus=300, slug="carnage-2023")


register(
    SystemInfo(
        slug="carnage",
        name="Carnage (dead ranked by elimination)",
        kind="rank",
        source=_SOURCE,
        summary=Message.of("system.carnage.summary"),
        rule=Message.of("system.carnage.rule"),
        factory=_carnage,
        parameters=_DEAD,
    )
)
register(
    SystemInfo(
        slug="carnage-dead-equal",
        name="Carnage (dead tied)",
        kind="rank",
        source=_SOURCE,
        summary=Message.of("system.carnage-dead-equal.summary"),
        rule=Message.of("system.carnage.rule"),
        factory=_carnage_dead_equal,
        parameters=_DEAD,
    )
)
register(
    SystemInfo(
        slug="center-count-carnage",
        name="Center-count Carnage",
        kind="mixed",
        source=_SOURCE,
        summary=Message.of("system.center-count-carnage.summary"),
        rule=Message.of("system.carnage.rule"),
        factory=_centre_count,
        parameters=_DEAD,
    )
)
register(
    SystemInfo(
        slug="carnage-2023",
        name="Carnage 2023",
        kind="mixed",
        source="dipvis game_scoring/carnage.py ('Carnage 2023')",
        summary=Message.of("system.carnage-2023.summary"),
        rule=Message.of("system.carnage.rule"),
        factory=_carnage_2023,
        parameters=_DEAD,
    )
)
