from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.registry import SlugRegistry


@dataclass(frozen=True)
class Entry:
    slug: str
    factory: Callable[..., Any]
    parameters: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)


def _stake(value: str) -> float:
    number = float(value)
    if not 0 < number < 1:
        raise ValueError(f"must be between 0 and 1, got {value}")
    return number


def make() -> SlugRegistry[Entry]:
    # The package's own modules are all infrastructure here, so nothing else is imported.
    registry: SlugRegistry[Entry] = SlugRegistry(
        "palmares.core",
        "rule",
        frozenset({"errors", "ranking", "registry", "rounding", "rulesets"}),
        lambda slug, known: Message.of("aggregation.unknown", slug=slug, known=known),
    )
    registry.register(Entry("ante", lambda stake=0.1: ("ante", stake), {"stake": _stake}))
    registry.register(Entry("sum", lambda: ("sum",)))
    return registry


def test_build_with_and_without_parameters() -> None:
    registry = make()
    assert [e.slug for e in registry.all()] == ["ante", "sum"]
    assert registry.build("ante") == ("ante", 0.1)
    assert registry.build("ante:stake=0.2") == ("ante", 0.2)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nope", "unknown aggregation 'nope' (known: ante, sum)"),
        ("ante:pot=3", "ante: bad parameter 'pot=3' (parameters: stake)"),
        ("ante:stake", "ante: bad parameter 'stake' (parameters: stake)"),
        ("ante:stake=2", "ante: stake: must be between 0 and 1, got 2"),
        ("sum:n=1", "sum: bad parameter 'n=1' (parameters: none)"),
    ],
)
def test_bad_specs_are_named(spec: str, message: str) -> None:
    with pytest.raises(PalmaresError) as info:
        make().build(spec)
    assert str(info.value) == message


def test_a_slug_registered_twice() -> None:
    registry = make()
    with pytest.raises(ValueError, match="rule 'sum' registered twice"):
        registry.register(Entry("sum", lambda: None))
