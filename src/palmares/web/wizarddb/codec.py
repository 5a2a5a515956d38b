"""The typed reason of a Wizard award (``wizard.reasons``) to JSON and back, exactly.

A dataclass becomes ``{"@": its name, field: value, ...}``, a fraction ``{"/": "57/2"}``, a
tuple a list; every list read back is a tuple (the reasons hold tuples only). Used by the
stored ledgers (``wizarddb.ledgers``): the reason read back equals the one the engine gave.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from palmares.wizard.reasons import (
    AwardReason,
    NotHigher,
    PlaceShare,
    TopTenReason,
    TournamentPlaceReason,
    TriadReason,
    WPReason,
)
from palmares.wizard.rules import Bracket

__all__ = ["decode", "encode"]

_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Bracket,
        NotHigher,
        PlaceShare,
        TopTenReason,
        TournamentPlaceReason,
        TriadReason,
        WPReason,
    )
}


def _enc(value: object) -> Any:
    if isinstance(value, Fraction):
        return {"/": str(value)}
    if isinstance(value, tuple):
        return [_enc(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        name = type(value).__name__
        if name not in _TYPES:
            raise TypeError(f"cannot store a {name}")
        fields = {f.name: _enc(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"@": name, **fields}
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot store a {type(value).__name__}")


def _dec(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_dec(v) for v in value)
    if isinstance(value, dict):
        if "/" in value:
            return Fraction(value["/"])
        fields = {k: _dec(v) for k, v in value.items() if k != "@"}
        return _TYPES[value["@"]](**fields)
    return value


def encode(reason: AwardReason) -> Any:
    """``reason`` as a JSON value."""
    return _enc(reason)


def decode(value: Any) -> AwardReason:
    """The reason :func:`encode` wrote."""
    found = _dec(value)
    if not isinstance(found, TopTenReason | TournamentPlaceReason | TriadReason | WPReason):
        raise TypeError(f"not an award's reason: {value!r}")
    return found
