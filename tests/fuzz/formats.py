"""The formats the fuzzer breaks: for each, a valid file drawn at random, which of its columns
hold what (integers, dates, names …) and the limits the database's columns put on them.

The limits are written here from the models (``web/*/models.py``), not taken from
``palmares.io.limits``: the oracle is independent of the code it checks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import Decimal

__all__ = ["FORMATS", "Format", "Table"]

SMALL = 32767
INT = 2147483647

NAMES = [
    "Ann Able",
    "Bob Baker",
    "Cy Cole",
    "Édi Birsan",
    "Dana Dahl",
    "Eve Ekdahl",
    "Fay Föhr",
    "Gus Grant",
    "Hal Hart",
    "Ida Ibsen",
    "Jon Juul",
    "Kai Kühn",
    "Lea Lund",
    "Mo Marsh",
    "Ned Noor",
    "Ola Ørn",
    "Pia Prag",
    "Quin Quay",
]
POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]

Table = list[list[str]]


@dataclass(frozen=True)
class Format:
    """A format: its name, how to draw a valid table, and what its columns hold.

    ``integers`` maps a column to its (minimum, maximum) as stored; ``texts`` a text column to its
    length limit; ``names`` the columns naming players (one spelling per file, except where
    ``respell_scope`` is ``"group"``: results, whose players merge across events).
    """

    name: str
    draw: object  # Callable[[random.Random], Table]
    required: tuple[str, ...]
    integers: dict[str, tuple[int, int]] = field(default_factory=dict)
    decimals: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()
    booleans: tuple[str, ...] = ()
    texts: dict[str, int] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    group: str | None = None  # the column whose rows form one event, board, game…
    duplicate_refused: bool = True

    def table(self, rng: random.Random) -> Table:
        return self.draw(rng)  # type: ignore[operator,no-any-return]


def _results(rng: random.Random) -> Table:
    header = ["event", "date", "player", "rank", "nationality", "rounds"]
    explicit = rng.random() < 0.3
    if explicit:
        header.append("players")
    if rng.random() < 0.5:
        header.append("player_id")
    rows = [header]
    people = rng.sample(NAMES, 12)
    for e in range(2):
        field_ = rng.sample(people, rng.randint(3, 7))
        ranks, rank = [], 1
        i = 0
        while i < len(field_):
            tie = 2 if rng.random() < 0.2 and i + 1 < len(field_) else 1
            ranks += [rank] * tie
            rank += tie
            i += tie
        for player, r in zip(field_, ranks, strict=True):
            row = [f"Cup {e + 1}", f"200{e + 3}-0{e + 4}-1{e}", player, str(r), "Norway", "3"]
            if explicit:
                row.append(str(len(field_) + 2))
            if "player_id" in header:
                row.append(f"P{NAMES.index(player)}")
            rows.append(row)
    return rows


def _boards(rng: random.Random) -> Table:
    rows = [["round", "board", "power", "player", "centres", "eliminated", "draw"]]
    people = rng.sample(NAMES, 14)
    for rnd in (1, 2):
        rng.shuffle(people)
        for b in (1, 2):
            seats = people[(b - 1) * 7 : b * 7]
            counts = [rng.randint(0, 9) for _ in POWERS]
            while sum(counts) > 34:
                counts[rng.randrange(7)] //= 2
            for power, player, c in zip(POWERS, seats, counts, strict=True):
                eliminated = str(rng.randint(1903, 1908)) if c == 0 else ""
                rows.append([str(rnd), str(b), power, player, str(c), eliminated, ""])
    return rows


def _teams(rng: random.Random) -> Table:
    rows = [["team", "player"]]
    for i, player in enumerate(rng.sample(NAMES[:7], 6)):
        rows.append([f"Team {i % 3 + 1}", player])
    return rows


def _players(rng: random.Random) -> Table:
    rows = [["player", "boards", "team"]]
    for i, player in enumerate(rng.sample(NAMES, 14)):
        rows.append([player, "1", f"T{i % 7}" if rng.random() < 0.5 else ""])
    return rows


def _pairs(rng: random.Random) -> Table:
    rows = [["player_a", "player_b"]]
    people = rng.sample(NAMES, 6)
    for i in range(0, 6, 2):
        rows.append([people[i], people[i + 1]])
    return rows


def _matches(rng: random.Random) -> Table:
    people = rng.sample(NAMES, 6)
    if rng.random() < 0.5:
        rows = [["event", "date", "round", "player_a", "player_b", "games", "tp_a", "tp_b"]]
        for rnd in range(1, 4):
            rng.shuffle(people)
            for i in range(0, 6, 2):
                tp_a = rng.choice(["10", "13.3", "20", "6.7", "15"])
                tp_b = str(20 - Decimal(tp_a))
                pair = [people[i], people[i + 1]]
                rows.append(["NZ Open", "2000-05-06", str(rnd), *pair, "1", tp_a, tp_b])
        return rows
    rows = [["event", "date", "round", "player_a", "player_b", "score_a", "score_b"]]
    for rnd in range(1, 3):
        rng.shuffle(people)
        for i in range(0, 6, 2):
            for _ in range(rng.randint(1, 2)):
                pair = [people[i], people[i + 1]]
                scores = [str(rng.randint(0, 60)), str(rng.randint(0, 60))]
                rows.append(["NZ Open", "2000-05-06", str(rnd), *pair, *scores])
    return rows


def _ratings(rng: random.Random) -> Table:
    rows = [["player", "rating", "games", "official"]]
    for player in NAMES[:10]:
        rows.append([player, str(rng.randint(1200, 2100)), str(rng.randint(0, 90)), ""])
    return rows


def _games(rng: random.Random) -> Table:
    rows = [["date", "game", "player", "score"]]
    for g in range(rng.randint(2, 5)):
        for player in rng.sample(NAMES, rng.randint(3, 6)):
            rows.append([f"2005-03-{g + 10}", f"G{g}", player, str(rng.randint(-50, 300))])
    return rows


def _tournament(rng: random.Random) -> Table:
    rows = [["tournament", "date", "player", "place", "games_finished"]]
    for t in range(rng.randint(1, 2)):
        people = rng.sample(NAMES, rng.randint(4, 9))
        for i, player in enumerate(people):
            rows.append([f"Wizard Cup {t + 1}", f"2005-0{t + 2}-20", player, str(i + 1), "5"])
    return rows


def _triads(rng: random.Random) -> Table:
    """The TRIAD of the stored tournament ``Wizard Cup 1`` (see ``harness.TRIAD_BASE``)."""
    rows = [["tournament", "player", "score"]]
    for player in NAMES[:3]:
        rows.append(["Wizard Cup 1", player, str(rng.randint(0, 200))])
    return rows


FORMATS: dict[str, Format] = {
    f.name: f
    for f in [
        Format(
            "results",
            _results,
            ("event", "date", "player", "rank"),
            integers={"rank": (1, INT), "rounds": (1, SMALL), "players": (1, INT)},
            dates=("date",),
            texts={"event": 200, "player": 200, "nationality": 64, "player_id": 64},
            names=("player",),
            group="event",
        ),
        Format(
            "boards",
            _boards,
            ("round", "board", "power", "player", "centres"),
            integers={"round": (1, SMALL), "centres": (0, 34), "eliminated": (1901, 2100)},
            booleans=("draw",),
            texts={"board": 16, "player": 200},
            names=("player",),
        ),
        Format(
            "teams",
            _teams,
            ("team", "player"),
            texts={"team": 120, "player": 200},
            names=("player",),
        ),
        Format(
            "players",
            _players,
            ("player",),
            integers={"boards": (0, 2)},
            texts={"player": 200},
            names=("player",),
        ),
        Format(
            "pairs",
            _pairs,
            ("player_a", "player_b"),
            texts={"player_a": 200},
            names=("player_a", "player_b"),
            duplicate_refused=False,
        ),
        Format(
            "matches",
            _matches,
            ("player_a", "player_b"),
            integers={"games": (1, SMALL)},
            decimals=("tp_a", "tp_b"),
            dates=("date",),
            texts={"event": 200, "round": 16, "player_a": 200, "player_b": 200},
            names=("player_a", "player_b"),
        ),
        Format(
            "ratings",
            _ratings,
            ("player", "rating"),
            integers={"games": (0, INT)},
            decimals=("rating",),
            booleans=("official",),
            texts={"player": 200},
            names=("player",),
        ),
        Format(
            "games",
            _games,
            ("date", "game", "player"),
            integers={"score": (-INT - 1, INT)},
            dates=("date",),
            texts={"game": 64, "player": 200},
            names=("player",),
        ),
        Format(
            "tournament",
            _tournament,
            ("tournament", "date", "player", "place"),
            integers={"place": (1, SMALL), "games_finished": (0, SMALL)},
            dates=("date",),
            texts={"tournament": 200, "player": 200},
            names=("player",),
        ),
        Format(
            "triads",
            _triads,
            ("tournament", "player"),
            integers={"score": (-INT - 1, INT)},
            texts={"player": 200},
            names=("player",),
        ),
    ]
}
