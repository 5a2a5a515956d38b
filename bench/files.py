"""From file to figure (issue 15): the ``dip-pouch`` commands on a realistic results.csv.

    .venv/bin/python bench/files.py                     # 1,000,000 rows, 100,000 players
    .venv/bin/python bench/files.py --rows 100000       # a tenth (players and events too)

Generates a results.csv deterministically (:func:`generate`: one row per player per event, the
columns of ``examples/dip-pouch/history.csv``; 20,000 events of 7 to ~200 players over 1995–2026,
a World Championship a year, ties, one-round events, a few stored coefficients and partial
fields; players of very unequal activity), then in one run times, each in a subprocess of its
own (wall time, processor time of the child, its peak RSS):

- the baseline: the standard library's ``csv.DictReader`` reading every row of the same file;
- ``palmares dip-pouch ranking FILE --format csv``, ``palmares dip-pouch ranking FILE`` (the
  table), ``palmares dip-pouch player FILE NAME`` and ``palmares dip-pouch event FILE EVENT``;

and prints each against the baseline. Targets (issue 15): each command within 1.5× the
baseline's time, peak RSS ≤ 600 MB.

``generate(path, rows, seed)`` is the stable entry point other benchmarks use for the same file.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import unicodedata
from dataclasses import dataclass
from datetime import date
from pathlib import Path

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


def _run(argv: list[str], env: dict[str, str]) -> Timing:
    """Run ``argv`` with its output discarded; wall time, child processor time, peak RSS."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True
    )
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.stderr.write(f"{' '.join(argv[:4])} … exited {proc.returncode}:\n{err[-2000:]}\n")
    return Timing(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode)


BASELINE = (
    "import csv, sys\n"
    "n = 0\n"
    "with open(sys.argv[1], newline='', encoding='utf-8') as f:\n"
    "    for row in csv.DictReader(f):\n"
    "        n += 1\n"
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--file", type=Path, help="write (or reuse, with --reuse) the file here")
    ap.add_argument("--reuse", action="store_true", help="reuse --file if it exists")
    ap.add_argument("--repeat", type=int, default=1, help="runs per command (the best is kept)")
    ap.add_argument("--only", nargs="*", help="only the commands whose label contains one of these")
    args = ap.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="palmares-files-"))
    path = args.file or folder / "results.csv"
    t0 = time.perf_counter()
    facts = path.with_suffix(".json")
    if args.reuse and path.exists() and facts.exists():
        known = json.loads(facts.read_text(encoding="utf-8"))
        gen = Generated(path, **known)
    else:
        gen = generate(path, args.rows, args.seed)
        if args.file is not None:
            kept = {k: getattr(gen, k) for k in ("rows", "players", "events", "player", "event")}
            facts.write_text(json.dumps(kept), encoding="utf-8")
    size = path.stat().st_size / 2**20
    print(
        f"results.csv: {gen.rows:,} rows, {gen.players:,} players, {gen.events:,} events, "
        f"{size:,.0f} MiB ({time.perf_counter() - t0:.1f} s to generate) at {path}"
    )
    palmares = str(Path(sys.executable).with_name("palmares"))
    env = dict(os.environ, COLUMNS="120")
    f = str(path)
    commands: list[tuple[str, list[str]]] = [
        ("csv.DictReader (baseline)", [sys.executable, "-c", BASELINE, f]),
        ("dip-pouch ranking FILE --format csv", [palmares, "dip-pouch", "ranking", f, "-f", "csv"]),
        ("dip-pouch ranking FILE (table)", [palmares, "dip-pouch", "ranking", f]),
        ("dip-pouch player FILE NAME", [palmares, "dip-pouch", "player", f, gen.player]),
        ("dip-pouch event FILE EVENT", [palmares, "dip-pouch", "event", f, gen.event]),
    ]
    if args.only:
        commands = [
            c for c in commands if c[0].startswith("csv") or any(o in c[0] for o in args.only)
        ]
    print(f"player asked: {gen.player!r}; event asked: {gen.event!r}")
    print()
    print(
        "Each command runs right after a baseline run (the machine is shared: its load moves);\n"
        "× baseline is wall / wall and cpu / cpu against that adjacent baseline run."
    )
    print()
    print(
        f"| {'command':<38} | {'wall':>8} | {'cpu':>8} | {'peak RSS':>9} | {'× wall':>7} "
        f"| {'× cpu':>6} |"
    )
    print(f"|{'-' * 40}|{'-' * 10}|{'-' * 10}|{'-' * 11}|{'-' * 9}|{'-' * 8}|")
    baseline = commands[0]
    for label, argv in commands[1:]:
        for _ in range(max(1, args.repeat)):
            base = _run(baseline[1], env)
            t = _run(argv, env)
            failed = "" if t.code == 0 else f" (exit {t.code})"
            for name, run, wall, cpu in (
                (baseline[0], base, 1.0, 1.0),
                (label, t, t.wall / base.wall, t.cpu / base.cpu),
            ):
                print(
                    f"| {name:<38} | {run.wall:>6.2f} s | {run.cpu:>6.2f} s "
                    f"| {run.rss_mb:>6,.0f} MB | {wall:>6.2f}× | {cpu:>5.2f}× |"
                    + (failed if run is t else ""),
                    flush=True,
                )
    print()
    print("targets (issue 15): each dip-pouch command ≤ 1.5× the baseline, peak RSS ≤ 600 MB")
    if args.file is None:
        path.unlink()
        folder.rmdir()


if __name__ == "__main__":
    main()
