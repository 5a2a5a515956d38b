"""The quality report that comes with every board call (issue 6): the objective, the pairs who
meet again and how often, the power repeats, and the lower bound, in figures and in words."""

from __future__ import annotations

from palmares.diplomacy.seeding.call import BoardCall
from palmares.diplomacy.seeding.objective import times

__all__ = ["quality_rows", "summary", "times"]


def quality_rows(call: BoardCall) -> list[tuple[str, int]]:
    """The figures of the report, as (measure, value)."""
    q = call.quality
    rows = [
        ("objective: sum of (times met before)²", q.objective),
        ("lower bound on the objective", call.bound.value),
        ("gap to the lower bound", q.objective - call.bound.value),
        ("pairs meeting again", len(q.repeated_pairs)),
    ]
    rows += [(f"pairs who had met {times(t)}", n) for t, n in q.repeats_by_times().items()]
    rows += [("worst pair: times met before", q.worst_pair)]
    if call.bound.worst is not None:
        last = call.plan_rounds
        rows += [
            ("lower bound on the worst pair's times met before", call.bound.worst.round),
            ("lower bound on the pairs meeting again", call.bound.again),
            (f"worst pair by round {last}: times met (played and foreseen)", call.plan_worst),
            (f"lower bound on the worst pair by round {last}", call.bound.worst.event),
            (f"extra meetings by round {last} (played and foreseen)", call.plan_extra),
        ]
    rows += [
        ("power repeats", len(q.power_repeats)),
        ("boards", len({s.board for s in call.seats})),
        ("sitters", len(call.sitters)),
        ("two-boarders", len(call.two_boarders)),
    ]
    return rows


def summary(call: BoardCall) -> list[str]:
    """The report in words: one line of figures, then who sits out or plays twice."""
    q = call.quality
    again = ", ".join(f"{n} had met {times(t)}" for t, n in q.repeats_by_times().items())
    lines = [
        f"round {call.round}: objective {q.objective} (lower bound {call.bound.value}, gap "
        f"{q.objective - call.bound.value}); {len(q.repeated_pairs)} pairs meet again"
        + (f" ({again})" if again else "")
        + f"; {len(q.power_repeats)} power repeats."
    ]
    if call.sitters:
        lines.append(f"sitting out: {', '.join(call.sitters)}.")
    if call.two_boarders:
        lines.append(f"playing two boards: {', '.join(call.two_boarders)}.")
    return lines + list(call.notes)
