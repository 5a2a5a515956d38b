from collections.abc import Callable
from pathlib import Path

import pytest

from palmares.core.errors import InputError
from palmares.io.boards import read_boards_csv, read_boards_json, read_teams_csv

HEADER = "round,board,power,player,centres,eliminated,final_year,draw\n"
BOARD_1 = (
    "1,1,A,p1,15,,1908,\n1,1,E,p2,10,,1908,\n1,1,F,p3,5,,1908,\n1,1,G,p4,0,1906,1908,\n"
    "1,1,I,p5,2,,1908,\n1,1,R,p6,0,1907,1908,\n1,1,T,p7,2,,1908,\n"
)


def test_a_good_board(write: Callable[[str, str], Path]) -> None:
    boards = read_boards_csv(write("b.csv", HEADER + BOARD_1))
    (board,) = boards.boards
    assert board.round == 1 and board.final_year == 1908
    result = board.result()
    assert result.centres == {
        "Austria": 15, "England": 10, "France": 5, "Germany": 0,
        "Italy": 2, "Russia": 0, "Turkey": 2,
    }  # fmt: skip
    assert result.eliminated == {"Germany": 1906, "Russia": 1907}
    assert result.draw is None and result.soloist is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("1,1,T,p7,2", "1,1,X,p7,2"), ":8: power: unknown power 'X'"),
        (("1,1,T,p7,2", "1,1,A,p7,2"), ":8: power: Austria appears twice on round 1 board 1"),
        (("1,1,T,p7,2,,1908,\n", ""), ":2: power: round 1 board 1 has 6 powers, missing Turkey"),
        (("1,1,T,p7,2", "1,1,T,p7,4"), ":2: centres: round 1 board 1: centres sum to 36"),
        (("1,1,T,p7,2", "1,1,T,p1,2"), ":8: player: p1 sits twice on one board in round 1"),
        (("1,1,T,p7,2", "1,1,T,p7,two"), ":8: centres: expected a whole number, got 'two'"),
        (("1,1,G,p4,0,1906", "1,1,G,p4,1,1906"), ":5: eliminated: Germany has 1 centres"),
        (("1,1,T,p7,2,,1908,", "1,1,T,p7,2,,1908,maybe"), ":8: draw: expected yes/no"),
        (
            ("1,1,R,p6,0,1907,1908,", "1,1,R,p6,0,1907,1908,yes"),
            ":7: draw: Russia has no centres and cannot be in the draw",
        ),
        (("1,1,R,p6,0,1907,1908", "1,1,R,p6,0,1909,1908"), ":7: eliminated: 1909 is after"),
    ],
)
def test_bad_boards_are_rejected(
    write: Callable[[str, str], Path], change: tuple[str, str], message: str
) -> None:
    path = write("b.csv", HEADER + BOARD_1.replace(*change))
    with pytest.raises(InputError) as info:
        read_boards_csv(path)
    assert f"{path}{message}" in str(info.value)


def test_two_boards_in_a_round_are_allowed_three_are_not(
    write: Callable[[str, str], Path],
) -> None:
    board2 = BOARD_1.replace("1,1,", "1,2,").replace("p2,", "q2,").replace("p3,", "q3,")
    board2 = board2.replace("p4,", "q4,").replace("p5,", "q5,").replace("p6,", "q6,")
    board2 = board2.replace("p7,", "q7,")
    two = read_boards_csv(write("b.csv", HEADER + BOARD_1 + board2))
    assert [b.board for b in two.boards] == ["1", "2"]
    board3 = board2.replace("1,2,", "1,3,")
    with pytest.raises(InputError, match=r"p1 plays 3 boards in round 1 \(at most two\)"):
        read_boards_csv(write("b3.csv", HEADER + BOARD_1 + board2 + board3))


def test_teams(write: Callable[[str, str], Path]) -> None:
    teams = read_teams_csv(write("t.csv", "team,player\nRed,a\nRed,b\nBlue,c\n"))
    assert teams == {"Red": ("a", "b"), "Blue": ("c",)}
    with pytest.raises(InputError, match=r"t2\.csv:3: player: a is already in team Red \(line 2\)"):
        read_teams_csv(write("t2.csv", "team,player\nRed,a\nBlue,a\n"))


def test_boards_json(write: Callable[[str, str], Path]) -> None:
    path = write(
        "b.json",
        '[\n {"id": "ex1", "centres": {"Austria": 15, "E": 10, "France": 5, "Germany": 0,\n'
        '  "Italy": 2, "Russia": 0, "Turkey": 2}, "eliminated": {"Germany": 1906},\n'
        '  "final_year": 1908, "draw": null},\n'
        ' {"id": "ex2", "centres": {"Austria": 15, "E": 10, "France": 5, "Germany": 0,\n'
        '  "Italy": 2, "Russia": 0, "Turkey": 4}, "draw": ["Austria"]}\n]\n',
    )
    with pytest.raises(InputError) as info:
        read_boards_json(path)
    assert (
        str(info.value)
        == f"{path}:5: centres: board ex2: centres sum to 36, more than the 34 on the map"
    )
    ok = path.read_text().replace('"Turkey": 4', '"Turkey": 2')
    boards = read_boards_json(write("ok.json", ok))
    assert boards[0].eliminated == {"Germany": 1906}
    assert boards[1].soloist == "Austria"  # a one-power draw is a concession


def test_boards_json_syntax_error(write: Callable[[str, str], Path]) -> None:
    path = write("bad.json", '[\n {"id": 1,\n  "centres": }\n]')
    with pytest.raises(InputError, match=r"bad\.json:3: not valid JSON"):
        read_boards_json(path)


@pytest.mark.parametrize("large", [False, True])
def test_a_board_where_no_power_holds_a_centre_is_refused_by_both_paths(
    write: Callable[[str, str], Path], monkeypatch: pytest.MonkeyPatch, large: bool
) -> None:
    # A large file is read by columns first (io.boards_columnar): that path must give the
    # board back to the row-wise reader, whose message names the line.
    if large:
        monkeypatch.setattr("palmares.io.boards.small", lambda path: False)
    seats = "".join(f"1,2,{p},q{k},0,,1908,\n" for k, p in enumerate("AEFGIRT"))
    path = write("b.csv", HEADER + BOARD_1 + seats)
    with pytest.raises(InputError) as refused:
        read_boards_csv(path)
    assert [str(p) for p in refused.value.problems] == [
        f"{path}:9: centres: round 1 board 2: no power holds a centre: a finished board has at "
        "least one survivor"
    ]
    # A board call read as history (its centres left out) holds no centre and is no problem.
    call = "round,board,power,player\n" + "".join(
        f"1,1,{p},p{k}\n" for k, p in enumerate("AEFGIRT")
    )
    assert len(read_boards_csv(write("call.csv", call), results=False).boards) == 1
