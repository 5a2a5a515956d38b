"""A game's position: year, season, phase, units, supply centres, dislodged units, homes.

Issue 17, "Formats" (``position.json``)::

    {"year": 1901, "season": "spring"|"fall"|"winter",
     "phase": "movement"|"retreat"|"adjustment",
     "units": {"France": ["F MAO", "A PAR"], ...},
     "centres": {"France": ["PAR", "MAR", "BRE"], ...},
     "dislodged": {"France": [{"unit": "F SPA/SC", "from": "POR"}]},
     "homes": {power: [...]}}

``homes`` is optional (the standard homes by default). Two optional keys of ours:
``"standoffs": ["BUR", ...]`` (provinces left empty by a bounce in the movement phase: no unit
may retreat there, rulebook "Retreats") and ``"build_anywhere": true`` (the house rule that a
power may build in any centre it owns, not only its homes: issue 17, "The adjudicator").
Any number of powers with any names may play (the chaos game: 34 powers, one home each).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from palmares.core.errors import InputError, Problem
from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import GameMap, province_of
from palmares.diplomacy.adjudication.orders import Unit, UnitType

__all__ = ["Dislodged", "Position", "position_from_json", "position_to_json"]

SEASONS = ("spring", "fall", "winter")
PHASES = ("movement", "retreat", "adjustment")


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A dislodged unit and the province its attacker came from (it may not retreat there)."""

    unit: Unit
    attacker_from: str | None


@dataclass(frozen=True, slots=True)
class Position:
    year: int
    season: str
    phase: str
    units: tuple[Unit, ...]
    centres: Mapping[str, tuple[str, ...]]
    homes: Mapping[str, tuple[str, ...]]
    dislodged: tuple[Dislodged, ...] = ()
    standoffs: frozenset[str] = frozenset()
    build_anywhere: bool = False
    powers: tuple[str, ...] = field(default=())

    def all_powers(self) -> tuple[str, ...]:
        seen: dict[str, None] = dict.fromkeys(self.powers)
        for p in (*self.homes, *self.centres, *(u.power for u in self.units)):
            seen.setdefault(p, None)
        for d in self.dislodged:
            seen.setdefault(d.unit.power, None)
        return tuple(seen)

    def unit_in(self, province: str) -> Unit | None:
        for u in self.units:
            if province_of(u.location) == province:
                return u
        return None

    def owner(self, centre: str) -> str | None:
        for power, owned in self.centres.items():
            if centre in owned:
                return power
        return None


def _unit_text(u: Unit) -> str:
    return f"{u.type.value} {u.location.upper()}"


def position_to_json(position: Position) -> dict[str, Any]:
    """The position as ``position.json`` (provinces in upper case, powers in order)."""
    powers = position.all_powers()
    out: dict[str, Any] = {
        "year": position.year,
        "season": position.season,
        "phase": position.phase,
        "units": {
            p: [_unit_text(u) for u in position.units if u.power == p]
            for p in powers
            if any(u.power == p for u in position.units)
        },
        "centres": {
            p: sorted(c.upper() for c in position.centres[p])
            for p in powers
            if position.centres.get(p)
        },
        "dislodged": {
            p: [
                {
                    "unit": _unit_text(d.unit),
                    "from": d.attacker_from.upper() if d.attacker_from else None,
                }
                for d in position.dislodged
                if d.unit.power == p
            ]
            for p in powers
            if any(d.unit.power == p for d in position.dislodged)
        },
        "homes": {p: sorted(h.upper() for h in position.homes[p]) for p in position.homes},
    }
    if position.standoffs:
        out["standoffs"] = sorted(s.upper() for s in position.standoffs)
    if position.build_anywhere:
        out["build_anywhere"] = True
    return out


def _read_unit(
    text: Any, power: str, gmap: GameMap, where: str, problems: list[Message]
) -> Unit | None:
    if not isinstance(text, str) or len(text.split()) != 2:
        problems.append(Message.of("position.unit_like", where=where, got=repr(text)))
        return None
    kind, loc = text.split()
    loc = loc.lower().replace("(", "/").rstrip(")")
    if kind.upper() not in ("A", "F"):
        problems.append(Message.of("position.unit_type", where=where, got=repr(kind)))
        return None
    ut = UnitType(kind.upper())
    province = province_of(loc)
    if province not in gmap.provinces:
        problems.append(
            Message.of("position.unknown_province", where=where, province=repr(loc.upper()))
        )
        return None
    if ut is UnitType.ARMY:
        if not gmap.army_can_stand(province):
            problems.append(Message.of("position.army_sea", where=where, at=loc.upper()))
            return None
        loc = province
    elif loc not in gmap.fleet_locations(province):
        options = tuple(x.upper() for x in gmap.fleet_locations(province))
        choices: Message | tuple[str, ...] = options or Message.of("position.none")
        problems.append(
            Message.of("position.fleet_at", where=where, at=loc.upper(), choices=choices)
        )
        return None
    return Unit(power, ut, loc)


def position_from_json(data: Any, gmap: GameMap, file: str = "position.json") -> Position:
    """A position from ``position.json``'s parsed JSON; every problem at once, by field."""
    problems: list[Message] = []
    if not isinstance(data, dict):
        raise InputError.at(file, None, None, Message.of("position.json_object"))
    year = data.get("year")
    if not isinstance(year, int) or isinstance(year, bool):
        problems.append(Message.of("position.year", got=repr(year)))
        year = 1901
    season = data.get("season")
    if season not in SEASONS:
        problems.append(
            Message.of("position.one_of", field="season", options=SEASONS, got=repr(season))
        )
    phase = data.get("phase")
    if phase not in PHASES:
        problems.append(
            Message.of("position.one_of", field="phase", options=PHASES, got=repr(phase))
        )

    if season in SEASONS and phase in PHASES and (season == "winter") != (phase == "adjustment"):
        problems.append(Message.of("position.no_phase", season=str(season), phase=str(phase)))

    def mapping(key: str) -> dict[str, Any]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            problems.append(Message.of("position.object", where=key))
            return {}
        return value

    units: list[Unit] = []
    occupied: set[str] = set()
    for power, texts in mapping("units").items():
        for i, t in enumerate(texts if isinstance(texts, list) else [texts]):
            u = _read_unit(t, power, gmap, f"units.{power}[{i}]", problems)
            if u is None:
                continue
            if province_of(u.location) in occupied:
                problems.append(
                    Message.of(
                        "position.two_units",
                        where=f"units.{power}[{i}]",
                        at=province_of(u.location).upper(),
                    )
                )
            occupied.add(province_of(u.location))
            units.append(u)
    centres: dict[str, tuple[str, ...]] = {}
    owned: set[str] = set()
    for power, cs in mapping("centres").items():
        got = []
        for c in cs if isinstance(cs, list) else [cs]:
            c = str(c).lower()
            if c not in gmap.supply_centres:
                problems.append(
                    Message.of("position.not_centre", where=f"centres.{power}", centre=c.upper())
                )
            elif c in owned:
                problems.append(
                    Message.of("position.owned_twice", where=f"centres.{power}", centre=c.upper())
                )
            else:
                owned.add(c)
                got.append(c)
        centres[power] = tuple(got)
    homes_raw = data.get("homes")
    if homes_raw is None:
        homes: dict[str, tuple[str, ...]] = gmap.standard_homes()
    else:
        homes = {}
        for power, hs in mapping("homes").items():
            got = []
            for h in hs if isinstance(hs, list) else [hs]:
                h = str(h).lower()
                if h not in gmap.supply_centres:
                    problems.append(
                        Message.of("position.not_centre", where=f"homes.{power}", centre=h.upper())
                    )
                else:
                    got.append(h)
            homes[power] = tuple(got)
    dislodged: list[Dislodged] = []
    for power, items in mapping("dislodged").items():
        for i, item in enumerate(items if isinstance(items, list) else [items]):
            where = f"dislodged.{power}[{i}]"
            if not isinstance(item, dict) or "unit" not in item:
                problems.append(Message.of("position.dislodged_item", where=where))
                continue
            u = _read_unit(item["unit"], power, gmap, where, problems)
            origin = item.get("from")
            if origin is not None and str(origin).lower() not in gmap.provinces:
                problems.append(
                    Message.of("position.unknown_province", where=where, province=repr(origin))
                )
                continue
            if u is not None:
                dislodged.append(Dislodged(u, str(origin).lower() if origin else None))
    raw_standoffs = data.get("standoffs", [])
    standoffs: frozenset[str] = frozenset()
    if not isinstance(raw_standoffs, list):
        problems.append(Message.of("position.standoffs"))
    else:
        standoffs = frozenset(str(s).lower() for s in raw_standoffs)
        for s in sorted(standoffs - set(gmap.provinces)):
            problems.append(
                Message.of("position.unknown_province", where="standoffs", province=repr(s.upper()))
            )
    if problems:
        raise InputError([Problem.of(file, None, None, p) for p in problems])
    return Position(
        year=year,
        season=str(season),
        phase=str(phase),
        units=tuple(units),
        centres=centres,
        homes=homes,
        dislodged=tuple(dislodged),
        standoffs=standoffs,
        build_anywhere=bool(data.get("build_anywhere", False)),
    )
