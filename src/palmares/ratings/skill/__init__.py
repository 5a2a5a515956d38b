"""Skill ratings: the Weng–Lin models (Weng & Lin 2011) as openskill.py implements them.

One module per model, each naming the paper's algorithm and symbols (Ω, Δ, c, γ, A_q):
:mod:`plackett_luce`, :mod:`bradley_terry_full`, :mod:`bradley_terry_part`,
:mod:`thurstone_mosteller_full`, :mod:`thurstone_mosteller_part`; :data:`MODELS` lists them by
slug. :mod:`kernel` applies one competition and walks a history (numba); :mod:`history` is the
rated history::

    from palmares.ratings.competitions import from_games
    from palmares.ratings.skill import WengLin, rate_competitions

    history = rate_competitions(from_games(games), WengLin("plackett-luce"))
    history.ranking()   # (SkillEntry(rank, player, mu, sigma, competitions), ...)

The numba code compiles on first use (cached on disk afterwards).
"""

from palmares.ratings.skill.history import SkillEntry, SkillHistory, rate_competitions
from palmares.ratings.skill.models import MODELS, ModelInfo, Rating, WengLin, model_info

__all__ = [
    "MODELS",
    "ModelInfo",
    "Rating",
    "SkillEntry",
    "SkillHistory",
    "WengLin",
    "model_info",
    "rate_competitions",
]
