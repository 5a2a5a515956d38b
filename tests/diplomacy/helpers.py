"""Small hand-made standings for the prize tests (no aggregation involved)."""

from fractions import Fraction

from palmares.diplomacy.aggregation.base import Line, Standing, Standings, rank_standings
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat


def standing(player: str, after: dict[int, int | str], games: tuple[Line, ...] = ()) -> Standing:
    scores = {r: Fraction(v) for r, v in after.items()}
    final = scores[max(scores)]
    return Standing(player, final, len(games), games, scores)


def game(
    rnd: int, board: str, power: str, before: str, raw: str, centres: int, points: str
) -> Line:
    return Line(
        round=rnd,
        kind="game",
        before=Fraction(before),
        after=Fraction(before) + Fraction(points),
        text="",
        board=board,
        power=power,
        centres=centres,
        board_score=Fraction(raw),
        points=Fraction(points),
    )


def table(*players: Standing) -> Standings:
    rounds = sorted({r for s in players for r in s.after})
    return Standings("test", "test", tuple(rounds), rank_standings(players), {})


def top_board(rnd: int, players: list[str]) -> PlayedBoard:
    seats = tuple(Seat(p, n, 0) for p, n in zip(GREAT_POWERS, players, strict=True))
    return PlayedBoard(rnd, "top", seats, top_board=True)
