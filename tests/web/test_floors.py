"""The site's apps stand on floors (issue 36; docs/web.md, "Floors"): ``lib`` → the records →
the derived lists → the day → the faces → the site's own modules, each importing only its own
floor or the floors below, and no circle anywhere among the site's modules or apps.

The graph is read from the source (``ast``): every import of every module under
``src/palmares/web`` — at the top, inside a function, under ``TYPE_CHECKING`` alike — so an
import put off to call time, or kept for the type checker only, counts as an arrow."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

import palmares.web

WEB = Path(palmares.web.__file__).resolve().parent
PACKAGE = "palmares.web"

#: Each app's floor (docs/web.md). The site's own modules (settings, urls, asgi, wsgi, manage)
#: stand above them all (:data:`SITE`).
FLOORS: dict[str, int] = {
    "lib": 0,
    **dict.fromkeys(("players", "events", "tantrixdb", "wizarddb", "accounts", "audit"), 1),
    "ratinglists": 2,
    **dict.fromkeys(("tournaments", "clock", "chaosgames"), 3),
    **dict.fromkeys(("ui", "api", "faces", "jobs"), 4),
}
SITE = 5
NAMES = {
    0: "lib",
    1: "the records",
    2: "the derived lists",
    3: "the day",
    4: "the faces",
    5: "site",
}


def modules() -> dict[str, Path]:
    """Every module of the site by its dotted name."""
    found: dict[str, Path] = {}
    for path in sorted(WEB.rglob("*.py")):
        parts = [PACKAGE, *path.relative_to(WEB).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path) -> Iterator[str]:
    """The dotted names ``name``'s imports name (a ``from x import y`` names both ``x`` and
    ``x.y``: ``y`` may be a module), wherever the import statement stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            yield source
            yield from (f"{source}.{alias.name}" for alias in node.names)


def arrows() -> set[tuple[str, str]]:
    """(importer, imported) for every import of one site module by another."""
    found = modules()
    edges: set[tuple[str, str]] = set()
    for name, path in found.items():
        for target in imported(name, path):
            while target and target not in found:
                target = target.rpartition(".")[0]
            if target and target != name and target.startswith(PACKAGE + "."):
                edges.add((name, target))
    return edges


def app_of(module: str) -> str | None:
    """The app a module belongs to; None for the site's own modules."""
    parts = module.split(".")
    return parts[2] if len(parts) > 3 or (len(parts) == 3 and parts[2] in FLOORS) else None


def floor_of(module: str) -> int:
    app = app_of(module)
    return SITE if app is None else FLOORS[app]


def circles(edges: Iterable[tuple[str, str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one node (Tarjan)."""
    following: dict[str, set[str]] = defaultdict(set)
    for a, b in edges:
        following[a].add(b)
        following.setdefault(b, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(following[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(following):
        if node not in index:
            visit(node)
    return found


def test_every_app_has_a_floor() -> None:
    apps = {p.parent.name for p in WEB.glob("*/__init__.py")}
    assert apps - set(FLOORS) == set(), "an app with no floor: add it to FLOORS and docs/web.md"


def test_no_arrow_runs_up() -> None:
    up = sorted(
        f"{a} → {b} ({NAMES[floor_of(a)]} → {NAMES[floor_of(b)]})"
        for a, b in arrows()
        if floor_of(b) > floor_of(a)
    )
    assert not up, f"{len(up)} imports run up a floor:\n" + "\n".join(up)


def test_no_circle_among_modules() -> None:
    found = circles(arrows())
    assert not found, f"{len(found)} circles of imports:\n" + "\n".join(
        " ↔ ".join(c) for c in found
    )


def test_no_circle_among_apps() -> None:
    """Sideways arrows (between apps of one floor) are allowed only where they close no
    circle."""
    between: dict[tuple[str, str], list[str]] = defaultdict(list)
    for a, b in arrows():
        x, y = app_of(a), app_of(b)
        if x is not None and y is not None and x != y:
            between[x, y].append(f"{a} → {b}")
    found = circles(between)
    told = []
    for component in found:
        inside = sorted((x, y) for x, y in between if x in component and y in component)
        told.append(
            " ↔ ".join(component)
            + ":\n"
            + "\n".join(
                f"  {x} → {y}: {min(between[x, y])} ({len(between[x, y])})" for x, y in inside
            )
        )
    assert not found, f"{len(found)} circles of apps:\n" + "\n".join(told)


def test_the_lists_answer_the_records() -> None:
    """The records' changes reach the derived lists through the hooks the lists registered
    (``ratinglists.apps``): the results' writes and replacements, the Tantrix and Wizard
    skill; an unknown kind is refused."""
    from palmares.web.lib import hooks
    from palmares.web.ratinglists import skill_refresh, writes

    assert hooks.registered("results") == (writes.write_recorded, (writes.keep_replaced,), ())
    assert hooks.registered("tantrix-matches") == (None, (), (skill_refresh.tantrix_changed,))
    assert hooks.registered("wizard-games") == (None, (), (skill_refresh.wizard_changed,))
    # outside a write of results, nothing is kept of what is replaced (no query either)
    assert writes.keep_replaced([1, 2]) is writes.keep_replaced([3])
    with pytest.raises(ValueError, match="unknown kind"):
        hooks.records_changed("matches")
