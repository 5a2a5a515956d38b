"""Benchmark of the board call (issue 6): palmares against two baselines, in one process.

For 21, 35, 49, 70, 105 and 210 seats, six rounds are seated one after the other, each method
building its own history. Three fields per size: everyone plays (``all``); three fewer players,
three of whom play two boards each round (``2x3``); four more players, four of whom sit out each
round (``sit4``). Every field has 10 keep-apart pairs. Sitters and two-boarders are proposed by
palmares' rule (the same for every method, since games played do not depend on the method).

Methods:
- ``palmares``: :func:`palmares.diplomacy.seeding.board_call` (default time limit and moves),
  told the tournament has six rounds and given one seed for the whole event, as a TD would;
- ``random``: random boards, then the best of 1,000 random swaps (a swap is kept when it does
  not raise the cost), random powers (a two-boarder's second power redrawn if it repeats);
- ``greedy``: dipvis-like; the most constrained player (most opponents met, kept-apart
  partners) onto the board where they conflict least, then pairwise swaps until none helps,
  10 restarts, the best kept; each player in turn takes the first power they have not played.

Printed per size and field: the extra meetings over the six rounds (Σ over pairs of
max(0, times met − 1)), the worst pair (most times one pair sat together), the objective (sum
over rounds of Σ (times met before)²), power repeats, the sum of palmares' lower bounds on the
objective, broken hard constraints, seconds per round (wall clock: mean and worst) and
processor seconds per round (mean and worst; what the machine's other load does not change).
The verdict compares (broken constraints, worst pair, extra meetings, objective, power repeats)
in that order, issue 20's order.

Then issue 20's table: everyone plays, no keep-apart pairs, seeds 1–3, each round called with
the rounds before and the number of rounds, one seed for the event (``bench/seeding_issue20.py``
in a fresh process each field): extra meetings, worst pair and power repeats of dipvis (as
published in issue 20: not rerun here), of palmares before issue 20 (commit ``BEFORE`` run from
a ``git archive`` of it; if git cannot give it, the figures published in the issue, labelled
so), of palmares at ``--main`` (default: where this branch left main) and of palmares now;
seconds per round in process, and through the command line (``palmares diplomacy seed …
--history … --rounds R --seed 1``, one process per round, seed 1: wall clock, and processor
seconds of the child process), and the command line's extra time per round over the call in
process (seed 1, wall and processor), at ``--main`` and now (issue 20: within 0.5 s).

    .venv/bin/python bench/seeding.py [--quick] [--time-limit 2] [--seed 1] [--sizes 21 49]
        [--fields all 2x3 sit4] [--no-issue20 | --issue20-only] [--issue20-fields 21x6 70x6]
        [--main REV]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from palmares.diplomacy.board import PlayedBoard, Seat
from palmares.diplomacy.seeding import Entrant, SeedingProblem, board_call
from palmares.diplomacy.seeding.anneal import KERNEL
from palmares.diplomacy.seeding.objective import HARD, Quality, evaluate, square_weights
from palmares.diplomacy.seeding.problem import Fill, Prepared, prepare

ROUNDS = 6
SIZES = (21, 35, 49, 70, 105, 210)
FIELDS = ("all", "2x3", "sit4")
KEEP_APART = 10

Boards = list[list[int]]


@dataclass
class Tally:
    extra: int = 0
    objective: int = 0
    power_repeats: int = 0
    bound: int = 0
    broken: int = 0
    seconds: float = 0.0
    worst_seconds: float = 0.0
    cpu: float = 0.0
    worst_cpu: float = 0.0
    worst_pair: int = 0


def field(seats: int, kind: str) -> tuple[tuple[Entrant, ...], Fill]:
    players = {"all": seats, "2x3": seats - 3, "sit4": seats + 4}[kind]
    fills: dict[str, Fill] = {"all": "auto", "2x3": "double", "sit4": "sit"}
    fill = fills[kind]
    return tuple(Entrant(f"p{i:03d}") for i in range(1, players + 1)), fill


def keep_apart_pairs(n: int, rng: random.Random) -> tuple[tuple[str, str], ...]:
    names = [f"p{i:03d}" for i in range(1, n + 1)]
    return tuple(rng.sample(list(combinations(names, 2)), KEEP_APART))


def as_history(
    prep: Prepared, boards: Boards, powers: Sequence[Sequence[int]]
) -> list[PlayedBoard]:
    return [
        PlayedBoard(
            prep.round,
            str(b + 1),
            tuple(
                Seat(prep.powers[k], prep.players[i], 0) for i, k in zip(members, ks, strict=True)
            ),
        )
        for b, (members, ks) in enumerate(zip(boards, powers, strict=True))
    ]


# --- baselines ---------------------------------------------------------------------------


def _cost(w: list[list[int]], boards: Boards) -> int:
    return sum(w[i][j] for members in boards for i, j in combinations(members, 2))


def _swap_delta(w: list[list[int]], boards: Boards, a: int, x: int, b: int, y: int) -> int:
    pa, pb = boards[a][x], boards[b][y]
    d = sum(w[pb][q] - w[pa][q] for s, q in enumerate(boards[a]) if s != x)
    return d + sum(w[pa][q] - w[pb][q] for s, q in enumerate(boards[b]) if s != y)


def random_boards(prep: Prepared, rng: random.Random) -> Boards:
    w = square_weights(prep)
    seats = list(prep.entries)
    rng.shuffle(seats)
    size = prep.board_size
    boards = [seats[s : s + size] for s in range(0, len(seats), size)]
    for _ in range(1000):
        a, b = rng.sample(range(len(boards)), 2)
        x, y = rng.randrange(size), rng.randrange(size)
        if _swap_delta(w, boards, a, x, b, y) <= 0:
            boards[a][x], boards[b][y] = boards[b][y], boards[a][x]
    return boards


def random_powers(prep: Prepared, boards: Boards, rng: random.Random) -> list[list[int]]:
    out: list[list[int]] = []
    taken: dict[int, int] = {}
    for members in boards:
        while True:
            ks = rng.sample(range(prep.board_size), prep.board_size)
            if all(taken.get(i) != k for i, k in zip(members, ks, strict=True)):
                break
        taken.update(zip(members, ks, strict=True))
        out.append(ks)
    return out


def greedy_boards(prep: Prepared, rng: random.Random) -> Boards:
    w = square_weights(prep)
    size, n_boards = prep.board_size, prep.n_boards
    met_count = [sum(1 for m in row if m) for row in prep.met]
    apart = Counter(i for pair in prep.forbidden for i in pair)
    best: Boards | None = None
    best_cost = 0
    for _ in range(10):
        order = sorted(prep.entries, key=lambda i: (-apart[i], -met_count[i], rng.random()))
        boards: Boards = [[] for _ in range(n_boards)]
        for i in order:
            open_boards = [b for b in range(n_boards) if len(boards[b]) < size]
            b = min(open_boards, key=lambda b: (sum(w[i][q] for q in boards[b]), rng.random()))
            boards[b].append(i)
        improved = True
        while improved:
            improved = False
            for a, b in combinations(range(n_boards), 2):
                for x in range(size):
                    for y in range(size):
                        if _swap_delta(w, boards, a, x, b, y) < 0:
                            boards[a][x], boards[b][y] = boards[b][y], boards[a][x]
                            improved = True
        cost = _cost(w, boards)
        if best is None or cost < best_cost:
            best, best_cost = boards, cost
    assert best is not None
    return best


def greedy_powers(prep: Prepared, boards: Boards, rng: random.Random) -> list[list[int]]:
    out: list[list[int]] = []
    taken: dict[int, int] = {}
    for members in boards:
        free = set(range(prep.board_size))
        given: dict[int, int] = {}
        for s in rng.sample(range(len(members)), len(members)):
            i = members[s]
            fresh = [k for k in sorted(free) if not prep.played[i][k] and taken.get(i) != k]
            allowed = fresh or [k for k in sorted(free) if taken.get(i) != k] or sorted(free)
            given[s] = allowed[0]
            free.discard(allowed[0])
        ks = [given[s] for s in range(len(members))]
        taken.update(zip(members, ks, strict=True))
        out.append(ks)
    return out


# --- the run -----------------------------------------------------------------------------


def run_palmares(
    problem: SeedingProblem, rng: random.Random, time_limit: float, seed: int
) -> tuple[Prepared, Boards, list[list[int]], int]:
    call = board_call(problem, seed=seed, time_limit=time_limit)
    prep = prepare(problem)
    index = {p: i for i, p in enumerate(prep.players)}
    boards: Boards = [[] for _ in range(prep.n_boards)]
    powers: list[list[int]] = [[] for _ in range(prep.n_boards)]
    for s in call.seats:
        boards[s.board - 1].append(index[s.player])
        powers[s.board - 1].append(prep.powers.index(s.power))
    return prep, boards, powers, call.bound.value


def run_baseline(
    problem: SeedingProblem,
    rng: random.Random,
    boards_of: Callable[[Prepared, random.Random], Boards],
    powers_of: Callable[[Prepared, Boards, random.Random], list[list[int]]],
) -> tuple[Prepared, Boards, list[list[int]], int]:
    prep = prepare(problem)
    boards = boards_of(prep, rng)
    return prep, boards, powers_of(prep, boards, rng), 0


def tournament(seats: int, kind: str, method: str, time_limit: float, seed: int) -> Tally:
    entrants, fill = field(seats, kind)
    pairs = keep_apart_pairs(len(entrants), random.Random(seed * 1000 + seats))
    rng = random.Random(seed)
    history: list[PlayedBoard] = []
    tally = Tally()
    for rnd in range(1, ROUNDS + 1):
        problem = SeedingProblem(rnd, entrants, tuple(history), pairs, fill=fill, rounds=ROUNDS)
        start, cpu = time.perf_counter(), time.process_time()
        if method == "palmares":
            prep, boards, powers, bound = run_palmares(problem, rng, time_limit, seed)
        elif method == "random":
            prep, boards, powers, bound = run_baseline(problem, rng, random_boards, random_powers)
        else:
            prep, boards, powers, bound = run_baseline(problem, rng, greedy_boards, greedy_powers)
        elapsed = time.perf_counter() - start
        used = time.process_time() - cpu
        tally.cpu += used
        tally.worst_cpu = max(tally.worst_cpu, used)
        quality: Quality = evaluate(prep, boards, powers)
        tally.objective += quality.objective
        tally.power_repeats += len(quality.power_repeats)
        tally.bound += bound
        tally.broken += len(quality.violations)
        tally.seconds += elapsed
        tally.worst_seconds = max(tally.worst_seconds, elapsed)
        history += as_history(prep, boards, powers)
    together: Counter[frozenset[str]] = Counter(
        frozenset(pair) for board in history for pair in combinations(board.players, 2)
    )
    tally.worst_pair = max(together.values())
    tally.extra = sum(m - 1 for m in together.values())
    assert tally.objective < HARD
    return tally


# --- issue 20's table ----------------------------------------------------------------------

#: main before issue 20: the pair cost was Σ (times met before)² alone.
BEFORE = "87dda9c"
#: The fields of issue 20's table: (players, rounds).
ISSUE_FIELDS = ((21, 6), (35, 6), (49, 4), (49, 6), (70, 6), (105, 6), (140, 6))
ISSUE_SEEDS = (1, 2, 3)
Span = tuple[int, int]
#: dipvis, as published in issue 20 (its GameSeeder, BOARD method, 10 starts; seeds 1–3):
#: (extra meetings, worst pair, power repeats), each as (least, most). Not rerun here.
DIPVIS_ISSUE20: dict[tuple[int, int], tuple[Span, Span, Span]] = {
    (21, 6): ((188, 191), (3, 3), (0, 3)),
    (35, 6): ((152, 154), (2, 2), (2, 6)),
    (49, 4): ((7, 9), (2, 2), (0, 0)),
    (49, 6): ((56, 57), (2, 2), (4, 7)),
    (70, 6): ((15, 16), (2, 2), (4, 10)),
    (105, 6): ((0, 0), (1, 1), (7, 24)),
    (140, 6): ((0, 0), (1, 1), (7, 24)),
}
#: palmares before issue 20, as published in issue 20, for when ``BEFORE`` cannot be run.
PALMARES_ISSUE20: dict[tuple[int, int], tuple[Span, Span, Span]] = {
    (21, 6): ((195, 195), (4, 4), (0, 0)),
    (35, 6): ((150, 151), (2, 2), (0, 0)),
    (49, 4): ((0, 0), (1, 1), (0, 0)),
    (49, 6): ((0, 0), (1, 1), (0, 0)),
    (70, 6): ((5, 8), (2, 2), (0, 0)),
    (105, 6): ((0, 0), (1, 1), (0, 0)),
    (140, 6): ((0, 0), (1, 1), (0, 0)),
}
RUNNER = Path(__file__).with_name("seeding_issue20.py")
#: Issue 20: the command line's board call within this many seconds (wall) of the call in process.
CLI_BUDGET = 0.5


def span(values: Sequence[float]) -> str:
    low, high = min(values), max(values)
    return f"{low:g}" if low == high else f"{low:g}–{high:g}"


def published(row: tuple[Span, Span, Span]) -> str:
    return " / ".join(f"{a}" if a == b else f"{a}–{b}" for a, b in row)


def run_field(players: int, rounds: int, src: Path | None) -> list[dict[str, float]]:
    """Issue 20's protocol in a fresh process, on palmares now or on the one in ``src``."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    argv = [sys.executable, str(RUNNER), str(players), str(rounds), *map(str, ISSUE_SEEDS)]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def before_source(work: Path, rev: str = BEFORE) -> Path | None:
    """The ``src`` of commit ``rev``, unpacked under ``work`` (None if git cannot)."""
    try:
        blob = subprocess.run(
            ["git", "archive", "--format=tar", rev, "src"],
            cwd=Path(__file__).resolve().parent.parent,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    tar = work / f"{rev}.tar"
    tar.write_bytes(blob)
    with tarfile.open(tar) as archive:
        archive.extractall(work / rev, filter="data")
    src = work / rev / "src"
    with_extensions(src)
    compiled(src)
    return src


def with_extensions(src: Path) -> None:
    """Copies into ``src`` (an archived tree, which has no built files) each C extension built
    here whose C source is the same there: else the archived side would run numba's fallback
    where the installed one runs the C kernel."""
    here = Path(__file__).resolve().parent.parent / "src"
    for built in here.rglob("*.so"):
        source = built.with_name(built.name.split(".")[0] + ".c")
        there = src / source.relative_to(here)
        if source.is_file() and there.is_file() and there.read_bytes() == source.read_bytes():
            (src / built.relative_to(here)).write_bytes(built.read_bytes())


def compiled(src: Path) -> None:
    """Writes the bytecode of ``src`` (as an installed package has it), so that neither side
    compiles palmares in every process when ``PYTHONDONTWRITEBYTECODE`` is set."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(src)], check=True)


def merge_base() -> str:
    """The commit where this branch left main (``main`` itself on main)."""
    return subprocess.run(
        ["git", "merge-base", "HEAD", "main"],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()[:7]


def cli_field(
    players: int, rounds: int, seed: int, work: Path, src: Path | None = None
) -> tuple[float, float, str]:
    """Issue 20's protocol through the command line (of palmares now, or of the one in
    ``src``), one process per round: seconds per round (wall clock, and the child processes'
    processor time) and the figures of the event."""
    folder = work / f"cli-{players}x{rounds}-{src is None}"
    folder.mkdir()
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    (folder / "players.csv").write_text(
        "player\n" + "".join(f"p{i:03d}\n" for i in range(1, players + 1))
    )
    command = [sys.executable, "-m", "palmares.cli.main"]
    history = folder / "history.csv"
    rows: list[str] = []
    wall = 0.0
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for rnd in range(1, rounds + 1):
        argv = [*command, "diplomacy", "seed", "players.csv", "--round", str(rnd)]
        argv += ["--rounds", str(rounds), "--seed", str(seed), "--format", "csv"]
        if rows:
            history.write_text("round,board,power,player\n" + "".join(rows))
            argv += ["--history", "history.csv"]
        started = time.perf_counter()
        out = subprocess.run(argv, cwd=folder, env=env, capture_output=True, text=True, check=True)
        wall += time.perf_counter() - started
        rows += [line + "\n" for line in out.stdout.splitlines()[1:] if line]
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    boards: dict[tuple[str, str], list[Seat]] = {}
    for line in rows:
        rnd_, board, power, player = line.strip().split(",")
        boards.setdefault((rnd_, board), []).append(Seat(power, player, 0))
    played = [PlayedBoard(int(r), b, tuple(seats)) for (r, b), seats in boards.items()]
    met: Counter[frozenset[str]] = Counter(
        frozenset(pair) for board_ in played for pair in combinations(board_.players, 2)
    )
    powers = Counter((s.player, s.power) for board_ in played for s in board_.seats)
    figures = (
        f"{sum(m - 1 for m in met.values())} / {max(met.values())} / "
        f"{sum(n - 1 for n in powers.values())}"
    )
    return wall / rounds, cpu / rounds, figures


def figures_of(runs: list[dict[str, float]]) -> str:
    return " / ".join(span([r[k] for r in runs]) for k in ("extra", "worst", "power_repeats"))


def issue20(fields: Sequence[tuple[int, int]], main_rev: str) -> None:
    print()
    print(
        "issue 20: everyone plays, no keep-apart pairs, seeds 1–3, each round called with the "
        "rounds before, --rounds R, one seed for the event"
    )
    print("figures: extra meetings / worst pair / power repeats (a range over the three seeds)")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        compiled(Path(__file__).resolve().parent.parent / "src")
        src = before_source(work)
        main_src = before_source(work, main_rev)
        label = (
            f"palmares before ({BEFORE}, run)"
            if src is not None
            else "palmares before (as published in issue 20)"
        )
        header = (
            f"{'field':<8} {'dipvis, as published in issue 20':<34} {label:<32} "
            f"{f'palmares main ({main_rev})':<24} {'palmares now':<16} {'per seed now':<14}"
        )
        timing = (
            f"{'field':<8} {'side':<5} {'s/round':>8} {'max s':>6} {'cpu/rd':>6} "
            f"{'in s/rd':>8} {'CLI s/rd':>8} {'CLI−in s':>8} {'in cpu':>6} {'CLI cpu':>7} "
            f"{'CLI−in cpu':>10} {'budget':>6} {'verdict':<7}  CLI seed 1"
        )
        rows: list[str] = []
        times: list[str] = []
        verdicts: list[str] = []
        for players, rounds in fields:
            now = run_field(players, rounds, None)
            then = (
                figures_of(run_field(players, rounds, src))
                if src is not None
                else published(PALMARES_ISSUE20[(players, rounds)])
            )
            was = run_field(players, rounds, main_src) if main_src is not None else None
            rows.append(
                f"{f'{players} × {rounds}':<8} "
                f"{published(DIPVIS_ISSUE20[(players, rounds)]):<34} {then:<32} "
                f"{figures_of(was) if was else '—':<24} {figures_of(now):<16} "
                f"{','.join(str(int(r['extra'])) for r in now):<14}"
            )
            for side, runs, where in (("main", was, main_src), ("now", now, None)):
                if runs is None or (side == "main" and where is None):
                    continue
                cli_wall, cli_cpu, cli_figures = cli_field(players, rounds, 1, work, where)
                first = runs[0]  # seed 1, as through the command line
                extra = cli_wall - first["seconds"]
                verdict = "within" if extra <= CLI_BUDGET else "over"
                times.append(
                    f"{f'{players} × {rounds}':<8} {side:<5} "
                    f"{sum(r['seconds'] for r in runs) / len(runs):>8.3f} "
                    f"{max(r['max_seconds'] for r in runs):>6.3f} "
                    f"{sum(r['cpu'] for r in runs) / len(runs):>6.3f} "
                    f"{first['seconds']:>8.3f} {cli_wall:>8.3f} {extra:>8.3f} "
                    f"{first['cpu']:>6.3f} {cli_cpu:>7.3f} {cli_cpu - first['cpu']:>10.3f} "
                    f"{CLI_BUDGET:>6g} {verdict:<7}  {cli_figures}"
                )
                verdicts.append(
                    f"  {players} × {rounds} {side}: command line {cli_wall:.3f} s/round, in "
                    f"process {first['seconds']:.3f} s/round, difference {extra:.3f} s "
                    f"({verdict} the {CLI_BUDGET:g} s budget; processor "
                    f"{cli_cpu - first['cpu']:.3f} s)"
                )
        print(header)
        print("-" * len(header))
        print("\n".join(rows))
        print()
        print(
            "seconds per round: in process (mean of seeds 1–3, worst round, processor time), "
            "then seed 1 in process (in) and through the command line (CLI, one process per "
            "round), wall clock and processor time, and the command line's extra time per round "
            f"over the call in process (issue 20: ≤ {CLI_BUDGET:g} s)"
        )
        print(timing)
        print("-" * len(timing))
        print("\n".join(times))
        print()
        print(f"issue 20, the command line within {CLI_BUDGET:g} s of the call in process:")
        print("\n".join(verdicts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="21 and 49 seats, field 'all'")
    parser.add_argument("--time-limit", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", type=int, nargs="*", help="seats to run (default: all six)")
    parser.add_argument("--fields", nargs="*", choices=FIELDS, help="fields to run")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--no-issue20", action="store_true", help="leave out issue 20's table")
    which.add_argument("--issue20-only", action="store_true", help="only issue 20's table")
    parser.add_argument("--issue20-fields", nargs="*", help="fields of issue 20's table: 21x6 …")
    parser.add_argument("--main", help="palmares to compare with (default: merge-base with main)")
    args = parser.parse_args()
    issue_fields: tuple[tuple[int, int], ...] = ISSUE_FIELDS[:1] if args.quick else ISSUE_FIELDS
    if args.issue20_fields:
        issue_fields = tuple(
            (int(a), int(b)) for a, b in (f.split("x") for f in args.issue20_fields)
        )
    main_rev = args.main or merge_base()
    if args.issue20_only:
        issue20(issue_fields, main_rev)
        return
    sizes = args.sizes or ((21, 49) if args.quick else SIZES)
    fields = args.fields or (("all",) if args.quick else FIELDS)
    header = (
        f"{'seats':>5} {'field':<5} {'method':<9} {'extra':>9} {'worst':>5} "
        f"{'objective':>9} {'pow.rep':>7} {'bound':>6} {'broken':>6} {'s/round':>8} "
        f"{'max s':>6} {'cpu/rd':>6} {'max cpu':>7}  palmares ≤ baselines"
    )
    # The first call (with numba's build: its compilation or cache load) is not timed.
    started = time.perf_counter()
    board_call(SeedingProblem(2, field(21, "all")[0], ()), seed=0)
    print(f"warm-up (the first call; {KERNEL} kernel): {time.perf_counter() - started:.2f} s")
    print(f"{ROUNDS} rounds, {KEEP_APART} keep-apart pairs, time limit {args.time_limit:g} s")
    print(header)
    print("-" * len(header))
    verdicts: list[bool] = []
    for seats in sizes:
        for kind in fields:
            tallies = {
                m: tournament(seats, kind, m, args.time_limit, args.seed)
                for m in ("palmares", "random", "greedy")
            }
            ours = tallies["palmares"]
            # Issue 20's order: hard constraints, worst pair, extra meetings, Σ m², powers.
            ok = all(
                (ours.broken, ours.worst_pair, ours.extra, ours.objective, ours.power_repeats)
                <= (t.broken, t.worst_pair, t.extra, t.objective, t.power_repeats)
                for t in tallies.values()
            )
            verdicts.append(ok)
            for method, t in tallies.items():
                bound = f"{t.bound:>6}" if method == "palmares" else f"{'':>6}"
                mark = ("yes" if ok else "NO") if method == "palmares" else ""
                print(
                    f"{seats:>5} {kind:<5} {method:<9} {t.extra:>9} {t.worst_pair:>5} "
                    f"{t.objective:>9} {t.power_repeats:>7} {bound} {t.broken:>6} "
                    f"{t.seconds / ROUNDS:>8.3f} {t.worst_seconds:>6.3f} {t.cpu / ROUNDS:>6.3f} "
                    f"{t.worst_cpu:>7.3f}  {mark}"
                )
    print(f"palmares never worse than either baseline: {'yes' if all(verdicts) else 'NO'}")
    if not args.no_issue20:
        issue20(issue_fields, main_rev)


if __name__ == "__main__":
    main()
