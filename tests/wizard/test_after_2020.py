"""The league's rules after the seed (specs/wizard.md "After the seed"; docs/wizard.md "After
2020"): months on both sides of 2020-01-01, 2021-02-01 and 2023-09-23, the tie rounding example
(4 + 3) / 2 = 3.5 -> 4, a tie straddling 10th and 11th, and a ledger reaching a level."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction
from itertools import cycle

import pytest

from palmares.core.ranking import TieGroup
from palmares.core.rulesets import DatedRules
from palmares.explain import explain_text
from palmares.wizard.game import Game
from palmares.wizard.ledger import ledger
from palmares.wizard.master_points import top_ten_awards
from palmares.wizard.month import month_table
from palmares.wizard.rules import (
    LEVELS,
    RULES,
    THREE_LISTS_TOP_TEN,
    rules_on,
    tournaments_unpaid_since,
    wizard_rules,
)
from palmares.wizard.tournament import Placing, Tournament, tournament_result
from tests.wizard.builders import placed

#: Each main player's month: (1st places, 2nd places, 3rd places) in 3-player games.
#: ann 40 games, 40 points, SR 1.00, W.P. 50; bob 30 games, 36 points, SR 1.20, W.P. 60;
#: cy 40 games, 32 points, SR 0.80, W.P. 40; dee 30 games, 20 points, SR 0.67, W.P. 33.33;
#: eve 29 games (below the cut-off), 58 points, W.P. 100.
PLAN = {
    "ann": (20, 20, 0),
    "bob": (18, 12, 0),
    "cy": (16, 24, 0),
    "dee": (10, 20, 0),
    "eve": (29, 0, 0),
}


def month_games(year: int, month: int, plan: dict[str, tuple[int, int, int]]) -> list[Game]:
    """Every main player's games, the other two seats taken by 'fillers' who each play fewer
    than 20 games (outside every list and every W.P. bracket) and never win them all."""
    fillers = cycle([f"f{i:02d}" for i in range(40)])
    games: list[Game] = []
    n = 0
    for player, (firsts, seconds, thirds) in plan.items():
        for place, count in ((1, firsts), (2, seconds), (3, thirds)):
            for _ in range(count):
                a, b = next(fillers), next(fillers)
                order = [a, b]
                order.insert(place - 1, player)
                n += 1
                games.append(placed(f"g{n}", date(year, month, 1 + n % 28), *order))
    return games


def mp(games: list[Game], month: str, **kwargs: object) -> dict[str, int]:
    table = month_table(games, month, **kwargs)  # type: ignore[arg-type]
    return {x.player: int(x.master_points) for x in table.lines if x.master_points}


def kinds(games: list[Game], month: str, player: str) -> list[tuple[str, int]]:
    line = month_table(games, month).line(player)
    return [(a.kind, int(a.points)) for a in line.awards]


def test_the_fillers_stay_out_of_every_list() -> None:
    table = month_table(month_games(2021, 1, PLAN), "2021-01")
    fillers = [x for x in table.lines if x.player.startswith("f")]
    assert max(x.games for x in fillers) < 20
    assert [(x.player, x.points, x.games) for x in table.ranked()] == [
        ("ann", 40, 40),
        ("bob", 36, 30),
        ("cy", 32, 40),
        ("dee", 20, 30),
    ]


def test_2020_01_01_tournaments_stop_paying_and_levels_begin() -> None:
    field = tuple(Placing(f"p{i}", i) for i in range(1, 31))
    before = tournament_result(Tournament("Old", date(2019, 12, 31), field))
    after = tournament_result(Tournament("New", date(2020, 1, 1), field))
    assert [int(v) for v in before.place_values] == [30, 15, 8]
    assert after.place_values == ()
    assert before.unpaid_since is None and after.unpaid_since == date(2020, 1, 1)
    assert "none are awarded for tournaments from 2020-01-01" in explain_text(after, "en")
    assert tournaments_unpaid_since(RULES, date(2025, 6, 1)) == date(2020, 1, 1)
    # the date comes from the rule set, not from the code: move it, and the words follow
    base = rules_on(date(2015, 1, 1))
    moved = DatedRules.of(
        [(date.min, base), (date(2018, 3, 1), replace(base, tournament_master_points=False))]
    )
    late = tournament_result(Tournament("Late", date(2019, 12, 31), field), rules=moved)
    assert late.place_values == () and late.unpaid_since == date(2018, 3, 1)
    assert "none are awarded for tournaments from 2018-03-01" in explain_text(late, "en")
    assert rules_on(date(2019, 12, 31)).levels == ()
    assert rules_on(date(2020, 1, 1)).levels == LEVELS
    assert [(lv.name, lv.master_points) for lv in LEVELS] == [
        ("Earth", 500),
        ("Water", 1000),
        ("Air", 1500),
        ("Fire", 2000),
        ("Astral", 3000),
        ("Arch", 5000),
    ]
    assert any("Master Point Plan, 2020" in c for c in rules_on(date(2020, 1, 1)).cited)
    assert not any("Master Point Plan, 2020" in c for c in rules_on(date(2019, 12, 31)).cited)


def test_2021_01_one_list_and_the_wp_brackets() -> None:
    games = month_games(2021, 1, PLAN)
    # points alone 30, 27, 24, 21; eve (29 games) has the best W.P. of bracket A (20-44): 5.
    assert mp(games, "2021-01") == {"ann": 30, "bob": 27, "cy": 24, "dee": 21, "eve": 5}


def test_2021_02_three_lists_of_15_to_3() -> None:
    games = month_games(2021, 2, PLAN)
    # points: ann 15, bob 13, cy 11, dee 9; SR: bob 15 (1.2), ann 13 (1.0), cy 11, dee 9;
    # W.P.: bob 15 (60), ann 13 (50), cy 11 (40), dee 9 (33.33); no W.P. brackets any more.
    assert mp(games, "2021-02") == {"ann": 41, "bob": 43, "cy": 33, "dee": 27}
    assert kinds(games, "2021-02", "bob") == [("top-10", 13), ("sr-top-10", 15), ("wp-top-10", 15)]
    assert (
        explain_text(month_table(games, "2021-02").line("bob").awards[1].reason, "en")
        == "1st of the S.R. Top 10: 15"
    )
    assert sum(THREE_LISTS_TOP_TEN) * 3 == 243


def test_list_entry_before_the_cut_off_is_a_parameter() -> None:
    games = month_games(2021, 2, PLAN)
    # our default: the qualifying number, 30; with 35 games needed only ann and cy enter the
    # S.R. and W.P. lists (the points list keeps its 30-game cut-off).
    rules = wizard_rules(list_games=35)
    assert mp(games, "2021-02", rules=rules) == {
        "ann": 15 + 15 + 15,
        "bob": 13,
        "cy": 11 + 13 + 13,
        "dee": 9,
    }


def test_2023_09_23_the_40_game_cut_off_from_september() -> None:
    august, september = month_games(2023, 8, PLAN), month_games(2023, 9, PLAN)
    assert mp(august, "2023-08") == {"ann": 41, "bob": 43, "cy": 33, "dee": 27}
    # from the procedure of 2023-09-23 (September is judged on its last day): 40 games.
    assert mp(september, "2023-09") == {"ann": 45, "cy": 39}
    assert month_table(september, "2023-09").qualifying_games == 40
    assert rules_on(date(2023, 9, 22)).qualifying_games == 30
    assert rules_on(date(2023, 9, 23)).qualifying_games == 40


def test_the_cut_off_may_start_in_october() -> None:
    rules = wizard_rules(cutoff_start=date(2023, 10, 1))
    september, october = month_games(2023, 9, PLAN), month_games(2023, 10, PLAN)
    assert mp(september, "2023-09", rules=rules) == {"ann": 41, "bob": 43, "cy": 33, "dee": 27}
    assert mp(october, "2023-10", rules=rules) == {"ann": 45, "cy": 39}


TIED = {f"t{i}": (20, 20, 0) for i in range(1, 6)}


def test_five_tied_first_half_up_before_and_rounded_up_after_the_procedure() -> None:
    # five tied first in all three lists: (15 + 13 + 11 + 9 + 8) / 5 = 11.2
    before = month_table(month_games(2023, 8, TIED), "2023-08")
    after = month_table(month_games(2023, 9, TIED), "2023-09")
    assert {int(x.master_points) for x in before.ranked()} == {3 * 11}
    assert {int(x.master_points) for x in after.ranked()} == {3 * 12}
    reason = after.line("t1").awards[0].reason
    assert explain_text(reason, "en") == (
        "1st of the Top 10, shared by 5 players: (15 + 13 + 11 + 9 + 8) / 5 = 11.2 -> 12 "
        "(whole numbers, rounded up)"
    )
    # a little more than 243 with ties: 5 x 36 = 180 for five places' 3 x 56 = 168
    assert sum(x.master_points for x in after.lines) == 180


def awards_for(group: TieGroup, *, rounding: str, paid_only: bool = False) -> set[Fraction]:
    got = top_ten_awards(
        [group],
        table=THREE_LISTS_TOP_TEN,
        whole=True,
        day=date(2023, 9, 30),
        source="2023-09",
        rounding=rounding,  # type: ignore[arg-type]
        paid_only=paid_only,
    )
    return {a.points for a in got}


def test_the_rounding_example_4_plus_3_over_2() -> None:
    group = TieGroup(9, ("a", "b"))
    (award, _) = top_ten_awards(
        [group],
        table=THREE_LISTS_TOP_TEN,
        whole=True,
        day=date(2023, 9, 30),
        source="2023-09",
        rounding="up",
    )
    assert award.points == 4
    assert explain_text(award.reason, "en") == (
        "9th of the Top 10, shared by 2 players: (4 + 3) / 2 = 3.5 -> 4 (whole numbers, rounded up)"
    )


@pytest.mark.parametrize(
    ("rank", "size", "half_up", "up"),
    [
        (9, 2, 4, 4),  # (4 + 3) / 2 = 3.5
        (9, 3, 2, 3),  # (4 + 3 + 0) / 3 = 2.33: the rules differ
        (1, 5, 11, 12),  # 56 / 5 = 11.2
        (1, 3, 13, 13),  # 39 / 3 = 13
        (10, 2, 2, 2),  # (3 + 0) / 2 = 1.5
    ],
)
def test_half_up_and_rounded_up(rank: int, size: int, half_up: int, up: int) -> None:
    group = TieGroup(rank, tuple(f"p{i}" for i in range(size)))
    assert awards_for(group, rounding="half-up") == {half_up}
    assert awards_for(group, rounding="up") == {up}


def test_a_tie_straddling_10th_and_11th_is_a_parameter() -> None:
    # default: places past 10th count 0 ((3 + 0) / 2 -> 2); "paid": only the paid places (3).
    assert awards_for(TieGroup(10, ("a", "b")), rounding="up") == {2}
    assert awards_for(TieGroup(10, ("a", "b")), rounding="up", paid_only=True) == {3}
    assert awards_for(TieGroup(9, ("a", "b", "c")), rounding="up", paid_only=True) == {4}
    assert wizard_rules(straddle="paid").at(date(2021, 2, 1)).straddle == "paid"
    assert wizard_rules(straddle="paid").at(date(2021, 1, 31)).straddle == "zero"
    assert RULES.at(date(2021, 2, 1)).straddle == "zero"


def test_a_ledger_reaching_levels_in_the_month_they_are_reached() -> None:
    # 480 MP for winning a 480-player tournament in 2019; February 2021 brings 41 more: Earth.
    field = (Placing("ann", 1), *(Placing(f"p{i}", i) for i in range(2, 481)))
    big = Tournament("Big", date(2019, 6, 1), field)
    games = month_games(2021, 1, PLAN) + month_games(2021, 2, PLAN)
    book = ledger("ann", games, [big])
    rows = [(e.award.source, int(e.balance), [lv.name for lv in e.levels]) for e in book.entries]
    assert rows == [
        ("Big", 480, []),
        ("2021-01", 510, ["Earth"]),
        ("2021-02", 525, []),
        ("2021-02", 538, []),
        ("2021-02", 551, []),
    ]
    assert [(r.level.name, r.source, r.day) for r in book.reached] == [
        ("Earth", "2021-01", date(2021, 1, 31))
    ]
    assert book.level is not None and book.level.name == "Earth"
    assert book.next_level is not None and book.next_level.name == "Water"


def test_one_award_may_reach_two_levels_and_the_ladder_is_dated() -> None:
    t = Tournament("Huge", date(2015, 6, 1), tuple(Placing(f"p{i}", i) for i in range(1, 1011)))
    book = ledger("p1", [], [t])
    assert book.total == 1010
    assert [r.level.name for r in book.reached] == ["Earth", "Water"]
    assert {r.day for r in book.reached} == {date(2015, 6, 1)}
    # the ladder in force on a day before 2020 has no levels
    old = ledger("p1", [], [t], levels_as_of=date(2019, 12, 31))
    assert old.reached == () and old.level is None and old.next_level is None
    second = ledger("p2", [], [t])  # 2nd of 1010: 505, Earth
    assert second.total == 505 and second.level is not None and second.level.name == "Earth"
