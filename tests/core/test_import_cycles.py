"""No import cycle inside the rating packages, the adjudicator, the seeding engine and the
explanation layer (issue 19: "``wizard.triad`` and
``wizard.tournament`` without a cycle").

Every ``import`` of a file counts, at the top, inside a function or under ``TYPE_CHECKING``: a
deferred import that only hides a cycle is still one. Package ``__init__`` files, which gather
their modules' names, are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import palmares

ROOT = Path(palmares.__file__).parent


def _graph(package: str) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in (ROOT / package).rglob("*.py"):
        if path.name == "__init__.py":
            continue
        module = ".".join(("palmares", *path.relative_to(ROOT).with_suffix("").parts))
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                deps.add(node.module)
            elif isinstance(node, ast.Import):
                deps.update(a.name for a in node.names)
        graph[module] = deps
    return {m: {d for d in deps if d in graph} for m, deps in graph.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (a path that comes back to its start), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return [*path[path.index(dep) :], dep]
            if dep not in state and (found := visit(dep)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_the_cycle_finder_finds_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize(
    "package",
    [
        "wizard",
        "tantrix",
        "ratings",
        "core",
        "diplomacy/adjudication",
        "diplomacy/seeding",
        "explain",
    ],
)
def test_no_import_cycle(package: str) -> None:
    graph = _graph(package)
    assert graph
    assert _cycle(graph) is None


def test_triad_and_tournament_read_the_placings_module() -> None:
    graph = _graph("wizard")
    assert "palmares.wizard.placings" in graph["palmares.wizard.triad"]
    assert "palmares.wizard.triad" in graph["palmares.wizard.tournament"]
    assert "palmares.wizard.tournament" not in graph["palmares.wizard.triad"]
