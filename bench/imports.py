"""Benchmark of ``palmares import results`` on a large results.csv (issue 15, the database side).

    .venv/bin/python bench/imports.py                # 1,000,000 rows, 100,000 players, 20,000 ev.
    .venv/bin/python bench/imports.py --rows 100000  # the same shape, scaled down
    .venv/bin/python bench/imports.py --no-postgres  # SQLite only

Generates a deterministic results.csv (seed 2004; the WDD's columns: event_id, event, date,
country, rounds, players, player_id, player, nationality, rank; 5 % ties; one event of exactly 60
players on the last day), then in one run times:

- the baseline: the stdlib's ``csv.DictReader`` reading the same file;
- ``palmares import results FILE`` into a fresh SQLite file and a fresh PostgreSQL database
  (``--postgres-url``; dropped and created again), each in a process of its own: wall time,
  processor time and peak RSS of that process;
- re-importing the 60-player event with its first two ranks swapped (a correction), in a process
  of its own: the import service's own time (the write and the update of the histories and lists)
  and the whole command's wall time (start-up included);
- the same correction through the site: ``palmares serve`` and the file POSTed to
  ``/api/imports/results`` by a ratings officer's token, eight times (as first imported and
  corrected in turn), each request timed, the player's history and page checked after each
  (``imports_site.py``; ``--no-site`` skips it);
- a check that the stored Permanent list is the one the engine computes from the file (rank,
  national rank, player, events, rating to 1e-9), before and after the re-import.

Targets (issue 15): ≤ 30 s into SQLite, ≤ 20 s into PostgreSQL, peak RSS ≤ 1 GB, the re-import
≤ 1 s.
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from urllib.parse import urlparse

import numpy as np

FIRST_DAY = date(1995, 1, 1).toordinal()
LAST_DAY = date(2026, 6, 30).toordinal()
HEADER = [
    "event_id",
    "event",
    "date",
    "country",
    "rounds",
    "players",
    "player_id",
    "player",
    "nationality",
    "rank",
]
FIRST = [
    "Anne",
    "Bill",
    "Chloé",
    "Dan",
    "Eve",
    "Frank",
    "Greta",
    "Hugo",
    "Ines",
    "Jack",
    "Karin",
    "Liam",
    "Mona",
    "Nils",
    "Olga",
    "Paul",
    "Quinn",
    "Rosa",
    "Sven",
    "Tara",
    "Ugo",
    "Vera",
    "Walt",
    "Xenia",
    "Yann",
    "Zoé",
    "Ahmed",
    "Björn",
    "Carmen",
    "Dmitri",
    "Elif",
    "Fatima",
    "Giorgos",
    "Hana",
    "Igor",
    "Jorge",
    "Kenji",
    "Lucía",
    "Mehmet",
    "Noor",
    "Oskar",
    "Priya",
    "Raúl",
    "Sakura",
    "Tomás",
    "Ulla",
    "Viktor",
    "Wen",
    "Yusuf",
    "Zofia",
]
SYLLABLES = [
    "ber",
    "dan",
    "fel",
    "gor",
    "han",
    "ker",
    "lun",
    "mar",
    "nor",
    "pet",
    "ros",
    "sal",
    "tor",
    "van",
    "wes",
    "zel",
]
NATIONS = [
    "AU",
    "BE",
    "CA",
    "DE",
    "DK",
    "ES",
    "FI",
    "FR",
    "GB",
    "GR",
    "IE",
    "IT",
    "JP",
    "NL",
    "NO",
    "NZ",
    "PL",
    "PT",
    "SE",
    "US",
]
COUNTRIES = [
    "Australia",
    "Belgium",
    "Canada",
    "Germany",
    "Denmark",
    "Spain",
    "Finland",
    "France",
    "United Kingdom",
    "Greece",
    "Ireland",
    "Italy",
    "Japan",
    "Netherlands",
    "Norway",
    "New Zealand",
    "Poland",
    "Portugal",
    "Sweden",
    "United States",
]
STRIDES = np.array([p for p in range(7, 10000) if all(p % q for q in range(2, int(p**0.5) + 1))])
EVENT_OF_60 = 60


def surname(i: int) -> str:
    """A deterministic surname for ``i`` (three syllables of sixteen: 4,096, then numbered)."""
    a, b, c = i % 16, (i // 16) % 16, (i // 256) % 16
    base = (SYLLABLES[a] + SYLLABLES[b] + SYLLABLES[c]).capitalize()
    return base if i < 4096 else f"{base}-{SYLLABLES[(i // 4096) % 16].capitalize()}"


def player_names(n: int) -> list[str]:
    """``n`` distinct names (first name and surname)."""
    return [f"{FIRST[i % len(FIRST)]} {surname(i // len(FIRST))}" for i in range(n)]


def generate(path: Path, rows: int, players: int, events: int, seed: int = 2004) -> None:
    """Write a results.csv of about ``rows`` rows (exactly ``rows`` when the sizes allow)."""
    rng = np.random.default_rng(seed)
    mean = rows // events
    sizes = rng.integers(max(7, mean // 4), mean * 7 // 4 + 1, events)
    sizes += (rows - sizes.sum()) // events
    sizes[: max(0, rows - int(sizes.sum()))] += 1
    sizes = np.clip(sizes, 2, players)
    sizes[-1] = EVENT_OF_60
    diff = rows - int(sizes.sum())  # exactly ``rows``: the first events take up the difference
    step = 1 if diff > 0 else -1
    i = 0
    while diff and i < events - 1:
        if 2 < sizes[i] + step <= players:
            sizes[i] += step
            diff -= step
        i = (i + 1) % (events - 1)
    days = np.sort(rng.integers(FIRST_DAY, LAST_DAY + 1, events))
    days[-1] = LAST_DAY
    strides = STRIDES[(STRIDES % 2 != 0) & (STRIDES % 5 != 0) & (players % STRIDES != 0)]
    start = rng.integers(0, players, events)
    stride = rng.choice(strides, events)
    one_round = rng.random(events) < 0.2
    host = rng.integers(0, len(COUNTRIES), events)
    nation = rng.integers(0, len(NATIONS), players)
    names = player_names(players)
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(HEADER)
        for e in range(events):
            n = int(sizes[e])
            j = np.arange(n, dtype=np.int64)
            who = (start[e] + j * stride[e]) % players
            tie = (rng.random(n) < 0.05) & (j > 0)
            rank = np.maximum.accumulate(np.where(tie, 0, j)) + 1
            day = date.fromordinal(int(days[e])).isoformat()
            country = COUNTRIES[int(host[e])]
            name = f"{country} Open {day[:4]} #{e + 1}"
            rounds = "1" if one_round[e] else "3"
            for p, r in zip(who.tolist(), rank.tolist(), strict=True):
                writer.writerow(
                    [e + 1, name, day, country, rounds, n, p + 1, names[p], NATIONS[nation[p]], r]
                )


def correction(source: Path, target: Path, original: Path | None = None) -> int:
    """The file's last event (60 players) with its first two ranks swapped; its row count.
    ``original``: that event as the file has it, written there too."""
    with source.open(encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader)
        last: list[list[str]] = []
        for row in reader:
            if last and row[0] != last[-1][0]:
                last = []
            last.append(row)
    rank = header.index("rank")
    if original is not None:
        with original.open("w", newline="", encoding="utf-8") as out:
            csv.writer(out).writerows([header, *last])
    # Rows are in rank order: the first two ranks change places (ties stay as they are).
    first, second = last[0][rank], last[1][rank]
    if first != second:
        last[0][rank], last[1][rank] = second, first
    with target.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        writer.writerows(last)
    return len(last)


def baseline(path: Path) -> tuple[float, float, int]:
    t0, c0 = time.perf_counter(), time.process_time()
    with path.open(newline="", encoding="utf-8") as f:
        count = sum(1 for _ in csv.DictReader(f))
    return time.perf_counter() - t0, time.process_time() - c0, count


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, float, str]:
    """Run a process: (wall s, processor s, its own peak RSS MB, stdout); exit on failure."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            sys.exit(f"{' '.join(argv)} failed ({proc.returncode}):\n{err.read().decode()}")
        text = out.read().decode()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, text


IMPORT = """
import sys, time
from palmares.io import results
def timing(read):
    def timed(path):
        cpu, wall = time.process_time(), time.perf_counter()
        out = read(path)
        print(f"READ {time.process_time() - cpu:.2f} {time.perf_counter() - wall:.2f}")
        return out
    return timed
# (the import reads the file as columns; both readers timed, whichever it calls)
results.read_results = timing(results.read_results)
results.read_result_columns = timing(results.read_result_columns)
from palmares.cli.main import main
code = main(["import", "results", sys.argv[1]])
print(f"REST {time.process_time():.2f}")
sys.exit(code)
"""

REIMPORT = """
import json, sys, time
from palmares.web.lib.setup import setup_django
setup_django(debug_if_unset=True)
from palmares.web.lib.schema import migrate
migrate()
from palmares.web.events.services import import_results
t0 = time.perf_counter()
summary = import_results(sys.argv[1])
print(json.dumps({"service": time.perf_counter() - t0, "replaced": summary.replaced}))
"""

CHECK = """
import json, sys
from datetime import date
from palmares.web.lib.setup import setup_django
setup_django(debug_if_unset=True)
from palmares.io.results import read_results
from palmares.ratings.history import replay
from palmares.web.ratinglists.models import Standing
results = read_results(sys.argv[1])
if len(sys.argv) > 2:
    from dataclasses import replace
    fix = read_results(sys.argv[2]).events[0]
    events = [fix if e.key == fix.key else e for e in results.events]
    results = type(results).of(events, results.players)
listed = replay(results).ranking(as_of=date.max)
stored = {
    s.player.external_id: s
    for s in Standing.objects.filter(system="dip-pouch", year=0).select_related("player")
}
bad = 0
for e in listed.entries:
    s = stored.get(e.player)
    same = s is not None and (s.rank, s.national_rank, s.events, s.nationality) == (
        e.rank, e.national_rank, e.events, e.nationality or ""
    ) and abs(float(s.rating) - float(e.rating)) < 1e-9
    bad += not same
print(json.dumps({"listed": len(listed.entries), "stored": len(stored), "different": bad}))
"""


def postgres_cpu() -> float:
    """Processor seconds of every PostgreSQL process so far, the exited backends included (the
    server's own ``cutime``): the difference across an import is the server's share of it."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        comm, rest = stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :]
        if comm.startswith("postgres"):
            fields = rest.split()
            total += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    return total / tick


def check(python: str, env: dict[str, str], path: Path, fix: Path | None = None) -> str:
    argv = [python, "-c", CHECK, str(path), *([str(fix)] if fix else [])]
    out = timed(argv, env)[3].strip()
    return out


def fresh_postgres(url: str) -> None:
    import psycopg

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=None, help="default: rows / 10")
    parser.add_argument("--events", type=int, default=None, help="default: rows / 50")
    parser.add_argument(
        "--postgres-url", default="postgresql://postgres@127.0.0.1:5432/wt_imports_bench"
    )
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--no-sqlite", action="store_true")
    parser.add_argument("--no-check", action="store_true", help="skip the rankings check")
    parser.add_argument("--no-site", action="store_true", help="skip the re-import by the site")
    parser.add_argument("--port", type=int, default=9185, help="the site's, for that re-import")
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()))
    args = parser.parse_args()
    players = args.players or max(100, args.rows // 10)
    events = args.events or max(2, args.rows // 50)
    path = args.dir / f"palmares-bench-results-{args.rows}-{players}-{events}.csv"
    if not path.exists():
        t0 = time.perf_counter()
        generate(path, args.rows, players, events)
        print(f"generated {path} in {time.perf_counter() - t0:.1f} s")
    fix = args.dir / f"palmares-bench-correction-{args.rows}.csv"
    unfixed = args.dir / f"palmares-bench-last-event-{args.rows}.csv"
    fixed_rows = correction(path, fix, unfixed)
    wall, cpu, count = baseline(path)
    print(f"file: {count:,} rows, {players:,} players, {events:,} events; {path}")
    print(f"baseline  csv.DictReader read       wall {wall:7.2f} s  cpu {cpu:7.2f} s")
    python = sys.executable
    palmares = str(Path(python).with_name("palmares"))
    targets: list[tuple[str, dict[str, str]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        sqlite_env = {**os.environ, "PALMARES_DB": f"{tmp}/bench.sqlite3"}
        sqlite_env.pop("DATABASE_URL", None)
        if not args.no_sqlite:
            targets.append(("sqlite", sqlite_env))
        if not args.no_postgres:
            fresh_postgres(args.postgres_url)
            targets.append(("postgres", {**os.environ, "DATABASE_URL": args.postgres_url}))
        for label, env in targets:
            migrate = [python, "-c", REIMPORT.split("from palmares.web.events")[0]]
            timed(migrate, env)  # the schema first: the import's figures are the import's
            server = postgres_cpu()
            w, c, rss, out = timed([python, "-c", IMPORT, str(path)], env)
            server = postgres_cpu() - server
            print(
                f"{label:9} palmares import results   wall {w:7.2f} s  cpu {c:7.2f} s  "
                f"peak RSS {rss:6.0f} MB  ({w / wall:.1f}× the baseline's wall, "
                f"{c / cpu:.1f}× its cpu)"
            )
            if label == "postgres":
                print(f"{label:9}   PostgreSQL's own processes meanwhile: cpu {server:7.2f} s")
            read = next(ln for ln in out.splitlines() if ln.startswith("READ")).split()
            print(
                f"{label:9}   of which the reader     wall {float(read[2]):7.2f} s  cpu "
                f"{float(read[1]):7.2f} s;  the rest (start-up, write, figures) "
                f"cpu {c - float(read[1]):.2f} s"
            )
            if not args.no_check:
                print(f"{label:9} check after the import: {check(python, env, path)}")
            w, c, _, out = timed([python, "-c", REIMPORT, str(fix)], env)
            print(
                f"{label:9} re-import {fixed_rows} players       service {out.strip()}  "
                f"process wall {w:.2f} s"
            )
            w, c, _, _ = timed([palmares, "import", "results", str(fix)], env)
            print(f"{label:9} palmares import results ({fixed_rows}-player file)  wall {w:.2f} s")
            if not args.no_site:
                from imports_site import site_reimport  # beside this script (tests import this)

                figures = site_reimport(palmares, env, unfixed, fix, args.port)
                print(
                    f"{label:9} re-import through the site (POST /api/imports/results): {figures}"
                )
            if not args.no_check:
                print(f"{label:9} check after the re-import: {check(python, env, path, fix)}")


if __name__ == "__main__":
    main()
