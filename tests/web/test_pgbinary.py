"""Issue 15: the derived rows of a full replay written by PostgreSQL's binary COPY
(``lib.pgbinary``, ``ratinglists.binary``) are the rows the text COPY writes."""

from __future__ import annotations

import struct
from decimal import Decimal
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from django.db import connection

from palmares.web.lib import bulk
from palmares.web.lib.pgbinary import SIGNATURE, TRAILER, Column, encode, pg_days
from palmares.web.ratinglists import binary
from palmares.web.ratinglists.columns import decimal_units, decimals
from palmares.web.ratinglists.models import RatingEntry, Standing
from palmares.web.ratinglists.services import recompute_dip_pouch


def decode(stream: bytes, kinds: list[str]) -> list[tuple[Any, ...]]:
    """The rows of a binary copy stream, read as PostgreSQL's manual describes the format."""
    assert stream.startswith(SIGNATURE) and stream.endswith(TRAILER)
    data, at, rows = stream[len(SIGNATURE) : -len(TRAILER)], 0, []
    while at < len(data):
        (count,) = struct.unpack_from(">h", data, at)
        at += 2
        assert count == len(kinds)
        row: list[Any] = []
        for kind in kinds:
            (size,) = struct.unpack_from(">i", data, at)
            at += 4
            if size == -1:
                row.append(None)
                continue
            raw = data[at : at + size]
            at += size
            if kind == "numeric":
                n, weight, sign, scale = struct.unpack_from(">4h", raw)
                digits = struct.unpack_from(f">{n}h", raw, 8)
                assert all(0 <= d < 10_000 for d in digits) and scale == 12
                value = sum(
                    Decimal(d) * Decimal(10_000) ** (weight - i) for i, d in enumerate(digits)
                )
                row.append((-value if sign == 0x4000 else value).quantize(Decimal("1e-12")))
            elif kind == "text":
                row.append(raw.decode())
            else:
                row.append(int.from_bytes(raw, "big", signed=True))
        rows.append(tuple(row))
    return rows


def test_the_stream_holds_each_value_as_given() -> None:
    units = np.array(
        [0, 1, -1, 1_500_000_000_000, -123_456_789_012_345_678, 10**18], dtype=np.int64
    )
    texts = ("FR", "", "Côte d'Ivoire", "dip-pouch")
    words = tuple(t.encode() for t in texts)
    codes = np.array([0, 1, 2, 0, 3, 2])
    null = np.array([False, True, False, False, True, False])
    columns = [
        Column("int2", np.array([0, 1, 2, 3, 32767, -32768])),
        Column("int8", np.array([1, 2, 3, 2**40, -5, 2**62])),
        Column("text", codes, words=words),
        Column("numeric", units),
        Column("int4", np.arange(6), null=null),
        Column("date", pg_days([730120, 730121, 1, 800000, 730120, 739000])),
    ]
    stream = encode(columns)
    assert stream is not None
    rows = sorted(decode(b"".join(stream), ["int2", "int8", "text", "numeric", "int4", "date"]))
    want = sorted(
        (
            [0, 1, 2, 3, 32767, -32768][i],
            [1, 2, 3, 2**40, -5, 2**62][i],
            texts[int(codes[i])],
            Decimal(int(units[i])).scaleb(-12).quantize(Decimal("1e-12")),
            None if null[i] else i,
            [730120, 730121, 1, 800000, 730120, 739000][i] - 730120,  # 2000-01-01 is day 0
        )
        for i in range(6)
    )
    assert rows == want


def test_a_value_past_its_binary_form_sends_nothing() -> None:
    assert encode([Column("int4", np.array([1, 2**31]))]) is None
    assert encode([Column("int2", np.array([-40_000]))]) is None
    assert encode([Column("int4", np.array([1, 2**31]), null=np.array([False, True]))]) is not None
    assert encode([Column("text", np.array([0]), words=(b"a\x00",))]) is None
    assert decimal_units(np.array([1.0, np.nan])) is None
    assert decimal_units(np.array([1e300])) is None


def test_decimal_units_are_the_decimal_texts() -> None:
    rng = np.random.default_rng(21)
    halves = (np.floor(rng.random(20_000) * 100 * 1e12) + 0.5) / 1e12
    values = np.concatenate(
        [
            rng.random(20_000) * 100,
            rng.random(2_000) * 5_000,
            -rng.random(500) * 10,
            np.array([0.0, 40.0, 1e-13, 5e-13, 2.5e-12, 99.9999999999995, 8_999_999.25]),
            halves,
            np.nextafter(halves, 0),
            np.nextafter(halves, 200),
        ]
    )
    units = decimal_units(values)
    assert units is not None
    assert [Decimal(int(u)).scaleb(-12) for u in units] == [Decimal(t) for t in decimals(values)]


def _results(path: Path) -> Path:
    nations = ["FR", "GB", "", "Côte d'Ivoire", "US"]
    lines = ["event,date,player,nationality,rank"]
    for e in range(12):
        for p in range(25):
            player = (p * 7 + e * 3) % 60
            lines.append(
                f"Open {e},20{10 + e}-0{1 + e % 9}-1{e % 9},Player {player:02d},"
                f"{nations[player % 5]},{p + 1 - (p == 4)}"
            )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _stored() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    entries = RatingEntry.objects.order_by("player_id", "event_id").values_list(
        "system", "player_id", "event_id", "result_id", "date", "rating_before",
        "rating_after", "percentile", "tournament_value",
    )  # fmt: skip
    lines = Standing.objects.order_by("year", "position").values_list(
        "system", "year", "player_id", "nationality", "rating", "rank", "national_rank",
        "events", "position", "national_position",
    )  # fmt: skip
    return list(entries), list(lines)


@pytest.mark.django_db
def test_the_binary_rows_are_the_text_rows(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = cli("import", "results", str(_results(tmp_path / "r.csv")), "--format", "csv")
    assert done.code == 0, done.err
    used: list[int | None] = []
    copy = bulk.copy_columns

    def counted(*args: Any) -> int | None:
        used.append(copy(*args))
        return used[-1]

    monkeypatch.setattr("palmares.web.ratinglists.services.copy_columns", counted)
    recompute_dip_pouch()
    by_binary = _stored()
    if connection.vendor == "postgresql":  # every list and the history went so
        assert len(used) == 2 and None not in used  # the histories and the Permanent list
    else:
        assert used == []  # SQLite writes the floats of the texts (``decimal_floats``)
    monkeypatch.setattr(binary, "entry_binary", lambda *a: None)
    monkeypatch.setattr(binary, "standing_binary", lambda *a: None)
    recompute_dip_pouch()
    by_text = _stored()
    assert len(by_text[0]) >= 300 and len(by_text[1]) > 50  # (the sample data's too)
    assert by_binary == by_text
    assert {"FR", "GB", "", "Côte d'Ivoire", "US"} <= {line[3] for line in by_text[1]}
