"""Issue 15: the columns of a snapshot spliced with the rows of the events written are the
columns built from every result (``ratinglists.splice``), a snapshot's data reads back as
written (``ratinglists.snapshot``), and the update's skill is the full replay's."""

from __future__ import annotations

import random
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import numpy as np
import pytest

from palmares.web.ratinglists.columns import Facts, Row, Stored, build
from palmares.web.ratinglists.lists import by_name
from palmares.web.ratinglists.skill import stored_skill
from palmares.web.ratinglists.skill_update import skill_columns
from palmares.web.ratinglists.snapshot import MAGIC, decode, encode
from palmares.web.ratinglists.splice import splice

NATIONS = ["", "FR", "DE", "GB", "IT", "NZ"]


def _history(rng: random.Random) -> tuple[list[Row], dict[int, Facts], dict[int, str]]:
    """Some events (ids with gaps), each with a field of players and ranks (ties too)."""
    names = {p: f"Player {rng.choice('ABCDE')}{p % 7}" for p in range(3, 120, 2)}
    facts: dict[int, Facts] = {}
    rows: list[Row] = []
    rid = 1000
    for e in rng.sample(range(1, 200), 25):
        facts[e] = _facts(rng, e)
        field = rng.sample(sorted(names), rng.randint(1, 12))
        rank = 1
        for i, p in enumerate(field):
            rank = rank if i and rng.random() < 0.2 else i + 1
            rid += rng.randint(1, 3)
            rows.append((rid, e, p, rank, rng.choice(NATIONS)))
    rng.shuffle(rows)
    return rows, facts, names


def _facts(rng: random.Random, e: int) -> Facts:
    day = date(2000, 1, 1) + timedelta(days=rng.randint(0, 4000))
    external = rng.choice(["", str(e * 3), f"x{e}"])
    players = rng.choice([None, None, 14])
    coefficient = rng.choice([None, None, Decimal("20.5")])
    return (e, f"Event {e % 9}", day, external, rng.choice([None, 1, 3]), players,
            rng.random() < 0.1, coefficient)  # fmt: skip


def _edit(
    rng: random.Random, rows: list[Row], facts: dict[int, Facts], names: dict[int, str]
) -> tuple[list[int], list[Row], dict[int, Facts], dict[int, str]]:
    """Some events rewritten (ranks, facts, players who leave or come, new nationalities),
    dropped or new; the events touched and every row and fact after."""
    touched = [*rng.sample(sorted(facts), 3), 500 + rng.randint(0, 5)]
    new_rows = [r for r in rows if r[1] not in touched]
    new_facts = {e: f for e, f in facts.items() if e not in touched}
    new_names = dict(names)
    rid = max(r[0] for r in rows)
    for e in touched:
        if rng.random() < 0.2:
            continue  # the event is gone (or never comes)
        new_facts[e] = _facts(rng, e) if rng.random() < 0.5 or e not in facts else facts[e]
        field = [r[2] for r in rows if r[1] == e] or rng.sample(sorted(names), 4)
        field = [p for p in field if rng.random() < 0.8] + [rng.randint(300, 310)] * (
            rng.random() < 0.5
        )
        for i, p in enumerate(dict.fromkeys(field)):
            new_names.setdefault(p, f"Newcomer {p}")
            rid += 1
            rows_nat = rng.choice([*NATIONS, "Atlantis"])
            new_rows.append((rid, e, p, i + 1, rows_nat))
    return touched, new_rows, new_facts, new_names


def _people(names: dict[int, str]) -> list[tuple[int, str]]:
    return sorted(names.items())


def _same(got: Stored, want: Stored) -> None:
    """Array for array, the nationalities compared by name."""
    a, b = got.arrays, want.arrays
    for field in ("event_day", "event_position", "event_value", "event_players", "row_event",
                  "row_player", "row_rank"):  # fmt: skip
        x, y = getattr(a, field), getattr(b, field)
        assert x.dtype == y.dtype and np.array_equal(x, y), field
    assert a.n_players == b.n_players
    for field in ("event_ids", "player_ids", "result_ids"):
        assert np.array_equal(getattr(got, field), getattr(want, field)), field
    for field in ("event_dates", "player_names", "event_externals", "event_names"):
        assert getattr(got, field) == getattr(want, field), field
    assert _nations(got) == _nations(want)


def _nations(stored: Stored) -> list[str]:
    names = {code: name for name, code in stored.nationalities.items()}
    return [names.get(c, "") for c in stored.arrays.row_nationality.tolist()]


@pytest.mark.parametrize("seed", range(40))
def test_a_splice_gives_what_a_build_of_every_row_gives(seed: int) -> None:
    rng = random.Random(seed)
    rows, facts, names = _history(rng)
    base = build(rows, facts, _people(names))
    touched, new_rows, new_facts, new_names = _edit(rng, rows, facts, names)
    want = build(new_rows, new_facts, _people(new_names))
    written = [r for r in new_rows if r[1] in touched]
    spliced = splice(base, touched, written, new_facts, new_names)
    _same(spliced, want)
    assert np.array_equal(by_name(spliced), by_name(want))


def test_a_splice_of_nothing_changed_is_the_base_and_keeps_its_name_order() -> None:
    rows, facts, names = _history(random.Random(7))
    base = build(rows, facts, _people(names))
    event = rows[0][1]
    spliced = splice(base, [event], [r for r in rows if r[1] == event], facts, names)
    _same(spliced, base)
    assert by_name(spliced) is by_name(base)


def test_a_row_of_an_event_not_replaced_is_refused() -> None:
    rows, facts, names = _history(random.Random(3))
    base = build(rows, facts, _people(names))
    with pytest.raises(ValueError, match="not among the events replaced"):
        splice(base, [rows[0][1]], [(1, 999, 3, 1, "")], facts, names)


@pytest.mark.parametrize("odd", ['Zoé "Ω" \x1f Ünïcode', "a\x00b", ""])
def test_a_snapshot_reads_back_as_written(odd: str) -> None:
    rows, facts, names = _history(random.Random(11))
    names[5] = odd
    rows.append((99_999, rows[0][1], 5, 1, "Ελλάδα"))
    stored = build(rows, facts, _people(names))
    data = encode(stored)
    back = decode(data)
    assert back is not None
    _same(back, stored)
    assert back.nationalities == stored.nationalities
    assert np.array_equal(by_name(back), by_name(stored))
    assert odd in back.player_names


@pytest.mark.parametrize(
    "data",
    [b"", b"not a snapshot", MAGIC + b"\x02\x00\x00\x00" + bytes(8), 1, 3, 4, 9, "header"],
)
def test_data_that_is_not_a_snapshot_of_this_version_is_none(data: Any) -> None:
    if not isinstance(data, bytes):
        rows, facts, names = _history(random.Random(2))
        whole = encode(build(rows, facts, _people(names)))
        data = whole.replace(b'"lengths"', b'"lengthz"') if data == "header" else whole[:-data]
    assert decode(data) is None


@pytest.mark.parametrize("shuffled", [False, True])
def test_the_skill_columns_are_the_stored_skill(shuffled: bool) -> None:
    """``skill_update.skill_columns`` (the update's) gives ``skill.stored_skill``'s figures
    (the full replay's), to the bit: rows of an event in rank order or not."""
    rows, facts, names = _history(random.Random(5))
    if shuffled:  # result ids no longer in rank order within an event
        result_ids = [r[0] for r in rows]
        random.Random(6).shuffle(result_ids)
        rows = [(i, *r[1:]) for i, r in zip(result_ids, rows, strict=True)]
    stored = build(rows, facts, _people(names))
    ids, mu, sigma, competitions = skill_columns(stored)
    history = stored_skill(stored)
    assert [str(i) for i in ids.tolist()] == list(history.flat.players)
    assert mu.tolist() == np.asarray(history.mu).tolist()
    assert sigma.tolist() == np.asarray(history.sigma).tolist()
    counts = np.bincount(history.flat.player, minlength=len(history.flat.players))
    assert competitions.tolist() == counts.tolist()
