"""Rating lists across events; first the WDD's Dip Pouch Tournament Rating (seed 000).

Public API (docs/dip-pouch.md)::

    from palmares.io.results import read_results
    from palmares.ratings import replay

    history = replay(read_results("results.csv"))   # RatingHistory (vectorised engine)
    history.ranking(as_of=None, nationality=None, limit=None, exact=False) -> Ranking
    history.player_page(name_or_id) -> PlayerPage   # exact Fractions, newest first
    history.event_report(name_or_id) -> EventReport
    history.events() -> tuple[EventSummary, ...]
    history.add_event(event, players) -> None       # only that event's players recomputed

The exact reference loop is :func:`palmares.ratings.dip_pouch.rate_history`.

``replay`` and ``RatingHistory`` are loaded on first use: they bring in numba (a quarter of a
second), which commands that never replay a history should not pay for.
"""

from typing import TYPE_CHECKING, Any

from palmares.ratings.dip_pouch import INITIAL_RATING, RatingStep, rate_history
from palmares.ratings.events import Event, Placement, Player, Results
from palmares.ratings.percentile import percentile
from palmares.ratings.ranking import Ranking, RankingEntry, year_end
from palmares.ratings.reports import EventLine, EventReport, EventSummary, PlayerLine, PlayerPage
from palmares.ratings.tournament_value import TournamentValue, tournament_value

if TYPE_CHECKING:
    from palmares.ratings.history import RatingHistory, replay


def __getattr__(name: str) -> Any:
    if name in ("RatingHistory", "replay"):
        from palmares.ratings import history

        return getattr(history, name)
    raise AttributeError(f"module 'palmares.ratings' has no attribute {name!r}")


__all__ = [
    "INITIAL_RATING",
    "Event",
    "EventLine",
    "EventReport",
    "EventSummary",
    "Placement",
    "Player",
    "PlayerLine",
    "PlayerPage",
    "Ranking",
    "RankingEntry",
    "RatingHistory",
    "RatingStep",
    "Results",
    "TournamentValue",
    "percentile",
    "rate_history",
    "replay",
    "tournament_value",
    "year_end",
]
