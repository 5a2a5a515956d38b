"""The team championship's outlook against an exhaustive search of every joint outcome of the
free boards (issue 38; seed 002, "Team Tournament"), on small maps: every verdict it gives must
be the search's, and on these maps it gives one for every team (never "not computed")."""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.diplomacy.board import GREAT_POWERS, Board
from palmares.diplomacy.outlook import FinalBoard, Status
from palmares.diplomacy.outlook.catalogue import Map, catalogue
from palmares.diplomacy.outlook.teams import team_outlook
from tests.diplomacy.outlook.oracle_teams import team_truth
from tests.diplomacy.outlook.test_places import KEY, SMALL, SYSTEM, _board

#: Four powers, eight centres, a solo at five: boards every seat of which counts for a
#: different team, as on the standard map, with few enough outcomes to try them all.
FOUR = Map(seats=4, centres=8, solo=5)
Teams = Mapping[str, tuple[str, ...]]


def _check(
    scores: dict[str, Fraction], boards: list[FinalBoard], teams: Teams, board_map: Map = SMALL
) -> dict[str, Status]:
    """Every verdict is the search's; returns them."""
    got = team_outlook(scores, boards, teams, system=SYSTEM, system_key=KEY, board_map=board_map)
    truth = team_truth(scores, boards, teams, catalogue(KEY, SYSTEM, board_map), SYSTEM)
    out: dict[str, Status] = {}
    for line in got:
        always, ever = truth[line.team]
        expected = Status.CLINCHED if always else Status.POSSIBLE if ever else Status.OUT
        assert line.verdict.status is expected, (line.team, line.verdict, expected)
        out[line.team] = line.verdict.status
    return out


def test_a_board_full_of_other_teams_is_decided() -> None:
    scores = {n: Fraction(100) for n in "ABCDEFG"}
    boards = [_board("1", ["A", "B", "C"]), _board("2", ["D", "E", "F"])]
    teams = {"Reds": ("A", "D"), "Blues": ("B", "E"), "Greens": ("C", "G"), "Golds": ("F",)}
    got = {
        x.team: x.verdict
        for x in team_outlook(scores, boards, teams, system=SYSTEM, system_key=KEY, board_map=SMALL)
    }
    # Greens (G sits out, 100) can only gain on board 1; board 2 seats Reds, Blues and Golds,
    # one of whom gains there. Greens' solo on board 1 (Reds and Blues 90 there) leaves each
    # of them 30 behind at most 30 of board 2's pot: Golds' F soloing it ties Greens.
    assert got["Greens"].status is Status.POSSIBLE
    assert got["Greens"].because.key == "outlook.team.possible_loose"
    _check(scores, boards, teams)


def test_three_rivals_on_one_board_each_gaining_too_much() -> None:
    # Gold (G, sitting out) is level with Blue, Green and Red before their board's pot of 30 is
    # shared out, up to 6 or 10 points ahead once they stake: whoever gains there passes Gold
    # when 6 ahead (a third of 30 is 10), not when 10 ahead (33.33 % each: 9.999).
    boards = [_board("1", ["B", "C", "D"])]
    teams = {"Gold": ("G",), "Blue": ("B",), "Green": ("C",), "Red": ("D",)}
    for g, status, key in (
        (96, Status.OUT, "outlook.team.out_joint"),
        (100, Status.POSSIBLE, "outlook.team.possible_search"),
    ):
        scores = {"G": Fraction(g), "B": Fraction(100), "C": Fraction(100), "D": Fraction(100)}
        got = {
            x.team: x.verdict
            for x in team_outlook(
                scores, boards, teams, system=SYSTEM, system_key=KEY, board_map=SMALL
            )
        }
        assert got["Gold"].status is status
        assert got["Gold"].because.key == key
        assert got["Gold"].because.get("boards") == ("1",)
        _check(scores, boards, teams)


def test_two_team_mates_off_the_top_board_are_searched() -> None:
    scores = {n: Fraction(v) for n, v in zip("ABCDEF", (130, 120, 110, 100, 100, 90), strict=True)}
    boards = [_board("1", ["A", "B", "C"]), _board("2", ["D", "E", "F"])]
    teams = {"Reds": ("A", "B"), "Blues": ("C", "D"), "Greens": ("E", "F")}
    assert set(_check(scores, boards, teams).values()) <= {
        Status.POSSIBLE,
        Status.OUT,
        Status.CLINCHED,
    }


def test_a_two_boarder_counts_both_boards_and_both_stakes() -> None:
    # P plays boards 1 and 2 (a two-boarder, specs/diplomacy.md): two stakes of 10 % of 120.
    scores = {n: Fraction(v) for n, v in zip("PABCD", (120, 110, 100, 100, 90), strict=True)}
    boards = [_board("1", ["P", "A", "B"]), _board("2", ["C", "P", "D"])]
    teams = {"Reds": ("P",), "Blues": ("A", "C"), "Greens": ("B", "D")}
    _check(scores, boards, teams)


@st.composite
def _tournaments(
    draw: st.DrawFn, board_map: Map = SMALL
) -> tuple[dict[str, Fraction], list[FinalBoard], dict[str, tuple[str, ...]]]:
    seats = board_map.seats
    powers = GREAT_POWERS[:seats]
    n_boards = draw(st.sampled_from((2, 3) if seats == 3 else (2,)))
    names = [f"P{i}" for i in range(draw(st.integers(seats * n_boards - 1, seats * n_boards + 2)))]
    scores = {n: Fraction(draw(st.integers(80, 160))) for n in names}
    boards: list[FinalBoard] = []
    order = draw(st.permutations(names))
    top = draw(st.booleans())
    for i in range(n_boards):
        players = list(order[seats * i : seats * i + seats])
        while len(players) < seats:  # a two-boarder fills the last seat
            players.append(next(p for p in order if p not in players))
        result = None
        if i == n_boards - 1 and n_boards == 3 and draw(st.booleans()):
            counts = draw(st.lists(st.integers(0, board_map.solo), min_size=seats, max_size=seats))
            counts = counts if 0 < sum(counts) <= board_map.centres else [1] * seats
            result = Board(
                id=str(i),
                centres=dict(zip(powers, counts, strict=True)),
                solo_centres=board_map.solo,
            )
        boards.append(
            FinalBoard(str(i + 1), tuple(zip(powers, players, strict=True)), top and i == 0, result)
        )
    dealt = draw(st.permutations(names))
    k = draw(st.integers(min_value=2, max_value=4))
    teams = {f"T{i}": tuple(dealt[i::k]) for i in range(k)}
    return scores, boards, teams


@settings(max_examples=60, deadline=None)
@given(_tournaments())
def test_every_team_verdict_is_the_exhaustive_search(
    case: tuple[dict[str, Fraction], list[FinalBoard], dict[str, tuple[str, ...]]],
) -> None:
    _check(*case)


@settings(max_examples=25, deadline=None)
@given(_tournaments(FOUR))
def test_every_team_verdict_on_four_seat_boards_is_the_search(
    case: tuple[dict[str, Fraction], list[FinalBoard], dict[str, tuple[str, ...]]],
) -> None:
    _check(*case, board_map=FOUR)


def test_hardly_any_team_verdict_is_left_not_computed() -> None:
    """On 150 random small tournaments (two or three free boards, teams dealt at random so that
    team-mates meet and boards fill with rivals: before the search, about a quarter of the
    verdicts were "not computed"), every verdict is given and is the search's."""
    rng = random.Random(38)
    verdicts = 0
    for _ in range(150):
        names = [f"P{i}" for i in range(rng.randint(6, 9))]
        scores = {n: Fraction(rng.randint(100, 160)) for n in names}
        seated = rng.sample(names, 6 if len(names) < 9 or rng.random() < 0.5 else 9)
        boards = [
            _board(str(i + 1), seated[3 * i : 3 * i + 3], top=i == 0 and rng.random() < 0.4)
            for i in range(len(seated) // 3)
        ]
        order = rng.sample(names, len(names))
        k = rng.randint(2, 4)
        teams = {f"T{i}": tuple(order[i::k]) for i in range(k)}
        verdicts += len(_check(scores, boards, teams))
    assert verdicts > 400
