"""Rows ↔ the Diplomacy engine's values: stored boards become ``PlayedBoard`` s, and the
engine's ``Standings`` come back for the pages (which only display them).

The standings with the TD's rulings (:func:`overridden`) and the prize list
(:func:`tournament_prizes`) are computed once per change of the tournament's data, not per
request: outside a transaction they are read from the cache of the data generation of
:data:`SCOPES` (``lib.generations.cached_read``); a write's own transaction computes them
afresh."""

from __future__ import annotations

from fractions import Fraction

from palmares.core.spec import parse_spec
from palmares.diplomacy import lifecycle
from palmares.diplomacy.aggregation.base import Standings, who_played
from palmares.diplomacy.aggregation.registry import get_aggregation, get_aggregation_info
from palmares.diplomacy.board import PlayedBoard, Seat, parse_power
from palmares.diplomacy.overrides import Overridden, Override, apply_overrides
from palmares.diplomacy.prizes import QUALIFYING_ROUND, Prizes, prizes
from palmares.diplomacy.scoring.registry import get_system
from palmares.diplomacy.seeding import BoardCall, Entrant, SeedingProblem
from palmares.diplomacy.seeding import board_call as call_boards
from palmares.web.lib.generations import builds_afresh, cached_read
from palmares.web.tournaments.models import Board, Entry, Tournament
from palmares.web.tournaments.models import Seat as SeatRow
from palmares.web.tournaments.models_prizes import ScoreOverride, TopBoardDecline
from palmares.web.tournaments.rows import read_day

__all__ = [
    "SCOPES",
    "aggregation_spec",
    "board_call",
    "computed_standings",
    "marks",
    "overridden",
    "played_boards",
    "prizes_and_standings",
    "qualifying_round",
    "recorded_declines",
    "sitters",
    "standings",
    "teams",
    "tournament_prizes",
    "withdrawn",
]


#: The data a tournament's standings and prizes are computed from (apps' labels).
SCOPES = ("tournaments", "players", "events")


def _version(tournament: Tournament, up_to_round: int | None) -> tuple[object, ...]:
    """What names a tournament's computed figures beside the data generation (the instance's
    own systems, in case it differs from the stored row)."""
    return (
        tournament.pk, up_to_round, tournament.scoring, tournament.aggregation,
        tournament.fewer_games, tournament.top_board_rule,
    )  # fmt: skip


def played_boards(tournament: Tournament, *, up_to_round: int | None = None) -> list[PlayedBoard]:
    """The tournament's boards with seven seats, in round and entry order (read as values: the
    standings are worked out after every result of the day)."""
    boards = Board.objects.filter(round__tournament=tournament).order_by("round__number", "id")
    seats = SeatRow.objects.filter(board__round__tournament=tournament)
    if up_to_round is not None:
        boards = boards.filter(round__number__lte=up_to_round)
        seats = seats.filter(board__round__number__lte=up_to_round)
    seated: dict[int, list[Seat]] = {}
    # By board id, not the board's default ordering (a join to sort by round): the seats are
    # gathered by board, and the boards come in their own order below.
    for board_id, power, name, centres, eliminated, draw in seats.order_by(
        "board_id", "power"
    ).values_list("board_id", "power", "player__name", "centres", "eliminated", "in_draw"):
        seated.setdefault(board_id, []).append(
            Seat(
                power=parse_power(power),
                player=name,
                centres=centres,
                eliminated=eliminated,
                draw=draw,
            )
        )
    played: list[PlayedBoard] = []
    for board_id, number, label, final_year, top_board, by_year in boards.values_list(
        "id", "round__number", "label", "final_year", "top_board", "centres_by_year"
    ):
        on_board = seated.get(board_id, [])
        if len(on_board) == 7:
            played.append(
                PlayedBoard(
                    round=number,
                    board=label,
                    seats=tuple(on_board),
                    final_year=final_year,
                    top_board=top_board,
                    centres_by_year=_by_year(by_year),
                )
            )
    return played


def aggregation_spec(aggregation: str, fewer_games: bool) -> str:
    """The aggregation as the engine builds it: with the fewer-games adjustment turned off
    (``adjust_after=0``, seed 002's "Top Board" adjustment) when the TD switched it off and the
    aggregation has one."""
    spec = parse_spec(aggregation)
    if fewer_games or "adjust_after" not in get_aggregation_info(spec.slug).parameters:
        return aggregation
    if spec.has("adjust_after"):
        return aggregation
    return str(spec.with_param("adjust_after", "0"))


def _by_year(stored: object) -> dict[int, dict[str, int]] | None:
    """The stored SC chart (JSON keys are text) as the engine takes it."""
    if not isinstance(stored, dict) or not stored:
        return None
    return {int(y): {str(p): int(n) for p, n in row.items()} for y, row in stored.items()}


def standings(
    tournament: Tournament, *, up_to_round: int | None = None, day: lifecycle.Day | None = None
) -> Standings:
    """The engine's standings of ``tournament`` (after ``up_to_round`` when given), with the
    TD's score rulings applied (:func:`overridden` keeps the computed figures). ``day``: the
    day as just read in this transaction (:func:`sitters`)."""
    return overridden(tournament, up_to_round=up_to_round, day=day).standings


def computed_standings(
    tournament: Tournament,
    *,
    up_to_round: int | None = None,
    day: lifecycle.Day | None = None,
    boards: list[PlayedBoard] | None = None,
) -> Standings:
    """The engine's standings before any ruling of the TD: every player who played, and every
    registered player who sat out a round so far (issue 32, invariant 6), at the aggregation's
    score for no game. ``boards``: :func:`played_boards` as just read in this transaction."""
    if boards is None:
        boards = played_boards(tournament, up_to_round=up_to_round)
    aggregation = get_aggregation(aggregation_spec(tournament.aggregation, tournament.fewer_games))
    return aggregation.aggregate(
        boards, get_system(tournament.scoring), entrants=sitters(tournament, up_to_round, day=day)
    )


def marks(tournament: Tournament, up_to_round: int | None = None) -> dict[str, lifecycle.Marks]:
    """What the standings mark beside each player (``diplomacy.lifecycle.standing``): rounds
    sat out, a withdrawal."""
    day = read_day(tournament, teams=teams(tournament), qualifying=qualifying_round(tournament))
    return lifecycle.marks(day, up_to_round)


def sitters(
    tournament: Tournament, up_to_round: int | None = None, *, day: lifecycle.Day | None = None
) -> tuple[str, ...]:
    """Registered players who sat out a round so far (``diplomacy.lifecycle.standing``);
    ``day``: the tournament's day as a write of the day has just read it, its row locked (read
    again otherwise)."""
    if day is None:
        day = read_day(tournament, teams=teams(tournament), qualifying=qualifying_round(tournament))
    return tuple(lifecycle.sat_out(day, up_to_round))


def overridden(
    tournament: Tournament, *, up_to_round: int | None = None, day: lifecycle.Day | None = None
) -> Overridden:
    """The standings with the TD's rulings (``ScoreOverride``) and the computed scores (cached
    per data generation, see the module's docstring)."""
    return cached_read(
        SCOPES,
        ("overridden", *_version(tournament, up_to_round)),
        lambda: _overridden(tournament, up_to_round, day),
    )


def _overridden(
    tournament: Tournament,
    up_to_round: int | None,
    day: lifecycle.Day | None = None,
    boards: list[PlayedBoard] | None = None,
) -> Overridden:
    rulings = [
        Override(
            player=o.player.name,
            score=Fraction(o.score),
            reason=o.reason,
            round=o.round,
            board=o.board or None,
        )
        for o in ScoreOverride.objects.filter(tournament=tournament).select_related("player")
    ]
    return apply_overrides(
        computed_standings(tournament, up_to_round=up_to_round, day=day, boards=boards), rulings
    )


def teams(tournament: Tournament) -> dict[str, tuple[str, ...]]:
    """Each team's members by name, teams by name and members in key order."""
    members: dict[str, list[str]] = {}
    for name, member in tournament.teams.order_by("name", "members__key").values_list(
        "name", "members__name"
    ):
        found = members.setdefault(name, [])
        if member is not None:
            found.append(member)
    return {name: tuple(found) for name, found in members.items()}


def tournament_prizes(
    tournament: Tournament, *, up_to_round: int | None = None, day: lifecycle.Day | None = None
) -> Prizes:
    """The engine's prize list: top board, champion, places 2–7, best countries, teams (cached
    per data generation, see the module's docstring; ``day``: see :func:`sitters`)."""
    return cached_read(
        SCOPES,
        ("prizes", *_version(tournament, up_to_round), tournament.event.rounds),
        lambda: _prizes(tournament, up_to_round, day),
    )


def prizes_and_standings(tournament: Tournament) -> tuple[Prizes, Standings]:
    """:func:`tournament_prizes` and :func:`standings` of the whole tournament; in a
    transaction (where both are built afresh: ``builds_afresh``) the standings are worked out
    once for both."""
    if not builds_afresh():
        return tournament_prizes(tournament), standings(tournament)
    boards = played_boards(tournament)
    ruled = _overridden(tournament, None, None, boards).standings
    return _prizes(tournament, None, None, boards=boards, ruled=ruled), ruled


def _prizes(
    tournament: Tournament,
    up_to_round: int | None,
    day: lifecycle.Day | None = None,
    *,
    boards: list[PlayedBoard] | None = None,
    ruled: Standings | None = None,
) -> Prizes:
    if boards is None:
        boards = played_boards(tournament, up_to_round=up_to_round)
    if ruled is None and builds_afresh():
        # What ``standings`` would build afresh here, from the boards just read rather than
        # read again.
        ruled = _overridden(tournament, up_to_round, day, boards).standings
    elif ruled is None:
        ruled = standings(tournament, up_to_round=up_to_round, day=day)
    result = who_played(ruled)
    return prizes(
        result,
        boards,
        teams=teams(tournament) or None,
        declines={**withdrawn(tournament), **recorded_declines(tournament)} or None,
        qualifying_round=qualifying_round(tournament),
    )


#: The reason of a top-board seat passed over because its player withdrew.
WITHDRAWN = "withdrawn"


def withdrawn(tournament: Tournament) -> dict[str, str]:
    """Registered players who withdrew before the final round: the invitation walk passes
    them over as it does a decline (seed 002, "Top Board": "their spot will be offered to the
    8th ranked player")."""
    final = qualifying_round(tournament) + 1
    rows = Entry.objects.filter(tournament=tournament, withdrawn_after__lt=final)
    return {e.player.name: WITHDRAWN for e in rows.select_related("player")}


def qualifying_round(tournament: Tournament) -> int:
    """The round after which the top board is invited: with the top-board rule, the one before
    the last (seed 002: round 5 of 6); otherwise seed 002's round 5 (imported tournaments)."""
    rounds = tournament.event.rounds
    if tournament.top_board_rule and rounds and rounds > 1:
        return rounds - 1
    return QUALIFYING_ROUND


def recorded_declines(tournament: Tournament) -> dict[str, str]:
    """The top-board declines the TD recorded (empty: the engine infers them from a seated top
    board, as for an imported boards.csv)."""
    rows = TopBoardDecline.objects.filter(tournament=tournament).select_related("player")
    return {d.player.name: d.reason for d in rows}


#: The board call's search is bounded by moves (not time) so a page is the same on every load.
BOARD_CALL_MOVES = 20000


def board_call(tournament: Tournament, round_number: int) -> BoardCall:
    """The engine's board call for ``round_number``: everyone who has played, one board each,
    away from their team-mates, with the earlier rounds as history (seed 0, bounded search)."""
    history = tuple(played_boards(tournament, up_to_round=round_number - 1))
    gone = set(  # a player withdrawn before this round is never seated (issue 32, finding 6)
        Entry.objects.filter(tournament=tournament, withdrawn_after__lt=round_number).values_list(
            "player__name", flat=True
        )
    )
    players = sorted({p for b in history for p in b.players} - gone)
    team_of = {p: team for team, members in teams(tournament).items() for p in members}
    problem = SeedingProblem(
        round=round_number,
        entrants=tuple(Entrant(p, None, team_of.get(p)) for p in players),
        history=history,
        teams=teams(tournament),
    )
    return call_boards(problem, seed=0, moves=BOARD_CALL_MOVES, time_limit=30.0)
