"""The seven powers, one definition: names, initials and order-file codes."""

from palmares.diplomacy.adjudication.board_map import STANDARD_POWERS
from palmares.diplomacy.board import GREAT_POWERS
from palmares.diplomacy.powers import Power


def test_the_seven_powers() -> None:
    assert GREAT_POWERS == (
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
    )  # fmt: skip
    assert [p.initial for p in Power] == ["A", "E", "F", "G", "I", "R", "T"]
    assert dict(STANDARD_POWERS) == {p.value: p.code for p in Power}
    assert STANDARD_POWERS["Austria"] == "AUS" and STANDARD_POWERS["Turkey"] == "TUR"
    assert Power("Italy") is Power.ITALY and str(Power.ITALY) == "Italy"
