"""The API's shapes (pydantic through django-ninja). Figures are strings at full precision."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias

from ninja import Field, Schema
from pydantic import BeforeValidator, WithJsonSchema, field_validator
from pydantic_core import PydanticCustomError

from palmares.diplomacy.powers import Power

__all__ = [
    "BIGINT_MAX",
    "INTEGER_MAX",
    "SMALLINT_MAX",
    "BoardIn",
    "BoardOut",
    "BoardSeatOut",
    "Choice",
    "ConflictOut",
    "ErrorOut",
    "EventKind",
    "EventOut",
    "HistoryOut",
    "In",
    "PlayerOut",
    "ResultIn",
    "ResultOut",
    "SeatIn",
    "StandingOut",
    "TournamentOut",
    "TournamentStandingOut",
    "canonical",
]


#: The largest values of the columns behind the API's integers (PostgreSQL's smallint,
#: integer and bigint; Django's Positive*Field keep the same bounds on SQLite): a value past its
#: column is a 422 naming the field, on both databases alike.
SMALLINT_MAX = 2**15 - 1
INTEGER_MAX = 2**31 - 1
BIGINT_MAX = 2**63 - 1


def canonical(values: Iterable[str]) -> Callable[[Any], Any]:
    """``value`` in its canonical spelling when it is one of ``values`` in any case; anything
    else as given (the service's own check refuses it, naming the field)."""
    spelled = {v.casefold(): v for v in values}

    def canonical(value: Any) -> Any:
        return spelled.get(value.strip().casefold(), value) if isinstance(value, str) else value

    return canonical


def Choice(*values: str) -> Any:
    """An enumeration of the API (issue 36): declared with its canonical ``values``, accepted
    in any case and passed on (and answered) canonical. ``ClockIn.action: Choice("start", …)``."""
    return Annotated[
        str,
        BeforeValidator(canonical(values)),
        WithJsonSchema(
            {"type": "string", "enum": list(values), "description": "any case; answered as listed"}
        ),
    ]


#: An event's kind (``events.Event.Kind``), the ``?kind=`` filter and ``EventOut.kind``.
EventKind = Literal["diplomacy", "tantrix", "wizard"]


if TYPE_CHECKING:
    PowerInitial: TypeAlias = str
else:
    PowerInitial = Choice(*(p.initial for p in Power))


def _holds_nul(value: object) -> bool:
    """Whether ``value`` (text, or a list or mapping of them at any depth) holds a NUL."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(k) or _holds_nul(v) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_holds_nul(v) for v in value)
    return False


class In(Schema):
    """Every request body of the API: no text in it, at any depth, holds a NUL character.
    PostgreSQL stores none (a query naming one fails) and SQLite would keep it silently, so the
    body is refused (422 naming the field) on both databases before any service reads it.
    Nested bodies are ``In`` too and check their own fields."""

    @field_validator("*", mode="after")
    @classmethod
    def _no_nul_anywhere(cls, value: Any) -> Any:
        if _holds_nul(value):
            raise PydanticCustomError("nul", "a NUL character is not allowed")
        return value


class ErrorOut(Schema):
    """Every refusal of the API: a sentence in the request's language, and the field at fault
    (``"3.rank"``, ``"seats"``; ``None``: the request as a whole)."""

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
    kind: EventKind
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


class ConflictOut(ErrorOut):
    """A write that kept conflicting with others (nothing written) and the state it met: the
    one error shape (:class:`ErrorOut`) with the rows found."""

    current: list[ResultOut]


class ResultIn(In):
    """One row of a classification: the columns of ``events.Result`` and ``players.Player``."""

    player: str = Field(min_length=1, max_length=200)
    rank: int = Field(ge=1, le=INTEGER_MAX, strict=True)  # not "1", not true
    nationality: str = Field("", max_length=64)
    player_id: str = Field("", max_length=64)


class SeatIn(In):
    #: The power's initial (any case).
    power: PowerInitial
    player_id: int = Field(ge=1, le=BIGINT_MAX)
    centres: int = Field(ge=0, le=34)
    eliminated: int | None = Field(None, ge=0, le=SMALLINT_MAX)
    in_draw: bool = False


class BoardIn(In):
    round: int = Field(ge=1, le=SMALLINT_MAX)
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
