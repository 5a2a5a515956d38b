"""Hooks between floors: a record that changes asks for its derived lists through what the
lists registered, never by importing them (issue 36; docs/web.md, "Floors").

The records (``events``, ``tantrixdb``, ``wizarddb``) stand below the derived lists
(``ratinglists``), which read them; so the records name a *kind* of change and the lists,
from their ``AppConfig.ready``, register what to do about it:

- :func:`write_through` — a write of records whose lists are kept with a write protocol of
  their own (the Dip Pouch results: the lists' lock and stale stamp inside the write's
  transaction, the recompute after its commit, both retried: ``ratinglists.writes``). With no
  writer registered, the work runs in a transaction of its own.
- :func:`replacing` — stored records are about to be replaced (inside the write): the lists
  keep what they need of them (``ratinglists.changes.Change``); the function it returns is
  called with the records written in their place.
- :func:`records_changed` — records changed; what each list registered with
  :func:`on_records_changed` runs then, in the caller's order (the callers call it after their
  write commits, or, for the Tantrix lists' recompute, last in its transaction, where the skill
  was refreshed before): the hooks run at once, not deferred to ``transaction.on_commit``, so
  that a write inside a caller's transaction (the demo loader, a test case) sees them run where
  it always did.

The kinds are the strings of :data:`KINDS`; a hook for another kind is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from django.db import transaction

__all__ = [
    "KINDS",
    "Writer",
    "on_records_changed",
    "on_replacing",
    "on_write",
    "records_changed",
    "registered",
    "replacing",
    "write_through",
]

T = TypeVar("T")

#: The kinds of change a record announces: Dip Pouch results (events), Tantrix matches
#: (tantrixdb, after its lists' replay), Wizard regular games (wizarddb).
KINDS = frozenset({"results", "tantrix-matches", "wizard-games"})


class Writer(Protocol):
    """Runs ``work`` (database writes only) as one write of records the lists derive from;
    ``committed`` (if given) runs after the commit, before the lists are brought up to date."""

    def __call__(
        self, work: Callable[[], T], *, what: str, committed: Callable[[], None] | None = None
    ) -> T: ...


Replaced = Callable[[Sequence[int]], Callable[[Sequence[int]], None]]

#: What :func:`registered` answers: a kind's writer, hooks before a replacement, callbacks.
Registered = tuple[Writer | None, tuple[Replaced, ...], tuple[Callable[..., object], ...]]

_writers: dict[str, Writer] = {}
_replacing: dict[str, list[Replaced]] = {}
_changed: dict[str, list[Callable[..., object]]] = {}


def _kind(kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"unknown kind of records {kind!r} (expected one of {sorted(KINDS)})")
    return kind


def on_write(kind: str, writer: Writer) -> None:
    """Register how writes of ``kind`` are run (one writer per kind; registering again
    replaces it, as a reloaded app does)."""
    _writers[_kind(kind)] = writer


def on_replacing(kind: str, hook: Replaced) -> None:
    """Register ``hook(ids)``, called inside a write before the stored records ``ids`` of
    ``kind`` are replaced; what it returns is called with the ids written in their place."""
    hooks = _replacing.setdefault(_kind(kind), [])
    if hook not in hooks:
        hooks.append(hook)


def on_records_changed(kind: str, callback: Callable[..., object]) -> None:
    """Register ``callback(**details)``, called by :func:`records_changed` for ``kind``."""
    callbacks = _changed.setdefault(_kind(kind), [])
    if callback not in callbacks:
        callbacks.append(callback)


def write_through(
    kind: str, work: Callable[[], T], *, what: str, committed: Callable[[], None] | None = None
) -> T:
    """``work()`` as one write of records of ``kind``, through the writer the lists registered
    (else in a transaction of its own, ``committed`` after its commit)."""
    writer = _writers.get(_kind(kind))
    if writer is not None:
        return writer(work, what=what, committed=committed)
    with transaction.atomic():
        done = work()
    if committed is not None:
        committed()
    return done


def replacing(kind: str, ids: Sequence[int]) -> Callable[[Sequence[int]], None]:
    """Tell the lists that the stored records ``ids`` of ``kind`` are about to be replaced
    (call inside the write, first); call what it returns with the ids written."""
    then = [hook(ids) for hook in _replacing.get(_kind(kind), ())]

    def written(new: Sequence[int]) -> None:
        for step in then:
            step(new)

    return written


def records_changed(kind: str, **details: object) -> None:
    """Run what the lists registered for a change of ``kind`` (see the module's note for when
    to call it)."""
    for callback in _changed.get(_kind(kind), ()):
        callback(**details)


def registered(
    kind: str,
) -> tuple[Writer | None, tuple[Replaced, ...], tuple[Callable[..., object], ...]]:
    """What is registered for ``kind``: its writer, its hooks before a replacement, its
    callbacks on a change (for a test to check that the lists answer)."""
    kind = _kind(kind)
    return _writers.get(kind), tuple(_replacing.get(kind, ())), tuple(_changed.get(kind, ()))
