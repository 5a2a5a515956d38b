from datetime import date

from palmares.wizard.junior import junior_session, junior_table, session_of
from tests.wizard.builders import placed


def test_sessions_pair_the_months() -> None:
    assert session_of(date(2016, 2, 29)) == junior_session(2016, 1)
    s = junior_session(2016, 11)
    assert (s.label, s.first, s.last) == ("2016-11/12", date(2016, 11, 1), date(2016, 12, 31))


def test_twenty_games_in_the_session_for_any_master_points() -> None:
    # ann wins 20 games over January and February; bob plays all 20 and also 0 more;
    # cy plays only 19 of them (dan takes the 20th seat): cy gets no rank and no W.P. award.
    games = []
    for i in range(20):
        day = date(2016, 1 + i // 10, 1 + i % 10)
        third = "cy" if i < 19 else "dan"
        games.append(placed(f"g{i}", day, "ann", "bob", third))
    table = junior_table(games, junior_session(2016, 1))
    assert table.qualifying_games == 20
    assert [(x.player, x.games, x.rank) for x in table.lines] == [
        ("ann", 20, 1),
        ("bob", 20, 2),
        ("dan", 1, None),
        ("cy", 19, None),
    ]
    # Matrix: ann 1 + 1, bob 2 + 2; Top 10 30 and 27; W.P. bracket A (20-44): ann 100%.
    assert [x.master_points for x in table.lines] == [35, 27, 0, 0]
