"""Tantrix Elo as a backtest system (seed 003): every match predicted from the rating list
before its tournament, the list moved by the Tantrix engine after each tournament, the win
probability Φ(ΔR / (400·√2)) of the seed's Factor."""

from __future__ import annotations

import math
import random
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from statistics import NormalDist

import pytest

from palmares.core.errors import PalmaresError
from palmares.io.competitions import read_competitions
from palmares.io.tantrix import read_ratings_csv
from palmares.ratings.backtest import Prediction, backtest, predict
from palmares.ratings.competitions import Competition, from_matches
from palmares.tantrix.factor import FACTOR_SCALE
from palmares.tantrix.match import Match
from palmares.tantrix.rating_list import (
    NEWCOMER_RATING,
    RatingEntry,
    official_ratings,
    update_list,
)
from palmares.tantrix.tournament import rate_tournament

REPO = Path(__file__).resolve().parents[3]
NZ = REPO / "examples" / "tantrix-nz-2000"
PHI = NormalDist().cdf


def _round_robins(seed: int, n: int = 3, first: int = 0) -> list[Match]:
    """``n`` round robins of six players (one game a match, whole TP) a month apart."""
    rng = random.Random(seed)
    names = [f"T{i}" for i in range(8)]
    out: list[Match] = []
    for t in range(first, first + n):
        seated = rng.sample(names, 6)
        for i, a in enumerate(seated):
            for b in seated[i + 1 :]:
                tp = rng.randint(0, 20)
                out.append(
                    Match(
                        a,
                        b,
                        1,
                        Decimal(tp),
                        Decimal(20 - tp),
                        event=f"RR{t}",
                        date=date(2020, 1, 1) + timedelta(days=30 * t),
                    )
                )
    return out


def test_the_nz_2000_matches_are_predicted_from_the_imported_list() -> None:
    read = read_competitions(NZ / "matches.csv", "matches", ratings=NZ / "ratings.csv")
    listed = {e.player: e.rating for e in read_ratings_csv(NZ / "ratings.csv")}
    predictions = predict("tantrix-elo", read.competitions)
    assert len(predictions) == 20  # the four illustrative matches are not predicted
    for p in predictions:
        a, b = p.players
        ra, rb = listed.get(a, NEWCOMER_RATING), listed.get(b, NEWCOMER_RATING)
        assert p.score == (ra, rb)
        assert p.log_worth is not None
        win = [math.exp(w) for w in p.log_worth]
        assert win[0] == pytest.approx(PHI((ra - rb) / (400 * math.sqrt(2))), abs=1e-12)
        assert sum(win) == pytest.approx(1.0, abs=1e-12)
    # Pekko (2023) beat MattK (unrated: 1500) in R2: Φ(523 / 565.685…) = 0.8224…
    pekko = next(p for p in predictions if set(p.players) == {"Pekko", "MattK"})
    assert p.players is not None and pekko.players[0] == "Pekko"
    assert round(math.exp(pekko.log_worth[0]), 4) == 0.8224  # type: ignore[index]
    assert 400 * math.sqrt(2) == FACTOR_SCALE


START = tuple(RatingEntry(f"T{i}", 2000.0 - 60 * i, 40, True) for i in range(5))


def test_each_tournament_is_predicted_from_the_list_the_engine_left() -> None:
    matches = _round_robins(7)
    competitions = from_matches(matches, {("RR0", matches[0].date): START})
    predictions = predict("tantrix-elo", competitions)
    entries: tuple[RatingEntry, ...] = START
    for t in range(3):
        ratings = {e.player: e.rating for e in entries}
        mine = [
            p for p, c in zip(predictions, competitions, strict=True) if c.key.startswith(f"RR{t}")
        ]
        assert len(mine) == 15
        for p in mine:
            assert p.score == tuple(ratings.get(x, NEWCOMER_RATING) for x in p.players)
        played = [m for m in matches if m.event == f"RR{t}"]
        entries = update_list(entries, rate_tournament(played, official_ratings(entries))).entries
    assert len({p.score for p in predictions[15:]}) > 1  # the first tournament moved the list


def test_the_future_and_the_tournament_itself_change_no_prediction() -> None:
    past = _round_robins(1, n=2)
    future = _round_robins(2, n=2, first=2)
    start = {("RR0", past[0].date): START}
    a = predict("tantrix-elo", from_matches(past + future, start))
    flipped = [
        Match(m.player_a, m.player_b, 1, m.tp_b, m.tp_a, event=m.event, date=m.date) for m in future
    ]
    random.Random(4).shuffle(flipped)
    b = predict("tantrix-elo", from_matches(past + flipped, start))
    assert a[:30] == b[:30]
    # a match's own result (and its tournament's) does not move its prediction
    own = [
        Match(m.player_a, m.player_b, 1, m.tp_b, m.tp_a, event=m.event, date=m.date)
        if m.event == "RR1"
        else m
        for m in past
    ]
    c = predict("tantrix-elo", from_matches(own, start))

    def scores(ps: tuple[Prediction, ...]) -> list[dict[str, float]]:
        return [dict(zip(p.players, p.score, strict=True)) for p in ps]

    assert scores(c) == scores(a[:30])


def test_tantrix_elo_wins_on_nz_2000_and_needs_matches() -> None:
    read = read_competitions(NZ / "matches.csv", "matches", ratings=NZ / "ratings.csv")
    result = backtest(read.competitions, ["tantrix-elo", "plackett-luce", "uniform"])
    tau = {s.system: s.all.mean("kendall_tau") for s in result.systems}
    assert tau["tantrix-elo"] == pytest.approx(0.45)
    assert tau["tantrix-elo"] > tau["plackett-luce"]  # type: ignore[operator]
    seven = Competition("g", None, tuple("abcdefg"), tuple(range(1, 8)))
    with pytest.raises(PalmaresError, match="Tantrix matches only"):
        predict("tantrix-elo", [seven])
    with pytest.raises(PalmaresError, match="only with --kind matches"):
        read_competitions(
            REPO / "examples" / "wizard" / "games.csv", "games", ratings=NZ / "ratings.csv"
        )
