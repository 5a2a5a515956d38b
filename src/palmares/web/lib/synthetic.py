"""A deterministic, realistic synthetic Diplomacy history for the demo and the benchmarks.

Hundreds of players across nations play dozens of events from 2001 to 2010 (clubs of a nation
mostly play at home, a travelling minority abroad); the 2007 World Championship's first five rounds
are played on boards of seven with teams of three (the demo loader seats the top board of round 6
from the engine's standings and files the final classification). Skill is
a hidden number per player, so good players rise in the lists as they should. Same seed, same
files, byte for byte.
"""

from __future__ import annotations

import calendar
import csv
import random
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard, Seat
from palmares.diplomacy.seeding import Entrant, SeedingProblem, board_call

__all__ = ["RESULTS_HEADER", "History", "write_history", "write_wizard_months"]

NATIONS: dict[str, tuple[list[str], list[str]]] = {
    "France": (
        ["Édouard", "Amélie", "François", "Hélène", "Jérôme", "Loïc", "Céline", "Noël"],
        ["Lefèvre", "Mercier", "Dubois", "Garçon", "Rousseau", "Béranger", "Faure", "Lambert"],
    ),
    "United Kingdom": (
        ["Oliver", "Harriet", "Toby", "Imogen", "Rupert", "Fiona", "Gareth", "Sian"],
        ["Hughes", "Ashworth", "Pemberton", "Clarke", "Whitfield", "Boyle", "Norris", "Price"],
    ),
    "United States": (
        ["Jake", "Megan", "Tyler", "Brandon", "Ashley", "Cody", "Dana", "Marcus"],
        ["Walker", "Kowalski", "Nguyen", "Hernandez", "Fitzgerald", "Baker", "Reed", "Lopez"],
    ),
    "Germany": (
        ["Jürgen", "Björn", "Uwe", "Anke", "Sören", "Katrin", "Dörte", "Lukas"],
        ["Müller", "Schäfer", "Groß", "Köhler", "Weiß", "Hoffmann", "Krüger", "Vogel"],
    ),
    "Italy": (
        ["Niccolò", "Giulia", "Matteo", "Chiara", "Lorenzo", "Federica", "Andrea", "Ilaria"],
        ["Rossi", "Bianchi", "Esposito", "Romanò", "Colombo", "Ricci", "Marino", "Greco"],
    ),
    "Belgium": (
        ["Wouter", "Anaïs", "Pieter", "Maëlle", "Jef", "Chloé", "Thijs", "Inès"],
        ["Peeters", "Janssens", "Maes", "Dupont", "Claes", "Goossens", "Wouters", "Lemaître"],
    ),
    "Sweden": (
        ["Åsa", "Lars", "Märta", "Östen", "Johan", "Saga", "Nils", "Linnéa"],
        ["Andersson", "Johansson", "Lindqvist", "Sjöberg", "Ek", "Berg", "Ström", "Åberg"],
    ),
    "Australia": (
        ["Liam", "Chloe", "Mitchell", "Kylie", "Brodie", "Tegan", "Jarrod", "Shannon"],
        ["Smith", "Kelly", "O'Brien", "Taylor", "McDonald", "Wilson", "Campbell", "Ryan"],
    ),
    "Canada": (
        ["Étienne", "Brittany", "Kyle", "Geneviève", "Connor", "Mélanie", "Wade", "Josée"],
        ["Tremblay", "Gagnon", "MacLeod", "Côté", "Bouchard", "Fraser", "Morin", "Pelletier"],
    ),
    "Netherlands": (
        ["Joost", "Femke", "Sander", "Marieke", "Bram", "Lotte", "Ruud", "Anouk"],
        ["de Vries", "van Dijk", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder"],
    ),
}
#: The results.csv columns of the generated files (DESIGN.md, "Event results").
RESULTS_HEADER = (
    "event",
    "date",
    "player",
    "rank",
    "nationality",
    "country",
    "place",
    "rounds",
    "world_championship",
)

CITIES = {
    "France": ["Paris", "Lyon", "Nantes"],
    "United Kingdom": ["London", "Manchester", "Edinburgh"],
    "United States": ["Chicago", "Seattle", "Baltimore"],
    "Germany": ["Berlin", "Hamburg", "München"],
    "Italy": ["Roma", "Milano", "Torino"],
    "Belgium": ["Bruxelles", "Gent", "Liège"],
    "Sweden": ["Stockholm", "Göteborg", "Malmö"],
    "Australia": ["Sydney", "Melbourne", "Canberra"],
    "Canada": ["Montréal", "Toronto", "Vancouver"],
    "Netherlands": ["Amsterdam", "Utrecht", "Leiden"],
}
POWERS = list(GREAT_POWERS)
PER_NATION = 48
WC_SEARCH_MOVES = 3000


@dataclass(frozen=True, slots=True)
class History:
    results: Path
    boards: Path
    teams: Path
    games: Path
    tournament: Path
    nationalities: Path
    folder: Path


@dataclass(frozen=True, slots=True)
class _Person:
    name: str
    nation: str
    skill: float


def _people(rng: random.Random) -> list[_Person]:
    people: list[_Person] = []
    for nation, (firsts, lasts) in NATIONS.items():
        names = [f"{f} {last}" for f in firsts for last in lasts]
        rng.shuffle(names)
        for name in names[:PER_NATION]:
            people.append(_Person(name, nation, rng.gauss(0, 1)))
    return people


def _classify(rng: random.Random, field: list[_Person]) -> list[tuple[_Person, int]]:
    """A final classification: skill plus luck, with the odd tie sharing a rank (1, 2, 2, 4)."""
    perf = sorted(field, key=lambda p: -(p.skill + rng.gauss(0, 1.2)))
    ranked: list[tuple[_Person, int]] = []
    for i, person in enumerate(perf):
        tied = i > 0 and rng.random() < 0.06
        ranked.append((person, ranked[-1][1] if tied else i + 1))
    return ranked


def write_history(folder: Path, seed: int = 2007) -> History:
    """Write ``results.csv``, the WC's rounds 1–5 (``boards.csv``), ``teams.csv`` and its players'
    nationalities, a Wizard month and a Wizard tournament."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    people = _people(rng)
    by_nation: dict[str, list[_Person]] = {}
    for p in people:
        by_nation.setdefault(p.nation, []).append(p)
    results = folder / "synthetic-results.csv"
    with results.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(RESULTS_HEADER)
        for year in range(2001, 2011):
            for nation in NATIONS:
                if rng.random() < 0.45:
                    continue
                city = rng.choice(CITIES[nation])
                day = date(year, 1, 1) + timedelta(days=rng.randrange(20, 340))
                home = rng.sample(by_nation[nation], rng.randrange(14, 36))
                away = rng.sample(people, rng.randrange(0, 12))
                field = list({p.name: p for p in home + away}.values())
                rounds = 1 if rng.random() < 0.15 else rng.choice([3, 4, 5])
                name = f"{city} Open {year}"
                for person, rank in _classify(rng, field):
                    w.writerow(
                        [
                            name,
                            day.isoformat(),
                            person.name,
                            rank,
                            person.nation,
                            nation,
                            city,
                            rounds,
                            "no",
                        ]
                    )
        wc_field = _wc_field(rng, people)
    boards, teams = _write_wc(folder, rng, wc_field)
    nations = folder / "wdc-2007-players.csv"
    with nations.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["player", "nationality"])
        for person in sorted(wc_field, key=lambda p: p.name):
            w.writerow([person.name, person.nation])
    games = _write_wizard(folder, rng)
    tournament = folder / "wizard-2010-03-tournament.csv"
    return History(results, boards, teams, games, tournament, nations, folder)


def _wc_field(rng: random.Random, people: list[_Person]) -> list[_Person]:
    best = sorted(people, key=lambda p: -p.skill)[:140]
    return rng.sample(best, 70)


def _centres(rng: random.Random, seats: list[_Person]) -> list[int]:
    """Supply centres summing to 34 at most, the stronger players holding more."""
    weights = [max(0.05, 1.5 + p.skill + rng.gauss(0, 1.0)) for p in seats]
    total = sum(weights)
    centres = [int(34 * wt / total) for wt in weights]
    centres = [c if c >= 2 else (0 if rng.random() < 0.5 else c) for c in centres]
    return [min(c, 17) for c in centres]


def _wc_teams(field: list[_Person]) -> dict[str, tuple[str, ...]]:
    """Twenty teams of three, team-mates from one nation where the field allows."""
    members = sorted(field, key=lambda p: (p.nation, p.name))
    return {
        f"{members[i].nation} {i // 3 + 1}": tuple(p.name for p in members[i : i + 3])
        for i in range(0, 60, 3)
    }


def _write_wc(folder: Path, rng: random.Random, field: list[_Person]) -> tuple[Path, Path]:
    """Rounds 1–5, each seated by the board-call engine (team-mates apart, repeated opponents
    and powers kept down; seed and move budget fixed, so the files are reproducible)."""
    boards = folder / "wdc-2007-boards.csv"
    teams = folder / "wdc-2007-teams.csv"
    team_list = _wc_teams(field)
    team_of = {name: team for team, names in team_list.items() for name in names}
    person = {p.name: p for p in field}
    history: list[PlayedBoard] = []
    with boards.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(
            [
                "round",
                "board",
                "power",
                "player",
                "centres",
                "eliminated",
                "final_year",
                "draw",
                "top_board",
            ]
        )
        for rnd in range(1, 6):
            problem = SeedingProblem(
                round=rnd,
                entrants=tuple(Entrant(p.name, None, team_of.get(p.name)) for p in field),
                history=tuple(history),
                teams=team_list,
            )
            call = board_call(problem, seed=rnd, moves=WC_SEARCH_MOVES, time_limit=60.0)
            tables: dict[int, list[tuple[str, str]]] = {}
            for seat in call.seats:
                tables.setdefault(seat.board, []).append((seat.power, seat.player))
            for number, seated in sorted(tables.items()):
                centres = _centres(rng, [person[name] for _, name in seated])
                final_year = rng.randrange(1906, 1911)
                played: list[Seat] = []
                for (power, name), c in zip(seated, centres, strict=True):
                    elim = rng.randrange(1903, final_year) if c == 0 else None
                    w.writerow([rnd, number, power, name, c, elim or "", final_year, "", "no"])
                    played.append(Seat(power, name, c, elim))
                history.append(PlayedBoard(rnd, str(number), tuple(played), final_year))
    with teams.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["team", "player"])
        for team, names in team_list.items():
            for name in names:
                w.writerow([team, name])
    return boards, teams


def _write_wizard(folder: Path, rng: random.Random) -> Path:
    games = folder / "wizard-2010-03-games.csv"
    nicks = [
        f"{a}{b}"
        for a in ("zauber", "magier", "hexe", "wizzy", "merlin")
        for b in ("", "42", "_x", "77")
    ]
    with games.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["date", "game", "player", "score"])
        for g in range(1, 121):
            day = date(2010, 3, 1) + timedelta(days=(g * 7) % 31)
            for nick in rng.sample(nicks, rng.choice([3, 4, 5, 6])):
                w.writerow([day.isoformat(), f"G{g:04d}", nick, rng.randrange(-10, 30) * 10])
    tournament = folder / "wizard-2010-03-tournament.csv"
    with tournament.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["tournament", "date", "player", "place", "games_finished"])
        for place, nick in enumerate(rng.sample(nicks, 16), start=1):
            w.writerow(["Spring Cup 2010", "2010-03-20", nick, place, rng.randrange(3, 8)])
    return games


def write_wizard_months(
    path: Path,
    months: list[tuple[int, int]],
    *,
    players: int = 24,
    games: int = 160,
    seed: int = 2010,
) -> Path:
    """A synthetic ``games.csv`` of regular Wizard games: ``games`` games in each of ``months``
    ((year, month)), 3 to 6 of ``players`` players each (about 35 games a player a month, past
    the qualifying 30), scores multiples of 10; deterministic for a ``seed``. Game ids name the
    month, so files of different months never replace each other's games."""
    rng = random.Random(seed)
    nicks = [f"w{i:03d}" for i in range(players)]
    with path.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["date", "game", "player", "score"])
        for year, month in months:
            last = calendar.monthrange(year, month)[1]
            for g in range(games):
                day = date(year, month, 1 + g % last).isoformat()
                for nick in rng.sample(nicks, rng.choice([3, 4, 5, 6])):
                    w.writerow(
                        [day, f"S{year:04d}{month:02d}-{g:04d}", nick, rng.randrange(-10, 30) * 10]
                    )
    return path
