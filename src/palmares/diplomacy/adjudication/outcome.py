"""What a phase's adjudication gives (every order's ruling, the dislodged units, the next
position) and the step to the next phase (:func:`advance`; centres change hands after the fall).

The movement, retreat and adjustment modules build these; :mod:`.phases` picks the module the
phase needs, so none of them imports another (no cycle).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from palmares.core.message import Message, english
from palmares.diplomacy.adjudication.board_map import GameMap, province_of
from palmares.diplomacy.adjudication.orders import Order, Unit
from palmares.diplomacy.adjudication.position import Dislodged, Position

__all__ = ["OrderResult", "PhaseResult", "advance", "result_rows"]


@dataclass(frozen=True, slots=True)
class OrderResult:
    """One order's ruling: ``valid`` (and if not, which rule: ``reason``), ``succeeds`` and
    why. ``order`` is ``None`` for a unit that had no order (NMR): it holds; or for a unit
    removed in civil disorder. ``said`` is the reason as a typed message, which the explanation
    layer tells in the reader's language (the CLI's ``--language``, the ruling and chaos pages);
    ``reason`` its English, for a log and the rows a chaos game's turn stores. ``unit`` is the
    unit a ruling without an order is about (the NMR unit, the unit removed in civil disorder)."""

    order: Order | None
    power: str
    parsed: str
    valid: bool
    succeeds: bool
    text: str
    said: Message | None = None
    unit: Unit | None = None

    @property
    def reason(self) -> str:
        """Why, in English (:func:`~palmares.core.message.english`)."""
        return self.text if self.said is None else english(self.said)

    @classmethod
    def of(
        cls,
        order: Order | None,
        power: str,
        parsed: str,
        valid: bool,
        succeeds: bool,
        said: Message,
        unit: Unit | None = None,
    ) -> OrderResult:
        """The ruling whose reason is ``said``."""
        return cls(order, power, parsed, valid, succeeds, "", said, unit)


@dataclass(frozen=True, slots=True)
class PhaseResult:
    position: Position
    results: tuple[OrderResult, ...]
    dislodged: tuple[Dislodged, ...]
    next_position: Position


def advance(position: Position, gmap: GameMap) -> Position:
    """The next phase to play after ``position`` (a retreat phase with nothing to retreat, or an
    adjustment with nothing to adjust, is passed over only when it is a retreat phase)."""
    if position.phase == "retreat":
        if position.dislodged:
            return position
        if position.season == "spring":
            return replace(position, season="fall", phase="movement", standoffs=frozenset())
        centres = _take_centres(position, gmap)
        return replace(
            position, season="winter", phase="adjustment", centres=centres, standoffs=frozenset()
        )
    if position.phase == "adjustment":
        return replace(
            position, year=position.year + 1, season="spring", phase="movement", dislodged=()
        )
    return position


def _take_centres(position: Position, gmap: GameMap) -> dict[str, tuple[str, ...]]:
    """After the fall: each supply centre with a unit in it belongs to that unit's power."""
    owner = {c: p for p, cs in position.centres.items() for c in cs}
    for u in position.units:
        prov = province_of(u.location)
        if prov in gmap.supply_centres:
            owner[prov] = u.power
    out: dict[str, list[str]] = {p: [] for p in position.all_powers()}
    for c, p in owner.items():
        out.setdefault(p, []).append(c)
    return {p: tuple(sorted(cs)) for p, cs in out.items()}


def result_rows(result: PhaseResult) -> list[dict[str, object]]:
    """Each order's ruling as a row (line, power, text, parsed, valid, succeeds, reason): what
    the CLI prints, the ruling page shows and a chaos game's turn stores."""
    return [
        {
            "line": r.order.line if r.order else None,
            "power": r.power,
            "text": r.order.text if r.order else "",
            "parsed": r.parsed,
            "valid": r.valid,
            "succeeds": r.succeeds,
            "reason": r.reason,
            "said": r.said.to_json() if r.said is not None else None,
        }
        for r in result.results
    ]
