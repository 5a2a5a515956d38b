"""The bundled six-round example tournament (examples/wdc-2007), checked by hand.

38 players; rounds 1–5 have five boards, round 6 the top board and two more. It has a solo
(Ben Ortiz, round 1), a two-boarder (Gwen Hollis, round 3), a player with only two games in
rounds 1–5 (Ivo Marsh, rounds 1 and 2, back for round 6), a player with one (Lena Park, round 4),
two declines (Oscar Lind, personal; Anna Keller, for her team), two teams with two members on
the top board (Cascadia, Maple Leaf) and a tie on the top board broken by the score going in.
"""

from fractions import Fraction
from pathlib import Path

import pytest

from palmares.diplomacy.aggregation import Standings
from palmares.diplomacy.aggregation.ante import Ante, AnteGame
from palmares.diplomacy.board import GREAT_POWERS
from palmares.diplomacy.prizes import Prizes, prizes
from palmares.diplomacy.scoring import get_system
from palmares.explain import explain_text
from palmares.io.boards import BoardsFile, read_boards_csv, read_teams_csv
from palmares.io.tournament import read_declines_csv

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "wdc-2007"
F = Fraction


@pytest.fixture(scope="module")
def boards() -> BoardsFile:
    return read_boards_csv(EXAMPLE / "boards.csv")


@pytest.fixture(scope="module")
def table(boards: BoardsFile) -> Standings:
    return Ante().aggregate(list(boards.boards), get_system("divide-and-conquer"))


@pytest.fixture(scope="module")
def awards(table: Standings, boards: BoardsFile) -> Prizes:
    return prizes(
        table,
        list(boards.boards),
        teams=read_teams_csv(EXAMPLE / "teams.csv"),
        declines={d.player: d.reason for d in read_declines_csv(EXAMPLE / "declines.csv")},
    )


def test_the_example_has_what_the_issue_asks_for(boards: BoardsFile) -> None:
    players = {p for b in boards.boards for p in b.players}
    assert len(players) == 38 and boards.rounds == (1, 2, 3, 4, 5, 6)
    assert [len(b.players) for b in boards.in_round(3)].count(7) == 5
    round_3 = [p for b in boards.in_round(3) for p in b.players]
    assert round_3.count("Gwen Hollis") == 2


def test_round_1_by_hand(table: Standings) -> None:
    """Everyone stakes 10 of 100; every pot is 70; new = 90 + raw % · 70.

    Board 1 is the seed's Example 1 (Dana 15 → 64.47 → 135.129; Kim 10 → 106.877; Oscar 5 →
    94.998; Bea, Tara 2 → 91.498; Zoe, Noah 0 → 90). Board 2 is Example 2 (Nadia 10 → 113.66,
    Liam 9 → 109.089, Hugo 8 → 105.239, Ivo 7 → 102.012, Erin, Quinn, Rosa → 90). Board 3 is
    Ben Ortiz's solo: 100 − 10 + 70 = 160, the other six 90.
    Board 4 (12 8 6 4 2 1 0): Σ f = 7 + 3 + 1.82843 + 1 + 0.41421 + 0.18921 = 13.43185; raw
    52.11, 22.33, 13.61, 7.44, 3.08, 1.41, 0 → Marc 126.477, Ravi 105.631, Sven 99.527, Sam
    95.208, Carl 92.156, Will 90.987, Paul 90.
    Board 5 (9 8 7 5 3 2 0): Σ f = 3.75683 + 3 + 2.36359 + 1.37841 + 0.68179 + 0.41421 =
    11.59483; raw 32.40, 25.87, 20.38, 11.89, 5.88, 3.57, 0 → Chris 112.68, Anna 108.109, Lucy
    104.266, Gwen 98.323, Yuki 94.116, Tom 92.499, Ines 90.
    Lena Park, Mia Novak and Karl Weber sit out: 100."""
    by_hand = {
        "Dana Fraser": "135.129", "Kim Tanaka": "106.877", "Oscar Lind": "94.998",
        "Bea Lund": "91.498", "Tara Singh": "91.498", "Zoe Clarke": "90", "Noah Berg": "90",
        "Nadia Petrova": "113.66", "Liam O'Neill": "109.089", "Hugo Brandt": "105.239",
        "Ivo Marsh": "102.012", "Erin Walsh": "90", "Quinn Taylor": "90", "Rosa Lopez": "90",
        "Ben Ortiz": "160", "Alex Young": "90", "Uwe Krause": "90", "Olga Ivanova": "90",
        "Pia Rossi": "90", "Vera Horvat": "90", "Jack Dawson": "90",
        "Marc Dubois": "126.477", "Ravi Shah": "105.631", "Sven Dahl": "99.527",
        "Sam Reid": "95.208", "Carl Nash": "92.156", "Will Baker": "90.987", "Paul Moreau": "90",
        "Chris Martin": "112.68", "Anna Keller": "108.109", "Lucy Grant": "104.266",
        "Gwen Hollis": "98.323", "Yuki Mori": "94.116", "Tom Hughes": "92.499",
        "Ines Costa": "90", "Lena Park": "100", "Mia Novak": "100", "Karl Weber": "100",
    }  # fmt: skip
    assert {s.player: s.after[1] for s in table.players} == {p: F(v) for p, v in by_hand.items()}


def test_the_two_games_player_by_hand(table: Standings) -> None:
    """Ivo Marsh plays rounds 1 and 2 only of rounds 1–5.

    Round 1: 102.012 (Example 2, 7 centres). Round 2, board 2 (1 8 6 2 7 6 4 centres): the seven
    going in are Alex 90, Marc 126.477, Ivo 102.012, Rosa 90, Kim 106.877, Mia 100, Tom 92.499
    (round 1 above): Σ 707.865, pot 70.7865. Σ f = 0.18921 + 3 + 1.82843 + 0.41421 + 2.36359
    + 1.82843 + 1 = 10.62387; Ivo's 6 centres: 1.82843 / 10.62387 = 17.21 %.
    Ivo: 102.012 − 10.2012 + 0.1721 · 70.7865 = 91.8108 + 12.18235665 = 103.99315665.
    After round 5 he has played in 2 of 5 rounds: one game assumed lost, −10 %:
    103.99315665 · 0.9 = 93.593840985. Round 6 he stakes 10 % of that."""
    ivo = table.of("Ivo Marsh")
    assert ivo.after[2] == F("103.99315665")
    assert ivo.after[3] == ivo.after[4] == F("103.99315665")
    assert ivo.after[5] == F("93.593840985")
    (adjustment,) = [x for x in ivo.lines if x.kind == "adjustment"]
    assert (adjustment.round, adjustment.before, adjustment.after) == (
        5,
        F("103.99315665"),
        F("93.593840985"),
    )
    assert ivo.games_in(6)[0].step.staked() == F("9.3593840985")


def test_the_one_game_player_loses_two_stakes(table: Standings) -> None:
    """Lena Park plays only round 4 (France, 15 centres, raw 64.47): 90 + 0.6447 · pot; after
    round 5 two games are assumed lost: × 0.9 × 0.9 = × 0.81."""
    lena = table.of("Lena Park")
    (game,) = lena.games_in(4)
    assert game.board_score == F("64.47")
    assert isinstance(game.step, AnteGame)
    assert lena.after[4] == 90 + F("0.6447") * game.step.pot
    assert lena.after[5] == lena.after[4] * F("0.81")
    assert lena.score == lena.after[5]  # she does not play round 6


def test_the_two_boarder_stakes_her_pre_round_score_twice(table: Standings) -> None:
    """Gwen Hollis: round 1 98.323 (above); round 2 board 3, Austria 3 centres, raw 5.88 of a
    pot of 65.9516: 98.323 − 9.8323 + 0.0588 · 65.9516 = 88.4907 + 3.87795408 = 92.36865408.
    In round 3 she plays boards 3 and 5 and stakes 9.236865408 (10 % of 92.36865408) on each."""
    gwen = table.of("Gwen Hollis")
    assert gwen.after[2] == F("92.36865408")
    first, second = gwen.games_in(3)
    assert first.step.staked() == second.step.staked() == F("9.236865408")
    assert first.points is not None and second.points is not None
    assert gwen.after[3] == (F("92.36865408") - 2 * F("9.236865408") + first.points + second.points)


def test_top_board_invitations(awards: Prizes, table: Standings) -> None:
    """After round 5 the ranking starts Ben, Nadia, Dana, Marc, Oscar, Ravi, Kim, Anna, Chris.
    Oscar declines (flight home); Anna declines so Old World keeps only Marc; Chris, 9th, takes
    the last seat."""
    top = awards.top_board
    assert top is not None
    assert [(i.player, i.accepted) for i in top.invitations] == [
        ("Ben Ortiz", True), ("Nadia Petrova", True), ("Dana Fraser", True),
        ("Marc Dubois", True), ("Oscar Lind", False), ("Ravi Shah", True),
        ("Kim Tanaka", True), ("Anna Keller", False), ("Chris Martin", True),
    ]  # fmt: skip
    assert awards.top_board_problems == ()
    assert [i.rank for i in top.invitations] == list(range(1, 10))
    assert table.of("Nadia Petrova").score_after(5) == top.invitations[1].score


def test_champion_by_hand(awards: Prizes, table: Standings) -> None:
    """Top board: Nadia 9, Dana 9, Ben 6, Kim 5, Marc 3, Ravi 2, Chris 0. Σ f = 2 · 3.75683 +
    1.82843 + 1.37841 + 0.68179 + 0.41421 = 11.8165; both 9s take 3.75683 / 11.8165 = 31.79 % of
    the same pot: a tie, broken by the score going into round 6: Nadia 203.18… > Dana 174.90…"""
    champion, top = awards.champion, awards.top_board
    assert champion is not None and top is not None
    assert champion.players == ("Nadia Petrova",)
    nadia, dana = table.of("Nadia Petrova"), table.of("Dana Fraser")
    assert nadia.games_in(6)[0].board_score == dana.games_in(6)[0].board_score == F("31.79")
    assert nadia.games_in(6)[0].points == dana.games_in(6)[0].points
    step = nadia.games_in(6)[0].step
    assert isinstance(step, AnteGame)
    pot = step.pot
    assert pot == sum((table.of(p).after[5] for p in top.players), start=F(0)) / 10
    assert champion.points == F("0.3179") * pot
    assert nadia.after[5] > dana.after[5]
    assert "broken by the score going into round 6" in explain_text(champion, "en")


def test_places_two_to_seven_leave_out_the_champion(awards: Prizes, table: Standings) -> None:
    """The six highest final scores apart from Nadia's: Ben (who tops the final scores but did
    not win the top board), Dana, Oscar (who declined the top board and won board 2), Marc,
    Ravi, Anna."""
    assert [(p.place, p.player) for p in awards.places] == [
        (2, "Ben Ortiz"), (3, "Dana Fraser"), (4, "Oscar Lind"), (5, "Marc Dubois"),
        (6, "Ravi Shah"), (7, "Anna Keller"),
    ]  # fmt: skip
    finals = sorted((s.score for s in table.players if s.player != "Nadia Petrova"), reverse=True)
    assert [p.score for p in awards.places] == finals[:6]


def test_best_countries(awards: Prizes) -> None:
    """France: Ben Ortiz's solo (raw 100, payout the whole pot of 70) beats any draw."""
    best = {b.power: b for b in awards.best_countries}
    assert set(best) == set(GREAT_POWERS)
    france = best["France"]
    assert (france.player, france.round, france.board_score, france.centres, france.points) == (
        "Ben Ortiz",
        1,
        100,
        18,
        F(70),
    )


def test_team_rule_on_the_top_board(awards: Prizes, table: Standings) -> None:
    """Cascadia (Ben, Kim) and Maple Leaf (Dana, Chris) each have two members on the top board:
    those count their score after round 5; Liam and Erin count their final score. Old World kept
    one member there (Anna declined), so Marc, Anna and Pia count their final scores."""
    teams = {t.team: t for t in awards.teams}
    s = table.of
    assert teams["Cascadia"].score == (
        s("Ben Ortiz").after[5] + s("Kim Tanaka").after[5] + s("Liam O'Neill").score
    )
    assert teams["Maple Leaf"].score == (
        s("Dana Fraser").after[5] + s("Chris Martin").after[5] + s("Erin Walsh").score
    )
    assert teams["Old World"].score == (
        s("Marc Dubois").score + s("Anna Keller").score + s("Pia Rossi").score
    )
    assert [t.team for t in awards.teams] == [
        "Cascadia",
        "Maple Leaf",
        "Old World",
        "Southern Cross",
    ]
    assert awards.notes == ()  # no team-mates together off the top board
