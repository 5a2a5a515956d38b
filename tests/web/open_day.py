"""An open tournament set up through the day's services (issue 32): the browser tests that
write into a tournament use one of these, never the demo's closed championship (a closed
tournament refuses every write)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import Group, User

from palmares.diplomacy.board import GREAT_POWERS
from palmares.web.accounts.roles import TOURNAMENT_DIRECTORS
from palmares.web.tournaments import boardcall, registration
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.results import BoardResult, enter_result
from palmares.web.tournaments.setup import SetUp, create_tournament

#: A board's centres, in the order of the powers (34 in all).
CENTRES = (10, 8, 6, 5, 3, 2, 0)


def tournament_director(username: str, password: str) -> User:
    """A user in the tournament directors' group."""
    user = User.objects.create_user(username, password=password)
    user.groups.add(Group.objects.get_or_create(name=TOURNAMENT_DIRECTORS)[0])
    return user


def open_tournament(
    user: User, name: str, players: Sequence[str], *, rounds: int = 3, **extra: object
) -> Tournament:
    """A tournament directed by ``user`` with ``players`` registered; nothing called yet."""
    setup = SetUp(
        name=name,
        date=dt.date(2026, 5, 1),
        rounds=rounds,
        scoring="divide-and-conquer",
        aggregation="ante",
        **extra,  # type: ignore[arg-type]
    )
    t = create_tournament(user, setup)
    registration.register_players(
        user, t, [registration.PlayerIn(p, "Netherlands") for p in players]
    )
    return t


def call_round(user: User, t: Tournament, number: int) -> dict[str, dict[str, str]]:
    """Round ``number`` called by the engine and published; its boards (label → seats)."""
    boardcall.make_call(user, t, number, seed=1)
    return boardcall.publish_call(user, t, number).boards


def play_round(user: User, t: Tournament, number: int) -> dict[str, dict[str, str]]:
    """Round ``number`` called, published and every board entered (:data:`CENTRES` turned by
    the board's place, the power with none eliminated in 1905)."""
    boards = call_round(user, t, number)
    for shift, label in enumerate(boards):
        counts = CENTRES[shift % 7 :] + CENTRES[: shift % 7]
        centres = dict(zip(GREAT_POWERS, counts, strict=True))
        out = {p: 1905 for p, n in centres.items() if n == 0}
        enter_result(user, t, number, label, BoardResult(centres, out, final_year=1907))
    return boards
