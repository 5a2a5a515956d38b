"""One phase adjudicated: every order's ruling and result with its reason, the dislodged units,
and the next phase's position (rulebook sequence: spring movement, spring retreats, fall
movement, fall retreats, winter adjustments; centres change hands after the fall).

Seed 002, "Order Writing and Format": "Units for which no order is submitted (NMR …) as well
as units given an invalid order shall be treated as though they received Hold orders. Such
units may receive support orders as normal. If a unit that NMRed is dislodged, it may retreat
as normal."
"""

from __future__ import annotations

from dataclasses import replace

from palmares.core.message import Message
from palmares.diplomacy.adjudication.adjustment import adjust
from palmares.diplomacy.adjudication.board_map import GameMap, province_of
from palmares.diplomacy.adjudication.movement import resolve_movement
from palmares.diplomacy.adjudication.orders import Order, OrderKind, Unit, UnitType
from palmares.diplomacy.adjudication.outcome import OrderResult, PhaseResult, advance
from palmares.diplomacy.adjudication.position import Dislodged, Position
from palmares.diplomacy.adjudication.retreat import retreat
from palmares.diplomacy.adjudication.rulings import Ruled, rule_movement_order

__all__ = ["OrderResult", "PhaseResult", "adjudicate", "advance", "place_units"]


def place_units(orders: tuple[Order, ...], gmap: GameMap, *, year: int = 1901) -> Position:
    """Without a position, each ordered unit stands where its order says, owned by the order's
    power (the DATC's convention for its test cases); the first order for a province wins."""
    units: dict[str, Unit] = {}
    for o in orders:
        if o.problem or o.location is None or o.kind in (OrderKind.BUILD, OrderKind.WAIVE):
            continue
        province = province_of(o.location)
        if province in units:
            continue
        kind = o.unit_type or (
            UnitType.FLEET if gmap.provinces[province].kind == "sea" else UnitType.ARMY
        )
        loc = o.location if kind is UnitType.FLEET else province
        if kind is UnitType.FLEET and loc not in gmap.fleet_locations(province):
            continue
        if kind is UnitType.ARMY and not gmap.army_can_stand(province):
            continue
        units[province] = Unit(o.power, kind, loc)
    powers = tuple(dict.fromkeys(o.power for o in orders))
    return Position(
        year=year,
        season="spring",
        phase="movement",
        units=tuple(units.values()),
        centres={},
        homes=gmap.standard_homes(),
        powers=powers,
    )


def _movement(
    position: Position, orders: tuple[Order, ...], gmap: GameMap, rules: str
) -> PhaseResult:
    units = {province_of(u.location): u for u in position.units}
    ruled_lines: list[Ruled] = [rule_movement_order(o, units, gmap, rules) for o in orders]
    by_province: dict[str, Ruled] = {}
    first_line: dict[str, int] = {}
    for i, x in enumerate(ruled_lines):
        if x.unit is None:
            continue
        p = province_of(x.unit.location)
        if p in first_line:
            ruled_lines[i] = replace(x, valid=False, reason=Message.of("order.second"))
            continue
        first_line[p] = i
        by_province[p] = x if x.valid else Ruled(x.order, x.unit, True, None, OrderKind.HOLD)
    nmr = [p for p in units if p not in by_province]
    for p in nmr:
        by_province[p] = Ruled(
            Order(0, "", units[p].power, OrderKind.HOLD, location=p), units[p], True
        )
    outcome = resolve_movement(by_province, gmap, rules)
    results: list[OrderResult] = []
    for i, x in enumerate(ruled_lines):
        o = x.order
        if not x.valid:
            at = province_of(x.unit.location) if x.unit else None
            held: Message | str = ""
            if at is not None and first_line.get(at) == i:
                fate = outcome.reasons[at]
                held = (
                    Message.of("order.then_holds")
                    if fate.key == "order.holds"
                    else Message.of("order.then_holds_as", fate=fate)
                )
            said = Message.of("order.invalid", why=x.reason or "", then=held)
            results.append(OrderResult.of(o, o.power, o.describe(), False, False, said))
            continue
        assert x.unit is not None
        p = province_of(x.unit.location)
        results.append(
            OrderResult.of(o, o.power, o.describe(), True, outcome.succeeds[p], outcome.reasons[p])
        )
    for p in nmr:
        u = units[p]
        results.append(
            OrderResult.of(
                None,
                u.power,
                f"{u} H",
                True,
                outcome.succeeds[p],
                Message.of("order.nmr")
                if outcome.reasons[p].key == "order.holds"
                else Message.of("order.nmr_then", fate=outcome.reasons[p]),
                unit=u,
            )
        )
    moved: list[Unit] = []
    dislodged: list[Dislodged] = []
    for p, x in by_province.items():
        assert x.unit is not None
        if p in outcome.dislodged:
            origin, convoyed = outcome.dislodged[p]
            dislodged.append(Dislodged(x.unit, None if convoyed else origin))
        elif x.kind is OrderKind.MOVE and outcome.succeeds[p]:
            moved.append(replace(x.unit, location=x.target or x.unit.location))
        else:
            moved.append(x.unit)
    after = replace(
        position,
        units=tuple(moved),
        dislodged=tuple(dislodged),
        standoffs=outcome.standoffs,
        phase="retreat",
    )
    return PhaseResult(position, tuple(results), tuple(dislodged), advance(after, gmap))


def adjudicate(
    position: Position, orders: tuple[Order, ...], gmap: GameMap, rules: str = "datc"
) -> PhaseResult:
    """Adjudicate the phase ``position`` is in with ``orders``."""
    if position.phase == "movement":
        return _movement(position, orders, gmap, rules)
    if position.phase == "retreat":
        return retreat(position, orders, gmap, rules)
    return adjust(position, orders, gmap, rules)
