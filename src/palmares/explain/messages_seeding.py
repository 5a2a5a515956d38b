"""Why a board call cannot be made (diplomacy.seeding, seed 002 'Board Assignments'; issue 6): each
key's English sentence, its French in the catalogue (issue 19)."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["SEEDING"]

SEEDING: dict[str, str] = {
    "seeding.time_limit": N_("the time limit must be positive, got {got}"),
    "seeding.rounds": N_("the number of rounds must be at least 1, got {got}"),
    "seeding.no_call": N_(
        "no board call keeps every pair apart (the constraints may be impossible to meet): {broken}"
    ),
    "seeding.too_few": N_("{seats} seats cannot fill a board of {size}"),
    "seeding.too_few_sit": N_(
        "{seats} seats do not fill boards of {size}, and only {left} players are left to sit "
        "out ({need} needed)"
    ),
    "seeding.too_few_double": N_(
        "{seats} seats do not fill boards of {size}, and only {left} players are left to play "
        "two boards ({need} needed)"
    ),
    "seeding.round": N_("the round must be at least 1, got {got}"),
    "seeding.twice": N_("players listed twice: {players}"),
    "seeding.top_size": N_("the top board needs {size} different players, got {got}"),
    "seeding.top_unknown": N_("top-board players not in the players list: {players}"),
    "seeding.top_boards": N_("{player} is on the top board but boards = {boards}"),
    "seeding.nobody": N_("nobody plays this round"),
    "seeding.two_boarder": N_("a two-boarder needs at least two boards in the round"),
    "seeding.team_seats": N_(
        "team {team} fills {seats} seats this round but only {boards} boards are open to it: "
        "team-mates cannot all be kept apart"
    ),
    "seeding.board_size": N_("board {board} has {players} players"),
    "seeding.sits_twice": N_("{player} sits twice on board {board}"),
    "seeding.share": N_("{a} and {b} share board {board} ({why})"),
    "seeding.plays_boards": N_("{player} plays {boards} boards, not {expected}"),
    "seeding.powers_once": N_("board {board} does not give each power once"),
    "seeding.same_power": N_("{player} plays {power} on both boards"),
}
