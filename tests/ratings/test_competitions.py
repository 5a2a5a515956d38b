"""Competitions from every file we read (issue 18)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from palmares.diplomacy.scoring import get_system
from palmares.io.boards import read_boards_csv
from palmares.io.competitions import read_competitions
from palmares.io.results import read_results
from palmares.ratings.competitions import Competition, from_boards, from_matches, until
from palmares.ratings.dip_pouch import event_value
from palmares.tantrix.match import Match

REPO = Path(__file__).resolve().parents[2]


def test_an_event_is_ordered_by_rank_with_its_tournament_value() -> None:
    results = read_results(REPO / "examples" / "dip-pouch" / "history.csv")
    competitions = read_competitions(REPO / "examples" / "dip-pouch" / "history.csv", "results")
    first, event = competitions.competitions[0], results.events[0]
    assert first.places == tuple(sorted(p.rank for p in event.placements))
    assert first.value == float(event_value(event).value)
    assert competitions.name(first.players[0]) == results.players[first.players[0]].name


def test_a_board_by_centres_or_by_its_system() -> None:
    boards = read_boards_csv(REPO / "examples" / "wdc-2007" / "boards.csv").boards
    board = boards[0]
    by_centres = from_boards(boards)[0]
    centres = {s.player: s.centres for s in board.seats}
    assert [centres[p] for p in by_centres.players] == sorted(centres.values(), reverse=True)
    system = get_system("world-classic")
    scored = from_boards(boards, [system.score(b.result()).scores for b in boards])[0]
    score = system.score(board.result())
    by_player = {s.player: score[s.power] for s in board.seats}
    assert [by_player[p] for p in scored.players] == sorted(by_player.values(), reverse=True)


def test_a_match_by_tournament_points_ties_and_illustrative() -> None:
    day = date(2000, 11, 1)
    won = Match("A", "B", 4, Decimal(30), Decimal(50), "NZ", day, "R1")
    tied = Match("A", "C", 2, Decimal(20), Decimal(20), "NZ", day, "R2")
    made_up = Match("B", "C", 1, Decimal(15), Decimal(5), "NZ", day, "R3", illustrative=True)
    out = from_matches([won, tied, made_up])
    assert [(c.players, c.places) for c in out] == [(("B", "A"), (1, 2)), (("A", "C"), (1, 1))]


def test_games_are_in_date_order() -> None:
    games = read_competitions(REPO / "examples" / "wizard" / "games.csv", "games").competitions
    days = [c.day for c in games]
    assert days == sorted(d for d in days if d is not None)
    assert all(c.places[0] == 1 for c in games)
    assert len(until(games, date(2019, 11, 30))) < len(games)


def test_a_competition_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="twice"):
        Competition("x", None, ("A", "A"), (1, 2))
    with pytest.raises(ValueError, match="two players"):
        Competition("x", None, ("A",), (1,))
