"""The Weng–Lin models by slug, their options, and rating one competition.

Weng, R. C. & Lin, C.-J. (2011), "A Bayesian Approximation Method for Online Ranking", JMLR 12,
267–300, as openskill.py 6.2 implements it (the defaults below are openskill's)::

    model = WengLin("plackett-luce")                       # μ 25, σ 25/3, β 25/6, τ 25/300
    after = model.rate([[Rating(25, 8.3)], [Rating(30, 2)]], ranks=[2, 1])

A player's ordinal is μ − 3σ. ``tau=0.0`` means no dynamics (openskill's ``rate(tau=0)`` falls back
to the model's τ by truthiness; here 0 is 0). Not carried over: openskill's custom γ functions,
its ``margin`` on scores and ``predict_*`` (the backtest has its own predictions).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.ratings.skill import (
    bradley_terry_full,
    bradley_terry_part,
    plackett_luce,
    thurstone_mosteller_full,
    thurstone_mosteller_part,
)

__all__ = ["MODELS", "ModelInfo", "Rating", "WengLin", "model_info"]


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """A registered model: its stable slug, its name with the paper's algorithm, its code."""

    slug: str
    name: str
    code: int
    module: ModuleType


MODELS: dict[str, ModelInfo] = {
    m.SLUG: ModelInfo(m.SLUG, m.NAME, code, m)
    for code, m in enumerate(
        (
            plackett_luce,
            bradley_terry_full,
            bradley_terry_part,
            thurstone_mosteller_full,
            thurstone_mosteller_part,
        )
    )
}
"""Every Weng–Lin model by slug (the code is the kernel's model number)."""


def model_info(slug: str) -> ModelInfo:
    try:
        return MODELS[slug]
    except KeyError:
        known = tuple(MODELS)
        raise PalmaresError.of(
            Message.of("ratings.unknown_model", slug=repr(slug), known=known)
        ) from None


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill estimate: mean μ and uncertainty σ."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """μ − 3σ: a conservative estimate, what a rating list sorts by."""
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True, slots=True)
class WengLin:
    """A Weng–Lin model and its options (openskill.py 6.2's names and defaults).

    ``kappa`` is the floor of the σ shrink factor; ``epsilon`` the draw margin of the
    Thurstone–Mosteller models; ``window`` the neighbours on each side of the partial-pairing
    models; ``weight_bounds`` the range per-player weights are scaled into (``None``: as given).
    """

    model: str = plackett_luce.SLUG
    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    kappa: float = 0.0001
    tau: float = 25.0 / 300.0
    epsilon: float = 0.1
    window: int = 4
    limit_sigma: bool = False
    balance: bool = False
    weight_bounds: tuple[float, float] | None = (1.0, 2.0)

    def __post_init__(self) -> None:
        model_info(self.model)
        if not (self.sigma > 0 and self.beta > 0 and self.kappa > 0):
            raise PalmaresError.of(Message.of("ratings.positive"))
        if self.tau < 0 or self.epsilon < 0 or self.window < 1:
            raise PalmaresError.of(Message.of("ratings.not_negative"))

    @property
    def code(self) -> int:
        return MODELS[self.model].code

    @property
    def initial(self) -> Rating:
        return Rating(self.mu, self.sigma)

    def kernel_options(
        self,
    ) -> tuple[float, float, float, float, int, bool, bool, bool, float, float]:
        """β, κ, τ, ε, window, limit_sigma, balance, bounds?, low, high (the kernel's order)."""
        lo, hi = self.weight_bounds if self.weight_bounds is not None else (1.0, 1.0)
        return (
            self.beta,
            self.kappa,
            self.tau,
            self.epsilon,
            self.window,
            self.limit_sigma,
            self.balance,
            self.weight_bounds is not None,
            lo,
            hi,
        )

    def rate(
        self,
        teams: Sequence[Sequence[Rating]],
        ranks: Sequence[int],
        weights: Sequence[Sequence[float]] | None = None,
    ) -> tuple[tuple[Rating, ...], ...]:
        """The teams' ratings after one competition; ``ranks[t]`` is team t's place (lower is
        better, equal ranks tie). ``weights``: each player's share in their team's result."""
        from palmares.ratings.skill.kernel import rate_game

        if len(teams) < 2 or len(ranks) != len(teams) or any(len(t) == 0 for t in teams):
            raise PalmaresError.of(Message.of("ratings.teams"))
        if weights is not None and [len(w) for w in weights] != [len(t) for t in teams]:
            raise PalmaresError.of(Message.of("ratings.weights"))
        flat = [r for t in teams for r in t]
        team = np.array([i for i, t in enumerate(teams) for _ in t], dtype=np.int64)
        weight = np.array(
            [x for w in weights for x in w] if weights is not None else np.ones(len(flat)),
            dtype=np.float64,
        )
        mu, sigma = rate_game(
            self.code,
            np.array([r.mu for r in flat]),
            np.array([r.sigma for r in flat]),
            team,
            np.array(list(ranks), dtype=np.int64),
            weight,
            weights is not None,
            *self.kernel_options(),
        )
        out: list[tuple[Rating, ...]] = []
        j = 0
        for t in teams:
            out.append(tuple(Rating(float(mu[j + i]), float(sigma[j + i])) for i in range(len(t))))
            j += len(t)
        return tuple(out)
