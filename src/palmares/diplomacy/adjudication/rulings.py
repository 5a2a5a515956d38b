"""Whether an order is valid, and which rule makes it invalid (seed 002, "Order Writing and
Format"; DATC v3.0 sections 6.A and 6.B).

The two rule sets differ here only:

- ``datc``: a unit type that does not match the unit makes the order invalid; a coast named in a
  move that the fleet cannot reach makes it invalid (DATC 6.B.3); a coast named in a support
  must match the supported move (DATC 6.B.9).
- ``wdc-2007``: "Fleet"/"Army" is superfluous except in a coastal build; a coast is needed only
  for a fleet build in St Petersburg and the fleet moves Portugal → Spain, Mid-Atlantic → Spain,
  Constantinople → Bulgaria (the only moves that can reach two coasts), "on all other occasions
  … superfluous"; "Any coast that is specified in a support order is disregarded".

In both, the coast of the ordered unit's own location is not considered (DATC 6.B.10/6.B.11).
"""

from __future__ import annotations

from dataclasses import dataclass

from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import GameMap, province_of, split_location
from palmares.diplomacy.adjudication.orders import Order, OrderKind, Unit, UnitType

__all__ = ["Ruled", "fleet_destination", "rule_movement_order"]


@dataclass(frozen=True, slots=True)
class Ruled:
    """An order ruled on: the unit it moves, valid or not (and why), and its resolved places:
    ``target`` a location (a move's destination, with its coast for a fleet) or, for a support,
    a province; ``subject`` the province of the supported or convoyed unit; ``target_coast`` the
    coast a ``datc`` support names (it must match)."""

    order: Order
    unit: Unit | None
    valid: bool
    reason: Message | str | None = None
    kind: OrderKind = OrderKind.HOLD
    target: str | None = None
    subject: str | None = None
    target_coast: str | None = None
    via_convoy: bool = False


def _invalid(order: Order, unit: Unit | None, reason: Message | str) -> Ruled:
    return Ruled(order, unit, False, reason, order.kind)


def fleet_destination(
    gmap: GameMap, fleet_at: str, written: str, rules: str
) -> tuple[str | None, Message | None]:
    """Where a fleet at ``fleet_at`` ordered to ``written`` goes: (location, None) or
    (None, why it cannot)."""
    province, coast = split_location(written)
    p = gmap.provinces[province]
    if p.kind == "land":
        return None, Message.of("order.fleet_land")
    reachable = gmap.fleet_coasts_reachable(fleet_at, province)
    if not reachable:
        return None, Message.of("order.fleet_reach", at=fleet_at.upper(), to=province.upper())
    if not p.coasts or coast is None:
        if len(reachable) == 1:
            return reachable[0], None
        options = [r.upper() for r in reachable]
        choice: Message | str = " or ".join(options)  # two coasts on the standard map
        if len(options) == 2:
            choice = Message.of("order.either", a=options[0], b=options[1])
        return None, Message.of("order.coast", options=choice)
    wanted = f"{province}/{coast}"
    if wanted in reachable:
        return wanted, None
    if rules == "wdc-2007" and len(reachable) == 1:
        return reachable[0], None
    return None, Message.of("order.fleet_reach", at=fleet_at.upper(), to=wanted.upper())


def _can_reach(gmap: GameMap, unit: Unit, province: str) -> bool:
    """Whether ``unit`` could move to ``province`` by itself (what a support needs)."""
    if unit.type is UnitType.ARMY:
        return gmap.army_can_stand(province) and gmap.army_adjacent(unit.location, province)
    return bool(gmap.fleet_coasts_reachable(unit.location, province))


def convoy_possible(
    gmap: GameMap, units: dict[str, Unit], start: str, dest: str, without: str | None = None
) -> bool:
    """Whether fleets now at sea could form a convoy route from ``start`` to ``dest``
    (DATC 6.D.31, 6.D.32: a convoyed move with no possible route is an illegal order; a fleet
    cannot both convoy and support, so a support's own fleet does not count)."""
    seas = {
        p
        for p, u in units.items()
        if u.type is UnitType.FLEET and gmap.provinces[p].kind == "sea" and p != without
    }

    def touches(sea: str, province: str) -> bool:
        return any(province_of(n) == province for n in gmap.fleet_neighbours.get(sea, ()))

    frontier = [s for s in seas if touches(s, start)]
    seen = set(frontier)
    while frontier:
        f = frontier.pop()
        if touches(f, dest):
            return True
        for g in seas - seen:
            if gmap.fleet_adjacent(f, g):
                seen.add(g)
                frontier.append(g)
    return False


def convoy_useful(gmap: GameMap, units: dict[str, Unit], start: str, dest: str, fleet: str) -> bool:
    """Whether the fleet at ``fleet`` is part of some minimal convoy route from ``start`` to
    ``dest`` through fleets now at sea: a convoy order that no route needs is illegal (DATC
    6.G.7: a fleet that cannot reach the destination; 6.G.19: an unnecessary fleet)."""
    seas = [
        p for p, u in units.items() if u.type is UnitType.FLEET and gmap.provinces[p].kind == "sea"
    ]

    def touches(sea: str, province: str) -> bool:
        return any(province_of(n) == province for n in gmap.fleet_neighbours.get(sea, ()))

    def search(path: list[str]) -> bool:
        last = path[-1]
        if touches(last, dest):
            return fleet in path
        for nxt in seas:
            if nxt in path or not gmap.fleet_adjacent(last, nxt) or touches(nxt, start):
                continue
            if any(gmap.fleet_adjacent(nxt, earlier) for earlier in path[:-1]):
                continue
            if search([*path, nxt]):
                return True
        return False

    return any(search([first]) for first in seas if touches(first, start))


def find_unit(
    order: Order, units: dict[str, Unit], rules: str
) -> tuple[Unit | None, Message | str | None]:
    """The unit an order is for, or why there is none (DATC 6.A.6: another power's unit)."""
    if order.problem is not None:
        return None, order.problem
    assert order.location is not None
    unit = units.get(province_of(order.location))
    where = province_of(order.location).upper()
    if unit is None:
        return None, Message.of("order.no_unit_in", where=where)
    if unit.power != order.power:
        return None, Message.of("order.not_yours", where=where, owner=unit.power, power=order.power)
    if rules == "datc" and order.unit_type is not None and order.unit_type is not unit.type:
        return (
            None,
            Message.of(
                "order.is_army" if unit.type is UnitType.ARMY else "order.is_fleet", where=where
            ),
        )
    return unit, None


def rule_movement_order(order: Order, units: dict[str, Unit], gmap: GameMap, rules: str) -> Ruled:
    """Rule on one order of a movement phase."""
    unit, why = find_unit(order, units, rules)
    if unit is None:
        return _invalid(order, None, why or Message.of("adjudication.no_unit"))
    here = province_of(unit.location)
    k = order.kind
    if k is OrderKind.HOLD:
        return Ruled(order, unit, True, None, k)
    if k in (OrderKind.RETREAT, OrderKind.DISBAND, OrderKind.BUILD, OrderKind.REMOVE):
        return _invalid(order, unit, Message.of("order.not_in_movement", kind=k.value))
    if k is OrderKind.WAIVE:
        return _invalid(order, unit, Message.of("order.waive_phase"))
    if k is OrderKind.MOVE:
        assert order.target is not None
        dest = province_of(order.target)
        if dest == here:
            return _invalid(order, unit, Message.of("order.own_province"))
        if unit.type is UnitType.FLEET:
            if order.via_convoy:
                return _invalid(order, unit, Message.of("order.army_convoyed"))
            loc, why = fleet_destination(gmap, unit.location, order.target, rules)
            if loc is None:
                return _invalid(order, unit, why or "")
            return Ruled(order, unit, True, None, k, target=loc)
        if not gmap.army_can_stand(dest):
            return _invalid(order, unit, Message.of("order.army_sea"))
        if not gmap.army_adjacent(here, dest):
            if not (gmap.provinces[here].kind == "coast" and gmap.provinces[dest].kind == "coast"):
                return _invalid(
                    order,
                    unit,
                    Message.of("order.not_adjacent", here=here.upper(), to=dest.upper()),
                )
            if not convoy_possible(gmap, units, here, dest):
                return _invalid(
                    order, unit, Message.of("order.no_fleets", unit=str(unit), to=dest.upper())
                )
        return Ruled(order, unit, True, None, k, target=dest, via_convoy=order.via_convoy)
    assert order.subject is not None
    subject = province_of(order.subject)
    if subject == here:
        return _invalid(order, unit, Message.of("order.itself", kind=k.value))
    if k is OrderKind.SUPPORT:
        dest, coast = split_location(order.target) if order.target else (subject, None)
        if order.target is not None and dest == here:
            return _invalid(order, unit, Message.of("order.support_own"))
        if order.target is not None and dest == subject:
            return _invalid(order, unit, Message.of("order.own_province"))
        if not _can_reach(gmap, unit, dest):
            return _invalid(
                order, unit, Message.of("order.cannot_support", unit=str(unit), to=dest.upper())
            )
        if (
            order.target is not None
            and subject in units
            and units[subject].type is UnitType.ARMY
            and not gmap.army_adjacent(subject, dest)
            and not convoy_possible(gmap, units, subject, dest, without=here)
        ):
            return _invalid(order, unit, Message.of("order.supported_impossible", to=dest.upper()))
        kept_coast = coast if rules == "datc" else None
        return Ruled(
            order,
            unit,
            True,
            None,
            k,
            target=dest if order.target else None,
            subject=subject,
            target_coast=kept_coast,
        )
    # convoy
    assert order.target is not None
    if unit.type is not UnitType.FLEET:
        return _invalid(order, unit, Message.of("order.fleet_convoys"))
    if gmap.provinces[here].kind != "sea":
        return _invalid(order, unit, Message.of("order.convoy_sea"))
    dest = province_of(order.target)
    if gmap.provinces[subject].kind != "coast" or gmap.provinces[dest].kind != "coast":
        return _invalid(order, unit, Message.of("order.coast_to_coast"))
    if dest == subject:
        return _invalid(order, unit, Message.of("order.own_province"))
    if not convoy_useful(gmap, units, subject, dest, here):
        return _invalid(
            order,
            unit,
            Message.of("order.not_needed", a=subject.upper(), b=dest.upper(), unit=str(unit)),
        )
    return Ruled(order, unit, True, None, k, target=dest, subject=subject)
