"""Issue 15: the published lists stored in blocks of lines (``ratinglists.blocks``) — each list
whole and by nation, a page read by its block's key, an update rewriting only the blocks that
changed, the API's pages from them, and migration 0011 turning the stored rows into blocks."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from django.test import Client

from palmares.web.ratinglists import blocks
from palmares.web.ratinglists.models import ListBlock, Publication
from tests.web.fresh_sqlite import run_on_fresh_sqlite

pytestmark = pytest.mark.django_db

NATIONS = ["Austria", "Brazil", "Côte d'Ivoire"]


def _list(n: int, shift: int = 0) -> blocks.Blocks:
    """A list of ``n`` lines: players 1000 + i (``shift``: the first moved that many places
    down), ratings falling by a sixteenth (every seventh line tied with the one above), the
    nationality by line (every fifth: none)."""
    ids = np.arange(1000, 1000 + n, dtype=np.int64)
    if shift:
        ids[: shift + 1] = np.roll(ids[: shift + 1], -1)
    steps = np.arange(n) - (np.arange(n) % 7 == 6)
    ratings = 100.0 - steps / 16
    ranks = np.searchsorted(-ratings, -ratings, side="left") + 1
    codes = np.where(np.arange(n) % 5 == 4, -1, np.arange(n) % 3)
    nranks = np.full(n, -1, dtype=np.int64)
    for c in range(3):
        at = np.flatnonzero(codes == c)
        r = ratings[at]
        nranks[at] = np.searchsorted(-r, -r, side="left") + 1
    return blocks.encode_list(ids, ratings, ranks, nranks, np.arange(n) % 9 + 1, codes, NATIONS)


def test_a_list_is_blocks_whole_and_by_nation() -> None:
    found = _list(1234)
    whole = sorted(k for k in found if k[0] == "")
    assert whole == [("", 0), ("", 1), ("", 2)]
    assert [blocks.block_lines(found[k]) for k in whole] == [500, 500, 234]
    by_nation = {k[0] for k in found} - {""}
    assert by_nation == set(NATIONS)
    records, nations = blocks.decode(found["", 2])
    assert records["player"].tolist()[:2] == [2000, 2001]
    assert nations[:5] == ["Brazil", "Côte d'Ivoire", "Austria", "Brazil", ""]  # (i % 3; i % 5 = 4)
    assert set(blocks.decode(found["Austria", 0])[1]) == {"Austria"}
    assert blocks.block_lines(found["Austria", 0]) == 330 and ("Austria", 1) not in found


def test_the_same_lines_give_the_same_bytes_whatever_the_codes() -> None:
    # (a replay codes the nationalities in the order it meets them; the bytes do not follow)
    n = 1234
    ids = np.arange(1000, 1000 + n, dtype=np.int64)
    ratings = 100.0 - np.arange(n) / 16
    ranks = np.arange(1, n + 1)
    codes = np.where(np.arange(n) % 5 == 4, -1, np.arange(n) % 3)
    one = blocks.encode_list(ids, ratings, ranks, ranks, ranks, codes, NATIONS)
    backwards = np.where(codes < 0, -1, 2 - codes)
    other = blocks.encode_list(ids, ratings, ranks, ranks, ranks, backwards, NATIONS[::-1])
    assert one == other
    assert blocks.encode_list(ids, ratings, ranks, ranks, ranks, codes, NATIONS[::-1]) != one


def test_a_window_reads_its_lines_across_a_block_boundary() -> None:
    blocks.write(1950, _list(1234))
    got = blocks.window(1950, "", 498, 503)
    assert [line.position for line in got] == [498, 499, 500, 501, 502, 503]
    assert [line.player_id for line in got] == [1497, 1498, 1499, 1500, 1501, 1502]
    line = got[0]
    assert line.rating == Decimal("68.937500000000") and line.rank == 498  # 100 − 497/16
    # (line 504, i = 503, i % 7 = 6, ties with the one above)
    assert got[-1].rank == blocks.window(1950, "", 504, 504)[0].rank == 503
    assert line.nationality == "Côte d'Ivoire" and line.national_rank == 133
    austria = blocks.window(1950, "Austria", 1, 330)
    assert [line.position for line in austria] == list(range(1, 331))
    assert {line.nationality for line in austria} == {"Austria"}
    assert blocks.window(1950, "", 1235, 1300) == [] and blocks.window(1950, "Nowhere", 1, 9) == []
    listed = blocks.Listed(1950, "", 1234)
    assert [line.position for line in listed[1230:1240]] == [1231, 1232, 1233, 1234]
    assert listed[-1].player_id == 2233 and listed[0].player_id == 1000


def test_an_update_rewrites_only_the_blocks_that_changed() -> None:
    before = _list(1234)
    blocks.write(1950, before)
    kept = {(b.nation, b.block): b.pk for b in ListBlock.objects.filter(year=1950)}
    after = _list(1234, shift=600)  # player 1000 falls to place 601: blocks 0 and 1 change
    written = blocks.rewrite(1950, after, before)
    now = {(b.nation, b.block): b.pk for b in ListBlock.objects.filter(year=1950)}
    changed = {k for k in now if now[k] != kept.get(k)}
    assert ("", 0) in changed and ("", 1) in changed and ("", 2) not in changed
    assert written == sum(blocks.block_lines(after[k]) for k in changed)
    assert set(now) == set(after)
    assert [line.player_id for line in blocks.window(1950, "", 600, 602)] == [1600, 1000, 1601]
    shorter = _list(700)
    blocks.rewrite(1950, shorter, after)
    assert sorted(k for k in blocks.stored() if k[0] == 1950) == sorted(
        (1950, k[0], k[1], blocks.block_lines(d), d) for k, d in shorter.items()
    )
    blocks.delete(1950)
    assert not ListBlock.objects.filter(year=1950).exists() and ListBlock.objects.exists()


def test_the_api_pages_a_years_list_from_its_blocks(client: Client) -> None:
    # (the sample data's lists are stored: its latest year's list read through the API)
    summary = Publication.objects.get(system="dip-pouch").summary
    year = max(int(y) for y in summary["sizes"] if int(y) > 0)
    size = summary["sizes"][str(year)][""]
    first = client.get(f"/api/rankings/dip-pouch?year={year}&limit=3").json()
    rest = client.get(f"/api/rankings/dip-pouch?year={year}&limit=1000&offset=3").json()
    assert first["count"] == rest["count"] == size
    items = first["items"] + rest["items"]
    assert [i["rank"] for i in items] == [line.rank for line in blocks.lines(year)]
    assert [i["player"]["id"] for i in items] == [line.player_id for line in blocks.lines(year)]
    assert {i["year"] for i in items} == {year}
    nation = next(i["nationality"] for i in items if i["nationality"])
    national = client.get(f"/api/rankings/dip-pouch?year={year}&nation={nation}").json()
    assert national["count"] == summary["sizes"][str(year)][nation]
    assert {i["nationality"] for i in national["items"]} == {nation}
    assert [i["national_rank"] for i in national["items"]] == sorted(
        i["national_rank"] for i in national["items"]
    )
    assert client.get("/api/rankings/dip-pouch?year=1066").json() == {"items": [], "count": 0}


CONVERT = r"""
import django
django.setup()
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
call_command("migrate", verbosity=0)
MigrationExecutor(connection).migrate([("ratinglists", "0010_keys_own_indexes")])
with connection.cursor() as c:
    c.execute("INSERT INTO players_player (id, name, nationality, external_id, key) "
              "VALUES (7, 'Anne', 'FR', '', 'anne'), (8, 'Bob', '', '', 'bob')")
    for year in (0, 1950):
        c.execute("INSERT INTO ratinglists_standing (system, year, player_id, nationality, "
                  "rating, rank, national_rank, events, position, national_position) VALUES "
                  "('dip-pouch', %s, 7, 'FR', 61.5, 1, 1, 2, 1, 1), "
                  "('dip-pouch', %s, 8, '', 60.25, 2, NULL, 1, 2, NULL)", [year, year])
MigrationExecutor(connection).migrate([("ratinglists", "0011_list_blocks")])
from palmares.web.ratinglists import blocks
from palmares.web.ratinglists.models import Standing
for year in (0, 1950):
    print([(l.position, l.player_id, l.nationality, str(l.rating), l.rank, l.national_rank,
            l.events) for l in blocks.lines(year)], blocks.lines(year, "FR")[0].player_id)
print(sorted(Standing.objects.values_list("year", "player_id")))
"""


def test_migration_0011_turns_the_stored_lines_into_blocks(tmp_path: Path) -> None:
    out = run_on_fresh_sqlite(CONVERT, tmp_path).splitlines()
    lines = (
        "[(1, 7, 'FR', '61.500000000000', 1, 1, 2), (2, 8, '', '60.250000000000', 2, None, 1)] 7"
    )
    assert out == [lines, lines, "[(0, 7), (0, 8)]"]
