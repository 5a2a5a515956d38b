"""The standard Diplomacy map: provinces, coasts, adjacency for armies and fleets, supply centres
and the homes of the seven standard powers.

The facts are the CSVs of ``../shared/data/standard-map`` copied into ``data/`` (provinces and
aliases; regions and borders from the MIT-licensed ``TedDriggs/diplomacy``, see
``data/SOURCE.md``). A *location* is a province's three-letter abbreviation (``"par"``) or, for
a fleet on one coast of a two-coast province, the province and the coast (``"spa/nc"``,
``"stp/sc"``, ``"bul/ec"``). Armies move between provinces across land or coast borders; fleets
between locations across sea or coast borders (DATC v3.0 chapter 4 "coasts": a fleet on a coast
can move only to what that coast touches).

The map does not know who plays: powers and their homes belong to a game
(:class:`palmares.diplomacy.adjudication.position.Position`), so the chaos game of seed 002
("Chaos Game": 34 players, each starting with one supply centre) uses the same map.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType

from palmares.diplomacy.powers import Power

__all__ = [
    "STANDARD_POWERS",
    "GameMap",
    "Province",
    "province_of",
    "split_location",
    "standard_map",
]

#: The seven powers of the standard game: name → usual three-letter code (issue 17, "Formats").
STANDARD_POWERS: Mapping[str, str] = MappingProxyType({p.value: p.code for p in Power})

_COAST_CODES = {"n": "nc", "s": "sc", "e": "ec", "w": "wc"}


@dataclass(frozen=True, slots=True)
class Province:
    """One province: ``kind`` is ``sea``, ``land`` or ``coast``; ``home`` the standard power's
    name whose home centre it is (``None`` for a neutral centre or a non-centre)."""

    abbr: str
    name: str
    kind: str
    supply_centre: bool
    home: str | None
    coasts: tuple[str, ...]
    aliases: tuple[str, ...]


def split_location(location: str) -> tuple[str, str | None]:
    """``"spa/nc"`` → (``"spa"``, ``"nc"``); ``"par"`` → (``"par"``, ``None``)."""
    if "/" in location:
        province, coast = location.split("/", 1)
        return province, coast
    return location, None


def province_of(location: str) -> str:
    """The province of a location (``"spa/nc"`` → ``"spa"``)."""
    return location.split("/", 1)[0]


@dataclass(frozen=True, slots=True)
class GameMap:
    """A map: its provinces and the neighbours of each location, for armies and for fleets."""

    provinces: Mapping[str, Province]
    army_neighbours: Mapping[str, frozenset[str]]
    fleet_neighbours: Mapping[str, frozenset[str]]

    def province(self, abbr: str) -> Province:
        return self.provinces[province_of(abbr)]

    def fleet_locations(self, province: str) -> tuple[str, ...]:
        """Where a fleet may stand in ``province``: its coasts, the province itself (a sea or a
        one-coast province), or nothing (a land province)."""
        p = self.provinces[province]
        if p.kind == "land":
            return ()
        if p.coasts:
            return tuple(f"{p.abbr}/{c}" for c in p.coasts)
        return (p.abbr,)

    def army_can_stand(self, province: str) -> bool:
        return self.provinces[province].kind != "sea"

    def army_adjacent(self, a: str, b: str) -> bool:
        return province_of(b) in self.army_neighbours.get(province_of(a), frozenset())

    def fleet_adjacent(self, a: str, b: str) -> bool:
        """Whether a fleet at location ``a`` can move to location ``b`` (both with coasts)."""
        return b in self.fleet_neighbours.get(a, frozenset())

    def fleet_coasts_reachable(self, a: str, province: str) -> tuple[str, ...]:
        """The locations of ``province`` a fleet at ``a`` can reach."""
        return tuple(loc for loc in self.fleet_locations(province) if self.fleet_adjacent(a, loc))

    def adjacent_provinces(self, a: str, b: str) -> bool:
        """Whether the provinces of ``a`` and ``b`` share a border of any kind."""
        pa, pb = province_of(a), province_of(b)
        if pb in self.army_neighbours.get(pa, frozenset()):
            return True
        return any(
            province_of(n) == pb
            for loc in (self.fleet_locations(pa) if self.provinces[pa].kind != "land" else ())
            for n in self.fleet_neighbours.get(loc, frozenset())
        )

    @property
    def supply_centres(self) -> frozenset[str]:
        return frozenset(p.abbr for p in self.provinces.values() if p.supply_centre)

    def standard_homes(self) -> dict[str, tuple[str, ...]]:
        """The standard powers' home centres (power name → provinces)."""
        homes: dict[str, list[str]] = {name: [] for name in STANDARD_POWERS}
        for p in self.provinces.values():
            if p.home is not None:
                homes[p.home].append(p.abbr)
        return {k: tuple(sorted(v)) for k, v in homes.items()}


def _read(name: str) -> list[dict[str, str]]:
    text = resources.files("palmares.diplomacy.adjudication").joinpath("data", name).read_text()
    reader = csv.DictReader(io.StringIO(text), skipinitialspace=True)
    return [{k.strip(): v.strip() for k, v in row.items()} for row in reader]


def _location(text: str) -> str:
    """A TedDriggs region (``bul(ec)``) as a location (``bul/ec``)."""
    if "(" in text:
        province, coast = text.rstrip(")").split("(")
        return f"{province}/{coast}"
    return text


@cache
def standard_map() -> GameMap:
    """The standard map, read once from the package's data files."""
    by_code = {code: name for name, code in STANDARD_POWERS.items()}
    provinces: dict[str, Province] = {}
    for row in _read("standard_provinces.csv"):
        aliases = {row["name"].lower(), row["mila_name"].lower(), row["jdip_name"].lower()}
        aliases.update(a.replace("+", " ") for a in row["mila_aliases"].lower().split())
        aliases.update(a for a in row["jdip_aliases"].lower().split())
        centre = row["supply_centre"]
        coasts = tuple(_COAST_CODES[c] for c in row["coasts"].split("/")) if row["coasts"] else ()
        provinces[row["abbr"]] = Province(
            abbr=row["abbr"],
            name=row["name"],
            kind=row["kind"],
            supply_centre=bool(centre),
            home=by_code.get(centre),
            coasts=coasts,
            aliases=tuple(sorted(a for a in aliases if a and a != row["abbr"])),
        )
    army: dict[str, set[str]] = {p: set() for p in provinces}
    fleet: dict[str, set[str]] = {}
    for row in _read("teddriggs_borders.csv") + _read("borders_added.csv"):
        a, b, terrain = _location(row["region 1"]), _location(row["region 2"]), row["terrain"]
        if terrain in ("land", "coast"):
            army[province_of(a)].add(province_of(b))
            army[province_of(b)].add(province_of(a))
        if terrain in ("sea", "coast"):
            fleet.setdefault(a, set()).add(b)
            fleet.setdefault(b, set()).add(a)
    return GameMap(
        provinces=MappingProxyType(provinces),
        army_neighbours=MappingProxyType({k: frozenset(v) for k, v in army.items()}),
        fleet_neighbours=MappingProxyType({k: frozenset(v) for k, v in fleet.items()}),
    )
