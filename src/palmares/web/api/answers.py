"""The shapes of the API's answers beyond the records' (:mod:`palmares.web.api.schemas`): the
tournament day, its clock, the top board, the rulings, the audit log, the Tantrix and Wizard
tables and the imports (issue 36: every 2xx answer is declared, so ``/api/openapi.json`` tells
a client what it gets back). Field names are the contract the endpoints answered before they
were declared; exact figures travel as strings at full precision.
"""

from __future__ import annotations

from typing import Literal

from ninja import Field, Schema
from pydantic import JsonValue

from palmares.web.api.schemas import ErrorOut

__all__ = [
    "READ_ERRORS",
    "UPLOAD_ERRORS",
    "WRITE_ERRORS",
    "AttendanceOut",
    "AuditEntryOut",
    "AwardOut",
    "BoardEnteredOut",
    "BoardRemovedOut",
    "CallBoardOut",
    "CallOut",
    "CallReportOut",
    "CheckInOut",
    "CheckInStateOut",
    "ClockOut",
    "ClosedOut",
    "CreatedOut",
    "DirectorEntryOut",
    "DirectorsOut",
    "EntryOut",
    "ImportOut",
    "ImportSummaryOut",
    "InvitationOut",
    "InvitationsOut",
    "KeptApartOut",
    "LeagueLineOut",
    "LedgerEntryOut",
    "MonthPublishedOut",
    "OverrideDeletedOut",
    "OverrideOut",
    "PerformanceOut",
    "PostedBoardOut",
    "ProposalOut",
    "RegisteredOut",
    "RollCallOut",
    "RollCallSaidOut",
    "RoundRemovedOut",
    "TantrixRatingOut",
    "UndoneOut",
]

#: What a read may answer besides its 200: a bad parameter (400, 422), nothing there (404), a
#: wrong or retired Bearer token (401: a read honours a script's token, ``api.auth.reader``).
READ_ERRORS: dict[int, type[ErrorOut]] = {
    400: ErrorOut,
    401: ErrorOut,
    404: ErrorOut,
    422: ErrorOut,
}
#: What a write may answer besides its 2xx: no one logged in or a bad token (401), the wrong
#: role (403), a state that refuses the write (409), besides a read's.
WRITE_ERRORS: dict[int, type[ErrorOut]] = {**READ_ERRORS, 403: ErrorOut, 409: ErrorOut}
#: An upload's: a file past the size limit (413).
UPLOAD_ERRORS: dict[int, type[ErrorOut]] = {**WRITE_ERRORS, 413: ErrorOut}


class CreatedOut(Schema):
    id: int
    said: list[str]


class DirectorsOut(Schema):
    directors: list[str]


class RegisteredOut(Schema):
    name: str
    player_id: int
    #: The database did not know the player before.
    new: bool


class EntryOut(Schema):
    name: str
    player_id: int
    nationality: str
    team: str | None
    arrives: int
    withdrawn_after: int | None


class DirectorEntryOut(EntryOut):
    """A registered player as their tournament's directors read them: with the personal code
    their reports from the table are signed with (issue 38); nobody else reads it."""

    code: str


class KeptApartOut(Schema):
    #: How many pairs were new.
    added: int


class AttendanceOut(Schema):
    player: str
    arrives: int
    said: list[str]


class ProposalOut(Schema):
    sit_out: list[str]
    two_boards: list[str]
    notes: list[str]
    error: str | None


class RollCallOut(Schema):
    round: int
    present: list[str]
    sit_out: list[str]
    two_boards: list[str]
    taken: bool
    checked_in: list[str]
    proposal: ProposalOut


class RollCallSaidOut(RollCallOut):
    said: list[str]


class CheckInStateOut(Schema):
    round: int
    check_in: bool
    code: str | None


class CheckInOut(Schema):
    round: int
    player: str


class RepeatedPairOut(Schema):
    #: The board's number in the call (1, 2 …).
    board: int
    player_a: str
    player_b: str
    times: int


class PowerRepeatOut(Schema):
    board: int
    player: str
    power: str
    times: int


class CallReportOut(Schema):
    """The engine's quality report of a call (empty when the call was not the engine's)."""

    objective: int | None = None
    lower_bound: int | None = None
    gap: int | None = None
    worst_pair: int | None = None
    repeated_pairs: list[RepeatedPairOut] | None = None
    power_repeats: list[PowerRepeatOut] | None = None
    sitters: list[str] | None = None
    two_boarders: list[str] | None = None
    notes: list[str] | None = None
    bound_explain: list[str] | None = None
    seed: int | None = None
    #: The report's figures as (measure in words, value).
    rows: list[tuple[str, int]] | None = None
    #: The label of the fixed top board.
    top_board: str | None = None


class CallBoardOut(Schema):
    label: str
    #: Power (English name) → player.
    seats: dict[str, str]
    #: The powers whose player a swap changed.
    changed: list[str]
    top_board: bool


class CallOut(Schema):
    round: int
    boards: list[CallBoardOut]
    sitters: list[str]
    report: CallReportOut
    published: bool
    locked: bool
    said: list[str]


class RoundRemovedOut(Schema):
    round: int
    said: list[str]


class BoardRemovedOut(Schema):
    round: int
    label: str
    said: list[str]


class MovedOut(Schema):
    player: str
    #: ``None``: not ranked before (after).
    before: int | None
    after: int | None


class PrizeMovedOut(Schema):
    prize: str
    before: list[str]
    after: list[str]


class BoardEnteredOut(Schema):
    round: int
    label: str
    changed: bool
    correction: bool
    #: Players whose rank the entry moved.
    moved: list[MovedOut]
    prizes_moved: list[PrizeMovedOut]
    said: list[str]


class AuditEntryOut(Schema):
    at: str
    user: str
    action: str
    what: str
    said: list[str]
    #: The snapshots the write stored, as JSON (their shape is the action's).
    before: JsonValue
    after: JsonValue


class PostedBoardOut(Schema):
    id: int
    round: int
    board: str


class ClosedOut(Schema):
    event_id: int


class UndoneOut(Schema):
    undone: str
    round: int
    board: str
    entry: int
    said: list[str]


Season = Literal["Spring", "Fall"]


class ClockOut(Schema):
    running: bool
    paused: bool
    round: int
    year: int | None
    season: Season | None
    remaining_s: float | None
    turn_minutes: int | None
    next_year: int | None
    next_season: Season | None
    next_turn_minutes: int | None
    time_up: bool
    server_time: str
    ends_at: str | None
    calls: list[int]
    version: int


class InvitationOut(Schema):
    player: str
    rank: int
    score: str
    accepted: bool
    #: Why a decline was recorded (``None``: none recorded).
    reason: str | None


class InvitationsOut(Schema):
    after_round: int
    invitations: list[InvitationOut]
    top_board: list[str]


class OverrideOut(Schema):
    id: int
    player: str
    round: int | None
    board: str | None
    score: str
    computed: str | None
    reason: str


class OverrideDeletedOut(Schema):
    deleted: int


class PerformanceOut(Schema):
    """One player's line of seed 003's tables (unrounded figures as strings; ``None``: not
    applicable)."""

    player: str
    official: bool
    lost_to: str | None
    games: int | None
    tp_percent: str | None
    factor: str | None
    opponent_elo: str | None
    elo: str | None
    pre_elo: str | None
    tournament_games: int
    tournament_elo: str | None


class LeagueLineOut(Schema):
    player: str
    rank: int | None
    games: int
    points: int
    wins: str
    skill_ratio: str
    master_points: str


class TantrixRatingOut(Schema):
    player_id: int
    player: str
    rating: str
    games: int | None
    official: bool
    as_of: str
    after_event_id: int | None
    before: str | None
    change: str | None
    tournament_elo: str | None
    tournament_games: int | None


class AwardOut(Schema):
    player: str
    day: str
    source: str
    kind: str
    points: str
    reason: str


class LedgerEntryOut(AwardOut):
    balance: str
    levels: list[str] = Field(default_factory=list)


class ImportSummaryOut(Schema):
    events: int
    results: int
    replaced: int


class ImportOut(Schema):
    imported: str
    #: Results: the counts; matches and games: a line of text.
    summary: ImportSummaryOut | str


class MonthPublishedOut(Schema):
    month: str
    published: bool
