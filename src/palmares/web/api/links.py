"""OpenAPI links (issue 36): what a client (and schemathesis's stateful run) may call next with
an id an answer gave, declared through ninja's ``openapi_extra``. ninja names an operation
``<module>_<function>`` (dots as underscores); :func:`operation_id` spells it so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["kept_id", "linked", "operation_id"]


def operation_id(view: Callable[..., Any] | str, module: str = "") -> str:
    """ninja's operation id of ``view`` (a function, or its name in ``module``)."""
    if callable(view):
        module, name = view.__module__, view.__name__
    else:
        name = view
    return f"{module.replace('.', '_')}_{name}"


def kept_id(name: str, module: str = "palmares.web.api.api") -> str:
    """The operation id ``name`` had in ``module`` where it was first written: an operation id
    is a contract (a client's, a link's), so an operation moved to another module declares it
    (``operation_id=kept_id(...)``) rather than take its new module's."""
    return operation_id(name, module)


def linked(status: int, **links: tuple[str, dict[str, str]]) -> dict[str, Any]:
    """``openapi_extra`` declaring ``links`` (name → (operation id, parameter → expression such
    as ``$response.body#/id``)) on the ``status`` answer."""
    return {
        "responses": {
            str(status): {
                "links": {
                    name: {"operationId": op, "parameters": parameters}
                    for name, (op, parameters) in links.items()
                }
            }
        }
    }
