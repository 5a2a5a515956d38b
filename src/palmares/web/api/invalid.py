"""A request the API's schemas refuse (422), told in the request's language (issue 35).

pydantic names each refusal by a type (``missing``, ``int_parsing``, ``less_than_equal`` …) and
its context (the limit, the values expected); every type a request of this API can meet has its
sentence in the catalogue (``api.invalid.*``, explain/messages_api.py), English and French. A
type not listed here keeps pydantic's own (English) text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from palmares.core.message import Message, Value

__all__ = ["field_of", "invalid_message"]

#: The places pydantic and ninja put before a field's own path.
_ROOTS = ("body", "query", "path", "payload", "form", "file")

#: The kinds of value expected (``api.invalid.type``'s ``expected``).
_INT, _NUMBER, _TEXT = (
    Message.of("api.invalid.int"),
    Message.of("api.invalid.number"),
    Message.of("api.invalid.text"),
)
_BOOL, _DATE, _LIST = (
    Message.of("api.invalid.bool"),
    Message.of("api.invalid.date"),
    Message.of("api.invalid.list"),
)
_OBJECT, _UUID = Message.of("api.invalid.object"), Message.of("api.invalid.uuid")

#: pydantic's type of a value of the wrong kind -> the kind expected.
KINDS: dict[str, Message] = {
    "int_type": _INT, "int_parsing": _INT, "int_from_float": _INT,
    "float_type": _NUMBER, "float_parsing": _NUMBER,
    "decimal_type": _NUMBER, "decimal_parsing": _NUMBER,
    "string_type": _TEXT, "bool_type": _BOOL, "bool_parsing": _BOOL,
    "date_type": _DATE, "date_parsing": _DATE,
    "date_from_datetime_parsing": _DATE, "date_from_datetime_inexact": _DATE,
    "list_type": _LIST, "dict_type": _OBJECT, "model_type": _OBJECT,
    "model_attributes_type": _OBJECT, "uuid_type": _UUID, "uuid_parsing": _UUID,
}  # fmt: skip


def _bounded(kind: str, field: Value, limit: Value) -> Message | None:
    """A value past a bound: pydantic's type -> its sentence."""
    if kind == "greater_than_equal":
        return Message.of("api.invalid.at_least", field=field, limit=limit)
    if kind == "less_than_equal":
        return Message.of("api.invalid.at_most", field=field, limit=limit)
    if kind == "greater_than":
        return Message.of("api.invalid.above", field=field, limit=limit)
    if kind == "less_than":
        return Message.of("api.invalid.below", field=field, limit=limit)
    if kind == "string_too_long":
        return Message.of("api.invalid.longest", field=field, limit=limit)
    if kind == "string_too_short":
        return Message.of("api.invalid.shortest", field=field, limit=limit)
    if kind == "too_long":
        return Message.of("api.invalid.most_items", field=field, limit=limit)
    if kind == "too_short":
        return Message.of("api.invalid.fewest_items", field=field, limit=limit)
    return None


#: The bound's name in pydantic's context of each such type.
_BOUNDS = ("ge", "le", "gt", "lt", "max_length", "min_length")


def field_of(error: Mapping[str, Any]) -> str:
    """The field an error names, dotted (``"0.rank"``, ``"seats.Austria"``); ``""``: the body."""
    return ".".join(str(p) for p in error.get("loc", ()) if p not in _ROOTS)


def _limit(value: object) -> Value:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return int(value) if float(value).is_integer() else value


def invalid_message(error: Mapping[str, Any]) -> Message | None:
    """The catalogue's message for one of pydantic's errors, or None (a type not listed)."""
    kind = str(error.get("type", ""))
    context: Mapping[str, Any] = error.get("ctx") or {}
    name = field_of(error)
    field: Value = name if name else Message.of("api.invalid.the_body")
    if kind == "missing":
        return Message.of("api.invalid.missing", field=field)
    if kind in KINDS:
        return Message.of("api.invalid.type", field=field, expected=KINDS[kind])
    bound = next((context[b] for b in _BOUNDS if b in context), None)
    if bound is not None:
        told = _bounded(kind, field, _limit(bound))
        if told is not None:
            return told
    if kind in ("literal_error", "enum") and "expected" in context:
        choices = str(context["expected"]).replace(" or ", ", ")
        return Message.of("api.invalid.choice", field=field, choices=choices)
    if kind == "nul":
        return Message.of("api.invalid.nul", field=field)
    if kind == "json_invalid":
        return Message.of("api.invalid.json")
    if kind == "extra_forbidden":
        return Message.of("api.invalid.extra", field=field)
    return None
