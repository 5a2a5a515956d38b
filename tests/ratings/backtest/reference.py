"""The backtest as it was before issue 33 — Python, one competition at a time — kept as the
oracle of its compiled walks and measures (``test_kernels.py``): the same systems' loops and
the same scoring, word for word, except that a result is a tuple of system results — and the
bootstrap's draws, which are ``bootstrap.py``'s stream since issue 33 (:func:`picks`: drawn
here with numpy's own SFC64, a resample's means the plain means of the rows it drew)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from statistics import NormalDist

import numpy as np
import numpy.typing as npt

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.ratings.backtest import bootstrap
from palmares.ratings.backtest.metrics import (
    kendall_tau_b,
    order_log_likelihood,
    spearman,
    top1,
    win_probabilities,
    winner_log_likelihood,
)
from palmares.ratings.backtest.scores import METRICS, CalibrationBin, Part
from palmares.ratings.backtest.systems import Prediction
from palmares.ratings.competitions import Competition, TantrixTournament
from palmares.ratings.skill.history import flatten, rate_flat
from palmares.ratings.skill.models import MODELS, WengLin

F64 = npt.NDArray[np.float64]
_PHI = NormalDist().cdf


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


REFERENCE: dict[str, Callable[[Sequence[Competition]], tuple[Prediction, ...]]] = {
    "dip-pouch": dip_pouch,
    **{slug: weng_lin(slug) for slug in MODELS},
    "skill-ratio": skill_ratio,
    "elo": elo,
    "tantrix-elo": tantrix_elo,
    "uniform": uniform,
}


def _per_competition(p: Prediction) -> list[float | None]:
    row: list[float | None] = [
        kendall_tau_b(p.score, p.place),
        spearman(p.score, p.place),
        top1(p.score, p.place),
    ]
    if p.log_worth is None:
        return [*row, None, None]
    return [
        *row,
        order_log_likelihood(p.log_worth, p.place),
        winner_log_likelihood(p.log_worth, p.place),
    ]


def picks(view: int, n: int) -> list[npt.NDArray[np.int64]]:
    """Each resample's n rows of view ``view``, drawn as ``bootstrap.py`` says, with numpy:
    its own ``Generator(SFC64(SeedSequence(SEED, spawn_key=(view, r))))``, the multinomial of
    n over the blocks of 2^BITS rows, then per block its 64-bit words (``random_raw``) cut into
    fields of the bits of the block's size − 1, lowest first, those not below the size
    dropped, a block starting on a fresh word."""
    starts = [*range(0, n, 1 << bootstrap.BITS), n]
    sizes = np.diff(starts)
    out = []
    for r in range(bootstrap.RESAMPLES):
        child = np.random.SeedSequence(bootstrap.SEED, spawn_key=(view, r))
        rng = np.random.Generator(np.random.SFC64(child))
        counts = rng.multinomial(n, sizes / n)
        drawn: list[npt.NDArray[np.int64]] = []
        for lo, size, m in zip(starts, sizes.tolist(), counts.tolist(), strict=False):
            bits = (size - 1).bit_length()
            if bits == 0 or m == 0:
                drawn.append(np.full(m if bits == 0 else 0, lo, dtype=np.int64))
                continue
            per = 64 // bits
            shifts = np.arange(per, dtype=np.uint64) * np.uint64(bits)
            mask = np.uint64((1 << bits) - 1)
            fields = np.zeros(0, dtype=np.uint64)
            while (short := m - int((fields < size).sum())) > 0:
                # as many words as the draws still wanted need at least (a word gives `per`
                # at most): never a word past the one that gives the last
                words = rng.bit_generator.random_raw(-(-short // per))
                fields = np.concatenate([fields, (words[:, None] >> shifts).ravel() & mask])
            kept = fields[fields < size][:m]
            drawn.append(lo + kept.astype(np.int64))
        out.append(np.concatenate(drawn))
    return out


_DRAWN: dict[tuple[int, ...], list[npt.NDArray[np.int64]]] = {}


def _picks(view: int, n: int) -> list[npt.NDArray[np.int64]]:
    """:func:`picks`, kept (every system of a history draws the same)."""
    key = (view, n, bootstrap.RESAMPLES, bootstrap.BITS, bootstrap.SEED)
    if key not in _DRAWN:
        _DRAWN[key] = picks(view, n)
    return _DRAWN[key]


def _part(predictions: Sequence[Prediction], view: int) -> Part:
    rows = [_per_competition(p) for p in predictions]
    n = len(rows)
    if n == 0:
        nothing = tuple(None for _ in METRICS)
        return Part(0, nothing, nothing, nothing)
    # A resample draws n competitions with replacement: its means are theirs.
    drawn = _picks(view, n)
    means: list[float | None] = []
    lows: list[float | None] = []
    highs: list[float | None] = []
    for m in range(len(METRICS)):
        values = [r[m] for r in rows]
        if values[0] is None:
            means.append(None)
            lows.append(None)
            highs.append(None)
            continue
        x = np.asarray(values, dtype=np.float64)
        means.append(float(x.mean()))
        boot = np.array([x[rows].mean() for rows in drawn])
        lows.append(float(np.percentile(boot, 2.5)))
        highs.append(float(np.percentile(boot, 97.5)))
    return Part(n, tuple(means), tuple(lows), tuple(highs))


def _calibration(predictions: Sequence[Prediction]) -> tuple[CalibrationBin, ...]:
    edges = np.linspace(0, 1, 11)
    prob: list[float] = []
    won: list[float] = []
    for p in predictions:
        if p.log_worth is None:
            return ()
        first = min(p.place)
        winners = sum(1 for x in p.place if x == first)
        prob.extend(win_probabilities(p.log_worth))
        won.extend(1 / winners if x == first else 0.0 for x in p.place)
    pr, wn = np.asarray(prob), np.asarray(won)
    tenth = np.minimum((pr * 10).astype(np.int64), 9)
    out: list[CalibrationBin] = []
    for b in range(10):
        mask = tenth == b
        count = int(mask.sum())
        out.append(
            CalibrationBin(
                float(edges[b]),
                float(edges[b + 1]),
                count,
                float(pr[mask].mean()) if count else None,
                float(wn[mask].mean()) if count else None,
            )
        )
    return tuple(out)


#: A system's scores as the backtest gave them: all, returning, newcomers, calibration.
Scored = tuple[str, Part, Part, Part, tuple[CalibrationBin, ...]]


def backtest(competitions: Sequence[Competition], systems: Sequence[str]) -> list[Scored]:
    """Walk ``competitions`` in order with every system and score what each predicted."""
    out: list[Scored] = []
    for system in systems:
        predictions = REFERENCE[system](competitions)
        returning = [r for p in predictions if (r := p.returning()) is not None]
        newcomers = [p for p in predictions if p.cold]
        out.append(
            (
                system,
                _part(predictions, 0),
                _part(returning, 1),
                _part(newcomers, 2),
                _calibration(returning),
            )
        )
    return out
