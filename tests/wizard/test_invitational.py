from datetime import date

from palmares.wizard.invitational import invitation_list, previous_month, uninvited
from palmares.wizard.month import month_table
from palmares.wizard.tournament import Placing, Tournament
from tests.wizard.builders import placed


def test_the_top_of_the_previous_months_ranking_is_invited() -> None:
    assert previous_month(date(2007, 1, 14)).label == "2006-12"
    games = [placed("a", date(2006, 12, 3), "ann", "bob", "cy", "dee")] * 1
    table = month_table(games, "2006-12", qualifying_games=1)
    assert invitation_list(table, 2) == ("ann", "bob")
    assert len(invitation_list(table)) == 4
    t = Tournament("Invitational", date(2007, 1, 14), (Placing("ann", 1), Placing("zed", 2)), True)
    assert uninvited(t, table) == ("zed",)
