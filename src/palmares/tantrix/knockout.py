"""Rating players without an official rating along the draw (seed 003, first table).

The seed, for "players who previously had unofficial or no ratings" in a single-elimination
tournament:

1. If such a player played one or more rated players, their ratings are based on those games and
   their opponents' pre-tournament ratings.
2. Their ratings are then used to work out the ratings of the players they beat.
3. This process carries on until all ratings have been calculated.

palmares reads this for any draw shape and any number of rounds as stages:

- stage 1: every unrated player who met officially rated players is rated by the normal method
  (``performance.py``) over those matches, at the opponents' pre-tournament ratings;
- stage k: every player still unrated who met players rated at stage k − 1 is rated by the normal
  method over those matches, at those players' (unrounded) stage ratings. In a knockout the only
  such opponent is the one the player lost to (the winner carries on, the loser does not), so this
  is the seed's "players they beat"; in any other draw the chain runs along every match.
- a player who never met anyone rated, directly or through the draw, stays unrated, with that
  reason.

The chain is not rounded between steps (Jace: 1826.53 − 180.25 = 1646.28 → 1646; NOTES.md of
``data/tantrix-nz-2000``).

Public API::

    ChainRating(player, stage, rated_from, performance)      # .elo
    Unconnected(player, played)
    Chain(rated, unconnected)                                # .rating_of(name) -> float | None
    rate_unrated(matches, official, *, clamp=P_CLAMP, scale=FACTOR_SCALE) -> Chain
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from palmares.tantrix.factor import FACTOR_SCALE, P_CLAMP
from palmares.tantrix.match import Match
from palmares.tantrix.performance import Outcome, Performance, normal_method

__all__ = ["Chain", "ChainRating", "Unconnected", "players_in_order", "rate_unrated"]


@dataclass(frozen=True, slots=True)
class ChainRating:
    """An unrated player's tournament rating: its stage, the opponents it comes from, figures."""

    player: str
    stage: int
    rated_from: tuple[str, ...]
    performance: Performance

    @property
    def elo(self) -> float:
        return self.performance.elo


@dataclass(frozen=True, slots=True)
class Unconnected:
    """A player who met no officially rated player, directly or through the draw: left unrated
    (``played``: the opponents they did meet)."""

    player: str
    played: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Chain:
    """Every unrated player of a tournament: rated along the draw (in draw order), or not."""

    rated: tuple[ChainRating, ...]
    unconnected: tuple[Unconnected, ...]

    def rating_of(self, player: str) -> float | None:
        for entry in self.rated:
            if entry.player == player:
                return entry.elo
        return None


def players_in_order(matches: Sequence[Match]) -> list[str]:
    """Every player of ``matches``, in order of first appearance."""
    seen: dict[str, None] = {}
    for match in matches:
        seen.setdefault(match.player_a)
        seen.setdefault(match.player_b)
    return list(seen)


def rate_unrated(
    matches: Sequence[Match],
    official: Mapping[str, float],
    *,
    clamp: float = P_CLAMP,
    scale: float = FACTOR_SCALE,
) -> Chain:
    """Rate every player of ``matches`` not in ``official``, stage by stage along the draw."""
    players = players_in_order(matches)
    matches_of: dict[str, list[Match]] = defaultdict(list)
    for match in matches:
        matches_of[match.player_a].append(match)
        matches_of[match.player_b].append(match)

    rating: dict[str, float] = {p: float(r) for p, r in official.items()}
    waiting = [p for p in players if p not in rating]
    found: dict[str, ChainRating] = {}
    stage = 1
    while waiting:
        this_stage: dict[str, ChainRating] = {}
        for player in waiting:
            outcomes = [
                Outcome(m.opponent(player), m.games, m.tp_of(player), rating[m.opponent(player)], m)
                for m in matches_of[player]
                if m.opponent(player) in rating
            ]
            if outcomes:
                perf = normal_method(outcomes, clamp=clamp, scale=scale)
                rated_from = tuple(dict.fromkeys(o.opponent for o in outcomes))
                this_stage[player] = ChainRating(player, stage, rated_from, perf)
        if not this_stage:
            break
        for player, entry in this_stage.items():
            rating[player] = entry.elo
            found[player] = entry
        waiting = [p for p in waiting if p not in this_stage]
        stage += 1

    unconnected = tuple(
        Unconnected(p, tuple(dict.fromkeys(m.opponent(p) for m in matches_of[p]))) for p in waiting
    )
    return Chain(_draw_order(found, players), unconnected)


def _draw_order(
    found: Mapping[str, ChainRating], players: Sequence[str]
) -> tuple[ChainRating, ...]:
    """Depth first along the draw, the way the seed's table walks "each eighth of the draw".

    Each stage-1 player, then the players rated from them, and so on. A branch takes the draw
    position of the earliest of its players in the file (a player with a bye in round 1 enters
    where the player they beat stood), so branches come in the draw's order: the NZ 2000 table
    lists MattK's branch, then Mighty's (robin's first-round line), then venus's.
    """
    position = {p: i for i, p in enumerate(players)}
    children: dict[str, list[str]] = defaultdict(list)
    roots: list[str] = []
    for player in players:
        entry = found.get(player)
        if entry is None:
            continue
        if entry.stage == 1:
            roots.append(player)
        else:
            children[entry.rated_from[0]].append(player)

    first: dict[str, int] = {}

    def earliest(player: str) -> int:
        if player not in first:
            first[player] = min([position[player], *(earliest(c) for c in children[player])])
        return first[player]

    ordered: list[ChainRating] = []

    def visit(player: str) -> None:
        ordered.append(found[player])
        for child in sorted(children[player], key=earliest):
            visit(child)

    for root in sorted(roots, key=earliest):
        visit(root)
    return tuple(ordered)
