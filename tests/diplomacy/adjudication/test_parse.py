"""Reading orders.txt (issue 17, "Formats") under both rule sets."""

from __future__ import annotations

import pytest

from palmares.core.errors import InputError
from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.orders import OrderKind, UnitType
from palmares.diplomacy.adjudication.parse import parse_orders
from palmares.explain import tell

GMAP = standard_map()


def one(text: str, rules: str = "datc") -> str:
    (order,) = parse_orders(text, GMAP, rules=rules)
    assert order.problem is None, order.problem
    return f"{order.power}: {order.describe()}"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("France: F Mid-Atlantic Ocean - Spain(sc)", "France: F MAO - SPA/SC"),
        ("FRA: F mao -> spa/sc", "France: F MAO - SPA/SC"),
        ("England: A lon s f nth", "England: A LON S F NTH"),
        ("Italy: F ion C A tun - nap", "Italy: F ION C A TUN - NAP"),
        ("Italy: F ion convoys tun to nap", "Italy: F ION C TUN - NAP"),
        ("Russia: build F StP(nc)", "Russia: build F STP/NC"),
        ("Russia: build F St. Petersburg north coast", "Russia: build F STP/NC"),
        ("Austria: remove A vie", "Austria: remove A VIE"),
        ("Turkey: A bul R rum", "Turkey: A BUL R RUM"),
        ("Germany: waive", "Germany: waive"),
        ("ger: A mun moves to bur", "Germany: A MUN - BUR"),
        ("Germany: A Munich Holds", "Germany: A MUN H"),
        ("England: A Liverpool - Edinburgh via convoy", "England: A LVP - EDI via convoy"),
        ("TUR: F con - bul south coast", "Turkey: F CON - BUL/SC"),
        ("TUR: F con - bul sc", "Turkey: F CON - BUL/SC"),
        ("France: F gol supports f wes - spa(sc)", "France: F LYO S F WES - SPA/SC"),
        ("Italy: A Venice Supports A Tyrolia - Trieste  # attack", "Italy: A VEN S A TYR - TRI"),
        ("Russia: F Gulf of Bothnia - Baltic Sea", "Russia: F BOT - BAL"),
    ],
)
def test_the_issue_s_spellings(text: str, expected: str) -> None:
    assert one(text) == expected


def test_obvious_abbreviations_only_under_wdc_2007() -> None:
    """Seed 002: "Other obvious abbreviations shall also be acceptable, as long as the complete
    order can have only one reasonable meaning"."""
    assert one("Italy: A Veni - Tyro", "wdc-2007") == "Italy: A VEN - TYR"
    (datc,) = parse_orders("Italy: A Veni - Tyro", GMAP, rules="datc")
    assert datc.problem is not None and tell(datc.problem, "en") == "unknown province 'veni'"
    assert tell(datc.problem, "fr") == "province inconnue « veni »"
    assert one("Russia: F Norwe - Bar", "wdc-2007") == "Russia: F NWG - BAR"
    (ambiguous,) = parse_orders("Russia: F Gulf - Bal", GMAP, rules="wdc-2007")
    assert ambiguous.problem is not None
    assert tell(ambiguous.problem, "en") == (
        "'gulf' could mean several provinces (BOT, LYO)"
        " — an order with several reasonable meanings is invalid"
    )


def test_unit_type_and_coast_kept_as_written() -> None:
    (o,) = parse_orders("France: Fleet Portugal - Spain", GMAP)
    assert (o.kind, o.unit_type, o.target) == (OrderKind.MOVE, UnitType.FLEET, "spa")
    (b,) = parse_orders("Russia: build St Petersburg", GMAP)
    assert (b.kind, b.unit_type, b.location) == (OrderKind.BUILD, None, "stp")


def test_bad_lines_are_file_errors_with_line_numbers() -> None:
    with pytest.raises(InputError) as err:
        parse_orders("# c\nA vie - tyr\nAustria:\nNarnia: A vie H\n", GMAP, powers=["Austria"])
    assert [str(p) for p in err.value.problems] == [
        "orders.txt:2: expected 'Power: order', got 'A vie - tyr'",
        "orders.txt:3: the order is empty",
        "orders.txt:4: unknown power 'Narnia'",
    ]
