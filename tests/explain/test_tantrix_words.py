"""Seed 003's two tables in words: every reproducible cell of the NZ Championship 2000 sheet
(``examples/tantrix-nz-2000/expected.csv``, read from the seed) appears in its player's line as
the seed's key names it ("TP % 43.8%", "Factor -89", "Oppnt Elo 2023", "Tournt G 8.0" …), in
English and in French (issue 19); and one player's chain (Jace) in full.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from palmares.explain import explain
from palmares.io.tantrix import read_matches_csv, read_ratings_csv
from palmares.tantrix.rating_list import official_ratings
from palmares.tantrix.tables import performance_rows
from palmares.tantrix.tournament import TournamentRating, rate_tournament

NZ = Path(__file__).resolve().parents[2] / "examples" / "tantrix-nz-2000"
NNBSP = "\u202f"

#: How the seed's key names each column, in English and French (the value follows).
KEY = {
    "en": {"tp_percent": "TP % {}%", "factor": "Factor {}", "opponent_elo": "Oppnt Elo {}",
           "elo": "; Elo {}", "games": "G {}", "pre_elo": "Pre-tnmt Elo {}",
           "tournament_games": "Tournt G {}", "tournament_elo": "Tournt Elo {}",
           "lost_to": "lost to {}"},
    "fr": {"tp_percent": "PT % {}" + NNBSP + "%", "factor": "Facteur {}",
           "opponent_elo": "Elo adv. {}", "elo": " ; Elo {}", "games": "G {}",
           "pre_elo": "Elo avant {}", "tournament_games": "G tournoi {}",
           "tournament_elo": "Elo tournoi {}", "lost_to": "battu par {}"},
}  # fmt: skip


def _rating() -> TournamentRating:
    matches = read_matches_csv(NZ / "matches.csv")
    ratings = read_ratings_csv(NZ / "ratings.csv", matches=matches)
    return rate_tournament(matches, official_ratings(ratings))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_reproducible_cell_of_the_seeds_tables(language: str) -> None:
    lines = {row.player: explain(row, language)[0] for row in performance_rows(_rating())}
    with (NZ / "expected.csv").open(encoding="utf-8") as handle:
        cells = [c for c in csv.DictReader(handle) if c["reproducible"] == "yes"]
    assert len(cells) == 144
    for cell in cells:
        value = cell["value"]
        if language == "fr" and cell["column"] != "lost_to":
            value = value.replace(".", ",")
        said = KEY[language][cell["column"]].format(value)
        assert said in lines[cell["player"]], (cell, lines[cell["player"]])


def test_a_seed_row_word_for_word() -> None:
    rows = {row.player: row for row in performance_rows(_rating())}
    assert explain(rows["Jace"], "en") == (
        "Jace: lost to Chriz; TP % 37.5%; Factor -180; Oppnt Elo 1827; Elo 1646; Tournt G 8.0",
    )
    assert explain(rows["Pekko"], "en") == (
        "Pekko: G 12.0; TP % 51.3%; Factor 18; Oppnt Elo 1912; Elo 1930; Pre-tnmt Elo 2023; "
        "Tournt G 16.0; Tournt Elo 1953",
    )
    assert explain(rows["Jace"], "fr") == (
        f"Jace : battu par Chriz ; PT % 37,5{NNBSP}% ; Facteur -180 ; Elo adv. 1827 ; Elo 1646 ; "
        "G tournoi 8,0",
    )


def test_jaces_chain_in_english_and_french() -> None:
    jace = _rating().player("Jace")
    assert explain(jace, "en") == (
        "Jace: no official pre-tournament rating; lost to Chriz; tournament G 8.",
        "  Rated at stage 2 from matches against players rated at stage 1 of the draw:",
        "  v Chriz: 30 of 80 TP over 4 games, Chriz's rating 1826.53",
        "  TP % = 30 / 80 = 37.50% (G 4); Factor = 400·√2 · Φ⁻¹(0.3750) = -180.25",
        "  opponent Elo (G-weighted) 1826.53 + Factor -180.25 = 1646.28 → 1646",
    )
    french = explain(jace, "fr")
    assert french[0] == (
        "Jace : pas de cote officielle avant le tournoi ; battu par Chriz ; G du tournoi 8."
    )
    assert french[3] == (
        f"  PT % = 30 / 80 = 37,50{NNBSP}% (G 4) ; Facteur = 400·√2 · Φ⁻¹(0,3750) = -180,25"
    )
    assert french[4] == "  Elo adverse (pondéré par G) 1826,53 + Facteur -180,25 = 1646,28 → 1646"
