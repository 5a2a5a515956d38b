"""Tantrix and Wizard pages: the stored lists, matches and games.

Every figure comes from the engines (``palmares.tantrix``, ``palmares.wizard``) through the
adapters; the pages only display it.
"""

from __future__ import annotations

from datetime import date

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.explain import explain
from palmares.tantrix.tables import performance_rows
from palmares.tantrix.tournament import OfficialPlayer, UnratedPlayer
from palmares.web.events.models import Event
from palmares.web.players.models import Player
from palmares.web.ratinglists.models import SkillRating
from palmares.web.tantrixdb.adapters import current_list, tournament_rating
from palmares.web.tantrixdb.models import Match, Rating
from palmares.web.ui.pagecache import cached_page
from palmares.web.wizarddb import adapters as wizard_adapters
from palmares.web.wizarddb import ledgers as wizard_ledgers
from palmares.web.wizarddb.models import Month
from palmares.wizard.junior import junior_session

TANTRIX = ("tantrixdb", "players", "events")
WIZARD = ("wizarddb", "players", "events")


@cached_page(*TANTRIX)
def tantrix(request: HttpRequest) -> HttpResponse:
    """The current rating list (after the latest tournament, from the engine), with each
    player's rating before that tournament and the change."""
    rows = list(current_list().select_related("player", "event").order_by("-rating", "player_id"))
    after = rows[0].event if rows else None
    context = {
        "as_of": rows[0].as_of if rows else None,
        "after": after,
        "ratings": rows,
        "events": Event.objects.filter(kind=Event.Kind.TANTRIX).order_by("-date"),
        # the rule in the page's language (issue 35: a template keeps only its layout)
        "rule": Message.of("page.tantrix_list", event=after.name) if after else None,
    }
    return render(request, "ui/tantrix.html", context)


@cached_page(*TANTRIX)
def tantrix_event(request: HttpRequest, event_id: int) -> HttpResponse:
    """The seed's two tables (unofficial or no rating; official), from the Tantrix engine."""
    ev = get_object_or_404(Event, pk=event_id, kind=Event.Kind.TANTRIX)
    matches = Match.objects.filter(event=ev).select_related("player_a", "player_b", "own_rating")
    rating = tournament_rating(ev) if matches else None
    rows = performance_rows(rating) if rating is not None else ()
    ids = dict(Player.objects.filter(name__in=[r.player for r in rows]).values_list("name", "pk"))
    # each player's figures by name, found once (``TournamentRating.player`` scans the lists)
    found: dict[str, UnratedPlayer | OfficialPlayer] = {}
    if rating is not None:
        found.update((u.player, u) for u in rating.unrated)
        found.update((o.player, o) for o in rating.official)
    language = get_language()
    context = {
        "event": ev,
        "matches": matches,
        "ids": ids,
        "notes": explain(rating, language) if rating is not None else (),
        "players": [explain(found[r.player], language) for r in rows] if rating else [],
        "unrated": [r for r in rows if not r.official],
        "official": [r for r in rows if r.official],
    }
    return render(request, "ui/tantrix_event.html", context)


@cached_page(*TANTRIX)
def tantrix_player(request: HttpRequest, player_id: int) -> HttpResponse:
    person = get_object_or_404(Player, pk=player_id)
    ratings = Rating.objects.filter(player=person, event__isnull=True).order_by("-as_of")
    history = (
        Rating.objects.filter(player=person, event__isnull=False)
        .select_related("event")
        .order_by("-as_of", "-event_id")
    )
    matches = (
        Match.objects.filter(player_a=person).select_related("event", "player_a", "player_b")
        | Match.objects.filter(player_b=person).select_related("event", "player_a", "player_b")
    ).order_by("-event__date", "id")
    skill = SkillRating.objects.filter(player=person, community="tantrix").first()
    return render(
        request,
        "ui/tantrix_player.html",
        {
            "player": person,
            "ratings": ratings,
            "history": history,
            "matches": matches,
            "skill": skill,
        },
    )


@cached_page(*WIZARD)
def wizard(request: HttpRequest) -> HttpResponse:
    events = Event.objects.filter(kind=Event.Kind.WIZARD).order_by("-date")
    context = {
        "months": Month.objects.order_by("-month"),
        "sessions": wizard_adapters.junior_sessions(),
        "events": events,
    }
    return render(request, "ui/wizard.html", context)


@cached_page(*WIZARD)
def wizard_month(request: HttpRequest, year: int, month: int) -> HttpResponse:
    """The month's ranking and "all scores", from the Wizard engine."""
    try:
        first = date(year, month, 1)
    except ValueError:
        raise Http404("no such month") from None
    get_object_or_404(Month, month=first)
    table = wizard_adapters.month(first)
    ids = dict(
        Player.objects.filter(name__in=[x.player for x in table.lines]).values_list("name", "pk")
    )
    context = {
        "month": first,
        "table": table,
        "rule": Message.of("page.wizard_qualifying", n=table.qualifying_games),
        "ranked": table.ranked(),
        "all_scores": table.all_scores(),
        "ids": ids,
    }
    return render(request, "ui/wizard_month.html", context)


@cached_page(*WIZARD)
def wizard_junior(request: HttpRequest, year: int, month: int) -> HttpResponse:
    """A Wizard Junior two-month session's ranking and all scores (``wizard.junior``)."""
    try:
        session = junior_session(year, month)
    except (PalmaresError, ValueError):
        raise Http404("no such session") from None
    table = wizard_adapters.junior(session)
    if not table.lines:
        raise Http404("no Junior game in this session")
    ids = dict(
        Player.objects.filter(name__in=[x.player for x in table.lines]).values_list("name", "pk")
    )
    context = {
        "session": session,
        "table": table,
        "rule": Message.of("page.wizard_qualifying", n=table.qualifying_games),
        "session_rule": Message.of(
            "page.junior_session",
            first=session.first.isoformat(),
            last=session.last.isoformat(),
        ),
        "ranked": table.ranked(),
        "all_scores": table.all_scores(),
        "ids": ids,
    }
    return render(request, "ui/wizard_junior.html", context)


@cached_page(*WIZARD)
def wizard_tournament(request: HttpRequest, event_id: int) -> HttpResponse:
    """A tournament's master points and, if one was played, its TRIAD (``wizard.triad``)."""
    ev = get_object_or_404(Event, pk=event_id, kind=Event.Kind.WIZARD)
    result = wizard_adapters.tournament(ev)
    triad = [a for a in result.awards if a.kind == "triad"]
    context = {
        "event": ev,
        "result": result,
        "triad": triad,
        "explanation": explain(result, get_language()),
    }
    return render(request, "ui/wizard_tournament.html", context)


@cached_page(*WIZARD)
def wizard_ledger(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's master points across months and tournaments, with the running total."""
    person = get_object_or_404(Player, pk=player_id)
    book = wizard_ledgers.player_ledger(person.name)  # stored: read, not replayed
    skill = SkillRating.objects.filter(player=person, community="wizard").first()
    # The ledger's derived figures, each computed once (the template asks for them twice).
    context = {
        "player": person,
        "ledger": book,
        "skill": skill,
        "total": book.total,
        "level": book.level,
        "next_level": book.next_level,
        "reached": book.reached,
    }
    return render(request, "ui/wizard_ledger.html", context)
