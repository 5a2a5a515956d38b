"""From file to figure (issues 15 and 33): every command that reads a large file, against the
standard library's csv read of the same file.

    .venv/bin/python bench/files.py                     # 1,000,000-row files
    .venv/bin/python bench/files.py --rows 100000       # a tenth (players and events too)
    .venv/bin/python bench/files.py --folder /tmp/f --reuse --only games: --openskill

Writes its files deterministically: results.csv (:func:`generate`: one row per player per event,
the columns of ``examples/dip-pouch/history.csv``; 20,000 events of 7 to ~200 players over
1995–2026, a World Championship a year, ties, one-round events, a few stored coefficients and
partial fields; players of very unequal activity) and, by ``bench/filegen.py``, a Wizard
games.csv (200,000 games of 3–6 players, ~900,000 rows, 10,000 players, ties; scores, places
or both) with a tournament.csv beside it, a Diplomacy boards.csv (140,000 boards, 100 rounds),
a Tantrix matches.csv per match and one per game (1,000,000 rows, Swiss events) with the
ratings.csv of their players, and, for the readers alone, 1,000,000-row tournament.csv,
ratings.csv and players.csv. Then it times each command in a subprocess of its own (wall time,
processor time of the child, its peak RSS), each right after a baseline run — the standard
library's ``csv.DictReader`` reading every row of the same file — and prints it against it:

- the ``dip-pouch`` commands and ``ratings skill``/``backtest`` on results.csv;
- each reader alone (``read_games``, ``read_boards_csv``, ``read_matches_csv`` …);
- ``ratings skill`` and ``ratings backtest`` of each kind; ``wizard month``, ``ledger`` and
  ``tournament --games``; ``diplomacy standings``; ``tantrix performance`` and ``update`` of one
  event of the matches file; ``palmares import games|boards|matches`` into a fresh SQLite
  database (migrated first, not counted);
- with ``--openskill``, openskill.py's own loop over the games (its csv read and layout not
  counted) against the whole ``ratings skill`` command, and the largest difference between
  their ratings;
- with ``--before COMMIT``, each command also run by the code of an earlier commit (its ``src``
  taken by ``git archive`` into the run's folder and put first on the child's ``PYTHONPATH``;
  the compiled extensions copied from this checkout, which needs that commit's C sources to be
  this checkout's), right before this checkout's run: before and after in the same run, and
  after / before.

Targets: the dip-pouch commands within 1.5× the baseline (issue 15); every other command within
2×, the imports within 12×, ``ratings skill`` ≥ 20× openskill.py's loop, peak RSS ≤ 600 MB
(issue 33).

``generate(path, rows, seed)`` is the stable entry point other benchmarks use for the same file.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

__all__ = ["Generated", "generate"]

HEADER = [
    "event_id",
    "event",
    "date",
    "country",
    "place",
    "rounds",
    "players",
    "world_championship",
    "coefficient",
    "player_id",
    "player",
    "nationality",
    "rank",
]


def _words(text: str) -> list[str]:
    return text.split()


FIRST = _words(
    "Anne Bill Chloé Dan Edi Fay Gus Hal Ida Jon Kai Léa Mo Ned Ola Pia Quin Ray Sam Tom Uma "
    "Vic Wes Xavier Yann Zoé Alice Bruno Carla Dieter Elena Frank Greta Hugo Ines José Karin "
    "Lars Marta Nils Olga Paolo Rosa Sven Tanja Ugo Vera Walt Yusuf Zeno Amir Björn Cem Dara "
    "Emre Flora Gaël Hana Igor Jana Kenji Lin Malik Nora Omar Petra Rui Sofia Timo Ulla"
)
SYLLABLES = _words(
    "ba be bi bo bu da de di do du ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu "
    "ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zi zo zu an en in on "
    "ar er ir or ber dorf sen son ski ez ova ich ard ley wood ton field mann berg ström gård"
)
#: Host country and city of the events.
HOSTS = [
    ("Canada", "Halifax"),
    ("Canada", "Toronto"),
    ("France", "Paris"),
    ("France", "Lyon"),
    ("Germany", "Berlin"),
    ("United Kingdom", "Leeds"),
    ("Italy", "Rome"),
    ("Belgium", "Ghent"),
    ("Netherlands", "Utrecht"),
    ("Sweden", "Malmö"),
    ("Norway", "Oslo"),
    ("Denmark", "Aarhus"),
    ("Finland", "Turku"),
    ("Australia", "Sydney"),
    ("New Zealand", "Auckland"),
    ("Ireland", "Cork"),
    ("Spain", "Madrid"),
    ("Portugal", "Porto"),
    ("Poland", "Kraków"),
    ("Austria", "Graz"),
    ("Switzerland", "Basel"),
    ("Brazil", "Recife"),
    ("Argentina", "Rosario"),
    ("Japan", "Kyoto"),
    ("Greece", "Patras"),
    ("United States", "Chicago"),
]
NATIONALITIES = _words(
    "CA US FR DE GB IT BE NL SE NO DK FI AU NZ IE ES PT PL AT CH BR AR JP RU GR MX CZ HU IL TR"
)
FIRST_DAY = date(1995, 1, 1).toordinal()
LAST_DAY = date(2026, 6, 30).toordinal()


@dataclass(frozen=True, slots=True)
class Generated:
    """What :func:`generate` wrote: sizes, and a busy player and a large event to ask about."""

    path: Path
    rows: int
    players: int
    events: int
    player: str
    event: str


def _key(name: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def _names(rng: random.Random, n: int) -> list[str]:
    """``n`` distinct player names, distinct also once case and accents are set aside."""
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < n:
        last = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
        name = f"{rng.choice(FIRST)} {last}"
        k = _key(name)
        if k not in seen:
            seen.add(k)
            out.append(name)
    return out


def generate(path: Path | str, rows: int = 1_000_000, seed: int = 15) -> Generated:
    """Write a valid results.csv of about ``rows`` rows (rows/10 players, rows/50 events)."""
    path = Path(path)
    rng = random.Random(seed)
    n_players = max(20, rows // 10)
    n_events = max(4, rows // 50)
    names = _names(rng, n_players)
    nat = [rng.choice(NATIONALITIES) for _ in range(n_players)]
    # Activity: a few players play hundreds of events, most a handful.
    weight = [1.0 / (1 + i) ** 0.6 for i in range(n_players)]
    order = list(range(n_players))
    rng.shuffle(order)
    cumulative: list[float] = []
    total = 0.0
    for w in weight:
        total += w
        cumulative.append(total)
    sizes = [max(7, int(rng.lognormvariate(3.6, 0.55))) for _ in range(n_events)]
    scale = rows / sum(sizes)
    sizes = [max(7, min(n_players, round(s * scale))) for s in sizes]
    days = sorted(rng.randint(FIRST_DAY, LAST_DAY) for _ in range(n_events))
    wc_years: set[int] = set()
    out_rows = 0
    busiest: dict[int, int] = {}
    largest = (0, "")
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(HEADER)
        for e in range(n_events):
            day = date.fromordinal(days[e])
            size = sizes[e]
            wc = day.year not in wc_years and rng.random() < 0.05
            if wc:
                wc_years.add(day.year)
                size = max(size, 70)
            picked: dict[int, None] = {}
            while len(picked) < size:
                u = rng.random() * total
                lo, hi = 0, n_players - 1
                while lo < hi:  # the player whose cumulative weight passes u
                    mid = (lo + hi) // 2
                    if cumulative[mid] < u:
                        lo = mid + 1
                    else:
                        hi = mid
                picked.setdefault(order[lo], None)
            field = list(picked)
            rng.shuffle(field)
            country, city = rng.choice(HOSTS)
            title = "World Diplomacy Championship" if wc else f"{city} Open"
            event = f"{title} {day.year} #{e + 1}"
            rounds = "1" if rng.random() < 0.2 else rng.choice(["", "3", "4", "5", "7"])
            explicit = rng.random() < 0.03
            players = str(size + rng.randint(1, 20)) if explicit else ""
            coefficient = f"{rng.uniform(5, 25):.2f}" if rng.random() < 0.01 else ""
            if size > largest[0]:
                largest = (size, event)
            rank = 1
            for i, p in enumerate(field):
                if i > 0 and rng.random() >= 0.04:
                    rank = i + 1
                nationality = nat[p] if rng.random() < 0.97 else ""
                w.writerow(
                    [
                        str(e + 1),
                        event,
                        day.isoformat(),
                        country,
                        city,
                        rounds,
                        players,
                        "yes" if wc else "no",
                        coefficient,
                        f"P{p + 1:06d}",
                        names[p],
                        nationality,
                        str(rank),
                    ]
                )
                busiest[p] = busiest.get(p, 0) + 1
            out_rows += len(field)
    top = max(busiest, key=lambda p: (busiest[p], -p))
    return Generated(path, out_rows, len(busiest), n_events, names[top], largest[1])


@dataclass(frozen=True, slots=True)
class Timing:
    wall: float
    cpu: float
    rss_mb: float
    code: int


def _run(
    argv: list[str], env: dict[str, str], out: Path | None = None, timeout: float | None = None
) -> Timing:
    """Run ``argv`` with its output discarded (or written to ``out``); wall time, child
    processor time, peak RSS. Past ``timeout`` seconds the child is killed (exit −9)."""
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as err, out.open("wb") if out else open(os.devnull, "wb") as o:
        proc = subprocess.Popen(argv, stdout=o, stderr=err, env=env)
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if timeout is not None and time.perf_counter() - t0 > timeout:
                proc.kill()
            time.sleep(0.02)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, -9):
            err.seek(0)
            text = err.read().decode("utf-8", "replace")
            sys.stderr.write(f"{' '.join(argv[:4])} … exited {proc.returncode}:\n{text[-2000:]}\n")
    return Timing(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode)


BASELINE = (
    "import csv, sys\n"
    "n = 0\n"
    "with open(sys.argv[1], newline='', encoding='utf-8') as f:\n"
    "    for row in csv.DictReader(f):\n"
    "        n += 1\n"
)

#: openskill.py's own loop over the games of a games.csv: the file read and the games laid out
#: first (not counted), then ``PlackettLuce.rate`` game by game (counted); its ratings and times
#: written as JSON to ``argv[2]``.
OPENSKILL = """
import csv, json, sys, time
from openskill.models import PlackettLuce
games = {}
with open(sys.argv[1], newline="", encoding="utf-8") as f:
    for row in csv.DictReader(f):
        games.setdefault(row["game"], []).append(row)
def places(rows):
    if all(r["score"] for r in rows):
        s = [int(r["score"]) for r in rows]
        return [1 + sum(x > v for x in s) for v in s]
    p = [int(r["place"]) for r in rows]
    return [1 + sum(x < v for x in p) for v in p]
laid = [([r["player"] for r in rows], places(rows)) for rows in games.values()]
model = PlackettLuce()
ratings = {p: model.rating() for who, _ in laid for p in who}
cpu, wall = time.process_time(), time.perf_counter()
for who, ranks in laid:
    after = model.rate([[ratings[p]] for p in who], ranks=ranks)
    for p, (r,) in zip(who, after):
        ratings[p] = r
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
out = {"cpu": cpu, "wall": wall, "games": len(laid)}
out["ratings"] = {p: [r.mu, r.sigma] for p, r in ratings.items()}
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(out, f)
"""

MIGRATE = (
    "from palmares.web.lib.setup import setup_django\n"
    "setup_django(debug_if_unset=True)\n"
    "from palmares.web.lib.schema import migrate\n"
    "migrate()\n"
)


@dataclass(frozen=True, slots=True)
class Command:
    """One timed command: its label, the file its baseline reads, its argv; ``database``: run
    on a fresh SQLite database, migrated before (not counted)."""

    label: str
    file: str
    argv: list[str]
    database: bool = False
    out: str | None = None


def _reader(module: str, function: str, path: str, *args: str) -> list[str]:
    """A reader alone on its file (``python -c``)."""
    call = f"{function}(sys.argv[1]{''.join(', ' + a for a in args)})"
    return [sys.executable, "-c", f"import sys\nfrom {module} import {function}\n{call}", path]


def _files(folder: Path, rows: int, reuse: bool) -> dict[str, Any]:
    """Every file of the run, written (or, with ``reuse``, found) in ``folder``; their facts.

    Written by a process of its own: a child forked from a large parent starts with the
    parent's peak RSS (Linux keeps ``ru_maxrss`` across ``exec``), which the timings would
    report as the commands'."""
    facts_path = folder / "facts.json"
    if not (reuse and facts_path.exists()):
        write = [sys.executable, __file__, "--write", str(folder), "--rows", str(rows)]
        subprocess.run(write, check=True)
    return dict(json.loads(facts_path.read_text(encoding="utf-8")))


def _write_files(folder: Path, rows: int) -> None:
    """:func:`_files`' writing, in the process ``--write`` starts."""
    import filegen

    facts_path = folder / "facts.json"
    scale = rows / 1_000_000
    facts: dict[str, Any] = {}
    t0 = time.perf_counter()
    gen = generate(folder / "results.csv", rows)
    facts["results"] = {"rows": gen.rows, "player": gen.player, "event": gen.event}
    people = max(60, round(10_000 * min(1.0, 5 * scale)))
    made = [
        ("games", filegen.games(folder / "games.csv", round(200_000 * scale), people)),
        (
            "tournament",
            filegen.tournaments(folder / "tournament.csv", max(20, round(1000 * scale)), people),
        ),
        (
            "tournament-big",
            filegen.tournaments(folder / "tournament-big.csv", round(28_000 * scale), people),
        ),
        (
            "boards",
            filegen.boards(folder / "boards.csv", round(140_000 * scale), 100, round(people * 1.2)),
        ),
        ("matches", filegen.matches(folder / "matches.csv", rows, people)),
        (
            "matches-games",
            filegen.matches(folder / "matches-games.csv", rows, people, per_game=True),
        ),
        ("ratings", filegen.ratings(folder / "ratings.csv", people)),
        ("ratings-big", filegen.ratings(folder / "ratings-big.csv", rows)),
        ("players", filegen.roster(folder / "players.csv", rows)),
    ]
    for key, w in made:
        facts[key] = {"rows": w.rows, "player": w.player, "event": w.event, "day": w.day}
    facts["seconds"] = time.perf_counter() - t0
    facts_path.write_text(json.dumps(facts), encoding="utf-8")


def _commands(folder: Path, facts: dict[str, Any]) -> list[Command]:
    palmares = str(Path(sys.executable).with_name("palmares"))
    f = {k: str(folder / f"{k}.csv") for k in facts if k != "seconds"}
    res, games, boards = f["results"], f["games"], f["boards"]
    matches, per_game, ratings = f["matches"], f["matches-games"], f["ratings"]
    event = facts["matches"]["event"]
    event_g = facts["matches-games"]["event"]
    csv_ = ["-f", "csv"]
    skill = [palmares, "ratings", "skill"]
    back = [palmares, "ratings", "backtest"]
    out = [
        Command(
            "dip-pouch ranking FILE --format csv",
            res,
            [palmares, "dip-pouch", "ranking", res, *csv_],
        ),
        Command("dip-pouch ranking FILE (table)", res, [palmares, "dip-pouch", "ranking", res]),
        Command(
            "dip-pouch player FILE NAME",
            res,
            [palmares, "dip-pouch", "player", res, facts["results"]["player"]],
        ),
        Command(
            "dip-pouch event FILE EVENT",
            res,
            [palmares, "dip-pouch", "event", res, facts["results"]["event"]],
        ),
        Command("results: ratings skill", res, [*skill, res, "-k", "results", *csv_]),
        Command("results: ratings backtest", res, [*back, res, "-k", "results", *csv_]),
        Command("games: read_games", games, _reader("palmares.io.wizard", "read_games", games)),
        Command(
            "games: ratings skill (plackett-luce)",
            games,
            [*skill, games, "-k", "games", "-m", "plackett-luce", *csv_],
            out="skill-games.csv",
        ),
        Command("games: ratings backtest", games, [*back, games, "-k", "games", *csv_]),
        Command(
            "games: wizard month",
            games,
            [palmares, "wizard", "month", games, "--month", facts["games"]["day"], *csv_],
        ),
        Command(
            "games: wizard ledger",
            games,
            [palmares, "wizard", "ledger", games, f["tournament"], facts["games"]["player"], *csv_],
        ),
        Command(
            "games: wizard tournament --games",
            games,
            [palmares, "wizard", "tournament", f["tournament"], "--games", games, *csv_],
        ),
        Command("games: import games", games, [palmares, "import", "games", games], database=True),
        Command(
            "tournament.csv: read_tournaments",
            f["tournament-big"],
            _reader("palmares.io.wizard", "read_tournaments", f["tournament-big"]),
        ),
        Command(
            "boards: read_boards_csv",
            boards,
            _reader("palmares.io.boards", "read_boards_csv", boards),
        ),
        Command(
            "boards: diplomacy standings",
            boards,
            [palmares, "diplomacy", "standings", boards, *csv_],
        ),
        Command("boards: ratings skill", boards, [*skill, boards, "-k", "boards", *csv_]),
        Command("boards: ratings backtest", boards, [*back, boards, "-k", "boards", *csv_]),
        Command(
            "boards: import boards",
            boards,
            [palmares, "import", "boards", boards, "--event", "Archive", "--date", "2020-01-01"],
            database=True,
        ),
        Command(
            "matches: read_matches_csv",
            matches,
            _reader("palmares.io.tantrix", "read_matches_csv", matches),
        ),
        Command(
            "matches: tantrix performance --event",
            matches,
            [
                palmares,
                "tantrix",
                "performance",
                matches,
                "--ratings",
                ratings,
                "--event",
                event,
                *csv_,
            ],
        ),
        Command(
            "matches: tantrix update --event",
            matches,
            [palmares, "tantrix", "update", matches, "--ratings", ratings, "--event", event],
        ),
        Command("matches: ratings skill", matches, [*skill, matches, "-k", "matches", *csv_]),
        Command("matches: ratings backtest", matches, [*back, matches, "-k", "matches", *csv_]),
        Command(
            "matches: import matches",
            matches,
            [palmares, "import", "matches", matches],
            database=True,
        ),
        Command(
            "per game: read_matches_csv",
            per_game,
            _reader("palmares.io.tantrix", "read_matches_csv", per_game),
        ),
        Command(
            "per game: tantrix performance --event",
            per_game,
            [
                palmares,
                "tantrix",
                "performance",
                per_game,
                "--ratings",
                ratings,
                "--event",
                event_g,
                *csv_,
            ],
        ),
        Command("per game: ratings skill", per_game, [*skill, per_game, "-k", "matches", *csv_]),
        Command(
            "ratings.csv: read_ratings_csv",
            f["ratings-big"],
            _reader("palmares.io.tantrix", "read_ratings_csv", f["ratings-big"]),
        ),
        Command(
            "players.csv: read_roster",
            f["players"],
            _reader("palmares.io.seeding", "read_roster", f["players"]),
        ),
    ]
    return out


def _before(folder: Path, commit: str) -> dict[str, str]:
    """The environment that runs the code of ``commit`` (see the module docstring)."""
    root = Path(__file__).resolve().parent.parent
    git = ["git", "-C", str(root)]
    sha = subprocess.run(
        [*git, "rev-parse", "--short", commit], check=True, capture_output=True, text=True
    ).stdout.strip()
    same_c = subprocess.run([*git, "diff", "--quiet", sha, "--", "*.c", "*.h"], check=False)
    if same_c.returncode != 0:
        sys.exit(f"--before {commit}: its C sources differ from this checkout's; build it apart")
    target = folder / f"before-{sha}"
    if not (target / "src").is_dir():
        target.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run([*git, "archive", sha, "src"], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
        for built in (root / "src").rglob("*.so"):
            shutil.copy2(built, target / built.relative_to(root))
    return {"PYTHONPATH": str(target / "src"), "label": sha}


def _openskill(folder: Path, games: str, env: dict[str, str], timeout: float | None) -> None:
    """openskill.py's bare loop on the games file, against ``ratings skill`` of the same file
    (its csv written by the run before): speed and the largest difference in μ and σ."""
    ours_path = folder / "skill-games.csv"
    if not ours_path.exists():
        print("openskill.py: run the games' ratings skill first (--only 'games: ratings skill')")
        return
    report = folder / "openskill.json"
    t = _run([sys.executable, "-c", OPENSKILL, games, str(report)], env, timeout=timeout)
    if t.code != 0:
        print(f"openskill.py: exited {t.code}")
        return
    theirs = json.loads(report.read_text(encoding="utf-8"))
    with ours_path.open(newline="", encoding="utf-8") as f:
        ours = {r["player"]: (float(r["mu"]), float(r["sigma"])) for r in csv.DictReader(f)}
    d_mu = max(abs(ours[p][0] - mu) for p, (mu, _) in theirs["ratings"].items())
    d_sigma = max(abs(ours[p][1] - s) for p, (_, s) in theirs["ratings"].items())
    print(
        f"openskill.py PlackettLuce, its bare loop over the {theirs['games']:,} games: "
        f"{theirs['wall']:.2f} s wall, {theirs['cpu']:.2f} s cpu; against ours: "
        f"max |Δμ| = {d_mu:.3g}, max |Δσ| = {d_sigma:.3g} ({len(ours):,} players)"
    )
    LAST["openskill"] = (theirs["wall"], theirs["cpu"])


#: The last timing of each label, for the summary lines.
LAST: dict[str, tuple[float, float]] = {}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--folder", type=Path, help="write (or reuse, with --reuse) the files here")
    ap.add_argument("--reuse", action="store_true", help="reuse the files of --folder")
    ap.add_argument("--repeat", type=int, default=1, help="runs per command")
    ap.add_argument("--only", nargs="*", help="only the commands whose label contains one of these")
    ap.add_argument("--timeout", type=float, help="kill a command after this many seconds")
    ap.add_argument("--openskill", action="store_true", help="time openskill.py's loop too")
    ap.add_argument("--before", metavar="COMMIT", help="run each command by COMMIT's code too")
    ap.add_argument("--write", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    if args.write is not None:
        _write_files(args.write, args.rows)
        return
    folder = args.folder or Path(tempfile.mkdtemp(prefix="palmares-files-"))
    folder.mkdir(parents=True, exist_ok=True)
    facts = _files(folder, args.rows, args.reuse)
    for key, fact in facts.items():
        if key != "seconds":
            size = (folder / f"{key}.csv").stat().st_size / 2**20
            print(f"{key + '.csv':<22} {fact['rows']:>10,} rows {size:>6,.0f} MiB")
    print(f"(written in {facts['seconds']:.0f} s, at {folder})")
    env = dict(os.environ, COLUMNS="120")
    before = _before(folder, args.before) if args.before else None
    commands = _commands(folder, facts)
    timeout = args.timeout
    if args.only:
        commands = [c for c in commands if any(o in c.label for o in args.only)]
    print()
    print(
        "Each command runs right after a baseline run, csv.DictReader reading the same file (the\n"
        "machine is shared: its load moves); × is wall / wall and cpu / cpu against that run."
    )
    print()
    print(
        f"| {'command':<42} | {'wall':>8} | {'cpu':>8} | {'peak RSS':>9} | {'× wall':>7} "
        f"| {'× cpu':>6} |"
    )
    print(f"|{'-' * 44}|{'-' * 10}|{'-' * 10}|{'-' * 11}|{'-' * 9}|{'-' * 8}|")
    for c in commands:
        for _ in range(max(1, args.repeat)):
            base = _run([sys.executable, "-c", BASELINE, c.file], env)
            db = folder / "import.sqlite3"
            run_env = dict(env, PALMARES_DB=str(db)) if c.database else env
            lines = [("  csv.DictReader (baseline)", base)]
            if before is not None:
                early = dict(run_env, PYTHONPATH=before["PYTHONPATH"])
                if c.database:  # a fresh database, migrated by the earlier code
                    db.unlink(missing_ok=True)
                    _run([sys.executable, "-c", MIGRATE], early)
                was = _run(c.argv, early, timeout=timeout)
                lines.append((f"  before ({before['label']})", was))
            if c.database:
                db.unlink(missing_ok=True)
                _run([sys.executable, "-c", MIGRATE], run_env)
            out = folder / c.out if c.out else None
            t = _run(c.argv, run_env, out=out, timeout=timeout)
            LAST[c.label] = (t.wall, t.cpu)
            lines.append((c.label, t))
            for name, run in lines:
                failed = {0: "", -9: " (killed: timeout)"}.get(run.code, f" (exit {run.code})")
                print(
                    f"| {name:<42} | {run.wall:>6.2f} s | {run.cpu:>6.2f} s "
                    f"| {run.rss_mb:>6,.0f} MB | {run.wall / base.wall:>6.2f}× "
                    f"| {run.cpu / base.cpu:>5.2f}× |{failed}",
                    flush=True,
                )
            if before is not None:
                was = lines[1][1]
                print(
                    f"|   after / before {'':<25} | {t.wall / was.wall:>6.2f}× "
                    f"| {t.cpu / was.cpu:>6.2f}× | {t.rss_mb / max(was.rss_mb, 1):>8.2f}× "
                    f"| {'':>7} | {'':>6} |",
                    flush=True,
                )
    if args.openskill:
        print()
        _openskill(folder, str(folder / "games.csv"), env, args.timeout)
        ours = LAST.get("games: ratings skill (plackett-luce)")
        if ours and "openskill" in LAST:
            wall, cpu = LAST["openskill"]
            print(
                f"ratings skill, whole command (file read counted) against openskill.py's bare "
                f"loop: {wall / ours[0]:.1f}× wall, {cpu / ours[1]:.1f}× cpu (target ≥ 20×)"
            )
    print()
    print(
        "targets: dip-pouch commands ≤ 1.5× (issue 15); every other command ≤ 2×, imports ≤ 12×,"
        "\npeak RSS ≤ 600 MB (issue 33)"
    )
    if args.folder is None:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
