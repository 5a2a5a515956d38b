"""A small tournament for the aggregation tests: 8 players, 3 rounds of one board, one sitter.

Board scores come from :class:`CentresScore` (a test double: a power's score is its centre
count), so every total below is checked by hand:

    round 1 (H sits out): A 10, B 8, C 6, D 4, E 3, F 2, G 1
    round 2 (A sits out): B 9, C 7, D 5, E 5, F 4, G 2, H 2
    round 3 (B sits out): A 6, C 3, D 8, E 5, F 4, G 1, H 7
"""

from __future__ import annotations

from fractions import Fraction

from palmares.diplomacy.board import GREAT_POWERS, Board, PlayedBoard, Seat
from palmares.diplomacy.scoring import BoardScore

ROUNDS: dict[int, list[tuple[str, int]]] = {
    1: [("A", 10), ("B", 8), ("C", 6), ("D", 4), ("E", 3), ("F", 2), ("G", 1)],
    2: [("B", 9), ("C", 7), ("D", 5), ("E", 5), ("F", 4), ("G", 2), ("H", 2)],
    3: [("A", 6), ("C", 3), ("D", 8), ("E", 5), ("F", 4), ("G", 1), ("H", 7)],
}


class CentresScore:
    """A board-scoring double: each power scores its final centres."""

    def score(self, board: Board) -> BoardScore:
        return BoardScore(board, "centres", {p: Fraction(c) for p, c in board.centres.items()})


def tournament(top_board_round: int | None = None) -> list[PlayedBoard]:
    return [
        PlayedBoard(
            rnd,
            "1",
            tuple(
                Seat(power, player, centres)
                for power, (player, centres) in zip(GREAT_POWERS, seats, strict=True)
            ),
            final_year=1907,
            top_board=rnd == top_board_round,
        )
        for rnd, seats in ROUNDS.items()
    ]


def boards_csv(top_board_round: int | None = None) -> str:
    lines = ["round,board,power,player,centres,final_year,top_board"]
    for rnd, seats in ROUNDS.items():
        for power, (player, centres) in zip(GREAT_POWERS, seats, strict=True):
            top = "yes" if rnd == top_board_round else ""
            lines.append(f"{rnd},1,{power},{player},{centres},1907,{top}")
    return "\n".join(lines) + "\n"
