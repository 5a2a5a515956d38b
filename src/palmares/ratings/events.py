"""Events and placements: what the Dip Pouch rating is computed from (seed 000).

The seed's rating reads, per event, the number of players, the number of rounds, whether it is the
World Championship, its date (the pre-2001 rule) and each player's final placement. The WDD also
stores a tournament value per event that does not always follow the formula (Dip in the Ocean
2004: 18.86 for 24 players); :attr:`Event.coefficient` carries such a stored value and
:attr:`Event.players` a stored field size, both overriding what the formula would use.

Events are applied in date order; events on the same day are ordered by event id (numeric ids
numerically, then other ids as text; events without an id after those with one), then by name.
:func:`event_order_key` is that order, used by every path (the exact loop and the engine).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

__all__ = ["Event", "Placement", "Player", "Results", "event_order_key"]


@dataclass(frozen=True, slots=True)
class Player:
    """A rated player: a stable ``key`` (the WDD player id, or ``name:<normalised name>``)."""

    key: str
    name: str
    nationality: str | None = None


@dataclass(frozen=True, slots=True)
class Placement:
    """One player's final placement in an event; tied players share the best place (9, 9, 11)."""

    player: str
    rank: int
    nationality: str | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """One event: its identity, the facts the tournament value needs, and its placements.

    ``key`` is the event id when the file gives one, else the event's name. ``rounds`` ``None``
    means "more than one round" (DESIGN.md's default). ``players`` overrides N (the field size,
    default: the number of placements); ``coefficient`` overrides the tournament value formula.
    """

    key: str
    name: str
    date: date
    placements: tuple[Placement, ...]
    event_id: str | None = None
    country: str | None = None
    place: str | None = None
    rounds: int | None = None
    players: int | None = None
    world_championship: bool = False
    coefficient: Decimal | None = None

    @property
    def field_size(self) -> int:
        """N of the seed's formulas: the stored field size, else the number of placements."""
        return self.players if self.players is not None else len(self.placements)

    @property
    def one_round(self) -> bool:
        return self.rounds == 1


def event_order_key(day: date, event_id: str | None, name: str) -> tuple[int, int, int, str, str]:
    """The order events are applied in: date, then event id, then name (see module docstring)."""
    if event_id is None:
        return (day.toordinal(), 2, 0, "", name)
    if event_id.isdigit():
        return (day.toordinal(), 0, int(event_id), "", name)
    return (day.toordinal(), 1, 0, event_id, name)


@dataclass(frozen=True, slots=True)
class Results:
    """A results history: every event (in application order) and every player by key."""

    events: tuple[Event, ...]
    players: Mapping[str, Player]

    @classmethod
    def of(cls, events: list[Event] | tuple[Event, ...], players: Mapping[str, Player]) -> Results:
        """Build a history, putting the events in the order they are applied."""
        ordered = sorted(events, key=lambda e: event_order_key(e.date, e.event_id, e.name))
        keys = [e.key for e in ordered]
        if len(set(keys)) != len(keys):
            raise ValueError("two events share a key")
        return cls(events=tuple(ordered), players=dict(players))
