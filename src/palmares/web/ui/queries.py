"""Read-only queries the list and player pages share, as plain SQL returning plain tuples.

These two pages are the site's hot path (bench/web.py: 100,000 players, 1,000,000 results), so
they skip the ORM's query compilation and model instantiation: a page of a rating list is the
block of its stored positions (``ratinglists.blocks``: a key, never an OFFSET scan) and its
players' names, a player's page is one query for the
heading (with the lists' generation, which keys the page cache) and the history together. Figures
come back as stored (``Decimal`` on PostgreSQL, the stored float on SQLite; the lists' lines as
the ``Decimal`` of the stored text); the templates only round them for display (half up,
``core.rounding``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, NamedTuple

from palmares.web.events.models import Event, Result
from palmares.web.lib.generations import generation_sql

# The public pages' own queries: on the read replica when the request may read it (issue 37)
from palmares.web.lib.replica import read_connection as connection
from palmares.web.players.models import Player
from palmares.web.ratinglists import blocks, columns
from palmares.web.ratinglists.models import Publication, RatingEntry, SkillRating, Standing
from palmares.web.tournaments.models import Tournament

__all__ = [
    "PAGE_SIZE",
    "EventHeading",
    "FoundEvent",
    "FoundPlayer",
    "Heading",
    "HistoryLine",
    "ListLine",
    "ReportLine",
    "Skill",
    "Window",
    "current_generation",
    "event_page",
    "list_window",
    "page_generation",
    "player_page",
    "search_events",
    "search_players",
]

PAGE_SIZE = 50
SYSTEM = "dip-pouch"

Figure = Decimal | float


class ListLine(NamedTuple):
    """One line of a published list, as the ranking page shows it."""

    player_id: int
    name: str
    nationality: str
    events: int
    rating: Figure
    rank: int
    national_rank: int | None


class Skill(NamedTuple):
    """A player's stored skill rating (``ratinglists.SkillRating``): μ, σ, competitions."""

    mu: float
    sigma: float
    competitions: int


class Heading(NamedTuple):
    """A player's name, nationality and place in the Permanent list (``rating`` None: not
    listed), with the generation of the stored figures and the stored Diplomacy skill rating
    (``skill`` None: none)."""

    name: str
    nationality: str
    rating: Figure | None
    rank: int | None
    national_rank: int | None
    generation: int
    skill: Skill | None = None
    #: The data generation of the players and events (``lib.generations``): a rename or an
    #: event corrected without a recompute.
    data: int = 0


class HistoryLine(NamedTuple):
    """One line of a player's history (the seed's player page)."""

    date: str
    country: str
    event_id: int
    event: str
    rank: int | None
    players: int | None
    tournament_value: Figure
    percentile: Figure
    rating_after: Figure


class EventHeading(NamedTuple):
    """An event's heading on its report, with what keys the cached report: the Dip Pouch
    generation (every recompute), the event's tournament, and the count and highest id of its
    results (a Tantrix or Wizard import replaces results without a Dip Pouch recompute; a
    replaced classification gets new ids)."""

    name: str
    date: date
    place: str
    country: str
    players: int | None
    rounds: int | None
    world_championship: bool
    tournament_id: int | None
    results: int
    last_result: int | None
    generation: int
    #: The data generation of the events and players (``lib.generations``).
    data: int = 0


class ReportLine(NamedTuple):
    """One line of an event report (the WDD's page): the result and, once rated, its entry."""

    rank: int
    player_id: int
    name: str
    nationality: str
    percentile: Figure | None
    rating_before: Figure | None
    rating_after: Figure | None
    tournament_value: Figure | None


@dataclass(frozen=True, slots=True)
class Window:
    """One page of a list, with what the pager shows (the names of Django's ``Page``)."""

    number: int
    num_pages: int
    rows: list[ListLine] = field(default_factory=list)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.rows)

    @property
    def paginator(self) -> Window:
        return self

    def has_other_pages(self) -> bool:
        return self.num_pages > 1

    def has_previous(self) -> bool:
        return self.number > 1

    def has_next(self) -> bool:
        return self.number < self.num_pages

    def previous_page_number(self) -> int:
        return self.number - 1

    def next_page_number(self) -> int:
        return self.number + 1


def _tables() -> dict[str, str]:
    return {
        "standing": Standing._meta.db_table,
        "player": Player._meta.db_table,
        "entry": RatingEntry._meta.db_table,
        "event": Event._meta.db_table,
        "result": Result._meta.db_table,
        "publication": Publication._meta.db_table,
        "tournament": Tournament._meta.db_table,
        "skill": SkillRating._meta.db_table,
    }


def current_generation() -> int:
    """The generation of the stored Dip Pouch figures (0: none yet), which keys cached pages."""
    sql = f"SELECT generation FROM {Publication._meta.db_table} WHERE system = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, [SYSTEM])
        row = cursor.fetchone()
    return int(row[0]) if row else 0


#: What the Dip Pouch pages show beside the stored figures (``lib.generations``' scopes).
SCOPES = ("players", "events")


def page_generation() -> tuple[int, int]:
    """The Dip Pouch generation and the data generation of :data:`SCOPES`, in one query: the
    ranking page's cache key."""
    sql = (
        f"SELECT (SELECT generation FROM {Publication._meta.db_table} WHERE system = %s), "
        f"{generation_sql(SCOPES)}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [SYSTEM])
        row = cursor.fetchone()
    return (int(row[0] or 0), int(row[1] or 0)) if row else (0, 0)


def list_window(summary: dict[str, Any], year: int, nation: str, number: str | None) -> Window:
    """Page ``number`` (clamped to the list; not a number: the first) of the ``year`` list
    (0: Permanent), national when ``nation`` is given; ``summary`` is the lists' stored
    summary (``Publication.summary``: the size of each list)."""
    sizes = summary.get("sizes", {}).get(str(year), {})
    listed = int(sizes.get(nation, 0))
    pages = max(1, -(-listed // PAGE_SIZE))
    try:
        page = min(max(int(number or 1), 1), pages)
    except ValueError:
        page = 1
    first, last = (page - 1) * PAGE_SIZE + 1, page * PAGE_SIZE
    found = blocks.window(year, nation, first, last, SYSTEM)
    names = dict(columns.fetch_people(line.player_id for line in found))
    rows = [
        ListLine(
            line.player_id,
            names.get(line.player_id, ""),
            line.nationality,
            line.events,
            line.rating,
            line.rank,
            line.national_rank,
        )
        for line in found
    ]
    return Window(page, pages, rows)


def player_page(player_id: int) -> tuple[Heading, list[HistoryLine]] | None:
    """The player's heading and Dip Pouch history (oldest first), or None when there is no
    such player: one query, the heading repeated on each history line (one round trip to the
    database is what a random player page costs most)."""
    t = _tables()
    sql = (
        f"SELECT p.name, p.nationality, s.rating, s.rank, s.national_rank, "
        f"(SELECT g.generation FROM {t['publication']} g WHERE g.system = %s), "
        f"{generation_sql(SCOPES)}, "
        f"k.mu, k.sigma, k.competitions, "
        f"h.date, e.country, h.event_id, e.name, r.rank, e.players, "
        f"h.tournament_value, h.percentile, h.rating_after "
        f"FROM {t['player']} p LEFT JOIN {t['standing']} s "
        f"ON s.player_id = p.id AND s.system = %s AND s.year = 0 "
        f"LEFT JOIN {t['skill']} k ON k.player_id = p.id AND k.community = %s "
        f"LEFT JOIN {t['entry']} h ON h.player_id = p.id AND h.system = %s "
        f"LEFT JOIN {t['event']} e ON e.id = h.event_id "
        f"LEFT JOIN {t['result']} r ON r.id = h.result_id "
        f"WHERE p.id = %s ORDER BY h.date, h.event_id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [SYSTEM, SYSTEM, SYSTEM, SYSTEM, player_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    name, nationality, rating, rank, national_rank, generation, data, mu, sigma, played = rows[0][
        :10
    ]
    skill = None if mu is None else Skill(float(mu), float(sigma), int(played))
    heading = Heading(
        name,
        nationality,
        rating,
        rank,
        national_rank,
        int(generation or 0),
        skill,
        int(data or 0),
    )
    history = [HistoryLine(_iso(row[10]), *row[11:]) for row in rows if row[12] is not None]
    return heading, history


def event_page(event_id: int) -> tuple[EventHeading, list[ReportLine]] | None:
    """The event's heading with what keys its cached report, and its classification in rank
    order (tied players in the order the results came, as seed 000 lists them), each line with
    its Dip Pouch entry once rated; None when there is no such event. One query, the heading
    repeated on each line (as ``player_page``): the count and the highest id of the results
    are counted from the lines."""
    t = _tables()
    sql = (
        f"SELECT e.name, e.date, e.place, e.country, e.players, e.rounds, e.world_championship, "
        f"(SELECT k.id FROM {t['tournament']} k WHERE k.event_id = e.id), "
        f"(SELECT g.generation FROM {t['publication']} g WHERE g.system = %s), "
        f"{generation_sql(SCOPES)}, r.id, "
        f"r.rank, r.player_id, p.name, r.nationality, "
        f"h.percentile, h.rating_before, h.rating_after, h.tournament_value "
        f"FROM {t['event']} e LEFT JOIN {t['result']} r ON r.event_id = e.id "
        f"LEFT JOIN {t['player']} p ON p.id = r.player_id "
        f"LEFT JOIN {t['entry']} h ON h.result_id = r.id AND h.system = %s "
        f"WHERE e.id = %s ORDER BY r.rank, r.id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [SYSTEM, SYSTEM, event_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    name, day, place, country, players, rounds, championship, tournament = rows[0][:8]
    generation, data = rows[0][8:10]
    lines = [ReportLine(*row[11:]) for row in rows if row[10] is not None]
    last_result = max((row[10] for row in rows if row[10] is not None), default=None)
    heading = EventHeading(
        name, _day(day), place, country, players, rounds, bool(championship), tournament,
        len(lines), last_result, int(generation or 0), int(data or 0),
    )  # fmt: skip
    return heading, lines


#: Substring matches need three characters (a trigram): a shorter query finds prefixes only.
SUBSTRING_MIN = 3


def _like(key: str) -> str:
    """``key`` escaped for a ``LIKE`` pattern (``ESCAPE '\\'``)."""
    return key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _search(
    table: str, columns: str, order: str, key: str, limit: int, *, exact_first: bool = False
) -> list[tuple[Any, ...]]:
    """Rows of ``table`` whose name key starts with ``key``, then those containing it elsewhere
    (from ``SUBSTRING_MIN`` characters), each part in ``order``, ``limit`` in all: one query,
    both parts index scans (the key's pattern index; its trigram index on PostgreSQL). An exact
    match sorts first in key order (it is the shortest); ``exact_first`` puts it first in any
    other ``order``."""
    prefix = _like(key) + "%"
    first = "CASE WHEN key = %s THEN 0 ELSE 1 END, " if exact_first else ""
    sql = (
        f"SELECT * FROM (SELECT {columns}, 0 FROM {table} WHERE key LIKE %s ESCAPE '\\' "
        f"ORDER BY {first}{order} LIMIT %s) a"
    )
    params: list[str | int] = [prefix, key, limit] if exact_first else [prefix, limit]
    if len(key) >= SUBSTRING_MIN:
        sql += (
            f" UNION ALL SELECT * FROM (SELECT {columns}, 1 FROM {table} "
            f"WHERE key LIKE %s ESCAPE '\\' AND key NOT LIKE %s ESCAPE '\\' "
            f"ORDER BY {order} LIMIT %s) b"
        )
        params += ["%" + prefix, prefix, limit]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    rows.sort(key=lambda row: row[-1])  # the prefix part first (a stable sort keeps each order)
    return [row[:-1] for row in rows[:limit]]


class FoundPlayer(NamedTuple):
    id: int
    name: str
    nationality: str


class FoundEvent(NamedTuple):
    id: int
    name: str
    date: date


def search_players(key: str, limit: int) -> list[FoundPlayer]:
    """Players whose name key (``lib.names.name_key``) is ``key``, starts with it, then
    contains it; at most ``limit``."""
    rows = _search(_tables()["player"], "id, name, nationality, key", "key", key, limit)
    return [FoundPlayer(*row[:3]) for row in rows]


def search_events(key: str, limit: int) -> list[FoundEvent]:
    """Events whose name key is ``key``, then starts with it (the latest first), then contains
    it (the latest first); at most ``limit``."""
    rows = _search(
        _tables()["event"], "id, name, date", "date DESC, id", key, limit, exact_first=True
    )
    return [FoundEvent(row[0], row[1], _day(row[2])) for row in rows]


def _day(day: date | str) -> date:
    """A stored date (PostgreSQL gives a date, SQLite the ISO text)."""
    return day if isinstance(day, date) else date.fromisoformat(day)


def _iso(day: date | str) -> str:
    """A stored date as YYYY-MM-DD (PostgreSQL gives a date, SQLite the ISO text)."""
    return day if isinstance(day, str) else day.isoformat()
