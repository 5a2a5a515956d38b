"""The Wizard and Tantrix skill ratings after an import (issue 15): an import that only adds
competitions after the stored ones moves its players' stored ratings by those competitions
alone, and the stored rows equal the full replay's exactly (==, floats and counts); anything
else — an import in the past, a replaced game or tournament, a deletion, no record — falls back
to the full replay, with the same figures."""

from __future__ import annotations

import csv
import random
from datetime import date, timedelta
from pathlib import Path

import pytest
from django.db.models import F

from palmares.web.events.models import Event
from palmares.web.faces.demo import SAMPLE
from palmares.web.ratinglists import skill_refresh
from palmares.web.ratinglists.models import SkillCoverage, SkillRating
from palmares.web.ratinglists.skill_refresh import Refreshed, full_skill
from palmares.web.ratinglists.skill_sources import TANTRIX, WIZARD, Source
from palmares.web.tantrixdb.services import import_matches
from palmares.web.wizarddb.models import Game, Placement
from palmares.web.wizarddb.services import import_games

pytestmark = pytest.mark.django_db
Figures = dict[int, tuple[float, float, int]]


def _stored(community: str) -> Figures:
    return {
        p: (mu, sigma, n)
        for p, mu, sigma, n in SkillRating.objects.filter(community=community).values_list(
            "player_id", "mu", "sigma", "competitions"
        )
    }


def _row_ids(community: str) -> dict[int, int]:
    return dict(SkillRating.objects.filter(community=community).values_list("player_id", "pk"))


@pytest.fixture
def paths(monkeypatch: pytest.MonkeyPatch) -> list[Refreshed]:
    """What each refresh did (its result), in order."""
    done: list[Refreshed] = []
    real = skill_refresh.refresh

    def spy(source: Source, *, full: bool = False) -> Refreshed:
        got = real(source, full=full)
        done.append(got)
        return got

    monkeypatch.setattr(skill_refresh, "refresh", spy)
    return done


def _wizard_players() -> list[str]:
    return sorted(
        set(
            Placement.objects.filter(game__division=Game.Division.REGULAR).values_list(
                "player__name", flat=True
            )
        )
    )


def _games_csv(path: Path, day: date, n: int, *, seed: int, prefix: str, new: int = 0) -> Path:
    """``n`` regular games from ``day`` on among ten of the stored players and ``new``
    newcomers."""
    rng = random.Random(seed)
    names = _wizard_players()[:10] + [f"newcomer {seed}-{i}" for i in range(new)]
    lines = ["date,game,player,score"]
    for g in range(n):
        at = (day + timedelta(days=g % 28)).isoformat()
        for name in rng.sample(names, rng.choice([3, 4, 5, 6])):
            lines.append(f"{at},{prefix}-{g:03d},{name},{rng.randrange(-10, 30) * 10}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _last_wizard_day() -> date:
    day = Game.objects.filter(division=Game.Division.REGULAR).order_by("-date").first()
    assert day is not None
    return day.date


def test_the_demos_wizard_skill_is_recorded_as_the_full_replay() -> None:
    cover = SkillCoverage.objects.get(community="wizard")
    assert cover.competitions == Game.objects.filter(division=Game.Division.REGULAR).count()
    assert cover.players == len(_stored("wizard")) > 10
    assert _stored("wizard") == full_skill(WIZARD)


def test_an_appended_wizard_month_moves_its_players_only(
    tmp_path: Path, paths: list[Refreshed]
) -> None:
    ids_before = _row_ids("wizard")
    stored_before = _stored("wizard")
    start = _last_wizard_day() + timedelta(days=40)
    import_games(_games_csv(tmp_path / "a.csv", start, 60, seed=1, prefix="A", new=2))
    assert paths == [Refreshed(paths[0].written, 60, False)]
    after = _stored("wizard")
    assert after == full_skill(WIZARD)
    moved = {
        p
        for p in Placement.objects.filter(game__code__startswith="A-").values_list(
            "player_id", flat=True
        )
    }
    assert paths[0].written == len(moved) and len(moved) < len(after)
    ids_after = _row_ids("wizard")
    kept = set(after) - moved
    assert kept and all(ids_after[p] == ids_before[p] for p in kept)  # rows not rewritten
    assert all(after[p] == stored_before[p] for p in kept)
    # A second month after that one: again only the new games are rated.
    import_games(_games_csv(tmp_path / "b.csv", start + timedelta(days=35), 40, seed=2, prefix="B"))
    assert [p.full for p in paths] == [False, False] and paths[1].rated == 40
    assert _stored("wizard") == full_skill(WIZARD)
    assert SkillCoverage.objects.get(community="wizard").competitions == (
        Game.objects.filter(division=Game.Division.REGULAR).count()
    )


def test_a_wizard_import_in_the_past_replays_the_whole_history(
    tmp_path: Path, paths: list[Refreshed]
) -> None:
    import_games(_games_csv(tmp_path / "later.csv", date(2031, 1, 1), 20, seed=3, prefix="L"))
    first = Game.objects.filter(division=Game.Division.REGULAR).order_by("date").first()
    assert first is not None
    past = _games_csv(tmp_path / "past.csv", first.date + timedelta(days=1), 10, seed=4, prefix="P")
    import_games(past)
    assert [p.full for p in paths] == [False, True]
    assert _stored("wizard") == full_skill(WIZARD)
    # and the record after the replay lets the next appended import be incremental again
    import_games(_games_csv(tmp_path / "next.csv", date(2032, 1, 1), 10, seed=5, prefix="N"))
    assert [p.full for p in paths] == [False, True, False]
    assert _stored("wizard") == full_skill(WIZARD)


def test_a_replaced_or_deleted_wizard_game_replays_the_whole_history(
    tmp_path: Path, paths: list[Refreshed]
) -> None:
    game = Game.objects.filter(division=Game.Division.REGULAR).order_by("date", "code")[5]
    rows = Placement.objects.filter(game=game).select_related("player").order_by("id")
    lines = ["date,game,player,score"] + [
        f"{game.date.isoformat()},{game.code},{p.player.name},{(p.score or 0) + 10 * i}"
        for i, p in enumerate(rows)
    ]
    again = tmp_path / "again.csv"
    again.write_text("\n".join(lines) + "\n", encoding="utf-8")
    import_games(again)  # the same game, new scores: the rated history changed
    assert [p.full for p in paths] == [True]
    assert _stored("wizard") == full_skill(WIZARD)
    Game.objects.filter(pk=Game.objects.order_by("date").values_list("pk", flat=True)[:1]).delete()
    skill_refresh.refresh_wizard()
    assert [p.full for p in paths] == [True, True]
    assert _stored("wizard") == full_skill(WIZARD)


def test_a_raw_edit_in_place_or_missing_rows_replay_the_whole_history(
    paths: list[Refreshed],
) -> None:
    placement = Placement.objects.filter(score__isnull=False).order_by("id").first()
    assert placement is not None
    Placement.objects.filter(pk=placement.pk).update(score=F("score") + 1000)  # a raw edit
    assert skill_refresh.refresh_wizard().full
    assert _stored("wizard") == full_skill(WIZARD)
    SkillRating.objects.filter(community="wizard").order_by("pk")[:1].get().delete()
    assert skill_refresh.refresh_wizard().full
    assert _stored("wizard") == full_skill(WIZARD)
    SkillCoverage.objects.filter(community="wizard").delete()
    assert skill_refresh.refresh_wizard().full
    assert SkillCoverage.objects.filter(community="wizard").exists()
    assert skill_refresh.refresh_wizard() == Refreshed(0, 0, False)  # nothing new


def _tantrix_copy(tmp_path: Path, name: str, day: date) -> Path:
    """NZ 2000's matches as tournament ``name`` on ``day`` (each rated player at the list's
    rating: no ``own_rating``)."""
    with (SAMPLE / "tantrix-nz-2000-matches.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    path = tmp_path / f"{name}.csv"
    with path.open("w", encoding="utf-8", newline="") as out:
        w = csv.DictWriter(out, fieldnames=list(rows[0]))
        w.writeheader()
        for row in rows:
            w.writerow(row | {"event": name, "date": day.isoformat(), "own_rating": ""})
    return path


def test_an_appended_tantrix_tournament_moves_its_players_only(
    tmp_path: Path, paths: list[Refreshed]
) -> None:
    assert _stored("tantrix") == full_skill(TANTRIX)
    import_matches(_tantrix_copy(tmp_path, "Open 2001", date(2001, 3, 1)))
    assert [p.full for p in paths] == [False]
    assert _stored("tantrix") == full_skill(TANTRIX)
    import_matches(_tantrix_copy(tmp_path, "Open 2002", date(2002, 3, 1)))
    assert [p.full for p in paths] == [False, False]
    assert paths[1].rated == paths[0].rated > 10
    assert _stored("tantrix") == full_skill(TANTRIX)
    counts = {p: n for p, (_, _, n) in _stored("tantrix").items()}
    first = Event.objects.get(name="NZ Tantrix Championship 2000")
    once = {p: n for p, (_, _, n) in full_skill(TANTRIX).items()}
    assert counts == once and first.tantrix_matches.exists()


def test_a_tantrix_tournament_in_the_past_or_replaced_replays_the_whole_history(
    tmp_path: Path, paths: list[Refreshed]
) -> None:
    import_matches(_tantrix_copy(tmp_path, "Open 2001", date(2001, 3, 1)))
    import_matches(_tantrix_copy(tmp_path, "Winter 1999", date(1999, 7, 1)))
    assert [p.full for p in paths] == [False, True]
    assert _stored("tantrix") == full_skill(TANTRIX)
    # the same tournament again, one result reversed: replaced whole, so replayed whole
    path = _tantrix_copy(tmp_path, "Open 2001", date(2001, 3, 1))
    text = path.read_text(encoding="utf-8")
    assert ",4,48,32," in text
    path.write_text(text.replace(",4,48,32,", ",4,32,48,", 1), encoding="utf-8")
    import_matches(path)
    assert [p.full for p in paths] == [False, True, True]
    assert _stored("tantrix") == full_skill(TANTRIX)
