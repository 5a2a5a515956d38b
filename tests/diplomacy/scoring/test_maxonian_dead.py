"""Maxonian and 7Eleven separate dead powers by elimination year when the board has no centre
counts by year, and say so (issue 16); dipvis, without the counts, shares those places."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring import get_info, get_system
from palmares.diplomacy.scoring.base import PowerWorkings
from palmares.diplomacy.scoring.maxonian import DeadByEliminationYear
from palmares.explain import explain
from palmares.explain.messages import tell
from tests.conftest import CliResult
from tests.diplomacy.scoring.boards import BOARD_D, board
from tests.diplomacy.scoring.helpers import scores


def dead_note(b: Board) -> bool:
    """Whether Maxonian's explanation of ``b`` says the dead were placed by elimination year."""
    result = get_system("maxonian").score(b)
    assert isinstance(result.workings, PowerWorkings)
    return any(isinstance(n, DeadByEliminationYear) for n in result.workings.notes)


@pytest.mark.parametrize("slug", ["maxonian", "7eleven"])
def test_the_dead_by_elimination_year_and_the_note(slug: str) -> None:
    # D: G out 1906 takes 6th (2), A out 1904 7th (1); dipvis would give both (2 + 1) / 2.
    got = scores(slug, BOARD_D)
    assert (got["G"], got["A"]) == (Fraction(2), Fraction(1))
    result = get_system(slug).score(BOARD_D)
    assert (
        "  no centre counts by year: dead powers placed by elimination year (Germany out 1906, "
        "Austria out 1904; the same year shares); dipvis, without the counts by year, shares "
        "those places"
    ) in explain(result, "en")
    assert isinstance(result.workings, PowerWorkings)
    assert result.workings.notes == (DeadByEliminationYear((("Germany", 1906), ("Austria", 1904))),)


def test_dead_in_the_same_year_share_and_counts_by_year_drop_the_note() -> None:
    same = board({"A": 0, "E": 8, "F": 6, "G": 0, "I": 4, "R": 9, "T": 7}, {"A": 1905, "G": 1905})
    got = scores("maxonian", same)
    assert got["A"] == got["G"] == Fraction(3, 2)
    history = {1906: {p: BOARD_D.centres[p] or 1 for p in BOARD_D.powers}}
    with_years = Board("Y", BOARD_D.centres, BOARD_D.eliminated, 1907, centres_by_year=history)
    assert not dead_note(with_years)
    one_dead = board({"A": 0, "E": 8, "F": 6, "G": 1, "I": 4, "R": 8, "T": 7}, {"A": 1904})
    assert not dead_note(one_dead)
    assert dead_note(same)


@pytest.mark.parametrize("slug", ["maxonian", "7eleven"])
def test_the_system_text_says_so(slug: str, cli: Callable[..., CliResult]) -> None:
    assert "dipvis, given a board without the centre counts by year" in tell(
        get_info(slug).rule, "en"
    )
    result = cli("diplomacy", "systems", slug)
    assert result.code == 0
    assert "separated by elimination year" in result.out
    assert "shares the places of dead powers" in result.out
