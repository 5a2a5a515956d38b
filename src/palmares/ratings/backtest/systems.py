"""The rating systems a backtest compares, each predicting every competition from its past.

A system walks the competitions in order; before competition c it predicts from the ratings it
holds (built from competitions 0…c−1 only), then updates on c's result. Every system returns one
:class:`Prediction` per competition. Systems by slug (:data:`SYSTEMS`):

- ``dip-pouch`` — the WDD's Dip Pouch rule (seed 000): everyone starts at 40 and moves the
  tournament value's percentage of the distance to their percentile (N + 0.5 − place)/N × 100.
  The value and N are the event's (``results.csv``: its tournament value and field size); a
  board, game or match counts as a one-round event of its N players, N/7 + 2 (at most 15).
  Predicts by rating order; no probabilities.
- the five Weng–Lin models (``plackett-luce`` …, openskill.py's defaults): predicts by μ.
  Plackett–Luce's probabilities are its own worths exp(μ/c), c² = Σ(σ² + β²) over the
  competition (Weng & Lin 2011, eq. 47); the four pairwise models' are openskill.py's
  ``predict_win``: p_i ∝ mean_{j≠i} Φ((μ_i − μ_j)/√(2β² + σ_i² + σ_j²)), used as worths.
- ``skill-ratio`` — the Wizard league's own table measure (seed 004, "Skill Ratio"): placement
  points per game played, a game's placement points being the players below minus the players
  above. Taken over all of a player's earlier games (the league's table restarts each month; a
  monthly measure would make every month a cold start). Predicts by it; no probabilities.
- ``uniform`` — the baseline that knows nothing: every order equally likely (log-likelihood
  −log n! for n players, τ-b 0). A system is only worth its margin over this.
- ``elo`` — a plain multiplayer Elo: each pair of players is a game, expected score
  1/(1 + 10^((R_j − R_i)/400)), K = 32 shared over the n − 1 opponents, everyone from 1500; the
  probabilities are worths 10^(R/400) (the pairwise Elo curve, extended to many players).
- ``tantrix-elo`` — the Tantrix rating itself (seed 003), Tantrix matches only: every match of a
  tournament is predicted from the rating list before the tournament (the list imported with
  it, else the one the earlier tournaments left; a player not on it at the newcomer's 1500,
  ``rating_list.NEWCOMER_RATING``). After its last match the tournament is rated by the engine
  (``tantrix.tournament.rate_tournament``, every match, illustrative ones included) and applied
  to the list (``rating_list.update_list``). A player wins with probability
  Φ((R − R_opponent)/(400·√2)): the seed's Factor read backwards (``tantrix.factor``: each
  performance normal around the rating with s.d. 400). No re-centring (the history does not
  say which tournament is a World Championship).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np
import numpy.typing as npt

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.ratings.competitions import Competition, TantrixTournament
from palmares.ratings.skill.history import flatten, rate_flat
from palmares.ratings.skill.models import MODELS, WengLin

__all__ = ["SYSTEMS", "Prediction", "predict"]

F64 = npt.NDArray[np.float64]
_PHI = NormalDist().cdf


@dataclass(frozen=True, slots=True)
class Prediction:
    """One competition as a system saw it beforehand.

    Per player, best finisher first: the player, the predicted score, the log worth (``None``:
    the system gives no probabilities), whether it was their first competition, their place.
    """

    key: str
    players: tuple[str, ...]
    score: tuple[float, ...]
    log_worth: tuple[float, ...] | None
    new: tuple[bool, ...]
    place: tuple[int, ...]

    @property
    def cold(self) -> bool:
        """At least one player had never played before (a cold start)."""
        return any(self.new)

    def returning(self) -> Prediction | None:
        """The prediction among the players who had played before (``None``: fewer than two).

        Plackett–Luce probabilities restrict to a subset by renormalising the same worths.
        """
        keep = [i for i, new in enumerate(self.new) if not new]
        if len(keep) < 2:
            return None
        if len(keep) == len(self.new):
            return self
        return Prediction(
            self.key,
            tuple(self.players[i] for i in keep),
            tuple(self.score[i] for i in keep),
            None if self.log_worth is None else tuple(self.log_worth[i] for i in keep),
            tuple(False for _ in keep),
            tuple(self.place[i] for i in keep),
        )


def _firsts(competitions: Sequence[Competition]) -> list[tuple[bool, ...]]:
    seen: set[str] = set()
    out: list[tuple[bool, ...]] = []
    for c in competitions:
        out.append(tuple(p not in seen for p in c.players))
        seen.update(c.players)
    return out


def _sorted(c: Competition) -> list[int]:
    return sorted(range(len(c.players)), key=lambda i: c.places[i])


def dip_pouch(competitions: Sequence[Competition]) -> tuple[Prediction, ...]:
    ratings: dict[str, float] = {}
    out: list[Prediction] = []
    for c, new in zip(competitions, _firsts(competitions), strict=True):
        n = c.field if c.field is not None else len(c.players)
        order = _sorted(c)
        before = [ratings.get(p, 40.0) for p in c.players]
        out.append(
            Prediction(
                c.key,
                tuple(c.players[i] for i in order),
                tuple(before[i] for i in order),
                None,
                tuple(new[i] for i in order),
                tuple(c.places[i] for i in order),
            )
        )
        value = c.value if c.value is not None else min(n / 7 + 2, 15.0)
        for p, r, place in zip(c.players, before, c.places, strict=True):
            ratings[p] = r + value / 100 * ((n + 0.5 - place) / n * 100 - r)
    return tuple(out)


def skill_ratio(competitions: Sequence[Competition]) -> tuple[Prediction, ...]:
    points: dict[str, int] = {}
    games: dict[str, int] = {}
    out: list[Prediction] = []
    for c, new in zip(competitions, _firsts(competitions), strict=True):
        order = _sorted(c)
        ratio = [points.get(p, 0) / games[p] if p in games else 0.0 for p in c.players]
        out.append(
            Prediction(
                c.key,
                tuple(c.players[i] for i in order),
                tuple(ratio[i] for i in order),
                None,
                tuple(new[i] for i in order),
                tuple(c.places[i] for i in order),
            )
        )
        for p, mine in zip(c.players, c.places, strict=True):
            below = sum(1 for q in c.places if q > mine)
            above = sum(1 for q in c.places if q < mine)
            points[p] = points.get(p, 0) + below - above
            games[p] = games.get(p, 0) + 1
    return tuple(out)


def uniform(competitions: Sequence[Competition]) -> tuple[Prediction, ...]:
    out: list[Prediction] = []
    for c, new in zip(competitions, _firsts(competitions), strict=True):
        order = _sorted(c)
        zeros = tuple(0.0 for _ in order)
        out.append(
            Prediction(
                c.key,
                tuple(c.players[i] for i in order),
                zeros,
                zeros,
                tuple(new[i] for i in order),
                tuple(c.places[i] for i in order),
            )
        )
    return tuple(out)


def elo(competitions: Sequence[Competition], k: float = 32.0) -> tuple[Prediction, ...]:
    ratings: dict[str, float] = {}
    out: list[Prediction] = []
    for c, new in zip(competitions, _firsts(competitions), strict=True):
        n = len(c.players)
        order = _sorted(c)
        r = [ratings.get(p, 1500.0) for p in c.players]
        out.append(
            Prediction(
                c.key,
                tuple(c.players[i] for i in order),
                tuple(r[i] for i in order),
                tuple(r[i] * math.log(10) / 400 for i in order),
                tuple(new[i] for i in order),
                tuple(c.places[i] for i in order),
            )
        )
        for i, p in enumerate(c.players):
            change = 0.0
            for j in range(n):
                if j != i:
                    expected = 1 / (1 + 10 ** ((r[j] - r[i]) / 400))
                    actual = (
                        1.0
                        if c.places[i] < c.places[j]
                        else 0.5
                        if c.places[i] == c.places[j]
                        else 0.0
                    )
                    change += actual - expected
            ratings[p] = r[i] + k / (n - 1) * change
    return tuple(out)


def tantrix_elo(competitions: Sequence[Competition]) -> tuple[Prediction, ...]:
    from palmares.tantrix.factor import FACTOR_SCALE
    from palmares.tantrix.rating_list import (
        NEWCOMER_RATING,
        RatingEntry,
        official_ratings,
        update_list,
    )
    from palmares.tantrix.tournament import rate_tournament

    entries: tuple[RatingEntry, ...] = ()
    current: TantrixTournament | None = None
    ratings: dict[str, float] = {}
    out: list[Prediction] = []
    for c, new in zip(competitions, _firsts(competitions), strict=True):
        tournament = c.tournament
        if tournament is None or len(c.players) != 2:
            raise PalmaresError.of(Message.of("ratings.tantrix_elo"))
        if tournament is not current:
            if current is not None:
                rated = rate_tournament(current.matches, official_ratings(entries))
                entries = update_list(entries, rated).entries
            if tournament.listed is not None:
                entries = tournament.listed
            current = tournament
            ratings = {e.player: e.rating for e in entries}
        order = _sorted(c)
        r = [ratings.get(p, NEWCOMER_RATING) for p in c.players]
        win = [_PHI((r[0] - r[1]) / FACTOR_SCALE), _PHI((r[1] - r[0]) / FACTOR_SCALE)]
        out.append(
            Prediction(
                c.key,
                tuple(c.players[i] for i in order),
                tuple(r[i] for i in order),
                tuple(math.log(max(win[i], 1e-300)) for i in order),
                tuple(new[i] for i in order),
                tuple(c.places[i] for i in order),
            )
        )
    return tuple(out)


def _log_worth(slug: str, mu: F64, s2: F64, beta: float) -> F64:
    if slug == "plackett-luce":
        out: F64 = mu / math.sqrt(float(np.sum(s2 + beta**2)))
        return out
    n = mu.shape[0]
    scale = np.sqrt(2 * beta**2 + s2[:, None] + s2[None, :])
    phi = np.vectorize(_PHI)((mu[:, None] - mu[None, :]) / scale)
    np.fill_diagonal(phi, 0.0)
    win = phi.sum(axis=1) / (n - 1)
    with np.errstate(divide="ignore"):
        out = np.log(np.maximum(win / win.sum(), 1e-300))
    return out


def weng_lin(slug: str) -> Callable[[Sequence[Competition]], tuple[Prediction, ...]]:
    def run(competitions: Sequence[Competition]) -> tuple[Prediction, ...]:
        model = WengLin(slug)
        flat = flatten(competitions)
        history = rate_flat(flat, model)
        firsts = _firsts(competitions)
        out: list[Prediction] = []
        for c, comp in enumerate(competitions):
            a, b = int(flat.offsets[c]), int(flat.offsets[c + 1])
            mu = history.before_mu[a:b]
            s2 = history.before_sigma[a:b] ** 2
            log_worth = _log_worth(slug, mu, s2, model.beta)
            new_of = dict(zip(comp.players, firsts[c], strict=True))
            names = tuple(flat.players[int(p)] for p in flat.player[a:b])
            out.append(
                Prediction(
                    comp.key,
                    names,
                    tuple(float(x) for x in mu),
                    tuple(float(x) for x in log_worth),
                    tuple(new_of[p] for p in names),
                    tuple(int(x) for x in flat.place[a:b]),
                )
            )
        return tuple(out)

    return run


SYSTEMS: dict[str, Callable[[Sequence[Competition]], tuple[Prediction, ...]]] = {
    "dip-pouch": dip_pouch,
    **{slug: weng_lin(slug) for slug in MODELS},
    "skill-ratio": skill_ratio,
    "elo": elo,
    "tantrix-elo": tantrix_elo,
    "uniform": uniform,
}


def predict(system: str, competitions: Sequence[Competition]) -> tuple[Prediction, ...]:
    """Every competition's prediction by ``system``, each from the competitions before it."""
    try:
        run = SYSTEMS[system]
    except KeyError:
        raise PalmaresError.of(
            Message.of("ratings.unknown_system", system=repr(system), known=tuple(SYSTEMS))
        ) from None
    return run(competitions)
