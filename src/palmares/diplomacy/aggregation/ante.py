"""The ante system, the tournament score of the 2007 World Diplomacy Championship.

Seed 002, Appendix A ("Short" and "Long Explanation"): everyone begins with 100 points; before
each game a player antes (stakes) 10 % of their current score into the board's pot; after the
game each player takes their share of the pot, which for Divide and Conquer is the raw score in
percent. new score = current − stake + share · pot. Example 1: Austria 100 − 10 + 64.47 % · 70
= 135.129, and stakes 13.5129 next round.

Our reading (specs/diplomacy.md):

- A player on two boards in one round stakes ``stake`` × the score they had *before that round*
  on each board, and takes from each pot.
- A board-scoring system whose board total is not 100 pays score / board total of the pot
  (:meth:`BoardScore.share`); Divide and Conquer's total is 100, so the share is the raw score
  in percent, rounded to two decimals as the seed pays it.
- Scores are exact (Fractions) and never rounded between rounds; only the words round.
- The fewer-games adjustment (seed 002, "Top Board"): after round ``adjust_after`` (5), a player
  who played in only two of rounds 1–5 is adjusted as if they had played a third game and been
  eliminated: they lose a stake of their current score and take nothing. One who played in only
  one round loses two such stakes, one after the other (× 0.9 × 0.9). Rounds are counted, not
  boards: a two-boarder played in one round. A player who played in none of rounds 1–5 is not
  adjusted. (If no round 5 was played, the adjustment follows the last round before it.) The
  adjustment changes the score itself, so it carries into round 6 and the final
  standings; it is its own :class:`Line` (``kind="adjustment"``). It is the one step of the
  ante that removes points from the tournament.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.aggregation.ante_columns import column_ledger, column_scores
from palmares.diplomacy.aggregation.ante_ledger import AnteLedger, ante_ledger
from palmares.diplomacy.aggregation.ante_ledger_views import LedgerAfter, LedgerLines
from palmares.diplomacy.aggregation.ante_steps import AnteGame, FewerGames, fewer_games_adjustment
from palmares.diplomacy.aggregation.base import (
    Absent,
    AggregationInfo,
    BoardKey,
    Line,
    Standing,
    Standings,
    players_in_order,
    rank_standings,
    score_boards,
)
from palmares.diplomacy.aggregation.registry import register
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.column_boards import ColumnBoards
from palmares.diplomacy.scoring.base import BoardScore, Score, ScoringSystem, exact

__all__ = [
    "Ante",
    "AnteGame",
    "AntePot",
    "AnteSeat",
    "FewerGames",
    "ante_pot",
    "fewer_games_adjustment",
]

SLUG = "ante"


@dataclass(frozen=True, slots=True)
class AnteSeat:
    """One seat of an ante board: what its player staked and took, and the scores around it."""

    power: str
    player: str
    board_score: Score
    stake: Fraction
    take: Fraction
    before: Fraction
    after: Fraction


@dataclass(frozen=True, slots=True)
class AntePot:
    """One board's pot under the ante (seed 002, Appendix A, Examples 1 and 2): the seats in
    board order, the pot they staked, the stake rate."""

    round: int
    board: str
    stake_rate: Fraction
    pot: Fraction
    seats: tuple[AnteSeat, ...]


def ante_pot(standings: Standings, round_number: int, board: str) -> AntePot:
    """The pot of board ``board`` of round ``round_number`` in ante ``standings``."""
    seats: list[AnteSeat] = []
    rate = pot = Fraction(0)
    for standing in standings.players:
        for line in standing.lines:
            step = line.step
            if line.round == round_number and line.board == board and isinstance(step, AnteGame):
                rate, pot = step.stake_rate, step.pot
                seats.append(
                    AnteSeat(
                        power=line.power or "",
                        player=standing.player,
                        board_score=line.board_score if line.board_score is not None else 0,
                        stake=step.stake,
                        take=line.points or Fraction(0),
                        before=line.before,
                        after=line.after,
                    )
                )
    if not seats:
        raise KeyError(f"no ante game on board {board} of round {round_number}")
    result = standings.board_scores.get((round_number, board))
    order = list(result.board.centres) if result is not None else []
    seats.sort(key=lambda x: order.index(x.power) if x.power in order else len(order))
    return AntePot(round_number, board, rate, pot, tuple(seats))


@dataclass(frozen=True, slots=True)
class Ante:
    """The ante system; the defaults are the seed's: start 100, stake 10 %, adjust after
    round 5 those who played fewer than 3 of its rounds (``adjust_after=0`` turns it off)."""

    start: Fraction = Fraction(100)
    stake: Fraction = Fraction(1, 10)
    adjust_after: int = 5
    min_rounds: int = 3

    def __post_init__(self) -> None:
        if not 0 < self.stake < 1:
            raise PalmaresError.of(Message.of("ante.stake", got=str(self.stake)))
        if self.start <= 0:
            raise PalmaresError.of(Message.of("ante.start", got=str(self.start)))

    def adjusts(self, rounds: int) -> bool:
        """Whether the fewer-games adjustment can apply in a tournament of ``rounds`` rounds. It
        is made after round ``adjust_after`` (or after the last round before it when a later
        round is played), so never when ``adjust_after`` is 0 or more than the rounds, nor when
        ``min_rounds`` is 1 or less (no player with a game has played fewer)."""
        return 1 <= self.adjust_after <= rounds and self.min_rounds >= 2

    def next_stake(self, score: Score) -> Fraction:
        """What a player with ``score`` stakes in their next game."""
        return exact(score) * self.stake

    def adjust_rounds(self, rounds: Sequence[int]) -> tuple[int, ...]:
        """The round after which the fewer-games adjustment is made: round ``adjust_after``,
        or the last round before it when a later round is played and it is not."""
        ordered = sorted(rounds)
        return tuple(
            rnd
            for n, rnd in enumerate(ordered)
            if rnd == self.adjust_after
            or (
                rnd < self.adjust_after
                and n + 1 < len(ordered)
                and ordered[n + 1] > self.adjust_after
            )
        )

    def aggregate(
        self,
        boards: Sequence[PlayedBoard],
        system: ScoringSystem,
        *,
        entrants: Sequence[str] = (),
    ) -> Standings:
        """The standings in whole numbers of a decimal unit (:mod:`.ante_ledger`: the seed's
        figures all terminate) or, when a figure does not, in Fractions
        (:meth:`aggregate_fractions`); the same values either way. Boards kept as columns
        (:class:`ColumnBoards`) under Divide and Conquer are read from the columns
        (:mod:`.ante_columns`), each board made only when a line needs it."""
        if isinstance(boards, ColumnBoards) and not entrants:
            by_columns = self._from_columns(boards, system)
            if by_columns is not None:
                return by_columns
            boards = tuple(boards)
        scored = score_boards(boards, system)
        players = players_in_order(boards, entrants)
        ledger = ante_ledger(
            boards,
            scored,
            players,
            start=Fraction(self.start),
            stake=Fraction(self.stake),
            adjust_after=self.adjust_rounds([b.round for b in boards]),
            min_rounds=self.min_rounds,
        )
        if ledger is None:
            return self._fractions(boards, scored, players)
        return _ledger_standings(ledger, scored)

    def _from_columns(self, boards: ColumnBoards, system: ScoringSystem) -> Standings | None:
        scored = column_scores(boards, system)
        if scored is None:
            return None
        ledger = column_ledger(
            boards,
            scored,
            start=Fraction(self.start),
            stake=Fraction(self.stake),
            adjust_after=self.adjust_rounds(boards.rounds),
            min_rounds=self.min_rounds,
        )
        return None if ledger is None else _ledger_standings(ledger, scored)

    def aggregate_fractions(
        self,
        boards: Sequence[PlayedBoard],
        system: ScoringSystem,
        *,
        entrants: Sequence[str] = (),
    ) -> Standings:
        """The standings in Fractions, board by board and seat by seat: the rule as the seed
        states it, for any stake and share, and the reference the ledger is tested against."""
        return self._fractions(
            boards, score_boards(boards, system), players_in_order(boards, entrants)
        )

    def _fractions(
        self,
        boards: Sequence[PlayedBoard],
        scored: dict[BoardKey, BoardScore],
        players: list[str],
    ) -> Standings:
        rounds = sorted({b.round for b in boards})
        score: dict[str, Fraction] = {p: Fraction(self.start) for p in players}
        lines: dict[str, list[Line]] = defaultdict(list)
        after: dict[str, dict[int, Fraction]] = defaultdict(dict)
        games: dict[str, int] = defaultdict(int)
        played_rounds: dict[str, set[int]] = defaultdict(set)
        system_name = ""
        by_round: dict[int, list[PlayedBoard]] = defaultdict(list)
        for b in boards:  # grouped once (issue 33: an archive has a hundred rounds)
            by_round[b.round].append(b)
        for rnd in rounds:
            pre = dict(score)
            in_round = by_round[rnd]
            seatings: dict[str, int] = defaultdict(int)
            for board in in_round:
                for seat in board.seats:
                    seatings[seat.player] += 1
            for board in in_round:
                result = scored[(rnd, board.board)]
                system_name = result.system
                pot = sum((pre[s.player] * self.stake for s in board.seats), start=Fraction(0))
                total = result.board_total
                for seat in board.seats:
                    player = seat.player
                    stake = pre[player] * self.stake
                    share = result.share(seat.power)
                    take = share * pot
                    before = score[player]
                    score[player] = before - stake + take
                    games[player] += 1
                    played_rounds[player].add(rnd)
                    seatings[player] -= 1
                    last = seatings[player] == 0
                    lines[player].append(
                        Line(
                            round=rnd,
                            kind="game",
                            before=before,
                            after=score[player],
                            step=AnteGame(
                                stake_rate=self.stake,
                                base=pre[player],
                                stake=stake,
                                pot=pot,
                                share=share,
                                board_total=exact(total),
                                next_stake=score[player] * self.stake if last else None,
                            ),
                            board=board.board,
                            power=seat.power,
                            centres=seat.centres,
                            board_score=result[seat.power],
                            points=take,
                        )
                    )
            for player in players:
                if rnd not in played_rounds[player]:
                    lines[player].append(
                        Line(
                            round=rnd,
                            kind="absent",
                            before=score[player],
                            after=score[player],
                            step=Absent(),
                        )
                    )
            later = [r for r in rounds if r > rnd]
            if rnd == self.adjust_after or (
                rnd < self.adjust_after and later and later[0] > self.adjust_after
            ):
                # After round 5, or after the last round before it when round 5 was not played.
                self._adjust(rnd, players, score, played_rounds, lines)
            for player in players:
                after[player][rnd] = score[player]
        standings = [
            Standing(
                player=p,
                score=score[p],
                games=games[p],
                lines=tuple(lines[p]),
                after=after[p],
            )
            for p in players
        ]
        return Standings(
            aggregation=SLUG,
            system=system_name,
            rounds=tuple(rounds),
            players=rank_standings(standings),
            board_scores=scored,
            round_columns=("stake", "pot_share", "score"),
        )

    def _adjust(
        self,
        rnd: int,
        players: list[str],
        score: dict[str, Fraction],
        played_rounds: dict[str, set[int]],
        lines: dict[str, list[Line]],
    ) -> None:
        for player in players:
            played = len({r for r in played_rounds[player] if r <= rnd})
            adj = fewer_games_adjustment(
                score[player], played, stake=self.stake, min_rounds=self.min_rounds
            )
            if not adj.missing_games:
                continue
            own = lines[player]
            for n in range(len(own) - 1, -1, -1):  # the next stake is not 10 % of this score
                last_step = own[n].step
                if own[n].round == rnd and isinstance(last_step, AnteGame):
                    own[n] = replace(own[n], step=replace(last_step, next_stake=None))
                    break
            own.append(
                Line(
                    round=rnd,
                    kind="adjustment",
                    before=adj.before,
                    after=adj.after,
                    step=replace(adj, after_round=rnd),
                )
            )
            score[player] = adj.after


def _ledger_standings(ledger: AnteLedger, scored: Mapping[BoardKey, BoardScore]) -> Standings:
    """The standings of a ledger: each player's lines and scores after each round read from it
    when they are read (:class:`LedgerLines`, :class:`LedgerAfter`)."""
    games = ledger.games().tolist()
    standings = [
        Standing(
            player=p,
            score=ledger.score(i),
            games=games[i],
            lines=LedgerLines(ledger, i),
            after=LedgerAfter(ledger, i),
        )
        for i, p in enumerate(ledger.players)
    ]
    system = next(iter(scored.values())).system if scored else ""
    final = ledger.final_units()
    return Standings(
        aggregation=SLUG,
        system=system,
        rounds=tuple(rd.number for rd in ledger.rounds),
        players=rank_standings(standings, key=lambda s: final[s.player]),
        board_scores=scored,
        round_columns=("stake", "pot_share", "score"),
        figures=ledger,
    )


def _fraction(text: str) -> Fraction:
    raw = text.strip()
    percent = raw.endswith("%")
    try:
        value = Fraction(raw.rstrip("%").strip())
    except (ValueError, ZeroDivisionError):
        raise PalmaresError.of(Message.of("io.number", got=repr(text))) from None
    return value / 100 if percent else value


def _whole(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise PalmaresError.of(Message.of("io.whole", got=repr(text))) from None


INFO = register(
    AggregationInfo(
        slug=SLUG,
        name="Ante system",
        source="2007 World Diplomacy Championship rules (seed 002), Appendix A and Top Board",
        summary=Message.of("aggregation.ante.summary"),
        rule=Message.of("aggregation.ante.rule"),
        factory=Ante,
        parameters={
            "start": _fraction,
            "stake": _fraction,
            "adjust_after": _whole,
            "min_rounds": _whole,
        },
    )
)
