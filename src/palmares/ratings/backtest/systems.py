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

Each system walks the history as arrays (issue 33: ``kernels.py``, compiled; the Tantrix
engine's walk is Python, tournament by tournament) and gives :class:`Predictions` — a score and,
with probabilities, a log worth per entry — from which a :class:`Prediction` per competition is
made when one is asked for.
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
from palmares.ratings.backtest import kernels
from palmares.ratings.competitions import Competition, CompetitionColumns, TantrixTournament
from palmares.ratings.jit import compiled
from palmares.ratings.skill.history import flat_of, rate_flat
from palmares.ratings.skill.models import MODELS, WengLin

__all__ = ["SYSTEMS", "Prediction", "Predictions", "firsts", "predict", "predictions"]

F64 = npt.NDArray[np.float64]
B = npt.NDArray[np.bool_]
_PHI = NormalDist().cdf
#: A system's walk: each entry's score and log worth (``None``: no probabilities).
Walk = Callable[[CompetitionColumns], tuple[F64, F64 | None]]


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


@dataclass(frozen=True, slots=True, eq=False)
class Predictions:
    """A system's predictions of a whole history: ``score[e]`` and ``worth[e]`` (log worth;
    ``None``: no probabilities) of each entry of ``columns``, ``new[e]`` whether it was the
    player's first competition."""

    columns: CompetitionColumns
    score: F64
    worth: F64 | None
    new: B

    def __len__(self) -> int:
        return len(self.columns)

    def __getitem__(self, c: int) -> Prediction:
        cols = self.columns
        a, b = int(cols.offsets[c]), int(cols.offsets[c + 1])
        names = cols.names
        return Prediction(
            cols.keys[c],
            tuple(names[p] for p in cols.player[a:b].tolist()),
            tuple(self.score[a:b].tolist()),
            None if self.worth is None else tuple(self.worth[a:b].tolist()),
            tuple(self.new[a:b].tolist()),
            tuple(cols.place[a:b].tolist()),
        )

    def all(self) -> tuple[Prediction, ...]:
        return tuple(self[c] for c in range(len(self)))


def firsts(columns: CompetitionColumns) -> B:
    """Each entry: its player's first competition (a player is in a competition once)."""
    new = np.zeros(columns.player.shape[0], dtype=np.bool_)
    if new.shape[0]:
        _, first = np.unique(columns.player, return_index=True)
        new[first] = True
    return new


def _arrays(columns: CompetitionColumns) -> tuple[npt.NDArray[np.int64], ...]:
    c = columns
    return (
        np.ascontiguousarray(c.offsets, dtype=np.int64),
        np.ascontiguousarray(c.player, dtype=np.int64),
        np.ascontiguousarray(c.place, dtype=np.int64),
    )


def dip_pouch(columns: CompetitionColumns) -> tuple[F64, F64 | None]:
    offsets, player, place = _arrays(columns)
    n = len(columns)
    field = columns.field if columns.field is not None else np.full(n, -1, dtype=np.int64)
    value = columns.value if columns.value is not None else np.full(n, np.nan)
    walk = compiled(kernels.dip_pouch)
    score = walk(offsets, player, place, field.astype(np.int64), value, len(columns.names))
    return score, None


def skill_ratio(columns: CompetitionColumns) -> tuple[F64, F64 | None]:
    offsets, player, place = _arrays(columns)
    return compiled(kernels.skill_ratio)(offsets, player, place, len(columns.names)), None


def uniform(columns: CompetitionColumns) -> tuple[F64, F64 | None]:
    zeros = np.zeros(columns.player.shape[0])
    return zeros, zeros


def elo(columns: CompetitionColumns, k: float = 32.0) -> tuple[F64, F64 | None]:
    offsets, player, place = _arrays(columns)
    score = compiled(kernels.elo)(offsets, player, place, len(columns.names), k)
    return score, score * math.log(10) / 400


def tantrix_elo(columns: CompetitionColumns) -> tuple[F64, F64 | None]:
    """The Tantrix engine's walk, tournament by tournament (Python: the engine is)."""
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
    score = np.empty(columns.player.shape[0])
    worth = np.empty(columns.player.shape[0])
    for c, comp in enumerate(columns.competitions()):
        tournament = comp.tournament
        if tournament is None or len(comp.players) != 2:
            raise PalmaresError.of(Message.of("ratings.tantrix_elo"))
        if tournament is not current:
            if current is not None:
                rated = rate_tournament(current.matches, official_ratings(entries))
                entries = update_list(entries, rated).entries
            if tournament.listed is not None:
                entries = tournament.listed
            current = tournament
            ratings = {e.player: e.rating for e in entries}
        r = [ratings.get(p, NEWCOMER_RATING) for p in comp.players]
        win = [_PHI((r[0] - r[1]) / FACTOR_SCALE), _PHI((r[1] - r[0]) / FACTOR_SCALE)]
        a = int(columns.offsets[c])
        score[a : a + 2] = r
        worth[a : a + 2] = [math.log(max(w, 1e-300)) for w in win]
    return score, worth


def weng_lin(slug: str) -> Walk:
    def run(columns: CompetitionColumns) -> tuple[F64, F64 | None]:
        model = WengLin(slug)
        flat = flat_of(columns)
        history = rate_flat(flat, model)
        pl = slug == "plackett-luce"
        worth = compiled(kernels.log_worth)(
            np.ascontiguousarray(flat.offsets, dtype=np.int64),
            history.before_mu,
            history.before_sigma,
            model.beta,
            pl,
        )
        # the pairwise models' chances, logged by numpy (as openskill's predict_win was)
        return history.before_mu, worth if pl else np.log(worth)

    return run


SYSTEMS: dict[str, Walk] = {
    "dip-pouch": dip_pouch,
    **{slug: weng_lin(slug) for slug in MODELS},
    "skill-ratio": skill_ratio,
    "elo": elo,
    "tantrix-elo": tantrix_elo,
    "uniform": uniform,
}


def predictions(
    system: str, competitions: Sequence[Competition] | CompetitionColumns
) -> Predictions:
    """Every competition's prediction by ``system``, each from the competitions before it."""
    try:
        run = SYSTEMS[system]
    except KeyError:
        raise PalmaresError.of(
            Message.of("ratings.unknown_system", system=repr(system), known=tuple(SYSTEMS))
        ) from None
    columns = (
        competitions
        if isinstance(competitions, CompetitionColumns)
        else CompetitionColumns.of(competitions)
    )
    score, worth = run(columns)
    return Predictions(columns, score, worth, firsts(columns))


def predict(
    system: str, competitions: Sequence[Competition] | CompetitionColumns
) -> tuple[Prediction, ...]:
    """:func:`predictions` as one :class:`Prediction` per competition."""
    return predictions(system, competitions).all()
