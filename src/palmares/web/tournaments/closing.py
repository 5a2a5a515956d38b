"""Close a tournament: file its final classification into the rating database (issue 12, step 7).

The classification is the engine's (:func:`palmares.diplomacy.classification.
final_classification`: champion, places 2–7, then the rest by the final standings); it becomes the
results of the tournament's :class:`~palmares.web.events.models.Event`, and the Dip Pouch figures
take the event in incrementally (:func:`palmares.web.ratinglists.incremental.
add_event_to_dip_pouch`), in the same transaction: a closed tournament always has its ratings.

A tournament is closed when its event has results: closing twice is refused, and so is closing a
tournament whose top board disagrees with its invitations (the champion would be wrong).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy import lifecycle
from palmares.diplomacy.aggregation.base import who_played
from palmares.diplomacy.classification import Classified, final_classification
from palmares.web.audit.log import record
from palmares.web.events.models import Event, Result
from palmares.web.ratinglists.incremental import add_event_to_dip_pouch
from palmares.web.tournaments import adapters
from palmares.web.tournaments.day import load_day, refusal
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import Seat, Tournament

__all__ = ["classification", "close_tournament", "is_closed"]


def is_closed(tournament: Tournament) -> bool:
    """Closed: the tournament's event has its classification filed."""
    return bool(Result.objects.filter(event_id=tournament.event_id).exists())


def classification(tournament: Tournament) -> tuple[Classified, ...]:
    """The final classification the engine gives the stored boards (what closing files)."""
    prizes, ruled = adapters.prizes_and_standings(tournament)
    if prizes.top_board_problems:
        raise PalmaresError.of(
            Message.of(
                "top_board.disagrees",
                problems=Message.of("semicolons", items=prizes.top_board_problems),
            )
        )
    return final_classification(who_played(ruled), prizes)


def close_tournament(tournament: Tournament, user: Any) -> Event:
    """File ``tournament``'s final classification as its event's results; rate the event.
    The lifecycle refuses a tournament closed already, one with nothing played and one with a
    round half played (``diplomacy.lifecycle.tournament.close``); the event's rounds become the
    rounds played (what the Dip Pouch rates), the tournament keeps its planned rounds."""
    with transaction.atomic():
        locked = (
            Tournament.objects.select_for_update().select_related("event").get(pk=tournament.pk)
        )
        if is_closed(locked):
            raise FieldError(
                Message.of("site.already_closed", tournament=str(locked)), None, status=409
            )
        try:
            closed = lifecycle.close(load_day(locked))
        except lifecycle.Refused as refused:
            raise refusal(refused) from None
        lines = classification(locked)
        if not lines:
            raise PalmaresError.of(Message.of("site.nothing_to_file", tournament=str(locked)))
        seats = Seat.objects.filter(board__round__tournament=locked).select_related("player")
        players = {s.player.name: s.player for s in seats}
        event = locked.event
        if locked.planned_rounds is None:
            locked.planned_rounds = event.rounds
            locked.save(update_fields=["planned_rounds"])
        Result.objects.bulk_create(
            Result(
                event=event,
                player=players[line.player],
                rank=line.rank,
                nationality=players[line.player].nationality,
            )
            for line in lines
        )
        event.players = len(lines)
        event.rounds = locked.rounds.filter(boards__isnull=False).distinct().count()
        event.kind = Event.Kind.DIPLOMACY
        event.save()
        add_event_to_dip_pouch(event)
        _audit(user, locked, event, lines, closed.said)
    return event


def _audit(
    user: Any,
    tournament: Tournament,
    event: Event,
    lines: tuple[Classified, ...],
    said: tuple[Message, ...],
) -> None:
    record(
        user,
        "close",
        tournament=tournament,
        before=None,
        after={
            "event_id": event.pk,
            "classification": [{"rank": c.rank, "player": c.player} for c in lines],
        },
        said=said,
    )
