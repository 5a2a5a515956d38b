"""What the room's projectors show of a tournament (issue 14): the published board call (by
board and by player), the live standings with the places moved since the previous round and the
top board after the preliminary rounds, and which boards of the round have reported.

The figures come from the engine through :mod:`.adapters` and :mod:`palmares.diplomacy.screens`;
the pages only lay them out. :func:`data_version` is what the screens' cached fragments and
their ``ETag`` are keyed by: it changes with every accepted write of the tournament.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Max

from palmares.core.rounding import half_up
from palmares.diplomacy.board import GREAT_POWERS, parse_power
from palmares.diplomacy.screens import BoardStatus, RoundStatus, pages, places_moved, round_status
from palmares.diplomacy.top_board import TopBoard
from palmares.web.audit.models import AuditEntry
from palmares.web.tournaments import adapters
from palmares.web.tournaments.boardcall import Call, get_call
from palmares.web.tournaments.models import Board, Round, Seat, Tournament
from palmares.web.tournaments.topboard import invitations, qualifying_round

__all__ = [
    "CallScreen",
    "LiveLine",
    "LiveStandings",
    "StatusScreen",
    "call_screen",
    "current_round",
    "data_version",
    "live_standings",
    "results_round",
    "status_screen",
]

#: Decimals of a tournament score on the screens (as on the tournament page).
SCORE_PLACES = 3


def data_version(t: Tournament) -> tuple[object, ...]:
    """What every screen of ``t`` depends on: its systems, its latest audited write (results,
    corrections, undo, rulings, declines, board calls) and its seats (count and highest id, for
    writes outside the site's services). Two small indexed queries."""
    audit = AuditEntry.objects.filter(tournament=t).aggregate(last=Max("id"))["last"]
    seats = Seat.objects.filter(board__round__tournament=t).aggregate(n=Count("id"), last=Max("id"))
    return (
        t.pk,
        t.scoring,
        t.aggregation,
        t.fewer_games,
        t.top_board_rule,
        audit,
        seats["n"],
        seats["last"],
    )


def results_round(t: Tournament) -> int:
    """The latest round with a result entered (0: none)."""
    last = Board.objects.filter(round__tournament=t, seats__isnull=False).aggregate(
        n=Max("round__number")
    )["n"]
    return int(last or 0)


def current_round(t: Tournament) -> int:
    """The round in play: the latest with a published board call or a result (0: none)."""
    called = Round.objects.filter(tournament=t, published=True, called__isnull=False).aggregate(
        n=Max("number")
    )["n"]
    return max(int(called or 0), results_round(t))


@dataclass(frozen=True, slots=True)
class CallScreen:
    """A published board call cut into pages: by board (label and its seats, power → player)
    and by player (player, board, power; alphabetical)."""

    round: int
    boards: tuple[tuple[tuple[str, tuple[tuple[str, str], ...]], ...], ...]
    players: tuple[tuple[tuple[str, str, str], ...], ...]
    board_count: int
    player_count: int


def _published(t: Tournament, number: int | None) -> Call | None:
    if number is not None:
        call = get_call(t, number)
        return call if call is not None and call.published else None
    rounds = (
        Round.objects.filter(tournament=t, published=True, called__isnull=False)
        .distinct()
        .order_by("-number")
        .values_list("number", flat=True)
    )
    for n in rounds[:1]:
        return get_call(t, n)
    return None


def call_screen(
    t: Tournament, *, number: int | None = None, per_board: int, per_player: int
) -> CallScreen | None:
    """The latest published call (or round ``number``'s), ``per_board`` boards and
    ``per_player`` players a page; ``None``: no published call."""
    call = _published(t, number)
    if call is None:
        return None
    boards = [(label, tuple(seats.items())) for label, seats in call.boards.items()]
    players = call.by_player()
    return CallScreen(
        call.round,
        pages(boards, per_board),
        pages(players, per_player),
        len(boards),
        len(players),
    )


@dataclass(frozen=True, slots=True)
class LiveLine:
    """A player in the live standings: rank, score (rounded for the screen), games, and the
    places moved since the standings after the previous round (``None``: not ranked then)."""

    rank: int
    player: str
    score: Decimal
    games: int
    moved: int | None

    @property
    def places(self) -> int:
        """How many places moved, up or down (0: the same rank or not ranked before)."""
        return abs(self.moved or 0)


@dataclass(frozen=True, slots=True)
class LiveStandings:
    """The standings with every result entered so far (``round``: the latest round with a
    result; ``previous``: the round the moves are counted from, 0 in the first round), paged;
    the top board invited after ``top_board_after`` once that round has results (``final``:
    every board of that round has reported)."""

    round: int
    previous: int
    pages: tuple[tuple[LiveLine, ...], ...]
    players: int
    top_board: TopBoard | None
    top_board_after: int
    top_board_final: bool


def live_standings(t: Tournament, *, per: int) -> LiveStandings | None:
    """The live standings of ``t``, ``per`` players a page (``None``: no result yet)."""
    number = results_round(t)
    if number == 0:
        return None
    now = adapters.standings(t)
    before = adapters.standings(t, up_to_round=number - 1) if number > 1 else None
    moved = places_moved(before, now)
    lines = [
        LiveLine(s.rank, s.player, half_up(s.score, SCORE_PLACES), s.games, moved[s.player])
        for s in now.players
    ]
    after = qualifying_round(t)
    top = invitations(t) if number >= after else None
    final = top is not None and _status(t, after).complete
    return LiveStandings(
        number,
        number - 1,
        pages(lines, per),
        len(lines),
        top,
        after,
        final,
    )


@dataclass(frozen=True, slots=True)
class StatusScreen:
    """A round's status with its boards cut into pages."""

    status: RoundStatus
    pages: tuple[tuple[BoardStatus, ...], ...]


def _status(t: Tournament, number: int) -> RoundStatus:
    call = get_call(t, number)
    called = (
        {label: tuple(seats.values()) for label, seats in call.boards.items()}
        if call is not None and call.published
        else {}
    )
    reported: dict[str, list[tuple[int, str]]] = {}
    for label, power, player in Seat.objects.filter(
        board__round__tournament=t, board__round__number=number
    ).values_list("board__label", "power", "player__name"):
        reported.setdefault(label, []).append((GREAT_POWERS.index(parse_power(power)), player))
    return round_status(
        number,
        called,
        {label: tuple(p for _, p in sorted(seats)) for label, seats in reported.items()},
    )


def status_screen(t: Tournament, *, number: int | None = None, per: int) -> StatusScreen | None:
    """Which boards of round ``number`` (default: the round in play) have reported and which
    are still playing, ``per`` boards a page (``None``: no round yet)."""
    number = number or current_round(t)
    if number < 1:
        return None
    status = _status(t, number)
    return StatusScreen(status, pages(status.boards, per))
