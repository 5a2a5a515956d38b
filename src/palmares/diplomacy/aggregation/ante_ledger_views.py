"""A player's lines and scores after each round, read from the ante's ledger when they are
read (issue 33): :class:`LedgerLines` is :attr:`Standing.lines` and :class:`LedgerAfter`
:attr:`Standing.after` of a standing the ledger computed (:mod:`.ante_ledger`), the same values
the ante in Fractions keeps (seed 002, Appendix A), none of them made until one is asked for.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import overload

from palmares.diplomacy.aggregation.ante_ledger import AnteLedger
from palmares.diplomacy.aggregation.base import Line

__all__ = ["LedgerAfter", "LedgerLines"]


class LedgerAfter(Mapping[int, Fraction]):
    """A player's score after each round (:attr:`Standing.after`), read from the ledger."""

    __slots__ = ("_ledger", "_player")

    def __init__(self, ledger: AnteLedger, player: int) -> None:
        self._ledger = ledger
        self._player = player

    def __getitem__(self, number: int) -> Fraction:
        for rd in self._ledger.rounds:
            if rd.number == number:
                return Fraction(int(rd.after[self._player]), 10**rd.after_places)
        raise KeyError(number)

    def __iter__(self) -> Iterator[int]:
        return (rd.number for rd in self._ledger.rounds)

    def __len__(self) -> int:
        return len(self._ledger.rounds)


class LedgerLines(Sequence[Line]):
    """A player's lines (:attr:`Standing.lines`), built from the ledger the first time they are
    read: an archive's hundred rounds of ten thousand players need no Line until one is asked
    for (its explanation, a best country's payout)."""

    __slots__ = ("_built", "_ledger", "_player")

    def __init__(self, ledger: AnteLedger, player: int) -> None:
        self._ledger = ledger
        self._player = player
        self._built: tuple[Line, ...] | None = None

    def _lines(self) -> tuple[Line, ...]:
        if self._built is None:
            self._built = self._ledger.lines(self._player)
        return self._built

    @overload
    def __getitem__(self, index: int) -> Line: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Line]: ...

    def __getitem__(self, index: int | slice) -> Line | Sequence[Line]:
        return self._lines()[index]

    def __len__(self) -> int:
        return len(self._lines())

    def __iter__(self) -> Iterator[Line]:
        return iter(self._lines())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return self._lines() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._lines())

    def __repr__(self) -> str:
        return repr(self._lines())
