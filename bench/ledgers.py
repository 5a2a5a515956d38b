"""Benchmark of the stored Wizard ledgers (issue 15): an incremental update against the full
replay, in the same run, on a large synthetic history.

    .venv/bin/python bench/ledgers.py                    # 240 months, 24 players, 200 games
    .venv/bin/python bench/ledgers.py --months 60        # smaller
    DATABASE_URL=postgresql://... .venv/bin/python bench/ledgers.py   # a scratch PostgreSQL
                                                         # database (its Wizard data is replaced)

Generates ``--months`` months of regular games from 2000-01 (``lib.synthetic.write_wizard_months``,
seed 2010), imports them (the first import builds every ledger), then times, each as processor
and wall time of this process:

- ``full``: :func:`wizarddb.ledgers.rebuild`, every ledger recomputed from nothing (the
  baseline);
- ``later``: importing one more month at the end, then the ledgers' update for it
  (``ledgers.refresh`` of that month: its table, and the tails of the players it paid);
- ``middle``: the update for a month in the middle of the history (its table, and the tails of
  its players' ledgers from that month on);
- ``page before``: what each ledger page did before on its first request after an import, the
  engine's replay of the whole history for one player (``adapters.replayed_ledger``);
- ``page now``: the page's read of the stored ledger (``ledgers.player_ledger``);
- the Wizard skill ratings' full replay over every game (``ratinglists.skill_refresh.
  refresh_wizard(full=True)``; an appended import rates its games only: ``bench/skill_stored.py``);
- the Tantrix lists (``--tantrix`` copies of NZ 2000, a week apart): ``recompute_lists`` from
  the last and from the middle tournament against the full replay, and the skill ratings'
  full replay over every match (``ratinglists.skill_refresh.store_tantrix(full=True)``).

It checks that the stored ledgers equal the engine's full replay for the players of the last
month, after the updates.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from benchdb import fresh_database, timed  # noqa: E402 (beside this script)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--months", type=int, default=240)
    parser.add_argument("--players", type=int, default=24)
    parser.add_argument("--tantrix", type=int, default=100, help="Tantrix tournaments (0: none)")
    parser.add_argument("--games", type=int, default=200, help="games a month (keep games × 4.5 /")
    # players past the 30 games a player needs to be ranked, or no month pays a Top 10)
    args = parser.parse_args()
    tmp = fresh_database("palmares-ledgers-")
    from django.core.cache import cache
    from django.db import connection

    from palmares.web.lib.synthetic import write_wizard_months
    from palmares.web.wizarddb import adapters, ledgers
    from palmares.web.wizarddb.models import Game, LedgerRow, LedgerState
    from palmares.web.wizarddb.services import import_games

    Game.objects.all().delete()
    LedgerRow.objects.all().delete()
    LedgerState.objects.all().delete()
    months = [(2000 + i // 12, 1 + i % 12) for i in range(args.months + 1)]
    history, last = months[:-1], months[-1]
    shape = {"players": args.players, "games": args.games}
    big = write_wizard_months(tmp / "history.csv", history, seed=2010, **shape)
    extra = write_wizard_months(tmp / "later.csv", [last], seed=2011, **shape)
    cpu, wall, count = timed(lambda: import_games(big))
    rows = LedgerRow.objects.count()
    print(
        f"{connection.vendor}: {args.months} months, {count} games, {rows} ledger rows "
        f"(import and first build {wall:.1f} s wall); load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    figures: list[tuple[str, float, float]] = []
    cpu, wall, _ = timed(ledgers.rebuild)
    figures.append(("full replay (rebuild)", cpu, wall))
    import_games(extra)
    later = ledgers.month_unit(Game.objects.order_by("-date").values_list("date", flat=True)[0])
    cpu, wall, _ = timed(lambda: ledgers.refresh([later]))
    figures.append((f"later month ({later})", cpu, wall))
    y, m = history[len(history) // 2]
    middle = f"month:{y:04d}-{m:02d}"
    cpu, wall, _ = timed(lambda: ledgers.refresh([middle]))
    figures.append((f"middle month ({middle})", cpu, wall))
    top = (
        LedgerRow.objects.filter(origin=later, kind="top-10")
        .order_by("idx")
        .values_list("player", flat=True)
        .first()
    )
    assert top is not None
    cache.clear()
    cpu, wall, replayed = timed(lambda: adapters.replayed_ledger(top))
    figures.append(("page before: replay one player", cpu, wall))
    cpu, wall, read = timed(lambda: ledgers.player_ledger(top))
    figures.append(("page now: stored ledger read", cpu, wall))
    assert read == replayed, "the stored ledger differs from the full replay"
    players = set(LedgerRow.objects.filter(origin=later).values_list("player", flat=True))
    for name in sorted(players):
        assert ledgers.stored_ledger(name) == adapters.replayed_ledger(name), name
    from palmares.web.ratinglists.skill_refresh import refresh_wizard

    cpu, wall, _ = timed(lambda: refresh_wizard(full=True))
    figures.append(("skill full replay (every game)", cpu, wall))
    base = figures[0][1] or 1e-9
    print(f"{'what':36} {'cpu s':>9} {'wall s':>9} {'cpu / full':>11}")
    for what, cpu, wall in figures:
        print(f"{what:36} {cpu:9.3f} {wall:9.3f} {cpu / base:11.4f}")
    print(f"checked: {len(players) + 1} stored ledgers equal the engine's full replay")
    if args.tantrix:
        tantrix(tmp, args.tantrix)


def tantrix(tmp: Path, count: int) -> None:
    """The Tantrix lists: ``count`` copies of the NZ 2000 tournament, a week apart, imported in
    date order; then the recompute from the last one and from the middle one against the full
    replay (each includes the skill ratings' recompute, timed alone as well)."""
    from datetime import date, timedelta

    from palmares.web.events.models import Event
    from palmares.web.faces.demo import SAMPLE
    from palmares.web.ratinglists.skill_refresh import store_tantrix
    from palmares.web.tantrixdb.models import Rating
    from palmares.web.tantrixdb.services import import_matches, recompute_lists

    Event.objects.filter(kind=Event.Kind.TANTRIX).delete()
    text = (SAMPLE / "tantrix-nz-2000-matches.csv").read_text(encoding="utf-8")
    for i in range(count):
        day = (date(2001, 1, 1) + timedelta(days=7 * i)).isoformat()
        path = tmp / f"tantrix-{i}.csv"
        name = f"Open {i:04d}"
        path.write_text(
            text.replace("NZ Tantrix Championship 2000", name).replace("2000-11-01", day),
            encoding="utf-8",
        )
        # the first with the list before NZ 2000; each later one against the list before it
        import_matches(path, ratings=SAMPLE / "tantrix-nz-2000-ratings.csv" if i == 0 else None)
    events = list(Event.objects.filter(kind=Event.Kind.TANTRIX).order_by("date", "pk"))
    last, middle = events[-1], events[len(events) // 2]
    figures = [
        ("tantrix full replay", *timed(recompute_lists)[:2]),
        ("tantrix from the last", *timed(lambda: recompute_lists(since=(last.date, last.pk)))[:2]),
        (
            "tantrix from the middle",
            *timed(lambda: recompute_lists(since=(middle.date, middle.pk)))[:2],
        ),
        ("skill full replay (every match)", *timed(lambda: store_tantrix(full=True))[:2]),
    ]
    lists = Rating.objects.filter(event__isnull=False).count()
    print(f"tantrix: {count} tournaments, {lists} list rows")
    base = figures[0][1] or 1e-9
    for what, cpu, wall in figures:
        print(f"{what:36} {cpu:9.3f} {wall:9.3f} {cpu / base:11.4f}")


if __name__ == "__main__":
    main()
