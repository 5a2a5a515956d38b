"""`palmares diplomacy systems` in French (issue 35): the one-line and whole rules are messages
the pure registries key (``system.<slug>.summary``, ``system.<module>.rule``, and the same for the
aggregations) and the explanation layer words in English and French, in every format; a rule's
English is its module's docstring, word for word."""

from __future__ import annotations

import csv
import importlib
import io
import json
from collections.abc import Callable

import pytest

from palmares.core.message import Message
from palmares.diplomacy.aggregation import all_aggregations
from palmares.diplomacy.scoring import all_systems
from palmares.explain.language import Language
from palmares.explain.messages import TEXTS, tell
from tests.conftest import CliResult

SUMMARIES = [(i.slug, i.summary) for i in all_systems()] + [
    (i.slug, i.summary) for i in all_aggregations()
]
RULES = sorted(
    {(i.factory.__module__, i.rule.key) for i in all_systems()}
    | {(i.factory.__module__, i.rule.key) for i in all_aggregations()}
)


@pytest.mark.parametrize(("slug", "summary"), SUMMARIES)
def test_every_summary_is_a_message_in_both_languages(slug: str, summary: Message) -> None:
    assert isinstance(summary, Message)
    assert summary.key.endswith(f".{slug}.summary") or slug.startswith("your-draw-size")
    assert summary.key in TEXTS
    english, french = tell(summary, Language.EN), tell(summary, Language.FR)
    assert english and french and english != french, (slug, english, french)


@pytest.mark.parametrize(("module", "key"), RULES)
def test_every_rule_is_its_docstring_and_has_its_french(module: str, key: str) -> None:
    assert key.split(".")[1] == module.rsplit(".", 1)[1]
    doc = importlib.import_module(module).__doc__ or ""
    english, french = tell(Message.of(key), Language.EN), tell(Message.of(key), Language.FR)
    assert english == doc.strip()
    assert french and french != english


def test_divide_and_conquer_in_french(cli: Callable[..., CliResult]) -> None:
    result = cli(
        "diplomacy", "systems", "divide-and-conquer", "--language", "fr", "--format", "json"
    )
    assert result.code == 0, result.err
    row = json.loads(result.out)["systems"][0]
    assert row["rule"] == "brut = 100 · f(sc) / Σ f, f(sc) = 2^(sc/4) − 1 ; solo 100, les autres 0"
    assert row["kind"] == "centre-count"  # a code in JSON and CSV, whatever the language
    explain = json.loads(result.out)["explain"]
    assert explain[0] == (
        "Divide and Conquer, le score de table du championnat du monde de Diplomacy 2007."
    )
    assert any("*score brut* est 100 · f(sc) / Σ f(sc)" in line for line in explain)
    english = cli("diplomacy", "systems", "divide-and-conquer", "--format", "json")
    row = json.loads(english.out)["systems"][0]
    assert row["rule"] == "raw = 100 · f(sc) / Σ f, f(sc) = 2^(sc/4) − 1; solo 100, others 0"
    assert row["kind"] == "centre-count"
    assert json.loads(english.out)["explain"][0] == (
        "Divide and Conquer, the board score of the 2007 World Diplomacy Championship."
    )


def test_the_table_in_french_from_lang(
    cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("COLUMNS", "250")
    result = cli("diplomacy", "systems", "divide-and-conquer")
    assert result.code == 0, result.err
    assert "règle en une ligne" in result.out and "les autres 0" in result.out
    assert "paramètres" in result.out and "Long Explanation » : pour chaque puissance" in result.out
    assert "centres" in result.out and "centre-count" not in result.out  # the kind in words


def test_the_list_in_french_as_csv(cli: Callable[..., CliResult]) -> None:
    result = cli("diplomacy", "systems", "--language", "fr", "--format", "csv")
    assert result.code == 0, result.err
    by_slug = {r["slug"]: r for r in csv.DictReader(io.StringIO(result.out))}
    assert by_slug["draw-size"]["kind"] == "draw"
    assert by_slug["draw-size"]["rule"] == (
        "Les puissances du nul partagé se partagent 100 à parts égales ; solo 100."
    )
    assert by_slug["your-draw-size-320"]["rule"].endswith("solo 320.")
    aggregations = cli("diplomacy", "aggregations", "--language", "fr", "--format", "csv")
    by_slug = {r["slug"]: r for r in csv.DictReader(io.StringIO(aggregations.out))}
    assert by_slug["sum"]["rule"] == "la somme de tous les scores de table"
