"""Charts drawn on the server as inline SVG: no chart library travels to a phone.

A chart shows figures the engines computed (a rating after each event); this module only places
them on a grid. Each point carries a ``<title>`` (the browser's tooltip) and the chart has a text
alternative, so it reads without script and without sight.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from html import escape

from django.utils.safestring import SafeString, mark_safe

from palmares.explain.language import Language
from palmares.explain.numbers import figure
from palmares.web.lib.words import site_language

__all__ = ["Point", "line_chart"]

WIDTH, HEIGHT = 560, 240
LEFT, RIGHT, TOP, BOTTOM = 52, 14, 14, 34


@dataclass(frozen=True, slots=True)
class Point:
    day: date
    value: float
    label: str
    #: The value as the page shows it elsewhere (rounded half up by the caller).
    shown: str


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round-numbered ticks covering ``low``..``high`` (1, 2 or 5 times a power of ten apart)."""
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step / 2:
        ticks.append(round(value, 10))
        value += step
    return ticks


@lru_cache(maxsize=4096)
def _tick_label(value: float, language: Language) -> str:
    """A tick's label as the page's language writes the number (the same few per chart)."""
    return figure(value, language=language)


def line_chart(
    points: Sequence[Point], *, title: str, value_label: str, language: Language | None = None
) -> SafeString:
    """An SVG line chart of ``points`` in date order, scaled to the width of its container.

    Each point's place is computed and written once (for the line and for its dot), the tick
    labels once per value and ``language`` (the page's, when the caller has read it): a
    player's page draws one on every cache miss."""
    if not points:
        return mark_safe("")
    values = [float(p.value) for p in points]
    ticks = _ticks(min(values), max(values))
    y_low, y_high = ticks[0], ticks[-1]
    days = [p.day.toordinal() for p in points]
    x_low, x_high = min(days), max(days)
    span_x = (x_high - x_low) or 1
    span_y = (y_high - y_low) or 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(day: int) -> float:
        if x_high == x_low:
            return LEFT + plot_w / 2
        return LEFT + (day - x_low) / span_x * plot_w

    def y(value: float) -> float:
        return TOP + (y_high - value) / span_y * plot_h

    if language is None:  # the tick labels as the page's language writes numbers
        language = site_language()
    parts: list[str] = []
    for t in ticks:
        at = f"{y(t):.1f}"
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{at}" y2="{at}"/>'
            f'<text class="tick" x="{LEFT - 6}" y="{y(t) + 4:.1f}" text-anchor="end">'
            f"{_tick_label(t, language)}</text>"
        )
    years = sorted({p.day.year for p in points})
    step = max(1, math.ceil(len(years) / 8))
    for year in years[::step]:
        at = f"{x(max(date(year, 1, 1).toordinal(), x_low)):.1f}"
        parts.append(
            f'<text class="tick" x="{at}" y="{HEIGHT - 10}" text-anchor="middle">{year}</text>'
        )
    places = [(f"{x(d):.1f}", f"{y(v):.1f}") for d, v in zip(days, values, strict=True)]
    line = " ".join(f"{cx},{cy}" for cx, cy in places)
    parts.append(f'<polyline class="line" points="{line}"/>')
    label = escape(value_label)
    # the tooltip "date · event · label value", escaped part by part (escaping is per character)
    parts.extend(
        f'<circle class="dot" cx="{cx}" cy="{cy}" r="3.5">'
        f"<title>{p.day.isoformat()} · {escape(p.label)} · {label} {escape(p.shown)}</title>"
        f"</circle>"
        for p, (cx, cy) in zip(points, places, strict=True)
    )
    return mark_safe(
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" preserveAspectRatio="xMidYMid meet">{"".join(parts)}</svg>'
    )  # every text inside is escaped
