"""The French catalogue covers every sentence the renderers say, with the same fields, and the
compiled ``palmares.mo`` is the ``palmares.po`` beside it."""

from __future__ import annotations

import ast
import functools
import re
import string
from pathlib import Path

import pytest

from palmares.explain import Language
from palmares.explain.voice import LOCALE_DIR, Voice

EXPLAIN = Path(__file__).resolve().parents[2] / "src" / "palmares" / "explain"
RENDERERS = EXPLAIN / "renderers"
#: Where the layer's words are: the renderers and the core messages' sentences.
WORDED = (*sorted(RENDERERS.glob("*.py")), *sorted(EXPLAIN.glob("messages*.py")))
PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / "palmares.po"


def _marked(node: ast.expr) -> str | None:
    """The text of an ``N_("…")`` call, else None."""
    if (
        isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "N_"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return node.args[0].value
    return None


def said() -> list[tuple[str, str | None]]:
    """(msgid, msgid_plural) of every literal ``say``/``say_n``/``N_`` call in the renderers
    and :mod:`palmares.explain.messages` (a plural there is the ``N_`` pair of ``PLURALS``)."""
    found: dict[tuple[str, str | None], None] = {}
    for path in WORDED:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        paired: set[int] = set()
        for node in ast.walk(tree):  # (N_(singular), N_(plural), …): one plural entry
            if isinstance(node, ast.Tuple) and len(node.elts) >= 2:
                one, two = node.elts[:2]
                if _marked(one) and _marked(two):
                    found[(_marked(one) or "", _marked(two))] = None
                    paired.update((id(one), id(two)))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or id(node) in paired:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            texts = [
                a.value
                for a in node.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
            if name == "say_n" and len(texts) >= 2:
                found[(texts[0], texts[1])] = None
            elif name in {"say", "N_"} and node.args and isinstance(node.args[0], ast.Constant):
                found[(texts[0], None)] = None
    return list(found)


@functools.cache
def po_entries() -> dict[str, tuple[str, ...]]:
    """msgid → its msgstr (or msgstr[0], msgstr[1]) as ``palmares.po`` writes them, read line
    by line (an entry need not be set off by a blank line, as msgfmt allows); read once per
    run (each of the 1,400 sentences' tests asks for it)."""
    entries: list[dict[str, str]] = []
    key = ""
    for raw in PO.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        found = re.match(r'^(msgid|msgid_plural|msgstr(?:\[\d\])?) "(.*)"$', line)
        if found:
            key = found.group(1)
            if key == "msgid":
                entries.append({})
            entries[-1][key] = found.group(2)
        elif line.startswith('"') and entries and key:
            entries[-1][key] += line[1:-1]

    def text(quoted: str) -> str:
        return re.sub(
            r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), quoted
        )

    out: dict[str, tuple[str, ...]] = {}
    for entry in entries:
        if entry.get("msgid"):
            strs = [v for k, v in sorted(entry.items()) if k.startswith("msgstr")]
            out[text(entry["msgid"])] = tuple(text(v) for v in strs)
    return out


def fields(message: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


def test_the_renderers_say_something() -> None:
    assert len(said()) > 50


@pytest.mark.parametrize(("msgid", "plural"), said())
def test_every_sentence_has_its_french(msgid: str, plural: str | None) -> None:
    entries = po_entries()
    assert msgid in entries, f"no French for {msgid!r} in {PO}"
    for french in entries[msgid]:
        assert french and fields(french) == fields(msgid), (msgid, french)
    v = Voice(Language.FR)
    if plural is None:
        assert v.say(msgid, **dict.fromkeys(fields(msgid), "x")) == entries[msgid][0].format(
            **dict.fromkeys(fields(msgid), "x")
        ), "palmares.mo is older than palmares.po: run msgfmt"
    else:
        values = dict.fromkeys(fields(msgid) - {"n"}, "x")
        assert v.say_n(msgid, plural, 1, **values) == entries[msgid][0].format(n=1, **values)
        assert v.say_n(msgid, plural, 2, **values) == entries[msgid][1].format(n=2, **values)


def test_no_french_entry_is_left_over() -> None:
    assert set(po_entries()) == {msgid for msgid, _ in said()}
