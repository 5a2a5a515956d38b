"""`palmares diplomacy systems`: the catalogue list and one system's whole rule."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

from palmares.diplomacy.scoring import all_systems
from tests.conftest import CliResult

ISSUE_SLUGS = [
    "sum-of-squares",
    "draw-size",
    "solo-or-bust",
    "carnage",
    "carnage-dead-equal",
    "center-count-carnage",
    "carnage-2023",
    "c-diplo-100",
    "c-diplo-80",
    "c-diplo-namur",
    "tribute",
    "open-tribute",
    "manorcon",
    "manorcon-original",
    "manorcon-v2",
    "world-classic",
    "summer-classic",
    "bangkok",
    "olympic",
    "bangkok-pike",
    "base-3",
    "mischief",
    "detour09",
    "duct-tape-v2",
    "duct-tape-v2-elimination-order",
    "haight",
    "ranked-classic",
    "ranked-classic-v2",
    "southern-sun",
    "sydney-league",
    "vulcan",
    "whipping",
    "omg",
    "maxonian",
    "7eleven",
    "your-draw-size-300",
    "your-draw-size-320",
    "cruise-con",
    "kublacon-kill",
]


def test_every_issue_slug_is_registered() -> None:
    registered = {info.slug for info in all_systems()}
    assert set(ISSUE_SLUGS) <= registered
    assert len(ISSUE_SLUGS) == 39  # issue 16 added ranked-classic-v2, the last one missing


def test_list_as_csv(cli: Callable[..., CliResult]) -> None:
    result = cli("diplomacy", "systems", "--format", "csv")
    assert result.code == 0
    rows = list(csv.DictReader(io.StringIO(result.out)))
    by_slug = {r["slug"]: r for r in rows}
    assert set(ISSUE_SLUGS) <= set(by_slug)
    assert by_slug["carnage"]["kind"] == "rank"
    assert by_slug["carnage"]["parameters"] == "dead"
    assert by_slug["draw-size"]["kind"] == "draw"
    assert by_slug["sum-of-squares"]["kind"] == "centre-count"
    assert by_slug["whipping"]["kind"] == "mixed"
    assert {r["kind"] for r in rows} <= {"rank", "draw", "centre-count", "mixed"}
    assert all(r["source"] and r["rule"] for r in rows)


def test_one_system_prints_its_whole_rule(cli: Callable[..., CliResult]) -> None:
    result = cli("diplomacy", "systems", "bangkok", "--format", "json")
    assert result.code == 0
    data = json.loads(result.out)
    assert [r["slug"] for r in data["systems"]] == ["bangkok"]
    text = "\n".join(data["explain"])
    assert "12-point domination bonus" in text and "Bangkok 2020 Scoring System" in text


def test_table_shows_the_rule_words(cli: Callable[..., CliResult]) -> None:
    result = cli("diplomacy", "systems", "cruise-con")
    assert result.code == 0
    assert "publishes no score for a solo" not in result.out  # that is the error, not the rule
    assert "The published rule gives no figure for a solo" in result.out


def test_unknown_slug_is_an_error(cli: Callable[..., CliResult]) -> None:
    result = cli("diplomacy", "systems", "ranked-classic-v3")
    assert result.code == 2
    assert "unknown scoring system 'ranked-classic-v3'" in result.err


def test_aggregations_list_and_rule(cli: Callable[..., CliResult]) -> None:
    result = cli("diplomacy", "aggregations", "--format", "csv")
    assert result.code == 0
    slugs = {r["slug"] for r in csv.DictReader(io.StringIO(result.out))}
    assert {"ante", "sum", "best-rounds", "best-games", "best-two-plus", "round-ranks",
            "sit-out", "pool-multiplier"} <= slugs  # fmt: skip
    one = cli("diplomacy", "aggregations", "best-two-plus", "--format", "json")
    assert one.code == 0
    assert "plus half the average of" in "\n".join(json.loads(one.out)["explain"])
    bad = cli("diplomacy", "aggregations", "median")
    assert bad.code == 2 and "unknown aggregation 'median'" in bad.err
