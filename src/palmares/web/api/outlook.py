"""The API of the last round's outlook (issue 38).

``GET /api/tournaments/{id}/outlook`` -> ``[{"player", "place", "score", "board", "worst",
"best", "championship", "places": {"2": …, …, "7": …}, "explanation": {"championship": …,
"places": {"2": …}}}]``: for every player, in the order of the standings before the final round,
each verdict one of ``clinched``, ``possible``, ``out`` ("place k" is place k or better), and its
explanation told in the request's language. ``place`` is the player's place before the final
round; ``worst`` and ``best`` the final places still reachable. With ``?player=NAME``: only
that player's line, and ``"centres": {"1": …, "2": …, …}``, the fewest centres on their own
board that clinch each place ("1": the title; ``null``: no count does), the board's other powers
left free (absent when their board is reported or they do not play the final round), and
``"centres_entered"`` the same with the board's other powers as entered so far from the table:
the result its reports agree on, or the one they all give so far (absent when nothing is
entered, and when the board's reports differ: then ``"entered_conflict": true``). Every line
also carries ``"best_country": {"Austria": {"verdict", "explanation"}, …}`` (each power's
best-country award, seed 002 "Prizes": board score, then centres, then payout; "clinched" is
at least shared) and,
when the player is in a team, ``"team": {"name", "verdict", "explanation"}``: their team's
verdict for the team championship, one of ``clinched``, ``possible``, ``out`` or
``not_computed`` (where the exact reasoning does not hold; the explanation says why). The
response stays a list: the team championship is read on each member's line. An empty
list when the outlook cannot be computed (the final round not called, another aggregation); the
reason is in the ``Outlook-Reason`` header. Read by anyone, as the standings are.
"""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Router, Schema

from palmares.web.api.answers import READ_ERRORS
from palmares.web.lib.words import site_language
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.outlook import OutlookLine, told_outlook

router = Router(tags=["tournament day"])

__all__ = ["router"]

VerdictName = Literal["clinched", "possible", "out"]
TeamVerdictName = Literal["clinched", "possible", "out", "not_computed"]


class VerdictOut(Schema):
    verdict: VerdictName
    explanation: str


class TeamOut(Schema):
    name: str
    verdict: TeamVerdictName
    explanation: str


class ExplanationOut(Schema):
    championship: str
    places: dict[str, str]


class OutlookOut(Schema):
    player: str
    place: int
    score: str
    board: str | None
    worst: int
    best: int
    championship: VerdictName
    places: dict[str, VerdictName]
    explanation: ExplanationOut
    centres: dict[str, int | None] | None = None
    centres_entered: dict[str, int | None] | None = None
    entered_conflict: bool = False
    best_country: dict[str, VerdictOut]
    team: TeamOut | None = None


def _row(line: OutlookLine) -> OutlookOut:
    return OutlookOut(
        player=line.player,
        place=line.place,
        score=f"{float(line.score):.3f}",
        board=line.board,
        worst=line.worst,
        best=line.best,
        championship=_verdict(line.championship.verdict),
        places={str(k): _verdict(v.verdict) for k, v in line.places},
        explanation=ExplanationOut(
            championship=line.championship.explanation,
            places={str(k): v.explanation for k, v in line.places},
        ),
        centres={str(k): c for k, c in line.centres} if line.centres else None,
        centres_entered=(
            {str(k): c for k, c in line.centres_entered} if line.centres_entered else None
        ),
        entered_conflict=line.entered_conflict,
        best_country={
            power: VerdictOut(verdict=_verdict(v.verdict), explanation=v.explanation)
            for power, _, v in line.best_country
        },
        team=_team(line),
    )


def _team(line: OutlookLine) -> TeamOut | None:
    if line.team is None:
        return None
    name, v = line.team
    verdict: TeamVerdictName = (
        "not_computed" if v.verdict == "not_computed" else _verdict(v.verdict)
    )
    return TeamOut(name=name, verdict=verdict, explanation=v.explanation)


def _verdict(name: str) -> VerdictName:
    if name == "clinched":
        return "clinched"
    if name == "out":
        return "out"
    return "possible"


@router.get("/tournaments/{tournament_id}/outlook", response={200: list[OutlookOut], **READ_ERRORS})
def get_outlook(
    request: HttpRequest, tournament_id: int, response: HttpResponse, player: str | None = None
) -> list[OutlookOut]:
    """Every player's outlook before the final round, recomputed from the stored boards."""
    t = get_object_or_404(Tournament.objects.select_related("event"), pk=tournament_id)
    lines, reason = told_outlook(t, site_language(), player or None)
    if reason is not None:
        response["Outlook-Reason"] = reason.encode("ascii", "backslashreplace").decode()
    return [_row(x) for x in lines]
