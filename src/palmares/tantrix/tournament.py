"""A tournament's performance ratings: unrated players along the draw, officially rated players by
the seed's mixed method (seed 003, second table and its note (*)).

An officially rated player is rated, match by match:

- against an officially rated opponent: the normal method (``performance.py``);
- against any other opponent who played more than one match in the tournament: the normal
  method, at that opponent's tournament rating from the draw (``knockout.py``);
- against an opponent without an official rating who played no one else: the player's own
  pre-tournament rating (such a match says nothing: the opponent's rating came from it; the seed's
  note (*) explains how the normal method would drag the player down after a crushing win);
- a match whose ``own_rating`` names the player is counted at their own rating whatever the
  opponent (a tournament director's override; the seed's own sheet does this for most matches
  against newcomers, see ``data/tantrix-nz-2000/NOTES.md``).

The tournament rating is the G-weighted average of the two parts: Pekko (12 · 1930.x + 4 · 2023)
/ 16 → 1953. All games count in the tournament G ("all games played in a tournament need to be
counted in G"). The method is general: in a round robin or a Swiss event every opponent "played
more than one match", so officially rated players are rated by the normal method throughout.

The conservation check: in theory Σ (tournament rating · G) over the officially rated players
equals Σ (pre-tournament rating · G) (Factor(1 − p) = −Factor(p)); the difference is reported.

Public API::

    rate_tournament(matches, official, *, clamp=P_CLAMP, scale=FACTOR_SCALE) -> TournamentRating
    TournamentRating.unrated / .official / .conservation / .player(name) / .illustrative
    UnratedPlayer(player, lost_to, tournament_games, chain, unconnected)   # .elo (None if unrated)
    OfficialPlayer(player, pre_elo, lost_to, uses, normal, own_games, tournament_games,
                   tournament_elo)
    MatchUse(match, opponent, counted: "normal" | "own", why: UseReason, opponent_matches)
    Conservation(performance_sum, pre_sum, games)                     # .difference, .per_game
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Literal

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.tantrix.factor import FACTOR_SCALE, P_CLAMP
from palmares.tantrix.knockout import ChainRating, Unconnected, players_in_order, rate_unrated
from palmares.tantrix.match import Match
from palmares.tantrix.performance import Outcome, Performance, normal_method

__all__ = [
    "Conservation",
    "MatchUse",
    "OfficialPlayer",
    "TournamentRating",
    "UnratedPlayer",
    "UseReason",
    "rate_tournament",
]

Counted = Literal["normal", "own"]


class UseReason(StrEnum):
    """Why a match of an officially rated player counts as it does (seed 003, second table)."""

    OWN_RATING_SET = "own-rating-set"  # a TD's override on the match (``own_rating``)
    OFFICIAL_OPPONENT = "official-opponent"  # "opponents who had official pre-tournament ratings"
    OPPONENT_PLAYED_MORE = "opponent-played-more"  # "any other opponents who played more than one"
    LONE_UNRATED_OPPONENT = "lone-unrated-opponent"  # "... without official ratings who did not
    # play anyone else": the player's own pre-tournament rating


@dataclass(frozen=True, slots=True)
class MatchUse:
    """How one match of an officially rated player was counted (``counted``), and why (``why``;
    ``opponent_matches``: how many matches the opponent played)."""

    match: Match
    opponent: str
    counted: Counted
    why: UseReason
    opponent_matches: int


@dataclass(frozen=True, slots=True)
class UnratedPlayer:
    """A player without an official pre-tournament rating (the seed's first table)."""

    player: str
    lost_to: tuple[str, ...]
    tournament_games: int
    chain: ChainRating | None
    unconnected: Unconnected | None = None

    @property
    def elo(self) -> float | None:
        return None if self.chain is None else self.chain.elo

    @property
    def performance(self) -> Performance | None:
        return None if self.chain is None else self.chain.performance


@dataclass(frozen=True, slots=True)
class OfficialPlayer:
    """An officially rated player (the seed's second table)."""

    player: str
    pre_elo: float
    lost_to: tuple[str, ...]
    uses: tuple[MatchUse, ...]
    normal: Performance | None
    own_games: int
    tournament_games: int
    tournament_elo: float


@dataclass(frozen=True, slots=True)
class Conservation:
    """Σ tournament rating · G against Σ pre-tournament rating · G, officially rated players."""

    performance_sum: float
    pre_sum: float
    games: int

    @property
    def difference(self) -> float:
        return self.performance_sum - self.pre_sum

    @property
    def per_game(self) -> float:
        """The difference per game: the average shift of the officially rated players."""
        return self.difference / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class TournamentRating:
    """Every player's tournament rating, with the matches and the conservation check."""

    matches: tuple[Match, ...]
    unrated: tuple[UnratedPlayer, ...]
    official: tuple[OfficialPlayer, ...]
    conservation: Conservation

    def player(self, name: str) -> UnratedPlayer | OfficialPlayer:
        for official in self.official:
            if official.player == name:
                return official
        for unrated in self.unrated:
            if unrated.player == name:
                return unrated
        raise KeyError(name)

    @property
    def illustrative(self) -> tuple[Match, ...]:
        return tuple(m for m in self.matches if m.illustrative)


def _lost_to(player: str, matches: Sequence[Match]) -> tuple[str, ...]:
    return tuple(m.opponent(player) for m in matches if m.winner == m.opponent(player))


def rate_tournament(
    matches: Sequence[Match],
    official: Mapping[str, float | Decimal | int],
    *,
    clamp: float = P_CLAMP,
    scale: float = FACTOR_SCALE,
) -> TournamentRating:
    """Rate one tournament; ``official`` maps officially rated players to pre-tournament ratings.

    Raises :class:`PalmaresError` when a match's ``own_rating`` names a player who has no
    official rating (the io layer reports that with the file and line first).
    """
    if not matches:
        raise PalmaresError.of(Message.of("tantrix.no_match"))
    pre = {p: float(r) for p, r in official.items()}
    for m in matches:
        if m.own_rating is not None and m.own_rating not in pre:
            raise PalmaresError.of(
                Message.of(
                    "tantrix.own_no_rating",
                    player=m.own_rating,
                    a=m.player_a,
                    tp_a=m.tp_a,
                    tp_b=m.tp_b,
                    b=m.player_b,
                    games=m.games,
                    where=f" ({m.round})" if m.round else "",
                )
            )
    chain = rate_unrated(matches, pre, clamp=clamp, scale=scale)
    chain_of = {c.player: c for c in chain.rated}
    match_count = Counter(p for m in matches for p in m.players)
    players = players_in_order(matches)
    of_player: dict[str, list[Match]] = {p: [] for p in players}
    for m in matches:
        of_player[m.player_a].append(m)
        of_player[m.player_b].append(m)

    unrated: list[UnratedPlayer] = []
    for entry in chain.rated:
        own = of_player[entry.player]
        games = sum(m.games for m in own)
        unrated.append(UnratedPlayer(entry.player, _lost_to(entry.player, own), games, entry))
    for lone in chain.unconnected:
        own = of_player[lone.player]
        games = sum(m.games for m in own)
        unrated.append(UnratedPlayer(lone.player, _lost_to(lone.player, own), games, None, lone))

    rated: list[OfficialPlayer] = []
    for player in sorted((p for p in players if p in pre), key=lambda p: (-pre[p], p)):
        uses: list[MatchUse] = []
        outcomes: list[Outcome] = []
        own_games = 0
        for m in of_player[player]:
            opp = m.opponent(player)
            n = match_count[opp]
            if m.own_rating == player:
                use = MatchUse(m, opp, "own", UseReason.OWN_RATING_SET, n)
            elif opp in pre:
                use = MatchUse(m, opp, "normal", UseReason.OFFICIAL_OPPONENT, n)
            elif n > 1:
                use = MatchUse(m, opp, "normal", UseReason.OPPONENT_PLAYED_MORE, n)
            else:
                use = MatchUse(m, opp, "own", UseReason.LONE_UNRATED_OPPONENT, n)
            uses.append(use)
            if use.counted == "own":
                own_games += m.games
            else:
                rating = pre[opp] if opp in pre else chain_of[opp].elo
                outcomes.append(Outcome(opp, m.games, m.tp_of(player), rating, m))
        normal = normal_method(outcomes, clamp=clamp, scale=scale) if outcomes else None
        total = own_games + (normal.games if normal else 0)
        weighted = own_games * pre[player] + (normal.games * normal.elo if normal else 0.0)
        rated.append(
            OfficialPlayer(
                player,
                pre[player],
                _lost_to(player, of_player[player]),
                tuple(uses),
                normal,
                own_games,
                total,
                weighted / total,
            )
        )

    conservation = Conservation(
        math.fsum(r.tournament_elo * r.tournament_games for r in rated),
        math.fsum(r.pre_elo * r.tournament_games for r in rated),
        sum(r.tournament_games for r in rated),
    )
    return TournamentRating(tuple(matches), tuple(unrated), tuple(rated), conservation)
