"""A skill rating history: every competition rated in order by one Weng–Lin model (vectorised).

::

    history = rate_competitions(competitions, WengLin("plackett-luce"))
    history.rating("Matt Shields")      # Rating(mu, sigma) after every competition
    history.ranking()                   # SkillEntry per player, best ordinal (μ − 3σ) first
    history.before(c)                   # each player's Rating before competition c

The walk is :func:`palmares.ratings.skill.kernel.rate_history`: one compiled loop over flat
arrays, each player their own team (under Plackett–Luce, its build in C, ``_kernels.c``, when it
was built: the same floats, without numba). It keeps each entry's rating *before* its
competition, which is what a prediction of that competition may use (the backtest) and nothing
later.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain, compress, count
from operator import attrgetter, itemgetter, ne

import numpy as np
import numpy.typing as npt

from palmares.ratings.competitions import Competition, CompetitionColumns
from palmares.ratings.compiled import kernels
from palmares.ratings.skill import plackett_luce
from palmares.ratings.skill.models import MODELS, Rating, WengLin

__all__ = [
    "FlatHistory",
    "SkillEntry",
    "SkillHistory",
    "flat_from_ids",
    "flat_of",
    "flatten",
    "rate_arrays",
    "rate_competitions",
    "rate_flat",
]

#: The model code the compiled walk rates (``_kernels.c``); the other models walk in numba.
PLACKETT_LUCE = MODELS[plackett_luce.SLUG].code

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
    competition's entries sorted by place (stably, as openskill sorts teams by rank).

    Vectorised: no Python statement runs per entry or per competition. The places of a
    competition listed 1, 2, …, k are its positions (one tuple comparison tells); the others'
    are read from their tuples and, only where a competition is not listed best first, sorted
    with numpy; the players are numbered by one dictionary look-up each at C speed
    (``itemgetter`` over a ``defaultdict`` that gives a new name the next number).
    """
    n_comp = len(competitions)
    offsets = np.zeros(n_comp + 1, dtype=np.int64)
    if n_comp == 0:
        return FlatHistory((), offsets, np.zeros(0, np.int64), np.zeros(0, np.int64))
    sizes = np.fromiter(map(len, map(_PLAYERS, competitions)), dtype=np.int64, count=n_comp)
    np.cumsum(sizes, out=offsets[1:])
    n = int(offsets[-1])  # at least two (a competition has two players or more)
    places = list(map(_PLACES, competitions))
    # Most competitions are listed 1, 2, …, k (no tie, best first): their places are the
    # positions; the others' are read from their tuples.
    odd = np.fromiter(
        map(ne, places, map(_IN_ORDER.__getitem__, np.minimum(sizes, _MOST).tolist())),
        dtype=bool,
        count=n_comp,
    )
    place = np.arange(1, n + 1, dtype=np.int64) - np.repeat(offsets[:-1], sizes)
    players = chain.from_iterable(map(_PLAYERS, competitions))
    if odd.any():
        entries = np.repeat(odd, sizes)
        place[entries] = np.fromiter(
            chain.from_iterable(compress(places, odd.tolist())),
            dtype=np.int64,
            count=int(sizes[odd].sum()),
        )
        drops = np.flatnonzero(place[1:] < place[:-1]) + 1
        if drops.size and not np.isin(drops, offsets[1:-1]).all():
            # some competition is not listed best first: a stable sort by (competition, place)
            competition = np.repeat(np.arange(n_comp, dtype=np.int64), sizes)
            order = np.argsort(competition * (int(place.max()) + 1) + place, kind="stable")
            place = place[order]
            players = iter(itemgetter(*order.tolist())(list(players)))
    # One dictionary look-up per entry at C speed: a new name gets the next number.
    index: defaultdict[str, int] = defaultdict(count().__next__)
    player = np.fromiter(itemgetter(*players)(index), dtype=np.int64, count=n)
    return FlatHistory(tuple(index), offsets, player, place)


_MOST = 64
_IN_ORDER = tuple(tuple(range(1, k + 1)) for k in range(_MOST + 1))
_PLAYERS = attrgetter("players")
_PLACES = attrgetter("places")


def flat_from_ids(ids: npt.ArrayLike, offsets: npt.ArrayLike, place: npt.ArrayLike) -> FlatHistory:
    """A history built as arrays directly: competition c is entries ``offsets[c]:offsets[c+1]``,
    entry e player ``ids[e]`` (an integer id: a database key) placed ``place[e]``. The same
    layout as :func:`flatten` of the same competitions with the ids as names (``str(id)``),
    in one compiled pass (:func:`palmares.ratings.skill.layout.lay_out`)."""
    from palmares.ratings.skill.layout import lay_out

    at = np.ascontiguousarray(offsets, dtype=np.int64)
    player, placed, first = lay_out(
        np.ascontiguousarray(ids, dtype=np.int64), at, np.ascontiguousarray(place, dtype=np.int64)
    )
    return FlatHistory(tuple(map(str, first.tolist())), at, player, placed)


def flat_of(columns: CompetitionColumns) -> FlatHistory:
    """:func:`flatten` of a history held as columns (issue 33): the same layout, the players
    numbered in one compiled pass (:func:`palmares.ratings.skill.layout.lay_out`) and named
    from the columns' names."""
    from palmares.ratings.skill.layout import lay_out

    offsets = np.ascontiguousarray(columns.offsets, dtype=np.int64)
    player, placed, first = lay_out(columns.player, offsets, columns.place)
    names = columns.names
    return FlatHistory(tuple(names[i] for i in first.tolist()), offsets, player, placed)


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


def rate_flat(
    flat: FlatHistory,
    model: WengLin,
    weight: F64 | None = None,
    *,
    start: tuple[F64, F64] | None = None,
) -> SkillHistory:
    """Rate a flat history (each entry its own team; ``weight`` per entry, NaN: none).

    ``start``: each player's (μ, σ) before the history, in ``flat.players`` order (``None``:
    the model's μ and σ for everyone). Weng–Lin is sequential, so rating competitions
    c₁…cₙ from the ratings after c₁…cₖ gives the floats of rating c₁…cₙ in one go — bit for
    bit, the same compiled walk doing the same operations on the same doubles."""
    walked = rate_arrays(
        model, len(flat.players), flat.offsets, flat.player, flat.place, weight, start=start
    )
    return SkillHistory(model, flat, *walked)


def rate_arrays(
    model: WengLin,
    n: int,
    offsets: I64,
    player: I64,
    place: I64,
    weight: F64 | None = None,
    *,
    start: tuple[F64, F64] | None = None,
) -> tuple[F64, F64, F64, F64]:
    """:func:`rate_flat` of the arrays of a history of ``n`` players (``FlatHistory``'s
    ``offsets``, ``player``, ``place``), with no names: each player's μ and σ at the end, and
    each entry's μ and σ before its competition."""
    if start is None:
        mu0, sigma0 = np.full(n, model.mu), np.full(n, model.sigma)
    else:
        mu0 = np.ascontiguousarray(start[0], dtype=np.float64)
        sigma0 = np.ascontiguousarray(start[1], dtype=np.float64)
        if mu0.shape != (n,) or sigma0.shape != (n,):
            raise ValueError(f"start: {n} ratings expected, one per player of the history")
    w = np.full(player.shape[0], np.nan) if weight is None else weight
    if kernels is not None and model.code == PLACKETT_LUCE:
        # the compiled walk (``_kernels.c``), the same floats as the numba one below
        beta, kappa, tau, _, _, limit_sigma, _, bounds, _, hi = model.kernel_options()
        mu, sigma = mu0.copy(), sigma0.copy()
        before_mu, before_sigma = np.empty(player.shape[0]), np.empty(player.shape[0])
        kernels.rate_history_pl(
            mu, sigma,
            np.ascontiguousarray(offsets, dtype=np.int64),
            np.ascontiguousarray(player, dtype=np.int64),
            np.ascontiguousarray(place, dtype=np.int64),
            np.ascontiguousarray(w, dtype=np.float64),
            beta, kappa, tau, limit_sigma, bounds, hi, before_mu, before_sigma,
        )  # fmt: skip
        return mu, sigma, before_mu, before_sigma
    from palmares.ratings.skill.kernel import rate_history

    mu, sigma, before_mu, before_sigma = rate_history(
        model.code, mu0, sigma0, offsets, player, place, w, *model.kernel_options()
    )
    return mu, sigma, before_mu, before_sigma


def rate_competitions(competitions: Sequence[Competition], model: WengLin) -> SkillHistory:
    """Rate ``competitions`` in the order given (each player their own team)."""
    return rate_flat(flatten(competitions), model)
