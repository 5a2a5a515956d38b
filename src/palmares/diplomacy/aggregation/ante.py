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
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from palmares.diplomacy.aggregation.base import (
    AggregationInfo,
    Line,
    Standing,
    Standings,
    players_in_order,
    rank_standings,
    score_boards,
)
from palmares.diplomacy.aggregation.registry import register
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import Score, ScoringSystem, exact
from palmares.explain.numbers import figure

__all__ = ["Ante", "FewerGames", "fewer_games_adjustment"]

SLUG = "ante"


@dataclass(frozen=True, slots=True)
class FewerGames:
    """The fewer-games adjustment of one player: the games assumed lost and the scores."""

    rounds_played: int
    missing_games: int
    before: Fraction
    after: Fraction
    steps: tuple[tuple[Fraction, Fraction], ...]  # (stake lost, score after) per assumed game


def fewer_games_adjustment(
    score: Score, rounds_played: int, *, stake: Fraction, min_rounds: int = 3
) -> FewerGames:
    """The seed's fewer-games adjustment: a player who played in ``rounds_played`` of the
    qualifying rounds (1 or 2 of 5) is treated as eliminated in ``min_rounds − rounds_played``
    more games, each losing a stake of the score at that point and taking nothing. Players with
    no game, or with at least ``min_rounds``, are unchanged."""
    current = exact(score)
    missing = min_rounds - rounds_played if 0 < rounds_played < min_rounds else 0
    steps: list[tuple[Fraction, Fraction]] = []
    for _ in range(missing):
        lost = current * stake
        current -= lost
        steps.append((lost, current))
    return FewerGames(rounds_played, missing, exact(score), current, tuple(steps))


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
            raise ValueError(f"the stake must be between 0 and 1, got {self.stake}")
        if self.start <= 0:
            raise ValueError(f"the starting score must be positive, got {self.start}")

    def next_stake(self, score: Score) -> Fraction:
        """What a player with ``score`` stakes in their next game."""
        return exact(score) * self.stake

    def aggregate(self, boards: Sequence[PlayedBoard], system: ScoringSystem) -> Standings:
        scored = score_boards(boards, system)
        rounds = sorted({b.round for b in boards})
        players = players_in_order(boards)
        score: dict[str, Fraction] = {p: Fraction(self.start) for p in players}
        lines: dict[str, list[Line]] = defaultdict(list)
        after: dict[str, dict[int, Fraction]] = defaultdict(dict)
        games: dict[str, int] = defaultdict(int)
        played_rounds: dict[str, set[int]] = defaultdict(set)
        pct = figure(self.stake * 100)
        system_name = ""
        for rnd in rounds:
            pre = dict(score)
            for board in (b for b in boards if b.round == rnd):
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
                    raw = result[seat.power]
                    if exact(total) == 100:
                        paid = (
                            f"raw score {figure(raw, 2)}: takes {figure(share * 100)}% of the pot"
                        )
                    else:
                        paid = (
                            f"board score {figure(raw)} of a board total of {figure(total)}: "
                            f"takes {figure(share * 100)}% of the pot"
                        )
                    lines[player].append(
                        Line(
                            round=rnd,
                            kind="game",
                            before=before,
                            after=score[player],
                            text=(
                                f"Round {rnd}, board {board.board}, {seat.power} "
                                f"({seat.centres} centres): stakes {pct}% of "
                                f"{figure(pre[player])} = {figure(stake)} into a pot of "
                                f"{figure(pot)}; {paid} = {figure(take)}; new score "
                                f"{figure(before)} − {figure(stake)} + {figure(take)} = "
                                f"{figure(score[player])}."
                            ),
                            board=board.board,
                            power=seat.power,
                            centres=seat.centres,
                            board_score=raw,
                            points=take,
                            figures={"stake": stake, "pot": pot, "share": share},
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
                            text=f"Round {rnd}: did not play; score stays {figure(score[player])}.",
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
            path = " → ".join(
                [figure(adj.before)]
                + [f"{figure(s)} (loses {figure(lost)})" for lost, s in adj.steps]
            )
            games_word = "game" if adj.missing_games == 1 else "games"
            lines[player].append(
                Line(
                    round=rnd,
                    kind="adjustment",
                    before=adj.before,
                    after=adj.after,
                    text=(
                        f"After round {rnd}: played in only {played} of rounds 1–{rnd}, so "
                        f"adjusted as if eliminated in {adj.missing_games} more {games_word} "
                        f"(a {figure(self.stake * 100)}% stake lost each, nothing taken): "
                        f"{path}."
                    ),
                    figures={"missing_games": adj.missing_games},
                )
            )
            score[player] = adj.after


def _fraction(text: str) -> Fraction:
    raw = text.strip()
    percent = raw.endswith("%")
    try:
        value = Fraction(raw.rstrip("%").strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"expected a number, got {text!r}") from None
    return value / 100 if percent else value


def _whole(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ValueError(f"expected a whole number, got {text!r}") from None


INFO = register(
    AggregationInfo(
        slug=SLUG,
        name="Ante system",
        source="2007 World Diplomacy Championship rules (seed 002), Appendix A and Top Board",
        summary="start 100; stake 10% of the score before each game; take the raw score % of "
        "the pot; fewer-games adjustment after round 5",
        rule=__doc__ or "",
        factory=Ante,
        parameters={
            "start": _fraction,
            "stake": _fraction,
            "adjust_after": _whole,
            "min_rounds": _whole,
        },
    )
)
