from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.core.errors import PalmaresError
from palmares.io.results import read_results
from palmares.ratings.dip_pouch import rate_history
from palmares.ratings.events import Event, Placement, Player
from palmares.ratings.players import find_event, find_player, normalise_name, same_name
from tests.ratings.seed000 import HISTORY


def test_names_are_normalised_for_case_accents_and_spacing() -> None:
    assert normalise_name("  Édi   BIRSAN ") == "edi birsan"
    assert normalise_name("Chloé\tMartin") == normalise_name("chloe martin")
    assert normalise_name("O'Connor") == "o'connor"


def test_find_player_by_id_or_name_and_refuse_an_ambiguous_name() -> None:
    players = {"7": Player("7", "Ann Lee"), "9": Player("9", "ANN  LÉE"), "3": Player("3", "Bo")}
    assert find_player(players, "3").name == "Bo"
    assert find_player(players, "bo").key == "3"
    with pytest.raises(PalmaresError, match=r"'ann lee' matches more than one player \(7, 9\)"):
        find_player(players, "ann lee")
    with pytest.raises(PalmaresError, match="no player named 'Cy'"):
        find_player(players, "Cy")


def test_find_event_by_id_or_name_and_refuse_an_ambiguous_name() -> None:
    one = (Placement("a", 1),)
    a = Event("1", "Open", date(2004, 1, 1), one, event_id="1")
    b = Event("2", "Open", date(2005, 1, 1), one, event_id="2")
    assert find_event([a, b], "2") is b
    with pytest.raises(PalmaresError, match="1 on 2004-01-01, 2 on 2005-01-01"):
        find_event([a, b], "open")


def test_rate_history_of_some_players_only() -> None:
    results = read_results(HISTORY)
    everyone = rate_history(results)
    some = rate_history(results, players=["101"])
    assert list(some) == ["101"]
    assert some["101"] == everyone["101"]


_NAMES = [
    "Ann Lee",
    "ANN  LÉE",
    "ann\tlee",
    "Ann\x1cLee",
    " ann lee ",
    "Anne Lee",
    "Straße",
    "STRASSE",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_NAMES) | st.text(max_size=8), max_size=8), st.sampled_from(_NAMES))
def test_the_one_name_scan_finds_what_normalising_every_name_finds(
    names: list[str], wanted: str
) -> None:
    # The history's first lookup scans for one name instead of normalising every name (issue 15).
    norm = normalise_name(wanted)
    assert same_name(names, norm) == [normalise_name(n) == norm for n in names]
