"""A registry of rules by stable slug, with parameters given as text.

DESIGN.md: "A scoring or rating system is looked up by a stable slug (`divide-and-conquer`,
`dip-pouch`), never by a display name. Parameters are explicit arguments with the seed's values
as defaults." Each rule module of a package calls :meth:`SlugRegistry.register` at import;
:meth:`SlugRegistry.all` imports every module of the package first, so adding a rule is adding a
module. :meth:`SlugRegistry.build` reads ``slug:name=value,name=value`` as the command line
passes it.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from typing import Any, Generic, Protocol, TypeVar

from palmares.core.errors import PalmaresError
from palmares.core.message import Message, Value
from palmares.core.spec import SpecError, parse_spec

__all__ = ["Registrable", "SlugRegistry"]


class Registrable(Protocol):
    """What a registry entry carries: its slug, its parameters' parsers and its factory."""

    @property
    def slug(self) -> str: ...

    @property
    def parameters(self) -> Mapping[str, Callable[[str], Any]]: ...

    @property
    def factory(self) -> Callable[..., Any]: ...


E = TypeVar("E", bound=Registrable)


class SlugRegistry(Generic[E]):
    """The entries of one package (``what`` names them for a programmer: "scoring system" …);
    ``unknown(slug, known)`` is the message a user reads for a slug that names none."""

    def __init__(
        self,
        package: str,
        what: str,
        infrastructure: frozenset[str],
        unknown: Callable[[str, str], Message],
    ) -> None:
        self._package = package
        self._what = what
        self._unknown = unknown
        self._infrastructure = infrastructure
        self._entries: dict[str, E] = {}
        self._loaded = False

    def register(self, entry: E) -> E:
        if self._entries.get(entry.slug, entry) is not entry:
            raise ValueError(f"{self._what} {entry.slug!r} registered twice")
        self._entries[entry.slug] = entry
        return entry

    def _load(self) -> None:
        if self._loaded:
            return
        package = importlib.import_module(self._package)
        for module in pkgutil.iter_modules(package.__path__):
            if module.name not in self._infrastructure and not module.name.startswith("_"):
                importlib.import_module(f"{self._package}.{module.name}")
        self._loaded = True

    def _load_one(self, slug: str) -> None:
        """Import the module named like ``slug`` (``divide-and-conquer``: ``divide_and_conquer``)
        when there is one and it registers ``slug``; else every module (issue 15: one command
        need not import every system)."""
        if self._loaded or slug in self._entries:
            return
        name = slug.strip().replace("-", "_")
        if name.isidentifier() and name not in self._infrastructure and not name.startswith("_"):
            package = importlib.import_module(self._package)
            if any(m.name == name for m in pkgutil.iter_modules(package.__path__)):
                importlib.import_module(f"{self._package}.{name}")
                if slug in self._entries:
                    return
        self._load()

    def all(self) -> list[E]:
        """Every entry, by slug."""
        self._load()
        return [self._entries[s] for s in sorted(self._entries)]

    def info(self, slug: str) -> E:
        """The entry named ``slug``, read case-insensitively (slugs are lower case)."""
        key = slug.strip().lower()
        self._load_one(key)
        try:
            return self._entries[key]
        except KeyError:
            known = ", ".join(sorted(self._entries))
            raise PalmaresError.of(self._unknown(repr(slug.strip()), known)) from None

    def build(self, spec: str) -> Any:
        """Build the entry named by ``slug`` or ``slug:name=value,name=value``."""
        entry = self.info(spec.partition(":")[0])
        allowed: Value = ", ".join(sorted(entry.parameters)) or Message.of("registry.none")

        def bad(part: str) -> PalmaresError:
            return PalmaresError.of(
                Message.of(
                    "registry.bad_parameter", slug=entry.slug, part=repr(part), allowed=allowed
                )
            )

        try:
            parsed = parse_spec(spec)
        except SpecError as exc:
            raise bad(exc.part) from None
        params: dict[str, object] = {}
        for key, value in parsed.params:
            if key not in entry.parameters:
                raise bad(key + "=" + value)
            try:
                params[key] = entry.parameters[key](value)
            except ValueError as exc:
                said = Message.of(
                    "registry.parameter", slug=entry.slug, parameter=key, problem=_said(exc)
                )
                raise PalmaresError.of(said) from None
        try:
            return entry.factory(**params)
        except ValueError as exc:
            said = Message.of("registry.refused", slug=entry.slug, problem=_said(exc))
            raise PalmaresError.of(said) from None


def _said(error: ValueError) -> Value:
    """What ``error`` says: its typed message, else its text (a library's own words)."""
    said = getattr(error, "said", None)
    return said if isinstance(said, Message) else str(error)
