"""Individual awards: places 2–7 and the best country for each power.

Seed 002, "Prizes": "Second through Seventh places will go to the six players, not counting the
Tournament Champion, who have the highest scores after the final round. Best Country Awards will
go to the players with the individual best performances with each of the seven powers."

Our reading (specs/diplomacy.md): a best performance is ranked by the raw score of that game
(the board-scoring system's score), then the centres, then the payout (the ante's take from the
pot). A tie on all three is shared.

Under another board-scoring system the "raw score" is that system's board score: the measure of
a game the TD chose, comparable from board to board (a Carnage 7006 beats a 6008). Under another
aggregation there is no payout: what a game adds to the total there is the board score again
(a sum), the board score or nothing depending on the player's other games (best N: a dropped
game says nothing about how the power was played), or a round rank (round ranks). So the payout
breaks ties only under the ante; elsewhere a tie on board score and centres is shared. The games
are read from the boards themselves, so every aggregation has best countries (a sum of round
ranks keeps one line per round, not per game). A player's own two equal games are not a "shared"
award: the earlier is shown.

Places 2–7 follow the standings' order, best first (the highest score, or the lowest when low is
best, with the aggregation's tie-break chain applied): they tie competition-style (two players
tied for 6th both get 6th, and the next is 8th).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from palmares.core.ranking import tie_groups
from palmares.diplomacy.aggregation.ante import AnteGame
from palmares.diplomacy.aggregation.base import Line, Standings
from palmares.diplomacy.board import PlayedBoard, Seat
from palmares.diplomacy.column_boards import ColumnBoards, ColumnScores
from palmares.diplomacy.scoring.base import Score, exact
from palmares.diplomacy.scoring.divide_and_conquer import cents

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["BestCountry", "BestCountryOrder", "Place", "best_countries", "places"]


@dataclass(frozen=True, slots=True)
class Place:
    place: int
    player: str
    score: Fraction


def places(
    standings: Standings, champions: Collection[str], *, first: int = 2, last: int = 7
) -> tuple[Place, ...]:
    """Places ``first``–``last`` in the standings' order, the champion(s) left out; players who
    share a rank in the standings share a place."""
    rest = [s for s in standings.players if s.player not in champions]
    out: list[Place] = []
    for group in tie_groups(rest, key=lambda s: s.rank, descending=False):
        place = first - 1 + group.rank
        if place > last:
            break
        out.extend(Place(place, s.player, s.score) for s in group.members)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class BestCountryOrder:
    """How the best game with each power is chosen (seed 002, "Prizes"): by the board score
    (``raw_score``: Divide and Conquer's raw score), then centres, then (``payout``: under the
    ante) the take from the pot."""

    raw_score: bool
    payout: bool


@dataclass(frozen=True, slots=True)
class BestCountry:
    """The best game with one power: who, where, and the three figures that rank it."""

    power: str
    player: str
    round: int
    board: str
    board_score: Score
    centres: int
    #: The ante's take from the pot; ``None`` under an aggregation without a payout.
    points: Fraction | None
    shared_with: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _Game:
    player: str
    round: int
    board: str
    power: str
    board_score: Score
    centres: int
    payout: Fraction | None

    def key(self) -> tuple[object, ...]:
        payout = exact(self.payout) if self.payout is not None else 0
        return (exact(self.board_score), self.centres, payout)


def _payout(line: Line | None) -> Fraction | None:
    """The take from a pot (the ante); other aggregations have no payout."""
    if line is None or not isinstance(line.step, AnteGame) or line.points is None:
        return None
    return line.points


def _games(
    standings: Standings, boards: Iterable[PlayedBoard], powers: Collection[str]
) -> list[_Game]:
    """For each of ``powers``, the games of ``boards`` scored in the standings that tie for
    its best board score and centres, their payouts not yet read (``None``: :func:`_with_payouts`
    reads them). One pass with no value per game (issue 33: an archive of a million games);
    none at all over boards kept as columns whose seats' scores were worked out at once."""
    every = standings.board_scores
    if (
        isinstance(boards, ColumnBoards)
        and isinstance(every, ColumnScores)
        and every.boards is boards
        and every.seat_hundredths is not None
    ):
        return _column_games(boards, every.seat_hundredths, powers)
    heads: dict[str, tuple[Score, int]] = {}
    leaders: dict[str, list[tuple[PlayedBoard, Seat, Score]]] = {p: [] for p in powers}
    for board in boards:
        result = standings.board_scores.get((board.round, board.board))
        if result is None:
            continue
        scores = result.scores
        for seat in board.seats:
            found = leaders.get(seat.power)
            if found is None:
                continue
            score = scores[seat.power]
            head = heads.get(seat.power)
            if head is None or (score, seat.centres) > head:
                heads[seat.power] = (score, seat.centres)
                found.clear()
            elif (score, seat.centres) != head:
                continue
            found.append((board, seat, score))
    return [
        _Game(seat.player, board.round, board.board, seat.power, score, seat.centres, None)
        for found in leaders.values()
        for board, seat, score in found
    ]


def _column_games(
    boards: ColumnBoards, hundredths: npt.NDArray[np.int64], powers: Collection[str]
) -> list[_Game]:
    """:func:`_games` of boards kept as columns, each seat's board score ``hundredths`` / 100
    (Divide and Conquer's raw score, :func:`cents`): per power, the seats whose (score,
    centres) is the largest."""
    import numpy as np

    c = boards.columns
    key = hundredths * (int(c.centres.max(initial=0)) + 1) + c.centres
    board = np.repeat(np.arange(len(boards), dtype=np.int64), np.diff(c.offsets))
    out: list[_Game] = []
    for power in powers:
        if power not in c.powers:
            continue
        mine = c.power == c.powers.index(power)
        if not mine.any():
            continue
        best = key[mine].max()
        for s in np.flatnonzero(mine & (key == best)).tolist():
            k = int(board[s])
            out.append(
                _Game(
                    c.names[int(c.player[s])],
                    int(c.rounds[k]),
                    c.labels[k],
                    power,
                    cents(int(hundredths[s])),
                    int(c.centres[s]),
                    None,
                )
            )
    return out


def _with_payouts(standings: Standings, games: list[_Game]) -> list[_Game]:
    """``games`` with each one's payout read from its player's line (issue 33: only the games
    that tie for a best country need one, and an ante's lines are built when read)."""
    if not games:
        return games
    wanted = {g.player for g in games}
    lines = {
        (s.player, x.round, x.board, x.power): x
        for s in standings.players
        if s.player in wanted
        for x in s.lines
        if x.kind == "game"
    }
    return [
        replace(g, payout=_payout(lines.get((g.player, g.round, g.board, g.power)))) for g in games
    ]


def _games_from_lines(standings: Standings) -> list[_Game]:
    return [
        _Game(
            s.player,
            x.round,
            x.board or "",
            x.power,
            x.board_score if x.board_score is not None else 0,
            x.centres or 0,
            _payout(x),
        )
        for s in standings.players
        for x in s.lines
        if x.kind == "game" and x.power is not None
    ]


def best_countries(
    standings: Standings, powers: Collection[str], boards: Iterable[PlayedBoard] | None = None
) -> tuple[BestCountry, ...]:
    """For each power, the best game played with it: raw (board) score, then centres, then the
    ante's payout. The games are those of ``boards`` scored in the standings (without boards:
    the game lines of the standings)."""
    from_boards = boards is not None
    every = (
        _games(standings, boards, powers) if boards is not None else _games_from_lines(standings)
    )
    games: dict[str, list[_Game]] = {p: [] for p in powers}
    for game in every:
        if game.power in games:
            games[game.power].append(game)
    out: list[BestCountry] = []
    for power, entries in games.items():
        if not entries:
            continue
        # The best group alone, in one pass (a league's archive holds a hundred thousand games
        # of each power; ranking them all was most of `diplomacy standings`, issue 33): the
        # games whose key is the largest, in round, board, player order.
        # The board score and centres first; the payout only of the games tied on both.
        heads = [g.key()[:2] for g in entries]
        head = max(heads)
        tied = [g for g, k in zip(entries, heads, strict=True) if k == head]
        if from_boards:
            tied = _with_payouts(standings, tied)
        keys = [g.key() for g in tied]
        most = max(keys)
        best = sorted(
            (g for g, k in zip(tied, keys, strict=True) if k == most),
            key=lambda g: (g.round, g.board, g.player),
        )
        top = best[0]
        others = tuple(dict.fromkeys(g.player for g in best[1:] if g.player != top.player))
        out.append(
            BestCountry(
                power=power,
                player=top.player,
                round=top.round,
                board=top.board,
                board_score=top.board_score,
                centres=top.centres,
                points=top.payout,
                shared_with=others,
            )
        )
    return tuple(out)
