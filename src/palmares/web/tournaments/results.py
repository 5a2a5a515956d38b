"""A board's result (issue 12, step 5): the seats come from the published board call (or the
board as entered before, or the TD's late swap), the centres, eliminations, final year, draw
and, optionally, the centre counts by year. One check for every path — the form, the API, the
demo — and the same domain check as ``boards.csv`` (``diplomacy.board.result_problems``).
Re-entering a board keeps its top-board flag and final year; the same data twice changes
nothing; a correction recomputes the standings and says which ranks, prizes and top-board
invitations moved."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy import lifecycle
from palmares.diplomacy.aggregation.base import Standings
from palmares.diplomacy.board import GREAT_POWERS, TOTAL_CENTRES, parse_power, result_problems
from palmares.diplomacy.prizes import PrizeMove, prize_moves
from palmares.web.audit.log import record
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player
from palmares.web.tournaments import adapters
from palmares.web.tournaments.day import BoardRow, change_day, require_open
from palmares.web.tournaments.errors import FieldError
from palmares.web.tournaments.models import Board, Entry, Tournament
from palmares.web.tournaments.registration import require_director
from palmares.web.tournaments.rollcall import check_round

__all__ = ["BoardResult", "Entered", "RankMove", "board_snapshot", "enter_result", "remove_results"]

FIRST_YEAR, LAST_YEAR = 1901, 2100


@dataclass(frozen=True, slots=True)
class BoardResult:
    """What the TD reports of a finished board. Powers by English name (or initial).
    ``seats`` (power → player name or id) overrides the call; ``final_year`` and ``top_board``
    left ``None`` keep what the board had."""

    centres: Mapping[str, Any]
    eliminated: Mapping[str, Any] = field(default_factory=dict)
    draw: list[str] | tuple[str, ...] | None = None
    final_year: Any = None
    seats: Mapping[str, Any] | None = None
    centres_by_year: Mapping[Any, Mapping[str, Any]] | None = None
    top_board: bool | None = None


@dataclass(frozen=True, slots=True)
class RankMove:
    """A player whose rank changed with a correction (``None``: not ranked before)."""

    player: str
    before: int | None
    after: int | None


@dataclass(frozen=True, slots=True)
class Entered:
    board: Board
    changed: bool
    correction: bool
    moved: tuple[RankMove, ...] = ()
    #: Prizes and top-board invitations whose holders a correction changed.
    prizes_moved: tuple[PrizeMove, ...] = ()
    #: What the lifecycle did (the board saved, swaps made in the call, invitations moved).
    said: tuple[Message, ...] = ()


def _count(value: Any, where: str, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(Message.of("entry.whole", what=what, got=repr(value)), where)
    if not low <= value <= high:
        raise FieldError(Message.of("entry.range", what=what, low=low, high=high, got=value), where)
    return value


def _power(value: Any, where: str) -> str:
    try:
        return parse_power(str(value))
    except PalmaresError as exc:
        raise FieldError.from_error(exc, where) from None


def _clean(r: BoardResult) -> tuple[dict[str, int], dict[str, int], list[str] | None, int | None]:
    centres: dict[str, int] = {}
    for key, n in r.centres.items():
        power = _power(key, f"centres.{key}")
        centres[power] = _count(n, f"centres.{power}", 0, TOTAL_CENTRES, "centres")
    missing = [p for p in GREAT_POWERS if p not in centres]
    if missing:
        raise FieldError(
            Message.of("site.centres_missing", powers=tuple(missing)), f"centres.{missing[0]}"
        )
    eliminated = {}
    for key, year in (r.eliminated or {}).items():
        power = _power(key, f"eliminated.{key}")
        eliminated[power] = _count(year, f"eliminated.{power}", FIRST_YEAR, LAST_YEAR, "year")
    draw = None
    if r.draw is not None:
        draw = [_power(p, "draw") for p in r.draw]
        if len(set(draw)) != len(draw):
            raise FieldError(Message.of("site.draw_twice"), "draw")
    final_year = None
    if r.final_year is not None:
        final_year = _count(r.final_year, "final_year", FIRST_YEAR, LAST_YEAR, "final year")
    return centres, eliminated, draw, final_year


def _chart(r: BoardResult) -> dict[str, dict[str, int]] | None:
    if not r.centres_by_year:
        return None
    chart: dict[str, dict[str, int]] = {}
    for year, row in r.centres_by_year.items():
        try:
            y = int(year)
        except (TypeError, ValueError):
            raise FieldError(Message.of("site.year", got=repr(year)), "centres_by_year") from None
        _count(y, f"centres_by_year.{year}", FIRST_YEAR, LAST_YEAR, "year")
        counts = {
            _power(p, f"centres_by_year.{y}"): _count(
                n, f"centres_by_year.{y}.{p}", 0, TOTAL_CENTRES, "centres"
            )
            for p, n in row.items()
        }
        if sum(counts.values()) > TOTAL_CENTRES:
            raise FieldError(
                Message.of("site.year_centres", year=str(y), most=TOTAL_CENTRES), "centres_by_year"
            )
        chart[str(y)] = {p: counts[p] for p in GREAT_POWERS if p in counts}
    return dict(sorted(chart.items()))


def _player(t: Tournament, value: Any, where: str) -> Player:
    """A seat's player: by id or name; registered for ``t`` when it has a registration."""
    registered = Entry.objects.filter(tournament=t)
    if isinstance(value, int) and not isinstance(value, bool):
        found = Player.objects.filter(pk=value).first()
        if found is None:
            raise FieldError(Message.of("site.no_player", player=str(value)), where)
    else:
        key = name_key(str(value))
        found = (
            Player.objects.filter(entries__tournament=t, key=key).first()
            or Player.objects.filter(key=key).order_by("id").first()
        )
        if found is None:
            raise FieldError(Message.of("site.no_player_named", name=repr(value)), where)
    if registered.exists() and not registered.filter(player=found).exists():
        raise FieldError(Message.of("site.not_registered", name=found.name), where)
    return found


def _wanted(t: Tournament, r: BoardResult) -> dict[str, str] | None:
    """The seats the TD reports (power → player's name in the tournament), if any."""
    if r.seats is None:
        return None
    seats = {}
    for key, who in r.seats.items():
        power = _power(key, f"seats.{key}")
        seats[power] = _player(t, who, f"seats.{power}").name
    missing = [p for p in GREAT_POWERS if p not in seats]
    if missing:
        raise FieldError(
            Message.of("site.seats_missing", powers=tuple(missing)), f"seats.{missing[0]}"
        )
    return {p: seats[p] for p in GREAT_POWERS}


def board_snapshot(board: Board | None) -> dict[str, Any] | None:
    """The board as the audit log keeps it and as a re-entry is compared with."""
    if board is None:
        return None
    seats = list(board.seats.select_related("player"))
    if not seats:
        return None
    ordered = sorted(seats, key=lambda s: GREAT_POWERS.index(parse_power(s.power)))
    drawn = [parse_power(s.power) for s in ordered if s.in_draw]
    return {
        "seats": {parse_power(s.power): s.player.name for s in ordered},
        "centres": {parse_power(s.power): s.centres for s in ordered},
        "eliminated": {parse_power(s.power): s.eliminated for s in ordered if s.eliminated},
        "draw": drawn or None,
        "final_year": board.final_year,
        "top_board": board.top_board,
        "centres_by_year": board.centres_by_year or None,
    }


def _ranks(standings: Standings) -> dict[str, int]:
    return {s.player: s.rank for s in standings.players}


def _problems(
    centres: dict[str, int],
    eliminated: dict[str, int],
    final_year: int | None,
    draw: list[str] | None,
    players: dict[str, str] | None,
) -> None:
    """The board's own check (``diplomacy.board.result_problems``, as for boards.csv)."""
    problems = result_problems(centres, eliminated, final_year, draw or (), players=players)
    if problems:
        first = problems[0]
        where = first.field if first.power is None else f"{first.field}.{first.power}"
        if first.field == "player":
            where = f"seats.{first.power}"
        told = [p.said if p.said is not None else p.message for p in problems]
        raise FieldError(Message.of("semicolons", items=tuple(told)), where)


def enter_result(user: Any, t: Tournament, number: int, label: str, r: BoardResult) -> Entered:
    """Enter or correct board ``label`` of round ``number``: its seats are the published call's
    (a seat reported otherwise is a swap in the call, ``diplomacy.lifecycle.results``)."""
    require_director(user, t)
    require_open(t)
    label = label.strip()
    if not 1 <= len(label) <= 16:
        raise FieldError(Message.of("entry.label", low=1, high=16), "label")
    check_round(t, number)
    centres, eliminated, draw, final_year = _clean(r)
    chart = _chart(r)
    wanted = _wanted(t, r)
    _problems(centres, eliminated, final_year, draw, wanted)
    board = Board.objects.filter(round__tournament=t, round__number=number, label=label).first()
    before = board_snapshot(board)
    if final_year is None and board is not None:
        final_year = board.final_year
    if chart is None and board is not None:
        chart = board.centres_by_year or None
    row = BoardRow(
        centres=centres,
        eliminated={p: eliminated[p] for p in GREAT_POWERS if p in eliminated},
        draw=tuple(p for p in GREAT_POWERS if p in (draw or ())),
        final_year=final_year,
        centres_by_year=chart,
    )
    ranks_before: dict[str, int] = {}
    prizes_before = None
    if before is not None:
        prizes_before, standings_before = adapters.prizes_and_standings(t)
        ranks_before = _ranks(standings_before)
    with transaction.atomic():
        change = change_day(
            t,
            lambda day: lifecycle.enter_result(day, number, label, wanted, top_board=r.top_board),
            rows={(number, label): row},
        )
        board = Board.objects.get(round__tournament=t, round__number=number, label=label)
        after = board_snapshot(board)
        if after == before:
            transaction.set_rollback(True)  # the same data twice: nothing changes
            return Entered(board, changed=False, correction=False)
        record(
            user,
            f"result round {number} board {label}",
            tournament=t,
            before=before,
            after=after,
            said=change.said,
        )
    if before is None:
        return Entered(board, changed=True, correction=False, said=change.said)
    prizes_after, standings_after = adapters.prizes_and_standings(t)  # after the commit
    ranks_after = _ranks(standings_after)
    moved = tuple(
        RankMove(p, ranks_before.get(p), ranks_after.get(p))
        for p in sorted(set(ranks_before) | set(ranks_after))
        if ranks_before.get(p) != ranks_after.get(p)
    )
    assert prizes_before is not None
    prizes_moved = prize_moves(prizes_before, prizes_after)
    return Entered(
        board,
        changed=True,
        correction=True,
        moved=moved,
        prizes_moved=prizes_moved,
        said=change.said,
    )


def remove_results(
    user: Any, t: Tournament, number: int, labels: Sequence[str] | None = None
) -> tuple[Message, ...]:
    """Remove round ``number``'s results (``labels``: only those boards), audited with the
    boards removed, so that the round can be called again or the tournament closed (issue 32,
    invariant 3)."""
    require_director(user, t)
    require_open(t)
    check_round(t, number)
    with transaction.atomic():
        boards = Board.objects.filter(round__tournament=t, round__number=number)
        if labels is not None:
            boards = boards.filter(label__in=list(labels))
        before = {b.label: board_snapshot(b) for b in boards.order_by("id")}
        change = change_day(t, lambda day: lifecycle.remove_results(day, number, labels))
        record(
            user,
            f"remove results round {number}",
            tournament=t,
            before={"boards": before},
            after=None,
            said=change.said,
        )
    return change.said
