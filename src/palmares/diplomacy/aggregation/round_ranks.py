"""Sum of round ranks: low is best.

Each round, the players who played it are ranked by their round score (their best board score
in the round), competition style: equal scores share the better place (1, 2, 2, 4). A player's
tournament score is the sum of their round ranks, and the lowest sum wins. A round a player
missed counts as one place below everyone who played it (players in the round + 1). With
``best=N`` only the N best (lowest) round ranks count, as the KublaCon and Conquest rankings
take the best two (``round-ranks:best=2``). Ties in the sums are broken by the declared chain
(``tiebreak=…``), the counted games being those of the counted rounds.

Sources: World Diplomacy Database, "KublaCon Ranking System" and "Conquest Sum of Rankings"
(Edi Birsan: each round scored and ranked, the best two rankings summed into a master ranking);
our spec ("sums of round ranks"). The rank of a missed round is our decision (the sources
only ever count played rounds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.core.ranking import competition_ranks
from palmares.diplomacy.aggregation._games import (
    Counted,
    games_by_player,
    parse_tiebreak,
    standings,
    whole,
)
from palmares.diplomacy.aggregation.base import (
    AggregationInfo,
    Line,
    Note,
    Standings,
    Step,
    players_in_order,
    score_boards,
)
from palmares.diplomacy.aggregation.registry import register
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import ScoringSystem

__all__ = ["LowestRankSum", "RoundRank", "RoundRanks"]


@dataclass(frozen=True, slots=True)
class RoundRank(Step):
    """One round under the sum of round ranks (WDD "KublaCon Ranking System"): ranked ``rank``
    of the ``ranked`` players of the round by ``round_score`` (``None``: did not play, ranked
    below them all); ``counts``: the round is among those kept; ``total``: the sum so far."""

    rank: int
    ranked: int
    round_score: Fraction | None
    counts: bool
    total: Fraction

    def weight(self) -> Fraction:
        return Fraction(1 if self.counts else 0)

    def round_rank(self) -> tuple[int, Fraction | None]:
        return (self.rank, self.round_score)


@dataclass(frozen=True, slots=True)
class LowestRankSum(Note):
    """The sum of round ranks' rule: the lowest sum is best."""


@dataclass(frozen=True, slots=True)
class RoundRanks:
    best: int | None = None
    tiebreak: tuple[str, ...] = ()

    def aggregate(
        self,
        boards: Sequence[PlayedBoard],
        system: ScoringSystem,
        *,
        entrants: Sequence[str] = (),
    ) -> Standings:
        scored = score_boards(boards, system)
        games = games_by_player(boards, scored)
        rounds = sorted({b.round for b in boards})
        players = players_in_order(boards, entrants)
        round_rank: dict[int, dict[str, int]] = {}
        round_score: dict[int, dict[str, Fraction]] = {}
        for rnd in rounds:
            scores = {
                p: max(g.score for g in gs if g.round == rnd)
                for p, gs in games.items()
                if any(g.round == rnd for g in gs)
            }
            round_score[rnd] = scores
            round_rank[rnd] = competition_ranks(scores)
        totals: dict[str, Fraction] = {}
        lines: dict[str, list[Line]] = {}
        counted: dict[str, list[Counted]] = {}
        after: dict[str, dict[int, Fraction]] = {}
        for player in players:
            ranks_of = {
                rnd: round_rank[rnd].get(player, len(round_rank[rnd]) + 1) for rnd in rounds
            }
            kept = self._kept(ranks_of)
            running = Fraction(0)
            player_lines: list[Line] = []
            after[player] = {}
            for rnd in rounds:
                rank = ranks_of[rnd]
                played = player in round_score[rnd]
                counts = rnd in kept
                before = running
                if counts:
                    running += rank
                player_lines.append(
                    Line(
                        round=rnd,
                        kind="game" if played else "absent",
                        before=before,
                        after=running,
                        step=RoundRank(
                            rank=rank,
                            ranked=len(round_rank[rnd]),
                            round_score=round_score[rnd][player] if played else None,
                            counts=counts,
                            total=running,
                        ),
                        points=Fraction(rank),
                    )
                )
                after[player][rnd] = sum(
                    (
                        Fraction(ranks_of[r])
                        for r in self._kept({r: ranks_of[r] for r in rounds if r <= rnd})
                    ),
                    Fraction(0),
                )
            totals[player] = running
            lines[player] = player_lines
            counted[player] = [(g, Fraction(1)) for g in games[player] if g.round in kept]
        return standings(
            slug="round-ranks",
            boards=boards,
            scored=scored,
            totals=totals,
            lines=lines,
            counted=counted,
            after=after,
            chain=self.tiebreak,
            low_is_best=True,
            round_columns=("round_score", "rank", *(("counted",) if self.best else ()), "score"),
            notes=(LowestRankSum(),),
        )

    def _kept(self, ranks_of: dict[int, int]) -> set[int]:
        order = sorted(ranks_of, key=lambda r: (ranks_of[r], r))
        return set(order if self.best is None else order[: self.best])


register(
    AggregationInfo(
        slug="round-ranks",
        name="Sum of round ranks",
        source="WDD 'KublaCon Ranking System' and 'Conquest Sum of Rankings' (Edi Birsan)",
        summary=Message.of("aggregation.round-ranks.summary"),
        rule=Message.of("aggregation.round_ranks.rule"),
        factory=RoundRanks,
        parameters={"best": whole, "tiebreak": parse_tiebreak},
    )
)
