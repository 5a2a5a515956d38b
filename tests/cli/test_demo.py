"""`palmares demo` (interim): the diplomacy commands on the bundled example tournament."""

from collections.abc import Callable
from typing import Any


def test_the_demo_runs(cli: Callable[..., Any]) -> None:
    result = cli("demo")
    assert result.code == 0, result.err
    assert "Champion and places 2–7" in result.out and "Nadia Petrova" in result.out
    assert "Dana Fraser: ante with divide-and-conquer" in result.out
