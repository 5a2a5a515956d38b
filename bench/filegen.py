"""The files of ``bench/files.py`` other than results.csv (issue 33), each written
deterministically in the format of DESIGN.md:

- :func:`games` — Wizard ``games.csv``: games of 3–6 players among ``players`` of very unequal
  activity, dated one after another over 2010–2020; most by final score (multiples of 10, so
  equal scores tie), one in ten by place only (ties shared), one in twenty with both;
- :func:`tournaments` — Wizard ``tournament.csv``: tournaments of 8–64 of the same players, one a
  month an invitational;
- :func:`boards` — Diplomacy ``boards.csv``: ``rounds`` rounds of boards of the seven powers,
  centres summing to at most 34, eliminations and draws;
- :func:`matches` — Tantrix ``matches.csv``, one row per match or (``per_game``) one per game:
  Swiss events of 16–64 players and 4–8 rounds among ``players``;
- :func:`ratings` — Tantrix ``ratings.csv``: a rating, G and the official flag per player;
- :func:`roster` — ``players.csv`` of the board call: player, boards, team, nationality.

Each returns what a benchmark asks about (a busy player, an event, a month).
"""

from __future__ import annotations

import csv
import random
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

__all__ = ["Written", "boards", "games", "matches", "ratings", "roster", "tournaments"]


def _split(text: str) -> list[str]:
    return text.split()


POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
SYLLABLES = _split(
    "ka ri to me zu la no vi se pa ul dor ian eth mor wen gal fin bar ros tik"
    " an el or us ix ya ko sam lee"
)


@dataclass(frozen=True, slots=True)
class Written:
    """A written file: its rows, a busy player, and one event, tournament or month to ask for."""

    path: Path
    rows: int
    player: str
    event: str = ""
    day: str = ""


def names(rng: random.Random, n: int, prefix: str = "") -> list[str]:
    """``n`` distinct nicknames (distinct once case and spaces are set aside)."""
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < n:
        name = prefix + "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))
        name = name.capitalize() + (str(rng.randint(1, 99)) if rng.random() < 0.3 else "")
        if name.lower() not in seen:
            seen.add(name.lower())
            out.append(name)
    return out


class Picker:
    """Players drawn with very unequal activity (weight 1/(1 + i)^0.7)."""

    def __init__(self, rng: random.Random, n: int) -> None:
        self.rng = rng
        self.n = n
        weights = [1.0 / (1 + i) ** 0.7 for i in range(n)]
        self.cumulative: list[float] = []
        total = 0.0
        for w in weights:
            total += w
            self.cumulative.append(total)
        self.total = total
        self.order = list(range(n))
        rng.shuffle(self.order)

    def one(self) -> int:
        u = self.rng.random() * self.total
        lo, hi = 0, self.n - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if self.cumulative[mid] < u:
                lo = mid + 1
            else:
                hi = mid
        return self.order[lo]

    def some(self, k: int) -> list[int]:
        picked: dict[int, None] = {}
        while len(picked) < k:
            picked.setdefault(self.one(), None)
        return list(picked)


def _ranks(values: list[int], descending: bool = True) -> list[int]:
    """Competition places of ``values`` (1, 2, 2, 4)."""
    ordered = sorted(values, reverse=descending)
    return [ordered.index(v) + 1 for v in values]


FIRST_DAY = date(2010, 1, 1)
LAST_DAY = date(2020, 12, 31)


def games(path: Path, n_games: int = 200_000, n_players: int = 10_000, seed: int = 33) -> Written:
    """Wizard ``games.csv``: ``n_games`` games, dated one after another over 2010–2020."""
    rng = random.Random(seed)
    who = names(rng, n_players)
    pick = Picker(rng, n_players)
    span = (LAST_DAY - FIRST_DAY).days + 1
    rows = 0
    busiest: dict[int, int] = {}
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["date", "game", "player", "score", "place"])
        for g in range(n_games):
            day = (FIRST_DAY + timedelta(days=g * span // n_games)).isoformat()
            seats = pick.some(rng.randint(3, 6))
            scores = [10 * rng.randint(-10, 40) for _ in seats]
            places = _ranks(scores)
            kind = rng.random()
            for p, s, r in zip(seats, scores, places, strict=True):
                if kind < 0.1:  # by place only
                    cells = ["", str(r)]
                elif kind < 0.15:  # both
                    cells = [str(s), str(r)]
                else:
                    cells = [str(s), ""]
                w.writerow([day, f"G{g + 1:07d}", who[p], *cells])
                busiest[p] = busiest.get(p, 0) + 1
            rows += len(seats)
    top = max(busiest, key=lambda p: (busiest[p], -p))
    return Written(path, rows, who[top], day="2015-03")


def tournaments(
    path: Path, n_tournaments: int = 1_000, n_players: int = 10_000, seed: int = 33
) -> Written:
    """Wizard ``tournament.csv``: tournaments among the players of :func:`games` (same seed),
    one a month an invitational of 12."""
    rng = random.Random(seed)
    who = names(rng, n_players)
    pick = Picker(random.Random(seed + 1), n_players)
    span = (LAST_DAY - FIRST_DAY).days + 1
    rows = 0
    months: set[tuple[int, int]] = set()
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["tournament", "date", "player", "place", "games_finished", "invitational"])
        for t in range(n_tournaments):
            day = FIRST_DAY + timedelta(days=t * span // n_tournaments)
            invitational = (day.year, day.month) not in months and day.day > 7
            if invitational:
                months.add((day.year, day.month))
            size = 12 if invitational else rng.randint(8, 64)
            field = pick.some(size)
            finished = [rng.randint(0, 12) for _ in field]
            places = _ranks(finished)
            name = f"{'Masters Invitational' if invitational else 'Open'} {day.isoformat()} #{t}"
            for p, games_finished, place in zip(field, finished, places, strict=True):
                w.writerow(
                    [
                        name,
                        day.isoformat(),
                        who[p],
                        str(place),
                        str(games_finished),
                        "yes" if invitational else "no",
                    ]
                )
            rows += size
    return Written(path, rows, who[0])


def boards(
    path: Path,
    n_boards: int = 140_000,
    n_rounds: int = 100,
    n_players: int = 12_000,
    seed: int = 33,
) -> Written:
    """Diplomacy ``boards.csv``: ``n_boards`` boards over ``n_rounds`` rounds; each round's
    players drawn from ``n_players``, each on one board."""
    rng = random.Random(seed)
    who = names(rng, n_players)
    per_round = n_boards // n_rounds
    rows = 0
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["round", "board", "power", "player", "centres", "eliminated", "draw"])
        for r in range(1, n_rounds + 1):
            seated = rng.sample(range(n_players), 7 * per_round)
            for b in range(per_round):
                seats = seated[7 * b : 7 * b + 7]
                counts = [rng.randint(0, 10) for _ in POWERS]
                while sum(counts) > 34:
                    counts[rng.randrange(7)] //= 2
                drawn = rng.random() < 0.6
                for power, p, c in zip(POWERS, seats, counts, strict=True):
                    eliminated = str(rng.randint(1903, 1909)) if c == 0 else ""
                    draw = "yes" if drawn and c > 0 else ""
                    w.writerow([str(r), str(b + 1), power, who[p], str(c), eliminated, draw])
                rows += 7
    return Written(path, rows, who[seated[0]])


def matches(
    path: Path,
    n_rows: int = 1_000_000,
    n_players: int = 10_000,
    *,
    per_game: bool = False,
    seed: int = 33,
) -> Written:
    """Tantrix ``matches.csv`` of about ``n_rows`` rows: Swiss events of 16–64 players (an even
    number) and 4–8 rounds, one a week from 2000; each match 1–4 games (per match: its TP
    split; per game: each game's tile scores)."""
    rng = random.Random(seed)
    who = names(rng, n_players)
    pick = Picker(rng, n_players)
    rows = 0
    event_no = 0
    asked = ""
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        if per_game:
            w.writerow(["event", "date", "round", "player_a", "player_b", "score_a", "score_b"])
        else:
            w.writerow(["event", "date", "round", "player_a", "player_b", "games", "tp_a", "tp_b"])
        while rows < n_rows:
            day = (date(2000, 1, 1) + timedelta(days=7 * event_no)).isoformat()
            event_no += 1
            event = f"Tantrix Open {day[:4]} #{event_no}"
            field = pick.some(2 * rng.randint(8, 32))
            for rnd in range(1, rng.randint(4, 8) + 1):
                rng.shuffle(field)
                for i in range(0, len(field), 2):
                    a, b = who[field[i]], who[field[i + 1]]
                    n = rng.randint(1, 4)
                    head = [event, day, str(rnd), a, b]
                    if per_game:
                        for _ in range(n):
                            w.writerow([*head, str(rng.randint(0, 60)), str(rng.randint(0, 60))])
                        rows += n
                    else:
                        tp_a = rng.randint(0, 20 * n)
                        w.writerow([*head, str(n), str(tp_a), str(20 * n - tp_a)])
                        rows += 1
            if not asked and rows >= n_rows // 2:
                asked = event
    return Written(path, rows, who[pick.order[0]], event=asked)


def ratings(path: Path, n_players: int = 10_000, seed: int = 33) -> Written:
    """Tantrix ``ratings.csv``: the players of :func:`matches` (same seed and count), each
    with a rating and G; official from 36 G."""
    rng = random.Random(seed)
    who = names(rng, n_players)
    rates = random.Random(seed + 2)
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["player", "rating", "games", "official"])
        for name in who:
            w.writerow([name, str(rates.randint(1200, 2200)), str(rates.randint(0, 400)), ""])
    return Written(path, n_players, who[0])


def roster(path: Path, n_players: int = 1_000_000, seed: int = 33) -> Written:
    """``players.csv`` of the board call: every player once, boards 0–2 or empty, a team for
    one in three, a nationality."""
    rng = random.Random(seed)
    who = names(rng, n_players, prefix="")
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["player", "boards", "team", "nationality"])
        for i, name in enumerate(who):
            boards_ = rng.choice(["", "1", "1", "1", "2", "0"])
            team = f"Team {i // 3}" if rng.random() < 0.33 else ""
            w.writerow([name, boards_, team, rng.choice(["CA", "FR", "DE", "GB", "US", "NZ"])])
    return Written(path, n_players, who[0])
