"""``palmares recompute``: after raw edits made outside palmares (the admin deletes a result, a
Tantrix match, a Wizard game), every stored figure is computed again from the stored data and
equals the full replay; palmares's own writes never need it."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import Sum

from palmares.web.events.models import Event, Result
from palmares.web.ratinglists.models import RatingEntry, SkillRating, Standing
from palmares.web.ratinglists.skill_refresh import full_skill
from palmares.web.ratinglists.skill_sources import WIZARD
from palmares.web.tantrixdb.models import Match
from palmares.web.wizarddb import adapters, ledgers
from palmares.web.wizarddb.models import Game, Placement

pytestmark = pytest.mark.django_db


def _skill(community: str) -> dict[int, tuple[float, float, int]]:
    rows = SkillRating.objects.filter(community=community)
    return {r.player_id: (r.mu, r.sigma, r.competitions) for r in rows}


def test_a_result_deleted_in_the_admin_leaves_the_lists_until_the_recompute(cli: Any) -> None:
    event = Event.objects.get(name="Dip in the Ocean 2004")
    gone = Result.objects.filter(event=event).order_by("rank").last()
    assert gone is not None
    listed = Standing.objects.get(system="dip-pouch", year=0, player=gone.player)
    played = Result.objects.filter(player=gone.player, event__kind=Event.Kind.DIPLOMACY)
    assert listed.events == played.count()
    gone.delete()  # a raw edit: no recompute follows (its history's entry goes with it)
    assert Standing.objects.get(pk=listed.pk).events == played.count() + 1  # stale
    done = cli("recompute", "--only", "dip-pouch", "--format", "csv")
    assert done.code == 0, done.err
    stored = Result.objects.filter(event__kind=Event.Kind.DIPLOMACY).count()
    assert done.out.splitlines() == [
        "recomputed,rows",
        f"Dip Pouch histories and lists (and skill),{stored}",
    ]
    assert RatingEntry.objects.filter(system="dip-pouch").count() == stored
    now = Standing.objects.filter(system="dip-pouch", year=0, player=gone.player).first()
    assert (now.events if now else 0) == played.count()


def test_a_match_and_a_game_deleted_in_the_admin_are_recomputed_whole(cli: Any) -> None:
    match = Match.objects.filter(illustrative=False).order_by("id").first()
    assert match is not None
    match.delete()
    game = Game.objects.filter(division=Game.Division.REGULAR).order_by("date", "id").first()
    assert game is not None
    name = Placement.objects.filter(game=game).values_list("player__name", flat=True)[0]
    game.delete()
    assert ledgers.stored_ledger(name) != adapters.replayed_ledger(name)  # stale
    done = cli("recompute", "--only", "tantrix", "--only", "wizard", "--format", "csv")
    assert done.code == 0, done.err
    parts = [line.split(",")[0] for line in done.out.splitlines()[1:]]
    assert parts == ["Tantrix lists and skill", "Wizard ledgers", "Wizard skill"]
    assert ledgers.stored_ledger(name) == adapters.replayed_ledger(name)
    assert _skill("wizard") == full_skill(WIZARD)
    # each Tantrix match is one competition of its two players
    played = SkillRating.objects.filter(community="tantrix").aggregate(n=Sum("competitions"))
    assert played["n"] == 2 * Match.objects.filter(illustrative=False).count()
