"""The JSON API's refusals that no endpoint of its own answers (issue 36): a method a path does
not take, and any other refusal Django or a middleware answers in HTML (``web.api.refusals``
turns them into ``{"detail", "field"}``)."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["REFUSALS"]

REFUSALS: dict[str, str] = {
    "api.method": N_("{method} is not allowed here; allowed: {allowed}"),
    "api.refused": N_("the request was refused (HTTP {status})"),
}
