from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from palmares.core.errors import InputError
from palmares.io.wizard import read_games, read_tournaments, read_triads

Write = Callable[[str, str], Path]


def problems(path: Path, reader: Callable[[Path], object]) -> list[str]:
    with pytest.raises(InputError) as info:
        reader(path)
    return [str(p) for p in info.value.problems]


def test_games_by_score_and_by_place(write: Write) -> None:
    path = write(
        "games.csv",
        "Date,Game,Player,Score,Place\n"
        "2019-12-01,g1,ann,120,1\n"
        "2019-12-01,g1,bob,80,\n"
        "2019-12-01,g1,cy,80,2\n"
        "\n"
        "2019-12-02,g2,ann,,3\n"
        "2019-12-02,g2,bob,,1\n"
        "2019-12-02,g2,cy,,2\n"
        "2019-12-02,g2,dee,,4\n",
    )
    g1, g2 = read_games(path)
    assert (g1.game, g1.day, g1.players) == ("g1", date(2019, 12, 1), ("ann", "bob", "cy"))
    assert g1.standing() == {"ann": 1, "bob": 2, "cy": 2}
    assert g2.standing() == {"ann": 3, "bob": 1, "cy": 2, "dee": 4}


def test_a_game_with_fewer_than_3_players(write: Write) -> None:
    path = write("games.csv", "date,game,player,score\n2019-12-01,g1,ann,1\n2019-12-01,g1,bob,2\n")
    assert problems(path, read_games) == [f"{path}:2: game g1 has 2 players; it needs 3 to 6"]


def test_a_game_with_more_than_6_players(write: Write) -> None:
    rows = "".join(f"2019-12-01,g1,p{i},{i}\n" for i in range(7))
    path = write("games.csv", "date,game,player,score\n" + rows)
    assert problems(path, read_games) == [f"{path}:2: game g1 has 7 players; it needs 3 to 6"]


def test_a_player_twice_in_a_game(write: Write) -> None:
    path = write(
        "games.csv",
        "date,game,player,place\n2019-12-01,g1,ann,1\n2019-12-01,g1,bob,2\n"
        "2019-12-01,g1,ann,3\n2019-12-01,g1,cy,4\n",
    )
    assert problems(path, read_games) == [
        f"{path}:4: player: ann appears twice in game g1 (first at line 2)"
    ]


def test_a_score_and_a_place_that_disagree(write: Write) -> None:
    path = write(
        "games.csv",
        "date,game,player,score,place\n2019-12-01,g1,ann,120,2\n2019-12-01,g1,bob,80,\n"
        "2019-12-01,g1,cy,10,3\n",
    )
    assert problems(path, read_games) == [
        f"{path}:2: place: place 2 disagrees with the score 120, which is place 1 in game g1"
    ]


def test_a_date_that_is_not_a_date(write: Write) -> None:
    path = write(
        "games.csv",
        "date,game,player,score\n2019-13-01,g1,ann,1\n2019-12-01,g1,bob,2\n2019-12-01,g1,cy,3\n",
    )
    assert problems(path, read_games) == [
        f"{path}:2: date: expected a date as YYYY-MM-DD, got '2019-13-01'"
    ]


def test_other_game_problems(write: Write) -> None:
    path = write(
        "games.csv",
        "date,game,player,score,place\n"
        "2019-12-01,g1,ann,,\n2019-12-01,g1,bob,5,\n2019-12-02,g1,cy,,2\n"
        "2019-12-01,g2,ann,,1\n2019-12-01,g2,bob,,1\n2019-12-01,g2,cy,,2\n",
    )
    assert problems(path, read_games) == [
        f"{path}:4: date: game g1 is dated 2019-12-01 at line 2, not 2019-12-02",
        f"{path}:2: a score or a place is required",
        f"{path}:5: place: the places of game g2 [1, 1, 2] are not a ranking (1, 2, 2, 4 ...)",
    ]


def test_a_mix_of_scores_and_places(write: Write) -> None:
    path = write(
        "games.csv",
        "date,game,player,score,place\n"
        "2019-12-01,g1,ann,100,1\n2019-12-01,g1,bob,,2\n2019-12-01,g1,cy,40,\n",
    )
    assert problems(path, read_games) == [
        f"{path}:4: place: no place, and not every player of game g1 has a score: give every "
        "player a score or every player a place"
    ]


def test_tournaments(write: Write) -> None:
    path = write(
        "t.csv",
        "tournament,date,player,place,games_finished,invitational\n"
        "Open,2015-06-01,ann,1,8,no\nOpen,2015-06-01,bob,2,7,\nOpen,2015-06-01,cy,2,7,no\n"
        "Inv,2015-07-01,ann,1,,yes\n",
    )
    open_, inv = read_tournaments(path)
    assert (open_.name, open_.field_size, open_.invitational) == ("Open", 3, False)
    assert [p.place for p in open_.placings] == [1, 2, 2]
    assert open_.placing("bob").games_finished == 7
    assert inv.invitational and inv.day == date(2015, 7, 1)


def test_bad_tournaments(write: Write) -> None:
    path = write(
        "t.csv",
        "tournament,date,player,place\n"
        "Open,2015-06-01,ann,1\nOpen,2015-06-02,bob,2\nOpen,2015-06-01,ann,3\n"
        "Cup,2015-06-01,x,1\nCup,2015-06-01,y,1\nCup,2015-06-01,z,2\n"
        "Cup,2015-06-01,w,0\n",
    )
    assert problems(path, read_tournaments) == [
        f"{path}:8: place: must be at least 1, got 0",
    ]
    path = write("t2.csv", "".join(
        ["tournament,date,player,place\n", "Open,2015-06-01,ann,1\n", "Open,2015-06-02,bob,2\n",
         "Open,2015-06-01,ann,3\n", "Cup,2015-06-01,x,1\n", "Cup,2015-06-01,y,1\n",
         "Cup,2015-06-01,z,2\n"]))  # fmt: skip
    assert problems(path, read_tournaments) == [
        f"{path}:3: date: tournament Open is dated 2015-06-01 at line 2, not 2015-06-02",
        f"{path}:4: player: ann appears twice in tournament Open (first at line 2)",
        f"{path}:5: place: the places of tournament Cup are not a ranking (1, 2, 2, 4 ...): "
        "[1, 1, 2]",
    ]


def test_triads(write: Write) -> None:
    path = write(
        "triad.csv",
        "tournament,player,score\nOpen,ann,200\nOpen,bob,200\nOpen,cy,40\n",
    )
    triads = read_triads(path)
    assert [f.player for f in triads["Open"].finishes] == ["ann", "bob", "cy"]
    bad = write("bad.csv", "tournament,player,place\nOpen,ann,1\nOpen,bob,2\n")
    assert problems(bad, read_triads) == [f"{bad}:2: the TRIAD of Open has 2 players; it needs 3"]
