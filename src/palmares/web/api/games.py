"""Read endpoints for the Tantrix rating list and the Wizard league's tournaments, Junior
sessions and ledgers. Every figure comes from the engines through the same adapters the pages
use (``tantrixdb.adapters``, ``wizarddb.adapters``); exact values travel as strings.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router
from ninja.responses import Status

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.explain import Language, explain_text
from palmares.explain.messages import tell
from palmares.web.api.answers import (
    READ_ERRORS,
    AwardOut,
    LeagueLineOut,
    LedgerEntryOut,
    TantrixRatingOut,
)
from palmares.web.events.models import Event
from palmares.web.lib.words import site_language
from palmares.web.players.models import Player
from palmares.web.tantrixdb.adapters import current_list
from palmares.web.wizarddb import adapters as wizard_adapters
from palmares.web.wizarddb import ledgers as wizard_ledgers
from palmares.wizard.junior import junior_session
from palmares.wizard.master_points import Award
from palmares.wizard.month import LeagueTable

__all__ = ["league_rows", "router"]

router = Router()


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _award(a: Award) -> dict[str, Any]:
    return {
        "player": a.player,
        "day": a.day.isoformat(),
        "source": a.source,
        "kind": a.kind,
        "points": str(a.points),
        "reason": explain_text(a.reason, Language.EN),
    }


def league_rows(table: LeagueTable) -> list[dict[str, Any]]:
    """A month's or a Junior session's table as the API gives it (exact values as strings)."""
    return [
        {
            "player": x.player,
            "rank": x.rank,
            "games": x.games,
            "points": x.points,
            "wins": str(x.wins),
            "skill_ratio": str(x.skill_ratio),
            "master_points": str(x.master_points),
        }
        for x in table.lines
    ]


@router.get("/tantrix/ratings", response=list[TantrixRatingOut], tags=["tantrix"])
def tantrix_ratings(request: HttpRequest) -> Any:
    """The current Tantrix rating list (after the latest tournament, computed by the engine's
    ``rating_list.update_list``), with each player's rating before it and the change."""
    rows = current_list().select_related("player", "event").order_by("-rating", "player_id")
    return [
        {
            "player_id": r.player_id,
            "player": r.player.name,
            "rating": str(r.rating),
            "games": r.games,
            "official": r.official,
            "as_of": r.as_of.isoformat(),
            "after_event_id": r.event_id,
            "before": _text(r.before),
            "change": _text(r.change),
            "tournament_elo": _text(r.tournament_elo),
            "tournament_games": r.tournament_games,
        }
        for r in rows
    ]


@router.get(
    "/wizard/tournaments/{event_id}",
    response={200: list[AwardOut], **READ_ERRORS},
    tags=["wizard"],
)
def wizard_tournament(request: HttpRequest, event_id: int) -> Any:
    """A Wizard tournament's master-point awards (places and TRIAD), with the rule in words."""
    event = get_object_or_404(Event, pk=event_id, kind=Event.Kind.WIZARD)
    return [_award(a) for a in wizard_adapters.tournament(event).awards]


@router.get(
    "/wizard/junior/{session}",
    response={200: list[LeagueLineOut], **READ_ERRORS},
    tags=["wizard"],
)
def wizard_junior(request: HttpRequest, session: str) -> Any:
    """A Wizard Junior two-month session (``YYYY-MM`` of its first month): every player, rank
    (None below the 20-game minimum), points, wins, Skill Ratio and master points."""
    try:
        first = date.fromisoformat(f"{session}-01")
        period = junior_session(first.year, first.month)
    except (ValueError, PalmaresError) as exc:
        why: Message | str = (
            exc.said if isinstance(exc, PalmaresError) and exc.said is not None else str(exc)
        )
        said = tell(Message.of("api.not_junior", why=why), site_language())
        return Status(422, {"detail": said, "field": "session"})
    return league_rows(wizard_adapters.junior(period))


@router.get(
    "/wizard/players/{player_id}/ledger",
    response={200: list[LedgerEntryOut], **READ_ERRORS},
    tags=["wizard"],
)
def wizard_ledger(request: HttpRequest, player_id: int) -> Any:
    """A player's master points across months, tournaments and TRIADs, with the balance and the
    lifetime levels each award reached (``levels``, names; issue 16)."""
    person = get_object_or_404(Player, pk=player_id)
    book = wizard_ledgers.player_ledger(person.name)
    return [
        {**_award(e.award), "balance": str(e.balance), "levels": [lv.name for lv in e.levels]}
        for e in book.entries
    ]
