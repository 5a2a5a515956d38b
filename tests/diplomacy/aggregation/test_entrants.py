"""A tournament's players with no game yet (a round sat out, a late arrival) are in the
standings at the aggregation's score for no game: the ante's start (seed 002, Appendix A:
"everyone begins with 100 points"), 0 for a sum; round ranks count every round missed below all.
"""

from __future__ import annotations

from fractions import Fraction

from palmares.diplomacy.aggregation import all_aggregations, get_aggregation
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat
from palmares.diplomacy.scoring.registry import get_system

SEVEN = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")
CENTRES = (15, 10, 5, 0, 2, 0, 2)  # seed 002, Example 1, in the order of the powers


def _round_one() -> list[PlayedBoard]:
    seats = tuple(
        Seat(power, player, n)
        for power, player, n in zip(GREAT_POWERS, SEVEN, CENTRES, strict=True)
    )
    return [PlayedBoard(1, "1", seats)]


def test_ante_sitter_keeps_the_start() -> None:
    got = get_aggregation("ante").aggregate(
        _round_one(), get_system("divide-and-conquer"), entrants=("Sid", "Ann")
    )
    by = {s.player: s for s in got.players}
    assert by["Sid"].score == Fraction(100)
    assert by["Sid"].games == 0
    assert by["Ann"].score == Fraction("135.129")  # Example 1's Austria: 100 − 10 + 45.129
    # 100: below England's 106.877, above France's 94.998.
    ranks = [s.player for s in got.players]
    assert ranks.index("Bob") < ranks.index("Sid") < ranks.index("Cy")
    assert len(got.players) == 8


def test_every_aggregation_ranks_an_entrant_once() -> None:
    system = get_system("divide-and-conquer")
    for info in all_aggregations():
        got = get_aggregation(info.slug).aggregate(_round_one(), system, entrants=("Sid",))
        names = [s.player for s in got.players]
        assert names.count("Sid") == 1, info.slug
        sid = got.of("Sid")
        assert sid.games == 0, info.slug
        if got.low_is_best:  # round ranks: a missed round ranks below all seven
            assert sid.score == Fraction(8), info.slug
            assert sid.rank == 8, info.slug
        elif info.slug == "sit-out":  # the round's average board score, for the round missed
            assert sid.score == Fraction(100, 7), info.slug
        elif info.slug == "ante":
            assert sid.score == Fraction(100)
        else:
            assert sid.score == 0, info.slug
            assert sid.rank == 6, info.slug  # tied with the two powers that hold no centre


def test_no_entrants_changes_nothing() -> None:
    system = get_system("divide-and-conquer")
    for info in all_aggregations():
        plain = get_aggregation(info.slug).aggregate(_round_one(), system)
        named = get_aggregation(info.slug).aggregate(_round_one(), system, entrants=SEVEN)
        assert plain == named, info.slug
