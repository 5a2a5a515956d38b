"""The import graph of ``src/palmares`` keeps the house's floors (DESIGN.md, "Shape"; issue 35).

Layers import downward only: ``core`` → the games (``diplomacy``, ``tantrix``, ``wizard``) →
``ratings`` (which reads the games' results) → ``io`` → ``explain`` (the words) → ``web`` →
``cli``. The pure side (core, the games, ratings, io) builds typed messages and never imports
the words layer; an error is told when it is read (``palmares.explain.errors``).

Every ``import`` of a file counts — at the top, inside a function, under ``TYPE_CHECKING`` — and
so does ``importlib.import_module("palmares.…")`` with a literal name: a deferred import that
only hides an arrow is still one. ``from package import name`` is an arrow to the module
``package.name`` where there is one (a compiled kernel's ``.pyi`` stub counts), else to the
package's ``__init__``, which is a node of its own: a circle through a package's ``__init__``
is a circle when Python imports it.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import palmares

ROOT = Path(palmares.__file__).parent

#: Each top-level package's floor: a module imports only its own floor or lower ones.
FLOORS = {
    "core": 0,
    "diplomacy": 1,
    "tantrix": 1,
    "wizard": 1,
    "ratings": 2,
    "io": 3,
    "explain": 4,
    "web": 5,
    "cli": 6,
}
#: The packages that build typed messages and import no words.
PURE = ("core", "diplomacy", "tantrix", "wizard", "ratings", "io")
WORDS = "palmares.explain"
#: Left out of the circle check: the site's apps are being put in their own floors by issue 36
#: (three circles there today: web.lib.generations ↔ web.ui.earlycache/pagecache,
#: web.wizarddb.adapters ↔ ledgers, web.ui.views.desk ↔ rounds).
CIRCLES_LEFT_TO_ISSUE_36 = ("web",)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__``)."""
    found: dict[str, Path] = {}
    for path in sorted([*ROOT.rglob("*.py"), *ROOT.rglob("*.pyi")]):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found.setdefault(".".join(parts), path)
    return found


def _imports_of(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The ``palmares`` modules ``name`` (read from ``path``) imports, anywhere in the file."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:
                full = f"{module}.{alias.name}"
                out.add(full if full in known else module)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            out.add(node.args[0].value)
    return {m for m in out if m == "palmares" or m.startswith("palmares.")}


@cache
def graph() -> dict[str, frozenset[str]]:
    """Module → the ``palmares`` names it imports (a name that is no module kept as written)."""
    known = modules()
    return {m: frozenset(_imports_of(m, p, known)) for m, p in known.items()}


def _top(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _floor(module: str) -> int:
    """A module's floor: ``palmares`` itself (its ``__version__``, no import) is below all,
    its ``__main__`` is the command's."""
    if module == "palmares":
        return 0
    return FLOORS.get(_top(module), FLOORS["cli"])


def circles(edges: Mapping[str, frozenset[str] | set[str]]) -> list[list[str]]:
    """The strongly connected groups of ``edges`` with more than one module (or a module that
    imports itself): each an import circle, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for dep in sorted(edges[node]):
            if dep not in edges:
                continue
            if dep not in index:
                visit(dep)
                low[node] = min(low[node], low[dep])
            elif dep in on_stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1 or node in edges[node]:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def test_the_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "import palmares.core.errors\n"
        "from . import sibling\n"
        "from ..io import fields\n"
        "if TYPE_CHECKING:\n"
        "    from palmares.explain.language import Language\n"
        "def f():\n"
        "    from palmares.explain import messages\n"
        "    importlib.import_module('palmares.explain.numbers')\n",
        encoding="utf-8",
    )
    known = {
        "palmares.diplomacy.sibling": source,
        "palmares.io.fields": source,
        "palmares.explain.messages": source,
    }
    assert _imports_of("palmares.diplomacy.m", source, known) == {
        "palmares.core.errors",
        "palmares.diplomacy.sibling",
        "palmares.io.fields",
        "palmares.explain.language",
        "palmares.explain.messages",
        "palmares.explain.numbers",
    }


def test_the_circle_finder_finds_them() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a", "x"}, "x": set()}
    assert circles(edges) == [["a", "b", "c"], ["d"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_every_package_has_its_floor() -> None:
    tops = {_top(m) for m in modules()} - {""}
    assert tops <= {*FLOORS, "__main__"}, tops - FLOORS.keys()


def test_the_pure_side_imports_no_words() -> None:
    """core, the games, ratings and io build typed messages; the words layer tells them."""
    wrong = sorted(
        f"{module} imports {dep}"
        for module, deps in graph().items()
        if _top(module) in PURE
        for dep in deps
        if dep == WORDS or dep.startswith(WORDS + ".")
    )
    assert wrong == []


def test_layers_import_downward_only() -> None:
    wrong = sorted(
        f"{module} (floor {_floor(module)}) imports {dep} (floor {_floor(dep)})"
        for module, deps in graph().items()
        for dep in deps
        if _floor(dep) > _floor(module)
    )
    assert wrong == []


def test_no_import_circle() -> None:
    """No circle among the modules of core, the games, ratings, io, explain and the CLI."""
    checked = {
        m: {d for d in deps if _top(d) not in CIRCLES_LEFT_TO_ISSUE_36}
        for m, deps in graph().items()
        if _top(m) not in CIRCLES_LEFT_TO_ISSUE_36
    }
    assert circles(checked) == []
