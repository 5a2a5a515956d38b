"""The stored Dip Pouch figures are the engine's: the same as `palmares dip-pouch` gives."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

import numpy as np

from palmares.web.events.models import Event
from palmares.web.faces.demo import SAMPLE
from palmares.web.ratinglists import blocks
from palmares.web.ratinglists.models import RatingEntry, Standing


def test_event_figures_match_the_command_line(cli: Any, ocean: Event) -> None:
    answer = cli(
        "dip-pouch",
        "event",
        str(SAMPLE / "dip-in-the-ocean-2004.csv"),
        "Dip in the Ocean 2004",
        "-f",
        "csv",
    )
    assert answer.code == 0, answer.err
    printed = {r["player"]: r for r in csv.DictReader(io.StringIO(answer.out))}
    stored = RatingEntry.objects.filter(event=ocean).select_related("player")
    assert stored.count() == 24
    for entry in stored:
        row = printed[entry.player.name]
        assert abs(entry.percentile - Decimal(row["score"])) < Decimal("1e-9")
        assert abs(entry.rating_after - Decimal(row["rating_after"])) < Decimal("1e-9")


def test_lists_permanent_and_by_year(ocean: Event) -> None:
    permanent = Standing.objects.filter(system="dip-pouch", year=0)
    assert permanent.filter(rank=1).exists()
    birsan = permanent.get(player__name="Edi Birsan")
    assert birsan.events == 1 and birsan.national_rank is None  # no nationality in the seed
    listed = {line.player_id: line for line in blocks.lines(2004)}
    assert listed[birsan.player_id].events == 1
    assert abs(float(listed[birsan.player_id].rating) - float(birsan.rating)) < 1e-9  # (his one)
    assert birsan.player_id not in {line.player_id for line in blocks.lines(2003)}
    assert not Standing.objects.exclude(year=0).exists()  # the yearly lists: blocks only


def test_each_list_is_computed_once_and_is_the_lists_own(ocean: Event) -> None:
    # (a list takes the events up to its last day: the Permanent list and the latest year's are
    # the same lines when no event came after that year; ``lists.Lists`` computes it once)
    from dataclasses import fields

    from palmares.ratings.engine import Engine
    from palmares.web.ratinglists import columns, lists

    stored = columns.load()
    engine = Engine(stored.arrays)
    order = lists.by_name(stored)
    made = lists.Lists(engine, order)
    for year in [0, *stored.years]:
        got, want = made.of(year), lists.list_columns(engine, order, year)
        assert got.year == year
        for f in fields(want):
            assert np.array_equal(getattr(got, f.name), getattr(want, f.name)), (year, f.name)
    latest = max(stored.years)
    assert made.of(latest).players is made.of(0).players  # the same lines, made once
    assert len(made._made) == len(stored.years)  # one list per year (the Permanent among them)
