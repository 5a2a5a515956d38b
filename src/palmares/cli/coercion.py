"""The command line's option values without pydantic when they are plain (issue 15: a small
command within 0.6 s; issue 20: the board call within 0.5 s of the call in process).

typer (≥ 0.22) turns each option's text into its value through a pydantic ``TypeAdapter``: the
first option read imports pydantic (about a third of ``palmares diplomacy board-score``'s
start-up). :func:`install` gives typer's parameters a first step that does the same for the
plain cases palmares uses — a canonical integer or decimal, a string, a flag, a path, a choice
of an enum — with typer's own functions where it has them (``coerce_cli_path``,
``coerce_cli_choice``). Anything else, and every value the first step does not accept (an
integer out of its range, "+3", "1e3", a path that must exist and does not, a misspelt choice),
goes to typer's own pydantic adapter: the values and the error messages are typer's.
``tests/cli/test_startup.py`` checks both paths agree on every parameter of every command.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from typer import _coercion, core
from typer._param_types import coerce_cli_choice, coerce_cli_path, lenient_issubclass

if TYPE_CHECKING:
    from typer._click import Context

__all__ = ["fast_param", "install"]

_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
_DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


class _Refused(Exception):
    """The first step does not take this value: typer's adapter will."""


@dataclass(frozen=True)
class FastParam(_coercion.RuntimeParam):
    """One parameter's coercion: the plain cases here, the rest by typer's runtime parameter
    (built, with pydantic, only when first needed)."""

    #: str, bool, int, float, path or choice.
    kind: str
    descriptor: _coercion.TypeDescriptor
    _slow: list[_coercion.RuntimeParam] = field(default_factory=list, compare=False)

    def typer_param(self) -> _coercion.RuntimeParam:
        """typer's own runtime parameter for this one (built once)."""
        if not self._slow:
            self._slow.append(_coercion.build_runtime_param(self.descriptor))
        return self._slow[0]

    def _coerce_value(self, value: Any, param: core._TyperParameter, ctx: Context) -> Any:
        try:
            return self._plain(value, param, ctx)
        except Exception:  # typer's adapter gives the value or typer's error
            return self.typer_param()._coerce_value(value, param=param, ctx=ctx)

    def _plain(self, value: Any, param: core._TyperParameter, ctx: Context) -> Any:
        info = self.parameter_info
        if self.kind == "str":
            if type(value) is str:
                return value
        elif self.kind == "bool":
            if type(value) is bool:
                return value
        elif self.kind in ("int", "float"):
            number: int | float
            if type(value) is str and (_INT if self.kind == "int" else _DECIMAL).fullmatch(value):
                number = int(value) if self.kind == "int" else float(value)
            elif type(value) is int or (self.kind == "float" and type(value) is float):
                number = value if self.kind == "int" else float(value)
            else:
                raise _Refused
            if (info.min is None or number >= info.min) and (
                info.max is None or number <= info.max
            ):
                return number
        elif self.kind == "path":
            path_type: Any = info.path_type or self.annotation  # a Path class (fast_param)
            if type(value) is str:
                value = path_type(value)
            if isinstance(value, path_type):
                return coerce_cli_path(value, info, path_type=path_type, param=param, ctx=ctx)
        elif self.kind == "choice":
            assert lenient_issubclass(self.annotation, Enum)
            choices: list[Enum] = list(self.annotation)
            return coerce_cli_choice(
                value, choices=choices, case_sensitive=info.case_sensitive, ctx=ctx
            )
        raise _Refused


def fast_param(descriptor: _coercion.TypeDescriptor) -> FastParam | None:
    """The first step for a parameter of a plain type, or ``None`` (typer's alone)."""
    annotation, info = descriptor.annotation, descriptor.parameter_info
    if descriptor.file_annotation is not None or info.parser is not None:
        return None
    kind: str | None = None
    if annotation is str or annotation is bool:
        kind = "str" if annotation is str else "bool"
    elif annotation is int or annotation is float:
        kind = "int" if annotation is int else "float"
        if info.clamp:
            return None
    elif lenient_issubclass(annotation, Enum):
        kind = "choice"
    elif lenient_issubclass(annotation, Path) and info.path_type in (None, annotation):
        kind = "path"
    if kind is None:
        return None
    return FastParam(parameter_info=info, annotation=annotation, kind=kind, descriptor=descriptor)


def _get_runtime_param(self: core._TyperParameter) -> _coercion.RuntimeParam:
    """typer's ``_TyperParameter.get_runtime_param`` with the first step of :func:`fast_param`."""
    if self._runtime_param is None:
        fast = fast_param(self.type_descriptor)
        self._runtime_param = (
            fast if fast is not None else _coercion.build_runtime_param(self.type_descriptor)
        )
    return self._runtime_param


def install() -> None:
    """Give typer's parameters the first step (once; nothing if this typer has no such hook)."""
    target = getattr(core, "_TyperParameter", None)
    if target is not None and callable(getattr(target, "get_runtime_param", None)):
        target.get_runtime_param = _get_runtime_param
