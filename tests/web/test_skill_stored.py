"""Each player's skill rating (μ ± σ) stored at every recompute and shown on their pages beside
the community's own rating (issue 18): the figures are the core's, and no page computes one."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from django.test import Client

from palmares.core.rounding import half_up
from palmares.ratings.competitions import from_games, from_results
from palmares.ratings.skill import WengLin, rate_competitions
from palmares.ratings.skill import history as skill_history
from palmares.web.players.models import Player
from palmares.web.ratinglists import columns
from palmares.web.ratinglists.models import SkillRating
from palmares.web.ratinglists.services import recompute_dip_pouch, results_from_database
from palmares.web.ratinglists.skill import store, stored_skill
from palmares.web.tantrixdb.models import Match
from palmares.web.wizarddb import adapters as wizard_adapters
from palmares.web.wizarddb.models import Game, Placement
from palmares.web.wizarddb.services import import_games

pytestmark = pytest.mark.django_db
TOLERANCE = 1e-12


def _stored(community: str) -> dict[int, tuple[float, float, int]]:
    return {
        p: (mu, sigma, n)
        for p, mu, sigma, n in SkillRating.objects.filter(community=community).values_list(
            "player_id", "mu", "sigma", "competitions"
        )
    }


Figures = dict[int, tuple[float, float, int]]


def _close(stored: Figures, core: Figures) -> None:
    assert stored.keys() == core.keys()
    for player, (mu, sigma, n) in core.items():
        got = stored[player]
        assert abs(got[0] - mu) < TOLERANCE and abs(got[1] - sigma) < TOLERANCE, player
        assert got[2] == n


def test_the_dip_pouch_skill_is_the_cores_on_every_event() -> None:
    """The recompute builds arrays from the engine's columns; the core rates the events as
    Competition values: the same figures for every player."""
    history = rate_competitions(from_results(results_from_database()[0]), WengLin())
    core = {int(e.player): (e.mu, e.sigma, e.competitions) for e in history.ranking()}
    assert len(core) > 400
    _close(_stored("dip-pouch"), core)


def test_the_wizard_skill_is_the_cores_on_every_regular_game(tmp_path: Path) -> None:
    ids = dict(Placement.objects.values_list("player__name", "player_id").distinct())
    history = rate_competitions(from_games(wizard_adapters.games()), WengLin())
    core = {ids[e.player]: (e.mu, e.sigma, e.competitions) for e in history.ranking()}
    assert core
    _close(_stored("wizard"), core)
    # A new game moves its players' skill when the import commits.
    a, b, c = sorted(history.ranking(), key=lambda e: e.player)[:3]
    path = tmp_path / "games.csv"
    path.write_text(
        "date,game,player,score\n"
        + "".join(f"2030-01-01,NEW,{e.player},{s}\n" for e, s in ((a, 10), (b, 90), (c, 40)))
    )
    before = _stored("wizard")[ids[b.player]]
    import_games(path)
    assert Game.objects.filter(code="NEW").exists()
    after = _stored("wizard")[ids[b.player]]
    assert after[0] > before[0] and after[2] == before[2] + 1


def test_the_tantrix_skill_counts_every_match_but_the_illustrative() -> None:
    stored = _stored("tantrix")
    played: dict[int, int] = {}
    for a, b in Match.objects.filter(illustrative=False).values_list("player_a_id", "player_b_id"):
        played[a] = played.get(a, 0) + 1
        played[b] = played.get(b, 0) + 1
    assert {p: n for p, (_, _, n) in stored.items()} == played


def _shown(mu: float, sigma: float) -> str:
    return f"{half_up(Decimal(repr(mu)), 2)} ± {half_up(Decimal(repr(sigma)), 2)}"


def test_the_pages_show_the_stored_skill_and_compute_none(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a page computed a skill rating")

    monkeypatch.setattr(skill_history, "rate_flat", refuse)
    for community, url in (
        ("dip-pouch", "/players/{}/"),
        ("tantrix", "/tantrix/players/{}/"),
        ("wizard", "/wizard/players/{}/"),
    ):
        row = SkillRating.objects.filter(community=community).order_by("-competitions").first()
        assert row is not None, community
        page = client.get(url.format(row.player_id)).content.decode()
        assert 'id="skill"' in page, community
        assert _shown(row.mu, row.sigma) in page, community
        assert f"/ratings/{community}/" in page
        french = client.get(url.format(row.player_id), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        assert "Niveau" in french, community
    dip = SkillRating.objects.filter(community="dip-pouch").first()
    assert dip is not None
    page = client.get(f"/players/{dip.player_id}/").content.decode()
    assert "Dip Pouch rating" in page and f"{dip.competitions} event" in page


def test_a_player_without_a_skill_shows_none(client: Client) -> None:
    recompute_dip_pouch()
    nobody = Player.objects.create(name="Nobody Yet", key="nobody yet")
    page = client.get(f"/players/{nobody.pk}/").content.decode()
    assert 'id="skill"' not in page


def test_the_incremental_store_writes_only_what_moved_or_all_when_none_is_stored() -> None:
    history = stored_skill(columns.load())  # what the recompute stores
    full = _stored("dip-pouch")
    assert store("dip-pouch", history, before=history) == 0  # nothing moved: nothing written
    SkillRating.objects.filter(community="dip-pouch").delete()  # as after the migration
    assert store("dip-pouch", history, before=history) == len(full)
    assert _stored("dip-pouch") == full
