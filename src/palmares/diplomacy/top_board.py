"""The top board of the final round: invitations, declines and the tournament champion.

Seed 002, "Top Board": "The 7 players with the highest scores after the first 5 rounds will be
invited to play on the top board. If an invited player does not wish to play on the top board,
they may ask to be returned to the general pool, and their spot will be offered to the 8th ranked
player, and so forth." The scores are those after the fewer-games adjustment (it is applied
"after round 5", before the invitations). "First prize … will be awarded to the player who scores
the largest number of points on the top board. In the case of a tie on the top board, the tie
will be broken in favor of the player who had the larger number of points going in to the final
round."

Our decisions (docs/diplomacy.md):

- A decline is recorded in ``declines.csv`` (``player``, optional ``reason``); a team that keeps
  one member on the top board records the others as declines with reason ``team``. Without that
  file the declines are read off the seated top board (:func:`inferred_declines`): everyone
  ranked above a seated player who is not seated declined. With it, the seated board is checked
  against the invitation walk (:func:`check_top_board`).
- Players tied on score at the invitation cut are walked in name order; the TD may seat either,
  and :func:`check_top_board` accepts a seating that differs only inside such a tie. When the
  seated top board is known, the walk takes its players first inside a tie (``seated``), so a
  tied player the TD did not seat is neither invited nor counted as a decline.
- "Points scored on the top board" is what the aggregation says a game brought in
  (:attr:`Line.points`: the ante's take from the pot). A tie that the score going into the final
  round does not break is shared (both are named champion).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from palmares.core.message import Message
from palmares.diplomacy.aggregation.ante import AnteGame
from palmares.diplomacy.aggregation.base import Standing, Standings
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import Score, exact

__all__ = [
    "Champion",
    "Invitation",
    "TopBoard",
    "champion",
    "check_top_board",
    "inferred_declines",
    "invite",
]

SEATS = 7


@dataclass(frozen=True, slots=True)
class Invitation:
    """One player reached by the invitation walk, in ranking order."""

    player: str
    rank: int
    score: Fraction
    accepted: bool
    reason: str | None = None  # why a decline was recorded


@dataclass(frozen=True, slots=True)
class TopBoard:
    """The invitation walk after ``after_round``: who was invited, who declined."""

    after_round: int
    invitations: tuple[Invitation, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(i.player for i in self.invitations if i.accepted)

    @property
    def declined(self) -> tuple[Invitation, ...]:
        return tuple(i for i in self.invitations if not i.accepted)


def invite(
    standings: Standings,
    after_round: int,
    declines: Mapping[str, str] | Iterable[str] = (),
    *,
    seats: int = SEATS,
    seated: Collection[str] = (),
) -> TopBoard:
    """Walk down the ranking after ``after_round``, skipping declines, until ``seats`` accept
    (inside a tie, the ``seated`` players first, then by name)."""
    reasons = dict(declines) if isinstance(declines, Mapping) else dict.fromkeys(declines, "")
    order = _walk(standings, after_round, seated)
    invitations: list[Invitation] = []
    accepted = 0
    rank = 0
    previous: Fraction | None = None
    for index, standing in enumerate(order, start=1):
        if accepted == seats:
            break
        score = standing.score_after(after_round)
        if previous is None or score != previous:
            rank = index
        previous = score
        if standing.player in reasons:
            invitations.append(
                Invitation(standing.player, rank, score, False, reasons[standing.player] or None)
            )
        else:
            invitations.append(Invitation(standing.player, rank, score, True))
            accepted += 1
    return TopBoard(after_round, tuple(invitations))


def _walk(standings: Standings, after_round: int, seated: Collection[str]) -> list[Standing]:
    """The players in invitation order after ``after_round``: best first, inside a tie the
    seated players first, then by name."""
    return sorted(
        standings.players,
        key=lambda s: (
            standings.order_key(s.score_after(after_round)),
            s.player not in seated,
            s.player,
        ),
    )


def inferred_declines(standings: Standings, after_round: int, board: PlayedBoard) -> dict[str, str]:
    """The declines a seated top board implies when none are recorded: walking down the ranking
    after ``after_round``, everyone ranked above a seated player who is not seated declined (a
    player merely tied with a seated one lost the tie at the cut: not a decline)."""
    seated = set(board.players)
    order = _walk(standings, after_round, seated)
    declines: dict[str, str] = {}
    reached = 0
    for standing in order:
        if reached == len(seated):
            break
        if standing.player in seated:
            reached += 1
        else:
            declines[standing.player] = "not on the top board (inferred)"
    return declines


def check_top_board(top: TopBoard, board: PlayedBoard, standings: Standings) -> list[Message]:
    """Where the seated top board differs from the invitation walk (empty: it agrees).

    A seated player tied on score with an invited one that is not seated is accepted.
    """
    seated = set(board.players)
    invited = set(top.players)
    # The cut: the worst score invited (the highest when low is best).
    keys = [standings.order_key(i.score) for i in top.invitations if i.accepted]
    cut = max(keys, default=None)

    def after(player: str) -> Fraction:
        return (
            exact(standings.of(player).score_after(top.after_round))
            if player in standings
            else Fraction(0)
        )

    def at_cut(score: Score) -> bool:
        return cut is not None and standings.order_key(score) == cut

    # A seated player tied at the cut with an invited, unseated one swaps places with them.
    extra = [p for p in board.players if p not in invited]
    missing = [i for i in top.invitations if i.accepted and i.player not in seated]
    swaps = {p for p in extra if p in standings and at_cut(after(p))}
    spare = [i for i in missing if at_cut(i.score)]
    swapped = min(len(swaps), len(spare))
    problems: list[Message] = []
    allowed = swapped
    for player in extra:
        if player in swaps and allowed:
            allowed -= 1
            continue
        problems.append(
            Message.of(
                "top_board.not_invited",
                player=player,
                score=after(player),
                round=top.after_round,
                invited=tuple(top.players),
            )
        )
    for invitation in missing:
        if invitation in spare[:swapped]:
            continue
        problems.append(
            Message.of(
                "top_board.missing",
                player=invitation.player,
                rank=invitation.rank,
                round=top.after_round,
            )
        )
    return problems


@dataclass(frozen=True, slots=True)
class Champion:
    """The winner of the top board (seed 002, "Top Board"): the most points scored on it, ties
    to the better standing going in. ``points`` is the figure shown: the ante's take from the
    pot (``from_pot``), otherwise the board score. ``player`` (playing ``power``) is the first of
    ``players`` (more than one: the title is shared); ``tied_with``: the others level on points
    on the top board of round ``round``, the tie broken by ``score_before`` (lower is better
    when ``low_is_best``)."""

    players: tuple[str, ...]
    power: str
    points: Score
    score_before: Fraction
    player: str = ""
    round: int = 0
    from_pot: bool = False
    tied_with: tuple[str, ...] = ()
    low_is_best: bool = False


def champion(standings: Standings, board: PlayedBoard) -> Champion:
    """The tournament champion from the top board (seed 002, "Top Board").

    "The largest number of points on the top board" is the board-scoring system's score for
    the seat; under the ante the take from the pot follows it (one pot, shared by raw score) and
    is what is shown. It is not what the aggregation *counted* (a best-N aggregation may drop
    the top-board game; a sum of round ranks counts a rank). A tie goes to "the larger number
    of points going in to the final round": the better standing before the top board's round
    (the lower score when low is best).
    """
    board_result = standings.board_scores.get((board.round, board.board))
    entries = []
    from_pot = False
    for seat in board.seats:
        standing = standings.of(seat.player)
        lines = [
            x
            for x in standing.games_in(board.round)
            if x.board == board.board and x.power == seat.power
        ]
        line = lines[0] if lines else None
        if line is not None and line.board_score is not None:
            scored: Score = line.board_score
        elif board_result is not None:
            scored = board_result[seat.power]
        else:
            scored = 0
        paid = line.points if line is not None and isinstance(line.step, AnteGame) else None
        from_pot = from_pot or paid is not None
        shown = paid if paid is not None else scored
        before = standing.score_before(board.round)
        key = (-exact(scored), -exact(shown), standings.order_key(before))
        entries.append((key, seat.player, seat.power, shown, before))
    entries.sort(key=lambda e: (e[0], e[1]))
    best_key, player, power, best_points, best_before = entries[0]
    tied_on_points = [e for e in entries if e[0][:2] == best_key[:2]]
    winners = tuple(e[1] for e in tied_on_points if e[0] == best_key)
    return Champion(
        players=winners,
        power=power,
        points=best_points,
        score_before=best_before,
        player=player,
        round=board.round,
        from_pot=from_pot,
        tied_with=tuple(e[1] for e in tied_on_points if e[1] != player),
        low_is_best=standings.low_is_best,
    )
