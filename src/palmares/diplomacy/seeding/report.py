"""The quality report that comes with every board call (issue 6): the objective, the pairs who
meet again and how often, the power repeats, and the lower bound, in figures and as
:class:`~palmares.core.message.Message` values the explanation layer tells (``explain``)."""

from __future__ import annotations

from palmares.core.message import Message, times
from palmares.diplomacy.seeding.call import BoardCall

__all__ = ["quality_rows", "summary", "times"]


def quality_rows(call: BoardCall) -> list[tuple[Message, int]]:
    """The figures of the report, as (measure, value)."""
    q = call.quality
    rows = [
        (Message.of("quality.objective"), q.objective),
        (Message.of("quality.bound"), call.bound.value),
        (Message.of("quality.gap"), q.objective - call.bound.value),
        (Message.of("quality.again"), len(q.repeated_pairs)),
    ]
    rows += [
        (Message.of("quality.had_met", times=times(t)), n) for t, n in q.repeats_by_times().items()
    ]
    rows += [(Message.of("quality.worst"), q.worst_pair)]
    if call.bound.worst is not None:
        last = call.plan_rounds
        rows += [
            (Message.of("quality.worst_bound"), call.bound.worst.round),
            (Message.of("quality.again_bound"), call.bound.again),
            (Message.of("quality.plan_worst", last=last), call.plan_worst),
            (Message.of("quality.plan_worst_bound", last=last), call.bound.worst.event),
            (Message.of("quality.plan_extra", last=last), call.plan_extra),
        ]
    rows += [
        (Message.of("quality.power_repeats"), len(q.power_repeats)),
        (Message.of("quality.boards"), len({s.board for s in call.seats})),
        (Message.of("quality.sitters"), len(call.sitters)),
        (Message.of("quality.two_boarders"), len(call.two_boarders)),
    ]
    return rows


def summary(call: BoardCall) -> list[Message]:
    """The report: one line of figures, then who sits out or plays twice, then the notes."""
    q = call.quality
    again = tuple(
        Message.of("seeding.had_met", n=n, times=times(t)) for t, n in q.repeats_by_times().items()
    )
    lines = [
        Message.of(
            "seeding.summary",
            round=call.round,
            objective=q.objective,
            bound=call.bound.value,
            gap=q.objective - call.bound.value,
            again=len(q.repeated_pairs),
            detail=Message.of("seeding.summary_detail", detail=again) if again else "",
            repeats=len(q.power_repeats),
        )
    ]
    if call.sitters:
        lines.append(Message.of("seeding.sitting_out", players=call.sitters))
    if call.two_boarders:
        lines.append(Message.of("seeding.two_boards", players=call.two_boarders))
    return lines + list(call.notes)
