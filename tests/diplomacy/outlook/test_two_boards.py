"""A two-boarder in the final round (issue 38): when the players do not fill whole boards the
TD may have some play two (specs/diplomacy.md, "Board call"; seed 002 is silent, and its top
board's seven play one board each). Each verdict against the exhaustive search of every joint
outcome of the free boards, on the small map of test_places."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.diplomacy.outlook import FinalBoard, outlook
from tests.diplomacy.outlook.test_places import KEY, SMALL, SYSTEM, _board, _check


def test_a_two_boarder_on_two_free_boards() -> None:
    scores = {n: Fraction(v) for n, v in zip("QABCDE", (100, 140, 130, 120, 95, 90), strict=True)}
    boards = [_board("1", ["Q", "A", "B"]), _board("2", ["C", "D", "Q"])]
    _check(scores, boards)
    got = outlook(scores, boards, system=SYSTEM, system_key=KEY, board_map=SMALL)
    q = next(x for x in got.players if x.player == "Q")
    assert q.board == "1 + 2"


def test_a_two_boarder_with_one_board_reported_and_a_top_board() -> None:
    scores = {
        n: Fraction(v)
        for n, v in zip("TUVQABCD", (160, 150, 145, 100, 140, 130, 120, 95), strict=True)
    }
    boards = [
        _board("1", ["T", "U", "V"], top=True),
        _board("2", ["Q", "A", "B"], result=(3, 1, 0)),
        _board("3", ["C", "Q", "D"]),
    ]
    _check(scores, boards)


def test_two_boarders_who_share_a_free_board_are_said_not_covered() -> None:
    scores = {n: Fraction(100) for n in "QRABCDE"}
    boards = [
        _board("1", ["Q", "A", "B"]),
        _board("2", ["Q", "R", "C"]),
        _board("3", ["R", "D", "E"]),
    ]
    got = outlook(scores, boards, system=SYSTEM, system_key=KEY, board_map=SMALL)
    assert got.reason is not None
    assert got.reason.key == "outlook.unsupported.two_boards_linked"


def test_a_two_boarder_on_the_top_board_is_said_not_covered() -> None:
    scores = {n: Fraction(100) for n in "QABCD"}
    boards = [_board("1", ["Q", "A", "B"], top=True), _board("2", ["C", "Q", "D"])]
    got = outlook(scores, boards, system=SYSTEM, system_key=KEY, board_map=SMALL)
    assert got.reason is not None and got.reason.key == "outlook.unsupported.two_boards_top"


@st.composite
def _rounds(draw: st.DrawFn) -> tuple[dict[str, Fraction], list[FinalBoard]]:
    """Two or three boards (of three, one reported), one or two two-boarders each on two
    boards shared with no other two-boarder's free boards, sometimes a top board (never a
    two-boarder's), sometimes players sitting out."""
    n_boards = draw(st.sampled_from((2, 3)))
    doubles = 1 if n_boards == 2 else draw(st.sampled_from((1, 2)))
    singles = 3 * n_boards - 2 * doubles
    names = [f"P{i}" for i in range(singles + doubles + draw(st.integers(0, 2)))]
    scores = {n: Fraction(draw(st.integers(80, 160))) for n in names}
    order = list(draw(st.permutations(names)))
    qs, rest = order[:doubles], order[doubles:]
    top = n_boards == 3 and doubles == 1 and draw(st.booleans())
    # Q0 plays the last two boards (or boards 1–2); Q1, if any, boards 1 and 3 with board 2 or 3
    # reported, so that no free board is shared by two two-boarders whose boards are free.
    places: list[list[str]] = [[] for _ in range(n_boards)]
    first = (n_boards - 2, n_boards - 1) if top or n_boards == 2 else (1, 2)
    for i in first:
        places[i].append(qs[0])
    reported: set[int] = set()
    if doubles == 2:
        places[0].append(qs[1])
        places[2].append(qs[1])
        reported.add(2)
    elif n_boards == 3:  # two free boards at most: the search stays quick
        reported.add(draw(st.sampled_from((0, 1, 2))))
    it = iter(rest)
    boards: list[FinalBoard] = []
    for i in range(n_boards):
        players = places[i] + [next(it) for _ in range(3 - len(places[i]))]
        players = list(draw(st.permutations(players)))
        result = None
        if i in reported:
            counts = draw(st.lists(st.integers(0, 4), min_size=3, max_size=3))
            result = tuple(counts) if 0 < sum(counts) <= SMALL.centres else (2, 2, 2)
        boards.append(_board(str(i + 1), players, top=top and i == 0, result=result))
    return scores, boards


@settings(max_examples=15, deadline=None)
@given(_rounds())
def test_every_outlook_with_two_boarders_is_the_exhaustive_search(
    case: tuple[dict[str, Fraction], list[FinalBoard]],
) -> None:
    _check(*case)
