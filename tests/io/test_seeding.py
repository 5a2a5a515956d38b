"""Readers of the board call's input: players.csv and pairs.csv (DESIGN.md, "Board call input")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from palmares.core.errors import InputError
from palmares.diplomacy.seeding import Entrant
from palmares.io.boards import read_boards_csv
from palmares.io.seeding import read_pairs_csv, read_players_csv

Write = Callable[[str, str], Path]


def test_players(write: Write) -> None:
    path = write("players.csv", "Player,Boards,Team\nAnn,,Red\nBob,2,\nCy,0,Red\n")
    assert read_players_csv(path) == (
        Entrant("Ann", None, "Red"),
        Entrant("Bob", 2, None),
        Entrant("Cy", 0, "Red"),
    )
    assert read_players_csv(write("p.csv", "player\nAnn\n")) == (Entrant("Ann"),)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("player,boards\nAnn,3\n", "players.csv:2: boards: must be at most 2, got 3"),
        ("player,boards\nAnn,x\n", "players.csv:2: boards: expected a whole number, got 'x'"),
        ("player\nAnn\nBob\nAnn\n", "players.csv:4: player: Ann is already listed at line 2"),
        ("player,seat\nAnn,1\n", "players.csv:1: seat: unknown column"),
        ("name\nAnn\n", "players.csv:1: player: required column is missing"),
        ("player,team\n,Red\n", "players.csv:2: player: a value is required"),
        ("player\n", "players.csv: no players listed"),
    ],
)
def test_bad_players(write: Write, text: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        read_players_csv(write("players.csv", text))
    assert message in str(caught.value)


def test_pairs(write: Write) -> None:
    path = write("pairs.csv", "player_a,player_b\nAnn,Bob\n\nCy,Di\n")
    assert read_pairs_csv(path) == (("Ann", "Bob"), ("Cy", "Di"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("player_a,player_b\nAnn,Ann\n", "pairs.csv:2: player_b: Ann is paired with themself"),
        ("player_a,player_b\nAnn,\n", "pairs.csv:2: player_b: a value is required"),
        ("player_a\nAnn\n", "pairs.csv:1: player_b: required column is missing"),
    ],
)
def test_bad_pairs(write: Write, text: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        read_pairs_csv(write("pairs.csv", text))
    assert message in str(caught.value)


def test_a_board_call_reads_as_history_without_centres(write: Write) -> None:
    rows = "".join(f"1,1,{p},p{k}\n" for k, p in enumerate("AEFGIRT"))
    text = "round,board,power,player\n" + rows
    (board,) = read_boards_csv(write("call.csv", text), results=False).boards
    assert board.players == tuple(f"p{k}" for k in range(7))
    with pytest.raises(InputError, match=r"call\.csv:1: centres: required column is missing"):
        read_boards_csv(write("call.csv", text))
