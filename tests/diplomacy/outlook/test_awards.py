"""The best-country and team-championship outlooks against an exhaustive search of the final
round's outcomes (issue 38), on the small map of test_places (three powers, six centres)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.diplomacy.outlook import FinalBoard, Status
from palmares.diplomacy.outlook.awards import Key, best_country_outlook
from palmares.diplomacy.outlook.catalogue import catalogue
from palmares.diplomacy.outlook.teams import team_outlook
from tests.diplomacy.outlook.oracle_awards import country_holders, team_winners
from tests.diplomacy.outlook.test_places import KEY, POWERS, SMALL, SYSTEM, _board

CAT = catalogue(KEY, SYSTEM, SMALL)


def _expected(always: bool, ever: bool) -> Status:
    return Status.CLINCHED if always else Status.POSSIBLE if ever else Status.OUT


def _check_countries(
    scores: dict[str, Fraction], boards: list[FinalBoard], history: dict[str, dict[str, Key]]
) -> None:
    got = best_country_outlook(
        scores, boards, history, system=SYSTEM, system_key=KEY, board_map=SMALL, powers=POWERS
    )
    truth = country_holders(scores, boards, history, CAT, SYSTEM, POWERS)
    assert len(got) == len(POWERS) * len({*scores, *(p for h in history.values() for p in h)})
    for line in got:
        assert line.verdict.status is _expected(*truth[(line.power, line.player)]), (
            line.power,
            line.player,
        )


def _check_teams(
    scores: dict[str, Fraction], boards: list[FinalBoard], teams: Mapping[str, tuple[str, ...]]
) -> int:
    """The verdicts agree with the search wherever computed; returns how many were."""
    got = team_outlook(scores, boards, teams, system=SYSTEM, system_key=KEY, board_map=SMALL)
    truth = team_winners(scores, boards, teams, CAT, SYSTEM)
    computed = 0
    for line in got:
        if line.verdict.status is Status.NOT_COMPUTED:
            continue
        computed += 1
        assert line.verdict.status is _expected(*truth[line.team]), line.team
    return computed


SCORES = {
    n: Fraction(s) for n, s in zip("ABCDEFG", (150, 140, 130, 120, 110, 100, 70), strict=True)
}


def test_a_best_country_clinched_out_and_open() -> None:
    boards = [_board("1", ["A", "B", "C"], top=True), _board("2", ["D", "E", "F"])]
    # G soloed Austria earlier with all six centres and the largest payout a pot here can pay.
    history: dict[str, dict[str, Key]] = {
        "Austria": {"G": (Fraction(100), 6, Fraction(1000))},
        "England": {"G": (Fraction(0), 0, Fraction(0))},
    }
    got = best_country_outlook(
        SCORES, boards, history, system=SYSTEM, system_key=KEY, board_map=SMALL, powers=POWERS
    )
    by = {(x.power, x.player): x.verdict for x in got}
    assert by[("Austria", "G")].status is Status.CLINCHED
    assert by[("Austria", "G")].because.key == "outlook.country.clinched"
    assert by[("Austria", "A")].status is Status.OUT
    assert by[("Austria", "A")].because.key == "outlook.country.out"
    assert by[("England", "B")].status is Status.POSSIBLE
    assert by[("England", "G")].status is Status.POSSIBLE  # shared if both England players lose all
    assert by[("France", "G")].because.key == "outlook.country.none"
    _check_countries(SCORES, boards, history)


def test_a_reported_board_fixes_its_games() -> None:
    boards = [
        _board("1", ["A", "B", "C"], top=True, result=(4, 1, 1)),
        _board("2", ["D", "E", "F"]),
    ]
    history: dict[str, dict[str, Key]] = {"France": {"G": (Fraction(40), 3, Fraction(12))}}
    got = best_country_outlook(
        SCORES, boards, history, system=SYSTEM, system_key=KEY, board_map=SMALL, powers=POWERS
    )
    by = {(x.power, x.player): x.verdict.status for x in got}
    # A soloed Austria with four centres on the top board; D can at best solo with more.
    assert by[("Austria", "A")] is Status.POSSIBLE
    _check_countries(SCORES, boards, history)


_keys = st.sampled_from(
    sorted(
        {
            (s, c, w * pot)
            for row in CAT.every
            for s, c, w in zip(row.scores, row.centres, row.shares, strict=True)
            for pot in (Fraction(36), Fraction(42))
        }
    )
)


@st.composite
def _tournaments(draw: st.DrawFn) -> tuple[dict[str, Fraction], list[FinalBoard]]:
    values = draw(st.lists(st.integers(min_value=100, max_value=160), min_size=6, max_size=8))
    names = [f"P{i}" for i in range(len(values))]
    scores = {n: Fraction(v) for n, v in zip(names, values, strict=True)}
    seated = draw(st.permutations(names))
    boards: list[FinalBoard] = []
    top = draw(st.booleans())
    for i in range(2):
        result = None
        if draw(st.booleans()) and draw(st.booleans()):
            result = tuple(draw(st.lists(st.integers(0, 4), min_size=3, max_size=3)))
            if sum(result) > SMALL.centres or sum(result) == 0:
                result = (2, 2, 2)
        boards.append(
            _board(str(i + 1), list(seated[3 * i : 3 * i + 3]), top=top and i == 0, result=result)
        )
    return scores, boards


@settings(max_examples=40, deadline=None)
@given(_tournaments(), st.data())
def test_the_best_country_outlook_is_the_exhaustive_search(
    case: tuple[dict[str, Fraction], list[FinalBoard]], data: st.DataObject
) -> None:
    scores, boards = case
    history: dict[str, dict[str, Key]] = {}
    for power in POWERS:
        players = data.draw(st.lists(st.sampled_from(sorted(scores)), max_size=3, unique=True))
        history[power] = {p: data.draw(_keys) for p in players}
    _check_countries(scores, boards, history)


def test_a_team_clinched_out_and_open() -> None:
    boards = [_board("1", ["A", "B", "C"], top=True), _board("2", ["D", "E", "F"])]
    teams = {"Reds": ("A", "D", "G"), "Blues": ("B", "E"), "Greens": ("C", "F")}
    got = {
        x.team: x.verdict
        for x in team_outlook(SCORES, boards, teams, system=SYSTEM, system_key=KEY, board_map=SMALL)
    }
    # Reds: 150 + 120 + 70 = 340 before; Blues 250, Greens 230. Every board pot is 42 or 33.
    assert got["Reds"].status is Status.CLINCHED
    assert got["Blues"].status is Status.OUT
    assert got["Greens"].status is Status.OUT
    assert _check_teams(SCORES, boards, teams) == 3


def test_two_team_mates_on_the_top_board_count_their_score_before() -> None:
    boards = [_board("1", ["A", "B", "C"], top=True), _board("2", ["D", "E", "F"])]
    teams = {"Reds": ("A", "B"), "Blues": ("D", "E"), "Greens": ("C", "F")}
    got = {
        x.team: x.verdict
        for x in team_outlook(SCORES, boards, teams, system=SYSTEM, system_key=KEY, board_map=SMALL)
    }
    # Reds count 150 + 140 = 290 whatever the top board does; Blues at best 120·0.9 + 110·0.9
    # + 33 = 240: Reds clinched.
    assert got["Reds"].status is Status.CLINCHED
    assert _check_teams(SCORES, boards, teams) == 3


@settings(max_examples=40, deadline=None)
@given(_tournaments(), st.data())
def test_the_team_outlook_is_the_exhaustive_search(
    case: tuple[dict[str, Fraction], list[FinalBoard]], data: st.DataObject
) -> None:
    scores, boards = case
    names = sorted(scores)
    order = data.draw(st.permutations(names))
    k = data.draw(st.integers(min_value=2, max_value=4))
    teams = {f"T{i}": tuple(order[i::k]) for i in range(k)}
    _check_teams(scores, boards, teams)


def test_a_two_boarder_has_a_game_with_each_of_their_powers() -> None:
    # B plays England on board 1 and Austria on board 2 (a two-boarder, specs/diplomacy.md).
    boards = [_board("1", ["A", "B", "C"]), _board("2", ["B", "E", "F"])]
    history: dict[str, dict[str, Key]] = {"Austria": {"G": (Fraction(40), 3, Fraction(12))}}
    _check_countries(SCORES, boards, history)
    # And A plays Austria twice: the better of the two games counts.
    boards = [_board("1", ["A", "B", "C"]), _board("2", ["A", "E", "F"], result=(2, 2, 2))]
    _check_countries(SCORES, boards, history)
