"""A TD's rulings on scores (issue 12, step 8): add one with a reason, or take it back.

A ruling is kept beside the computed figure (``ScoreOverride``; :mod:`palmares.diplomacy.
overrides` applies it): standings, prizes and the classification follow it, and the pages, the
API and the explanations show both. Each write is audited with the computed and the ruled score.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from django.db import transaction

from palmares.core.message import Message
from palmares.core.rounding import half_up
from palmares.diplomacy import lifecycle
from palmares.web.audit.log import record
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.tournaments import adapters
from palmares.web.tournaments.day import change_day, require_open
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import Board, Tournament
from palmares.web.tournaments.models_prizes import ScoreOverride
from palmares.web.tournaments.registration import require_director

__all__ = ["add_override", "override_rows", "remove_override"]

LIMIT = Decimal("1000000")
REASON_LENGTH = 200


def _score(value: Any) -> Decimal:
    try:
        score = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        raise FieldError(Message.of("io.number", got=repr(value)), "score") from None
    if not score.is_finite() or abs(score) >= LIMIT:
        raise FieldError(Message.of("site.score_range", limit=LIMIT), "score")
    if score != score.quantize(Decimal("0.000001")):
        raise FieldError(Message.of("site.six_decimals"), "score")
    return score.quantize(Decimal("0.000001"))  # as the column stores it


def _row(o: ScoreOverride, computed: Fraction | None) -> dict[str, Any]:
    return {
        "id": o.pk,
        "player": o.player.name,
        "round": o.round,
        "board": o.board or None,
        "score": str(o.score),
        "computed": str(half_up(computed, 6)) if computed is not None else None,
        "reason": o.reason,
    }


def add_override(
    user: Any,
    t: Tournament,
    player: str,
    score: Any,
    reason: str,
    *,
    round_number: int | None = None,
    board: str | None = None,
) -> dict[str, Any]:
    """Rule on ``player``'s tournament score, or (``round_number`` and ``board``) on what one
    game brought them."""
    require_director(user, t)
    require_open(t)
    value = _score(score)
    reason = (reason or "").strip()
    if not reason:
        raise FieldError(Message.of("site.needs_reason"), "reason")
    if len(reason) > REASON_LENGTH:
        raise FieldError(Message.of("site.at_most", most=REASON_LENGTH), "reason")
    who = (
        Player.objects.filter(seats__board__round__tournament=t, key=name_key(player))
        .distinct()
        .first()
    )
    if who is None:
        raise FieldError(Message.of("site.played_none", name=repr(player)), "player")
    label = (board or "").strip()
    if (round_number is None) != (not label):
        raise FieldError(Message.of("site.override_board"), "board")
    if (
        label
        and round_number is not None
        and not Board.objects.filter(
            round__tournament=t, round__number=round_number, label=label, seats__player=who
        ).exists()
    ):
        raise FieldError(
            Message.of("site.did_not_play", player=who.name, board=str(label), round=round_number),
            "board",
        )
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=t.pk)
        before = adapters.standings(t).of(who.name).score
        made: list[ScoreOverride] = []

        def write() -> None:
            made.append(
                ScoreOverride.objects.create(
                    tournament=t,
                    player=who,
                    round=round_number if label else None,
                    board=label,
                    score=value,
                    reason=reason,
                )
            )

        # a ruling that would move the top board's seven after its call is published is
        # refused (diplomacy.lifecycle.tournament.invite)
        change_day(t, lifecycle.keep_rounds, after_write=write)
        ruling = made[0]
        after = adapters.overridden(t)
        row = _row(ruling, after.computed.get(who.name))
        record(
            user,
            "score override",
            tournament=t,
            before={"player": who.name, "score": str(half_up(before, 6))},
            after={**row, "tournament_score": str(half_up(after.standings.of(who.name).score, 6))},
        )
    return row


def remove_override(user: Any, t: Tournament, override_id: int) -> None:
    """Take a ruling back: the computed figure stands again."""
    require_director(user, t)
    require_open(t)
    with transaction.atomic():
        ruling = (
            ScoreOverride.objects.select_for_update()
            .filter(tournament=t, pk=override_id)
            .select_related("player")
            .first()
        )
        if ruling is None:
            raise FieldError(Message.of("site.no_ruling", id=override_id), "id", status=404)
        row = _row(ruling, adapters.overridden(t).computed.get(ruling.player.name))
        change_day(t, lifecycle.keep_rounds, after_write=lambda: _gone(ruling))
        record(user, "score override withdrawn", tournament=t, before=row, after=None)


def override_rows(t: Tournament) -> list[dict[str, Any]]:
    """Every ruling with the computed tournament score of its player."""
    computed = adapters.overridden(t).computed
    return [
        _row(o, computed.get(o.player.name))
        for o in ScoreOverride.objects.filter(tournament=t).select_related("player")
    ]


def _gone(ruling: ScoreOverride) -> None:
    ruling.delete()
