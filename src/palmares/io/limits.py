"""The size of every database column a file fills: the readers refuse what would not fit.

A value that does not fit its column is an input error naming its file, line and column, on
SQLite and PostgreSQL alike (issue 13: on PostgreSQL with server-side binding an integer past a
small column wrapped, ``rounds=65537`` stored as 1; over-long text was an internal error there and
stored whole on SQLite). The readers (``palmares.io``) and the import services use these limits,
so the analysis command and the import of one file accept and refuse the same files.

Django's model fields are the source of truth: ``tests/web/test_limits.py`` checks every limit
here against its field (``max_length``, ``max_digits``/``decimal_places``, and the integer range
Django gives that field type on the database in use), so a migration that changes a column cannot
leave the readers behind. The core never imports Django, hence the copy.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "INTEGER",
    "POSITIVE_INTEGER",
    "POSITIVE_SMALL",
    "DecimalLimit",
    "IntegerLimit",
    "TextLimit",
]

#: Django's ranges for its integer fields (``BaseDatabaseOperations.integer_field_ranges``).
POSITIVE_SMALL = (0, 32767)
POSITIVE_INTEGER = (0, 2147483647)
INTEGER = (-2147483648, 2147483647)


@dataclass(frozen=True, slots=True)
class TextLimit:
    """A ``CharField``: ``field`` is ``app.Model.field``; ``length`` its ``max_length``."""

    field: str
    length: int


@dataclass(frozen=True, slots=True)
class IntegerLimit:
    """An integer field and the inclusive range of values its column holds."""

    field: str
    minimum: int
    maximum: int


@dataclass(frozen=True, slots=True)
class DecimalLimit:
    """A ``DecimalField``: at most ``digits`` digits of which ``places`` after the point."""

    field: str
    digits: int
    places: int

    @property
    def bound(self) -> int:
        """Every stored value is below this in absolute value."""
        return int(10 ** (self.digits - self.places))


def _int(field: str, bounds: tuple[int, int]) -> IntegerLimit:
    return IntegerLimit(field, *bounds)


# Players and events (every format).
PLAYER_NAME = TextLimit("players.Player.name", 200)
PLAYER_ID = TextLimit("players.Player.external_id", 64)
NATIONALITY = TextLimit("players.Player.nationality", 64)
EVENT_NAME = TextLimit("events.Event.name", 200)
EVENT_ID = TextLimit("events.Event.external_id", 64)
COUNTRY = TextLimit("events.Event.country", 64)
PLACE = TextLimit("events.Event.place", 120)
ROUNDS = _int("events.Event.rounds", POSITIVE_SMALL)
FIELD_SIZE = _int("events.Event.players", POSITIVE_INTEGER)
COEFFICIENT = DecimalLimit("events.Event.coefficient", 12, 6)
RANK = _int("events.Result.rank", POSITIVE_INTEGER)
RESULT_NATIONALITY = TextLimit("events.Result.nationality", 64)

# Diplomacy tournaments (boards.csv, teams.csv).
ROUND = _int("tournaments.Round.number", POSITIVE_SMALL)
BOARD_LABEL = TextLimit("tournaments.Board.label", 16)
TEAM_NAME = TextLimit("tournaments.Team.name", 120)
CENTRES = _int("tournaments.Seat.centres", POSITIVE_SMALL)
YEAR = _int("tournaments.Seat.eliminated", POSITIVE_SMALL)

# Tantrix (matches.csv, ratings.csv).
MATCH_ROUND = TextLimit("tantrixdb.Match.round", 16)
GAMES = _int("tantrixdb.Match.games", POSITIVE_SMALL)
TOURNAMENT_POINTS = DecimalLimit("tantrixdb.Match.tp_a", 12, 6)
RATING = DecimalLimit("tantrixdb.Rating.rating", 24, 12)
RATED_GAMES = _int("tantrixdb.Rating.games", POSITIVE_INTEGER)

# Wizard (games.csv, tournament.csv, triad.csv).
GAME_CODE = TextLimit("wizarddb.Game.code", 64)
SCORE = _int("wizarddb.Placement.score", INTEGER)
GAME_PLACE = _int("wizarddb.Placement.place", POSITIVE_SMALL)
TOURNAMENT_PLACE = _int("wizarddb.TournamentPlace.place", POSITIVE_SMALL)
GAMES_FINISHED = _int("wizarddb.TournamentPlace.games_finished", POSITIVE_SMALL)
TRIAD_SCORE = _int("wizarddb.TriadFinish.score", INTEGER)

#: Every limit, for the test that checks them against the models.
ALL: tuple[TextLimit | IntegerLimit | DecimalLimit, ...] = tuple(
    v for v in list(globals().values()) if isinstance(v, TextLimit | IntegerLimit | DecimalLimit)
)
