"""The room's projector screens of a tournament (issue 14): the board call (by board or by
player), the live standings and the round's status. No login, large type; each page turns
through its pages every ``?every=`` seconds (``?per=`` lines or boards a page) and polls a small
fragment with its ``ETag`` (``ui/conditional.py``): a 304 while nothing changed, the new HTML
once a result is entered. Without script the page shows every page and reloads every minute.
The figures come from ``tournaments/screens.py``; these views only read the options and lay
the pages out. An anonymous visitor's answer is kept whole until the screens' data changes
(``ui.earlycache``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from palmares.core.message import Message
from palmares.explain.messages import tell
from palmares.web.lib.limits import refuse
from palmares.web.lib.words import site_language
from palmares.web.tournaments import screens
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.systems import system_problems
from palmares.web.ui.conditional import Fragment, fragment, fragment_response
from palmares.web.ui.earlycache import early_page

__all__ = ["fragment_view", "index", "page"]

#: Seconds a page stays up before the next (``?every=``), and the bounds a TD may set.
EVERY, EVERY_MIN, EVERY_MAX = 15, 3, 600
#: Lines or boards a page (``?per=``) by default, per screen; at most PER_MAX.
PER = {"board": 6, "player": 30, "standings": 18, "status": 24}
PER_MAX = 200
#: Seconds between two polls of a screen's fragment (the page adds up to a second at random).
POLL = 5
#: The data the screens show (``lib.generations``): an anonymous answer is kept whole by the
#: outermost middleware (``ui.earlycache``) until one of them changes.
SCOPES = ("tournaments", "audit", "players", "events")


@dataclass(frozen=True, slots=True)
class Options:
    """A screen's options from its query string."""

    screen: str  # "boards", "standings" or "status"
    by: str  # the board call: "board" or "player"
    every: int
    per: int
    round: int | None


class Refused(Exception):
    """An option refused: its field and why (told in the request's language)."""

    def __init__(self, field: str, said: Message) -> None:
        super().__init__(said.key)
        self.field = field
        self.detail = tell(said, site_language())


def _number(request: HttpRequest, name: str, default: int | None, low: int, high: int) -> Any:
    text = request.GET.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or not low <= int(text) <= high:
        said = Message.of("projector.number", name=name, low=low, high=high, got=text[:20])
        raise Refused(name, said)
    return int(text)


def _options(request: HttpRequest, screen: str) -> Options:
    by = request.GET.get("by", "board") if screen == "boards" else "board"
    if by not in ("board", "player"):
        raise Refused("by", Message.of("projector.by", got=by[:20]))
    kind = by if screen == "boards" else screen
    return Options(
        screen,
        by,
        _number(request, "every", EVERY, EVERY_MIN, EVERY_MAX),
        _number(request, "per", PER[kind], 1, PER_MAX),
        _number(request, "round", None, 1, 99),
    )


def _context(t: Tournament, o: Options) -> dict[str, Any]:
    context: dict[str, Any] = {"t": t, "o": o}
    problems = system_problems(t.scoring, t.aggregation)
    if problems and o.screen == "standings":
        context["system_problems"] = problems
    elif o.screen == "boards":
        per_board = o.per if o.by == "board" else PER["board"]
        per_player = o.per if o.by == "player" else PER["player"]
        context["call"] = screens.call_screen(
            t, number=o.round, per_board=per_board, per_player=per_player
        )
    elif o.screen == "standings":
        context["live"] = screens.live_standings(t, per=o.per)
    else:
        context["status"] = screens.status_screen(t, number=o.round, per=o.per)
    return context


def _fragment(t: Tournament, o: Options) -> Fragment:
    template = f"ui/projector/{'players' if o.by == 'player' else o.screen}.html"
    return fragment(
        (o.screen, o.by, o.per, o.round, screens.data_version(t)),
        lambda: render_to_string(template, _context(t, o)),
    )


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)


@early_page(*SCOPES)
def page(request: HttpRequest, tournament_id: int, screen: str) -> HttpResponse:
    """A projector screen: the fragment as it is now, and the script that keeps it current."""
    t = _tournament(tournament_id)
    try:
        o = _options(request, screen)
    except Refused as exc:
        return refuse(request, 400, exc.detail, exc.field)
    found = _fragment(t, o)
    query = request.GET.urlencode()
    live = reverse(f"projector-{screen}-fragment", args=[t.pk]) + (f"?{query}" if query else "")
    here = reverse(f"projector-{screen}", args=[t.pk])
    context = {
        "t": t,
        "o": o,
        "fragment": found.html(),
        "etag": found.etag,
        "live": live,
        "poll": POLL,
        "by_board": f"{here}?every={o.every}",
        "by_player": f"{here}?by=player&every={o.every}",
        "strings": {"page": _("Page %(i)s of %(n)s")},
    }
    return render(request, "ui/projector/page.html", context)


@early_page(*SCOPES)
def fragment_view(request: HttpRequest, tournament_id: int, screen: str) -> HttpResponse:
    """The screen's fragment with its ETag (304 while unchanged)."""
    t = _tournament(tournament_id)
    try:
        o = _options(request, screen)
    except Refused as exc:
        return refuse(request, 400, exc.detail, exc.field)
    return fragment_response(request, _fragment(t, o))


@early_page(*SCOPES)
def index(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The screens a TD can put on a projector, with their options."""
    t = _tournament(tournament_id)
    context = {"t": t, "every": EVERY, "per": PER, "every_min": EVERY_MIN, "every_max": EVERY_MAX}
    return render(request, "ui/projector/index.html", context)
