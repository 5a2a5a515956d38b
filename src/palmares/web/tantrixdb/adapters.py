"""Rows ↔ the Tantrix engine: stored matches and the pre-tournament list become the engine's
``Match`` values and official ratings; its ``TournamentRating`` comes back for the pages."""

from __future__ import annotations

from decimal import Decimal

from palmares.tantrix.match import Match as MatchValue
from palmares.tantrix.tournament import TournamentRating, rate_tournament
from palmares.web.events.models import Event
from palmares.web.tantrixdb.models import Match, Rating

__all__ = ["tournament_rating"]


def tournament_rating(event: Event) -> TournamentRating:
    matches = tuple(
        MatchValue(
            player_a=m.player_a.name,
            player_b=m.player_b.name,
            games=m.games,
            tp_a=Decimal(m.tp_a),
            tp_b=Decimal(m.tp_b),
            event=event.name,
            date=event.date,
            round=m.round,
            own_rating=m.own_rating.name if m.own_rating else None,
            illustrative=m.illustrative,
        )
        for m in Match.objects.filter(event=event)
        .select_related("player_a", "player_b", "own_rating")
        .order_by("id")
    )
    official = {
        r.player.name: r.rating
        for r in Rating.objects.filter(as_of=event.date, official=True).select_related("player")
    }
    return rate_tournament(matches, official)
