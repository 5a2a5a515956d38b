"""The retreat phase: each dislodged unit retreats or is disbanded (rulebook "Retreats"; DATC
6.H).

A unit may retreat only to a province it could move to by itself (never by convoy, DATC
6.H.9–6.H.11), that is empty after the movement, that was not left empty by a bounce
(a *standoff*, DATC 6.H.6), and that is not the province its attacker came from — unless the
attacker was convoyed (DATC 6.H.11, 6.H.12). Two units retreating to the same province are both
disbanded (DATC 6.H.13); a dislodged unit with no order, or an invalid one, is disbanded.
Supports and other orders have no place in a retreat phase (DATC 6.H.1, 6.H.2).
"""

from __future__ import annotations

from dataclasses import replace

from palmares.diplomacy.adjudication.board_map import GameMap, province_of
from palmares.diplomacy.adjudication.orders import Order, OrderKind, UnitType
from palmares.diplomacy.adjudication.outcome import OrderResult, PhaseResult, advance
from palmares.diplomacy.adjudication.position import Dislodged, Position
from palmares.diplomacy.adjudication.rulings import fleet_destination

__all__ = ["retreat"]


def _rule(
    o: Order, d: Dislodged, occupied: set[str], position: Position, gmap: GameMap, rules: str
) -> tuple[str | None, str | None]:
    """(destination, None) for a valid retreat, (None, why) otherwise."""
    assert o.target is not None
    u = d.unit
    dest = province_of(o.target)
    if u.type is UnitType.FLEET:
        loc, why = fleet_destination(gmap, u.location, o.target, rules)
        if loc is None:
            return None, why
    else:
        if not gmap.army_can_stand(dest):
            return None, "an army cannot retreat to a sea province"
        if not gmap.army_adjacent(u.location, dest):
            here = province_of(u.location).upper()
            return None, f"{here} is not adjacent to {dest.upper()} (no convoy in a retreat)"
        loc = dest
    if dest in occupied:
        return None, f"{dest.upper()} is occupied"
    if d.attacker_from is not None and dest == d.attacker_from:
        return (
            None,
            f"a unit cannot retreat to the province its attacker came from ({dest.upper()})",
        )
    if dest in position.standoffs:
        return None, f"{dest.upper()} was left empty by a standoff"
    return loc, None


def _result(o: Order, valid: bool, succeeds: bool, reason: str) -> OrderResult:
    return OrderResult(o, o.power, o.describe(), valid, succeeds, reason)


def retreat(
    position: Position, orders: tuple[Order, ...], gmap: GameMap, rules: str
) -> PhaseResult:
    """Adjudicate a retreat phase."""
    occupied = {province_of(u.location) for u in position.units}
    by_province = {province_of(d.unit.location): d for d in position.dislodged}
    chosen: dict[str, tuple[int, str | None]] = {}
    lines: list[tuple[Order, str | None, str | None]] = []
    for i, o in enumerate(orders):
        if o.problem is not None or o.location is None:
            lines.append((o, None, o.problem or "no unit"))
            continue
        p = province_of(o.location)
        d = by_province.get(p)
        kind = OrderKind.RETREAT if o.kind is OrderKind.MOVE else o.kind
        kind = OrderKind.DISBAND if kind is OrderKind.REMOVE else kind
        if d is None:
            lines.append((o, None, f"there is no dislodged unit in {p.upper()}"))
        elif d.unit.power != o.power:
            lines.append((o, None, f"the unit in {p.upper()} belongs to {d.unit.power}"))
        elif rules == "datc" and o.unit_type is not None and o.unit_type is not d.unit.type:
            lines.append((o, None, f"the dislodged unit in {p.upper()} is {d.unit}"))
        elif p in chosen:
            lines.append((o, None, "a second order for the same unit"))
        elif kind is OrderKind.DISBAND:
            chosen[p] = (i, None)
            lines.append((o, None, None))
        elif kind is OrderKind.RETREAT:
            loc, why = _rule(replace(o, kind=kind), d, occupied, position, gmap, rules)
            if loc is not None:
                chosen[p] = (i, loc)
            lines.append((o, loc, why))
        else:
            lines.append((o, None, f"a {kind.value} order is not given in a retreat phase"))
    targets: dict[str, list[str]] = {}
    for p, (_, loc) in chosen.items():
        if loc is not None:
            targets.setdefault(province_of(loc), []).append(p)
    results: list[OrderResult] = []
    units = list(position.units)
    ordered = {province_of(o.location) for o, _, _ in lines if o.location is not None}
    for o, loc, why in lines:
        p = province_of(o.location) if o.location else ""
        if why is not None:
            fate = "; the unit is disbanded" if p in by_province and p not in chosen else ""
            results.append(_result(o, False, False, f"invalid: {why}{fate}"))
        elif loc is None:
            results.append(_result(o, True, True, "disbanded"))
        elif rivals := [q for q in targets[province_of(loc)] if q != p]:
            others = ", ".join(str(by_province[q].unit) for q in rivals)
            where = province_of(loc).upper()
            results.append(_result(o, True, False, f"bounced with {others} in {where}: disbanded"))
        else:
            units.append(replace(by_province[p].unit, location=loc))
            results.append(_result(o, True, True, f"retreats to {loc.upper()}"))
    for p, d in by_province.items():
        if p not in ordered:
            results.append(
                OrderResult(None, d.unit.power, f"{d.unit} R ?", True, False, "no order: disbanded")
            )
    after = replace(
        position, units=tuple(units), dislodged=(), standoffs=frozenset(), phase="retreat"
    )
    return PhaseResult(position, tuple(results), position.dislodged, advance(after, gmap))
