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

from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import GameMap, province_of
from palmares.diplomacy.adjudication.orders import Order, OrderKind, UnitType
from palmares.diplomacy.adjudication.outcome import OrderResult, PhaseResult, advance
from palmares.diplomacy.adjudication.position import Dislodged, Position
from palmares.diplomacy.adjudication.rulings import fleet_destination

__all__ = ["retreat"]


def _rule(
    o: Order, d: Dislodged, occupied: set[str], position: Position, gmap: GameMap, rules: str
) -> tuple[str | None, Message | None]:
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
            return None, Message.of("order.retreat_sea")
        if not gmap.army_adjacent(u.location, dest):
            here = province_of(u.location).upper()
            return None, Message.of("order.retreat_adjacent", here=here, to=dest.upper())
        loc = dest
    if dest in occupied:
        return None, Message.of("order.occupied", at=dest.upper())
    if d.attacker_from is not None and dest == d.attacker_from:
        return (
            None,
            Message.of("order.attacker_from", at=dest.upper()),
        )
    if dest in position.standoffs:
        return None, Message.of("order.standoff", at=dest.upper())
    return loc, None


def _result(o: Order, valid: bool, succeeds: bool, reason: Message) -> OrderResult:
    return OrderResult.of(o, o.power, o.describe(), valid, succeeds, reason)


def retreat(
    position: Position, orders: tuple[Order, ...], gmap: GameMap, rules: str
) -> PhaseResult:
    """Adjudicate a retreat phase."""
    occupied = {province_of(u.location) for u in position.units}
    by_province = {province_of(d.unit.location): d for d in position.dislodged}
    chosen: dict[str, tuple[int, str | None]] = {}
    lines: list[tuple[Order, str | None, Message | str | None]] = []
    for i, o in enumerate(orders):
        if o.problem is not None or o.location is None:
            lines.append((o, None, o.problem or Message.of("adjudication.no_unit")))
            continue
        p = province_of(o.location)
        d = by_province.get(p)
        kind = OrderKind.RETREAT if o.kind is OrderKind.MOVE else o.kind
        kind = OrderKind.DISBAND if kind is OrderKind.REMOVE else kind
        if d is None:
            lines.append((o, None, Message.of("order.no_dislodged", at=p.upper())))
        elif d.unit.power != o.power:
            lines.append((o, None, Message.of("order.belongs", at=p.upper(), owner=d.unit.power)))
        elif rules == "datc" and o.unit_type is not None and o.unit_type is not d.unit.type:
            lines.append(
                (o, None, Message.of("order.dislodged_is", at=p.upper(), unit=str(d.unit)))
            )
        elif p in chosen:
            lines.append((o, None, Message.of("order.second")))
        elif kind is OrderKind.DISBAND:
            chosen[p] = (i, None)
            lines.append((o, None, None))
        elif kind is OrderKind.RETREAT:
            loc, why = _rule(replace(o, kind=kind), d, occupied, position, gmap, rules)
            if loc is not None:
                chosen[p] = (i, loc)
            lines.append((o, loc, why))
        else:
            lines.append((o, None, Message.of("order.not_in_retreat", kind=kind.value)))
    targets: dict[str, list[str]] = {}
    for p, (_, loc) in chosen.items():
        if loc is not None:
            targets.setdefault(province_of(loc), []).append(p)
    results: list[OrderResult] = []
    units = list(position.units)
    ordered = {province_of(o.location) for o, _, _ in lines if o.location is not None}
    for o, loc, wrong in lines:
        p = province_of(o.location) if o.location else ""
        if wrong is not None:
            fate: Message | str = ""
            if p in by_province and p not in chosen:
                fate = Message.of("order.then_disbanded")
            results.append(
                _result(o, False, False, Message.of("order.invalid", why=wrong, then=fate))
            )
        elif loc is None:
            results.append(_result(o, True, True, Message.of("order.disbanded")))
        elif rivals := [q for q in targets[province_of(loc)] if q != p]:
            others = tuple(str(by_province[q].unit) for q in rivals)
            where = province_of(loc).upper()
            bounced = Message.of("order.retreat_bounced", units=others, at=where)
            results.append(_result(o, True, False, bounced))
        else:
            units.append(replace(by_province[p].unit, location=loc))
            results.append(_result(o, True, True, Message.of("order.retreats", to=loc.upper())))
    for p, d in by_province.items():
        if p not in ordered:
            results.append(
                OrderResult.of(
                    None,
                    d.unit.power,
                    f"{d.unit} R ?",
                    True,
                    False,
                    Message.of("order.no_retreat"),
                    unit=d.unit,
                )
            )
    after = replace(
        position, units=tuple(units), dislodged=(), standoffs=frozenset(), phase="retreat"
    )
    return PhaseResult(position, tuple(results), position.dislodged, advance(after, gmap))
