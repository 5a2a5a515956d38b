"""The chaos game: recorded, never scored.

Seed 002, "Chaos Game": "A single game of Chaos Diplomacy will be run over the course of the
weekend … This game will not count as part of the overall tournament, and will not affect a
player's tournament score, though separate prizes may be awarded based on the chaos game."

Chaos Diplomacy has one player per home centre (34), so it does not fit ``boards.csv``'s seven
powers: it is recorded in its own ``chaos.csv`` (``player``, ``centres``, optional
``eliminated``). palmares lists it by centres (then the later elimination) for the separate
prizes, and never passes it to a scoring system or an aggregation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from palmares.core.message import Message
from palmares.core.ranking import tie_groups

__all__ = ["ChaosEntry", "ChaosGame"]


@dataclass(frozen=True, slots=True)
class ChaosEntry:
    player: str
    centres: int
    eliminated: int | None = None


@dataclass(frozen=True, slots=True)
class ChaosGame:
    """The chaos game's final position; :meth:`ranked` orders it for the separate prizes."""

    entries: tuple[ChaosEntry, ...]

    #: Said wherever the game is shown (the explanation layer's words).
    NOTE: ClassVar[Message] = Message.of("chaos.not_scored")

    def ranked(self) -> tuple[tuple[int, ChaosEntry], ...]:
        """(rank, entry) by centres, then by surviving longer; equal entries share a rank."""

        def key(e: ChaosEntry) -> tuple[int, int]:
            return (e.centres, e.eliminated if e.eliminated is not None else 10_000)

        ordered = sorted(self.entries, key=lambda e: e.player)
        return tuple(
            (group.rank, entry) for group in tie_groups(ordered, key=key) for entry in group.members
        )
