"""The rating list: update, re-centring, seeding (specs/tantrix.md, our defaults)."""

from __future__ import annotations

import pytest

from palmares.core.errors import PalmaresError
from palmares.tantrix.rating_list import (
    RatingEntry,
    official_ratings,
    rating_changes,
    recentre,
    seeding_list,
    update_list,
)
from palmares.tantrix.tournament import rate_tournament
from tests.tantrix.helpers import match

LIST = (
    RatingEntry("P", 2000.0, 40, True),
    RatingEntry("Q", 1800.0, None, True),
    RatingEntry("U", 1600.0, 30, False),
    RatingEntry("Idle", 1700.0, 50, True),
)
MATCHES = [match("P", "Q", 2, 20), match("P", "U", 4, 40), match("Q", "W", 4, 40)]


def test_update_is_the_g_weighted_average() -> None:
    result = rate_tournament(MATCHES, official_ratings(LIST))
    new = {e.player: e for e in update_list(LIST, result).entries}
    u = result.player("U")
    assert u.tournament_games == 4
    # U had an unofficial rating: 30 games at 1600, then 4 at its tournament rating.
    assert new["U"].rating == pytest.approx((30 * 1600 + 4 * 2000) / 34)
    assert (new["U"].games, new["U"].official) == (34, False)
    # Q's G is unknown: weighted as the established threshold (36).
    q = result.player("Q")
    assert new["Q"].games == 36 + q.tournament_games
    # W is new to the list; Idle did not play and is unchanged.
    assert new["W"].games == 4 and not new["W"].official
    assert new["Idle"] == LIST[3]
    assert [e.player for e in update_list(LIST, result).entries] == ["P", "Q", "U", "Idle", "W"]


def test_a_player_the_draw_cannot_rate_keeps_their_entry() -> None:
    entries = (*LIST, RatingEntry("X", 1650.0, 10, False))
    matches = [*MATCHES, match("X", "Y", 2, 30)]
    result = rate_tournament(matches, official_ratings(entries))
    update = update_list(entries, result)
    new = {e.player: e for e in update.entries}
    assert new["X"] == entries[-1] and "Y" not in new
    assert "X" not in {c.player for c in update.changes}


def test_established_threshold_makes_a_rating_official() -> None:
    result = rate_tournament(MATCHES, official_ratings(LIST))
    new = {e.player: e for e in update_list(LIST, result, established=34).entries}
    assert new["U"].official


def test_recentre_is_one_shift() -> None:
    shifted = recentre(LIST, {"P": 2, "Q": 2}, centre=1850)
    assert shifted.mean_before == 1900.0 and shifted.shift == -50.0
    assert [e.rating for e in shifted.entries] == [1950.0, 1750.0, 1550.0, 1650.0]
    with pytest.raises(PalmaresError, match="not on the rating list: Z"):
        recentre(LIST, {"Z": 1})


def test_changes_compare_the_lists_before_and_after() -> None:
    result = rate_tournament(MATCHES, official_ratings(LIST))
    after = update_list(LIST, result).entries
    changes = rating_changes(LIST, after)
    assert changes["U"] == pytest.approx((30 * 1600 + 4 * 2000) / 34 - 1600)
    assert changes["Idle"] == 0.0 and changes["W"] is None
    # After a re-centring every player moves by the shift too.
    shifted = recentre(after, {"P": 2, "Q": 2}, centre=1850).entries
    assert rating_changes(after, shifted)["Idle"] == pytest.approx(shifted[3].rating - 1700.0)


def test_seeding_blends_newcomers_toward_the_default() -> None:
    seeds = seeding_list(LIST, newcomer_rating=1500)
    by = {s.player: s for s in seeds}
    assert by["U"].seeding_rating == pytest.approx((30 * 1600 + 6 * 1500) / 36)
    assert by["P"].seeding_rating == 2000.0
    assert [s.player for s in seeds] == ["P", "Q", "Idle", "U"]
    tied = seeding_list([RatingEntry("a", 1800, 40, True), RatingEntry("b", 1800, 50, True)])
    assert [s.rank for s in tied] == [1, 1]


def test_a_list_without_official_ratings_is_left_as_it_was() -> None:
    """``without_official`` (issue 33: the lists' replay reads and rates no match when no
    entry is official) gives what rating the tournament and applying it give: every player
    unconnected, the list unchanged, no change."""
    from palmares.tantrix.rating_list import without_official

    unofficial = (RatingEntry("U", 1600.0, 30, False), RatingEntry("V", 1500.0, None, False))
    for entries in ((), unofficial):
        full = update_list(entries, rate_tournament(MATCHES, official_ratings(entries)))
        assert without_official(entries) == full
        assert full.entries == entries and full.changes == ()
    with pytest.raises(ValueError):
        without_official(LIST)
