"""Orders as a player writes them, once read: what each line of ``orders.txt`` asks for.

Issue 17, "Formats": one order a line, ``Power: order``. An :class:`Order` keeps what was
written (the unit type if given, the coasts if given) so that the rule set decides what is
superfluous (seed 002, "Order Writing and Format": "Fleet"/"Army" and most coasts are
superfluous) and what is needed (coastal builds, the listed fleet moves to Spain and Bulgaria).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from palmares.core.message import Message

__all__ = ["Order", "OrderKind", "Unit", "UnitType"]


class UnitType(enum.StrEnum):
    ARMY = "A"
    FLEET = "F"


class OrderKind(enum.StrEnum):
    HOLD = "hold"
    MOVE = "move"
    SUPPORT = "support"
    CONVOY = "convoy"
    RETREAT = "retreat"
    DISBAND = "disband"
    BUILD = "build"
    REMOVE = "remove"
    WAIVE = "waive"


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board: its power, its type and its location (``"spa/nc"`` for a fleet on a
    coast)."""

    power: str
    type: UnitType
    location: str

    def __str__(self) -> str:
        return f"{self.type.value} {self.location.upper()}"


@dataclass(frozen=True, slots=True)
class Order:
    """One order as read.

    ``location`` is the ordered unit's location as written (a province, or province/coast);
    ``target`` the destination of a move, retreat, supported move or convoyed army;
    ``subject`` the location of the supported or convoyed unit (``None`` otherwise), with
    ``subject_type`` as written. ``unit_type`` is ``None`` when the order names none.
    ``problem`` is set when the line names an order but it cannot be read unambiguously: the
    order is then invalid for that reason (seed 002: "Any order that can have multiple,
    reasonable meanings is considered invalid").
    """

    line: int
    text: str
    power: str
    kind: OrderKind
    unit_type: UnitType | None = None
    location: str | None = None
    target: str | None = None
    subject: str | None = None
    subject_type: UnitType | None = None
    via_convoy: bool = False
    problem: Message | None = None

    def describe(self) -> str:
        """The order in the usual short notation (``F MAO - SPA/SC``)."""

        def loc(x: str | None) -> str:
            return x.upper() if x else "?"

        ut = f"{self.unit_type.value} " if self.unit_type else ""
        st = f"{self.subject_type.value} " if self.subject_type else ""
        k = self.kind
        if k is OrderKind.WAIVE:
            return "waive"
        if k is OrderKind.BUILD:
            return f"build {ut}{loc(self.location)}"
        if k is OrderKind.REMOVE:
            return f"remove {ut}{loc(self.location)}"
        head = f"{ut}{loc(self.location)}"
        if k is OrderKind.HOLD:
            return f"{head} H"
        if k is OrderKind.DISBAND:
            return f"{head} disband"
        if k in (OrderKind.MOVE, OrderKind.RETREAT):
            arrow = "-" if k is OrderKind.MOVE else "R"
            via = " via convoy" if self.via_convoy else ""
            return f"{head} {arrow} {loc(self.target)}{via}"
        if k is OrderKind.SUPPORT:
            if self.target is None:
                return f"{head} S {st}{loc(self.subject)}"
            return f"{head} S {st}{loc(self.subject)} - {loc(self.target)}"
        return f"{head} C {st}{loc(self.subject)} - {loc(self.target)}"
