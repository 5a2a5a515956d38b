"""Figures printed in seed 000 (the WDD's Dip Pouch page), shared by the tests."""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "dip-pouch"
DIP_IN_THE_OCEAN = EXAMPLES / "dip-in-the-ocean-2004.csv"
HISTORY = EXAMPLES / "history.csv"

# Dip in the Ocean 2004: (rank, first name and last name, score) as the seed prints them.
DIP_IN_THE_OCEAN_2004 = [
    (1, "Edi BIRSAN", "97.92"),
    (2, "Jerry FEST", "93.75"),
    (3, "Chris BRAND", "89.58"),
    (4, "Jeff DWORNICKI", "85.42"),
    (5, "Nathan BARNES", "81.25"),
    (6, "Eric MEAD", "77.08"),
    (7, "Clint HALL", "72.92"),
    (8, "Doug SCOTT", "68.75"),
    (9, "Robert O'CONNOR", "64.58"),
    (9, "Matt SHIELDS", "64.58"),
    (11, "Brad BASDEN", "56.25"),
    (12, "Buz EDDY", "52.08"),
    (13, "Mike HALL", "47.92"),
    (14, "Riaz VIRANI", "43.75"),
    (15, "Benjamin CHENG", "39.58"),
    (16, "Gary WAINES", "35.42"),
    (16, "Mark ZOFFEL", "35.42"),
    (18, "Brenden HUANG", "27.08"),
    (18, "Len TENNANT", "27.08"),
    (20, "Ryan BLANEY", "18.75"),
    (21, "Mark DORNIAN", "14.58"),
    (22, "Doug BRAY", "10.42"),
    (22, "Andrew NICK", "10.42"),
    (22, "Mitchell WAGELER", "10.42"),
]
