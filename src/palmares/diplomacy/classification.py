"""A finished tournament's final classification: what is filed as the event's results.

Seed 002, "Prizes" and "Top Board": the champion is the winner of the top board, places 2–7
follow the standings with the champion left out; the seed says nothing of the places below 7th.
Our reading (docs/tournament-day.md, "Close"), as the demo's World Championship is filed:

1. the champion (or the champions, when the top board's tie stands: they share rank 1);
2. places 2–7 as :func:`palmares.diplomacy.awards.places` gives them (shared places shared);
3. everyone else in the order of the final standings, ranked after them (ties in the standings
   share a rank, competition style: 1, 2, 2, 4).

Without a played top board (a tournament with no top-board rule, or one that ended early) the
classification is the final standings' own ranks.
"""

from __future__ import annotations

from dataclasses import dataclass

from palmares.core.ranking import tie_groups
from palmares.diplomacy.aggregation.base import Standings
from palmares.diplomacy.prizes import Prizes

__all__ = ["Classified", "final_classification"]


@dataclass(frozen=True, slots=True)
class Classified:
    """One line of the classification; ``basis`` says which rule placed the player."""

    rank: int
    player: str
    basis: str  # "champion", "place", "standings"


def final_classification(standings: Standings, prizes: Prizes) -> tuple[Classified, ...]:
    """Champion first, places 2–7, then the rest by the final standings (see the module)."""
    if prizes.champion is None:
        return tuple(Classified(s.rank, s.player, "standings") for s in standings.players)
    order = [Classified(1, name, "champion") for name in prizes.champion.players]
    order += [Classified(p.place, p.player, "place") for p in prizes.places]
    placed = {c.player for c in order}
    rest = [s for s in standings.players if s.player not in placed]
    offset = len(order)
    for group in tie_groups(rest, key=lambda s: s.rank, descending=False):
        order += [Classified(offset + group.rank, s.player, "standings") for s in group.members]
    return tuple(order)
