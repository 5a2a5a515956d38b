"""The API's shapes (pydantic through django-ninja). Figures are strings at full precision."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from ninja import Field, Schema

__all__ = [
    "BoardIn",
    "BoardOut",
    "BoardSeatOut",
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
    national_rank: int
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


class ResultIn(Schema):
    player: str = Field(min_length=1, max_length=200)
    rank: int = Field(ge=1)
    nationality: str = ""
    player_id: str = ""


class SeatIn(Schema):
    power: str = Field(pattern="^[AEFGIRT]$")
    player_id: int
    centres: int = Field(ge=0, le=34)
    eliminated: int | None = None
    in_draw: bool = False


class BoardIn(Schema):
    round: int = Field(ge=1)
    board: str = Field(min_length=1, max_length=16)
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
