"""Small hand-made standings for the prize tests (no aggregation involved)."""

from dataclasses import replace
from fractions import Fraction

from palmares.diplomacy.aggregation.ante import AnteGame
from palmares.diplomacy.aggregation.base import Line, Standing, Standings, rank_standings
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat


def standing(player: str, after: dict[int, int | str], games: tuple[Line, ...] = ()) -> Standing:
    scores = {r: Fraction(v) for r, v in after.items()}
    final = scores[max(scores)]
    return Standing(player, final, len(games), games, scores)


def game(
    rnd: int, board: str, power: str, before: str, raw: str, centres: int, points: str
) -> Line:
    """An ante game line: ``points`` is the take from a pot (the pot's size is not used)."""
    return Line(
        round=rnd,
        kind="game",
        before=Fraction(before),
        after=Fraction(before) + Fraction(points),
        step=AnteGame(
            stake_rate=Fraction(1, 10),
            base=Fraction(before),
            stake=Fraction(before) / 10,
            pot=Fraction(70),
            share=Fraction(points) / 70,
            board_total=Fraction(100),
            next_stake=None,
        ),
        board=board,
        power=power,
        centres=centres,
        board_score=Fraction(raw),
        points=Fraction(points),
    )


def table(*players: Standing, low_is_best: bool = False) -> Standings:
    rounds = sorted({r for s in players for r in s.after})
    if not low_is_best:
        return Standings("test", "test", tuple(rounds), rank_standings(players), {})
    ranked = tuple(
        replace(s, rank=len([x for x in players if x.score < s.score]) + 1)
        for s in sorted(players, key=lambda s: (s.score, s.player))
    )
    return Standings("test", "test", tuple(rounds), ranked, {}, low_is_best=True)


def top_board(rnd: int, players: list[str]) -> PlayedBoard:
    seats = tuple(Seat(p, n, 0) for p, n in zip(GREAT_POWERS, players, strict=True))
    return PlayedBoard(rnd, "top", seats, top_board=True)
