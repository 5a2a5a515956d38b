"""Start-up of the command line (issue 15): ``palmares --help`` and a small command, before and
after, against ``python -c pass`` measured in the same run.

Each command runs ``--runs`` times in a fresh process, the three kinds interleaved so that the
machine's load falls on all alike; printed: the median wall clock, the median processor time of
the child (user + system: what the machine's other load changes least), and both less the
baseline's. "before" is the ``src`` of ``--before`` (default: the commit this branch left main
at) run through ``PYTHONPATH`` with the same interpreter; "now" is the installed palmares.
Issue 15's budgets: ``--help`` ≤ 0.3 s, ``board-score`` on examples.json ≤ 0.6 s (wall).

    .venv/bin/python bench/startup.py [--runs 7] [--before REV] [--no-bytecode]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples" / "wdc-2007" / "examples.json"
#: What is timed: a label, the arguments after the interpreter, and issue 15's budget (s).
COMMANDS: tuple[tuple[str, list[str], float | None], ...] = (
    ("python -c pass", ["-c", "pass"], None),
    ("import palmares.cli.main", ["-c", "import palmares.cli.main"], None),
    ("palmares --help", ["-m", "palmares.cli.main", "--help"], 0.3),
    (
        "palmares diplomacy board-score examples.json",
        ["-m", "palmares.cli.main", "diplomacy", "board-score", str(EXAMPLES)],
        0.6,
    ),
)


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall clock and processor seconds of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, cwd=REPO)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu


def source_of(rev: str, work: Path) -> Path:
    """The ``src`` of ``rev``, unpacked under ``work``."""
    blob = subprocess.run(
        ["git", "archive", "--format=tar", rev, "src"], cwd=REPO, capture_output=True, check=True
    ).stdout
    tar = work / "before.tar"
    tar.write_bytes(blob)
    with tarfile.open(tar) as archive:
        archive.extractall(work / "before", filter="data")
    return work / "before" / "src"


def compiled(src: Path) -> None:
    """Writes the bytecode of ``src``, as an installed package has it: else, with
    ``PYTHONDONTWRITEBYTECODE`` set, every run compiles every palmares module it imports."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(src)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--before", help="commit to compare with (default: merge-base with main)")
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="do not write palmares' bytecode first (each run compiles what it imports when "
        "PYTHONDONTWRITEBYTECODE is set)",
    )
    args = parser.parse_args()
    rev = (
        args.before
        or subprocess.run(
            ["git", "merge-base", "HEAD", "main"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    with tempfile.TemporaryDirectory() as tmp:
        env_now = dict(os.environ)
        before_src = source_of(rev, Path(tmp))
        env_before = dict(os.environ, PYTHONPATH=str(before_src))
        if not args.no_bytecode:
            compiled(before_src)
            compiled(REPO / "src")
        samples: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for _ in range(args.runs):
            for label, argv, _budget in COMMANDS:
                for side, env in (("before", env_before), ("now", env_now)):
                    got = timed([sys.executable, *argv], env)
                    samples.setdefault((label, side), []).append(got)
    median = {
        key: (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
        for key, runs in samples.items()
    }
    base_wall, base_cpu = median[("python -c pass", "now")]
    print(f"issue 15 start-up: median of {args.runs} runs; before = {rev[:10]}, now = installed")
    print(
        "palmares' bytecode: "
        + (
            "as the environment leaves it"
            if args.no_bytecode
            else "written first on both sides (as installed)"
        )
        + f"; PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(f"baseline `python -c pass`: {base_wall:.3f} s wall, {base_cpu:.3f} s processor")
    header = (
        f"{'command':<46} {'side':<6} {'wall s':>7} {'cpu s':>7} {'wall-base':>9} "
        f"{'cpu-base':>8} {'budget':>6}"
    )
    print(header)
    print("-" * len(header))
    for label, _argv, budget in COMMANDS:
        for side in ("before", "now"):
            wall, cpu = median[(label, side)]
            print(
                f"{label:<46} {side:<6} {wall:>7.3f} {cpu:>7.3f} {wall - base_wall:>9.3f} "
                f"{cpu - base_cpu:>8.3f} {'' if budget is None else f'{budget:g}':>6}"
            )


if __name__ == "__main__":
    main()
