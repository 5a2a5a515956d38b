"""A skill rating history: every competition rated in order by one Weng–Lin model (vectorised).

::

    history = rate_competitions(competitions, WengLin("plackett-luce"))
    history.rating("Matt Shields")      # Rating(mu, sigma) after every competition
    history.ranking()                   # SkillEntry per player, best ordinal (μ − 3σ) first
    history.before(c)                   # each player's Rating before competition c

The walk is :func:`palmares.ratings.skill.kernel.rate_history`: one compiled loop over flat
arrays, each player their own team. It keeps each entry's rating *before* its competition, which is
what a prediction of that competition may use (the backtest) and nothing later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from palmares.ratings.competitions import Competition
from palmares.ratings.skill.models import Rating, WengLin

__all__ = ["FlatHistory", "SkillEntry", "SkillHistory", "flatten", "rate_competitions", "rate_flat"]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True, eq=False)
class FlatHistory:
    """Competitions as the kernel reads them: competition c is entries offsets[c]:offsets[c+1]."""

    players: tuple[str, ...]
    offsets: I64
    player: I64
    place: I64

    @property
    def n_competitions(self) -> int:
        return int(self.offsets.shape[0] - 1)


def flatten(competitions: Sequence[Competition]) -> FlatHistory:
    """Number the players in order of first appearance and lay the entries out flat, each
    competition's entries sorted by place (stably, as openskill sorts teams by rank)."""
    index: dict[str, int] = {}
    offsets = np.zeros(len(competitions) + 1, dtype=np.int64)
    players: list[str] = []
    places: list[int] = []
    for c, comp in enumerate(competitions):
        if list(comp.places) == sorted(comp.places):
            players.extend(comp.players)
            places.extend(comp.places)
        else:
            pairs = sorted(zip(comp.places, comp.players, strict=True), key=_place)
            players.extend(p for _, p in pairs)
            places.extend(r for r, _ in pairs)
        offsets[c + 1] = len(players)
    player = np.fromiter(
        (index.setdefault(p, len(index)) for p in players), dtype=np.int64, count=len(players)
    )
    return FlatHistory(tuple(index), offsets, player, np.array(places, dtype=np.int64))


def _place(entry: tuple[int, str]) -> int:
    return entry[0]


@dataclass(frozen=True, slots=True)
class SkillEntry:
    """One line of a skill list."""

    rank: int
    player: str
    mu: float
    sigma: float
    competitions: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True, slots=True, eq=False)
class SkillHistory:
    """The ratings after a history and before each of its competitions."""

    model: WengLin
    flat: FlatHistory
    mu: F64
    sigma: F64
    before_mu: F64
    before_sigma: F64

    def _index(self, player: str) -> int:
        return self.flat.players.index(player)

    def rating(self, player: str) -> Rating:
        i = self._index(player)
        return Rating(float(self.mu[i]), float(self.sigma[i]))

    def before(self, competition: int) -> tuple[Rating, ...]:
        """Each player's rating before ``competition`` (in the competition's player order)."""
        a, b = self.flat.offsets[competition], self.flat.offsets[competition + 1]
        return tuple(
            Rating(float(m), float(s))
            for m, s in zip(self.before_mu[a:b], self.before_sigma[a:b], strict=True)
        )

    def ranking(self) -> tuple[SkillEntry, ...]:
        """Every player, best ordinal first; equal ordinals share a rank (1, 2, 2, 4)."""
        counts = np.bincount(self.flat.player, minlength=len(self.flat.players))
        ordinal = self.mu - 3.0 * self.sigma
        order = sorted(
            range(len(self.flat.players)), key=lambda i: (-ordinal[i], self.flat.players[i])
        )
        out: list[SkillEntry] = []
        for pos, i in enumerate(order):
            tied = pos > 0 and ordinal[i] == ordinal[order[pos - 1]]
            rank = out[-1].rank if tied else pos + 1
            out.append(
                SkillEntry(
                    rank,
                    self.flat.players[i],
                    float(self.mu[i]),
                    float(self.sigma[i]),
                    int(counts[i]),
                )
            )
        return tuple(out)


def rate_flat(flat: FlatHistory, model: WengLin, weight: F64 | None = None) -> SkillHistory:
    """Rate a flat history (each entry its own team; ``weight`` per entry, NaN: none)."""
    from palmares.ratings.skill.kernel import rate_history

    w = np.full(flat.player.shape[0], np.nan) if weight is None else weight
    mu, sigma, bm, bs = rate_history(
        model.code,
        len(flat.players),
        flat.offsets,
        flat.player,
        flat.place,
        w,
        model.mu,
        model.sigma,
        *model.kernel_options(),
    )
    return SkillHistory(model, flat, mu, sigma, bm, bs)


def rate_competitions(competitions: Sequence[Competition], model: WengLin) -> SkillHistory:
    """Rate ``competitions`` in the order given (each player their own team)."""
    return rate_flat(flatten(competitions), model)
