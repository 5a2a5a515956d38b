"""A sentence the core has to say, as a typed value: which sentence (a stable key) and its
values. The words are the explanation layer's (``palmares.explain.renderers.messages``: the
key's English sentence, its French in the catalogue), so the core writes no sentence and the
CLI and the site tell the same value in either language.

A value is a whole number, a number to write as a figure (Decimal, Fraction, float), a text
(a name, a file, a label), a tuple of texts or messages (written as a list) or another message (a
phrase of its own, such as "twice"). :meth:`Message.to_json` /
:meth:`Message.from_json` keep one in a JSON field (a stored board call) without losing its type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Union

__all__ = [
    "Message",
    "Value",
    "and_list",
    "english",
    "plain",
    "power",
    "speak_english_with",
    "times",
]

Value = Union[int, Decimal, Fraction, float, str, tuple[Union[str, "Message"], ...], "Message"]


@dataclass(frozen=True, slots=True)
class Message:
    """Sentence ``key`` with its ``values`` (name, value), in order."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, key: str, /, **values: Value) -> Message:
        """``Message.of("seeding.stopped", limit=3.0, moves=1200)``."""
        return cls(key, tuple(values.items()))

    def __str__(self) -> str:
        return english(self)

    def get(self, name: str) -> Value:
        """The value called ``name`` (a :class:`KeyError` when there is none)."""
        for n, v in self.values:
            if n == name:
                return v
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        """``{"key": …, "values": {name: [type, value]}}``: a Fraction as ``"p/q"``, a Decimal
        as its text, a tuple as a list."""
        out: dict[str, Any] = {}
        for name, value in self.values:
            if isinstance(value, bool):
                raise TypeError(f"{self.key}: {name}: a bool is not a message value")
            if isinstance(value, int):
                out[name] = ["int", value]
            elif isinstance(value, Decimal):
                out[name] = ["decimal", str(value)]
            elif isinstance(value, Fraction):
                out[name] = ["fraction", f"{value.numerator}/{value.denominator}"]
            elif isinstance(value, float):
                out[name] = ["float", value]
            elif isinstance(value, str):
                out[name] = ["str", value]
            elif isinstance(value, Message):
                out[name] = ["message", value.to_json()]
            else:
                out[name] = ["list", [x.to_json() if isinstance(x, Message) else x for x in value]]
        return {"key": self.key, "values": out}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        """The message :meth:`to_json` wrote."""
        values: list[tuple[str, Value]] = []
        for name, (kind, raw) in dict(data.get("values", {})).items():
            value: Value
            if kind == "int":
                value = int(raw)
            elif kind == "decimal":
                value = Decimal(raw)
            elif kind == "fraction":
                value = Fraction(raw)
            elif kind == "float":
                value = float(raw)
            elif kind == "str":
                value = str(raw)
            elif kind == "message":
                value = cls.from_json(raw)
            elif kind == "list":
                value = tuple(cls.from_json(x) if isinstance(x, dict) else str(x) for x in raw)
            else:
                raise ValueError(f"{data.get('key')}: {name}: unknown value type {kind!r}")
            values.append((str(name), value))
        return cls(str(data["key"]), tuple(values))


def times(n: int) -> Message:
    """How often, as a phrase: ``once``, ``twice``, ``3 times`` (``fois`` in French)."""
    return Message.of("times", n=n)


def and_list(*items: str | Message) -> Message:
    """Items as a sentence lists them: ``A, B and C`` (``A, B et C`` in French)."""
    return Message.of("and_list", items=items)


def power(name: str) -> Message:
    """A Diplomacy power named in a message: its name in the reader's language (``Autriche``;
    a power the layer does not know stays as written)."""
    return Message.of("power", name=name)


def plain(m: Message) -> str:
    """``m`` as its key and values, no sentence: ``io.at_least(low=1, got=0)`` (a log's text
    where the words layer is not loaded)."""
    values = ", ".join(f"{name}={_plain(value)}" for name, value in m.values)
    return f"{m.key}({values})"


def _plain(value: Value) -> str:
    if isinstance(value, Message):
        return plain(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(_plain(x) for x in value) + "]"
    return str(value) if not isinstance(value, str) else repr(value)


#: How a message reads in English, as the words layer tells it; set by that layer when it is
#: loaded (``palmares.explain.messages``), so the core imports no words (issue 35).
_ENGLISH: list[Callable[[Message], str]] = []


def speak_english_with(teller: Callable[[Message], str]) -> None:
    """Have :func:`english` (and ``str()`` of a message or an error) say a message with
    ``teller``: the words layer's English, installed by that layer as it loads."""
    _ENGLISH[:] = [teller]


def english(m: Message) -> str:
    """``m`` in English for a log line or ``str()``: the words layer's sentence once that layer
    is loaded (the CLI, the site and the API load it), else :func:`plain`. A reader is told a
    message in their own language by the words layer itself (``palmares.explain.errors``)."""
    return _ENGLISH[0](m) if _ENGLISH else plain(m)
