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
  and :func:`check_top_board` accepts a seating that differs only inside such a tie.
- "Points scored on the top board" is what the aggregation says a game brought in
  (:attr:`Line.points`: the ante's take from the pot). A tie that the score going into the final
  round does not break is shared (both are named champion).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from palmares.diplomacy.aggregation.base import Standings, figure
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
    score: Score
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
) -> TopBoard:
    """Walk down the ranking after ``after_round``, skipping declines, until ``seats`` accept."""
    reasons = dict(declines) if isinstance(declines, Mapping) else dict.fromkeys(declines, "")
    order = sorted(standings.players, key=lambda s: (-exact(s.score_after(after_round)), s.player))
    invitations: list[Invitation] = []
    accepted = 0
    rank = 0
    previous: Score | None = None
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


def inferred_declines(standings: Standings, after_round: int, board: PlayedBoard) -> dict[str, str]:
    """The declines a seated top board implies when none are recorded: walking down the ranking
    after ``after_round``, everyone ranked above a seated player who is not seated declined."""
    seated = set(board.players)
    order = sorted(standings.players, key=lambda s: (-exact(s.score_after(after_round)), s.player))
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


def check_top_board(top: TopBoard, board: PlayedBoard, standings: Standings) -> list[str]:
    """Where the seated top board differs from the invitation walk (empty: it agrees).

    A seated player tied on score with an invited one that is not seated is accepted.
    """
    seated = set(board.players)
    invited = set(top.players)
    cut = min((exact(i.score) for i in top.invitations if i.accepted), default=None)

    def after(player: str) -> Fraction:
        return (
            exact(standings.of(player).score_after(top.after_round))
            if player in standings
            else Fraction(0)
        )

    # A seated player tied at the cut with an invited, unseated one swaps places with them.
    extra = [p for p in board.players if p not in invited]
    missing = [i for i in top.invitations if i.accepted and i.player not in seated]
    swaps = {p for p in extra if cut is not None and after(p) == cut}
    spare = [i for i in missing if cut is not None and exact(i.score) == cut]
    swapped = min(len(swaps), len(spare))
    problems: list[str] = []
    allowed = swapped
    for player in extra:
        if player in swaps and allowed:
            allowed -= 1
            continue
        problems.append(
            f"{player} is on the top board but was not invited (score {figure(after(player))} "
            f"after round {top.after_round}; invited: {', '.join(top.players)})"
        )
    for invitation in missing:
        if invitation in spare[:swapped]:
            continue
        problems.append(
            f"{invitation.player} was invited to the top board (rank {invitation.rank} after "
            f"round {top.after_round}) but is not on it and has no decline recorded"
        )
    return problems


@dataclass(frozen=True, slots=True)
class Champion:
    """The winner of the top board: the most points taken on it, ties to the score going in."""

    players: tuple[str, ...]
    power: str
    points: Score
    score_before: Score
    text: str


def champion(standings: Standings, board: PlayedBoard) -> Champion:
    """The tournament champion from the top board (seed 002, "Top Board")."""
    entries = []
    for seat in board.seats:
        lines = [
            x
            for x in standings.of(seat.player).games_in(board.round)
            if x.board == board.board and x.power == seat.power
        ]
        points = lines[0].points if lines and lines[0].points is not None else 0
        before = standings.of(seat.player).score_before(board.round)
        entries.append((exact(points), exact(before), seat.player, seat.power))
    entries.sort(key=lambda e: (-e[0], -e[1], e[2]))
    best_points, best_before, player, power = entries[0]
    tied_on_points = [e for e in entries if e[0] == best_points]
    winners = tuple(e[2] for e in tied_on_points if e[1] == best_before)
    text = f"{player} ({power}) takes the most points from the top-board pot, {figure(best_points)}"
    if len(tied_on_points) > 1:
        others = ", ".join(e[2] for e in tied_on_points if e[2] != player)
        text += (
            f"; tied with {others}, broken by the score going into round {board.round} "
            f"({figure(best_before)})"
        )
        if len(winners) > 1:
            text += ", still tied: the title is shared"
    return Champion(winners, power, best_points, best_before, text + ".")
