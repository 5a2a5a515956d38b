"""Seed 004's worked examples in words, as the seed writes them, and in French (issue 19).

Each English sentence is checked against the seed's own text (``seeds/004_*.txt``); the figures
come from the Wizard core (Skill Ratio, the matrix, the TRIAD share, the Top 10, tournament
places), the words from ``palmares.explain``.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from palmares.explain import explain, explain_text
from palmares.wizard.game import Finish
from palmares.wizard.month import LeagueLine, number_ranking
from palmares.wizard.skill_ratio import skill_ratio
from palmares.wizard.tournament import Placing, Tournament, tournament_result
from palmares.wizard.triad import TriadGame
from palmares.wizard.winning_percentage import winning_percentage

NNBSP = "\u202f"


def _seed(shared: Path) -> str:
    (path,) = (shared / "seeds").glob("004_*.txt")
    return " ".join(path.read_text(encoding="utf-8").split())


def _line(player: str, points: int, games: int, **ranks: int | None) -> LeagueLine:
    return LeagueLine(
        player=player,
        games=games,
        points=points,
        wins=Fraction(0),
        skill_ratio=skill_ratio(points, games),
        win_percentage=winning_percentage(0, games),
        qualified=ranks.get("rank") is not None,
        points_rank=ranks.get("points_rank"),
        sr_rank=ranks.get("sr_rank"),
        matrix=ranks.get("matrix"),
        rank=ranks.get("rank"),
        awards=(),
    )


def test_skill_ratio_30_points_in_20_games_is_1_5(shared: Path) -> None:
    (text,) = explain(_line("Ann", 30, 20), "en")
    said = "a player with 30 points in 20 games has an SR of 1.5"
    assert text.startswith(f"Ann: {said}; ")
    assert "A player with 30 points in 20 games has an SR of 1.5" in _seed(shared)
    (french,) = explain(_line("Ann", 30, 20), "fr")
    assert french.startswith("Ann : un joueur avec 30 points en 20 parties a un SR de 1,5 ; ")


def test_5th_in_points_and_3rd_in_sr_is_a_matrix_score_of_8(shared: Path) -> None:
    points = {"a": 10, "b": 9, "c": 8, "d": 7, "e": 6}
    ratios = {p: Fraction(r, 100) for p, r in zip("abecd", (100, 90, 85, 80, 70), strict=True)}
    ranking = number_ranking(points, ratios, "matrix")
    line = _line(
        "e",
        6,
        10,
        points_rank=ranking.points_rank["e"],
        sr_rank=ranking.sr_rank["e"],
        matrix=ranking.matrix["e"],
        rank=ranking.rank["e"],
    )
    said = "5th in points and 3rd in SR equals a matrix score of 8"
    assert said in _seed(shared)
    assert f"; {said}, rank " in explain_text(line, "en")
    assert "; 5e aux points et 3e au SR donnent un score de matrice de 8, rang " in explain_text(
        line, "fr"
    )


def _open(day: date, size: int = 25) -> Tournament:
    return Tournament("Spring Open", day, tuple(Placing(f"p{i}", i) for i in range(1, size + 1)))


def test_two_tied_first_of_the_triad_get_half_of_3_plus_2(shared: Path) -> None:
    game = TriadGame("Spring Open", (Finish("p1", score=200), Finish("p2", score=200),
                                     Finish("p3", score=40)))  # fmt: skip
    result = tournament_result(_open(date(2015, 6, 1)), triad=game)
    (award,) = (a for a in result.lines[0].awards if a.kind == "triad")
    said = "each player will receive half of 3+2 points. (2.5 points)"
    assert f"If 2 players tie for first {said}" in _seed(shared)
    assert explain_text(award.reason, "en") == f"TRIAD: 2 players tie for 1st: {said}"
    assert explain_text(award.reason, "fr") == (
        "TRIAD : 2 joueurs ex aequo à la 1re place : chaque joueur recevra la moitié de 3+2 "
        "points. (2,5 points)"
    )


def test_the_top_10_table_30_27_24(shared: Path) -> None:
    from palmares.core.ranking import TieGroup
    from palmares.wizard.master_points import top_ten_awards
    from palmares.wizard.rules import TOP_TEN

    groups = [TieGroup(k, (f"p{k}",)) for k in range(1, 11)]
    awards = top_ten_awards(groups, table=TOP_TEN, whole=True, day=date(2019, 12, 31), source="m")
    said = [explain_text(a.reason, "en") for a in awards]
    assert said[:3] == ["1st of the Top 10: 30", "2nd of the Top 10: 27", "3rd of the Top 10: 24"]
    assert said[9] == "10th of the Top 10: 3"
    seed = _seed(shared)
    for text in ("1st........30 Master Points", "2nd.......27", "3rd........24", "10th......03"):
        assert text in seed
    assert explain_text(awards[0].reason, "fr") == "1er du Top 10 : 30"
    assert explain_text(awards[1], "fr") == "27 PM pour 2e du Top 10 : 27"


def test_tournament_places_in_the_seeds_words(shared: Path) -> None:
    result = tournament_result(_open(date(2015, 6, 1)))
    first, second, third = (explain_text(x.awards[0].reason, "en") for x in result.lines[:3])
    seed = _seed(shared)
    assert "1st place: receives points equal to the number in the tournament." in seed
    assert "3rd place receives 50% of points for 2nd place." in seed
    assert first == (
        "1st place of 25 players: receives points equal to the number in the tournament: 25"
    )
    assert second == "2nd place of 25 players: receives 50% of points for 1st place: 13"
    assert third == "3rd place of 25 players: receives 50% of points for 2nd place: 7"
    assert explain_text(result.lines[1].awards[0].reason, "fr") == (
        f"2e place sur 25 joueurs : reçoit 50{NNBSP}% des points de la 1re place : 13"
    )
    lines = explain(result, "en")
    assert lines[1] == (
        "- 3 places paid: 25, 13, 7 (1st = the number of players; each next place half of the "
        "previous place's award, rounded half up)"
    )
    assert lines[2] == (
        "p1: 25 MP for 1st place of 25 players: receives points equal to the number in the "
        "tournament: 25"
    )


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_wizard_renderer_speaks_both_languages(language: str) -> None:
    result = tournament_result(_open(date(2009, 6, 1), 45))
    lines = explain(result, language)
    assert len(lines) == 2 + 4  # the head, the places, four paid places
    assert ("45, 22.5, 11.25, 5.63" if language == "en" else "45, 22,5, 11,25, 5,63") in lines[1]
