"""Finding players and events by name: names are compared normalised for case, accents and spacing.

Issue 3: "Players are matched by ``player_id`` when given, else by name normalised for case,
accents and spacing; a name that matches two ids is an error that names both." The same
normalisation finds a player or an event asked for on the command line or the web site.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.names import name_key
from palmares.ratings.events import Event, Player

__all__ = ["find_event", "find_player", "normalise_name", "same_name"]


def normalise_name(name: str) -> str:
    """``"  Édi   Birsan "`` → ``"edi birsan"``: accents dropped, case folded, spaces collapsed
    (the one rule of :func:`palmares.core.names.name_key`)."""
    return name_key(name)


def find_player(players: Mapping[str, Player], wanted: str) -> Player:
    """The player whose key (player id) or normalised name is ``wanted``; else a clear error."""
    if wanted in players:
        return players[wanted]
    norm = normalise_name(wanted)
    hits = [p for p in players.values() if normalise_name(p.name) == norm]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise PalmaresError.of(Message.of("ratings.no_player", wanted=repr(wanted)))
    ids = tuple(sorted(p.key for p in hits))
    raise PalmaresError.of(Message.of("ratings.players_many", wanted=repr(wanted), ids=ids))


def find_event(events: Iterable[Event], wanted: str) -> Event:
    """The event whose id or normalised name is ``wanted``; else a clear error."""
    listed = list(events)
    for e in listed:
        if e.event_id is not None and e.event_id == wanted:
            return e
    norm = normalise_name(wanted)
    hits = [e for e in listed if normalise_name(e.name) == norm]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise PalmaresError.of(Message.of("ratings.no_event", wanted=repr(wanted)))
    which = tuple(
        Message.of("ratings.event_on", event=e.key, date=e.date.isoformat()) for e in hits
    )
    raise PalmaresError.of(Message.of("ratings.events_many", wanted=repr(wanted), events=which))


def same_name(names: list[str], norm: str) -> list[bool]:
    """Which of ``names`` normalise to ``norm`` (itself normalised): an ASCII name does when
    its lower-case words are ``norm``'s (its key is those words joined by one space), any other
    by :func:`~palmares.ratings.players.normalise_name` itself."""
    words = norm.split()
    return [n.lower().split() == words if n.isascii() else normalise_name(n) == norm for n in names]
