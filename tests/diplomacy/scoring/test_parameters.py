"""Parameters given as ``slug:name=value`` (the command line's ``--system``), and their errors."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from palmares.core.errors import PalmaresError
from palmares.diplomacy.scoring import get_system
from palmares.explain import explain
from tests.conftest import CliResult
from tests.diplomacy.scoring.boards import BOARD_D
from tests.diplomacy.scoring.helpers import scores


def test_named_variants_are_their_own_slugs_and_parameters_agree() -> None:
    assert scores("carnage:dead=tied", BOARD_D) == scores("carnage-dead-equal", BOARD_D)
    assert scores("carnage-dead-equal:dead=elimination-order", BOARD_D) == scores(
        "carnage", BOARD_D
    )
    assert scores("maxonian:threshold=11", BOARD_D) == scores("7eleven", BOARD_D)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("carnage:dead=bogus", "carnage: dead: expected one of elimination-order, tied"),
        ("carnage:colour=red", "carnage: bad parameter 'colour=red' (parameters: dead)"),
        ("sum-of-squares:dead=tied", "bad parameter 'dead=tied' (parameters: none)"),
        ("maxonian:threshold=many", "maxonian: threshold: expected a whole number"),
        ("cruise-con:solo=lots", "cruise-con: solo: expected a number"),
        ("carnage:dead", "carnage: bad parameter 'dead'"),
    ],
)
def test_bad_parameters(spec: str, message: str) -> None:
    with pytest.raises(PalmaresError, match=re.escape(message)):
        get_system(spec)


def test_bad_parameter_on_the_command_line(
    cli: Callable[..., CliResult], write: Callable[[str, str], Path]
) -> None:
    path = write(
        "boards.json",
        '[{"id": "D", "centres": {"Austria": 0, "England": 8, "France": 6, "Germany": 0,'
        ' "Italy": 4, "Russia": 9, "Turkey": 7}, "eliminated": {"Austria": 1904,'
        ' "Germany": 1906}, "final_year": 1907, "draw": null}]',
    )
    result = cli("diplomacy", "board-score", str(path), "--system", "carnage:dead=bogus")
    assert result.code == 2
    assert "carnage: dead: expected one of elimination-order, tied, got 'bogus'" in result.err
    ok = cli("diplomacy", "board-score", str(path), "--system", "carnage:dead=tied", "-f", "csv")
    assert ok.code == 0
    assert "Germany,0,1500" in ok.out


def test_missing_elimination_year_on_the_command_line(
    cli: Callable[..., CliResult], write: Callable[[str, str], Path]
) -> None:
    path = write(
        "boards.json",
        '[{"id": "D", "centres": {"Austria": 0, "England": 8, "France": 6, "Germany": 0,'
        ' "Italy": 4, "Russia": 9, "Turkey": 7}, "eliminated": {"Austria": 1904},'
        ' "final_year": 1907, "draw": null}]',
    )
    result = cli("diplomacy", "board-score", str(path), "--system", "haight")
    assert result.code == 2
    assert "board D: Germany has no centres but no elimination year" in result.err


def test_every_power_is_explained_in_words() -> None:
    result = get_system("tribute").score(BOARD_D)
    said = explain(result, "en")
    assert said[0] == "Board D (tribute):"
    assert "  Russia = 34.2: centres 9, survival share 13.2, tribute received 12" in said
    assert "  England = 18.2: centres 8, survival share 13.2, tribute paid 3" in said
    manorcon = get_system("manorcon").score(BOARD_D)
    assert "  Russia = 26.923: centres 9, N 133, sum of N 494" in explain(manorcon, "en")


def test_normalised_words_say_the_rescaling() -> None:
    # Board D under Carnage totals 28034 (every place, every centre): Russia 7009 → 25.002.
    result = get_system("carnage").score(BOARD_D).normalised()
    assert result["Russia"] == Fraction(700900, 28034)
    assert explain(result, "en")[-1].startswith("  normalised to a board total of 100: ")
    assert "Russia 25.002" in explain(result, "en")[-1]
