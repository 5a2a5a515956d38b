"""The result grid (issue 32, "Pages that tell the TD what happened"): one board's result on one
compact grid, a line per power in the board's order (power, player prefilled from the call,
centres, eliminated in, draw), the final year under it and a running total of centres against
the 34 of the map (``static/palmares/grid.js``; the total is also written by the server, and the
server checks the 34 whatever the script said).

Enter saves through the one service every path uses (:func:`palmares.web.tournaments.results.
enter_result`, i.e. the lifecycle) and moves to the next board of the round that has not
reported, with what the service said as the page's message. A refusal keeps the TD on the same
grid with every input as typed: the reason at the top ("Refused, nothing changed: …"), the field
marked, HTTP 400 for bad input and 409 for the day's state (docs/tournament-day.md, "The round's
lifecycle")."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from palmares.core.message import Message
from palmares.diplomacy.board import TOTAL_CENTRES
from palmares.explain import explain
from palmares.explain.renderers.diplomacy import power_name
from palmares.explain.voice import voice
from palmares.web.accounts.roles import directs
from palmares.web.lib.names import name_key
from palmares.web.lib.words import said, site_language, told
from palmares.web.tournaments.boardcall import get_call
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import POWERS, Board, Tournament
from palmares.web.tournaments.results import BoardResult, Entered, board_snapshot, enter_result
from palmares.web.ui.views.said import writable

__all__ = ["BoardForm", "enter_board", "next_unreported"]


class BoardForm(forms.Form):
    """One board's result as a TD enters it: each power with its player and centres, the
    eliminations, the final year and the draw. The fields check types and ranges; the result
    itself is checked by the one service every path uses (:mod:`palmares.web.tournaments.
    results`, ``diplomacy.board.result_problems`` as for boards.csv). A draw of one power is a
    concession: the engine scores it as that power's solo. Field names (``centres_A`` …) are
    the form's contract with its tests and the browser."""

    round = forms.IntegerField(min_value=1, max_value=99)
    board = forms.CharField(max_length=16)
    final_year = forms.IntegerField(min_value=1901, max_value=2100, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        v = voice(site_language())
        self.fields["round"].label = _("Round")
        self.fields["board"].label = _("Board")
        self.fields["final_year"].label = _("Final year")
        for initial, name in POWERS:
            power = power_name(name, v)
            self.fields[f"player_{initial}"] = forms.CharField(
                label=_("%(power)s: player") % {"power": power},
                max_length=200,
                widget=forms.TextInput({"autocomplete": "off", "class": "player"}),
            )
            self.fields[f"centres_{initial}"] = forms.IntegerField(
                label=_("%(power)s: centres") % {"power": power},
                min_value=0,
                max_value=TOTAL_CENTRES,
                widget=forms.NumberInput({"class": "centres", "inputmode": "numeric"}),
            )
            self.fields[f"eliminated_{initial}"] = forms.IntegerField(
                label=_("%(power)s: eliminated in") % {"power": power},
                min_value=1901,
                max_value=2100,
                required=False,
                widget=forms.NumberInput({"class": "year", "inputmode": "numeric"}),
            )
            self.fields[f"draw_{initial}"] = forms.BooleanField(
                label=_("%(power)s: in the draw") % {"power": power}, required=False
            )
        for field in self.fields.values():
            field.widget.attrs.setdefault("aria-label", str(field.label))

    def result(self) -> BoardResult:
        data = self.cleaned_data
        draw = [name for initial, name in POWERS if data[f"draw_{initial}"]]
        return BoardResult(
            centres={name: data[f"centres_{initial}"] for initial, name in POWERS},
            eliminated={
                name: data[f"eliminated_{initial}"]
                for initial, name in POWERS
                if data[f"eliminated_{initial}"] is not None
            },
            draw=draw or None,
            final_year=data["final_year"],
            seats={name: data[f"player_{initial}"] for initial, name in POWERS},
        )

    def refuse(self, exc: FieldError, swapped: list[str]) -> str | None:
        """Show the service's refusal on the field it names (``centres.Austria`` …), a refused
        swap that names no power on the first player changed from the call (``swapped``: the
        powers' initials); the name of the form field marked (``None``: the whole board)."""
        kind, _sep, power = (exc.field or "").partition(".")
        initial = {name: i for i, name in POWERS}.get(power)
        names = {"seats": "player", "centres": "centres", "eliminated": "eliminated"}
        where: str | None = None
        if kind in ("round", "final_year"):
            where = kind
        elif kind == "label":
            where = "board"
        elif initial is not None and kind in names:
            where = f"{names[kind]}_{initial}"
        elif kind in ("seats", "") and swapped:
            where = f"player_{swapped[0]}"
        elif kind == "draw":
            drawn = [i for i, _n in POWERS if self.cleaned_data.get(f"draw_{i}")]
            where = f"draw_{drawn[0]}" if drawn else None
        self.add_error(where, told(exc))
        return where

    def reason(self) -> str:
        """The first error, for the line at the top of the page."""
        for name, errors in self.errors.items():
            if name == "__all__" or name not in self.fields:
                return str(errors[0])
            return f"{self.fields[name].label}: {errors[0]}"
        return ""

    def total(self) -> int | None:
        """The centres as given (bound) or prefilled, summed; ``None`` until one is known."""
        counts = []
        for initial, _name in POWERS:
            value = self[f"centres_{initial}"].value()
            try:
                counts.append(int(value))
            except (TypeError, ValueError):
                continue
        return sum(counts) if counts else None


def _initial(t: Tournament, number: int, label: str) -> dict[str, Any]:
    """The form prefilled: the board as entered, else its seats in the board call."""
    initial: dict[str, Any] = {"round": number, "board": label}
    board = Board.objects.filter(round__tournament=t, round__number=number, label=label).first()
    shot = board_snapshot(board)
    if shot is not None:
        initial["final_year"] = shot["final_year"]
        for i, name in POWERS:
            initial[f"player_{i}"] = shot["seats"][name]
            initial[f"centres_{i}"] = shot["centres"][name]
            initial[f"eliminated_{i}"] = shot["eliminated"].get(name)
            initial[f"draw_{i}"] = name in (shot["draw"] or ())
        return initial
    call = get_call(t, number)
    seats = call.boards.get(label, {}) if call is not None else {}
    for i, name in POWERS:
        if name in seats:
            initial[f"player_{i}"] = seats[name]
    return initial


def next_unreported(t: Tournament, number: int, after: str) -> str | None:
    """The board of round ``number``'s call after ``after`` (in the call's order, going round
    to the first) that has no result yet; ``None`` when every board has reported."""
    call = get_call(t, number)
    if call is None:
        return None
    entered = set(
        Board.objects.filter(
            round__tournament=t, round__number=number, seats__isnull=False
        ).values_list("label", flat=True)
    )
    labels = list(call.boards)
    start = labels.index(after) + 1 if after in labels else 0
    for label in labels[start:] + labels[:start]:
        if label not in entered and label != after:
            return label
    return None


def _swapped(t: Tournament, number: int, label: str, form: BoardForm) -> list[str]:
    """The powers (initials) whose player the TD changed from the call's seat."""
    call = get_call(t, number)
    seats = call.boards.get(label, {}) if call is not None else {}
    return [
        i
        for i, name in POWERS
        if name in seats and name_key(form.cleaned_data[f"player_{i}"]) != name_key(seats[name])
    ]


def _rows(form: BoardForm) -> list[dict[str, Any]]:
    v = voice(site_language())
    return [
        {
            "initial": i,
            "power": power_name(name, v),
            "player": form[f"player_{i}"],
            "centres": form[f"centres_{i}"],
            "eliminated": form[f"eliminated_{i}"],
            "draw": form[f"draw_{i}"],
            "errors": any(
                form[f"{kind}_{i}"].errors for kind in ("player", "centres", "eliminated", "draw")
            ),
        }
        for i, name in POWERS
    ]


def _page(
    request: HttpRequest,
    t: Tournament,
    form: BoardForm,
    *,
    status: int = 200,
    refused: str = "",
) -> HttpResponse:
    number, label = form["round"].value(), form["board"].value()
    known = bool(number and label and "round" not in form.errors and "board" not in form.errors)
    context = {
        "t": t,
        "form": form,
        "rows": _rows(form),
        "known": known,
        "number": number,
        "label": label,
        "total": form.total(),
        "most": TOTAL_CENTRES,
        "refused": refused,
        "status_code": status,
        # After close the grid shows the board read-only (issue 32, invariant 7: no edit form).
        "closed": not writable(t),
        "rule": Message.of("page.board_form"),  # in the page's language (issue 35)
    }
    return render(request, "ui/board_form.html", context, status=status)


@login_required
def enter_board(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The grid of ``?round=&board=`` (GET), or its result saved (POST)."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    if not directs(request.user, t):
        raise PermissionDenied("only this tournament's directors may enter its boards")
    if request.method != "POST":
        try:
            number = int(request.GET.get("round", ""))
        except ValueError:
            number = 0
        label = request.GET.get("board", "")[:16]
        form = BoardForm(initial=_initial(t, number, label) if number and label else None)
        return _page(request, t, form)
    form = BoardForm(request.POST)
    if not form.is_valid():
        return _page(request, t, form, status=400, refused=form.reason())
    number, label = form.cleaned_data["round"], form.cleaned_data["board"].strip()
    try:
        done = enter_result(request.user, t, number, label, form.result())
    except FieldError as exc:
        form.refuse(exc, _swapped(t, number, label, form))
        return _page(request, t, form, status=exc.status, refused=told(exc))
    return _saved(request, t, number, label, done)


def _saved(
    request: HttpRequest, t: Tournament, number: int, label: str, done: Entered
) -> HttpResponse:
    """What the save did, as messages, then the next board of the round that has not reported
    (else the round's desk); a correction that moved ranks or prizes shows them first."""
    if done.changed:
        for message in done.said:
            messages.success(request, said(message))
    else:
        messages.info(
            request,
            _("Nothing changed: board %(board)s of round %(round)s already had this result.")
            % {"board": label, "round": number},
        )
    following = next_unreported(t, number, label)
    if following is not None:
        target = f"{reverse('enter-board', args=[t.pk])}?round={number}&board={following}"
    else:
        target = reverse("round-desk", args=[t.pk, number])
    if done.moved or done.prizes_moved:
        return render(
            request,
            "ui/board_entered.html",
            {
                "t": t,
                "round": number,
                "done": done,
                "moved": done.moved,
                "next": target if following is not None else None,
                "prizes": [
                    {
                        "prize": " ".join(explain(m.prize, site_language())),
                        "before": m.before,
                        "after": m.after,
                    }
                    for m in done.prizes_moved
                ],
            },
        )
    return redirect(target)
