"""Benchmark of the stored Wizard skill ratings after an appended import (issue 15): the full
replay every import ran before against the incremental update, in the same run, on a large
synthetic history.

    .venv/bin/python bench/skill_stored.py                       # 100,000 games, 2,000 players
    .venv/bin/python bench/skill_stored.py --games 20000         # smaller
    DATABASE_URL=postgresql://... .venv/bin/python bench/skill_stored.py   # a scratch PostgreSQL
                                                     # database (its Wizard games are replaced)

Writes ``--games`` regular games (3 to 6 of ``--players`` players each, ``--month`` games a
month from 2000-01; seed 2015) straight into the tables, rates them once (the stored rows and
their record), then ``--rounds`` times appends one more month of ``--month`` games and times,
each as processor and wall time of this process, on the same stored state:

- ``before``: what each import of games ran until now — every game read and rated from
  nothing, every row deleted and written again (``store`` without ``before``);
- ``incremental``: ``skill_refresh.refresh_wizard()`` — the record's check (the digest of the
  rows up to the last rated game, one aggregate query), the appended games read and rated from
  their players' stored ratings, their players' rows rewritten; and the check alone;
- ``fallback``: ``refresh_wizard(full=True)``, the full replay as it now runs when the record
  does not prove the stored rows (it rewrites only the rows that differ).

It checks that the incremental update's rows equal the full replay's exactly (==).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from benchdb import fresh_database, timed  # noqa: E402 (beside this script)


def write_games(rng: random.Random, month: int, n: int, players: list[int]) -> int:
    """Write ``n`` regular games of month number ``month`` (0: 2000-01) with their placements;
    return the placements written."""
    from palmares.web.lib.bulk import insert_raw, new_ids
    from palmares.web.wizarddb.models import Game, Placement

    year, m = 2000 + month // 12, 1 + month % 12
    ids = new_ids(Game, n)
    games = []
    placements = []
    for g, pk in enumerate(ids):
        day = date(year, m, 1 + g % 28).isoformat()
        games.append((pk, day, f"S{year:04d}{m:02d}-{g:05d}", "regular"))
        for p in rng.sample(players, rng.choice([3, 4, 5, 6])):
            placements.append((pk, p, rng.randrange(-10, 30) * 10, None))
    insert_raw(Game, ("id", "date", "code", "division"), games)
    return insert_raw(Placement, ("game_id", "player_id", "score", "place"), placements)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--month", type=int, default=1_000, help="games a month")
    parser.add_argument("--rounds", type=int, default=2, help="appended months timed")
    args = parser.parse_args()
    fresh_database("palmares-skill-")
    from django.db import connection, transaction

    from palmares.ratings.skill import WengLin
    from palmares.ratings.skill.history import flat_of, rate_flat
    from palmares.web.lib.concurrency import hold
    from palmares.web.players.models import Player
    from palmares.web.ratinglists.models import SkillCoverage, SkillRating
    from palmares.web.ratinglists.skill import MODEL, store, stored_rows
    from palmares.web.ratinglists.skill_refresh import LOCKS, refresh_wizard
    from palmares.web.ratinglists.skill_sources import WIZARD, key_from_json
    from palmares.web.wizarddb.models import Game, Placement

    with transaction.atomic():
        Placement.objects.all().delete()
        Game.objects.all().delete()
        SkillRating.objects.filter(community="wizard").delete()
        SkillCoverage.objects.filter(community="wizard").delete()
        Player.objects.filter(name__startswith="bench-w").delete()
        Player.objects.bulk_create(
            Player(name=f"bench-w{i:05d}", key=f"bench-w{i:05d}") for i in range(args.players)
        )
    players = list(Player.objects.filter(name__startswith="bench-w").values_list("pk", flat=True))
    rng = random.Random(2015)
    months = -(-args.games // args.month)
    wall = time.perf_counter()
    with transaction.atomic():
        rows = sum(
            write_games(rng, i, min(args.month, args.games - i * args.month), players)
            for i in range(months)
        )
    print(
        f"{connection.vendor}: {args.games:,} games, {rows:,} placements, {args.players:,} "
        f"players, written in {time.perf_counter() - wall:.1f} s wall; load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    cpu, wall, first = timed(refresh_wizard)  # the first rating: a full replay, recorded
    assert first.full
    print(f"first rating of the history (full replay): {cpu:.3f} s cpu, {wall:.3f} s wall")

    def before() -> int:
        """The refresh every import of games ran until now (``wizard_skill`` + ``store``)."""
        with transaction.atomic():
            hold(LOCKS["wizard"])
            loaded = WIZARD.load()
            history = rate_flat(flat_of(loaded.competitions), WengLin(MODEL))
            return store("wizard", history)

    def check() -> bool:
        cover = SkillCoverage.objects.get(community="wizard")
        last = key_from_json(cover.last)
        assert last is not None
        return bool(WIZARD.digest(WIZARD.upto(last)) == cover.digest)

    print(
        f"{'one appended month of ' + format(args.month, ',') + ' games':44} {'cpu s':>8} "
        f"{'wall s':>8} {'cpu / before':>13}"
    )
    for r in range(args.rounds):
        with transaction.atomic():
            write_games(rng, months + r, args.month, players)
        figures: list[tuple[str, float, float]] = []
        cpu, wall, ok = timed(check)
        assert ok
        check_cpu, check_wall = cpu, wall
        cpu, wall, done = timed(refresh_wizard)
        assert not done.full and done.rated == args.month, done
        figures.append((f"incremental ({done.written:,} rows rewritten)", cpu, wall))
        figures.append(("  of which the record's check", check_cpu, check_wall))
        incremental = stored_rows("wizard")
        cpu, wall, written = timed(before)
        figures.insert(0, (f"before: full replay ({written:,} rows rewritten)", cpu, wall))
        replayed = stored_rows("wizard")
        assert replayed == incremental, "the incremental rows differ from the full replay"
        cpu, wall, fallback = timed(lambda: refresh_wizard(full=True))
        figures.append((f"fallback: full replay ({fallback.written:,} rows rewritten)", cpu, wall))
        assert stored_rows("wizard") == incremental
        base = figures[0][1] or 1e-9
        print(f"round {r + 1}: {len(incremental):,} players rated")
        for what, cpu, wall in figures:
            print(f"  {what:42} {cpu:8.3f} {wall:8.3f} {cpu / base:13.4f}")
    print("checked: after each appended month the incremental rows == the full replay's")


if __name__ == "__main__":
    main()
