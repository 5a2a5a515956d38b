"""The API's shapes (pydantic through django-ninja). Figures are strings at full precision."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from ninja import Field, Schema
from pydantic import field_validator

from palmares.diplomacy.powers import Power

__all__ = [
    "BIGINT_MAX",
    "INTEGER_MAX",
    "SMALLINT_MAX",
    "BoardIn",
    "BoardOut",
    "BoardSeatOut",
    "ConflictOut",
    "ErrorOut",
    "EventOut",
    "HistoryOut",
    "PlayerOut",
    "ResultIn",
    "ResultOut",
    "SeatIn",
    "StandingOut",
    "TournamentOut",
    "TournamentStandingOut",
]


#: The largest values of the columns behind the API's integers (PostgreSQL's smallint,
#: integer and bigint; Django's Positive*Field keep the same bounds on SQLite): a value past its
#: column is a 422 naming the field, on both databases alike.
SMALLINT_MAX = 2**15 - 1
INTEGER_MAX = 2**31 - 1
BIGINT_MAX = 2**63 - 1


def no_nul(value: str) -> str:
    """Text a column can hold: PostgreSQL stores no NUL character (SQLite would)."""
    if "\x00" in value:
        raise ValueError("a NUL character is not allowed")
    return value


class ErrorOut(Schema):
    detail: str
    field: str | None = None


class PlayerOut(Schema):
    id: int
    name: str
    nationality: str


class EventOut(Schema):
    id: int
    name: str
    date: date
    kind: str
    country: str
    rounds: int | None
    players: int | None
    world_championship: bool


class ResultOut(Schema):
    player: PlayerOut
    rank: int
    nationality: str


class HistoryOut(Schema):
    event: EventOut
    rank: int | None
    percentile: Decimal
    tournament_value: Decimal
    rating_before: Decimal
    rating_after: Decimal


class StandingOut(Schema):
    player: PlayerOut
    year: int
    rank: int
    national_rank: int | None  # None: no nationality
    nationality: str
    rating: Decimal
    events: int


class TournamentStandingOut(Schema):
    rank: int
    player: str
    score: str
    #: The engine's score when a TD's ruling changed it (``score`` is the ruled one).
    computed: str | None = None
    games: int
    explain: list[str]
    #: Rounds the player sat out (present, not seated by the published call).
    sat_out: list[int] = Field(default_factory=list)
    #: The round after which the player withdrew (``None``: still playing).
    withdrawn_after: int | None = None


class ConflictOut(Schema):
    """A write that kept conflicting with others (nothing written) and the state it met."""

    detail: str
    field: str | None = None
    current: list[ResultOut]


class ResultIn(Schema):
    """One row of a classification: the columns of ``events.Result`` and ``players.Player``."""

    player: str = Field(min_length=1, max_length=200)
    rank: int = Field(ge=1, le=INTEGER_MAX, strict=True)  # not "1", not true
    nationality: str = Field("", max_length=64)
    player_id: str = Field("", max_length=64)

    @field_validator("player", "nationality", "player_id")
    @classmethod
    def _no_nul(cls, value: str) -> str:
        return no_nul(value)


class SeatIn(Schema):
    power: str = Field(pattern=f"^[{''.join(p.initial for p in Power)}]$")
    player_id: int = Field(ge=1, le=BIGINT_MAX)
    centres: int = Field(ge=0, le=34)
    eliminated: int | None = Field(None, ge=0, le=SMALLINT_MAX)
    in_draw: bool = False


class BoardIn(Schema):
    round: int = Field(ge=1, le=SMALLINT_MAX)
    board: str = Field(min_length=1, max_length=16)

    @field_validator("board")
    @classmethod
    def _no_nul(cls, value: str) -> str:
        return no_nul(value)

    seats: list[SeatIn] = Field(min_length=7, max_length=7)


class TournamentOut(Schema):
    id: int
    event: EventOut
    scoring: str
    aggregation: str


class BoardSeatOut(Schema):
    power: str
    player: str
    centres: int
    score: str | None


class BoardOut(Schema):
    round: int
    board: str
    top_board: bool
    seats: list[BoardSeatOut]
