"""The adjustment phase: builds and removals (rulebook "Gaining and Losing Units"; DATC 6.I,
6.J; seed 002, "Order Writing and Format" for the coastal builds).

A power with more supply centres than units may build the difference, in its home centres that
it owns and that are empty — or in any centre it owns under the house rule ``build_anywhere``.
Builds are taken one by one until the allowance is used (DATC 6.I.1); a ``waive`` uses one.
"Fleet"/"Army" is needed only in a build in a coastal province (seed 002: missing, "that build
shall be consider waived"); a fleet build in St Petersburg needs its coast (DATC 6.B.14).
A power with more units than centres removes the difference, one by one (DATC 6.J.1, 6.J.2);
the rest are removed in civil disorder: the unit farthest from the power's reference centres
(counting moves over land and sea alike, for fleets and armies, DATC 6.J.6, 6.J.10), a fleet
before an army at equal distance (6.J.7), then in the alphabetical order of the province's
English name (6.J.4; DATC 4.D.8 prefers the English names) — "Finland" before "Gulf of
Bothnia", though FIN comes after BOT.

The reference centres are the rule set's (:func:`reference_centres`):

- ``datc``: the power's *owned* supply centres — the 2023 rule book, which DATC v3.0 follows
  (4.D.8; 6.J.11: "distance must be calculated to owned supply center instead of home supply
  center (as it was in the older rulebooks)").
- ``wdc-2007``: the power's *home* supply centres, whether it still owns them or not. Seed 002
  plays "the official rules of game play … published with 1999 English language Hasbro Games
  version of Diplomacy": the rule book dated 2000 on its cover and 1999 in its copyright
  notice, which the DATC calls "the 2000 rules" (DATC v3.0 chapter 2, "History of rules").
  That rule book measures the distance "to the 'country'" (DATC 4.D.8); like DATC v2 (its
  6.J.3–6.J.5 still say "distance from the home supply centers") palmares reads the country as
  its home supply centres: the provinces of a country are not map data, and the chaos game's
  players have no country but their one home centre. DATC 6.J.11: "Under older rulebooks the
  army in Tuscany was kept". The count is the same as under ``datc`` (both unit types over
  land and sea): a fleet limited to the sea (DATC v2's reading, 4.D.8 "fleets move
  regularly") could never reach an inland home such as Paris, the only home of a chaos
  player. The tie order (fleets first, then the province's name) is the 1999 rule book's as
  DATC v2 and v3 both read it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import GameMap, province_of, split_location
from palmares.diplomacy.adjudication.orders import Order, OrderKind, Unit, UnitType
from palmares.diplomacy.adjudication.outcome import OrderResult, PhaseResult, advance
from palmares.diplomacy.adjudication.position import Position

__all__ = ["adjust", "distance_to", "reference_centres"]


_GRAPHS: dict[int, dict[str, frozenset[str]]] = {}


def _graph(gmap: GameMap) -> dict[str, frozenset[str]]:
    if id(gmap) in _GRAPHS:
        return _GRAPHS[id(gmap)]
    g: dict[str, set[str]] = {p: set(n) for p, n in gmap.army_neighbours.items()}
    for loc, ns in gmap.fleet_neighbours.items():
        g.setdefault(province_of(loc), set()).update(province_of(n) for n in ns)
    _GRAPHS[id(gmap)] = {p: frozenset(n) for p, n in g.items()}
    return _GRAPHS[id(gmap)]


def distance_to(gmap: GameMap, start: str, goals: frozenset[str]) -> int:
    """The fewest moves from ``start`` to any of ``goals``, over land and sea alike."""
    graph = _graph(gmap)
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        p, d = queue.popleft()
        if p in goals:
            return d
        for n in sorted(graph.get(p, frozenset())):
            if n not in seen:
                seen.add(n)
                queue.append((n, d + 1))
    return 10_000


def reference_centres(position: Position, power: str, rules: str) -> frozenset[str]:
    """The centres civil disorder measures from: owned (``datc``, the 2023 rules) or home
    (``wdc-2007``, the 1999 rule book)."""
    if rules == "wdc-2007":
        return frozenset(position.homes.get(power, ()))
    return frozenset(position.centres.get(power, ()))


def _build(
    o: Order, position: Position, gmap: GameMap, rules: str, occupied: set[str]
) -> tuple[Unit | None, Message, bool]:
    """(unit, reason, waived) for one build order."""
    assert o.location is not None
    province, coast = split_location(o.location)
    p = gmap.provinces[province]
    homes = position.homes.get(o.power, ())
    owned = position.centres.get(o.power, ())
    if province not in owned:
        return (
            None,
            Message.of(
                "order.invalid",
                why=Message.of("order.not_owned", power=o.power, at=province.upper()),
                then="",
            ),
            False,
        )
    if province not in homes and not position.build_anywhere:
        return (
            None,
            Message.of(
                "order.invalid",
                why=Message.of("order.not_home", at=province.upper(), power=o.power),
                then="",
            ),
            False,
        )
    if province in occupied:
        return (
            None,
            Message.of(
                "order.invalid", why=Message.of("order.occupied", at=province.upper()), then=""
            ),
            False,
        )
    ut = o.unit_type
    if ut is None:
        if p.kind == "coast":
            return None, Message.of("order.build_type"), True
        ut = UnitType.ARMY
    if ut is UnitType.ARMY:
        return Unit(o.power, ut, province), Message.of("order.built"), False
    if p.kind == "land":
        return (
            None,
            Message.of(
                "order.invalid", why=Message.of("order.fleet_inland", at=province.upper()), then=""
            ),
            False,
        )
    if p.coasts:
        if coast is None or coast not in p.coasts:
            return (
                None,
                Message.of(
                    "order.invalid",
                    why=Message.of("order.build_coast", at=province.upper()),
                    then="",
                ),
                False,
            )
        return Unit(o.power, ut, f"{province}/{coast}"), Message.of("order.built"), False
    return Unit(o.power, ut, province), Message.of("order.built"), False


def adjust(position: Position, orders: tuple[Order, ...], gmap: GameMap, rules: str) -> PhaseResult:
    """Adjudicate an adjustment phase."""
    units = list(position.units)
    occupied = {province_of(u.location) for u in units}
    results: list[OrderResult] = []
    balance = {
        p: len(position.centres.get(p, ())) - sum(1 for u in units if u.power == p)
        for p in position.all_powers()
    }
    used: dict[str, int] = dict.fromkeys(balance, 0)
    removed: set[str] = set()

    def out(o: Order, ok: bool, reason: Message, valid: bool = True) -> None:
        results.append(OrderResult.of(o, o.power, o.describe(), valid, ok, reason))

    for o in orders:
        have = balance.get(o.power, 0)
        if o.problem is not None:
            out(o, False, Message.of("order.invalid", why=o.problem, then=""), False)
            continue
        kind = OrderKind.REMOVE if o.kind is OrderKind.DISBAND else o.kind
        if kind in (OrderKind.BUILD, OrderKind.WAIVE):
            if have <= 0:
                out(
                    o,
                    False,
                    Message.of(
                        "order.invalid", why=Message.of("order.no_build", power=o.power), then=""
                    ),
                    False,
                )
            elif used[o.power] >= have:
                out(
                    o,
                    False,
                    Message.of(
                        "order.fails",
                        why=Message.of("order.build_only", power=o.power, n=have),
                        then="",
                    ),
                )
            elif kind is OrderKind.WAIVE:
                used[o.power] += 1
                out(o, True, Message.of("order.waived"))
            else:
                unit, reason, waived = _build(o, position, gmap, rules, occupied)
                if unit is not None:
                    units.append(unit)
                    occupied.add(province_of(unit.location))
                    used[o.power] += 1
                elif waived:
                    used[o.power] += 1
                out(o, unit is not None or waived, reason, unit is not None or waived)
        elif kind is OrderKind.REMOVE:
            assert o.location is not None
            prov = province_of(o.location)
            unit = next((u for u in units if province_of(u.location) == prov), None)
            if have >= 0:
                out(
                    o,
                    False,
                    Message.of(
                        "order.invalid",
                        why=Message.of("order.none_to_remove", power=o.power),
                        then="",
                    ),
                    False,
                )
            elif unit is None or unit.power != o.power:
                out(
                    o,
                    False,
                    Message.of(
                        "order.invalid",
                        why=Message.of("order.no_unit_of", power=o.power, at=prov.upper()),
                        then="",
                    ),
                    False,
                )
            elif rules == "datc" and o.unit_type is not None and o.unit_type is not unit.type:
                out(
                    o,
                    False,
                    Message.of(
                        "order.invalid",
                        why=Message.of("order.unit_is", at=prov.upper(), unit=str(unit)),
                        then="",
                    ),
                    False,
                )
            elif prov in removed:
                out(
                    o,
                    False,
                    Message.of(
                        "order.invalid",
                        why=Message.of("order.removed_already", unit=str(unit)),
                        then="",
                    ),
                    False,
                )
            elif used[o.power] >= -have:
                out(
                    o,
                    False,
                    Message.of(
                        "order.fails",
                        why=Message.of("order.remove_only", power=o.power, n=-have),
                        then="",
                    ),
                )
            else:
                removed.add(prov)
                used[o.power] += 1
                out(o, True, Message.of("order.removed"))
        else:
            out(
                o,
                False,
                Message.of(
                    "order.invalid",
                    why=Message.of("order.not_in_adjustment", kind=kind.value),
                    then="",
                ),
                False,
            )
    for power, have in balance.items():
        if have >= 0 or used[power] >= -have:
            continue
        goals = reference_centres(position, power, rules)
        left = [u for u in units if u.power == power and province_of(u.location) not in removed]
        far = {u: distance_to(gmap, province_of(u.location), goals) for u in left}

        def key(u: Unit, far: dict[Unit, int] = far) -> tuple[int, int, str]:
            return (-far[u], 0 if u.type is UnitType.FLEET else 1, gmap.province(u.location).name)

        for u in sorted(left, key=key)[: -have - used[power]]:
            removed.add(province_of(u.location))
            results.append(
                OrderResult.of(
                    None,
                    power,
                    f"remove {u}",
                    True,
                    True,
                    Message.of(
                        "order.civil_disorder_home"
                        if rules == "wdc-2007"
                        else "order.civil_disorder",
                        far=far[u],
                    ),
                    unit=u,
                )
            )
    kept = tuple(u for u in units if province_of(u.location) not in removed)
    after = replace(position, units=kept, phase="adjustment")
    return PhaseResult(position, tuple(results), (), advance(after, gmap))
