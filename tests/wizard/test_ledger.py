from datetime import date
from fractions import Fraction

from palmares.wizard.game import Finish
from palmares.wizard.ledger import ledger, months_of
from palmares.wizard.rules import wizard_rules
from palmares.wizard.tournament import Placing, Tournament
from palmares.wizard.triad import TriadGame
from tests.wizard.builders import placed


def test_a_players_awards_across_months_and_tournaments() -> None:
    games = [
        placed("a", date(2015, 3, 2), "ann", "bob", "cy"),
        placed("b", date(2015, 3, 3), "ann", "cy", "bob"),
        placed("c", date(2015, 4, 2), "bob", "ann", "cy"),
        placed("d", date(2015, 4, 3), "bob", "cy", "ann"),
    ]
    assert [m.label for m in months_of(games)] == ["2015-03", "2015-04"]
    t = Tournament(
        "Spring Open",
        date(2015, 3, 20),
        (
            *tuple(Placing(f"x{i}", i) for i in range(4, 13)),
            Placing("ann", 2),
            Placing("bob", 1),
            Placing("cy", 3),
        ),
    )
    triad = TriadGame(
        "Spring Open", (Finish("ann", score=90), Finish("bob", score=90), Finish("cy", score=0))
    )
    rules = wizard_rules(qualifying_games=2)
    book = ledger("ann", games, [t], triads={"Spring Open": triad}, rules=rules)
    rows = [(e.award.source, e.award.kind, e.award.points, e.balance) for e in book.entries]
    assert rows == [
        ("Spring Open", "tournament", 6, 6),
        ("Spring Open", "triad", Fraction(5, 2), Fraction(17, 2)),
        ("2015-03", "top-10", 30, Fraction(77, 2)),
        # April: ann and cy both -2 in 2 games, tied 2nd: (27 + 24) / 2 = 25.5 -> 26.
        ("2015-04", "top-10", 26, Fraction(129, 2)),
    ]
    assert book.total == Fraction(129, 2)


def test_wizard_junior_sessions_are_in_the_ledger() -> None:
    # ann wins all 20 Junior games of January-February 2016 (seed 004, "WIZARD JUNIOR": 20
    # games in the two-month session for any master points): 1st of the Top 10 (30) and the
    # best W.P. of bracket A, 20-44 games (5); the regular months are kept apart.
    junior = [
        placed(f"j{i}", date(2016, 1 + i // 10, 1 + i % 10), "ann", "bob", "cy") for i in range(20)
    ]
    regular = [placed("r", date(2016, 1, 5), "bob", "ann", "cy")]
    book = ledger("ann", regular, [], junior=junior, rules=wizard_rules(qualifying_games=1))
    rows = [(e.award.source, str(e.award.kind), int(e.award.points)) for e in book.entries]
    assert rows == [
        ("2016-01", "top-10", 27),  # the regular month: ann 2nd of its one game
        ("Junior 2016-01/02", "top-10", 30),
        ("Junior 2016-01/02", "wp", 5),
    ]
    assert book.total == 62 and all(e.award.points.denominator == 1 for e in book.entries)
