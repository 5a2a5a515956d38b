"""Phases per second of the adjudicator, from the orders' text to the next position.

Two boards: random full-board positions (7 powers, 26 units) and a 34-power chaos position (one
unit per supply centre), each with random orders (moves to neighbours, supports of neighbouring
units' moves and holds, convoys from fleets at sea). Measured: parsing ``orders.txt`` and
adjudicating the movement phase. Baselines in the same run: parsing alone, and parsing plus an
all-hold adjudication of the same position. Run: ``.venv/bin/python bench/adjudicate.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from palmares.diplomacy.adjudication.board_map import GameMap, province_of, standard_map
from palmares.diplomacy.adjudication.orders import Unit, UnitType
from palmares.diplomacy.adjudication.parse import parse_orders
from palmares.diplomacy.adjudication.phases import adjudicate
from palmares.diplomacy.adjudication.position import Position


def board(gmap: GameMap, powers: list[str], count: int, rng: random.Random) -> Position:
    """``count`` units of random powers in random provinces (on supply centres first)."""
    provinces = sorted(gmap.supply_centres)
    rng.shuffle(provinces)
    others = sorted(set(gmap.provinces) - gmap.supply_centres - {"swi"})
    rng.shuffle(others)
    units = []
    for i, p in enumerate((provinces + others)[:count]):
        power = powers[i % len(powers)]
        fleets = gmap.fleet_locations(p)
        if fleets and (not gmap.army_can_stand(p) or rng.random() < 0.4):
            units.append(Unit(power, UnitType.FLEET, rng.choice(fleets)))
        else:
            units.append(Unit(power, UnitType.ARMY, p))
    centres = sorted(gmap.supply_centres)
    owned = {
        p: tuple(c for j, c in enumerate(centres) if j % len(powers) == k)
        for k, p in enumerate(powers)
    }
    homes = {p: owned[p][:1] for p in powers}
    return Position(1901, "spring", "movement", tuple(units), owned, homes)


def targets(gmap: GameMap, u: Unit) -> list[str]:
    if u.type is UnitType.ARMY:
        return sorted(gmap.army_neighbours[province_of(u.location)])
    return sorted(gmap.fleet_neighbours.get(u.location, frozenset()))


def orders_text(gmap: GameMap, position: Position, rng: random.Random) -> str:
    by_province = {province_of(u.location): u for u in position.units}
    lines = []
    for u in position.units:
        here = province_of(u.location)
        roll = rng.random()
        neighbours = [t for t in targets(gmap, u) if province_of(t) != here]
        near = [by_province[province_of(t)] for t in neighbours if province_of(t) in by_province]
        if roll < 0.45 and neighbours:
            lines.append(f"{u.power}: {u.type.value} {here} - {rng.choice(neighbours)}")
        elif roll < 0.8 and near:
            other = rng.choice(near)
            dest = [
                t
                for t in targets(gmap, other)
                if province_of(t) in {province_of(n) for n in neighbours}
            ]
            there = province_of(other.location)
            if dest and rng.random() < 0.6:
                lines.append(
                    f"{u.power}: {u.type.value} {here} S {there} - {province_of(rng.choice(dest))}"
                )
            else:
                lines.append(f"{u.power}: {u.type.value} {here} S {there}")
        elif u.type is UnitType.FLEET and gmap.provinces[here].kind == "sea" and near:
            army = rng.choice(near)
            coasts = [
                p
                for p in gmap.provinces
                if gmap.provinces[p].kind == "coast" and p != province_of(army.location)
            ]
            lines.append(
                f"{u.power}: F {here} C A {province_of(army.location)} - {rng.choice(coasts)}"
            )
        else:
            lines.append(f"{u.power}: {u.type.value} {here} H")
    return "\n".join(lines) + "\n"


def rate(work: Callable[[], object], seconds: float = 1.0) -> float:
    """Calls per second of ``work``, over about ``seconds``."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or done < 3:
        work()
        done += 1
    return done / elapsed


def measure(name: str, gmap: GameMap, cases: list[tuple[Position, str, str]]) -> None:
    it = iter(range(10**9))

    def pick() -> tuple[Position, str, str]:
        return cases[next(it) % len(cases)]

    def parse_only() -> object:
        pos, text, _ = pick()
        return parse_orders(text, gmap, powers=pos.all_powers())

    def all_hold() -> object:
        pos, _, holds = pick()
        return adjudicate(pos, parse_orders(holds, gmap, powers=pos.all_powers()), gmap)

    def full() -> object:
        pos, text, _ = pick()
        return adjudicate(pos, parse_orders(text, gmap, powers=pos.all_powers()), gmap)

    units = len(cases[0][0].units)
    print(
        f"{name} ({units} units, {len(cases)} positions): "
        f"parsing alone {rate(parse_only):.0f}/s, all-hold phase {rate(all_hold):.0f}/s, "
        f"random orders adjudicated {rate(full):.0f} phases/s"
    )


def main() -> None:
    gmap = standard_map()
    rng = random.Random(17)
    standard = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    chaos = [f"Player {i + 1:02d}" for i in range(34)]
    for name, powers, count in (
        ("full board, 7 powers", standard, 26),
        ("chaos, 34 powers", chaos, 34),
    ):
        cases = []
        for _ in range(50):
            pos = board(gmap, powers, count, rng)
            holds = "\n".join(
                f"{u.power}: {u.type.value} {province_of(u.location)} H" for u in pos.units
            )
            cases.append((pos, orders_text(gmap, pos, rng), holds + "\n"))
        measure(name, gmap, cases)


if __name__ == "__main__":
    main()
