"""The top board on the TD's desk (issue 12, step 6; seed 002, "Top Board", "Team Tournament").

After the qualifying round (the one before the final round; round 5 of the 2007 WC's six) the
engine walks down the standings and invites seven players (``diplomacy.top_board.invite``). Here a
TD records a decline (the seat goes to the next ranked player), withdraws one, or takes a team's
option of seed 002 ("enough team members give up their spots on top board so that only one
remains": the others are recorded as declines with reason ``team``). Each write is audited with
the invitations before and after. The final round's board call seats the accepted seven on board
1, marked as the top board (:func:`top_board_seven`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from palmares.core.message import Message
from palmares.diplomacy import lifecycle
from palmares.diplomacy.top_board import TopBoard
from palmares.web.audit.log import record
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.tournaments import adapters
from palmares.web.tournaments.adapters import qualifying_round, recorded_declines
from palmares.web.tournaments.day import change_day, require_open
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import Round, Tournament
from palmares.web.tournaments.models_prizes import TopBoardDecline
from palmares.web.tournaments.registration import require_director

__all__ = [
    "TEAM_REASON",
    "decline",
    "invitations",
    "invitations_json",
    "qualifying_round",
    "recorded_declines",
    "team_option",
    "top_board_seven",
    "withdraw_decline",
]

TEAM_REASON = "team"
REASON_LENGTH = 120


def invitations(t: Tournament) -> TopBoard | None:
    """The invitation walk with the recorded declines (None: the qualifying round is not
    played yet)."""
    return adapters.tournament_prizes(t, up_to_round=qualifying_round(t)).top_board


def invitations_json(t: Tournament) -> dict[str, Any]:
    top = invitations(t)
    return {
        "after_round": qualifying_round(t),
        "invitations": [
            {
                "player": i.player,
                "rank": i.rank,
                "score": str(i.score),
                "accepted": i.accepted,
                "reason": i.reason,
            }
            for i in (top.invitations if top is not None else ())
        ],
        "top_board": list(top.players) if top is not None else [],
    }


def _walk(t: Tournament, field: str) -> TopBoard:
    top = invitations(t)
    if top is None:
        raise FieldError(
            Message.of("site.not_played", round=qualifying_round(t)), field, status=409
        )
    return top


def _final_round_open(t: Tournament) -> None:
    """Declines change the seven only while the final round's call does not seat them for the
    players (``diplomacy.lifecycle.tournament.invite`` refuses it, as it refuses any write that
    would move them; here before any row is written)."""
    final = qualifying_round(t) + 1
    if Round.objects.filter(tournament=t, number=final, boards__top_board=True).exists():
        raise FieldError(Message.of("site.top_played", round=final), None, status=409)


def _player(t: Tournament, name: str, top: TopBoard, field: str) -> str:
    wanted = name_key(name)
    for i in top.invitations:
        if name_key(i.player) == wanted:
            return i.player
    raise FieldError(
        Message.of("site.not_invited", name=repr(name), invited=tuple(top.players)), field
    )


def _snapshot(top: TopBoard) -> dict[str, Any]:
    return {
        "invited": list(top.players),
        "declined": {i.player: i.reason or "" for i in top.declined},
    }


def decline(user: Any, t: Tournament, player: str, reason: str = "") -> TopBoard:
    """Record that ``player`` declines the top board; the next ranked player is invited."""
    require_director(user, t)
    require_open(t)
    if len(reason) > REASON_LENGTH:
        raise FieldError(Message.of("site.at_most", most=REASON_LENGTH), "reason")
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=t.pk)
        _final_round_open(t)
        before = _walk(t, "player")
        name = _player(t, player, before, "player")
        if name not in before.players:
            raise FieldError(Message.of("site.declined", name=name), "player", status=409)
        change_day(
            t, lifecycle.keep_rounds, after_write=lambda: _store(t, {name: reason.strip()}, before)
        )
        after = _walk(t, "player")
        record(
            user,
            "top-board decline",
            tournament=t,
            before=_snapshot(before),
            after=_snapshot(after),
        )
    return after


def withdraw_decline(user: Any, t: Tournament, player: str) -> TopBoard:
    """Take a recorded decline back: the player is invited again if their rank allows."""
    require_director(user, t)
    require_open(t)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=t.pk)
        _final_round_open(t)
        before = _walk(t, "player")
        found = TopBoardDecline.objects.filter(tournament=t, player__key=name_key(player))
        if not found.exists():
            raise FieldError(Message.of("site.no_decline", name=repr(player)), "player", status=404)
        change_day(t, lifecycle.keep_rounds, after_write=lambda: _delete(found))
        after = _walk(t, "player")
        record(
            user,
            "top-board decline withdrawn",
            tournament=t,
            before=_snapshot(before),
            after=_snapshot(after),
        )
    return after


def team_option(user: Any, t: Tournament, team: str, keep: str) -> TopBoard:
    """Seed 002's team option: of a team's members invited to the top board, only ``keep``
    stays; the others give up their seats (declines with reason ``team``)."""
    require_director(user, t)
    require_open(t)
    members = adapters.teams(t)
    found = next((n for n in members if name_key(n) == name_key(team)), None)
    if found is None:
        raise FieldError(Message.of("site.no_team", name=repr(team)), "team")
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=t.pk)
        _final_round_open(t)
        before = _walk(t, "team")
        invited = [p for p in before.players if p in members[found]]
        kept = next((p for p in invited if name_key(p) == name_key(keep)), None)
        if kept is None:
            raise FieldError(
                Message.of(
                    "site.not_invited_member",
                    name=repr(keep),
                    team=str(found),
                    invited=tuple(invited) or Message.of("site.none"),
                ),
                "keep",
            )
        if len(invited) < 2:
            raise FieldError(Message.of("site.one_invited", team=str(found)), "team")
        gave_up = {p: TEAM_REASON for p in invited if p != kept}
        change_day(t, lifecycle.keep_rounds, after_write=lambda: _store(t, gave_up, before))
        after = _walk(t, "team")
        record(
            user,
            "top-board team option",
            tournament=t,
            before=_snapshot(before),
            after={**_snapshot(after), "team": found, "kept": kept},
        )
    return after


def _delete(rows: Any) -> None:
    rows.delete()


def _store(t: Tournament, declines: dict[str, str], top: TopBoard) -> None:
    """Record ``declines``; the first recorded decline also records the ones the engine had
    inferred from a seated top board, so nothing the page showed silently changes."""
    if not TopBoardDecline.objects.filter(tournament=t).exists():
        declines = {
            **{i.player: i.reason or "" for i in top.declined},
            **declines,
        }
    ids = dict(
        Player.objects.filter(seats__board__round__tournament=t, name__in=list(declines))
        .values_list("name", "pk")
        .distinct()
    )
    TopBoardDecline.objects.bulk_create(
        TopBoardDecline(tournament=t, player_id=ids[name], reason=reason)
        for name, reason in declines.items()
    )


def top_board_seven(t: Tournament, number: int) -> tuple[str, ...]:
    """The seven the final round's board call seats on board 1 (the top board): empty unless
    the tournament has the top-board rule and ``number`` is its final round."""
    if not t.top_board_rule or number != qualifying_round(t) + 1:
        return ()
    top = invitations(t)
    return top.players if top is not None and len(top.players) == 7 else ()
