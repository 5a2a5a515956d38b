"""How a tournament game ends (seed 002, "Game conclusion").

- A solo: "one player owns 18 centers at the end of a fall turn" (only a Fall count decides).
- A vote: any player may publicly propose to end the game; a public veto by any other player
  keeps it going with no vote; otherwise the TD holds a secret vote among the surviving players
  who "still control one or more supply centers", and only a unanimous vote ends it. The game is
  scored on "the supply center count at the end of the last fall turn".
- A time draw, called by the TD: only in the final round (the preliminary rounds have "no pre-set
  time limit").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Literal

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.board import SOLO_CENTRES

__all__ = ["GameEnd", "end_by_time", "end_by_vote", "solo_after"]

Reason = Literal["solo", "vote", "time draw"]


@dataclass(frozen=True, slots=True)
class GameEnd:
    """Why the game ended, and who (the soloist, or the voters)."""

    reason: Reason
    powers: tuple[str, ...]


def solo_after(
    season: Literal["Spring", "Fall"], centres: Mapping[str, int], *, solo: int = SOLO_CENTRES
) -> GameEnd | None:
    """A solo ends the game only on a Fall count of ``solo`` centres or more."""
    if season != "Fall":
        return None
    leaders = [p for p, c in centres.items() if c >= solo]
    return GameEnd("solo", tuple(leaders)) if leaders else None


def end_by_vote(
    centres: Mapping[str, int],
    *,
    proposer: str,
    vetoes: Collection[str] = (),
    votes: Mapping[str, bool] | None = None,
) -> GameEnd | None:
    """The outcome of a proposal to end the game: ``None`` if the game goes on.

    ``votes`` holds the secret ballot (power → wants to end). Every surviving power with a centre
    must have voted yes; a vote from a power without centres is refused.
    """
    voters = tuple(p for p, c in centres.items() if c > 0)
    if proposer not in voters:
        raise PalmaresError.of(Message.of("game_end.cannot_propose", power=proposer))
    if any(v not in voters for v in vetoes):
        raise PalmaresError.of(Message.of("game_end.veto"))
    if vetoes:
        return None  # a public veto: no vote is taken
    votes = votes or {}
    strangers = [p for p in votes if p not in voters]
    if strangers:
        raise PalmaresError.of(Message.of("game_end.cannot_vote", powers=", ".join(strangers)))
    missing = [p for p in voters if p not in votes]
    if missing:
        raise PalmaresError.of(Message.of("game_end.incomplete", powers=", ".join(missing)))
    if all(votes[p] for p in voters):
        return GameEnd("vote", voters)
    return None


def end_by_time(*, final_round: bool, centres: Mapping[str, int]) -> GameEnd:
    """A time draw called by the TD; allowed only in the final round."""
    if not final_round:
        raise PalmaresError.of(Message.of("game_end.time_draw"))
    return GameEnd("time draw", tuple(p for p, c in centres.items() if c > 0))
