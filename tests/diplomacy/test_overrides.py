"""A TD's rulings on scores (issue 12, step 8): applied beside the computed figures."""

from fractions import Fraction

from palmares.diplomacy.aggregation.base import Standings
from palmares.diplomacy.overrides import Override, apply_overrides
from palmares.explain import explain_text
from tests.diplomacy.helpers import game, standing, table


def _three() -> Standings:
    a = standing("a", {1: 30, 2: 50}, (game(1, "1", "A", "0", "9", 9, "30"),
                                       game(2, "4", "E", "30", "5", 5, "20")))  # fmt: skip
    b = standing("b", {1: 25, 2: 45}, (game(1, "1", "F", "0", "8", 8, "25"),
                                       game(2, "4", "F", "25", "6", 6, "20")))  # fmt: skip
    c = standing("c", {1: 10, 2: 40}, (game(1, "2", "G", "0", "3", 3, "10"),
                                       game(2, "5", "G", "10", "9", 9, "30")))  # fmt: skip
    return table(a, b, c)


def test_a_tournament_ruling_reranks_and_keeps_the_computed_score() -> None:
    before = _three()
    ruled = apply_overrides(before, [Override("a", Fraction(40), "late penalty")])
    assert [(s.player, s.rank, s.score) for s in ruled.standings.players] == [
        ("b", 1, Fraction(45)),
        ("a", 2, Fraction(40)),
        ("c", 2, Fraction(40)),
    ]
    assert ruled.computed == {"a": Fraction(50)}
    line = ruled.standings.of("a").lines[-1]
    assert (line.kind, line.before, line.after) == ("override", Fraction(50), Fraction(40))
    assert explain_text(line, "en") == "Computed tournament score 50; the TD set 40 (late penalty)."
    assert ruled.standings.of("a").score_after(2) == 40
    assert before.of("a").score == 50
    assert explain_text(ruled.standings.notes[-1], "en") == (
        "1 score ruling by the TD applied; the computed figures are kept."
    )


def test_a_board_ruling_changes_that_games_contribution_from_its_round_on() -> None:
    ruled = apply_overrides(_three(), [Override("a", Fraction(0), "illegal order", 1, "1")])
    a = ruled.standings.of("a")
    assert a.score == Fraction(20) and dict(a.after) == {1: Fraction(0), 2: Fraction(20)}
    assert ruled.computed == {"a": Fraction(50)}
    assert explain_text(a.lines[-1], "en") == (
        "Round 1, board 1: the game brought 30; the TD set 0 (illegal order), so -30 is added "
        "from round 1 on."
    )
    assert [s.player for s in ruled.standings.players] == ["b", "c", "a"]


def test_rulings_on_missing_games_or_players_are_reported_not_applied() -> None:
    ruled = apply_overrides(
        _three(),
        [Override("z", Fraction(1), "x"), Override("a", Fraction(1), "x", 2, "9")],
    )
    assert ruled.applied == () and ruled.computed == {}
    # Board rulings are applied (and reported) first.
    assert [explain_text(x, "en") for x in ruled.ignored] == [
        "a: no game on board 9 of round 2",
        "z: not in these standings",
    ]


def test_board_then_tournament_rulings_compose() -> None:
    ruled = apply_overrides(
        _three(),
        [Override("b", Fraction(100), "ruling"), Override("b", Fraction(0), "penalty", 2, "4")],
    )
    b = ruled.standings.of("b")
    assert b.score == 100 and ruled.computed == {"b": Fraction(45)}
    assert [x.kind for x in b.lines[-2:]] == ["override", "override"]
    assert b.lines[-2].after == Fraction(25) and b.lines[-1].after == Fraction(100)
