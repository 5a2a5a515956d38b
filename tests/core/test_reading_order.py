"""Names in the order people read them (issue 32): accented letters with their base letter."""

from __future__ import annotations

from palmares.core.names import reading_key


def test_accented_names_sort_with_their_letter() -> None:
    names = [
        "Zoë Varga",
        "Åsa Berg",
        "Édouard Manet",
        "Anna Lind",
        "eric Dahl",
        "Øystein Ro",
        "Oscar",
    ]
    assert sorted(names, key=reading_key) == [
        "Anna Lind",
        "Åsa Berg",
        "Édouard Manet",
        "eric Dahl",
        "Oscar",
        "Øystein Ro",
        "Zoë Varga",
    ]


def test_equal_readings_keep_a_stable_order() -> None:
    assert sorted(["Eve", "Ève", "eve"], key=reading_key) == ["Eve", "eve", "Ève"]
