"""The one parser of registry specs: ``slug`` or ``slug:key=value,key=value``.

Every option that names a system with parameters (``--system carnage:dead=tied``, a
tournament's stored ``aggregation``, the set-up form's "parameters" field) is read and written
here; :meth:`palmares.core.registry.Registry.build` checks the keys against the entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from palmares.core.errors import PalmaresError

__all__ = ["Spec", "SpecError", "parse_spec"]


class SpecError(PalmaresError):
    """A parameter written without ``key=value``; ``part`` is the text as written."""

    def __init__(self, slug: str, part: str) -> None:
        super().__init__(f"{slug}: bad parameter {part!r} (key=value)")
        self.part = part


@dataclass(frozen=True, slots=True)
class Spec:
    """A slug and its parameters, in the order written (values are the text as written)."""

    slug: str
    params: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        if not self.params:
            return self.slug
        return f"{self.slug}:" + ",".join(f"{k}={v}" for k, v in self.params)

    def has(self, key: str) -> bool:
        return any(k == key for k, _ in self.params)

    def with_param(self, key: str, value: str) -> Spec:
        """This spec with ``key=value`` added (or replacing the value it had)."""
        kept = tuple((k, v) for k, v in self.params if k != key)
        return Spec(self.slug, (*kept, (key, value)))


def parse_spec(text: str, *, params: str | None = None) -> Spec:
    """``slug[:key=value,…]`` as a :class:`Spec`; ``params`` gives the ``key=value,…`` part
    separately (a form's own field). A part without ``=`` is a :class:`SpecError` naming it.
    Slugs and keys are read case-insensitively and kept in lower case, their canonical form
    (``Divide-And-Conquer`` is ``divide-and-conquer``; issue 36); values stay as written."""
    slug, _, inline = text.partition(":")
    body = inline if params is None else params
    pairs: list[tuple[str, str]] = []
    for part in body.split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise SpecError(slug.strip(), part.strip())
        pairs.append((key.strip().lower(), value.strip()))
    return Spec(slug.strip().lower(), tuple(pairs))
