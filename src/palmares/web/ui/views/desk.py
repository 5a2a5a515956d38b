"""The TD's desk (issue 12): create a tournament, register players (one by one, or a whole
players.csv/.xlsx), teams, keep-apart pairs, late arrivals and withdrawals, co-directors, and
the audit log. Every form posts to one service of ``palmares.web.tournaments``; a refusal comes
back as a message naming the field, and nothing is written."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from palmares.core.errors import PalmaresError
from palmares.core.names import reading_key
from palmares.core.spec import parse_spec
from palmares.diplomacy.aggregation.registry import all_aggregations
from palmares.diplomacy.scoring.registry import all_systems
from palmares.web.accounts.roles import directs, is_tournament_director
from palmares.web.audit.models import AuditEntry
from palmares.web.audit.words import entry_message, said_of
from palmares.web.lib.words import said, told
from palmares.web.tournaments import registration, setup
from palmares.web.tournaments.adapters import teams
from palmares.web.tournaments.errors import FieldError, Forbidden
from palmares.web.tournaments.models import Tournament
from palmares.web.ui.views.said import audit_mark, confirm, refusal, writable
from palmares.web.ui.views.setup_help import create_form_help

__all__ = ["audit", "desk", "new_tournament"]


def _slugs(infos: list[Any]) -> list[tuple[str, str]]:
    return [(i.slug, f"{i.slug} — {i.name}") for i in infos]


class TournamentForm(forms.Form):
    """Set-up: the registries' systems, their parameters as ``name=value,…``."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    date = forms.DateField(
        label=gettext_lazy("First day"), widget=forms.DateInput({"type": "date"})
    )
    end_date = forms.DateField(
        label=gettext_lazy("Last day"), required=False, widget=forms.DateInput({"type": "date"})
    )
    place = forms.CharField(label=gettext_lazy("Place"), max_length=120, required=False)
    rounds = forms.IntegerField(label=gettext_lazy("Rounds"), min_value=1, max_value=99)
    scoring = forms.ChoiceField(label=gettext_lazy("Board scoring"))
    scoring_parameters = forms.CharField(
        label=gettext_lazy("Its parameters"), required=False, max_length=150
    )
    aggregation = forms.ChoiceField(label=gettext_lazy("Tournament score"))
    aggregation_parameters = forms.CharField(
        label=gettext_lazy("Its parameters"), required=False, max_length=150
    )
    team_size = forms.IntegerField(
        label=gettext_lazy("Team size (empty: no teams)"), min_value=1, max_value=99, required=False
    )
    top_board = forms.BooleanField(label=gettext_lazy("Top board rule"), required=False)
    fewer_games = forms.BooleanField(
        label=gettext_lazy("Fewer-games adjustment"), required=False, initial=True
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        scoring = self.fields["scoring"]
        aggregation = self.fields["aggregation"]
        assert isinstance(scoring, forms.ChoiceField)
        assert isinstance(aggregation, forms.ChoiceField)
        scoring.choices = _slugs(all_systems())
        aggregation.choices = _slugs(all_aggregations())
        scoring.initial = "divide-and-conquer"
        aggregation.initial = "ante"

    def spec(self, field: str) -> str:
        params = (self.cleaned_data.get(f"{field}_parameters") or "").strip()
        slug = str(self.cleaned_data[field])
        try:
            return str(parse_spec(slug, params=params))
        except PalmaresError:
            return f"{slug}:{params}"  # the set-up's check names the bad parameter

    def setup(self) -> setup.SetUp:
        d = self.cleaned_data
        return setup.SetUp(
            name=d["name"],
            date=d["date"],
            rounds=d["rounds"],
            scoring=self.spec("scoring"),
            aggregation=self.spec("aggregation"),
            team_size=d["team_size"],
            place=d["place"],
            end_date=d["end_date"],
            top_board=d["top_board"],
            fewer_games=d["fewer_games"],
        )


@login_required
def new_tournament(request: HttpRequest) -> HttpResponse:
    if not is_tournament_director(request.user):
        raise PermissionDenied("only tournament directors may create tournaments")
    form = TournamentForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            done = setup.set_up(request.user, form.setup())
        except FieldError as exc:
            where = exc.field if exc.field in form.fields else None
            if exc.field in ("scoring", "aggregation"):
                where = f"{exc.field}_parameters"
            form.add_error(where, told(exc))
        else:
            for message in done.said:
                messages.warning(request, said(message))
            return redirect("desk", tournament_id=done.tournament.pk)
    if request.method == "POST":
        status = 400
    context = {"form": form, **create_form_help(form)}
    return render(request, "ui/desk_new.html", context, status=status)


def directed(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A desk page or action: logged in (else the login page), a director of the tournament
    (else 403); a refused action comes back to the desk as an error message."""

    @login_required
    @wraps(view)
    def inner(request: HttpRequest, tournament_id: int, **kwargs: Any) -> HttpResponse:
        t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
        if not directs(request.user, t):
            raise PermissionDenied("only this tournament's directors")
        writing = request.method == "POST"
        since = audit_mark(t) if writing else 0
        try:
            response = view(request, t, **kwargs)
        except Forbidden as exc:
            raise PermissionDenied(str(exc)) from None
        except PalmaresError as exc:
            if writing:
                return refused_here(request, t, exc, kwargs)
            messages.error(request, told(exc))
            return redirect("desk", tournament_id=t.pk)
        if writing and response.status_code in (301, 302, 303):
            confirm(request, t, since)
        return response

    return inner


#: The round's desk (``ui.views.rounds.round_page``): that module builds on this one and
#: registers it here (:func:`round_desk_page`), so that the two import no circle (issue 36).
_ROUND_PAGE: list[Callable[..., HttpResponse]] = []
Page = TypeVar("Page", bound=Callable[..., HttpResponse])


def round_desk_page(page: Page) -> Page:
    """Register ``page(request, t, number, extra, status=…)`` as the round's desk a refused
    write on a round comes back to; return it unchanged (a decorator)."""
    _ROUND_PAGE[:] = [page]
    return page


def refused_here(
    request: HttpRequest, t: Tournament, exc: PalmaresError, kwargs: dict[str, Any]
) -> HttpResponse:
    """A refused write: the page its form is on (a round's desk, else the desk), the reason at
    the top and beside the field, the form filled, the refusal's status (issue 32)."""
    found = refusal(request, exc)
    extra = {"refused": found, "posted": request.POST, "posted_to": request.resolver_match}
    number = kwargs.get("number")
    for round_page in _ROUND_PAGE if isinstance(number, int) else ():
        try:
            return round_page(request, t, number, extra, status=found["status"])
        except PalmaresError:
            pass  # a round that is not one of the tournament's: the desk says why
    return desk_page(request, t, extra, status=found["status"])


@directed
def desk(request: HttpRequest, t: Tournament) -> HttpResponse:
    return desk_page(request, t)


def desk_page(
    request: HttpRequest, t: Tournament, extra: dict[str, Any] | None = None, *, status: int = 200
) -> HttpResponse:
    """The desk; ``extra``: a refused write's reason and posted values (``refused_here``)."""
    team_of = {p: team for team, members in teams(t).items() for p in members}
    players = [
        {"entry": e, "team": team_of.get(e.player.name, "")}
        for e in sorted(
            t.entries.select_related("player"), key=lambda e: reading_key(e.player.name)
        )
    ]
    pairs = t.apart.select_related("player_a", "player_b")
    context = {
        "t": t,
        "players": players,
        "pairs": pairs,
        "rounds": range(1, (t.event.rounds or 0) + 1),
        "directors": sorted(u.get_username() for u in t.directors.all()),
        "teams": teams(t),
        "open": writable(t),
        "refused": None,
        "posted": {},
        **(extra or {}),
    }
    return render(request, "ui/desk.html", context, status=status)


@require_POST
@directed
def register_player(request: HttpRequest, t: Tournament) -> HttpResponse:
    row = registration.PlayerIn(
        request.POST.get("name", ""),
        request.POST.get("nationality", ""),
        request.POST.get("team", "").strip() or None,
    )
    done = registration.register_players(request.user, t, [row])[0]
    if done.new:
        messages.warning(
            request, _("%(name)s is new to the database: added.") % {"name": done.name}
        )
    return redirect("desk", tournament_id=t.pk)


@require_POST
@directed
def register_file(request: HttpRequest, t: Tournament) -> HttpResponse:
    upload = request.FILES.get("file")
    if upload is None:
        raise FieldError(_("choose a players.csv or .xlsx file"), "file")
    done = registration.register_upload(request.user, t, upload.name or "", upload.read())
    new = [r.name for r in done if r.new]
    messages.success(request, _("%(n)d players registered.") % {"n": len(done)})
    if new:
        messages.warning(request, _("New to the database: %(names)s.") % {"names": ", ".join(new)})
    return redirect("desk", tournament_id=t.pk)


@require_POST
@directed
def keep_apart(request: HttpRequest, t: Tournament) -> HttpResponse:
    pair = (request.POST.get("player_a", ""), request.POST.get("player_b", ""))
    registration.add_keep_apart(request.user, t, [pair])
    return redirect("desk", tournament_id=t.pk)


@require_POST
@directed
def attendance(request: HttpRequest, t: Tournament) -> HttpResponse:
    def number(field: str) -> int | None:
        raw = request.POST.get(field, "").strip()
        if not raw:
            return None
        try:
            return int(raw)
        except ValueError:
            raise FieldError(_("expected a round number"), field) from None

    registration.set_attendance(
        request.user,
        t,
        request.POST.get("player", ""),
        arrives=number("arrives") or 1,
        withdrawn_after=number("withdrawn_after"),
    )
    return redirect("desk", tournament_id=t.pk)


@require_POST
@directed
def add_director(request: HttpRequest, t: Tournament) -> HttpResponse:
    setup.add_director(request.user, t, request.POST.get("username", ""))
    return redirect("desk", tournament_id=t.pk)


#: Audit entries a page (issue 32: the page is told in words and paged).
AUDIT_PAGE = 50


@directed
def audit(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The tournament's log, newest first, each entry told in words (``audit.words``) in the
    request's language, :data:`AUDIT_PAGE` a page."""
    rows = AuditEntry.objects.filter(tournament=t).select_related("user").order_by("-at", "-id")
    page = Paginator(rows, AUDIT_PAGE).get_page(request.GET.get("page"))
    told_rows = [
        {
            "at": e.at,
            "user": e.user.get_username() if e.user is not None else "",
            "what": said(entry_message(e)),
            "said": [said(m) for m in said_of(e)],
        }
        for e in page
    ]
    return render(request, "ui/audit.html", {"t": t, "page": page, "entries": told_rows})
