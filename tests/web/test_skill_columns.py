"""The stored histories the skill ratings replay, read as columns (issue 33), against the
competitions the rows made one value at a time before (``from_games``, ``from_matches``): the
same layout for the walk, the same keys, days and order — on the demo's games and matches and
on games by place with ties."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from django.db.models import Q

from palmares.ratings.competitions import Competition, from_games, from_matches
from palmares.ratings.skill.history import FlatHistory, flat_of, flatten
from palmares.tantrix.match import Match as MatchValue
from palmares.web.ratinglists.skill_sources import TANTRIX, WIZARD
from palmares.web.tantrixdb.models import Match
from palmares.web.wizarddb.models import Game, Placement
from palmares.web.wizarddb.services import import_games
from palmares.wizard.game import Finish
from palmares.wizard.game import Game as GameValue

pytestmark = pytest.mark.django_db


def _games_as_values(where: Q) -> tuple[Competition, ...]:
    """The Wizard history as ``skill_sources`` built it before: a value per game."""
    rows = (
        Placement.objects.filter(game__division=Game.Division.REGULAR)
        .filter(where)
        .order_by("game__date", "game__code", "game_id", "place", "-score", "id")
        .values_list("game_id", "game__code", "game__date", "player_id", "score", "place")
    )
    games: dict[int, tuple[str, date, list[Finish]]] = {}
    for game_id, code, day, player, score, place in rows:
        games.setdefault(game_id, (code, day, []))[2].append(Finish(str(player), score, place))
    return from_games(
        GameValue(code, day, tuple(finishes))
        for code, day, finishes in games.values()
        if len(finishes) >= 2
    )


def _matches_as_values() -> tuple[Competition, ...]:
    rows = Match.objects.filter(illustrative=False).order_by("event__date", "event_id", "id")
    return from_matches(
        MatchValue(str(a), str(b), g, Decimal(x), Decimal(y), event=str(e), date=d)
        for a, b, g, x, y, e, d in rows.values_list(
            "player_a_id", "player_b_id", "games", "tp_a", "tp_b", "event_id", "event__date"
        )
    )


def _same(a: FlatHistory, b: FlatHistory) -> None:
    assert a.players == b.players
    for x, y in ((a.offsets, b.offsets), (a.player, b.player), (a.place, b.place)):
        assert np.array_equal(x, y)


def test_the_wizard_history_as_columns(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    lines = ["date,game,player,score,place"]
    for g, (scores, places) in enumerate(
        [
            (["120", "80", "80", "40"], ["", "", "", ""]),
            (["", "", "", ""], ["2", "1", "2", "4"]),
            (["50", "", "10", "70"], ["2", "3", "3", "1"]),
        ]
    ):
        for name, score, place in zip(
            ["Ann Able", "Bob Baker", "Cy Cole", "Dee Dahl"], scores, places, strict=True
        ):
            lines.append(f"2031-0{g + 1}-05,T{g},{name},{score},{place}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    import_games(path)
    loaded = WIZARD.load()
    values = _games_as_values(Q())
    assert loaded.competitions.competitions() == values
    _same(flat_of(loaded.competitions), flatten(values))
    assert len(values) == Game.objects.filter(division=Game.Division.REGULAR).count() > 3
    last = values[-1]
    assert loaded.last is not None and (loaded.last[0], loaded.last[1]) == (last.day, last.key)
    # after a key: the games after it only
    middle = WIZARD.load()
    assert middle.last is not None
    assert len(WIZARD.load(middle.last).competitions) == 0


def test_the_tantrix_history_as_columns() -> None:
    loaded = TANTRIX.load()
    values = _matches_as_values()
    assert len(values) > 10
    got = loaded.competitions.competitions()
    assert [(c.key, c.day, c.players, c.places) for c in got] == [
        (c.key, c.day, c.players, c.places) for c in values
    ]
    _same(flat_of(loaded.competitions), flatten(values))
