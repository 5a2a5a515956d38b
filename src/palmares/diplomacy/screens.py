"""What the room's screens show (issue 14): the places each player moved since the standings
after the previous round, which boards of a round have reported, and a list cut into the pages a
projector turns through.

Seed 002 ("Board Assignments") posts the board call; "Tournament Scoring" ranks the players
after every round; "Top Board" invites the seven best after the preliminary rounds. These are
pure functions of the engine's values: the site's projector pages only display them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from palmares.diplomacy.aggregation.base import Standings

__all__ = [
    "BoardStatus",
    "RoundStatus",
    "label_order",
    "pages",
    "places_moved",
    "round_status",
]

T = TypeVar("T")


def places_moved(before: Standings | None, after: Standings) -> dict[str, int | None]:
    """For every player of ``after``: the places gained since ``before`` (positive: up, e.g.
    rank 5 → rank 2 is 3; negative: down; 0: the same rank). ``None``: the player was not
    ranked in ``before`` (a first game), or there is no ``before`` (the first round)."""
    if before is None:
        return {s.player: None for s in after.players}
    was = {s.player: s.rank for s in before.players}
    return {s.player: (was[s.player] - s.rank if s.player in was else None) for s in after.players}


def label_order(label: str) -> tuple[int, str]:
    """Boards in their natural order: 1, 2, … 10 before lettered labels ("Top")."""
    return (int(label), label) if label.isdigit() else (10**6, label)


@dataclass(frozen=True, slots=True)
class BoardStatus:
    """One board of a round: its label, its players (in the order of the powers) and whether
    its result has been entered."""

    label: str
    players: tuple[str, ...]
    reported: bool


@dataclass(frozen=True, slots=True)
class RoundStatus:
    """A round's boards, reported and still playing, in board order."""

    round: int
    boards: tuple[BoardStatus, ...]

    @property
    def reported(self) -> int:
        return sum(1 for b in self.boards if b.reported)

    @property
    def playing(self) -> int:
        return len(self.boards) - self.reported

    @property
    def complete(self) -> bool:
        """Every board has reported (a round without boards is not complete)."""
        return bool(self.boards) and self.playing == 0


def round_status(
    number: int,
    called: Mapping[str, Sequence[str]],
    reported: Mapping[str, Sequence[str]] | Collection[str],
) -> RoundStatus:
    """Round ``number``'s status: ``called`` maps each board of its call to its players,
    ``reported`` the boards whose result is entered (with their players when a mapping: a board
    entered with its own seats, outside the call, is listed too)."""
    seated = dict(reported) if isinstance(reported, Mapping) else {}
    done = set(reported)
    labels = sorted(set(called) | done, key=label_order)
    return RoundStatus(
        number,
        tuple(
            BoardStatus(
                label,
                tuple(seated.get(label) or called.get(label) or ()),
                label in done,
            )
            for label in labels
        ),
    )


def pages(items: Sequence[T], size: int) -> tuple[tuple[T, ...], ...]:
    """``items`` cut into pages of ``size`` (the last one shorter); always at least one page."""
    if size < 1:
        raise ValueError(f"a page holds at least one line, got {size}")
    cut = tuple(tuple(items[i : i + size]) for i in range(0, len(items), size))
    return cut or ((),)
