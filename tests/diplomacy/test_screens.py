"""What the room's screens show (issue 14): places moved since the previous round's standings,
a round's status, and pages (``palmares.diplomacy.screens``), on the bundled 2007 example."""

from pathlib import Path

import pytest

from palmares.diplomacy.aggregation import Standings
from palmares.diplomacy.aggregation.ante import Ante
from palmares.diplomacy.scoring import get_system
from palmares.diplomacy.screens import label_order, pages, places_moved, round_status
from palmares.io.boards import read_boards_csv

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "wdc-2007"


def _after(n: int) -> Standings:
    boards = [b for b in read_boards_csv(EXAMPLE / "boards.csv").boards if b.round <= n]
    return Ante().aggregate(boards, get_system("divide-and-conquer"))


def test_places_moved_from_round_1_to_round_2() -> None:
    before, after = _after(1), _after(2)
    moved = places_moved(before, after)
    assert len(moved) == len(after.players)
    # Ravi Shah 9th after round 1, 3rd after round 2: up 6; Liam O'Neill 6th → 11th: down 5.
    assert (before.of("Ravi Shah").rank, after.of("Ravi Shah").rank) == (9, 3)
    assert moved["Ravi Shah"] == 6
    assert moved["Liam O'Neill"] == -5
    assert moved["Ben Ortiz"] == 0 and moved["Dana Fraser"] == 0  # 1st and 2nd both times
    assert moved["Oscar Lind"] == 6  # 16th → 10th


def test_a_first_game_has_no_move_and_the_first_round_none() -> None:
    moved = places_moved(_after(3), _after(4))
    assert [p for p, m in moved.items() if m is None] == ["Lena Park"]  # her only game: round 4
    assert set(places_moved(None, _after(1)).values()) == {None}


def test_round_status_lists_the_call_and_boards_entered_outside_it() -> None:
    called = {"2": ("Ann", "Bob"), "1": ("Cy", "Di"), "10": ("Ed",)}
    status = round_status(3, called, {"1": ("Cy", "Dee"), "Top": ("Fay",)})
    assert [b.label for b in status.boards] == ["1", "2", "10", "Top"]
    assert [b.reported for b in status.boards] == [True, False, False, True]
    assert status.boards[0].players == ("Cy", "Dee")  # as entered, not as called
    assert status.boards[1].players == ("Ann", "Bob")
    assert (status.reported, status.playing, status.complete) == (2, 2, False)
    done = round_status(3, called, ["1", "2", "10"])
    assert (done.reported, done.playing, done.complete) == (3, 0, True)
    assert not round_status(1, {}, ()).complete  # no boards yet


def test_pages() -> None:
    assert pages(list(range(7)), 3) == ((0, 1, 2), (3, 4, 5), (6,))
    assert pages([], 5) == ((),)
    assert pages("ab", 2) == (("a", "b"),)
    with pytest.raises(ValueError, match="at least one line"):
        pages([1], 0)
    assert sorted(["Top", "10", "9", "A"], key=label_order) == ["9", "10", "A", "Top"]
