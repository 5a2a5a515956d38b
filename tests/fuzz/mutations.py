"""Ways to break a valid file, each with what a strict reader must then answer.

A mutation returns the broken table (or raw bytes) and its *expectation*: ``refuse`` (the file is
now wrong: the oracle counts an acceptance as accepted-but-wrong), ``keep`` (the file means the
same: it must still be accepted) or ``any`` (junk whose verdict the oracle does not know; still no
internal error). A mutation of one row also gives that row's line, which a refusal must name.
"""

from __future__ import annotations

import codecs
import csv
import io
import random
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from tests.fuzz.formats import Format, Table

__all__ = ["LONG_CELL", "MUTATIONS", "Broken", "break_file", "encode"]


@dataclass
class Broken:
    """A file to try: its table (or raw bytes), how to write it, what must happen."""

    mutation: str
    expect: str  # "refuse", "keep" or "any"
    table: Table
    raw: bytes | None = None
    line: int | None = None  # the line a refusal must name
    xlsx: bool = False


def _cell_rows(table: Table) -> list[int]:
    return [i for i in range(1, len(table))]


def _col(table: Table, name: str) -> int | None:
    header = [h.lower() for h in table[0]]
    return header.index(name) if name in header else None


def _set(table: Table, row: int, col: int, value: str) -> Table:
    out = [list(r) for r in table]
    while len(out[row]) <= col:
        out[row].append("")
    out[row][col] = value
    return out


def _pick(rng: random.Random, columns: list[str], table: Table) -> tuple[int, int, str] | None:
    present = [c for c in columns if _col(table, c) is not None]
    if not present or len(table) < 2:
        return None
    name = rng.choice(present)
    col = _col(table, name)
    assert col is not None
    return rng.choice(_cell_rows(table)), col, name


Mutation = Callable[[random.Random, Format, Table], Broken | None]


def overflow(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    picked = _pick(rng, list(fmt.integers), table)
    if picked is None:
        return None
    row, col, name = picked
    low, high = fmt.integers[name]
    value = rng.choice([high + 1, 65537, 2**31, 4294967298, 2**63, 2**64 + 1, 10**30, low - 1])
    if low <= value <= high:
        value = high + 1
    return Broken("overflow", "refuse", _set(table, row, col, str(value)), line=row + 1)


def lenient_number(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    picked = _pick(rng, [*fmt.integers, *fmt.decimals], table)
    if picked is None:
        return None
    row, col, _ = picked
    value = rng.choice(["1_000", "١٢", "1e3", "1e309", "0x10", "NaN", "inf", "-inf", "½", "2,5"])
    return Broken("lenient-number", "refuse", _set(table, row, col, value), line=row + 1)


def lenient_date(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    picked = _pick(rng, list(fmt.dates), table)
    if picked is None:
        return None
    row, col, _ = picked
    value = rng.choice(
        [
            "20040227",
            "2004-W35",
            "2004-W35-1",
            "2004-02-30",
            "2004-2-3",
            "27/02/2004",
            "2004-13-01",
            "٢٠٠٤-٠٢-٢٧",
            "0000-01-01",
            "2004-059",
        ]
    )
    return Broken("lenient-date", "refuse", _set(table, row, col, value), line=row + 1)


def wrong_type(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    picked = _pick(rng, [*fmt.integers, *fmt.decimals, *fmt.dates, *fmt.booleans], table)
    if picked is None:
        return None
    row, col, _ = picked
    value = rng.choice(["abc", "yes please", "1.5.2", "--3", "<script>", "none", "12 13"])
    return Broken("wrong-type", "refuse", _set(table, row, col, value), line=row + 1)


def too_long(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    picked = _pick(rng, list(fmt.texts), table)
    if picked is None:
        return None
    row, col, name = picked
    value = "x" * (fmt.texts[name] + rng.choice([1, 50, 5000]))
    return Broken("too-long", "refuse", _set(table, row, col, value), line=row + 1)


def huge_cell(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    row = rng.choice(_cell_rows(table))
    col = rng.randrange(len(table[0]))
    value = "y" * (10_000_000 if rng.random() < 0.1 else rng.choice([131_073, 300_000]))
    return Broken("huge-cell", "refuse", _set(table, row, col, value), line=row + 1)


def nul(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    picked = _pick(rng, list(fmt.texts), table)
    if picked is None:
        return None
    row, col, _ = picked
    value = table[row][col][:2] + "\x00" + table[row][col][2:]
    return Broken("nul", "refuse", _set(table, row, col, value), line=row + 1)


def empty_required(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    picked = _pick(rng, list(fmt.required), table)
    if picked is None:
        return None
    row, col, _ = picked
    return Broken("empty-required", "refuse", _set(table, row, col, ""), line=row + 1)


def _variant(name: str, rng: random.Random) -> str:
    """Another spelling of ``name`` with the same key (case, accents, spaces)."""
    choices = [name.upper(), name.lower(), "  ".join(name.split())]
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    if bare != name:
        choices.append(bare)
    return rng.choice([c for c in choices if c != name] or [name.upper()])


def respell(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    """One row spells a player of the file otherwise (another row of the same group keeps the
    first spelling): one person the database would merge, so the file must be refused."""
    cols = [c for c in fmt.names if _col(table, c) is not None]
    if not cols or len(table) < 3:
        return None
    col = _col(table, rng.choice(cols))
    assert col is not None
    group = _col(table, fmt.group) if fmt.group else None
    for _ in range(20):
        a, b = rng.sample(_cell_rows(table), 2)
        if group is not None and table[a][group] != table[b][group]:
            continue
        if table[a][col] == table[b][col]:
            continue
        out = _set(table, b, col, _variant(table[a][col], rng))
        ident = _col(table, "player_id")
        if ident is not None:
            # The same person (one id) spelled two ways; two ids would be two namesakes.
            out = _set(out, b, ident, table[a][ident])
        return Broken("respell", "refuse", out, line=_second_spelling(out, fmt, table[a][col]))
    return None


def _key(name: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def _second_spelling(table: Table, fmt: Format, name: str) -> int | None:
    """The line of the first row that spells ``name`` otherwise than the file's first row with
    it (in any name column), which is where a refusal must point."""
    cols = [c for c in (_col(table, n) for n in fmt.names) if c is not None]
    first: str | None = None
    for i in _cell_rows(table):
        for c in cols:
            cell = table[i][c] if c < len(table[i]) else ""
            if _key(cell) != _key(name):
                continue
            if first is None:
                first = cell
            elif cell != first:
                return i + 1
    return None


def duplicate_row(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    if len(table) < 2:
        return None
    row = rng.choice(_cell_rows(table))
    out = [list(r) for r in table]
    out.insert(row + 1, list(table[row]))
    # A game of a match given game by game may repeat the scores of another.
    per_game = _col(table, "score_a") is not None
    expect = "refuse" if fmt.duplicate_refused and not per_game else "any"
    return Broken("duplicate-row", expect, out)


def nonsense_ranks(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    """results.csv without players: 1, 3, 3 / no first / every player last (issue 16)."""
    if fmt.name != "results" or _col(table, "players") is not None:
        return None
    rank = _col(table, "rank")
    assert rank is not None
    rows = [i for i in _cell_rows(table) if table[i][0] == table[1][0]]
    n = len(rows)
    pattern = rng.choice(
        [[1] + [3] * (n - 1), [2] * n, [n] * n, [1, *range(3, n + 2)], [*range(2, n + 2)]]
    )
    out = [list(r) for r in table]
    for i, r in zip(rows, pattern, strict=True):
        out[i][rank] = str(r)
    return Broken("nonsense-ranks", "refuse", out)


def format_rule(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    """Break the format's own arithmetic: centres past the map, TP not 20 a game, places that
    are not a ranking."""
    out = [list(r) for r in table]
    if fmt.name == "boards":
        centres = _col(table, "centres")
        assert centres is not None
        for i in range(1, 8):
            out[i][centres] = "9"
            out[i][5] = ""
        return Broken("centres-past-map", "refuse", out)
    if fmt.name == "matches" and _col(table, "tp_a") is not None:
        row = rng.choice(_cell_rows(table))
        tp_a = _col(table, "tp_a")
        assert tp_a is not None
        out[row][tp_a] = "19.9" if out[row][tp_a] != "19.9" else "3"
        return Broken("tp-sum", "refuse", out, line=row + 1)
    if fmt.name == "tournament":
        place = _col(table, "place")
        assert place is not None
        out[2][place] = "3"
        return Broken("places-not-ranking", "refuse", out)
    return None


def unknown_column(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    out = [[*r, "x"] for r in table]
    out[0][-1] = rng.choice(["colour", "Rnak", "player ", "notes"])
    expect = "keep" if out[0][-1].strip().lower() in {h.lower() for h in table[0]} else "refuse"
    return Broken("unknown-column", "refuse" if expect == "refuse" else "any", out, line=1)


def drop_column(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    col = rng.randrange(len(table[0]))
    required = table[0][col].lower() in fmt.required
    out = [r[:col] + r[col + 1 :] for r in table]
    return Broken("drop-column", "refuse" if required else "any", out, line=1 if required else None)


def extra_cells(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    row = rng.choice(_cell_rows(table))
    out = [list(r) for r in table]
    out[row] = [*out[row], "surplus"]
    return Broken("extra-cells", "refuse", out, line=row + 1)


def truncate_row(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    row = rng.choice(_cell_rows(table))
    out = [list(r) for r in table]
    out[row] = out[row][: rng.randrange(1, len(out[row]))]
    return Broken("truncated-row", "any", out)


def header_only(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    return Broken("header-only", "any", [list(table[0])])


def empty_file(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    return Broken("empty-file", "refuse", table, raw=rng.choice([b"", b"\n\n", b" , ,\n"]))


def keep_meaning(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    """The same file written otherwise: BOM, CRLF, header case, spaces, shuffled rows, 12.0."""
    how = rng.choice(["bom", "crlf", "header-case", "spaces", "shuffle", "xlsx", "whole-float"])
    out = [list(r) for r in table]
    if how == "header-case":
        out[0] = [h.upper() for h in out[0]]
    elif how == "spaces":
        out = [out[0]] + [[f" {c} " if c else c for c in r] for r in out[1:]]
    elif how == "shuffle":
        body = out[1:]
        rng.shuffle(body)
        out = [out[0], *body]
    elif how == "whole-float":
        picked = _pick(rng, list(fmt.integers), out)
        if picked is None:
            return None
        row, col, _ = picked
        if out[row][col]:
            out[row][col] += ".0"
    text = _csv(out)
    if how == "bom":
        return Broken("bom", "keep", out, raw=codecs.BOM_UTF8 + text.encode())
    if how == "crlf":
        return Broken("crlf", "keep", out, raw=text.replace("\n", "\r\n").encode())
    return Broken(how, "keep", out, xlsx=how == "xlsx")


def encoding(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    text = _csv(table)
    how = rng.choice(["utf-16", "latin-1", "cp1252"])
    try:
        raw = text.encode(how)
    except UnicodeEncodeError:
        return None
    ascii_only = text.isascii()
    return Broken(how, "keep" if ascii_only and how != "utf-16" else "refuse", table, raw=raw)


def junk(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    """Bytes cut short, binary garbage spliced in, quotes left open."""
    raw = _csv(table).encode()
    how = rng.choice(["cut", "splice", "quote", "random"])
    if how == "cut":
        raw = raw[: rng.randrange(1, len(raw))]
    elif how == "splice":
        at = rng.randrange(len(raw))
        raw = raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))) + raw[at:]
    elif how == "quote":
        at = rng.randrange(len(raw))
        raw = raw[:at] + b'"' + raw[at:]
    else:
        raw = bytes(rng.randrange(256) for _ in range(rng.randint(1, 400)))
    return Broken(f"junk-{how}", "any", table, raw=raw)


def xlsx_cells(rng: random.Random, fmt: Format, table: Table) -> Broken | None:
    """A workbook with a formula (no cached value) or a fractional number in an integer column."""
    picked = _pick(rng, list(fmt.integers), table)
    if picked is None:
        return None
    row, col, _ = picked
    if rng.random() < 0.5:
        return Broken("xlsx-formula", "any", _set(table, row, col, "=1+1"), xlsx=True)
    return Broken("xlsx-fraction", "refuse", _set(table, row, col, "12.5"), xlsx=True, line=row + 1)


MUTATIONS: list[Mutation] = [
    overflow,
    lenient_number,
    lenient_date,
    wrong_type,
    too_long,
    huge_cell,
    nul,
    empty_required,
    respell,
    duplicate_row,
    nonsense_ranks,
    format_rule,
    unknown_column,
    drop_column,
    extra_cells,
    truncate_row,
    header_only,
    empty_file,
    keep_meaning,
    encoding,
    junk,
    xlsx_cells,
]


#: A cell at least this long and free of what the csv module quotes (``_QUOTED``) is put in
#: after the writer (``_csv``).
LONG_CELL = 4096
_QUOTED = (",", '"', "\r", "\n")


def _csv(table: Table) -> str:
    """The table as the csv module writes it (``\n`` after each row). A long cell that needs
    no quoting (no comma, quote or line break: the writer writes it as it is) is put into the
    row's text after the writer wrote a short stand-in in its place: the same text, without the
    writer copying ten million characters one by one (a tenth of a second a file)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in table:
        long = {
            f"<long-cell-{i}>": cell
            for i, cell in enumerate(row)
            if len(cell) >= LONG_CELL and not any(q in cell for q in _QUOTED)
        }
        if not long or any(stand in cell for stand in long for cell in row):
            writer.writerow(row)
            continue
        shown = [f"<long-cell-{i}>" if f"<long-cell-{i}>" in long else c for i, c in enumerate(row)]
        line = io.StringIO()
        csv.writer(line, lineterminator="\n").writerow(shown)
        text = line.getvalue()
        for stand, cell in long.items():
            text = text.replace(stand, cell, 1)
        out.write(text)
    return out.getvalue()


def break_file(rng: random.Random, fmt: Format) -> Broken:
    """Draw a valid file of ``fmt`` and break it one way (or, sometimes, two)."""
    table = fmt.table(rng)
    while True:
        broken = rng.choice(MUTATIONS)(rng, fmt, table)
        if broken is not None:
            return broken


def encode(broken: Broken) -> tuple[bytes, str]:
    """The file's bytes and its suffix."""
    if broken.xlsx:
        import openpyxl

        book = openpyxl.Workbook()
        sheet = book.active
        assert sheet is not None
        for row in broken.table:
            sheet.append([_xlsx_value(c) for c in row])
        out = io.BytesIO()
        book.save(out)
        return out.getvalue(), ".xlsx"
    if broken.raw is not None:
        return broken.raw, ".csv"
    return _csv(broken.table).encode(), ".csv"


def _xlsx_value(cell: str) -> object:
    """Numbers as numbers, as a spreadsheet holds them; text stays text."""
    if cell.startswith("="):
        return cell
    try:
        return int(cell)
    except ValueError:
        pass
    try:
        return float(cell) if cell.replace(".", "", 1).isdigit() else cell
    except ValueError:
        return cell
