"""The values of the last round's outlook (issue 38): a verdict (clinched, possible, out, or
not computed, each with its reason as a :class:`~palmares.core.message.Message`), a board of the
final round as the outlook reads it, and a player's outlook. The reasoning is in :mod:`.places`,
:mod:`.awards` and :mod:`.teams`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.board import Board

__all__ = ["FinalBoard", "Outlook", "PlayerOutlook", "Status", "Verdict", "unsupported"]


class Status(StrEnum):
    CLINCHED = "clinched"
    POSSIBLE = "possible"
    OUT = "out"
    #: Only where the exact reasoning does not hold (the team championship): said why, never
    #: guessed.
    NOT_COMPUTED = "not_computed"


@dataclass(frozen=True, slots=True)
class Verdict:
    status: Status
    because: Message


@dataclass(frozen=True, slots=True)
class FinalBoard:
    """A board of the final round: its seats (power, player), whether it is the top board, and
    its result once reported."""

    label: str
    seats: tuple[tuple[str, str], ...]
    top: bool = False
    result: Board | None = None


@dataclass(frozen=True, slots=True)
class PlayerOutlook:
    """One player's outlook: the place before the final round, the worst and best final places,
    and the verdicts."""

    player: str
    place: int
    score: Fraction
    #: Their board of the final round (a two-boarder's two, "1 + 2"); ``None``: sitting out.
    board: str | None
    worst: int
    best: int
    championship: Verdict
    places: tuple[tuple[int, Verdict], ...]
    #: The fewest centres on their own board that clinch each place (1: the title), when asked
    #: for (``centres_for``) and their one board is still free, and no two free boards are
    #: linked by a two-boarder (:mod:`.two_boards`); ``None``: no count clinches it.
    centres: tuple[tuple[int, int | None], ...] = ()
    #: The same with the board's other powers as entered so far in a report from the table
    #: (``entered``); empty when nothing is entered for their board.
    centres_entered: tuple[tuple[int, int | None], ...] = ()


@dataclass(frozen=True, slots=True)
class Outlook:
    """Every player's outlook, or the reason it cannot be computed."""

    players: tuple[PlayerOutlook, ...]
    reason: Message | None = None


def unsupported(reason: Message) -> Outlook:
    return Outlook((), reason)
