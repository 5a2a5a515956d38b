"""The standard map (data/ copied from ../shared/data/standard-map, plus data/borders_added.csv)."""

from __future__ import annotations

from palmares.diplomacy.adjudication.board_map import STANDARD_POWERS, standard_map

GMAP = standard_map()


def test_provinces_centres_and_homes() -> None:
    assert len(GMAP.provinces) == 76  # 75 provinces and Switzerland
    assert len(GMAP.supply_centres) == 34
    homes = GMAP.standard_homes()
    assert set(homes) == set(STANDARD_POWERS)
    assert sum(len(h) for h in homes.values()) == 22
    assert homes["Russia"] == ("mos", "sev", "stp", "war")
    assert GMAP.provinces["spa"].coasts == ("nc", "sc")
    assert GMAP.provinces["bul"].coasts == ("ec", "sc")


def test_coasts_decide_fleet_moves() -> None:
    assert GMAP.fleet_coasts_reachable("mao", "spa") == ("spa/nc", "spa/sc")
    assert GMAP.fleet_coasts_reachable("por", "spa") == ("spa/nc", "spa/sc")
    assert GMAP.fleet_coasts_reachable("con", "bul") == ("bul/ec", "bul/sc")
    assert GMAP.fleet_coasts_reachable("gas", "spa") == ("spa/nc",)
    assert not GMAP.fleet_adjacent("spa/nc", "lyo")
    assert GMAP.fleet_adjacent("spa/sc", "lyo")
    assert GMAP.fleet_locations("mun") == ()
    assert not GMAP.fleet_adjacent("rom", "ven")  # DATC 6.A.9
    assert GMAP.army_adjacent("rom", "ven")


def test_the_borders_the_shared_data_lacked() -> None:
    for a, b in [
        ("bot", "fin"),
        ("bot", "lvn"),
        ("bot", "swe"),
        ("bot", "stp/sc"),
        ("con", "smy"),
        ("nwy", "stp/nc"),
        ("tus", "tys"),
        ("mao", "spa/sc"),
    ]:
        assert GMAP.fleet_adjacent(a, b) and GMAP.fleet_adjacent(b, a)
    for a, b in [("gal", "ukr"), ("lvn", "war"), ("nwy", "stp"), ("con", "smy")]:
        assert GMAP.army_adjacent(a, b) and GMAP.army_adjacent(b, a)
    army_borders = sum(len(n) for n in GMAP.army_neighbours.values()) // 2
    fleet_borders = sum(len(n) for n in GMAP.fleet_neighbours.values()) // 2
    # The standard map border for border (checked against the MILA list, data/SOURCE.md).
    assert (army_borders, fleet_borders) == (111, 141)
