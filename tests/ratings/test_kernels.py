"""Issue 15: the compiled kernels (``_kernels.c``) and the numba builds give the same floats, to
the last bit — the Dip Pouch replay (grouping, walk, lists' ``as_of``, re-run of a back-dated
event), the skill's layout and its Plackett–Luce walk — and the compiled ones refuse an index
out of range instead of writing past an array."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import numpy as np
import pytest

from palmares.ratings import engine
from palmares.ratings.compiled import KERNEL, kernels
from palmares.ratings.engine import Engine, ResultArrays
from palmares.ratings.jit import compiled
from palmares.ratings.skill import history, layout
from palmares.ratings.skill.kernel import rate_history
from palmares.ratings.skill.models import WengLin

SEEDS = range(6)


def test_the_compiled_build_is_the_one_that_runs() -> None:
    # (``make install`` builds it: gcc is on every machine here)
    assert KERNEL == "compiled" and kernels is not None


def _arrays(seed: int, events: int = 300, players: int = 120) -> ResultArrays:
    """A shuffled history: fields of 2–30, ties, a few events of value 0, some nationalities."""
    rnd = np.random.default_rng(seed)
    sizes = rnd.integers(2, 31, size=events)
    row_event = np.repeat(np.arange(events, dtype=np.int32), sizes)
    row_player = np.concatenate([rnd.choice(players, size=k, replace=False) for k in sizes]).astype(
        np.int32
    )
    row_rank = np.concatenate([np.sort(rnd.integers(1, k + 1, size=k)) for k in sizes]).astype(
        np.int32
    )
    shuffle = rnd.permutation(row_event.shape[0])
    values = rnd.uniform(5.0, 40.0, size=events)
    values[rnd.random(events) < 0.05] = 0.0
    return ResultArrays(
        event_day=np.sort(rnd.integers(700_000, 740_000, size=events)).astype(np.int32),
        event_position=rnd.permutation(events).astype(np.int64),
        event_value=values,
        event_players=sizes.astype(np.int32),
        row_event=row_event[shuffle],
        row_player=row_player[shuffle],
        row_rank=row_rank[shuffle],
        row_nationality=np.where(
            rnd.random(shuffle.shape[0]) < 0.3, -1, row_player[shuffle] % 7
        ).astype(np.int32),
        n_players=players,
    )


def _same(a: Any, b: Any) -> bool:
    """Equal to the bit (the doubles' bytes)."""
    a, b = np.asarray(a), np.asarray(b)
    return bool(a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes())


def _engine(arrays: ResultArrays, build: str, monkeypatch: pytest.MonkeyPatch) -> Engine:
    monkeypatch.setattr(engine, "_kernels", kernels if build == "compiled" else None)
    return Engine(arrays)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_replay_is_the_same_in_both_builds(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    arrays = _arrays(seed)
    c, n = (_engine(arrays, b, monkeypatch) for b in ("compiled", "numba"))
    live = c.n_rows
    assert _same(c.row_event, n.row_event) and _same(c.current, n.current)
    assert _same(c.before[:live], n.before[:live]) and _same(c.after[:live], n.after[:live])
    assert not np.isclose(c.current, engine.INITIAL).all()  # (the walk did walk)
    for day in (700_000, 720_000, 739_999):
        assert all(_same(x, y) for x, y in zip(c.as_of(day), n.as_of(day), strict=True))
    # a back-dated event (a re-run of its players' recurrences), then the latest one
    for position in (5, c.n_events + 1):
        for e in (c, n):
            monkeypatch.setattr(engine, "_kernels", kernels if e is c else None)
            e.add_event(
                day=710_000, position=min(position, e.n_events), value=21.5, players=4,
                row_players=np.array([3, 1, 4, 121], dtype=np.int32),
                ranks=np.array([1, 2, 2, 4], dtype=np.int32),
                nationalities=np.array([0, -1, 2, 3], dtype=np.int32), n_players=122,
            )  # fmt: skip
        live = c.n_rows
        assert _same(c.current, n.current)
        assert _same(c.before[:live], n.before[:live]) and _same(c.after[:live], n.after[:live])


def test_the_grouping_is_the_same_in_both_builds() -> None:
    rows = _arrays(3).row_event
    perm = np.empty(rows.shape[0], dtype=np.int64)
    assert kernels is not None
    kernels.group_by_event(rows, 300, perm)
    assert _same(perm, compiled(engine._group_by_event)(rows, 300))
    assert (np.diff(rows[perm]) >= 0).all()


def _history(seed: int, competitions: int = 400, players: int = 90) -> tuple[Any, ...]:
    rnd = np.random.default_rng(seed)
    sizes = rnd.integers(2, 12, size=competitions)
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    player = np.concatenate([rnd.choice(players, size=k, replace=False) for k in sizes])
    place = np.concatenate([np.sort(rnd.integers(1, k + 1, size=k)) for k in sizes])
    weight = np.where(rnd.random(player.shape[0]) < 0.5, np.nan, rnd.uniform(0.5, 3, player.size))
    return offsets, player.astype(np.int64), place.astype(np.int64), weight


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    "model",
    [WengLin(), WengLin(limit_sigma=True, tau=0.0), WengLin(weight_bounds=None, kappa=0.01)],
    ids=["defaults", "limit-sigma", "weights-as-given"],
)
def test_the_plackett_luce_walk_is_the_same_in_both_builds(seed: int, model: WengLin) -> None:
    offsets, player, place, weight = _history(seed)
    rnd = np.random.default_rng(seed + 100)
    start = (rnd.uniform(15, 35, 90), rnd.uniform(1, 9, 90))
    for w in (None, weight):
        ours = history.rate_arrays(model, 90, offsets, player, place, w, start=start)
        theirs = compiled(rate_history)(
            model.code, start[0].copy(), start[1].copy(), offsets, player, place,
            np.full(player.shape[0], np.nan) if w is None else w, *model.kernel_options(),
        )  # fmt: skip
        assert all(_same(a, b) for a, b in zip(ours, theirs, strict=True))
        assert not _same(ours[0], start[0])


@pytest.mark.parametrize("spread", [1, 10**9])
def test_the_layout_is_the_same_in_both_builds(spread: int) -> None:
    offsets, player, place, _ = _history(9)
    ids = player * spread + 7
    ours = layout.lay_out(ids, offsets, place)
    narrow = np.unique(ids, return_inverse=True)[1].reshape(-1).astype(np.int64)
    theirs = compiled(layout._lay_out)(narrow, offsets, place)
    assert _same(ours[0], theirs[0]) and _same(ours[1], theirs[1])
    assert _same(ours[2], np.unique(ids)[theirs[2]])
    by_place = np.concatenate(
        [np.argsort(place[a:b], kind="stable") + a for a, b in pairwise(offsets)]
    )
    assert _same(ours[2][ours[0]], ids[by_place]) and _same(ours[1], place[by_place])


def test_the_compiled_kernels_refuse_an_index_out_of_range() -> None:
    assert kernels is not None
    arrays = _arrays(1, events=3, players=40)
    e = Engine(arrays)
    bad = e.row_player.copy()
    bad[0] = 99
    with pytest.raises(ValueError, match="row_player out of range"):
        kernels.replay(e.by_position, e.ev_start, e.ev_end, e.ev_value, e.ev_players, bad,
                       e.row_rank, e.current.copy(), e.before.copy(), e.after.copy())  # fmt: skip
    with pytest.raises(ValueError, match="row_event out of range"):
        kernels.group_by_event(np.array([0, 3], dtype=np.int32), 3, np.empty(2, np.int64))
    with pytest.raises(ValueError, match="one dimension of 4-byte items"):
        kernels.group_by_event(np.array([0, 1]), 3, np.empty(2, np.int64))
    offsets, player, place, weight = _history(2, competitions=3)
    player[1] = 90
    mu = np.zeros(90)
    with pytest.raises(ValueError, match="player out of range"):
        empty = np.empty(player.size)
        kernels.rate_history_pl(
            mu, mu.copy(), offsets, player, place, weight, 1.0, 0.1, 0.1, False, False, 1.0,
            empty, empty.copy(),
        )  # fmt: skip


@pytest.mark.parametrize("seed", SEEDS)
def test_the_certified_replay_is_the_same_in_both_builds(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from palmares.ratings import certified

    a = _arrays(seed)
    e = Engine(a)
    rnd = np.random.default_rng(seed)
    share_hi = e.ev_value / 100
    share_lo = np.where(rnd.random(share_hi.shape[0]) < 0.5, 0.0, share_hi * 2.0**-60)
    args = (e.by_position, e.ev_start, e.ev_end, e.ev_day, 740_000, share_hi, share_lo,
            e.ev_players, e.row_player, e.row_rank, a.n_players)  # fmt: skip
    ours = certified.replay_double_double(*args)
    monkeypatch.setattr(certified, "kernels", None)
    theirs = certified.replay_double_double(*args)
    assert all(_same(x, y) for x, y in zip(ours, theirs, strict=True))
    assert np.count_nonzero(ours[2]) > 100  # (bounds grew where the players played)


CSV = [
    b"a,b\n1,2\n",
    b'a,"b"\n"1,5",2\n',
    b"a,b\r\n1,2\r\n",
    b'a,b\n1,"2\n3"\n',  # a line break inside quotes
    b"a,b\n1\r2\n",  # a bare carriage return
    b'a,b\n1,2"\n',  # a quote in an unquoted field
    b'a,b\n"1"x,2\n',  # text after a closing quote
    b'a,b\n"1,2\n',  # a quote never closed
    b'a,b\n"1""2",3\n',
    b"",
]


@pytest.mark.parametrize("data", CSV)
def test_the_readers_checks_are_the_same_in_both_builds(data: bytes) -> None:
    from palmares.io import columnar, results_columnar

    buf = np.frombuffer(data, dtype=np.uint8)
    assert kernels is not None
    for start in (0, 4):
        assert kernels.regular(buf, start) == compiled(columnar._regular)(buf, start)
    assert [kernels.regular(np.frombuffer(d, np.uint8), 0) for d in CSV] == [
        0, 0, 0, 1, 1, 1, 1, 1, 0, 0
    ]  # fmt: skip
    g = np.array([0, 0, 0, 1, 1, 2, 2, 2], dtype=np.int64)
    for r, field, explicit in [
        ([1, 2, 2, 1, 2, 1, 1, 3], [3, 2, 3], [False, False, False]),
        ([1, 2, 2, 1, 2, 1, 1, 2], [3, 2, 3], [False, False, False]),  # 1, 1, 2
        ([1, 2, 2, 1, 2, 1, 1, 2], [3, 2, 3], [False, False, True]),
        ([1, 2, 3, 1, 3, 1, 2, 3], [3, 2, 3], [True, True, True]),  # 3 in a field of 2
    ]:
        rr, ff = np.array(r, dtype=np.int64), np.array(field, dtype=np.int64)
        ee = np.array(explicit, dtype=np.bool_)
        assert kernels.ties_ok(g, rr, ff, ee) == compiled(results_columnar._ties_ok)(g, rr, ff, ee)
